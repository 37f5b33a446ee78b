//===- RowGroups.cpp - Ops computed together, chunk by chunk of rows ----===//

#include "RowGroups.h"

#include "Chunking.h"

#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/Support/MathExtras.h"

namespace pt2c::cpu {

using namespace mlir;

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

namespace {

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

} // namespace

void foldUnitDimReshapes(RewriterBase &rewriter, Operation *root) {
  root->walk([&](linalg::GenericOp generic) {
    for (OpOperand *input : generic.getDpsInputOperands())
      foldUnitDimReshape(rewriter, generic, input);
  });
}

void keepOnlyGroupReadOps(llvm::SetVector<Operation *> &group, Operation *root) {
  while (group.remove_if([&](Operation *op) {
    return llvm::any_of(op->getUsers(),
                        [&](Operation *user) { return user != root && !group.contains(user); });
  })) {
  }
}

int64_t largestDivisorAtMost(int64_t extent, int64_t limit) {
  for (int64_t size = std::min(extent, std::max<int64_t>(limit, 1)); size > 1; --size)
    if (extent % size == 0)
      return size;
  return 1;
}

int64_t exactChunkSize(int64_t extent, int64_t maxChunks, int64_t &chunks) {
  int64_t wanted = llvm::divideCeil(maxChunks, chunks);
  int64_t size = largestDivisorAtMost(extent, chunkSize(extent, wanted));
  chunks *= extent / size;
  return size;
}

SmallVector<linalg::LinalgOp> collectRoots(Operation *root, int64_t minWork,
                                           llvm::function_ref<bool(linalg::LinalgOp)> isRoot) {
  SmallVector<linalg::LinalgOp> roots;
  root->walk([&](linalg::LinalgOp op) {
    if (isRoot(op) && iterationPoints(op.getStaticLoopRanges()) >= minWork)
      roots.push_back(op);
  });
  return roots;
}

FailureOr<scf::ForallOp> fuseGroupInChunks(RewriterBase &rewriter, linalg::LinalgOp root,
                                           const llvm::SetVector<Operation *> &group,
                                           ArrayRef<int64_t> sizes,
                                           llvm::SmallPtrSetImpl<Operation *> &erased) {
  if (llvm::all_of(sizes, [](int64_t size) { return size == 0; }))
    return failure();
  MLIRContext *context = rewriter.getContext();
  scf::SCFTilingOptions tiling;
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  tiling.setTileSizes(getAsIndexOpFoldResult(context, sizes));
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tiling);
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
  // A root split off by linalg::splitOp reads a slice of each operand; a
  // chunk's slice of that slice is made one slice of the producer's
  // result, which fusion can then see.
  RewritePatternSet cleanup(context);
  tensor::populateMergeConsecutiveInsertExtractSlicePatterns(cleanup);
  options.cleanupPatterns = FrozenRewritePatternSet(std::move(cleanup));

  rewriter.setInsertionPoint(root);
  FailureOr<scf::SCFTileAndFuseResult> fused = scf::tileConsumerAndFuseProducersUsingSCF(
      rewriter, cast<TilingInterface>(root.getOperation()), options);
  if (failed(fused))
    return failure();
  // Forall tiling with a size that is not 0 makes exactly one loop.
  assert(fused->loops.size() == 1 && "one scf.forall");
  if (fused->fusedProducers.empty()) {
    for (LoopLikeOpInterface loop : llvm::reverse(fused->loops))
      rewriter.eraseOp(loop);
    return failure();
  }
  auto forall = cast<scf::ForallOp>(fused->loops.front().getOperation());
  // An op two group members read was fused once for each (a layer norm's
  // centred rows): compute it once per chunk.
  DominanceInfo dominance(forall);
  eliminateCommonSubExpressions(rewriter, dominance, forall);
  // The slices fusion left unused would keep the group's ops alive.
  (void)runRegionDCE(rewriter, forall->getRegions());
  for (OpResult result : root->getResults())
    rewriter.replaceAllUsesWith(result, fused->replacements.lookup(result));
  // What the root read its operands through (the slices linalg::splitOp
  // made) would keep the group's ops alive.
  llvm::SetVector<Operation *> readThrough;
  for (Value operand : root->getOperands())
    if (auto slice = operand.getDefiningOp<tensor::ExtractSliceOp>())
      readThrough.insert(slice);
  rewriter.eraseOp(root);
  for (Operation *slice : readThrough)
    if (slice->use_empty())
      rewriter.eraseOp(slice);
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
  return forall;
}

} // namespace pt2c::cpu
