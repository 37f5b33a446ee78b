//===- MapToGPU.cpp - The pt2c-map-to-gpu pass ----------------------------===//
//
// One gpu.launch per linalg op of a bufferized function: the parallel
// iteration space is linearized over 1-d blocks, one point per thread, the
// innermost loop varying fastest so neighbouring threads touch neighbouring
// elements. Upstream's gpu-map-parallel-loops maps loop dimensions to grid
// dimensions one to one, which gives one thread per block for the leading
// batch dims of size 1 that every model has; linearizing avoids that.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/GPU/Passes.h"

#include "FillFolding.h"
#include "KernelBody.h"
#include "PointEpilogue.h"
#include "RowGroup.h"
#include "RowReduction.h"

#include "pt2c/Conversion/ATenToPrim/DataDependentOutputs.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

#include <functional>

namespace pt2c {

#define GEN_PASS_DEF_MAPTOGPU
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;
using namespace pt2c::kernel;

/// `memref.copy` is a host memcpy after lowering; as a linalg.copy it
/// becomes a kernel like everything else.
void copiesToLinalg(func::FuncOp func, IRRewriter &rewriter) {
  SmallVector<memref::CopyOp> copies;
  func.walk([&](memref::CopyOp copy) { copies.push_back(copy); });
  for (memref::CopyOp copy : copies) {
    rewriter.setInsertionPoint(copy);
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(), copy.getTarget());
  }
}

/// Named ops (fill, copy, transpose, reduce, ...) as linalg.generic.
FailureOr<linalg::GenericOp> generalize(linalg::LinalgOp op, IRRewriter &rewriter) {
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
    return generic;
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::GenericOp> generalized = linalg::generalizeNamedOp(rewriter, op);
  if (failed(generalized))
    return op->emitOpError("cannot be generalized for the GPU"), failure();
  return *generalized;
}

/// One thread's work for the parallel indices already in `loopIndices`:
/// the reduction loops (if any) as scf.for nests carrying the accumulators
/// in registers (outputs do not depend on reduction loops), then the
/// results stored once, and the point's epilogue, if any, done on them.
void emitThreadWork(OpBuilder &b, Location loc, linalg::GenericOp generic,
                    SmallVector<Value> loopIndices, ArrayRef<Range> ranges, Value initial,
                    const PointEpilogue *epilogue) {
  SmallVector<OpOperand *> outputs = llvm::map_to_vector(
      generic.getDpsInitsMutable(), [](OpOperand &operand) { return &operand; });
  SmallVector<SmallVector<Value>> outputIndices;
  SmallVector<Value> accumulators;
  // Reduction loop indices are not known yet; output maps never use them.
  for (OpOperand *output : outputs) {
    outputIndices.push_back(
        indicesAt(b, loc, generic.getMatchingIndexingMap(output), loopIndices));
    // An output the body never reads (most elementwise ops) is not loaded.
    Type element = getElementTypeOrSelf(output->get().getType());
    if (generic.getMatchingBlockArgument(output).use_empty())
      accumulators.push_back(arith::ConstantOp::create(b, loc, b.getZeroAttr(element)));
    else if (initial) // a fill folded in (FillFolding.h); one output then
      accumulators.push_back(initial);
    else
      accumulators.push_back(
          memref::LoadOp::create(b, loc, output->get(), outputIndices.back()));
  }
  SmallVector<unsigned> reductions;
  for (auto [dim, iterator] : llvm::enumerate(generic.getIteratorTypesArray()))
    if (iterator != utils::IteratorType::parallel)
      reductions.push_back(dim);

  std::function<SmallVector<Value>(OpBuilder &, size_t, ValueRange)> nest =
      [&](OpBuilder &builder, size_t level, ValueRange carried) -> SmallVector<Value> {
    if (level == reductions.size()) {
      SmallVector<Value> blockValues = loadInputs(builder, loc, generic, loopIndices);
      blockValues.append(carried.begin(), carried.end());
      return emitBody(builder, generic, blockValues, loopIndices);
    }
    const Range &range = ranges[reductions[level]];
    auto loop = scf::ForOp::create(
        builder, loc, getValueOrCreateConstantIndexOp(builder, loc, range.offset),
        getValueOrCreateConstantIndexOp(builder, loc, range.size),
        getValueOrCreateConstantIndexOp(builder, loc, range.stride), carried);
    OpBuilder inner = OpBuilder::atBlockBegin(loop.getBody());
    loopIndices[reductions[level]] = loop.getInductionVar();
    SmallVector<Value> next = nest(inner, level + 1, loop.getRegionIterArgs());
    scf::YieldOp::create(inner, loc, next);
    return SmallVector<Value>(loop.getResults().begin(), loop.getResults().end());
  };
  SmallVector<Value> results = nest(b, 0, accumulators);
  if (!epilogue || epilogue->storeResult)
    for (auto [output, value, indices] : llvm::zip(outputs, results, outputIndices))
      memref::StoreOp::create(b, loc, value, output->get(), indices);
  if (epilogue)
    emitPointEpilogue(b, loc, *epilogue, results[0], outputIndices[0]);
}

/// Points each thread of a large elementwise launch handles, and how many
/// points make a launch large. One 2-byte load per thread and operand keeps
/// too few bytes in flight to fill an H100's memory pipe (a batch-norm
/// kernel of resnet50 in bfloat16 ran at 1.4 TB/s); four independent
/// points per thread, every load issued before any arithmetic, keep four
/// times as many. Below the threshold a launch already has fewer points
/// than the GPU has thread slots, and splitting them finer wins.
constexpr int64_t kPointsPerThread = 4;
constexpr int64_t kUnrollFrom = int64_t(1) << 20;

/// Whether `generic` is elementwise work worth kPointsPerThread points per
/// thread: parallel loops only, no folded fill, at least kUnrollFrom
/// points in a static space.
std::optional<int64_t> staticPoints(const ParallelSpace &space) {
  int64_t total = 1;
  for (Value count : space.counts) {
    std::optional<int64_t> size = getConstantIntValue(count);
    if (!size)
      return std::nullopt;
    total *= *size;
  }
  return total;
}

bool unrollsPoints(linalg::GenericOp generic, const ParallelSpace &space, Value initial) {
  if (initial || generic.getNumReductionLoops() != 0 || space.dims.empty())
    return false;
  std::optional<int64_t> total = staticPoints(space);
  return total && *total >= kUnrollFrom;
}

/// The launch of an elementwise generic with kPointsPerThread points per
/// thread: block b covers kPointsPerThread * blockSize consecutive points,
/// step k of its threads the k-th blockSize of them (each step coalesced).
/// All points' operands are loaded first (an index past the end reads the
/// last point instead), then each point is computed and stored if it
/// exists.
void launchUnrolled(linalg::GenericOp generic, const ParallelSpace &space, int64_t blockSize,
                    IRRewriter &rewriter) {
  Location loc = generic.getLoc();
  int64_t total = *staticPoints(space);
  int64_t perBlock = blockSize * kPointsPerThread;
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value block = arith::ConstantIndexOp::create(rewriter, loc, blockSize);
  Value grid = arith::ConstantIndexOp::create(rewriter, loc, llvm::divideCeil(total, perBlock));
  auto launch = gpu::LaunchOp::create(rewriter, loc, grid, one, one, block, one, one);
  Block &body = launch.getBody().front();
  rewriter.setInsertionPointToEnd(&body);
  auto terminator = gpu::TerminatorOp::create(rewriter, loc);
  rewriter.setInsertionPoint(terminator);

  Value blockStart = arith::MulIOp::create(
      rewriter, loc, launch.getBlockIds().x,
      arith::ConstantIndexOp::create(rewriter, loc, perBlock));
  Value first = arith::AddIOp::create(rewriter, loc, blockStart, launch.getThreadIds().x);
  Value last = arith::ConstantIndexOp::create(rewriter, loc, total - 1);
  SmallVector<Value> points;
  SmallVector<SmallVector<Value>> indices, blockValues;
  for (int64_t k = 0; k < kPointsPerThread; ++k) {
    Value point = arith::AddIOp::create(
        rewriter, loc, first, arith::ConstantIndexOp::create(rewriter, loc, k * blockSize));
    points.push_back(point);
    Value clamped = arith::MinUIOp::create(rewriter, loc, point, last);
    SmallVector<Value> loopIndices(generic.getNumLoops());
    delinearize(rewriter, loc, space, clamped, loopIndices);
    SmallVector<Value> values = loadInputs(rewriter, loc, generic, loopIndices);
    for (OpOperand &output : generic.getDpsInitsMutable()) {
      Type element = getElementTypeOrSelf(output.get().getType());
      if (generic.getMatchingBlockArgument(&output).use_empty())
        values.push_back(arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(element)));
      else
        values.push_back(memref::LoadOp::create(
            rewriter, loc, output.get(),
            indicesAt(rewriter, loc, generic.getMatchingIndexingMap(&output), loopIndices)));
    }
    indices.push_back(std::move(loopIndices));
    blockValues.push_back(std::move(values));
  }
  for (int64_t k = 0; k < kPointsPerThread; ++k) {
    Value exists = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, points[k],
                                         arith::ConstantIndexOp::create(rewriter, loc, total));
    auto guard = scf::IfOp::create(rewriter, loc, exists, /*withElseRegion=*/false);
    OpBuilder inner = OpBuilder::atBlockBegin(guard.thenBlock());
    SmallVector<Value> results = emitBody(inner, generic, blockValues[k], indices[k]);
    for (auto [output, value] : llvm::zip(generic.getDpsInitsMutable(), results))
      memref::StoreOp::create(
          inner, loc, value, output.get(),
          indicesAt(inner, loc, generic.getMatchingIndexingMap(&output), indices[k]));
  }
  rewriter.eraseOp(generic);
}

/// Replaces `generic` (and its point epilogue, if any) by a gpu.launch
/// with one thread per point of its parallel loops (one thread when it has
/// none).
void launchGeneric(linalg::GenericOp generic, int64_t blockSize, Value initial,
                   const PointEpilogue *epilogue, IRRewriter &rewriter) {
  Location loc = generic.getLoc();
  rewriter.setInsertionPoint(generic);
  SmallVector<Range> ranges =
      cast<linalg::LinalgOp>(generic.getOperation()).createLoopRanges(rewriter, loc);
  ParallelSpace space = parallelSpace(rewriter, loc, generic, ranges);
  if (!epilogue && unrollsPoints(generic, space, initial))
    return launchUnrolled(generic, space, blockSize, rewriter);
  SmallVector<Value> loopIndices(generic.getNumLoops());
  launchPerPoint(rewriter, loc, space, blockSize, loopIndices);
  emitThreadWork(rewriter, loc, generic, loopIndices, ranges, initial, epilogue);
  rewriter.eraseOp(generic);
  if (epilogue)
    rewriter.eraseOp(epilogue->op);
}

/// Appends to `chain` (operands first) the ops that compute `value` from
/// `memref.get_global`s alone, all defined outside `launch`: the global
/// itself, or views of globals (reshape, expand/collapse shape, static
/// subviews, casts) whose every operand is such a value. False when
/// `value` is anything else.
bool globalViewChain(Value value, gpu::LaunchOp launch, SmallVectorImpl<Operation *> &chain) {
  Operation *op = value.getDefiningOp();
  if (!op || launch->isAncestor(op) || op->getNumResults() != 1)
    return false;
  if (llvm::is_contained(chain, op))
    return true;
  if (!isa<memref::GetGlobalOp>(op)) {
    if (!isa<ViewLikeOpInterface>(op) || op->getNumOperands() == 0)
      return false;
    for (Value operand : op->getOperands())
      if (!globalViewChain(operand, launch, chain))
        return false;
  }
  chain.push_back(op);
  return true;
}

/// Constant tables (`memref.get_global` of a bufferized dense constant,
/// e.g. upsampling's source indices) live in host memory; a kernel reads
/// its own copy, which outlining moves into the GPU module. A view of a
/// table (a gather index reshaped or sliced) is cloned in with it: left
/// outside, the kernel got the host address (CUDA_ERROR_ILLEGAL_ADDRESS,
/// symmetric eigen's row gathers, 2026-11-28).
void getGlobalsInsideLaunches(func::FuncOp func, IRRewriter &rewriter) {
  func.walk([&](gpu::LaunchOp launch) {
    llvm::SmallDenseMap<Value, Value> local;
    launch.getBody().walk([&](Operation *op) {
      for (OpOperand &operand : op->getOpOperands()) {
        Value &copy = local[operand.get()];
        if (!copy) {
          SmallVector<Operation *> chain;
          if (!globalViewChain(operand.get(), launch, chain)) {
            local.erase(operand.get());
            continue;
          }
          rewriter.setInsertionPointToStart(&launch.getBody().front());
          IRMapping mapping;
          for (Operation *link : chain)
            rewriter.clone(*link, mapping);
          copy = mapping.lookup(operand.get());
        }
        rewriter.modifyOpInPlace(op, [&] { operand.set(copy); });
      }
    });
  });
}

bool isInsideLaunch(Operation *op) { return op->getParentOfType<gpu::LaunchOp>() != nullptr; }

/// Whether `memory` is an argument of `func` marked `pt2c.symbol_value`:
/// host memory the runtime passes for a data-dependent size.
bool isHostSymbolSlot(func::FuncOp func, Value memory) {
  auto argument = dyn_cast<BlockArgument>(memory);
  return argument && argument.getOwner()->getParentOp() == func &&
         func.getArgAttr(argument.getArgNumber(), kSymbolValueAttr);
}

struct MapToGPUPass : impl::MapToGPUBase<MapToGPUPass> {
  using MapToGPUBase::MapToGPUBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // Private functions are the host helpers of buffer deallocation.
    if (func.isPrivate() || func.isDeclaration())
      return;
    IRRewriter rewriter(&getContext());
    fillCopiesOfFilledBuffers(func, rewriter);
    copiesToLinalg(func, rewriter);
    llvm::DenseMap<Operation *, Value> initial = foldFillsIntoNextOps(func, rewriter);

    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
    SmallVector<GenericWithInitial> generics;
    for (linalg::LinalgOp op : ops) {
      if (!op.hasPureBufferSemantics()) {
        op->emitOpError("on tensors left after bufferization");
        return signalPassFailure();
      }
      Value init = initial.lookup(op);
      FailureOr<linalg::GenericOp> generic = generalize(op, rewriter);
      if (failed(generic))
        return signalPassFailure();
      generics.push_back({*generic, init});
    }
    llvm::DenseSet<Operation *> grouped;
    if (warpReductions && rowGroups)
      for (const SmallVector<GenericWithInitial> &group : findRowGroups(generics)) {
        for (const GenericWithInitial &member : group)
          grouped.insert(member.op);
        launchRowGroup(group, blockSize, rewriter);
      }
    llvm::DenseMap<Operation *, Value> initialOf;
    for (const GenericWithInitial &g : generics)
      initialOf[g.op] = g.initial;
    llvm::DenseSet<Operation *> doneByProducer; // point epilogues
    for (const GenericWithInitial &g : generics) {
      if (grouped.contains(g.op) || doneByProducer.contains(g.op))
        continue;
      if (warpReductions && launchRowReduction(g.op, blockSize, g.initial, rewriter))
        continue;
      std::optional<PointEpilogue> epilogue;
      if (pointEpilogues)
        epilogue = matchPointEpilogue(g.op);
      // The epilogue must be an op of this list, launched on its own
      // otherwise, with no fill folded into it.
      if (epilogue && (!initialOf.contains(epilogue->op) || initialOf.lookup(epilogue->op) ||
                       grouped.contains(epilogue->op)))
        epilogue.reset();
      if (epilogue) {
        doneByProducer.insert(epilogue->op);
        hoistAboveProducer(g.op, *epilogue);
      }
      launchGeneric(g.op, blockSize, g.initial, epilogue ? &*epilogue : nullptr, rewriter);
    }

    getGlobalsInsideLaunches(func, rewriter);

    // Anything that reads or writes memory outside a launch would touch
    // device memory from the host.
    WalkResult leftover = func.walk([&](Operation *op) {
      if (isInsideLaunch(op) || isa<func::FuncOp>(op))
        return WalkResult::advance();
      Value memory;
      if (auto load = dyn_cast<memref::LoadOp>(op))
        memory = load.getMemRef();
      if (auto store = dyn_cast<memref::StoreOp>(op))
        memory = store.getMemRef();
      // Stack buffers are host memory (the deallocation helpers use them),
      // and so are the data-dependent sizes' out-params (the runtime's
      // symbol slots, written with what pt2c-device-scalar-reads read).
      if (memory && !memory.getDefiningOp<memref::AllocaOp>() &&
          !isHostSymbolSlot(func, memory)) {
        op->emitOpError("would access device memory from the host");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (leftover.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace

} // namespace pt2c
