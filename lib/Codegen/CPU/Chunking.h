//===- Chunking.h - How large loops are cut for the thread pool -----------===//
//
// pt2c-parallelize (linalg ops on tensors) and pt2c-parallelize-copies
// (buffer copies after bufferization) cut a loop into chunks the same way.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_CPU_CHUNKING_H
#define PT2C_LIB_CODEGEN_CPU_CHUNKING_H

#include <cstdint>

namespace pt2c::cpu {

/// Iterations per chunk when `extent` iterations are cut into at most
/// `maxChunks` chunks: a divisor of `extent` when one gives at least half
/// the wanted chunk count (full chunks keep the chunk's shapes static).
int64_t chunkSize(int64_t extent, int64_t maxChunks);

} // namespace pt2c::cpu

#endif // PT2C_LIB_CODEGEN_CPU_CHUNKING_H
