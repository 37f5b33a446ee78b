//===- FuseRows.cpp - The pt2c-fuse-rows pass -----------------------------===//
//
// A layer norm, a softmax or an RMS norm is a few reductions along a row
// and elementwise ops that use their results: after elementwise fusion
// still 3 to 5 linalg ops, each its own parallel loop over the whole
// tensor, each reading what the previous one wrote. This pass cuts such a
// group into one scf.forall over chunks of rows: each chunk computes its
// rows' statistics and then their outputs, while the rows sit in cache.
//
//===----------------------------------------------------------------------===//

#include "Chunking.h"

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace pt2c {

#define GEN_PASS_DEF_FUSEROWS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// An op that may join a row group: a linalg op on static tensors, not yet
/// in a chunk, that reads each input elementwise or broadcast (a row
/// statistic read at 0 along a size-1 dim too) and is neither a contraction
/// nor a convolution: an elementwise op, a fill or a plain reduction.
bool isRowOp(Operation *op) {
  auto linalgOp = dyn_cast_if_present<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureTensorSemantics() || linalgOp.hasDynamicShape() ||
      op->getParentOfType<scf::ForallOp>() || op->getNumResults() != 1 ||
      linalg::isaContractionOpInterface(linalgOp) || linalg::isaConvolutionOpInterface(linalgOp))
    return false;
  return llvm::all_of(linalgOp.getDpsInputOperands(), [&](OpOperand *input) {
    return linalgOp.getMatchingIndexingMap(input).isProjectedPermutation(/*allowZeroInResults=*/true);
  });
}

/// A generic reading `input` through a tensor.reshape that only inserts
/// size-1 dims (a row statistic kept as [rows, 1]) reads the reshape's
/// source instead, with those dims dropped from its indexing map. The
/// reshape is no loop nest, so without this nothing fuses across it.
bool foldUnitDimReshape(RewriterBase &rewriter, linalg::GenericOp generic, OpOperand *input) {
  auto reshape = input->get().getDefiningOp<tensor::ReshapeOp>();
  if (!reshape)
    return false;
  auto source = dyn_cast<RankedTensorType>(reshape.getSource().getType());
  auto result = dyn_cast<RankedTensorType>(reshape.getResult().getType());
  if (!source || !result || !source.hasStaticShape() || !result.hasStaticShape())
    return false;
  // Match the result's dims to the source's in order; the rest must be 1.
  SmallVector<int64_t> inserted;
  unsigned next = 0;
  for (unsigned dim = 0; dim < result.getRank(); ++dim) {
    if (next < source.getRank() && result.getDimSize(dim) == source.getDimSize(next))
      ++next;
    else if (result.getDimSize(dim) == 1)
      inserted.push_back(dim);
    else
      return false;
  }
  if (next != source.getRank() || inserted.empty())
    return false;
  // Only dims read at 0: one read along a loop may be all that gives the
  // loop its extent.
  AffineMap map = generic.getMatchingIndexingMap(input);
  for (int64_t dim : inserted) {
    auto constant = dyn_cast<AffineConstantExpr>(map.getResult(dim));
    if (!constant || constant.getValue() != 0)
      return false;
  }
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  maps[input->getOperandNumber()] = map.dropResults(inserted);
  rewriter.modifyOpInPlace(generic, [&] {
    input->set(reshape.getSource());
    generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
  });
  // A reshape left unused would keep its source out of a row group.
  if (reshape->use_empty())
    rewriter.eraseOp(reshape);
  return true;
}

/// The row ops `root` reads, directly or through each other, that only it
/// and the other ops of the group use: computing them inside the root's
/// chunks leaves nothing outside that needs them. Empty unless one of them
/// is a reduction (elementwise chains alone are pt2c-fuse-elementwise's).
llvm::SetVector<Operation *> rowGroup(Operation *root) {
  llvm::SetVector<Operation *> group;
  SmallVector<Operation *> worklist = {root};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (producer && producer != root && isRowOp(producer) && group.insert(producer))
        worklist.push_back(producer);
    }
  }
  // Drop the ops that something outside the group uses, until none is left.
  while (group.remove_if([&](Operation *op) {
    return llvm::any_of(op->getUsers(),
                        [&](Operation *user) { return user != root && !group.contains(user); });
  })) {
  }
  bool reduces = llvm::any_of(group, [](Operation *op) {
    return cast<linalg::LinalgOp>(op).getNumReductionLoops() > 0;
  });
  if (!reduces)
    group.clear();
  return group;
}

/// The largest divisor of `extent` that is at most `limit` (at least 1).
int64_t largestDivisorAtMost(int64_t extent, int64_t limit) {
  for (int64_t size = std::min(extent, std::max<int64_t>(limit, 1)); size > 1; --size)
    if (extent % size == 0)
      return size;
  return 1;
}

/// Chunk sizes along the root's loops: the outermost parallel loop with 2
/// or more iterations that is not the innermost (the row itself, which the
/// group's reductions walk and LLVM vectorizes), in at most `maxChunks`
/// chunks; when that gives fewer than half of them (a softmax over 12
/// heads), the next such loop too. Chunks divide their loop exactly (197
/// rows: chunks of 1): every buffer of a chunk is then static and lives on
/// the stack (pt2c-chunk-buffers-on-stack), and more, smaller chunks cost
/// nothing once a thread runs its share of them as one loop.
SmallVector<int64_t> rowChunks(linalg::LinalgOp root, int64_t maxChunks) {
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  SmallVector<int64_t> sizes(ranges.size(), 0);
  int64_t chunks = 1;
  for (unsigned d = 0; d + 1 < ranges.size() && 2 * chunks < maxChunks; ++d) {
    if (!cpu::isSplittable(root, ranges, d))
      continue;
    int64_t wanted = llvm::divideCeil(maxChunks, chunks);
    sizes[d] = largestDivisorAtMost(ranges[d], cpu::chunkSize(ranges[d], wanted));
    chunks *= ranges[d] / sizes[d];
  }
  return sizes;
}

class FuseRowsPass : public impl::FuseRowsBase<FuseRowsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](linalg::GenericOp generic) {
      for (OpOperand *input : generic.getDpsInputOperands())
        foldUnitDimReshape(rewriter, generic, input);
    });
    // Roots last to first: a group's root is the last op of the group, and
    // an op fused into a later root's chunks is no root of its own.
    SmallVector<linalg::LinalgOp> roots;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (isRowOp(op) && cpu::iterationPoints(op.getStaticLoopRanges()) >= minWork)
        roots.push_back(op);
    });
    llvm::SmallPtrSet<Operation *, 16> erased;
    for (linalg::LinalgOp root : llvm::reverse(roots)) {
      if (erased.contains(root))
        continue;
      llvm::SetVector<Operation *> group = rowGroup(root);
      SmallVector<int64_t> sizes = rowChunks(root, maxChunks);
      if (group.empty() || llvm::all_of(sizes, [](int64_t s) { return s == 0; }))
        continue;
      scf::SCFTilingOptions tiling;
      tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
      tiling.setTileSizes(getAsIndexOpFoldResult(&getContext(), sizes));
      scf::SCFTileAndFuseOptions options;
      options.setTilingOptions(tiling);
      // Fuse a group op only where a chunk needs no larger a share of it
      // than the chunk's share of the root: more would compute a part of
      // it again in several chunks (a reduction along a chunked loop: a
      // softmax along dim 1 cut along dim 1 too).
      SmallVector<int64_t> ranges = root.getStaticLoopRanges();
      double rootShare = 1;
      for (auto [size, range] : llvm::zip_equal(sizes, ranges))
        if (size)
          rootShare *= double(size) / double(range);
      options.setFusionControlFn(
          [&](tensor::ExtractSliceOp slice, OpResult producer,
              bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
            if (!group.contains(producer.getOwner()))
              return std::nullopt;
            ArrayRef<int64_t> whole = cast<RankedTensorType>(producer.getType()).getShape();
            double share = 1;
            for (auto [part, all] : llvm::zip_equal(slice.getStaticSizes(), whole))
              if (!ShapedType::isDynamic(part))
                share *= double(part) / double(all);
            if (share > rootShare * (1 + 1e-9))
              return std::nullopt;
            return scf::SCFTileAndFuseOptions::ControlFnResult{};
          });
      rewriter.setInsertionPoint(root);
      FailureOr<scf::SCFTileAndFuseResult> fused = scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(root.getOperation()), options);
      // A group that cannot be tiled is left to pt2c-parallelize, op by op.
      if (failed(fused))
        continue;
      // Nothing fused (the chunks cut a dim the group reduces): the root's
      // own chunking is pt2c-parallelize's business; drop the unused loop.
      if (fused->fusedProducers.empty()) {
        for (LoopLikeOpInterface loop : llvm::reverse(fused->loops))
          rewriter.eraseOp(loop);
        continue;
      }
      // An op two group members read was fused once for each (a layer
      // norm's centred rows): compute it once per chunk.
      for (LoopLikeOpInterface loop : fused->loops) {
        DominanceInfo dominance(loop);
        eliminateCommonSubExpressions(rewriter, dominance, loop);
        // The slices fusion left unused would keep the group's ops alive.
        (void)runRegionDCE(rewriter, loop->getRegions());
      }
      for (OpResult result : root->getResults())
        rewriter.replaceAllUsesWith(result, fused->replacements.lookup(result));
      rewriter.eraseOp(root);
      // The group's ops now live in the chunks; erase those left unused,
      // users before the ops they read.
      for (bool progress = true; progress;) {
        progress = false;
        for (Operation *op : group)
          if (!erased.contains(op) && op->use_empty()) {
            erased.insert(op);
            rewriter.eraseOp(op);
            progress = true;
          }
      }
    }
  }
};

} // namespace
} // namespace pt2c
