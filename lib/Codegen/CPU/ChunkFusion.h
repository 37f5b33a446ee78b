//===- ChunkFusion.h - What a contraction's chunks compute besides it -----===//
//
// A contraction cut into scf.forall chunks (pt2c-chunk-convolutions,
// pt2c-parallelize) would otherwise be one of three parallel loops over its
// whole result: its zero fill before it, its elementwise consumer (a batch
// norm's scale and shift, a ReLU, a residual add, GELU) after it, each
// writing or reading the whole result in memory. Done in the chunk, on the
// chunk's tile while it is in cache, the product is never written out
// whole when nothing else reads it, and one loop wakes the threads
// instead of three.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_CPU_CHUNKFUSION_H
#define PT2C_LIB_CODEGEN_CPU_CHUNKFUSION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace pt2c::cpu {

/// Whether `op` may start a contraction's accumulator chunk by chunk
/// (initsInChunks): a linalg.fill, or an all-parallel op writing its whole
/// output through the identity map from inputs it broadcasts (a bias: it
/// reads less than it writes, so each chunk computes its slice cheaply).
bool isInitProducer(mlir::linalg::LinalgOp op);

/// Moves what starts `loop`'s shared outputs into its chunks: an output
/// that begins as the result of an isInitProducer op that nothing else
/// reads (a contraction's zero fill, or its bias broadcast by
/// pt2c-add-into-accumulator) is computed by each chunk on the slice it
/// takes of it, in place, instead of whole before the loop. Returns the
/// ops it moved (erased).
llvm::SmallVector<mlir::Operation *> initsInChunks(mlir::RewriterBase &rewriter,
                                                   mlir::scf::ForallOp loop);

/// The elementwise op that `fuseEpilogue` can compute in `loop`'s chunks:
/// the only reader of `loop`'s only result (directly or through a chain
/// of reshapes each read once: a convolution's positions [OH * OW] read
/// as [OH, OW], a packed linear layer's panels [.., P, 32] collapsed into
/// its columns), in the same block, all-parallel, reading that result
/// through the identity map and writing a tensor.empty it does not read.
/// Null when there is none.
mlir::linalg::GenericOp findEpilogue(mlir::scf::ForallOp loop);

/// Computes `consumer` (found by findEpilogue) in `loop`'s chunks, on each
/// chunk's tile of the result, and drops `loop`'s own result, which nothing
/// reads any more: the product stays in the chunk. Returns the new loop.
/// On failure the IR is still valid and `consumer` names the consumer as
/// it now is (read through reshapes, it is first rewritten, one reshape at
/// a time, to iterate over the shape of the loop's result).
mlir::FailureOr<mlir::scf::ForallOp> fuseEpilogue(mlir::RewriterBase &rewriter,
                                                  mlir::scf::ForallOp loop,
                                                  mlir::linalg::GenericOp &consumer);

} // namespace pt2c::cpu

#endif // PT2C_LIB_CODEGEN_CPU_CHUNKFUSION_H
