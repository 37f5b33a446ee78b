//===- RowGroups.h - Ops computed together, chunk by chunk of rows ------===//
//
// pt2c-fuse-rows (a layer norm, a softmax) and pt2c-fuse-attention (two
// batched matmuls and the softmax between them) both tile the last op of
// a group into an scf.forall of chunks and compute the rest of the group
// inside each chunk, on that chunk's rows only, while they are in cache.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_CPU_ROWGROUPS_H
#define PT2C_LIB_CODEGEN_CPU_ROWGROUPS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace pt2c::cpu {

/// An op that may join a row group: a linalg op on static tensors, not yet
/// in a chunk, that reads each input elementwise or broadcast (a row
/// statistic read at 0 along a size-1 dim too) and is neither a contraction
/// nor a convolution: an elementwise op, a fill, a transpose or a plain
/// reduction.
bool isRowOp(mlir::Operation *op);

/// Folds, in every generic under `root`, a `tensor.reshape` input that
/// only inserts size-1 dims (a row statistic kept as [rows, 1]) and that
/// the generic reads at 0 along them: the generic reads the reshape's
/// source instead. The reshape is no loop nest, so without this nothing
/// fuses across it.
void foldUnitDimReshapes(mlir::RewriterBase &rewriter, mlir::Operation *root);

/// Drops from `group` every op that something besides `root` and the
/// group reads, until none is left: computed inside `root`'s chunks only,
/// such an op would be missing outside.
void keepOnlyGroupReadOps(llvm::SetVector<mlir::Operation *> &group, mlir::Operation *root);

/// The largest divisor of `extent` that is at most `limit` (at least 1).
int64_t largestDivisorAtMost(int64_t extent, int64_t limit);

/// The chunk size that cuts a loop of `extent` iterations exactly (a
/// divisor) into about as many chunks as `chunks` so far leave of
/// `maxChunks`; multiplies `chunks` by the count it gives. Exact chunks
/// keep every buffer of a chunk static (on the stack:
/// pt2c-chunk-buffers-on-stack).
int64_t exactChunkSize(int64_t extent, int64_t maxChunks, int64_t &chunks);

/// The linalg ops under `root` that `isRoot` accepts and that have at least
/// `minWork` iteration points, in program order.
llvm::SmallVector<mlir::linalg::LinalgOp>
collectRoots(mlir::Operation *root, int64_t minWork,
             llvm::function_ref<bool(mlir::linalg::LinalgOp)> isRoot);

/// Tiles `root` into an scf.forall of chunks of `sizes` (0: a loop not
/// cut) and computes inside each chunk the ops of `group` it reads,
/// directly or through each other, where a chunk needs no larger a share
/// of an op than its share of `root` (more would compute a part of it
/// again in several chunks: a reduction along a chunked loop, a key
/// matrix that every chunk of rows of a head reads whole). Reads through
/// chains of tensor.extract_slice (a root that linalg::splitOp cut off)
/// fuse too. Then `root` is replaced and erased, and so are the group's
/// ops nothing reads any more (they go into `erased`). Fails, leaving the
/// IR as it was, when `root` cannot be tiled or nothing fused.
mlir::FailureOr<mlir::scf::ForallOp>
fuseGroupInChunks(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp root,
                  const llvm::SetVector<mlir::Operation *> &group, llvm::ArrayRef<int64_t> sizes,
                  llvm::SmallPtrSetImpl<mlir::Operation *> &erased);

} // namespace pt2c::cpu

#endif // PT2C_LIB_CODEGEN_CPU_ROWGROUPS_H
