//===- KernelBody.h - A linalg.generic re-emitted inside a kernel --------===//
//
// The pieces pt2c-map-to-gpu's kernel shapes share (MapToGPU.cpp: a thread
// per output point; WarpReduction.cpp: a warp per output point): the
// generic's parallel iteration space linearized over threads or warps, and
// its body emitted at given loop indices.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_GPU_KERNELBODY_H
#define PT2C_LIB_CODEGEN_GPU_KERNELBODY_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

namespace mlir {
class IRMapping;
} // namespace mlir

namespace pt2c::kernel {

/// The parallel loops of a generic: which, their sizes, and how many points
/// they span together.
struct ParallelSpace {
  llvm::SmallVector<unsigned> dims;
  llvm::SmallVector<mlir::Value> counts;
  mlir::Value total; ///< 1 when there are none
};

ParallelSpace parallelSpace(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::linalg::GenericOp generic,
                            llvm::ArrayRef<mlir::Range> ranges);

/// Sets loopIndices[space.dims[k]] from the linear point `id`, the
/// innermost parallel loop varying fastest (neighbouring ids touch
/// neighbouring elements); in 32 bits when the space is static and fits.
void delinearize(mlir::OpBuilder &b, mlir::Location loc, const ParallelSpace &space,
                 mlir::Value id, llvm::SmallVectorImpl<mlir::Value> &loopIndices);

/// Creates a gpu.launch of one thread per point of `space` in 1-d blocks
/// of `blockSize` threads (one thread when it has no loops) and leaves `b`
/// inside it where a point's work goes (within the guard that keeps
/// threads past the last point out), with loopIndices[space.dims[k]] set to
/// the thread's point (delinearize).
void launchPerPoint(mlir::OpBuilder &b, mlir::Location loc, const ParallelSpace &space,
                    int64_t blockSize, llvm::SmallVectorImpl<mlir::Value> &loopIndices);

/// The values of `map`'s results at the loop indices `loopIndices` (null
/// entries: loops not known yet, which the results must not use).
llvm::SmallVector<mlir::Value> indicesAt(mlir::OpBuilder &b, mlir::Location loc,
                                         mlir::AffineMap map,
                                         llvm::ArrayRef<mlir::Value> loopIndices);

/// The inputs' elements at `loopIndices` (scalar operands as they are).
llvm::SmallVector<mlir::Value> loadInputs(mlir::OpBuilder &b, mlir::Location loc,
                                          mlir::linalg::GenericOp generic,
                                          llvm::ArrayRef<mlir::Value> loopIndices);

/// Emits the body of `generic` at `loopIndices`, with block arguments as
/// given; returns the values it yields.
llvm::SmallVector<mlir::Value> emitBody(mlir::OpBuilder &b, mlir::linalg::GenericOp generic,
                                        llvm::ArrayRef<mlir::Value> blockValues,
                                        llvm::ArrayRef<mlir::Value> loopIndices);

/// emitBody, leaving in `mapping` every body value's clone (for callers
/// that need a value from inside the body, not only what it yields).
llvm::SmallVector<mlir::Value> emitBody(mlir::OpBuilder &b, mlir::linalg::GenericOp generic,
                                        llvm::ArrayRef<mlir::Value> blockValues,
                                        llvm::ArrayRef<mlir::Value> loopIndices,
                                        mlir::IRMapping &mapping);

} // namespace pt2c::kernel

#endif // PT2C_LIB_CODEGEN_GPU_KERNELBODY_H
