//===- FuseAttention.cpp - The pt2c-fuse-attention pass -------------------===//
//
// Passes.td says what it does and why; RowGroups.h how a group is computed
// in chunks.
//
//===----------------------------------------------------------------------===//

#include "Contraction.h"
#include "RowGroups.h"

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"

#include "llvm/Support/MathExtras.h"

namespace pt2c {

#define GEN_PASS_DEF_FUSEATTENTION
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// `op` as a row-major contraction of two activations: static, not yet in
/// a chunk, with a batch loop that its lhs, its rhs and its output all
/// read (attention's q·kᵀ and p·v, per batch and head). A linear layer's
/// weight reads none of its activation's batch loops.
std::optional<cpu::ContractionLoops> matchBatchedContraction(Operation *op) {
  auto linalgOp = dyn_cast_if_present<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.hasDynamicShape() || op->getParentOfType<scf::ForallOp>())
    return std::nullopt;
  std::optional<cpu::ContractionLoops> loops = cpu::matchRowMajorContraction(linalgOp);
  if (!loops)
    return std::nullopt;
  SmallVector<AffineMap> maps = linalgOp.getIndexingMapsArray();
  bool batched = llvm::any_of(loops->batch, [&](unsigned d) {
    return llvm::all_of(maps, [&](AffineMap map) { return map.isFunctionOfDim(d); });
  });
  return batched ? loops : std::nullopt;
}

/// What `root` (the p·v contraction) computes in its chunks: the ops its
/// lhs is computed from, directly or through each other, that only it and
/// the group use: row ops (the softmax's reductions and elementwise ops,
/// the mask, the scale, q's transpose, the fills) and batched contractions
/// (q·kᵀ); and the fill that starts its accumulator. Empty unless there is
/// a row reduction and a contraction among them: a softmax between two
/// matmuls.
llvm::SetVector<Operation *> attentionGroup(linalg::LinalgOp root) {
  llvm::SetVector<Operation *> group;
  auto consider = [&](Value value, SmallVectorImpl<Operation *> &worklist) {
    Operation *producer = value.getDefiningOp();
    if (producer && producer != root.getOperation() &&
        (cpu::isRowOp(producer) || matchBatchedContraction(producer)) && group.insert(producer))
      worklist.push_back(producer);
  };
  SmallVector<Operation *> worklist;
  // Not the rhs (v): every chunk of rows of a head reads it whole.
  consider(root.getDpsInputOperand(0)->get(), worklist);
  consider(root.getDpsInitOperand(0)->get(), worklist);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands())
      consider(operand, worklist);
  }
  cpu::keepOnlyGroupReadOps(group, root);
  bool softmax = llvm::any_of(group, [](Operation *op) {
    return cpu::isRowOp(op) && cast<linalg::LinalgOp>(op).getNumReductionLoops() > 0;
  });
  bool product = llvm::any_of(group, [](Operation *op) { return matchBatchedContraction(op); });
  if (!softmax || !product)
    group.clear();
  return group;
}

/// Chunk sizes along `root`'s loops: its batch loops, outermost first,
/// like pt2c-fuse-rows' chunks (exact divisors, until there are half of
/// `maxChunks`), then its rows m in whole register tiles of `tileRows`
/// (the chunk's two contractions are register-tiled in it), as many as
/// bring the chunks near `maxChunks`. Rows that are no multiple of the
/// chunk are split off by the caller.
SmallVector<int64_t> attentionChunks(linalg::LinalgOp root, const cpu::ContractionLoops &loops,
                                     int64_t maxChunks, int64_t tileRows) {
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  SmallVector<int64_t> sizes(ranges.size(), 0);
  int64_t chunks = 1;
  for (unsigned d : loops.batch) {
    if (ranges[d] < 2 || 2 * chunks >= maxChunks)
      continue;
    sizes[d] = cpu::exactChunkSize(ranges[d], maxChunks, chunks);
  }
  int64_t rows = ranges[loops.m];
  if (2 * chunks < maxChunks && rows >= 2 * tileRows) {
    int64_t wanted = llvm::divideCeil(maxChunks, chunks);
    sizes[loops.m] = std::max<int64_t>(tileRows, rows / wanted / tileRows * tileRows);
  }
  return sizes;
}

class FuseAttentionPass : public impl::FuseAttentionBase<FuseAttentionPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    cpu::foldUnitDimReshapes(rewriter, getOperation());
    SmallVector<linalg::LinalgOp> roots =
        cpu::collectRoots(getOperation(), minWork, [](linalg::LinalgOp op) {
          return matchBatchedContraction(op).has_value();
        });
    int64_t tileRows = cpu::registerTile(vectorBits).rows;
    // Last to first: q·kᵀ, fused into its p·v's chunks, is no root.
    llvm::SmallPtrSet<Operation *, 16> erased;
    for (linalg::LinalgOp root : llvm::reverse(roots)) {
      if (erased.contains(root))
        continue;
      llvm::SetVector<Operation *> group = attentionGroup(root);
      if (group.empty())
        continue;
      cpu::ContractionLoops loops = *matchBatchedContraction(root);
      SmallVector<int64_t> sizes = attentionChunks(root, loops, maxChunks, tileRows);
      int64_t rows = root.getStaticLoopRanges()[loops.m];
      int64_t chunkRows = sizes[loops.m];
      // Rows that are no multiple of the chunk (vit_b_16's 197): the last
      // few become an op of their own, chunked along its batch loops only,
      // so that every chunk of either is static.
      if (chunkRows && rows % chunkRows) {
        rewriter.setInsertionPoint(root);
        auto [head, tail] =
            linalg::splitOp(rewriter, cast<TilingInterface>(root.getOperation()), loops.m,
                            rewriter.getIndexAttr(rows - rows % chunkRows));
        auto tailOp = cast<linalg::LinalgOp>(tail.getOperation());
        (void)cpu::fuseGroupInChunks(rewriter, cast<linalg::LinalgOp>(head.getOperation()), group,
                                     sizes, erased);
        (void)cpu::fuseGroupInChunks(rewriter, tailOp, group,
                                     attentionChunks(tailOp, loops, maxChunks, tileRows), erased);
        continue;
      }
      (void)cpu::fuseGroupInChunks(rewriter, root, group, sizes, erased);
    }
  }
};

} // namespace
} // namespace pt2c
