//===- ParallelizeBuffers.cpp - The pt2c-parallelize-buffers pass ---------===//
//
// The work bufferization and the out-parameter rewrite add to the CPU code
// (copies, a pad's fill), split into chunks for the thread pool (see
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Chunking.h"

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace pt2c {

#define GEN_PASS_DEF_PARALLELIZEBUFFERS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

bool identityLayout(MemRefType type) { return type.getLayout().isIdentity(); }

/// Copies `from` into `to` (same shape): memref.copy where both are
/// contiguous row-major (it becomes a memcpy), else a linalg.copy, whose
/// loops LLVM vectorizes (memref.copy of strided views calls a generic
/// element-by-element copy).
void emitCopy(OpBuilder &builder, Location loc, Value from, Value to, bool contiguous) {
  if (contiguous)
    memref::CopyOp::create(builder, loc, from, to);
  else
    linalg::CopyOp::create(builder, loc, from, to);
}

struct ParallelizeBuffers : impl::ParallelizeBuffersBase<ParallelizeBuffers> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> work;
    getOperation().walk([&](Operation *op) {
      if (!isa<memref::CopyOp, linalg::LinalgOp>(op) || op->getParentOfType<scf::ParallelOp>() ||
          op->getParentOfType<scf::ForallOp>() || op->getParentOfType<linalg::LinalgOp>())
        return;
      auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      if (linalgOp && !linalgOp.hasPureBufferSemantics())
        return;
      work.push_back(op);
    });
    for (Operation *op : work) {
      if (auto copy = dyn_cast<memref::CopyOp>(op))
        rewrite(copy);
      else
        chunk(cast<linalg::LinalgOp>(op));
    }
  }

  /// A linalg op on buffers (a pad's fill written as linalg.map, say) cut
  /// along pt2c-parallelize's loop into an scf.parallel of chunks.
  void chunk(linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (cpu::iterationPoints(ranges) < minWork)
      return;
    std::optional<unsigned> loop = cpu::chooseLoop(op, ranges);
    if (!loop)
      return;
    IRRewriter rewriter(op);
    SmallVector<OpFoldResult> tileSizes(ranges.size(), rewriter.getIndexAttr(0));
    tileSizes[*loop] = rewriter.getIndexAttr(cpu::chunkSize(ranges[*loop], maxChunks));
    scf::SCFTilingOptions options;
    options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
    options.setTileSizes(tileSizes);
    FailureOr<scf::SCFTilingResult> tiled =
        scf::tileUsingSCF(rewriter, cast<TilingInterface>(op.getOperation()), options);
    // An op that cannot be tiled runs on one thread: slower, not wrong.
    if (failed(tiled) || tiled->loops.size() != 1)
      return;
    auto forall = cast<scf::ForallOp>(tiled->loops.front());
    rewriter.eraseOp(op);
    (void)scf::forallToParallelLoop(rewriter, forall);
  }

  void rewrite(memref::CopyOp copy) {
    auto sourceType = dyn_cast<MemRefType>(copy.getSource().getType());
    auto targetType = dyn_cast<MemRefType>(copy.getTarget().getType());
    if (!sourceType || !targetType)
      return;
    bool contiguous = identityLayout(sourceType) && identityLayout(targetType);
    OpBuilder builder(copy);
    Location loc = copy.getLoc();
    std::optional<unsigned> dim;
    if (sourceType.hasStaticShape() && targetType.hasStaticShape() &&
        sourceType.getNumElements() >= minWork)
      for (unsigned d = 0; d < sourceType.getRank() && !dim; ++d)
        if (sourceType.getDimSize(d) >= 2)
          dim = d;
    if (!dim) {
      // One thread; a strided one still becomes loops LLVM vectorizes.
      if (!contiguous) {
        emitCopy(builder, loc, copy.getSource(), copy.getTarget(), false);
        copy.erase();
      }
      return;
    }
    // Chunks along the outermost dim with 2 or more elements: each chunk a
    // contiguous run of rows when the buffers are contiguous.
    int64_t extent = sourceType.getDimSize(*dim);
    int64_t size = cpu::chunkSize(extent, maxChunks);
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value upper = arith::ConstantIndexOp::create(builder, loc, extent);
    Value step = arith::ConstantIndexOp::create(builder, loc, size);
    auto loop = scf::ParallelOp::create(builder, loc, ValueRange{zero}, ValueRange{upper},
                                        ValueRange{step});
    OpBuilder body = OpBuilder::atBlockBegin(loop.getBody());
    Value start = loop.getInductionVars()[0];
    OpFoldResult rows = body.getIndexAttr(size);
    if (extent % size != 0) {
      AffineExpr i = body.getAffineDimExpr(0);
      AffineMap remaining = AffineMap::get(
          1, 0, {body.getAffineConstantExpr(size), body.getAffineConstantExpr(extent) - i},
          body.getContext());
      rows = affine::AffineMinOp::create(body, loc, remaining, ValueRange{start}).getResult();
    }
    SmallVector<OpFoldResult> offsets(sourceType.getRank(), body.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes, strides(sourceType.getRank(), body.getIndexAttr(1));
    for (int64_t extentOfDim : sourceType.getShape())
      sizes.push_back(body.getIndexAttr(extentOfDim));
    offsets[*dim] = start;
    sizes[*dim] = rows;
    Value from = memref::SubViewOp::create(body, loc, copy.getSource(), offsets, sizes, strides);
    Value to = memref::SubViewOp::create(body, loc, copy.getTarget(), offsets, sizes, strides);
    // A ragged chunk has a dynamic shape, which memref.copy does not
    // lower to a memcpy.
    emitCopy(body, loc, from, to, contiguous && extent % size == 0);
    copy.erase();
  }
};

} // namespace
} // namespace pt2c
