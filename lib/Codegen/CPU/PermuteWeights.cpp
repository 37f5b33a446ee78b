//===- PermuteWeights.cpp - The pt2c-permute-weights pass -----------------===//
//
// Passes.td says what it does and why.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

namespace pt2c {

#define GEN_PASS_DEF_PERMUTEWEIGHTS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// The permutation every transpose of `weight` uses, or nothing (no
/// transpose, or two permutations); `all` says whether every use is one.
std::optional<SmallVector<int64_t>> transposedBy(BlockArgument weight, bool &all) {
  std::optional<SmallVector<int64_t>> permutation;
  all = true;
  for (Operation *user : weight.getUsers()) {
    auto transpose = dyn_cast<linalg::TransposeOp>(user);
    if (!transpose || transpose.getInput() != weight || !transpose.hasPureTensorSemantics()) {
      all = false;
      continue;
    }
    SmallVector<int64_t> mine(transpose.getPermutation());
    if (permutation && *permutation != mine)
      return std::nullopt;
    permutation = std::move(mine);
  }
  return permutation;
}

/// Replaces every transpose of `weight` by `permuted`.
void dropTransposes(BlockArgument weight, Value permuted) {
  for (Operation *user : llvm::make_early_inc_range(weight.getUsers()))
    if (auto transpose = dyn_cast<linalg::TransposeOp>(user)) {
      transpose.getResult()[0].replaceAllUsesWith(permuted);
      transpose.erase();
    }
}

struct PermuteWeightsPass : impl::PermuteWeightsBase<PermuteWeightsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isDeclaration())
      return;
    MLIRContext *context = &getContext();
    Block &entry = function.getBody().front();
    unsigned numWeights = 0;
    for (unsigned index = 0; index < function.getNumArguments(); ++index)
      if (function.getArgAttr(index, "pt2c.weight"))
        numWeights = index + 1;
    for (unsigned index = 0; index < numWeights; ++index) {
      BlockArgument argument = entry.getArgument(index);
      auto type = dyn_cast<RankedTensorType>(argument.getType());
      auto fqn = function.getArgAttrOfType<StringAttr>(index, "pt2c.weight");
      if (!fqn || !type || !type.hasStaticShape() || argument.use_empty())
        continue;
      bool onlyTransposed = false;
      std::optional<SmallVector<int64_t>> permutation = transposedBy(argument, onlyTransposed);
      if (!permutation || (!onlyTransposed && !duplicateShared))
        continue;
      SmallVector<int64_t> shape;
      for (int64_t dim : *permutation)
        shape.push_back(type.getDimSize(dim));
      auto permuted = RankedTensorType::get(shape, type.getElementType());
      auto permutationAttr = DenseI64ArrayAttr::get(context, *permutation);
      if (onlyTransposed) {
        argument.setType(permuted);
        dropTransposes(argument, argument);
        function.setArgAttr(index, "pt2c.weight_permutation", permutationAttr);
        continue;
      }
      // Read both ways (a tied embedding gathered and used as the LM
      // head): a second weight argument, the same archive tensor stored
      // transposed, after the last weight, serves the transposes.
      NamedAttribute attrs[] = {NamedAttribute(StringAttr::get(context, "pt2c.weight"), fqn),
                                NamedAttribute(StringAttr::get(context, "pt2c.weight_permutation"),
                                               permutationAttr)};
      if (failed(function.insertArgument(numWeights, permuted, DictionaryAttr::get(context, attrs),
                                         argument.getLoc()))) {
        signalPassFailure();
        return;
      }
      dropTransposes(argument, entry.getArgument(numWeights));
      ++numWeights;
    }
    // The signature follows the (possibly retyped) arguments.
    function.setType(FunctionType::get(context, entry.getArgumentTypes(), function.getResultTypes()));
  }
};

} // namespace
} // namespace pt2c
