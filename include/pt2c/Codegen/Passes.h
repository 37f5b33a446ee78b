//===- Passes.h - pt2c's codegen passes -----------------------------------===//

#ifndef PT2C_CODEGEN_PASSES_H
#define PT2C_CODEGEN_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::affine {
class AffineDialect;
} // namespace mlir::affine
namespace mlir::arith {
class ArithDialect;
} // namespace mlir::arith
namespace mlir::func {
class FuncDialect;
class FuncOp;
} // namespace mlir::func
namespace mlir::gpu {
class GPUDialect;
} // namespace mlir::gpu
namespace mlir::LLVM {
class LLVMDialect;
} // namespace mlir::LLVM
namespace mlir::linalg {
class LinalgDialect;
} // namespace mlir::linalg
namespace mlir::memref {
class MemRefDialect;
} // namespace mlir::memref
namespace mlir::scf {
class SCFDialect;
} // namespace mlir::scf
namespace mlir::tensor {
class TensorDialect;
} // namespace mlir::tensor
namespace mlir::ub {
class UBDialect;
} // namespace mlir::ub
namespace mlir::vector {
class VectorDialect;
} // namespace mlir::vector

namespace pt2c {

#define GEN_PASS_DECL
#include "pt2c/Codegen/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "pt2c/Codegen/Passes.h.inc"

} // namespace pt2c

#endif // PT2C_CODEGEN_PASSES_H
