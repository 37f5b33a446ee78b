//===- Chunking.h - How large loops are cut for the thread pool -----------===//
//
// pt2c-parallelize (linalg ops on tensors) and pt2c-parallelize-copies
// (buffer copies after bufferization) cut a loop into chunks the same way.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_CPU_CHUNKING_H
#define PT2C_LIB_CODEGEN_CPU_CHUNKING_H

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"

#include <cstdint>
#include <optional>

namespace pt2c::cpu {

/// The iteration points of loops of these extents (a dynamic extent
/// counts as a few), saturating.
int64_t iterationPoints(llvm::ArrayRef<int64_t> ranges);

/// Whether loop `d` of `op` (loop extents `ranges`) can be cut into
/// chunks: a parallel loop of a static extent of 2 or more that no
/// indexing map reads backwards.
bool isSplittable(mlir::linalg::LinalgOp op, llvm::ArrayRef<int64_t> ranges, unsigned d);

/// The loop of `op` (loop extents `ranges`) to cut into chunks: the
/// outermost static parallel loop with 2 or more iterations, the innermost
/// (LLVM's vector loop) only as a last resort.
std::optional<unsigned> chooseLoop(mlir::linalg::LinalgOp op, llvm::ArrayRef<int64_t> ranges);

/// Iterations per chunk when `extent` iterations are cut into at most
/// `maxChunks` chunks: a divisor of `extent` when one gives at least half
/// the wanted chunk count (full chunks keep the chunk's shapes static).
int64_t chunkSize(int64_t extent, int64_t maxChunks);

} // namespace pt2c::cpu

#endif // PT2C_LIB_CODEGEN_CPU_CHUNKING_H
