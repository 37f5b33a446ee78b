//===- GeluEpilogue.h - GPT-2's GELU after a matmul, for cuBLASLt ---------===//
//
// cuBLASLt can apply GELU in its tanh form, 0.5 x (1 + tanh(sqrt(2/pi) (x +
// 0.044715 x^3))), to a matmul's result before writing it (its GELU and
// GELU_BIAS epilogues): GPT-2's activation (`gelu_new`, `gelu(approximate=
// "tanh")`). After a 16-bit matmul, pt2c-gemm-to-library already asks the
// call to write the rounded result (plus bias), D; when the op after that
// only maps D through that GELU into a buffer of the same type, the call
// can write the GELU's output instead, and neither D nor the op's launch
// is needed. The erf form (BERT's, ViT's) is another function and is never
// matched.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_GPU_GELUEPILOGUE_H
#define PT2C_LIB_CODEGEN_GPU_GELUEPILOGUE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>

namespace pt2c::library {

/// Whether the body of `op` (one input, one output) computes the tanh form
/// of GELU of its input: only arithmetic (extf, truncf, addf, subf, mulf,
/// divf, negf, constants, powf by a constant: x ** 3 before
/// pt2c-constant-powers) and one math.tanh, and its value, evaluated with
/// each op rounded to its type, within a few 16-bit roundings of the
/// formula at points from -4 to 4.
bool isTanhGelu(mlir::linalg::GenericOp op);

/// The GELU after a narrowing epilogue.
struct GeluAfter {
  mlir::linalg::GenericOp op;
  /// The op's output, which the call writes instead of D.
  mlir::Value output;
};

/// The op right after `epilogue` (which writes `d`, a static, contiguous
/// 16-bit buffer) when it reads `d` (or a reshape of it) point for point
/// and nothing else does afterwards, writes a contiguous buffer of `d`'s
/// type and element count, and isTanhGelu.
std::optional<GeluAfter> matchGeluAfter(mlir::linalg::GenericOp epilogue, mlir::Value d);

} // namespace pt2c::library

#endif // PT2C_LIB_CODEGEN_GPU_GELUEPILOGUE_H
