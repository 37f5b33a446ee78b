// Unit tests for OpRegistry: the builtin table and its lookups.

#include "pt2c/OpRegistry/OpRegistry.h"

#include <catch2/catch.hpp>

#include <set>

using namespace pt2c;

TEST_CASE("the builtin registry parses and has unique targets", "[opregistry]") {
  auto registry = OpRegistry::createBuiltin();
  if (!registry)
    FAIL(llvm::toString(registry.takeError()));
  CHECK(registry->size() >= 64);
  std::set<std::string> targets;
  for (const OpSchema &schema : registry->schemas())
    CHECK(targets.insert(schema.target()).second);
}

TEST_CASE("lookup accepts every spelling of a target", "[opregistry]") {
  auto registry = OpRegistry::createBuiltin();
  REQUIRE(bool(registry));
  const OpSchema *linear = registry->lookup("torch.ops.aten.linear.default");
  REQUIRE(linear);
  CHECK(registry->lookup("aten.linear.default") == linear);
  CHECK(registry->lookup("aten::linear") == linear);
  const OpSchema *add = registry->lookup("aten::add.Tensor");
  REQUIRE(add);
  CHECK(registry->lookup("torch.ops.aten.add.Tensor") == add);
  CHECK(registry->lookup("aten.add.Scalar") == nullptr);
  CHECK(registry->lookup("torch.ops.higher_order.wrap_with_set_grad_enabled") == nullptr);
  CHECK(registry->lookup("") == nullptr);
  CHECK(OpRegistry::stripTorchOpsPrefix("torch.ops.aten.relu.default") == "aten.relu.default");
  CHECK(OpRegistry::stripTorchOpsPrefix("_operator.mul") == "_operator.mul");
}

TEST_CASE("each in-place op of the registry has its functional form", "[opregistry]") {
  // The importer rewrites relu_ to relu; both must be known.
  auto registry = OpRegistry::createBuiltin();
  REQUIRE(bool(registry));
  for (const OpSchema &schema : registry->schemas()) {
    if (!schema.isInPlace())
      continue;
    std::string functional = schema.ns + "." + schema.name.substr(0, schema.name.size() - 1) +
                             "." + (schema.overload.empty() ? "default" : schema.overload);
    INFO(schema.target());
    CHECK(registry->lookup(functional) != nullptr);
  }
}

TEST_CASE("duplicate and malformed lines are refused", "[opregistry]") {
  llvm::StringRef relu = "aten::relu(Tensor self) -> Tensor";
  auto duplicate = OpRegistry::create({relu, relu});
  REQUIRE(!duplicate);
  CHECK_THAT(llvm::toString(duplicate.takeError()),
             Catch::Contains("'aten.relu.default' is registered twice"));
  auto malformed = OpRegistry::create({"aten::relu(Tensor self"});
  REQUIRE(!malformed);
  llvm::consumeError(malformed.takeError());
}
