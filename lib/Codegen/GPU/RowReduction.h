//===- RowReduction.h - Warps and blocks per output point for reductions --===//
//
// pt2c-map-to-gpu's other kernel shapes (the pass's description in
// Passes.td says when they apply). A thread per output point reads a row
// reduction (softmax's sums and maxima, the norms' means) with neighbouring
// threads a whole row apart, so every load is its own memory transaction.
// Here a group of threads shares each output point and reads its row
// coalesced: a warp, combining its 32 partials with shuffles, or for long
// rows a whole block, whose warps then combine through shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_GPU_ROWREDUCTION_H
#define PT2C_LIB_CODEGEN_GPU_ROWREDUCTION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace pt2c {

/// Replaces `generic` (on memrefs) by a gpu.launch with a warp or a block
/// per output point when it is a row reduction that suits one; returns
/// false, changing nothing, otherwise. Blocks have `blockSize` threads
/// rounded down to whole warps (at least one). `initial`, when given, is
/// the output's initial value (a fill folded in) instead of its contents.
bool launchRowReduction(mlir::linalg::GenericOp generic, int64_t blockSize,
                        mlir::Value initial, mlir::IRRewriter &rewriter);

} // namespace pt2c

#endif // PT2C_LIB_CODEGEN_GPU_ROWREDUCTION_H
