//===- FillFolding.h - Constant fills folded into the kernels that follow -===//
//
// Bufferization leaves reductions with two or three kernels where one does:
// a `linalg.fill` of the initial value, often into a buffer that is then
// copied into the reduction's output (one filled buffer, CSE'd, serving
// several reductions), then the reduction reading it back. On the GPU each
// of those is a launch. pt2c-map-to-gpu calls these first:
//  - a copy out of a buffer that holds nothing but one constant fill
//    becomes a fill of the destination (a write instead of a read and a
//    write), and the source's fill goes once nothing reads it;
//  - a fill right before an op that writes every element of that buffer
//    goes into the op: its kernel starts from the constant instead of
//    loading it (or ignores it, when the op never reads its output).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_GPU_FILLFOLDING_H
#define PT2C_LIB_CODEGEN_GPU_FILLFOLDING_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/DenseMap.h"

namespace pt2c {

/// Rewrites copies of constant-filled buffers as fills; erases fills (and
/// their buffers) left without readers.
void fillCopiesOfFilledBuffers(mlir::func::FuncOp func, mlir::IRRewriter &rewriter);

/// Erases each fill whose next op writes every element of the filled
/// buffer as its only output, and returns, per such op, the fill's value:
/// the op's initial output value.
llvm::DenseMap<mlir::Operation *, mlir::Value>
foldFillsIntoNextOps(mlir::func::FuncOp func, mlir::IRRewriter &rewriter);

} // namespace pt2c

#endif // PT2C_LIB_CODEGEN_GPU_FILLFOLDING_H
