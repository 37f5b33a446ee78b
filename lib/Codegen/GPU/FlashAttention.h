//===- FlashAttention.h - One kernel for softmax(q·kᵀ·scale + masks)·v ----===//
//
// Attention written out (scores, softmax, a second matmul) writes and
// reads the [L, S] scores of every head several times and takes five or
// more kernels. The flash-attention scheme takes one: each block keeps a
// tile of query rows, streams the keys and values through shared memory
// 32 at a time, and keeps per row a running maximum, a running sum of
// exponentials and a running output, rescaled when the maximum grows
// (online softmax). The scores never reach device memory.
//
// Two emitters: float32 on CUDA cores (FlashAttention.cpp; no tensor
// cores: TF32 would break float32's tolerance), one warp per query row at
// a time, each lane owning one key of the tile for the scores and value
// columns lane, lane + 32, ... for the output; and float16/bfloat16 on
// tensor cores (FlashAttentionMma.cpp, mma.sync, sm_80 and later). Rows of
// a fully masked row divide 0 by 0 (NaN) in both, as the written-out
// softmax does.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_GPU_FLASHATTENTION_H
#define PT2C_LIB_CODEGEN_GPU_FLASHATTENTION_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"

namespace pt2c::kernel {

/// A tensor the kernel reads: its buffer and the map from the kernel's index
/// space (batch dims..., row, column) to the buffer's indices. The map
/// expresses transposes and broadcasts looked through on the way, so they
/// are never copied. Elements narrower than f32 are extended on load.
struct AttentionOperand {
  mlir::Value buffer;
  mlir::AffineMap map;
};

/// A mask over the scores (batch dims..., query, key): added to them, or a
/// boolean that keeps a score where true (-inf elsewhere).
struct AttentionMask {
  AttentionOperand operand;
  bool additive;
};

struct AttentionKernel {
  llvm::SmallVector<mlir::Value> batchSizes; ///< index values, outermost first
  int64_t queries, keys, headDim, valueDim;  ///< L, S, E, Ev
  double scale;
  AttentionOperand query; ///< (batch..., l, e)
  AttentionOperand key;   ///< (batch..., s, e)
  AttentionOperand value; ///< (batch..., s, ev)
  llvm::SmallVector<AttentionMask> masks; ///< (batch..., l, s), applied in order
  /// Keys past the row masked (is_causal): key tiles past a block's last
  /// row are not visited.
  bool causal = false;
  /// Every buffer the kernel reads or writes: q, k, v, the masks', the
  /// output.
  llvm::SmallVector<AttentionOperand *> operands() {
    llvm::SmallVector<AttentionOperand *> all = {&query, &key, &value};
    for (AttentionMask &mask : masks)
      all.push_back(&mask.operand);
    all.push_back(&output);
    return all;
  }
  /// Written at (batch..., l, ev) through `map` (a transpose of the
  /// result, taken over from its consumer); f32, or a narrower float the
  /// result is rounded to as it is stored (a rounding taken over too).
  AttentionOperand output;
};

/// Whether the kernel takes these head dimensions (its shared memory holds
/// a tile of keys and values at these widths).
bool flashAttentionSupports(int64_t headDim, int64_t valueDim);

/// Emits the float32 gpu.launch at the builder's insertion point.
void emitFlashAttention(mlir::OpBuilder &b, mlir::Location loc, const AttentionKernel &kernel);

/// Whether the tensor-core kernel takes this attention: query, key and
/// value all float16 or all bfloat16 (tensors or buffers), head dims up to
/// 256.
bool flashAttentionMmaSupports(const AttentionKernel &kernel);

/// Emits the tensor-core gpu.launch (sm_80 and later) at the builder's
/// insertion point.
void emitFlashAttentionMma(mlir::OpBuilder &b, mlir::Location loc,
                           const AttentionKernel &kernel);

} // namespace pt2c::kernel

#endif // PT2C_LIB_CODEGEN_GPU_FLASHATTENTION_H
