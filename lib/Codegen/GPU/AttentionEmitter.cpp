//===- AttentionEmitter.cpp - What both flash-attention kernels build from -===//

#include "AttentionEmitter.h"
#include "KernelBody.h"

namespace pt2c::kernel {

using namespace mlir;

Value Emitter::load(const AttentionOperand &operand, ArrayRef<Value> indices) {
  Value value =
      memref::LoadOp::create(b, loc, operand.buffer, indicesAt(b, loc, operand.map, indices));
  if (isa<FloatType>(value.getType()) && !value.getType().isF32())
    value = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
  return value;
}

Value batchCount(Emitter &e, const AttentionKernel &kernel) {
  Value batches = e.index(1);
  for (Value size : kernel.batchSizes)
    batches = e.mul(batches, size);
  return batches;
}

SmallVector<Value> batchIndices(Emitter &e, const AttentionKernel &kernel, Value batch) {
  SmallVector<Value> indices(kernel.batchSizes.size() + 2);
  for (int64_t d = int64_t(kernel.batchSizes.size()) - 1; d >= 0; --d) {
    indices[d] = d > 0 ? e.rem(batch, kernel.batchSizes[d]) : batch;
    if (d > 0)
      batch = e.div(batch, kernel.batchSizes[d]);
  }
  return indices;
}

BlockPosition blockPosition(Emitter &e, gpu::LaunchOp launch, const AttentionKernel &kernel,
                            int64_t rowsPerBlock) {
  int64_t rowBlocks = (kernel.queries + rowsPerBlock - 1) / rowsPerBlock;
  BlockPosition position;
  position.thread = launch.getThreadIds().x;
  position.lane = e.rem(position.thread, e.index(kWarpSize));
  position.warp = e.div(position.thread, e.index(kWarpSize));
  Value block = launch.getBlockIds().x;
  Value rowBlock = e.rem(block, e.index(rowBlocks));
  if (kernel.causal)
    rowBlock = arith::SubIOp::create(e.b, e.loc, e.index(rowBlocks - 1), rowBlock);
  position.indices = batchIndices(e, kernel, e.div(block, e.index(rowBlocks)));
  position.firstRow = e.mul(rowBlock, e.index(rowsPerBlock));
  return position;
}

SmallVector<Value> atPoint(ArrayRef<Value> indices, Value row, Value column) {
  SmallVector<Value> point(indices);
  point[point.size() - 2] = row;
  point[point.size() - 1] = column;
  return point;
}

} // namespace pt2c::kernel
