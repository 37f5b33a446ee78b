//===- PermuteWeights.cpp - The pt2c-permute-weights pass -----------------===//
//
// Passes.td says what it does and why.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace pt2c {

#define GEN_PASS_DEF_PERMUTEWEIGHTS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// The permutation every use of `weight` transposes it by, or nothing.
std::optional<SmallVector<int64_t>> onlyTransposedBy(BlockArgument weight) {
  std::optional<SmallVector<int64_t>> permutation;
  for (Operation *user : weight.getUsers()) {
    auto transpose = dyn_cast<linalg::TransposeOp>(user);
    if (!transpose || transpose.getInput() != weight || !transpose.hasPureTensorSemantics())
      return std::nullopt;
    SmallVector<int64_t> mine(transpose.getPermutation());
    if (permutation && *permutation != mine)
      return std::nullopt;
    permutation = std::move(mine);
  }
  return permutation;
}

struct PermuteWeightsPass : impl::PermuteWeightsBase<PermuteWeightsPass> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isDeclaration())
      return;
    Block &entry = function.getBody().front();
    for (BlockArgument argument : entry.getArguments()) {
      unsigned index = argument.getArgNumber();
      auto type = dyn_cast<RankedTensorType>(argument.getType());
      if (!function.getArgAttr(index, "pt2c.weight") || !type || !type.hasStaticShape() ||
          argument.use_empty())
        continue;
      std::optional<SmallVector<int64_t>> permutation = onlyTransposedBy(argument);
      if (!permutation)
        continue;
      SmallVector<int64_t> shape;
      for (int64_t dim : *permutation)
        shape.push_back(type.getDimSize(dim));
      auto permuted = RankedTensorType::get(shape, type.getElementType());
      argument.setType(permuted);
      for (Operation *user : llvm::make_early_inc_range(argument.getUsers())) {
        auto transpose = cast<linalg::TransposeOp>(user);
        transpose.getResult()[0].replaceAllUsesWith(argument);
        transpose.erase();
      }
      function.setArgAttr(index, "pt2c.weight_permutation",
                          DenseI64ArrayAttr::get(&getContext(), *permutation));
    }
    // The signature follows the (possibly retyped) arguments.
    function.setType(FunctionType::get(&getContext(), entry.getArgumentTypes(),
                                       function.getResultTypes()));
  }
};

} // namespace
} // namespace pt2c
