//===- TensorLoops.h - Loop nests on tensors, in chunks of rows -----------===//
//
// pt2c-scan-loops and pt2c-scatter-loops write their loops on tensors,
// before pt2c-parallelize (which cuts linalg ops) runs: scf.for nests that
// carry the tensor they update. Where their first dim's rows are
// independent (a scan or scatter along another dim), the loops run in
// chunks of rows, as an scf.forall the CPU pipeline turns into the thread
// pool's loop.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_CPU_TENSORLOOPS_H
#define PT2C_LIB_CODEGEN_CPU_TENSORLOOPS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <cstdint>

namespace pt2c::cpu {

/// An scf.for per dim of a tensor, outermost first, each carrying `acc`.
struct TensorLoopNest {
  llvm::SmallVector<mlir::Value> position; // the induction variables
  mlir::Value acc;                         // the innermost loop's carried value
  llvm::SmallVector<mlir::scf::ForOp> loops;
};

/// Loops over every position of `extents` (a ranked tensor) carrying
/// `acc`; leaves `b` at the start of the innermost body.
TensorLoopNest loopsOver(mlir::OpBuilder &b, mlir::Location loc, mlir::Value extents,
                         mlir::Value acc);

/// Ends the innermost body by yielding `next`, leaves `b` after the nest
/// and returns its result.
mlir::Value closeLoops(mlir::OpBuilder &b, mlir::Location loc, const TensorLoopNest &nest,
                       mlir::Value next);

/// Builds the loops of one chunk: given the chunk's rows of each source
/// and of the accumulator, and the index of its first row, returns its
/// rows of the accumulator after them.
using ChunkNest = llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::ValueRange sourceRows,
                                                 mlir::Value accRows, mlir::Value firstRow)>;

/// `nest` run on chunks of rows [first, first + size) of dim 0 of every
/// source and of `acc` (tensors whose dim 0 has at least `rows` rows,
/// static), at most `maxChunks` of them, as an scf.forall whose result
/// (the whole accumulator) this returns; null when `rows` makes fewer than
/// 2 chunks, where the caller builds its nest on the whole tensors.
mlir::Value inRowChunks(mlir::OpBuilder &b, mlir::Location loc, int64_t rows, int64_t maxChunks,
                        mlir::ValueRange sources, mlir::Value acc, ChunkNest nest);

} // namespace pt2c::cpu

#endif // PT2C_LIB_CODEGEN_CPU_TENSORLOOPS_H
