//===- LibraryCall.h - Calls of the runtime's library entry points --------===//
//
// pt2c-gemm-to-library (cuBLASLt) and pt2c-convolution-to-library (cuDNN)
// put calls of runtime functions (runtime/src/CudaGemm.h, CudaConv.h) in
// the host code: every argument an i64 (sizes, strides in elements, device
// addresses in bytes), an i32 answer saying whether the library did the
// work. These are the pieces they share (pt2c-attention-to-kernel, which
// places a kernel among tensor ops, too).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_GPU_LIBRARYCALL_H
#define PT2C_LIB_CODEGEN_GPU_LIBRARYCALL_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>

namespace pt2c::library {

/// `index` as an i64.
mlir::Value toI64(mlir::OpBuilder &b, mlir::Location loc, mlir::Value index);

/// An i64 constant.
mlir::Value constantI64(mlir::OpBuilder &b, mlir::Location loc, int64_t value);

/// A memref's first element's address (bytes) and its strides (elements),
/// as i64 values.
struct MemrefView {
  mlir::Value address;
  llvm::SmallVector<mlir::Value> strides;
};
MemrefView describeMemref(mlir::OpBuilder &b, mlir::Location loc, mlir::Value memref);

/// A read-only buffer of `tensor` with any strides, for a call or kernel
/// placed among tensor ops (one-shot bufferization resolves it).
mlir::Value readOnlyBuffer(mlir::OpBuilder &b, mlir::Location loc, mlir::Value tensor);

/// The private declaration of the runtime function `name` taking
/// `parameters` i64 arguments and answering an i32 (or an integer of
/// `resultBits` bits), made once per module.
mlir::func::FuncOp declareRuntimeFunction(mlir::ModuleOp module, llvm::StringRef name,
                                          unsigned parameters, unsigned resultBits = 32);

/// The runtime's code for an operand element type (PT2CRT_TYPE_* of
/// runtime/include/pt2c/library_calls.h), or nothing for a type the
/// library calls do not take.
std::optional<int64_t> typeCode(mlir::Type type);

/// Whether the generic's body is `acc + ext?(a) * ext?(b)` of its two inputs
/// and its init, and nothing else: a matmul-like contraction's.
bool isMultiplyAdd(mlir::linalg::GenericOp generic);

/// The first op after `op` that is neither an allocation nor free of
/// memory effects (constants, index arithmetic, views): the op an epilogue
/// matcher looks at (a cuBLASLt call's, PointEpilogue.h's).
mlir::Operation *nextWithEffects(mlir::Operation *op);

} // namespace pt2c::library

#endif // PT2C_LIB_CODEGEN_GPU_LIBRARYCALL_H
