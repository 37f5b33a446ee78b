//===- DecomposeATen.cpp - The pt2c-decompose-aten pass -------------------===//

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
