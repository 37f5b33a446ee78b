//===- PointEpilogue.h - An elementwise op done by its producer's threads -===//
//
// pt2c-map-to-gpu gives a reduction that no warp suits (a direct depthwise
// convolution: each output point a 3x3 or 5x5 window) a thread per output
// point. The elementwise op after it (bias, ReLU or hardswish, the
// rounding to bfloat16) was a launch of its own that read the float32
// result back from memory. When that op reads the result only at the very
// point each thread has just computed, the thread can finish the point:
// the op's body runs on the value still in registers, its other operands
// loaded at that point, and the float32 result never reaches memory unless
// something else reads it.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_GPU_POINTEPILOGUE_H
#define PT2C_LIB_CODEGEN_GPU_POINTEPILOGUE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace pt2c::kernel {

/// The elementwise op a thread-per-point reduction can finish itself.
struct PointEpilogue {
  mlir::linalg::GenericOp op;
  /// The producer's output buffer, which the op reads.
  mlir::Value produced;
  /// How the op's loops follow from the reduction's output indices: loop
  /// `loopOfResult[k]` is the k-th index of the output.
  llvm::SmallVector<unsigned> loopOfResult;
  /// Whether anything besides the op reads the reduction's output, which
  /// must then still be stored.
  bool storeResult = true;
};

/// The op right after `producer` (nothing but allocations and pure ops in
/// between) when it can be its point epilogue: `producer` has reduction
/// loops and one output; the op is elementwise (parallel loops only), reads
/// that output only at one permutation of its loops, and writes nothing
/// `producer` reads.
std::optional<PointEpilogue> matchPointEpilogue(mlir::linalg::GenericOp producer);

/// Moves what lies between `producer` and its epilogue (allocations and
/// pure ops) above `producer`, where the kernel that does both will be.
void hoistAboveProducer(mlir::linalg::GenericOp producer, const PointEpilogue &epilogue);

/// Emits `epilogue.op`'s work for one point: `result` is the producer's
/// output value at the output indices `resultIndices`.
void emitPointEpilogue(mlir::OpBuilder &b, mlir::Location loc, const PointEpilogue &epilogue,
                       mlir::Value result, llvm::ArrayRef<mlir::Value> resultIndices);

} // namespace pt2c::kernel

#endif // PT2C_LIB_CODEGEN_GPU_POINTEPILOGUE_H
