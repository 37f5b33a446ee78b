//===- DecomposeATen.cpp - The pt2c-decompose-aten pass -------------------===//

#include "pt2c/Conversion/ATenToPrim/CallArgs.h"
#include "pt2c/Conversion/ATenToPrim/DecompositionTable.h"
#include "pt2c/Conversion/Passes.h"
#include "pt2c/Dialect/Prim/PrimDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringMap.h"

namespace pt2c {

#define GEN_PASS_DEF_DECOMPOSEATEN
#include "pt2c/Conversion/Passes.h.inc"

namespace {

/// The first dim argument of `call` outside its tensor's range, as a
/// message; empty when all are in range. The decompositions index arrays
/// with normalized dims (an unchecked transpose dim of 99 wrote past a
/// stack array), so a dim is checked once here for every op: 'dim',
/// 'dim0', 'dim1', 'dim2' and 'dims' of the op's 'self' or 'input' tensor
/// lie in [-rank, rank) (a 0-d tensor's dims as for rank 1, as torch
/// wraps them), or [-rank - 1, rank] where the op inserts one
/// (unsqueeze). Ops without such a tensor (cat, stack) are left to their
/// decompositions.
std::string dimOutOfRange(aten::CallOp call, const CallArgs &args) {
  mlir::Value tensor = args.value("self");
  if (!tensor)
    tensor = args.value("input");
  auto type = tensor ? llvm::dyn_cast<mlir::RankedTensorType>(tensor.getType())
                     : mlir::RankedTensorType();
  if (!type)
    return "";
  int64_t rank = std::max<int64_t>(type.getRank(), 1);
  if (call.getTarget().contains("unsqueeze"))
    rank += 1;
  for (llvm::StringRef name : {"dim", "dim0", "dim1", "dim2", "dims"}) {
    std::optional<llvm::SmallVector<int64_t>> dims = args.integers(name);
    if (!dims)
      continue;
    for (int64_t dim : *dims)
      if (dim < -rank || dim >= rank)
        return ("argument '" + name + "' = " + llvm::Twine(dim) +
                " is out of range for a tensor of rank " + llvm::Twine(type.getRank()))
            .str();
  }
  return "";
}

/// One pattern for every aten.call: it looks the target up in the table.
class DecomposeCall : public mlir::OpRewritePattern<aten::CallOp> {
public:
  DecomposeCall(mlir::MLIRContext *context, const std::vector<Decomposition> &table)
      : OpRewritePattern(context) {
    for (const Decomposition &entry : table)
      byTarget_[entry.target] = entry.rewrite;
  }

  mlir::LogicalResult matchAndRewrite(aten::CallOp call,
                                      mlir::PatternRewriter &rewriter) const override {
    DecomposeFn rewrite = byTarget_.lookup(call.getTarget());
    if (!rewrite)
      return rewriter.notifyMatchFailure(call, "no decomposition for this target");
    return rewrite(call, CallArgs(call), rewriter);
  }

private:
  llvm::StringMap<DecomposeFn> byTarget_;
};

class DecomposeATenPass : public impl::DecomposeATenBase<DecomposeATenPass> {
public:
  using DecomposeATenBase::DecomposeATenBase;

  void runOnOperation() override {
    // Dims out of range are refused before any decomposition sees them.
    bool badDims = false;
    getOperation().walk([&](aten::CallOp call) {
      if (std::string bad = dimOutOfRange(call, CallArgs(call)); !bad.empty()) {
        call.emitError() << "'" << call.getTarget() << "': " << bad;
        badDims = true;
      }
    });
    if (badDims)
      return signalPassFailure();
    mlir::RewritePatternSet patterns(&getContext());
    patterns.add<DecomposeCall>(&getContext(), decompositionTable());
    // Not converging is not an error by itself: an op no pattern could
    // rewrite is reported below, at its location, which is what users need.
    (void)mlir::applyPatternsGreedily(getOperation(), std::move(patterns));
    if (allowPartial)
      return;
    bool leftOver = false;
    getOperation().walk([&](aten::CallOp call) {
      call.emitError() << "no decomposition of '" << call.getTarget()
                       << "' applies (the op is not in the table, or its arguments "
                          "are not supported yet)";
      leftOver = true;
    });
    if (leftOver)
      signalPassFailure();
  }
};

} // namespace
} // namespace pt2c
