//===- EmitFlashAttention.cpp - The pt2c-emit-flash-attention pass --------===//
//
// Replaces each call standing for a flash-attention kernel
// (FlashAttentionCall.h) by the kernel (FlashAttention.h): on tensor cores
// where they are allowed and the operands are 16-bit, float32 on CUDA
// cores otherwise; drops the bodiless functions they called.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/GPU/Passes.h"

#include "FlashAttention.h"
#include "FlashAttentionCall.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace pt2c {

#define GEN_PASS_DEF_EMITFLASHATTENTION
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;

struct EmitFlashAttentionPass : impl::EmitFlashAttentionBase<EmitFlashAttentionPass> {
  using EmitFlashAttentionBase::EmitFlashAttentionBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      if (call->hasAttr(kernel::kFlashAttentionAttr))
        calls.push_back(call);
    });
    llvm::SetVector<StringAttr> callees;
    OpBuilder b(&getContext());
    for (func::CallOp call : calls) {
      b.setInsertionPoint(call);
      std::optional<kernel::AttentionKernel> attention = kernel::readFlashAttentionCall(b, call);
      if (!attention) {
        call.emitOpError("malformed flash-attention call");
        return signalPassFailure();
      }
      // Buffers cast to the call's any-layout types are read through the
      // casts: static strides make cheaper indexing.
      for (kernel::AttentionOperand *operand : attention->operands())
        if (auto cast = operand->buffer.getDefiningOp<memref::CastOp>())
          operand->buffer = cast.getSource();
      if (tensorCores && kernel::flashAttentionMmaSupports(*attention)) {
        kernel::emitFlashAttentionMma(b, call.getLoc(), *attention);
      } else if (kernel::flashAttentionSupports(attention->headDim, attention->valueDim)) {
        kernel::emitFlashAttention(b, call.getLoc(), *attention);
      } else {
        // Formed by pt2c-attention-to-kernel{tensor-cores=true}: both
        // passes must be given the same setting.
        call.emitOpError() << "attention with head dims " << attention->headDim << " and "
                           << attention->valueDim
                           << " needs the tensor-core kernel (16-bit operands, "
                              "tensor-cores=true)";
        return signalPassFailure();
      }
      callees.insert(call.getCalleeAttr().getAttr());
      call.erase();
    }
    for (StringAttr name : callees)
      if (auto function = module.lookupSymbol<func::FuncOp>(name))
        if (function.isDeclaration() && function.symbolKnownUseEmpty(module))
          function.erase();
  }
};

} // namespace

} // namespace pt2c
