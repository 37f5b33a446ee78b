//===- BoundedAffine.h - Affine maps simplified with their dims' sizes ----===//
//
// Reading through a reshape gives affine maps with floordiv and mod (the
// source index of a row-major reinterpretation), which MLIR's own
// simplification cannot remove: it does not know that d1 < 12 makes
// (d0 * 12 + d1) floordiv 12 just d0. Inside a kernel every such term is
// a 64-bit division per element read; knowing each dim's size, most of
// them fold away.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CODEGEN_GPU_BOUNDEDAFFINE_H
#define PT2C_LIB_CODEGEN_GPU_BOUNDEDAFFINE_H

#include "mlir/IR/AffineMap.h"

#include <optional>

namespace pt2c {

/// `map` with each floordiv and mod by a positive constant removed where
/// the dims' ranges (0 <= d_i < dimSizes[i]; a dynamic size bounds
/// nothing) decide it: x floordiv c keeps only the terms of x whose
/// coefficients c divides, x mod c drops them, when the other terms stay
/// within [0, c). Dims of size 1 become 0.
mlir::AffineMap simplifyWithinBounds(mlir::AffineMap map, llvm::ArrayRef<int64_t> dimSizes);

/// The map from a reshape's result indices to its source indices when both
/// shapes are static with the same number of elements: the row-major
/// position of the result index, taken apart along the source's dims.
mlir::AffineMap rowMajorReshapeMap(llvm::ArrayRef<int64_t> sourceShape,
                                   llvm::ArrayRef<int64_t> resultShape,
                                   mlir::MLIRContext *context);

/// An affine expression that is linear in the dims:
/// sum of coefficients[d] * d_d, plus constant.
struct LinearForm {
  llvm::SmallVector<int64_t> coefficients;
  int64_t constant = 0;
};

/// `expr` as a LinearForm over `numDims` dims; nullopt when it holds a
/// floordiv, mod, ceildiv, symbol or a product of dims.
std::optional<LinearForm> linearForm(mlir::AffineExpr expr, unsigned numDims);

} // namespace pt2c

#endif // PT2C_LIB_CODEGEN_GPU_BOUNDEDAFFINE_H
