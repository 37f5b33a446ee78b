//===- OpInventoryTest.cpp - docs/aten-overloads.tsv's lines and statuses -===//

#include "pt2c/Driver/OpInventory.h"

#include <catch2/catch.hpp>

using namespace pt2c;

namespace {

const OpRegistry &registry() {
  static auto built = OpRegistry::createBuiltin();
  REQUIRE(static_cast<bool>(built));
  return *built;
}

/// The status of one line as tools/print_op_inventory.py prints it.
OverloadClass classify(const std::string &line) {
  auto overloads = parseOverloadList(line);
  REQUIRE(static_cast<bool>(overloads));
  REQUIRE(overloads->size() == 1);
  return classifyOverload(overloads->front(), registry());
}

} // namespace

TEST_CASE("The overload list: fields, tags and comments", "[driver][inventory]") {
  auto overloads = parseOverloadList(
      "# aten overloads of torch 2.11.0\n"
      "aten.add.Tensor\tcore,pointwise,pt2_compliant_tag\tkernel\taten::add.Tensor(Tensor "
      "self, Tensor other, *, Scalar alpha=1) -> Tensor\n"
      "aten.Bool.int\t-\tjit\taten::Bool.int(int a) -> bool\n");
  REQUIRE(static_cast<bool>(overloads));
  REQUIRE(overloads->size() == 2);
  CHECK((*overloads)[0].target == "aten.add.Tensor");
  CHECK((*overloads)[0].tags == std::vector<std::string>{"core", "pointwise", "pt2_compliant_tag"});
  CHECK((*overloads)[0].kind == "kernel");
  CHECK((*overloads)[0].schema.rfind("aten::add.Tensor(", 0) == 0);
  CHECK((*overloads)[1].tags.empty());

  auto bad = parseOverloadList("aten.add.Tensor\tcore\tsometimes\tschema\n");
  REQUIRE_FALSE(static_cast<bool>(bad));
  CHECK(llvm::toString(bad.takeError()).find("line 1") != std::string::npos);
  auto short_ = parseOverloadList("aten.add.Tensor\tcore\n");
  CHECK_FALSE(static_cast<bool>(short_));
  llvm::consumeError(short_.takeError());
}

TEST_CASE("Each overload's status", "[driver][inventory]") {
  // A decomposition.
  OverloadClass add = classify("aten.add.Tensor\tcore\tkernel\taten::add.Tensor(Tensor self, "
                               "Tensor other, *, Scalar alpha=1) -> Tensor");
  CHECK(add.status == OverloadStatus::Covered);
  // In-place: the importer rewrites it to its functional twin.
  OverloadClass relu = classify("aten.relu_.default\t-\tkernel\taten::relu_(Tensor(a!) self) "
                                "-> Tensor(a!)");
  CHECK(relu.status == OverloadStatus::Derived);
  CHECK(relu.detail == "aten.relu.default");
  // Writes a keyword-only tensor: an out= form, even when not named "out".
  OverloadClass out = classify(
      "aten.max.dim_max\t-\tkernel\taten::max.dim_max(Tensor self, int dim, bool "
      "keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> (Tensor(a!) values, "
      "Tensor(b!) indices)");
  CHECK(out.status == OverloadStatus::Excluded);
  CHECK(out.detail == "out=");
  // An in-place op writes `self`, before the `*`: not an out= form.
  OverloadClass fill = classify("aten.nonsense_.default\t-\tkernel\taten::nonsense_(Tensor(a!) "
                                "self, *, int k=1) -> Tensor(a!)");
  CHECK(fill.status == OverloadStatus::Missing);
  CHECK(classify("aten.convolution_backward.default\t-\tkernel\taten::convolution_backward("
                 "Tensor grad_output) -> Tensor")
            .detail == "training");
  CHECK(classify("aten._foreach_add.List\t-\tkernel\taten::_foreach_add.List(Tensor[] self, "
                 "Tensor[] other) -> Tensor[]")
            .detail == "training");
  CHECK(classify("aten.to_sparse.default\t-\tkernel\taten::to_sparse(Tensor self) -> Tensor")
            .detail == "layout");
  CHECK(classify("aten.q_scale.default\t-\tkernel\taten::q_scale(Tensor self) -> float")
            .detail == "layout");
  CHECK(classify("aten._test_string_default.default\t-\tcomposite\taten::_test_string_default("
                 "Tensor dummy) -> Tensor")
            .detail == "testing");
  CHECK(classify("aten.Bool.int\t-\tjit\taten::Bool.int(int a) -> bool").detail ==
        "torchscript");
  // Not covered: composite when torch.export decomposes it, else missing.
  CHECK(classify("aten.linalg_cond.p_str\tpt2_compliant_tag\tcomposite\taten::linalg_cond.p_str("
                 "Tensor self, str p) -> Tensor")
            .status == OverloadStatus::Composite);
  CHECK(classify("aten._linalg_eigvals.default\tpt2_compliant_tag\tkernel\taten::_linalg_eigvals("
                 "Tensor self) -> Tensor")
            .status == OverloadStatus::Missing);
  // A kernel with a decomposition is covered.
  CHECK(classify("aten.linalg_qr.default\t-\tkernel\taten::linalg_qr(Tensor A, str "
                 "mode='reduced') -> (Tensor Q, Tensor R)")
            .status == OverloadStatus::Covered);
}
