//===- RowGroup.cpp - Row reductions and their row-wise neighbours in one kernel ===//

#include "RowGroup.h"
#include "KernelBody.h"
#include "BoundedAffine.h"
#include "RowReduction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <optional>

namespace pt2c {

using namespace mlir;
using namespace pt2c::kernel;

namespace {

/// A member's kind: a row reduction (its reduction the last loop) or
/// elementwise over the rows and their columns.
std::optional<RowReduction> rowReductionOverLastLoop(linalg::GenericOp op) {
  std::optional<RowReduction> reduction = matchRowReduction(op);
  if (!reduction || reduction->dim + 1 != op.getNumLoops())
    return std::nullopt;
  return reduction;
}

bool isElementwise(linalg::GenericOp op) {
  return op.getNumDpsInits() >= 1 && op.getNumReductionLoops() == 0;
}

/// A static, row-major memref type (what a linear offset can be read from).
bool isDenseStatic(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.hasStaticShape() && memref.getLayout().isIdentity();
}

/// The buffer whose memory `value` is, seen through views that keep every
/// element's linear offset (reshapes and casts of dense static buffers);
/// null when some view on the way does not.
Value denseRoot(Value value) {
  while (true) {
    if (!isDenseStatic(value.getType()))
      return Value();
    Operation *view = value.getDefiningOp();
    if (!isa_and_nonnull<memref::ReshapeOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
                         memref::CastOp>(view))
      return value;
    value = view->getOperand(0);
  }
}

/// Where an access lands, in terms of the group's rows: the linear offset
/// row * `row` + column * `column` + `constant`, with `row` the point's
/// row-major index over the op's leading loops and `column` its last loop.
/// Two members with the same rows and row length (whatever their loop
/// nests: [32, 128] and [2, 16, 128] alike) touch the same element at the
/// same (row, column) exactly when their positions are equal.
struct RowPosition {
  int64_t row, column, constant;
  bool operator==(const RowPosition &other) const {
    return row == other.row && column == other.column && constant == other.constant;
  }
};

/// The position of the element `map` reads in a dense static buffer of
/// `type`, for an op with loop sizes `sizes` (the last the column); nullopt
/// when its offset is not of that form (a transposed read, a gather).
std::optional<RowPosition> rowPosition(AffineMap map, MemRefType type,
                                       ArrayRef<int64_t> sizes) {
  AffineExpr offset = getAffineConstantExpr(0, map.getContext());
  int64_t stride = 1;
  for (int64_t i = type.getRank() - 1; i >= 0; --i) {
    offset = offset + map.getResult(i) * stride;
    stride *= type.getDimSize(i);
  }
  std::optional<LinearForm> form = linearForm(
      simplifyAffineExpr(offset, map.getNumDims(), map.getNumSymbols()), map.getNumDims());
  if (!form)
    return std::nullopt;
  // Row-major over the leading loops: loop i's coefficient is the row
  // coefficient times the sizes of the loops after it (up to the column);
  // loops of size 1 are always 0, their coefficients free.
  int64_t column = int64_t(sizes.size()) - 1;
  std::optional<int64_t> rowCoefficient;
  int64_t below = 1;
  for (int64_t i = column - 1; i >= 0; --i) {
    if (sizes[i] != 1) {
      int64_t c = form->coefficients[i];
      if (!rowCoefficient) {
        if (c % below != 0)
          return std::nullopt;
        rowCoefficient = c / below;
      }
      if (c != *rowCoefficient * below)
        return std::nullopt;
    }
    below *= sizes[i];
  }
  return RowPosition{rowCoefficient.value_or(0), form->coefficients[column], form->constant};
}

/// One operand of a member: the memory it touches and where.
struct Access {
  Value root;
  std::optional<RowPosition> position;
  size_t member;
  bool write;
  bool reductionResult; ///< written once per row, by every thread of its group
};

/// The accesses of `op` (member `index`); nullopt when one of its buffers
/// is not dense and static.
std::optional<SmallVector<Access>> accessesOf(linalg::GenericOp op, size_t index,
                                              bool reduction) {
  SmallVector<Access> accesses;
  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<MemRefType>(operand.get().getType()))
      continue; // a scalar
    Value root = denseRoot(operand.get());
    if (!root)
      return std::nullopt;
    bool write = op.isDpsInit(&operand);
    accesses.push_back({root,
                        rowPosition(op.getMatchingIndexingMap(&operand),
                                    cast<MemRefType>(operand.get().getType()), sizes),
                        index, write, write && reduction});
  }
  return accesses;
}

/// Whether `a` and `b` (same root, at least one a write) are safe in one
/// kernel: see RowGroup.h.
bool safePair(const Access &a, const Access &b) {
  const Access &writer = a.write ? a : b;
  const Access &other = a.write ? b : a;
  if (!writer.position || !other.position || !(*writer.position == *other.position))
    return false;
  if (writer.reductionResult) // read back only by later members
    return !other.write && other.member > writer.member;
  return !other.reductionResult;
}

/// Whether every pair of accesses to one buffer, at least one a write, is
/// safe.
bool safeAccesses(ArrayRef<Access> accesses) {
  for (size_t i = 0; i < accesses.size(); ++i)
    for (size_t j = i + 1; j < accesses.size(); ++j) {
      const Access &a = accesses[i], &b = accesses[j];
      if (a.root != b.root || (!a.write && !b.write))
        continue;
      if (!safePair(a, b))
        return false;
    }
  return true;
}

/// Whether the ops strictly between `from` and `to` (same block) leave the
/// group's memory alone: allocations, views and other pure ops, and
/// deallocations of buffers no member touches.
bool onlyHarmlessOpsBetween(Operation *from, Operation *to, ArrayRef<Access> accesses) {
  for (Operation *op = from->getNextNode(); op && op != to; op = op->getNextNode()) {
    // memref.reshape reads its shape operand (a host buffer), so it is not
    // pure; it and the other views touch no element.
    if (isa<memref::AllocOp, memref::AllocaOp, ViewLikeOpInterface>(op) ||
        isMemoryEffectFree(op))
      continue;
    if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      Value root = denseRoot(dealloc.getMemref());
      if (root && llvm::none_of(accesses, [&](const Access &a) { return a.root == root; }))
        continue;
    }
    return false;
  }
  return true;
}

/// Rows and row length of an op with static loop sizes `sizes` (the last
/// the column); nullopt when it has no leading loop, a dynamic size or rows
/// shorter than a warp.
std::optional<std::pair<int64_t, int64_t>> rowShape(ArrayRef<int64_t> sizes) {
  if (sizes.size() < 2 || ShapedType::isDynamicShape(sizes) || sizes.back() < kWarp)
    return std::nullopt;
  int64_t rows = 1;
  for (int64_t size : sizes.drop_back())
    rows *= size;
  return std::make_pair(rows, sizes.back());
}

/// The row-major space of `op`'s leading loops (all parallel), whose point
/// is the row.
ParallelSpace rowSpace(OpBuilder &b, Location loc, linalg::GenericOp op) {
  ParallelSpace space;
  space.total = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  for (unsigned dim = 0; dim + 1 < sizes.size(); ++dim) {
    Value count = arith::ConstantIndexOp::create(b, loc, sizes[dim]);
    space.dims.push_back(dim);
    space.counts.push_back(count);
    space.total = arith::MulIOp::create(b, loc, space.total, count);
  }
  return space;
}

/// Threads the GPU keeps in flight at once, about (an H100: 132 SMs of
/// 2048 threads). A group kernel does all of a row's work with the threads
/// its row gets; a warp per row leaves most of that idle at a transformer's
/// 1024 rows (measured: bert-base's layer norms as warp-per-row groups ran
/// slower than their three separate kernels).
constexpr int64_t kThreadsInFlight = int64_t(1) << 18;

/// The block of a group kernel and whether the whole block takes one row:
/// enough threads per row (a power of two, at least a warp, at most
/// `maxThreads` rounded down to warps and 1024) for kThreadsInFlight in all,
/// but not more than the row has warps' worth of columns; rows that would
/// take more still get a block when wantsBlock says so (long rows).
std::pair<int64_t, bool> threadsPerRow(linalg::GenericOp op, int64_t maxThreads) {
  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  int64_t rows = 1;
  for (int64_t size : ArrayRef<int64_t>(sizes).drop_back())
    rows *= size;
  int64_t limit = std::min<int64_t>(1024, std::max<int64_t>(kWarp, maxThreads / kWarp * kWarp));
  limit = std::min<int64_t>(limit, llvm::divideCeil(sizes.back(), kWarp) * kWarp);
  int64_t threads = kWarp;
  while (threads * 2 <= limit && rows * threads < kThreadsInFlight)
    threads *= 2;
  if (threads > kWarp)
    return {threads, true};
  if (wantsBlock(op, sizes.size() - 1))
    return {maxThreads, true};
  return {maxThreads, false};
}

} // namespace

SmallVector<SmallVector<GenericWithInitial>> findRowGroups(ArrayRef<GenericWithInitial> ops) {
  SmallVector<SmallVector<GenericWithInitial>> groups;
  size_t start = 0;
  while (start < ops.size()) {
    SmallVector<GenericWithInitial> group;
    SmallVector<Access> accesses;
    std::optional<std::pair<int64_t, int64_t>> shape;
    bool hasReduction = false;
    for (size_t i = start; i < ops.size(); ++i) {
      linalg::GenericOp op = ops[i].op;
      std::optional<RowReduction> reduction = rowReductionOverLastLoop(op);
      if (!reduction && !isElementwise(op))
        break;
      std::optional<std::pair<int64_t, int64_t>> opShape = rowShape(op.getStaticLoopRanges());
      if (!opShape)
        break;
      if (group.empty()) {
        shape = opShape;
      } else {
        Operation *previous = group.back().op;
        if (opShape != shape || previous->getBlock() != op->getBlock() ||
            !onlyHarmlessOpsBetween(previous, op, accesses))
          break;
      }
      std::optional<SmallVector<Access>> own = accessesOf(op, group.size(), bool(reduction));
      if (!own)
        break;
      SmallVector<Access> extended = accesses;
      extended.append(own->begin(), own->end());
      if (!safeAccesses(extended))
        break;
      accesses = std::move(extended);
      group.push_back(ops[i]);
      hasReduction |= bool(reduction);
    }
    if (group.size() >= 2 && hasReduction) {
      start += group.size();
      groups.push_back(std::move(group));
    } else {
      ++start;
    }
  }
  return groups;
}

void launchRowGroup(ArrayRef<GenericWithInitial> group, int64_t blockSize,
                    IRRewriter &rewriter) {
  linalg::GenericOp last = group.back().op;
  Location loc = last.getLoc();
  rewriter.setInsertionPoint(last);
  // Rows and their length are the same for every member; whether a warp or
  // a block takes a row is the first reduction's choice.
  const GenericWithInitial *first = llvm::find_if(group, [](const GenericWithInitial &m) {
    return rowReductionOverLastLoop(m.op).has_value();
  });
  linalg::GenericOp reductionOp = first->op;
  ParallelSpace rows = rowSpace(rewriter, loc, reductionOp);
  Value size = arith::ConstantIndexOp::create(rewriter, loc,
                                              reductionOp.getStaticLoopRanges().back());
  auto [blockThreads, wholeBlock] = threadsPerRow(reductionOp, blockSize);
  RowLaunch row = beginRowLaunch(rewriter, loc, rows, wholeBlock, blockThreads,
                                 reductionOp.getNumLoops());
  Value step = arith::ConstantIndexOp::create(rewriter, loc, row.groupSize);

  for (const GenericWithInitial &member : group) {
    linalg::GenericOp op = member.op;
    // The member's own loop indices for this row (its leading loops may
    // split the rows differently from the others').
    unsigned column = op.getNumLoops() - 1;
    SmallVector<Value> loopIndices(op.getNumLoops());
    delinearize(rewriter, loc, rowSpace(rewriter, loc, op), row.point, loopIndices);
    std::optional<RowReduction> reduction = rowReductionOverLastLoop(op);
    if (!reduction) {
      // This thread's columns of the row, each computed and stored.
      auto loop = scf::ForOp::create(rewriter, loc, row.member, size, step);
      OpBuilder::InsertionGuard inside(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      loopIndices[column] = loop.getInductionVar();
      SmallVector<Value> blockValues = loadInputs(rewriter, loc, op, loopIndices);
      for (OpOperand &output : op.getDpsInitsMutable()) {
        Type element = getElementTypeOrSelf(output.get().getType());
        if (op.getMatchingBlockArgument(&output).use_empty())
          blockValues.push_back(
              arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(element)));
        else
          blockValues.push_back(memref::LoadOp::create(
              rewriter, loc, output.get(),
              indicesAt(rewriter, loc, op.getMatchingIndexingMap(&output), loopIndices)));
      }
      SmallVector<Value> results = emitBody(rewriter, op, blockValues, loopIndices);
      for (auto [output, value] : llvm::zip(op.getDpsInitsMutable(), results))
        memref::StoreOp::create(
            rewriter, loc, value, output.get(),
            indicesAt(rewriter, loc, op.getMatchingIndexingMap(&output), loopIndices));
      continue;
    }
    // The output's initial value is read before the group combines (after
    // that, threads of the group store the result).
    OpOperand *output = op.getDpsInitOperand(0);
    SmallVector<Value> outputIndices =
        indicesAt(rewriter, loc, op.getMatchingIndexingMap(output), loopIndices);
    Value initial = member.initial;
    if (!initial)
      initial = memref::LoadOp::create(rewriter, loc, output->get(), outputIndices);
    Value identity = arith::ConstantOp::create(rewriter, loc, reduction->identity);
    auto loop = scf::ForOp::create(rewriter, loc, row.member, size, step, ValueRange{identity});
    {
      OpBuilder::InsertionGuard inside(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      loopIndices[column] = loop.getInductionVar();
      SmallVector<Value> blockValues = loadInputs(rewriter, loc, op, loopIndices);
      blockValues.push_back(loop.getRegionIterArgs()[0]);
      scf::YieldOp::create(rewriter, loc, emitBody(rewriter, op, blockValues, loopIndices));
    }
    Value partial = reduceWarp(rewriter, loc, reduction->combiner, loop.getResult(0));
    if (row.wholeBlock) {
      // A buffer per reduction: no barrier needed before the next one's
      // stores.
      Value shared = row.addShared(rewriter, reduction->identity.getType());
      partial = reduceBlock(rewriter, loc, reduction->combiner, partial, shared, row.thread,
                            row.warpsPerBlock, identity);
    }
    // Every thread stores the same value, so each later read of it by any
    // thread of the group reads its own write.
    Value result = combine(rewriter, reduction->combiner, initial, partial);
    memref::StoreOp::create(rewriter, loc, result, output->get(), outputIndices);
  }
  for (const GenericWithInitial &member : group)
    rewriter.eraseOp(member.op);
}

} // namespace pt2c
