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
// A chunk's buffer too large for the stack (a convolution chunk's windows,
// pt2c-chunk-convolutions: up to half a megabyte) gets a slot of its own in
// one buffer for the whole loop, allocated before it: one allocation per
// loop instead of one per chunk through that mutex, and no two chunks
// sharing memory.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
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

/// The bytes of a static, identity-layout buffer of numbers; 0 for any
/// other.
int64_t staticBytes(memref::AllocOp alloc) {
  MemRefType type = alloc.getType();
  if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
      !type.getElementType().isIntOrFloat())
    return 0;
  return type.getNumElements() * llvm::divideCeil(type.getElementTypeBitWidth(), 8);
}

/// The static allocations of one iteration of `loop` (not of a loop nested
/// in it that runs in parallel itself) of at most (`small`) or more than
/// (`!small`) `maxBytes`.
SmallVector<memref::AllocOp> chunkAllocations(scf::ParallelOp loop, int64_t maxBytes, bool small) {
  SmallVector<memref::AllocOp> allocs;
  loop.getBody()->walk([&](memref::AllocOp alloc) {
    if (alloc->getParentOfType<scf::ParallelOp>() != loop)
      return;
    int64_t bytes = staticBytes(alloc);
    if (bytes > 0 && (bytes <= maxBytes) == small)
      allocs.push_back(alloc);
  });
  return allocs;
}

/// `loop`'s iteration count when its bounds and steps are constants.
std::optional<int64_t> iterations(scf::ParallelOp loop) {
  int64_t count = 1;
  for (auto [lower, upper, step] :
       llvm::zip(loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
    std::optional<int64_t> l = getConstantIntValue(lower), u = getConstantIntValue(upper),
                           s = getConstantIntValue(step);
    if (!l || !u || !s || *s <= 0 || *u < *l)
      return std::nullopt;
    count *= llvm::divideCeil(*u - *l, *s);
  }
  return count;
}

/// The runtime function giving the team member that runs a parallel loop's
/// iteration (runtime/src/OpenMPShim.c): 0 .. team size - 1, 0 outside a
/// parallel region.
constexpr llvm::StringLiteral kTeamMember = "pt2crt_team_member";

/// The team member running the iteration, as an index, read at the top of
/// `loop`'s body; declares the runtime function in `module` once.
Value teamMember(RewriterBase &rewriter, ModuleOp module, scf::ParallelOp loop) {
  Location loc = loop.getLoc();
  auto type = rewriter.getFunctionType({}, {rewriter.getI32Type()});
  if (!module.lookupSymbol<func::FuncOp>(kTeamMember)) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    auto decl = func::FuncOp::create(rewriter, loc, kTeamMember, type);
    decl.setPrivate();
  }
  rewriter.setInsertionPointToStart(loop.getBody());
  Value member = func::CallOp::create(rewriter, loc, kTeamMember, type.getResults(), ValueRange{})
                     .getResult(0);
  return arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(), member);
}

/// Every allocation in `allocs` (iterations of `loop`) a slot of one buffer
/// allocated before the loop, one slot per team member that runs
/// iterations: slot = member x the slots' bytes (each rounded up to 64),
/// seen through memref.view with the allocation's own type. The runtime
/// shares a loop's iterations out statically, so a member that runs any
/// is one of the first `iterations` members, and it runs its iterations one
/// after another: each reuses its own slot, still in its cache from the
/// iteration before (a slot per iteration made every chunk of a
/// convolution write its half-megabyte window copy to memory no cache
/// held: on one core of the build machine that copy was 11% of resnet50's
/// 3x3 layer at 56x56). Where that buffer would exceed `maxTotal` bytes
/// the allocations stay as they are.
void slotsBeforeLoop(RewriterBase &rewriter, ModuleOp module, scf::ParallelOp loop,
                     ArrayRef<memref::AllocOp> allocs, int64_t maxTotal) {
  std::optional<int64_t> count = iterations(loop);
  if (allocs.empty() || !count)
    return;
  constexpr int64_t kAlignment = 64;
  SmallVector<int64_t> offsets;
  int64_t perIteration = 0;
  for (memref::AllocOp alloc : allocs) {
    offsets.push_back(perIteration);
    perIteration += llvm::alignTo(staticBytes(alloc), kAlignment);
  }
  if (perIteration * *count > maxTotal)
    return;
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  auto bytesType = MemRefType::get({perIteration * *count}, rewriter.getI8Type());
  Value buffer = memref::AllocOp::create(rewriter, loc, bytesType, rewriter.getI64IntegerAttr(kAlignment));
  Value index = teamMember(rewriter, module, loop);
  Value slot = arith::MulIOp::create(rewriter, loc, index,
                                     arith::ConstantIndexOp::create(rewriter, loc, perIteration));
  for (auto [i, alloc] : llvm::enumerate(allocs)) {
    int64_t offset = offsets[i];
    memref::AllocOp op = alloc;
    Value shift = arith::AddIOp::create(rewriter, loc, slot, arith::ConstantIndexOp::create(rewriter, loc, offset));
    auto view = memref::ViewOp::create(rewriter, op.getLoc(), op.getType(), buffer, shift, ValueRange{});
    rewriter.replaceOp(op, view.getResult());
  }
}

class ChunkBuffersOnStackPass : public impl::ChunkBuffersOnStackBase<ChunkBuffersOnStackPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    ModuleOp module = getOperation();
    module.walk([&](scf::ParallelOp loop) {
      // At the top of the body, where the OpenMP lowering leaves them at
      // the top of its loop body, for pt2c-thread-buffers to find.
      Block *body = loop.getBody();
      slotsBeforeLoop(rewriter, module, loop, chunkAllocations(loop, maxBytes, /*small=*/false), maxSlotBytes);
      for (memref::AllocOp alloc : chunkAllocations(loop, maxBytes, /*small=*/true)) {
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
