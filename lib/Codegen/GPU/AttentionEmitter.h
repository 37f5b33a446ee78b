//===- AttentionEmitter.h - What both flash-attention kernels build from --===//
//
// FlashAttention.cpp (float32, CUDA cores) and FlashAttentionMma.cpp
// (float16/bfloat16, tensor cores) emit their kernels op by op inside a
// gpu.launch; these are the small builders and index helpers they share.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_GPU_ATTENTIONEMITTER_H
#define PT2C_LIB_CODEGEN_GPU_ATTENTIONEMITTER_H

#include "FlashAttention.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace pt2c::kernel {

constexpr int64_t kWarpSize = 32;

/// Small helpers over one builder and location.
class Emitter {
public:
  Emitter(mlir::OpBuilder &b, mlir::Location loc) : b(b), loc(loc) {}

  mlir::Value index(int64_t value) { return mlir::arith::ConstantIndexOp::create(b, loc, value); }
  mlir::Value f32(double value) {
    return mlir::arith::ConstantOp::create(b, loc, b.getF32FloatAttr(float(value)));
  }
  mlir::Value add(mlir::Value x, mlir::Value y) { return mlir::arith::AddIOp::create(b, loc, x, y); }
  mlir::Value mul(mlir::Value x, mlir::Value y) { return mlir::arith::MulIOp::create(b, loc, x, y); }
  mlir::Value div(mlir::Value x, mlir::Value y) { return mlir::arith::DivUIOp::create(b, loc, x, y); }
  mlir::Value rem(mlir::Value x, mlir::Value y) { return mlir::arith::RemUIOp::create(b, loc, x, y); }
  mlir::Value min(mlir::Value x, mlir::Value y) { return mlir::arith::MinUIOp::create(b, loc, x, y); }
  mlir::Value less(mlir::Value x, mlir::Value y) {
    return mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::ult, x, y);
  }
  mlir::Value both(mlir::Value x, mlir::Value y) { return mlir::arith::AndIOp::create(b, loc, x, y); }
  mlir::Value select(mlir::Value c, mlir::Value x, mlir::Value y) {
    return mlir::arith::SelectOp::create(b, loc, c, x, y);
  }
  mlir::Value fma(mlir::Value x, mlir::Value y, mlir::Value acc) {
    return mlir::math::FmaOp::create(b, loc, x, y, acc);
  }
  mlir::Value maximum(mlir::Value x, mlir::Value y) {
    return mlir::arith::MaximumFOp::create(b, loc, x, y);
  }

  /// The operand's element at the kernel's indices, as f32.
  mlir::Value load(const AttentionOperand &operand, llvm::ArrayRef<mlir::Value> indices);

  /// `value` combined across the lanes `lane ^ offset` for each offset
  /// from `width` / 2 down to 1 (maximum or sum): with width 32 every lane
  /// of the warp gets the warp's result, with width 4 every lane of a quad
  /// the quad's.
  mlir::Value butterfly(mlir::Value value, bool maximum, int32_t width = kWarpSize) {
    for (int32_t offset = width / 2; offset > 0; offset /= 2) {
      mlir::Value other = mlir::gpu::ShuffleOp::create(b, loc, value, offset, int32_t(kWarpSize),
                                                       mlir::gpu::ShuffleMode::XOR)
                              .getShuffleResult();
      value = maximum ? this->maximum(value, other)
                      : mlir::Value(mlir::arith::AddFOp::create(b, loc, value, other));
    }
    return value;
  }

  /// for (i = start; i < end; i += step) body(i), with no carried values.
  void loop(mlir::Value start, mlir::Value end, mlir::Value step,
            llvm::function_ref<void(mlir::Value)> body) {
    auto forOp = mlir::scf::ForOp::create(b, loc, start, end, step);
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(forOp.getBody());
    body(forOp.getInductionVar());
  }

  mlir::OpBuilder &b;
  mlir::Location loc;
};

/// Where a thread of a flash-attention block stands: its lane and warp,
/// its block's first query row and the batch indices of the block's batch
/// point. Blocks are numbered (batch point, row block); with is_causal the
/// row blocks run last first: the last rows see the most keys, and started
/// first they do not trail behind everything else.
struct BlockPosition {
  mlir::Value thread, lane, warp, firstRow;
  llvm::SmallVector<mlir::Value> indices; ///< batch indices, then (row, column) slots
};
BlockPosition blockPosition(Emitter &e, mlir::gpu::LaunchOp launch, const AttentionKernel &kernel,
                            int64_t rowsPerBlock);

/// The number of batch points (1 without batch dims).
mlir::Value batchCount(Emitter &e, const AttentionKernel &kernel);

/// The kernel's indices at batch point `batch` (innermost batch dim
/// fastest), with the two trailing slots (row, column) left null.
llvm::SmallVector<mlir::Value> batchIndices(Emitter &e, const AttentionKernel &kernel,
                                            mlir::Value batch);

/// `indices` with its last two entries set to (row, column).
llvm::SmallVector<mlir::Value> atPoint(llvm::ArrayRef<mlir::Value> indices, mlir::Value row,
                                       mlir::Value column);

} // namespace pt2c::kernel

#endif // PT2C_LIB_CODEGEN_GPU_ATTENTIONEMITTER_H
