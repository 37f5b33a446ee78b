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
#include "RowGroups.h"

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/ADT/SetVector.h"

namespace pt2c {

#define GEN_PASS_DEF_FUSEROWS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

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
      if (producer && producer != root && cpu::isRowOp(producer) && group.insert(producer))
        worklist.push_back(producer);
    }
  }
  cpu::keepOnlyGroupReadOps(group, root);
  bool reduces = llvm::any_of(group, [](Operation *op) {
    return cast<linalg::LinalgOp>(op).getNumReductionLoops() > 0;
  });
  if (!reduces)
    group.clear();
  return group;
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
    sizes[d] = cpu::exactChunkSize(ranges[d], maxChunks, chunks);
  }
  return sizes;
}

class FuseRowsPass : public impl::FuseRowsBase<FuseRowsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    cpu::foldUnitDimReshapes(rewriter, getOperation());
    // Roots last to first: a group's root is the last op of the group, and
    // an op fused into a later root's chunks is no root of its own.
    SmallVector<linalg::LinalgOp> roots = cpu::collectRoots(
        getOperation(), minWork, [](linalg::LinalgOp op) { return cpu::isRowOp(op); });
    llvm::SmallPtrSet<Operation *, 16> erased;
    for (linalg::LinalgOp root : llvm::reverse(roots)) {
      if (erased.contains(root))
        continue;
      llvm::SetVector<Operation *> group = rowGroup(root);
      SmallVector<int64_t> sizes = rowChunks(root, maxChunks);
      if (group.empty() || llvm::all_of(sizes, [](int64_t s) { return s == 0; }))
        continue;
      // A group that cannot be tiled, or of which nothing fuses (the
      // chunks cut a dim the group reduces), is left to pt2c-parallelize,
      // op by op.
      (void)cpu::fuseGroupInChunks(rewriter, root, group, sizes, erased);
    }
  }
};

} // namespace
} // namespace pt2c
