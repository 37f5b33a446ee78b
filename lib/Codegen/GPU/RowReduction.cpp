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

using namespace mlir;
using namespace pt2c::kernel;

namespace {

/// Rows at least this long get a whole block when there are few of them
/// (at most kFewRows, or a dynamic count), at least kLongRow always: a warp
/// per row would leave most of the GPU idle, or one warp a long walk.
constexpr int64_t kBlockRow = 1024, kFewRows = 8192, kLongRow = 8192;

/// The identity of an associative, commutative combiner on a 32- or 64-bit
/// float or integer; nullopt for any other op or type (shuffleXor moves
/// those).
std::optional<TypedAttr> identityOf(Operation *op) {
  Type type = op->getResult(0).getType();
  Builder b(op->getContext());
  if (!type.isIntOrFloat() ||
      (type.getIntOrFloatBitWidth() != 32 && type.getIntOrFloatBitWidth() != 64))
    return std::nullopt;
  if (isa<FloatType>(type)) {
    double inf = std::numeric_limits<double>::infinity();
    if (isa<arith::AddFOp>(op))
      return b.getFloatAttr(type, 0.0);
    if (isa<arith::MulFOp>(op))
      return b.getFloatAttr(type, 1.0);
    if (isa<arith::MaximumFOp, arith::MaxNumFOp>(op))
      return b.getFloatAttr(type, -inf);
    if (isa<arith::MinimumFOp, arith::MinNumFOp>(op))
      return b.getFloatAttr(type, inf);
    return std::nullopt;
  }
  unsigned width = type.getIntOrFloatBitWidth();
  APInt value;
  if (isa<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(op))
    value = APInt::getZero(width);
  else if (isa<arith::MulIOp>(op))
    value = APInt(width, 1);
  else if (isa<arith::AndIOp, arith::MinUIOp>(op))
    value = APInt::getAllOnes(width);
  else if (isa<arith::MaxSIOp>(op))
    value = APInt::getSignedMinValue(width);
  else if (isa<arith::MinSIOp>(op))
    value = APInt::getSignedMaxValue(width);
  else
    return std::nullopt;
  return b.getIntegerAttr(type, value);
}

/// `value` from the lane `offset` away in xor order. NVVM's shuffle moves
/// 32 bits: a 64-bit value goes as its two halves.
Value shuffleXor(OpBuilder &b, Location loc, Value value, int32_t offset) {
  auto shuffle = [&](Value bits) {
    return gpu::ShuffleOp::create(b, loc, bits, offset, int32_t(kWarp), gpu::ShuffleMode::XOR)
        .getShuffleResult();
  };
  Type type = value.getType();
  if (type.getIntOrFloatBitWidth() == 32)
    return shuffle(value);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value bits = isa<FloatType>(type) ? arith::BitcastOp::create(b, loc, i64, value) : value;
  Value thirtyTwo = arith::ConstantIntOp::create(b, loc, i64, 32);
  Value low = shuffle(arith::TruncIOp::create(b, loc, i32, bits));
  Value high =
      shuffle(arith::TruncIOp::create(b, loc, i32, arith::ShRUIOp::create(b, loc, bits, thirtyTwo)));
  Value joined = arith::OrIOp::create(
      b, loc, arith::ExtUIOp::create(b, loc, i64, low),
      arith::ShLIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i64, high), thirtyTwo));
  return isa<FloatType>(type) ? arith::BitcastOp::create(b, loc, type, joined).getResult()
                              : joined;
}

/// Whether `value` (a memref) steps by one element along its last dim.
bool lastDimContiguous(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && type.getRank() > 0 && type.isLastDimUnitStride();
}

} // namespace

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

Value combine(OpBuilder &b, Operation *combiner, Value lhs, Value rhs) {
  IRMapping mapping;
  mapping.map(combiner->getOperand(0), lhs);
  mapping.map(combiner->getOperand(1), rhs);
  return b.clone(*combiner, mapping)->getResult(0);
}

Value reduceWarp(OpBuilder &b, Location loc, Operation *combiner, Value partial) {
  for (int32_t offset = kWarp / 2; offset > 0; offset /= 2)
    partial = combine(b, combiner, partial, shuffleXor(b, loc, partial, offset));
  return partial;
}

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

Value reduceBlock(OpBuilder &b, Location loc, Operation *combiner, Value warpResult,
                  Value shared, Value thread, int64_t warpsPerBlock, Value identity) {
  // Lane 0 of each warp leaves its warp's result in shared memory; after
  // the barrier every warp folds them (lanes past the warps hold identity).
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value).getResult();
  };
  Value zero = constant(0), warp = constant(kWarp);
  Value lane = arith::RemUIOp::create(b, loc, thread, warp);
  Value warpIndex = arith::DivUIOp::create(b, loc, thread, warp);
  Value leader = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
  auto publish = scf::IfOp::create(b, loc, leader, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard inside(b);
    b.setInsertionPointToStart(publish.thenBlock());
    memref::StoreOp::create(b, loc, warpResult, shared, ValueRange{warpIndex});
  }
  gpu::BarrierOp::create(b, loc);
  Value hasWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lane,
                                        constant(warpsPerBlock));
  Value clamped = arith::SelectOp::create(b, loc, hasWarp, lane, zero);
  Value stored = memref::LoadOp::create(b, loc, shared, ValueRange{clamped});
  Value own = arith::SelectOp::create(b, loc, hasWarp, stored, identity);
  return reduceWarp(b, loc, combiner, own);
}

Value RowLaunch::addShared(OpBuilder &b, Type element) {
  return launch.addWorkgroupAttribution(
      MemRefType::get({warpsPerBlock}, element, MemRefLayoutAttrInterface(),
                      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup)),
      launch.getLoc());
}

RowLaunch beginRowLaunch(OpBuilder &b, Location loc, const ParallelSpace &space,
                         bool wholeBlock, int64_t blockSize, unsigned numLoops) {
  RowLaunch row;
  row.wholeBlock = wholeBlock;
  row.warpsPerBlock = std::max<int64_t>(1, blockSize / kWarp);
  // A group of threads per output point: a warp, or the whole block.
  row.groupSize = wholeBlock ? row.warpsPerBlock * kWarp : kWarp;
  int64_t groupsPerBlock = wholeBlock ? 1 : row.warpsPerBlock;
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value).getResult();
  };
  Value one = constant(1), group = constant(row.groupSize);
  Value groups = constant(groupsPerBlock);
  Value grid = arith::CeilDivUIOp::create(b, loc, space.total, groups);
  row.launch = gpu::LaunchOp::create(b, loc, grid, one, one,
                                     constant(row.warpsPerBlock * kWarp), one, one);
  b.setInsertionPointToEnd(&row.launch.getBody().front());
  auto terminator = gpu::TerminatorOp::create(b, loc);
  b.setInsertionPoint(terminator);

  // The output point of this group; the guard is the same for every thread
  // of the group, so every shuffle (and the block's barrier) has them all.
  row.thread = row.launch.getThreadIds().x;
  row.member = arith::RemUIOp::create(b, loc, row.thread, group);
  Value groupInBlock = arith::DivUIOp::create(b, loc, row.thread, group);
  Value point = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, row.launch.getBlockIds().x, groups), groupInBlock);
  row.point = point;
  Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, point, space.total);
  auto guard = scf::IfOp::create(b, loc, inRange, /*withElseRegion=*/false);
  b.setInsertionPointToStart(guard.thenBlock());
  row.loopIndices.assign(numLoops, Value());
  delinearize(b, loc, space, point, row.loopIndices);
  return row;
}

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
  RowLaunch row = beginRowLaunch(rewriter, loc, space, wantsBlock(generic, reduction->dim),
                                 blockSize, generic.getNumLoops());
  Value shared;
  if (row.wholeBlock)
    shared = row.addShared(rewriter, reduction->identity.getType());
  SmallVector<Value> &loopIndices = row.loopIndices;
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(rewriter, loc, value).getResult();
  };
  Value member = row.member, group = constant(row.groupSize);

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
  if (row.wholeBlock)
    partial = reduceBlock(rewriter, loc, reduction->combiner, partial, shared, row.thread,
                          row.warpsPerBlock, identity);

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
