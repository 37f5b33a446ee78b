//===- ChunkBuffersOnStack.cpp - Chunk buffers on each thread's stack -----===//
//
// A chunk of a parallel loop that computes a row group (pt2c-fuse-rows)
// keeps its intermediates (the centred rows of a layer norm, a softmax's
// exponentials, the rows' statistics) in buffers of its own. From the heap
// every chunk would allocate and free them through the run's scratch
// cache, whose mutex 16 threads then queue on. pt2c-chunk-buffers-on-stack
// makes them stack buffers at the top of the chunk's body, before the
// deallocation pipeline; after the OpenMP lowering pt2c-thread-buffers
// moves them to the start of the parallel region, so each thread makes
// them once and reuses them for every chunk it runs (a stack buffer inside
// the loop would grow the stack by its size per chunk).
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace pt2c {

#define GEN_PASS_DEF_CHUNKBUFFERSONSTACK
#define GEN_PASS_DEF_THREADBUFFERS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// The allocations of one iteration of `loop` (not of a loop nested in it
/// that runs in parallel itself) small and static enough for the stack.
SmallVector<memref::AllocOp> stackable(scf::ParallelOp loop, int64_t maxBytes) {
  SmallVector<memref::AllocOp> allocs;
  loop.getBody()->walk([&](memref::AllocOp alloc) {
    if (alloc->getParentOfType<scf::ParallelOp>() != loop)
      return;
    MemRefType type = alloc.getType();
    if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
        !type.getElementType().isIntOrFloat())
      return;
    int64_t bytes = type.getNumElements() * llvm::divideCeil(type.getElementTypeBitWidth(), 8);
    if (bytes <= maxBytes)
      allocs.push_back(alloc);
  });
  return allocs;
}

class ChunkBuffersOnStackPass : public impl::ChunkBuffersOnStackBase<ChunkBuffersOnStackPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](scf::ParallelOp loop) {
      // At the top of the body, where the OpenMP lowering leaves them at
      // the top of its loop body, for pt2c-thread-buffers to find.
      Block *body = loop.getBody();
      for (memref::AllocOp alloc : stackable(loop, maxBytes)) {
        rewriter.setInsertionPointToStart(body);
        auto alloca = memref::AllocaOp::create(rewriter, alloc.getLoc(), alloc.getType(),
                                               alloc.getAlignmentAttr());
        rewriter.replaceOp(alloc, alloca.getResult());
      }
    });
  }
};

/// Moves the static stack buffers of `block` to the start of `threadEntry`.
void moveStaticAllocas(Block &block, Block &threadEntry) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    auto alloca = dyn_cast<memref::AllocaOp>(op);
    if (alloca && alloca.getDynamicSizes().empty() && alloca.getSymbolOperands().empty())
      alloca->moveBefore(&threadEntry, threadEntry.begin());
  }
}

class ThreadBuffersPass : public impl::ThreadBuffersBase<ThreadBuffersPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](omp::LoopNestOp nest) {
      auto parallel = nest->getParentOfType<omp::ParallelOp>();
      if (!parallel)
        return;
      Block &threadEntry = parallel.getRegion().front();
      Block &body = nest.getRegion().front();
      moveStaticAllocas(body, threadEntry);
      // convert-scf-to-openmp wraps a body with stack buffers in an
      // alloca_scope; with them gone it only holds the body, and as a
      // single-block op it would not survive the loops inside it becoming
      // blocks (convert-scf-to-cf).
      for (auto scope : llvm::make_early_inc_range(body.getOps<memref::AllocaScopeOp>())) {
        if (scope.getNumResults() != 0)
          continue;
        Block &inner = scope.getBodyRegion().front();
        moveStaticAllocas(inner, threadEntry);
        bool allocasLeft = false;
        inner.walk([&](memref::AllocaOp alloca) {
          if (alloca->getParentOfType<memref::AllocaScopeOp>() == scope)
            allocasLeft = true;
        });
        if (allocasLeft)
          continue;
        rewriter.eraseOp(inner.getTerminator());
        rewriter.inlineBlockBefore(&inner, scope);
        rewriter.eraseOp(scope);
      }
    });
  }
};

} // namespace
} // namespace pt2c
