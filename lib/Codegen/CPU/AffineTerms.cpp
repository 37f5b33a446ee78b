//===- AffineTerms.cpp - Affine expressions as sums of scaled dims --------===//

#include "pt2c/Codegen/AffineTerms.h"

#include <functional>

namespace pt2c {

using namespace mlir;

std::optional<SmallVector<int64_t>> linearCoefficients(AffineExpr expr, unsigned dims) {
  SmallVector<int64_t> coefficients(dims, 0);
  std::function<bool(AffineExpr, int64_t)> visit = [&](AffineExpr e, int64_t factor) {
    if (auto dim = dyn_cast<AffineDimExpr>(e)) {
      if (dim.getPosition() >= dims)
        return false;
      coefficients[dim.getPosition()] += factor;
      return true;
    }
    auto binary = dyn_cast<AffineBinaryOpExpr>(e);
    if (!binary)
      return false;
    if (binary.getKind() == AffineExprKind::Add)
      return visit(binary.getLHS(), factor) && visit(binary.getRHS(), factor);
    if (binary.getKind() == AffineExprKind::Mul)
      if (auto constant = dyn_cast<AffineConstantExpr>(binary.getRHS()))
        return visit(binary.getLHS(), factor * constant.getValue());
    return false;
  };
  if (!visit(expr, 1))
    return std::nullopt;
  return coefficients;
}

std::optional<std::pair<int64_t, int64_t>> twoTerms(AffineExpr expr, unsigned dims,
                                                    unsigned a, unsigned b) {
  std::optional<SmallVector<int64_t>> coefficients = linearCoefficients(expr, dims);
  if (!coefficients)
    return std::nullopt;
  for (unsigned d = 0; d < dims; ++d)
    if (d != a && d != b && (*coefficients)[d] != 0)
      return std::nullopt;
  if ((*coefficients)[a] < 1 || (*coefficients)[b] < 1)
    return std::nullopt;
  return std::make_pair((*coefficients)[a], (*coefficients)[b]);
}

} // namespace pt2c
