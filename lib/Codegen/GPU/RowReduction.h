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
#include "KernelBody.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace pt2c {

constexpr int64_t kWarp = 32;

/// A generic matched as a row reduction: one reduction loop `dim`, read
/// along the contiguous last dim of every input that depends on it, and
/// the op that folds each element into the accumulator.
struct RowReduction {
  unsigned dim;
  mlir::Operation *combiner;
  mlir::TypedAttr identity; ///< of the combiner: lanes without elements hold it
};

/// `generic` as a row reduction, when it is one that a warp per output
/// point suits (rows of at least a warp, a combiner of a 32- or 64-bit
/// float or integer).
std::optional<RowReduction> matchRowReduction(mlir::linalg::GenericOp generic);

/// combiner(lhs, rhs), cloned: the combiners are commutative, so which
/// operand was the accumulator does not matter.
mlir::Value combine(mlir::OpBuilder &b, mlir::Operation *combiner, mlir::Value lhs,
                    mlir::Value rhs);

/// Folds the partials of a warp's 32 lanes: after 5 xor steps every lane
/// holds the warp's result.
mlir::Value reduceWarp(mlir::OpBuilder &b, mlir::Location loc, mlir::Operation *combiner,
                       mlir::Value partial);

/// Whether a whole block rather than a warp should take each output point
/// (long rows, few of them).
bool wantsBlock(mlir::linalg::GenericOp generic, unsigned reductionDim);

/// The block's result from each warp's (`warpResult`, held by all its
/// lanes): the warps meet in `shared` (one element per warp, workgroup
/// memory) across a gpu.barrier, and every thread returns the result.
/// `identity` fills the lanes past the block's warps.
mlir::Value reduceBlock(mlir::OpBuilder &b, mlir::Location loc, mlir::Operation *combiner,
                        mlir::Value warpResult, mlir::Value shared, mlir::Value thread,
                        int64_t warpsPerBlock, mlir::Value identity);

/// A launch with a group of threads per output point (a warp, or the
/// whole block), as begun by beginRowLaunch.
struct RowLaunch {
  mlir::gpu::LaunchOp launch;
  bool wholeBlock = false;
  int64_t warpsPerBlock = 1, groupSize = kWarp;
  mlir::Value thread; ///< in the block
  mlir::Value member; ///< in the group: 0 .. groupSize - 1
  mlir::Value point;  ///< the group's output point (row-major over the space)
  /// The point's parallel loop indices (the others null).
  llvm::SmallVector<mlir::Value> loopIndices;
  /// A workgroup buffer of one `element` per warp (for reduceBlock).
  mlir::Value addShared(mlir::OpBuilder &b, mlir::Type element);
};

/// Creates the launch over `space`'s points (warps, or blocks when
/// `wholeBlock`, of `blockSize` threads rounded down to whole warps) and
/// leaves the builder inside the guard that every thread of an existing
/// point's group passes, after the point's indices are computed.
RowLaunch beginRowLaunch(mlir::OpBuilder &b, mlir::Location loc,
                         const kernel::ParallelSpace &space, bool wholeBlock, int64_t blockSize,
                         unsigned numLoops);

/// Replaces `generic` (on memrefs) by a gpu.launch with a warp or a block
/// per output point when it is a row reduction that suits one; returns
/// false, changing nothing, otherwise. Blocks have `blockSize` threads
/// rounded down to whole warps (at least one). `initial`, when given, is
/// the output's initial value (a fill folded in) instead of its contents.
bool launchRowReduction(mlir::linalg::GenericOp generic, int64_t blockSize,
                        mlir::Value initial, mlir::IRRewriter &rewriter);

} // namespace pt2c

#endif // PT2C_LIB_CODEGEN_GPU_ROWREDUCTION_H
