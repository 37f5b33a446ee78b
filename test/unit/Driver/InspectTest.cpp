// Unit tests for the inspect report and the exit-code mapping. Expected
// values come from the archives (read with Python's zipfile/json) and the
// fixtures' manifest.json, written by the exporting PyTorch.

#include "pt2c/Archive/Pt2Archive.h"
#include "pt2c/Driver/ExitCodes.h"
#include "pt2c/Driver/Inspect.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include <catch2/catch.hpp>

using namespace pt2c;

static InspectReport inspect(const std::string &fixture) {
  auto registry = OpRegistry::createBuiltin();
  REQUIRE(bool(registry));
  auto archive = archive::Pt2Archive::open(std::string(PT2C_TEST_DATA) + "/" + fixture);
  if (!archive)
    FAIL(llvm::toString(archive.takeError()));
  return buildInspectReport(**archive, *registry);
}

TEST_CASE("mlp_dynamic: symbolic batch with its range", "[inspect]") {
  InspectReport report = inspect("mlp_dynamic.pt2");
  CHECK(report.dialect == "TRAINING");
  CHECK(report.schemaVersion == "8.17");
  REQUIRE(report.inputs.size() == 1);
  CHECK(report.inputs[0].name == "x");
  CHECK(report.inputs[0].dtype == "float32");
  CHECK(report.inputs[0].shape == std::vector<std::string>{"s77", "64"});
  REQUIRE(report.symbols.count("s77"));
  CHECK(report.symbols["s77"].first == 1);
  CHECK(report.symbols["s77"].second == 1024);
  CHECK(report.parameters.count == 6);
  CHECK(report.parameters.elements == 9866); // manifest.json "params"
  CHECK(report.parameters.bytes == 9866 * 4);
  CHECK(report.ops["torch.ops.aten.linear.default"] == 2);
  CHECK(report.nodeCount == 5);
  CHECK(report.unknownOps.empty());
  CHECK(report.weightsPresent);
}

TEST_CASE("gpt2_tiny: a tied weight is counted once", "[inspect]") {
  InspectReport report = inspect("gpt2_tiny.pt2");
  CHECK(report.parameters.aliases == 1);
  CHECK(report.parameters.elements == 544256); // manifest.json "params"
}

TEST_CASE("llama_tiny: subgraph nodes are counted - the HOP is known", "[inspect]") {
  InspectReport report = inspect("llama_tiny.pt2");
  CHECK(report.ops["torch.ops.higher_order.wrap_with_set_grad_enabled"] == 1);
  CHECK(report.ops["torch.ops.aten.cos.default"] == 1); // only inside the subgraph
  CHECK(report.unknownOps.empty());
  // Two non-persistent buffers live in the constants config but are buffers.
  CHECK(report.buffers.count == 2);
  llvm::json::Value json = inspectToJson(report);
  CHECK(json.getAsObject()->getObject("buffers")->getInteger("count") == 2);
}

TEST_CASE("errors map to exit codes", "[inspect]") {
  CHECK(reportError(llvm::createStringError("bad.pt2: broken")) == kExitBadInput);
  CHECK(reportError(makeInternalError("a bug")) == kExitInternal);
}
