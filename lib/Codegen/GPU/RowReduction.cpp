//===- RowReduction.cpp - Warps and blocks per output point for reductions ===//

#include "RowReduction.h"
#include "KernelBody.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

#include <optional>

namespace pt2c {

namespace {

using namespace mlir;
using namespace pt2c::kernel;

constexpr int64_t kWarp = 32;
/// Rows at least this long get a whole block when there are few of them
/// (at most kFewRows, or a dynamic count), at least kLongRow always: a warp
/// per row would leave most of the GPU idle, or one warp a long walk.
constexpr int64_t kBlockRow = 1024, kFewRows = 8192, kLongRow = 8192;

/// The matched reduction: its loop, and the op that folds each element
/// into the accumulator.
struct RowReduction {
  unsigned dim;
  Operation *combiner;
  TypedAttr identity; ///< of the combiner: lanes without elements hold it
};

/// The identity of an associative, commutative combiner on f32 or i32;
/// nullopt for any other op or type (gpu.shuffle moves 32 bits).
std::optional<TypedAttr> identityOf(Operation *op) {
  Type type = op->getResult(0).getType();
  Builder b(op->getContext());
  if (type.isF32()) {
    float inf = std::numeric_limits<float>::infinity();
    if (isa<arith::AddFOp>(op))
      return b.getF32FloatAttr(0.0f);
    if (isa<arith::MulFOp>(op))
      return b.getF32FloatAttr(1.0f);
    if (isa<arith::MaximumFOp, arith::MaxNumFOp>(op))
      return b.getF32FloatAttr(-inf);
    if (isa<arith::MinimumFOp, arith::MinNumFOp>(op))
      return b.getF32FloatAttr(inf);
    return std::nullopt;
  }
  if (type.isInteger(32)) {
    int32_t value;
    if (isa<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(op))
      value = 0;
    else if (isa<arith::MulIOp>(op))
      value = 1;
    else if (isa<arith::AndIOp, arith::MinUIOp>(op))
      value = -1;
    else if (isa<arith::MaxSIOp>(op))
      value = std::numeric_limits<int32_t>::min();
    else if (isa<arith::MinSIOp>(op))
      value = std::numeric_limits<int32_t>::max();
    else
      return std::nullopt;
    return b.getI32IntegerAttr(value);
  }
  return std::nullopt;
}

/// Whether `value` (a memref) steps by one element along its last dim.
bool lastDimContiguous(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && type.getRank() > 0 && type.isLastDimUnitStride();
}

std::optional<RowReduction> matchRowReduction(linalg::GenericOp generic) {
  if (generic.getNumDpsInits() != 1)
    return std::nullopt;
  std::optional<unsigned> dim;
  for (auto [d, iterator] : llvm::enumerate(generic.getIteratorTypesArray()))
    if (iterator != utils::IteratorType::parallel) {
      if (dim)
        return std::nullopt; // several reduction loops
      dim = d;
    }
  if (!dim)
    return std::nullopt;
  SmallVector<int64_t> sizes = generic.getStaticLoopRanges();
  if (!ShapedType::isDynamic(sizes[*dim]) && sizes[*dim] < kWarp)
    return std::nullopt; // a short row: lanes would idle

  // Every input reading along the reduction reads it as its contiguous
  // last dim; at least one does (else the loop only repeats one element).
  bool readsRow = false;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(input);
    if (!map.isFunctionOfDim(*dim))
      continue;
    if (map.getNumResults() == 0 ||
        map.getResults().back() != getAffineDimExpr(*dim, generic.getContext()) ||
        !lastDimContiguous(input->get()))
      return std::nullopt;
    for (AffineExpr expr : map.getResults().drop_back())
      if (expr.isFunctionOfDim(*dim))
        return std::nullopt;
    readsRow = true;
  }
  if (!readsRow)
    return std::nullopt;

  // The accumulator's only use is the combiner, whose result is yielded.
  Block &body = generic.getRegion().front();
  BlockArgument accumulator = generic.getMatchingBlockArgument(generic.getDpsInitOperand(0));
  if (!accumulator.hasOneUse())
    return std::nullopt;
  Operation *combiner = *accumulator.user_begin();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
      yield.getValues()[0] != combiner->getResult(0) ||
      combiner->getOperand(0) == combiner->getOperand(1))
    return std::nullopt;
  std::optional<TypedAttr> identity = identityOf(combiner);
  if (!identity)
    return std::nullopt;
  return RowReduction{*dim, combiner, *identity};
}

/// combiner(a, b), cloned: the combiners are commutative, so which operand
/// was the accumulator does not matter.
Value combine(OpBuilder &b, Operation *combiner, Value lhs, Value rhs) {
  IRMapping mapping;
  mapping.map(combiner->getOperand(0), lhs);
  mapping.map(combiner->getOperand(1), rhs);
  return b.clone(*combiner, mapping)->getResult(0);
}

/// Folds the partials of a warp's 32 lanes: after 5 xor steps every lane
/// holds the warp's result.
Value reduceWarp(OpBuilder &b, Location loc, Operation *combiner, Value partial) {
  for (int32_t offset = kWarp / 2; offset > 0; offset /= 2) {
    auto shuffle =
        gpu::ShuffleOp::create(b, loc, partial, offset, int32_t(kWarp), gpu::ShuffleMode::XOR);
    partial = combine(b, combiner, partial, shuffle.getShuffleResult());
  }
  return partial;
}

/// Whether a block rather than a warp takes each output point.
bool wantsBlock(linalg::GenericOp generic, unsigned reductionDim) {
  SmallVector<int64_t> sizes = generic.getStaticLoopRanges();
  int64_t row = sizes[reductionDim];
  if (ShapedType::isDynamic(row) || row < kBlockRow)
    return false;
  int64_t rows = 1;
  for (auto [dim, size] : llvm::enumerate(sizes)) {
    if (dim == reductionDim)
      continue;
    if (ShapedType::isDynamic(size))
      return true; // unknown: a dynamic batch of long rows
    rows *= size;
  }
  return row >= kLongRow || rows <= kFewRows;
}

} // namespace

bool launchRowReduction(linalg::GenericOp generic, int64_t blockSize, Value initial,
                        IRRewriter &rewriter) {
  std::optional<RowReduction> reduction = matchRowReduction(generic);
  if (!reduction)
    return false;
  Location loc = generic.getLoc();
  rewriter.setInsertionPoint(generic);
  SmallVector<Range> ranges =
      cast<linalg::LinalgOp>(generic.getOperation()).createLoopRanges(rewriter, loc);
  ParallelSpace space = parallelSpace(rewriter, loc, generic, ranges);
  int64_t warpsPerBlock = std::max<int64_t>(1, blockSize / kWarp);
  // A group of threads per output point: a warp, or the whole block.
  bool wholeBlock = wantsBlock(generic, reduction->dim);
  int64_t groupSize = wholeBlock ? warpsPerBlock * kWarp : kWarp;
  int64_t groupsPerBlock = wholeBlock ? 1 : warpsPerBlock;
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(rewriter, loc, value).getResult();
  };
  Value one = constant(1), warp = constant(kWarp), group = constant(groupSize);
  Value groups = constant(groupsPerBlock);
  Value grid = arith::CeilDivUIOp::create(rewriter, loc, space.total, groups);
  auto launch = gpu::LaunchOp::create(rewriter, loc, grid, one, one,
                                      constant(warpsPerBlock * kWarp), one, one);
  Type element = reduction->identity.getType();
  Value shared;
  if (wholeBlock)
    shared = launch.addWorkgroupAttribution(
        MemRefType::get({warpsPerBlock}, element, MemRefLayoutAttrInterface(),
                        gpu::AddressSpaceAttr::get(rewriter.getContext(),
                                                   gpu::AddressSpace::Workgroup)),
        loc);
  rewriter.setInsertionPointToEnd(&launch.getBody().front());
  auto terminator = gpu::TerminatorOp::create(rewriter, loc);
  rewriter.setInsertionPoint(terminator);

  // The output point of this group; the guard is the same for every thread
  // of the group, so every shuffle (and the block's barrier) has them all.
  Value thread = launch.getThreadIds().x;
  Value lane = arith::RemUIOp::create(rewriter, loc, thread, warp);
  Value member = arith::RemUIOp::create(rewriter, loc, thread, group);
  Value groupInBlock = arith::DivUIOp::create(rewriter, loc, thread, group);
  Value point = arith::AddIOp::create(
      rewriter, loc, arith::MulIOp::create(rewriter, loc, launch.getBlockIds().x, groups),
      groupInBlock);
  Value inRange =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, point, space.total);
  auto guard = scf::IfOp::create(rewriter, loc, inRange, /*withElseRegion=*/false);
  rewriter.setInsertionPointToStart(guard.thenBlock());
  SmallVector<Value> loopIndices(generic.getNumLoops());
  delinearize(rewriter, loc, space, point, loopIndices);

  // Each thread folds elements member, member + groupSize, ... into its
  // partial, with the generic's own body (its accumulator is the partial).
  Value identity = arith::ConstantOp::create(rewriter, loc, reduction->identity);
  Value size = getValueOrCreateConstantIndexOp(rewriter, loc, ranges[reduction->dim].size);
  auto loop = scf::ForOp::create(rewriter, loc, member, size, group, ValueRange{identity});
  {
    OpBuilder::InsertionGuard inside(rewriter);
    rewriter.setInsertionPointToStart(loop.getBody());
    loopIndices[reduction->dim] = loop.getInductionVar();
    SmallVector<Value> blockValues = loadInputs(rewriter, loc, generic, loopIndices);
    blockValues.push_back(loop.getRegionIterArgs()[0]);
    SmallVector<Value> next = emitBody(rewriter, generic, blockValues, loopIndices);
    scf::YieldOp::create(rewriter, loc, next);
  }
  loopIndices[reduction->dim] = Value();
  Value partial = reduceWarp(rewriter, loc, reduction->combiner, loop.getResult(0));

  Value zero = constant(0);
  if (wholeBlock) {
    // Lane 0 of each warp leaves its warp's result in shared memory; after
    // the barrier warp 0 folds them (lanes past the warps hold identity).
    Value warpIndex = arith::DivUIOp::create(rewriter, loc, thread, warp);
    Value leader = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, lane, zero);
    auto publish = scf::IfOp::create(rewriter, loc, leader, /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard inside(rewriter);
      rewriter.setInsertionPointToStart(publish.thenBlock());
      memref::StoreOp::create(rewriter, loc, partial, shared, ValueRange{warpIndex});
    }
    gpu::BarrierOp::create(rewriter, loc);
    Value hasWarp = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, lane,
                                          constant(warpsPerBlock));
    Value clamped = arith::SelectOp::create(rewriter, loc, hasWarp, lane, zero);
    Value stored = memref::LoadOp::create(rewriter, loc, shared, ValueRange{clamped});
    Value own = arith::SelectOp::create(rewriter, loc, hasWarp, stored, identity);
    partial = reduceWarp(rewriter, loc, reduction->combiner, own);
  }

  // One thread folds the result into the output's initial value, as the
  // loop would have.
  Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, member, zero);
  auto store = scf::IfOp::create(rewriter, loc, first, /*withElseRegion=*/false);
  rewriter.setInsertionPointToStart(store.thenBlock());
  OpOperand *output = generic.getDpsInitOperand(0);
  SmallVector<Value> indices =
      indicesAt(rewriter, loc, generic.getMatchingIndexingMap(output), loopIndices);
  if (!initial)
    initial = memref::LoadOp::create(rewriter, loc, output->get(), indices);
  Value result = combine(rewriter, reduction->combiner, initial, partial);
  memref::StoreOp::create(rewriter, loc, result, output->get(), indices);
  rewriter.eraseOp(generic);
  return true;
}

} // namespace pt2c
