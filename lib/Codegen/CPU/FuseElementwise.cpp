//===- FuseElementwise.cpp - The pt2c-fuse-elementwise pass ---------------===//
//
// linalg's elementwise fusion with a policy that keeps contractions in the
// shape the prim -> linalg lowering chose (see Passes.td for why).
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"
#include "pt2c/Conversion/ScatterMarker.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
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
/// recompute wherever its consumer's loops visit an element again. With
/// `sizeOneDims`, a broadcast may also read a size-1 dim at 0 (a row
/// statistic kept as [rows, 1]).
bool readsElementwise(Operation *op, bool sizeOneDims = false) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  return generic && llvm::all_of(generic.getDpsInputOperands(), [&](OpOperand *input) {
           return generic.getMatchingIndexingMap(input).isProjectedPermutation(sizeOneDims);
         });
}

/// A generic whose body only yields its inputs (a transpose, a broadcast):
/// fusing it changes the consumer's maps, not its body.
bool movesDataOnly(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic)
    return false;
  Block &body = generic.getRegion().front();
  return llvm::all_of(body.getTerminator()->getOperands(), [&](Value v) {
    auto argument = dyn_cast<BlockArgument>(v);
    return argument && argument.getOwner() == &body &&
           argument.getArgNumber() < generic.getNumDpsInputs();
  });
}

/// Whether the consumer reads `fused` with a map using each of its
/// parallel loops: a producer fused there is computed once per output
/// point, not once per output row or column.
bool readOncePerOutput(OpOperand *fused) {
  // The control function also decides reshape propagation, whose consumer
  // may be a reshape: not a loop nest, so nothing is read once per point.
  auto consumer = dyn_cast<linalg::LinalgOp>(fused->getOwner());
  if (!consumer)
    return false;
  AffineMap map = consumer.getMatchingIndexingMap(fused);
  for (auto [dim, iterator] : llvm::enumerate(consumer.getIteratorTypesArray()))
    if (iterator == utils::IteratorType::parallel && !map.isFunctionOfDim(dim))
      return false;
  return true;
}

/// Whether recomputing `producer` in each of its users costs little: an
/// all-parallel generic of at most a few cheap arithmetic ops whose inputs,
/// read at the same points as its result (broadcast ones aside, which are
/// small), are no wider than its result. Reading them instead of its
/// result then moves no more memory.
bool isCheapToRecompute(Operation *producer) {
  auto generic = dyn_cast<linalg::GenericOp>(producer);
  if (!generic || generic.getNumDpsInits() != 1 || generic.getNumReductionLoops() != 0 ||
      !readsElementwise(generic, /*sizeOneDims=*/true))
    return false;
  constexpr size_t kMaxOps = 4;
  Block &body = generic.getRegion().front();
  if (body.getOperations().size() > kMaxOps + 1)
    return false;
  for (Operation &op : body.without_terminator())
    if (!isa<arith::ExtFOp, arith::TruncFOp, arith::AddFOp, arith::SubFOp, arith::MulFOp,
             arith::NegFOp, arith::SelectOp, arith::CmpFOp, arith::MaximumFOp,
             arith::MinimumFOp, arith::ConstantOp>(op))
      return false;
  unsigned resultBits = getElementTypeOrSelf(generic.getResult(0).getType()).getIntOrFloatBitWidth();
  unsigned loops = generic.getNumLoops();
  unsigned inputBits = 0;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(input);
    if (!llvm::all_of(llvm::seq<unsigned>(0, loops),
                      [&](unsigned d) { return map.isFunctionOfDim(d); }))
      continue; // broadcast: a row or a column, read from cache
    Type element = getElementTypeOrSelf(input->get().getType());
    if (!element.isIntOrFloat())
      return false;
    inputBits += element.getIntOrFloatBitWidth();
  }
  return inputBits <= resultBits;
}

/// The most ops one fused loop body may hold. Each fusion copies both
/// bodies into a new one, so fusing a chain of N ops without a bound costs
/// N^2 copies, and LLVM then gets one loop body of N ops: a chain of 2,000
/// GELUs took 90 s to compile, 4.5 s at 500. Real models' fused bodies
/// hold a few dozen ops; a chain longer than this becomes several loops.
constexpr size_t kMaxFusedBodyOps = 256;

size_t bodyOps(Operation *op) {
  auto linalgOp = dyn_cast_if_present<linalg::LinalgOp>(op);
  return linalgOp && linalgOp->getNumRegions() == 1 && !linalgOp->getRegion(0).empty()
             ? linalgOp->getRegion(0).front().getOperations().size()
             : 0;
}

/// The control function of every fusion and reshape-propagation pattern:
/// `fused` is the consumer's operand the producer would be folded through.
bool shouldFuse(OpOperand *fused, bool broadcastIntoContractions, bool recomputeCheap) {
  Operation *producer = fused->get().getDefiningOp();
  Operation *consumer = fused->getOwner();
  if (bodyOps(producer) + bodyOps(consumer) > kMaxFusedBodyOps)
    return false;
  // A lowered scatter keeps its form: the fused generic would lose the
  // mark (ScatterMarker.h), and with it pt2c-scatter-atomics' kernel of a
  // thread per update; an index broadcast fused in would then cost
  // O(size(dim) x updates) instead of one small kernel more.
  if ((producer && producer->hasAttr(kScatterDimAttr)) || consumer->hasAttr(kScatterDimAttr))
    return false;
  // A second user would compute the producer twice: only worth it when
  // that is cheap (isCheapToRecompute) and allowed.
  if (!producer ||
      !(producer->hasOneUse() ||
        (recomputeCheap && isCheapToRecompute(producer) && readOncePerOutput(fused))))
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
    return readsElementwise(producer, /*sizeOneDims=*/recomputeCheap) &&
           (broadcastIntoContractions || movesDataOnly(producer) ||
            readOncePerOutput(fused));
  return true;
}

class FuseElementwisePass : public impl::FuseElementwiseBase<FuseElementwisePass> {
public:
  using FuseElementwiseBase::FuseElementwiseBase;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    // Named ops the fusion patterns cannot take, written as generics that
    // they can; one that does not generalize stays as it is: only unfused.
    IRRewriter rewriter(context);
    SmallVector<linalg::LinalgOp> named;
    getOperation().walk([&](linalg::LinalgOp op) {
      if ((generalizeReductions && isa<linalg::ReduceOp>(op)) ||
          (generalizeTransposes && isa<linalg::TransposeOp>(op)))
        named.push_back(op);
    });
    for (linalg::LinalgOp op : named) {
      rewriter.setInsertionPoint(op);
      (void)linalg::generalizeNamedOp(rewriter, op);
    }
    RewritePatternSet patterns(context);
    bool broadcast = broadcastIntoContractions, recompute = recomputeCheapProducers;
    linalg::ControlFusionFn shouldFuse = [broadcast, recompute](OpOperand *fused) {
      return pt2c::shouldFuse(fused, broadcast, recompute);
    };
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
