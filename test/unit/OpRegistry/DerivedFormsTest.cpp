// Unit tests for derivedForm (pt2c/OpRegistry/DerivedForms.h): in-place,
// `_copy` and alias overloads and the functional twin each is compiled as.

#include "pt2c/OpRegistry/DerivedForms.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include <catch2/catch.hpp>

using namespace pt2c;

static OpRegistry builtin() {
  auto registry = OpRegistry::createBuiltin();
  REQUIRE(bool(registry));
  return std::move(*registry);
}

/// The twin's target, or "" when `target` is no derived form.
static std::string twinOf(llvm::StringRef target, const OpRegistry &registry) {
  std::optional<DerivedForm> form = derivedForm(target, registry);
  return form ? form->twin->target() : "";
}

TEST_CASE("in-place forms become their functional twin and write self", "[DerivedForms]") {
  OpRegistry registry = builtin();
  std::optional<DerivedForm> fill = derivedForm("torch.ops.aten.fill_.Tensor", registry);
  REQUIRE(fill);
  CHECK(fill->twin->target() == "aten.fill.Tensor");
  CHECK(fill->mutated == "self");
  CHECK(fill->renamed.empty());
  CHECK(twinOf("aten.copy_.default", registry) == "aten.copy.default");
  CHECK(twinOf("aten.masked_fill_.Scalar", registry) == "aten.masked_fill.Scalar");
  // zero_ -> zero -> zeros_like: an in-place form of an alias.
  CHECK(twinOf("aten.zero_.default", registry) == "aten.zeros_like.default");
  // Not in the registry itself, but torch makes every `op_` from op's
  // signature: sigmoid_ is sigmoid writing self.
  std::optional<DerivedForm> sigmoid = derivedForm("aten.sigmoid_.default", registry);
  REQUIRE(sigmoid);
  CHECK(sigmoid->twin->target() == "aten.sigmoid.default");
  CHECK(sigmoid->mutated == "self");
}

TEST_CASE("_copy forms are their view's value", "[DerivedForms]") {
  OpRegistry registry = builtin();
  std::optional<DerivedForm> expand = derivedForm("aten.expand_copy.default", registry);
  REQUIRE(expand);
  CHECK(expand->twin->target() == "aten.expand.default");
  CHECK(expand->mutated.empty()); // a copy writes nothing
  CHECK(twinOf("aten.permute_copy.default", registry) == "aten.permute.default");
  CHECK(twinOf("aten.view_copy.default", registry) == "aten.view.default");
  CHECK(twinOf("aten.squeeze_copy.dims", registry) == "aten.squeeze.dims");
  // Copying ops with no view twin are themselves, not derived.
  CHECK(twinOf("aten._to_copy.default", registry).empty());
  CHECK(twinOf("aten.lift_fresh_copy.default", registry).empty());
}

TEST_CASE("aliases follow their line, with renamed arguments", "[DerivedForms]") {
  OpRegistry registry = builtin();
  std::optional<DerivedForm> swapaxes = derivedForm("aten.swapaxes.default", registry);
  REQUIRE(swapaxes);
  CHECK(swapaxes->twin->target() == "aten.transpose.int");
  CHECK(swapaxes->twinArgument("axis0") == "dim0");
  CHECK(swapaxes->twinArgument("axis1") == "dim1");
  CHECK(swapaxes->twinArgument("self") == "self");
  CHECK(twinOf("aten.min.other", registry) == "aten.minimum.default");
  CHECK(twinOf("aten.clamp_min.default", registry) == "aten.clamp.default");
  CHECK(twinOf("aten.true_divide.Tensor", registry) == "aten.div.Tensor");
  // What pt2c decomposes itself, or does not know, is no derived form.
  CHECK(twinOf("aten.relu.default", registry).empty());
  CHECK(twinOf("aten.max.other", registry).empty());
  CHECK(twinOf("aten.no_such_op_.default", registry).empty());
  CHECK(twinOf("aten.__iand__.Tensor", registry).empty());
}

TEST_CASE("every alias line and derived form reaches a twin that takes its arguments",
          "[DerivedForms]") {
  OpRegistry registry = builtin();
  for (const AliasLine &line : aliasLines()) {
    INFO(line.alias.str());
    REQUIRE(registry.lookup(line.alias));
    REQUIRE(registry.lookup(line.twin));
  }
  for (const OpSchema &schema : registry.schemas()) {
    std::optional<DerivedForm> form = derivedForm(schema.target(), registry);
    if (!form)
      continue;
    INFO(schema.text);
    for (const OpArgument &arg : schema.arguments)
      CHECK(form->twin->findArgument(form->twinArgument(arg.name)));
    // A twin's own required arguments are all passed by the form.
    for (const OpArgument &arg : form->twin->arguments) {
      if (arg.defaultValue)
        continue;
      bool passed = llvm::any_of(schema.arguments, [&](const OpArgument &own) {
        return form->twinArgument(own.name) == arg.name;
      });
      CHECK(passed);
    }
  }
}
