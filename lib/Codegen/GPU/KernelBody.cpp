//===- KernelBody.cpp - A linalg.generic re-emitted inside a kernel ------===//

#include "KernelBody.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace pt2c::kernel {

using namespace mlir;

ParallelSpace parallelSpace(OpBuilder &b, Location loc, linalg::GenericOp generic,
                            ArrayRef<Range> ranges) {
  ParallelSpace space;
  space.total = arith::ConstantIndexOp::create(b, loc, 1);
  for (auto [dim, iterator] : llvm::enumerate(generic.getIteratorTypesArray())) {
    if (iterator != utils::IteratorType::parallel)
      continue;
    // createLoopRanges gives offset 0 and stride 1: the size is the count.
    Value count = getValueOrCreateConstantIndexOp(b, loc, ranges[dim].size);
    space.dims.push_back(dim);
    space.counts.push_back(count);
    space.total = arith::MulIOp::create(b, loc, space.total, count);
  }
  return space;
}

void delinearize(OpBuilder &b, Location loc, const ParallelSpace &space, Value id,
                 SmallVectorImpl<Value> &loopIndices) {
  // With static counts whose product fits in 31 bits (every point id does),
  // the divisions run on i32: a 64-bit division by a constant is a
  // multiply-high the GPU emulates in many instructions, and in
  // elementwise kernels the index arithmetic is most of the work.
  bool narrow = true;
  int64_t total = 1;
  for (Value count : space.counts) {
    std::optional<int64_t> size = getConstantIntValue(count);
    narrow = narrow && size && *size > 0 && (total *= *size) < (int64_t(1) << 31);
  }
  Type i32 = b.getI32Type();
  auto count = [&](int64_t k) -> Value {
    if (!narrow)
      return space.counts[k];
    return arith::ConstantIntOp::create(b, loc, i32, *getConstantIntValue(space.counts[k]));
  };
  Value rest = narrow ? arith::IndexCastUIOp::create(b, loc, i32, id).getResult() : id;
  for (int64_t k = int64_t(space.dims.size()) - 1; k >= 0; --k) {
    Value index = rest;
    if (k > 0) {
      index = arith::RemUIOp::create(b, loc, rest, count(k));
      rest = arith::DivUIOp::create(b, loc, rest, count(k));
    }
    if (narrow)
      index = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), index);
    loopIndices[space.dims[k]] = index;
  }
}

void launchPerPoint(OpBuilder &b, Location loc, const ParallelSpace &space, int64_t blockSize,
                    SmallVectorImpl<Value> &loopIndices) {
  bool none = space.dims.empty();
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value block = none ? one : arith::ConstantIndexOp::create(b, loc, blockSize);
  Value grid = none ? one : arith::CeilDivUIOp::create(b, loc, space.total, block);
  auto launch = gpu::LaunchOp::create(b, loc, grid, one, one, block, one, one);
  b.setInsertionPointToEnd(&launch.getBody().front());
  auto terminator = gpu::TerminatorOp::create(b, loc);
  b.setInsertionPoint(terminator);
  if (none)
    return;
  Value blockStart = arith::MulIOp::create(b, loc, launch.getBlockIds().x, launch.getBlockSize().x);
  Value id = arith::AddIOp::create(b, loc, blockStart, launch.getThreadIds().x);
  Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, id, space.total);
  auto guard = scf::IfOp::create(b, loc, inRange, /*withElseRegion=*/false);
  b.setInsertionPointToStart(guard.thenBlock());
  delinearize(b, loc, space, id, loopIndices);
}

SmallVector<Value> indicesAt(OpBuilder &b, Location loc, AffineMap map,
                             ArrayRef<Value> loopIndices) {
  SmallVector<Value> indices;
  for (AffineExpr expr : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
      indices.push_back(loopIndices[dim.getPosition()]);
      continue;
    }
    if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
      indices.push_back(arith::ConstantIndexOp::create(b, loc, constant.getValue()));
      continue;
    }
    // Only the dims `expr` uses are known (an output's indices are taken
    // before the reduction loops exist); the others are placeholders.
    Value zero;
    SmallVector<Value> operands;
    for (auto [dim, value] : llvm::enumerate(loopIndices)) {
      if (!value || !expr.isFunctionOfDim(dim)) {
        if (!zero)
          zero = arith::ConstantIndexOp::create(b, loc, 0);
        operands.push_back(zero);
        continue;
      }
      operands.push_back(value);
    }
    AffineMap single = AffineMap::get(map.getNumDims(), 0, expr);
    indices.push_back(affine::AffineApplyOp::create(b, loc, single, operands));
  }
  return indices;
}

SmallVector<Value> emitBody(OpBuilder &b, linalg::GenericOp generic, ArrayRef<Value> blockValues,
                            ArrayRef<Value> loopIndices) {
  IRMapping mapping;
  return emitBody(b, generic, blockValues, loopIndices, mapping);
}

SmallVector<Value> emitBody(OpBuilder &b, linalg::GenericOp generic, ArrayRef<Value> blockValues,
                            ArrayRef<Value> loopIndices, IRMapping &mapping) {
  Block &body = generic.getRegion().front();
  mapping.map(body.getArguments(), blockValues);
  for (Operation &op : body.without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(op)) {
      mapping.map(index.getResult(), loopIndices[index.getDim()]);
      continue;
    }
    b.clone(op, mapping);
  }
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  return llvm::map_to_vector(yield.getValues(),
                             [&](Value v) { return mapping.lookupOrDefault(v); });
}

SmallVector<Value> loadInputs(OpBuilder &b, Location loc, linalg::GenericOp generic,
                              ArrayRef<Value> loopIndices) {
  SmallVector<Value> values;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(input);
    if (!isa<MemRefType>(input->get().getType())) {
      values.push_back(input->get()); // a scalar operand
      continue;
    }
    values.push_back(memref::LoadOp::create(b, loc, input->get(),
                                            indicesAt(b, loc, map, loopIndices)));
  }
  return values;
}

} // namespace pt2c::kernel
