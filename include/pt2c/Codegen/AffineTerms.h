//===- AffineTerms.h - Affine expressions as sums of scaled dims ----------===//
//
// PrimToLinalg writes a convolution's or pooling's windows as a copy whose
// read map adds scaled loop dims (`y * stride + i * dilation`). The passes
// that recognize those windows (pt2c-convolutions-channels-last,
// pt2c-convolution-to-library) read the strides back with these.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CODEGEN_AFFINETERMS_H
#define PT2C_CODEGEN_AFFINETERMS_H

#include "mlir/IR/AffineExpr.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <utility>

namespace pt2c {

/// `expr` as one coefficient per dim (of `dims`), when it is a sum of dims
/// times constants with no constant term.
std::optional<llvm::SmallVector<int64_t>> linearCoefficients(mlir::AffineExpr expr,
                                                             unsigned dims);

/// The two coefficients of a `d[a] * x + d[b] * y` expression (x, y >= 1,
/// every other dim absent).
std::optional<std::pair<int64_t, int64_t>> twoTerms(mlir::AffineExpr expr, unsigned dims,
                                                    unsigned a, unsigned b);

} // namespace pt2c

#endif // PT2C_CODEGEN_AFFINETERMS_H
