//===- FuseElementwise.cpp - The pt2c-fuse-elementwise pass ---------------===//
//
// linalg's elementwise fusion with a policy that keeps contractions in the
// shape the prim -> linalg lowering chose (see Passes.td for why).
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace pt2c {

#define GEN_PASS_DEF_FUSEELEMENTWISE
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

bool hasReductionLoops(Operation *op) {
  auto linalgOp = dyn_cast_if_present<linalg::LinalgOp>(op);
  return linalgOp && linalgOp.getNumReductionLoops() > 0;
}

/// A generic whose inputs are all read elementwise or broadcast: cheap to
/// recompute wherever its consumer's loops visit an element again.
bool readsElementwise(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  return generic && llvm::all_of(generic.getDpsInputOperands(), [&](OpOperand *input) {
           return generic.getMatchingIndexingMap(input).isProjectedPermutation();
         });
}

/// The control function of every fusion and reshape-propagation pattern:
/// `fused` is the consumer's operand the producer would be folded through.
bool shouldFuse(OpOperand *fused) {
  Operation *producer = fused->get().getDefiningOp();
  Operation *consumer = fused->getOwner();
  // A second user would compute the producer twice.
  if (!producer || !producer->hasOneUse())
    return false;
  bool producerIsReshape = isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(producer);
  bool consumerIsReshape = isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(consumer);
  // Reshaping a contraction changes its loop nest: (r, p) would become
  // (c, kh, kw, oh, ow), and the vectorized loop as short as OW.
  if ((producerIsReshape && hasReductionLoops(consumer)) ||
      (consumerIsReshape && hasReductionLoops(producer)))
    return false;
  // Fused into a contraction, a gather-like producer (the window copy) is
  // recomputed for every output channel; elementwise producers are hoisted
  // out of the inner loop by LLVM.
  if (hasReductionLoops(consumer) && !producerIsReshape)
    return readsElementwise(producer);
  return true;
}

class FuseElementwisePass : public impl::FuseElementwiseBase<FuseElementwisePass> {
public:
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, shouldFuse);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, shouldFuse);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, shouldFuse);
    // Top-down, as upstream's pass does, for compile time. Not converging
    // leaves correct, less fused IR: not an error.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns),
                                GreedyRewriteConfig().setUseTopDownTraversal());
  }
};

} // namespace
} // namespace pt2c
