//===- OpRegistryTest.cpp - The builtin registry and its lookups ----------===//

#include "pt2c/OpRegistry/DerivedForms.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include "llvm/ADT/StringSet.h"

#include <catch2/catch.hpp>

using namespace pt2c;

namespace {

OpRegistry builtin() {
  llvm::Expected<OpRegistry> registry = OpRegistry::createBuiltin();
  if (!registry)
    FAIL(llvm::toString(registry.takeError()));
  return std::move(*registry);
}

} // namespace

TEST_CASE("every builtin schema parses and every target is unique",
          "[OpRegistry]") {
  llvm::ArrayRef<llvm::StringLiteral> texts = OpRegistry::builtinSchemaTexts();
  REQUIRE(texts.size() >= 60);
  for (llvm::StringRef text : texts) {
    llvm::Expected<OpSchema> schema = parseOpSchema(text);
    if (!schema)
      FAIL(llvm::toString(schema.takeError()) << " in: " << text.str());
    CHECK(schema->ns == "aten");
  }
  OpRegistry registry = builtin();
  CHECK(registry.size() == texts.size());
  llvm::StringSet<> targets;
  for (const OpSchema &schema : registry.schemas()) {
    CHECK(targets.insert(schema.target()).second);
    CHECK(registry.lookup(schema.target()) == &schema);
  }
}

TEST_CASE("the builtin lines are sorted", "[OpRegistry]") {
  llvm::ArrayRef<llvm::StringLiteral> texts = OpRegistry::builtinSchemaTexts();
  for (size_t i = 1; i < texts.size(); ++i) {
    INFO(texts[i].str());
    CHECK(texts[i - 1] < texts[i]);
  }
}

TEST_CASE("lookup accepts every spelling of a target", "[OpRegistry]") {
  OpRegistry registry = builtin();
  const OpSchema *linear = registry.lookup("aten.linear.default");
  REQUIRE(linear);
  CHECK(linear->name == "linear");
  CHECK(registry.lookup("torch.ops.aten.linear.default") == linear);
  CHECK(registry.lookup("aten::linear") == linear);
  CHECK(registry.lookup("aten.linear") == linear);

  const OpSchema *add = registry.lookup("aten::add.Tensor");
  REQUIRE(add);
  CHECK(add->target() == "aten.add.Tensor");
  CHECK(registry.lookup("torch.ops.aten.add.Tensor") == add);
  CHECK(registry.lookup("aten.add.Tensor") == add);
  CHECK(registry.lookup("aten.add_.Tensor")->isInPlace());

  CHECK(registry.lookup("aten::add") == nullptr); // no default overload
  CHECK(registry.lookup("aten.add.Scalar_nope") == nullptr);
  CHECK(registry.lookup("aten.not_an_op.default") == nullptr);
  CHECK(registry.lookup("") == nullptr);
  CHECK(registry.lookup("torch.ops.") == nullptr);
  CHECK(registry.lookup("aten::") == nullptr);
}

TEST_CASE("stripTorchOpsPrefix removes only the torch.ops prefix",
          "[OpRegistry]") {
  CHECK(OpRegistry::stripTorchOpsPrefix("torch.ops.aten.linear.default") ==
        "aten.linear.default");
  CHECK(OpRegistry::stripTorchOpsPrefix("aten.linear.default") ==
        "aten.linear.default");
  CHECK(OpRegistry::stripTorchOpsPrefix("aten::linear") == "aten::linear");
  CHECK(OpRegistry::stripTorchOpsPrefix("xtorch.ops.a.b") == "xtorch.ops.a.b");
}

TEST_CASE("create reports duplicates and unparsable lines", "[OpRegistry]") {
  llvm::StringRef relu = "aten::relu(Tensor self) -> Tensor";
  llvm::Expected<OpRegistry> ok =
      OpRegistry::create({relu, "aten::relu_(Tensor(a!) self) -> Tensor(a!)"});
  REQUIRE(static_cast<bool>(ok));
  CHECK(ok->size() == 2);
  CHECK(OpRegistry::create({}).get().size() == 0);

  llvm::Expected<OpRegistry> dup = OpRegistry::create({relu, relu});
  REQUIRE_FALSE(static_cast<bool>(dup));
  std::string dupMessage = llvm::toString(dup.takeError());
  CHECK_THAT(dupMessage, Catch::Matchers::Contains("duplicate target "
                                                   "aten.relu.default"));

  llvm::Expected<OpRegistry> bad =
      OpRegistry::create({relu, "aten::relu(Tensor self) Tensor"});
  REQUIRE_FALSE(static_cast<bool>(bad));
  std::string badMessage = llvm::toString(bad.takeError());
  CHECK_THAT(badMessage, Catch::Matchers::Contains("schema 2") &&
                             Catch::Matchers::Contains("column 25"));
}

TEST_CASE("each in-place builtin op has its functional form too", "[opregistry]") {
  // The importer rewrites relu_ to relu; both must be known to the registry.
  // An in-place form whose twin has another name (normal_ -> normal_functional,
  // bernoulli_.float -> bernoulli.p) is an alias line instead.
  auto registry = OpRegistry::createBuiltin();
  REQUIRE(bool(registry));
  for (const OpSchema &schema : registry->schemas()) {
    if (!schema.isInPlace())
      continue;
    INFO(schema.target());
    std::string functional = schema.ns + "." + schema.name.substr(0, schema.name.size() - 1) +
                             "." + (schema.overload.empty() ? "default" : schema.overload);
    for (const AliasLine &line : aliasLines())
      if (line.alias == schema.target())
        functional = line.twin.str();
    CHECK(registry->lookup(functional) != nullptr);
  }
}
