//===- PointEpilogue.cpp - An elementwise op done by its producer's threads ===//
//
// PointEpilogue.h says what and why.
//
//===----------------------------------------------------------------------===//

#include "PointEpilogue.h"
#include "KernelBody.h"
#include "LibraryCall.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace pt2c::kernel {

using namespace mlir;

namespace {

/// The buffer `value` is a view of (itself when it is no view).
Value rootBuffer(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

/// Whether the ops strictly between `first` and `last` (one block) use
/// only values defined before `first` or by each other: they can then all
/// move before `first`, in order.
bool canHoistBetween(Operation *first, Operation *last) {
  llvm::SmallPtrSet<Operation *, 8> between;
  for (Operation *op = first->getNextNode(); op != last; op = op->getNextNode()) {
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (def && def->getBlock() == first->getBlock() && !def->isBeforeInBlock(first) &&
          !between.contains(def))
        return false;
    }
    if (op->getNumRegions() != 0)
      return false;
    between.insert(op);
  }
  return true;
}

/// Whether only `producer`, `consumer` and a deallocation use `buffer`, a
/// private allocation: then no one else can see what it holds.
bool onlyUsedBy(Value buffer, Operation *producer, Operation *consumer) {
  if (!buffer.getDefiningOp<memref::AllocOp>())
    return false;
  return llvm::all_of(buffer.getUsers(), [&](Operation *user) {
    return user == producer || user == consumer || isa<memref::DeallocOp>(user);
  });
}

} // namespace

std::optional<PointEpilogue> matchPointEpilogue(linalg::GenericOp producer) {
  if (!producer.hasPureBufferSemantics() || producer.getNumDpsInits() != 1 ||
      producer.getNumReductionLoops() == 0)
    return std::nullopt;
  auto op = dyn_cast_or_null<linalg::GenericOp>(library::nextWithEffects(producer));
  if (!op || !op.hasPureBufferSemantics() || op.getNumLoops() != op.getNumParallelLoops() ||
      !canHoistBetween(producer, op))
    return std::nullopt;
  Value produced = producer.getDpsInits()[0];
  Value producedRoot = rootBuffer(produced);
  PointEpilogue epilogue;
  epilogue.op = op;
  epilogue.produced = produced;
  std::optional<AffineMap> pointMap;
  // Every operand that reaches the produced buffer must be that buffer,
  // read (or written) at one permutation of the op's loops.
  auto atThePoint = [&](OpOperand &operand) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (operand.get() != produced || !map.isPermutation())
      return false;
    if (pointMap && *pointMap != map)
      return false;
    pointMap = map;
    return true;
  };
  for (OpOperand *input : op.getDpsInputOperands())
    if (isa<MemRefType>(input->get().getType()) && rootBuffer(input->get()) == producedRoot &&
        !atThePoint(*input))
      return std::nullopt;
  if (!pointMap)
    return std::nullopt; // the op does not read the result
  bool writesProduced = false;
  for (OpOperand &output : op.getDpsInitsMutable()) {
    Value root = rootBuffer(output.get());
    if (root == producedRoot) {
      if (!atThePoint(output))
        return std::nullopt;
      writesProduced = true;
      continue;
    }
    // Other threads of the producer may still read what the op would
    // overwrite (a window reads its neighbours' inputs).
    for (Value read : producer.getDpsInputs())
      if (isa<MemRefType>(read.getType()) && rootBuffer(read) == root)
        return std::nullopt;
  }
  for (AffineExpr result : pointMap->getResults())
    epilogue.loopOfResult.push_back(cast<AffineDimExpr>(result).getPosition());
  epilogue.storeResult = !writesProduced && !onlyUsedBy(produced, producer, op);
  return epilogue;
}

void hoistAboveProducer(linalg::GenericOp producer, const PointEpilogue &epilogue) {
  // Allocations and pure ops only (nextWithEffects), defined from what
  // precedes the producer (canHoistBetween): moving them up changes nothing
  // but where the epilogue's operands (its output's allocation, mostly)
  // become available.
  Operation *op = epilogue.op;
  while (producer->getNextNode() != op)
    producer->getNextNode()->moveBefore(producer);
}

void emitPointEpilogue(OpBuilder &b, Location loc, const PointEpilogue &epilogue, Value result,
                       ArrayRef<Value> resultIndices) {
  linalg::GenericOp op = epilogue.op;
  SmallVector<Value> loops(op.getNumLoops());
  for (auto [k, loop] : llvm::enumerate(epilogue.loopOfResult))
    loops[loop] = resultIndices[k];
  SmallVector<Value> blockValues;
  auto valueOf = [&](OpOperand &operand) -> Value {
    if (!isa<MemRefType>(operand.get().getType()))
      return operand.get(); // a scalar operand
    if (operand.get() == epilogue.produced)
      return result;
    return memref::LoadOp::create(
        b, loc, operand.get(), indicesAt(b, loc, op.getMatchingIndexingMap(&operand), loops));
  };
  for (OpOperand *input : op.getDpsInputOperands())
    blockValues.push_back(valueOf(*input));
  for (OpOperand &output : op.getDpsInitsMutable()) {
    // An output the body never reads (most elementwise ops) is not loaded.
    if (op.getMatchingBlockArgument(&output).use_empty())
      blockValues.push_back(arith::ConstantOp::create(
          b, loc, b.getZeroAttr(getElementTypeOrSelf(output.get().getType()))));
    else
      blockValues.push_back(valueOf(output));
  }
  SmallVector<Value> values = emitBody(b, op, blockValues, loops);
  for (auto [output, value] : llvm::zip(op.getDpsInitsMutable(), values))
    memref::StoreOp::create(b, loc, value, output.get(),
                            indicesAt(b, loc, op.getMatchingIndexingMap(&output), loops));
}

} // namespace pt2c::kernel
