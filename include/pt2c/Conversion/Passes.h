//===- Passes.h - pt2c's conversion passes --------------------------------===//

#ifndef PT2C_CONVERSION_PASSES_H
#define PT2C_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::arith {
class ArithDialect;
} // namespace mlir::arith
namespace mlir::tensor {
class TensorDialect;
} // namespace mlir::tensor
namespace mlir::linalg {
class LinalgDialect;
} // namespace mlir::linalg
namespace mlir::math {
class MathDialect;
} // namespace mlir::math
namespace pt2c::prim {
class PrimDialect;
} // namespace pt2c::prim

namespace pt2c {

#define GEN_PASS_DECL
#include "pt2c/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "pt2c/Conversion/Passes.h.inc"

} // namespace pt2c

#endif // PT2C_CONVERSION_PASSES_H
