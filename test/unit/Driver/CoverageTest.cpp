// Unit tests for `pt2c inspect --coverage` (lib/Driver/Coverage.cpp): what
// counts as covered, and that every uncovered node is found, subgraphs
// included, with its name and source line.

#include "pt2c/Archive/ExportSchema.h"
#include "pt2c/Driver/Coverage.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include <catch2/catch.hpp>

using namespace pt2c;

static OpRegistry builtin() {
  auto registry = OpRegistry::createBuiltin();
  REQUIRE(bool(registry));
  return std::move(*registry);
}

static archive::Node node(const std::string &name, const std::string &target,
                          const std::string &stackTrace = "") {
  archive::Node result;
  result.name = name;
  result.target = target;
  if (!stackTrace.empty())
    result.metadata["stack_trace"] = stackTrace;
  return result;
}

TEST_CASE("covered: a decomposed op, its in-place form and inlined higher-order ops",
          "[coverage]") {
  OpRegistry registry = builtin();
  CHECK(isOpCovered("torch.ops.aten.relu.default", registry));
  CHECK(isOpCovered("aten.relu.default", registry));
  // relu_ is imported as relu.
  CHECK(isOpCovered("torch.ops.aten.relu_.default", registry));
  CHECK(isOpCovered("torch.ops.higher_order.wrap_with_set_grad_enabled", registry));
  CHECK_FALSE(isOpCovered("torch.ops.aten.no_such_op.default", registry));
  CHECK_FALSE(isOpCovered("torch.ops.higher_order.cond", registry));
  // An overload is not covered because another overload of the name is.
  CHECK_FALSE(isOpCovered("torch.ops.aten.relu.no_such_overload", registry));
}

TEST_CASE("every uncovered node is reported with its source line, subgraphs included",
          "[coverage]") {
  OpRegistry registry = builtin();
  auto body = std::make_shared<archive::Graph>();
  body->nodes.push_back(node("inner", "torch.ops.aten.no_such_op.default",
                             "File \"/src/model.py\", line 7, in forward\n    y = f(x)"));
  archive::Graph graph;
  graph.nodes.push_back(node("relu", "torch.ops.aten.relu.default"));
  graph.nodes.push_back(node("mystery", "torch.ops.aten.other_missing_op.default"));
  archive::Node wrap = node("wrap", "torch.ops.higher_order.wrap_with_set_grad_enabled");
  archive::NamedArgument subgraph;
  subgraph.arg.kind = archive::ArgKind::Graph;
  subgraph.arg.graph = body;
  wrap.inputs.push_back(subgraph);
  graph.nodes.push_back(wrap);

  CoverageReport report = checkCoverage(graph, registry);
  CHECK_FALSE(report.complete());
  CHECK(report.nodeCount == 4);
  CHECK(report.targets.size() == 4);
  REQUIRE(report.missing.size() == 2);
  CHECK(report.missing[0].node == "mystery");
  CHECK(report.missing[0].file.empty());
  CHECK(report.missing[1].node == "inner");
  CHECK(report.missing[1].target == "torch.ops.aten.no_such_op.default");
  CHECK(report.missing[1].file == "/src/model.py");
  CHECK(report.missing[1].line == 7);

  std::string text;
  llvm::raw_string_ostream os(text);
  printCoverageText(os, "m.pt2", report);
  CHECK(llvm::StringRef(text).contains("m.pt2: 2 of 4 distinct ops have no decomposition "
                                       "(2 of 4 nodes)"));
  CHECK(llvm::StringRef(text).contains("aten.no_such_op.default  node 'inner'  at "
                                       "/src/model.py:7"));
  CHECK(llvm::StringRef(text).contains("node 'mystery'  at (no source line recorded)"));
}

TEST_CASE("a graph of covered ops is complete", "[coverage]") {
  OpRegistry registry = builtin();
  archive::Graph graph;
  graph.nodes.push_back(node("linear", "torch.ops.aten.linear.default"));
  graph.nodes.push_back(node("relu_", "torch.ops.aten.relu_.default"));
  CoverageReport report = checkCoverage(graph, registry);
  CHECK(report.complete());
  std::string text;
  llvm::raw_string_ostream os(text);
  printCoverageText(os, "m.pt2", report);
  CHECK(text == "m.pt2: every op is covered (2 nodes, 2 distinct ops)\n");
}
