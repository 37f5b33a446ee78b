//===- FlashAttentionCall.h - The flash-attention kernel until it is emitted ===//
//
// pt2c-attention-to-kernel finds attention on tensors; the kernel can only
// be emitted on buffers, after deallocations are placed. In between, a call
// of a bodiless private function `pt2c_flash_attention_N` stands for it:
// its operands are the buffers (q, k, v, the masks, then the output), and
// a `pt2c.flash_attention` dictionary on the call holds the rest (sizes,
// scale, each operand's affine map in that order, which masks are
// additive).
// pt2c-emit-flash-attention reads it back and replaces the call by the
// kernel.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_GPU_FLASHATTENTIONCALL_H
#define PT2C_LIB_CODEGEN_GPU_FLASHATTENTIONCALL_H

#include "FlashAttention.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>

namespace pt2c::kernel {

/// What the call carries: an AttentionKernel without the batch sizes,
/// which follow from the output buffer.
using FlashAttentionCall = AttentionKernel;

constexpr llvm::StringLiteral kFlashAttentionAttr = "pt2c.flash_attention";

/// Declares `pt2c_flash_attention_<number>` in `module` and calls it.
mlir::func::CallOp createFlashAttentionCall(mlir::OpBuilder &b, mlir::Location loc,
                                            mlir::ModuleOp module, unsigned number,
                                            const FlashAttentionCall &call);

/// The kernel a call stands for (batch sizes read off the output buffer at
/// the builder's insertion point); nullopt for any other call.
std::optional<AttentionKernel> readFlashAttentionCall(mlir::OpBuilder &b,
                                                      mlir::func::CallOp call);

} // namespace pt2c::kernel

#endif // PT2C_LIB_CODEGEN_GPU_FLASHATTENTIONCALL_H
