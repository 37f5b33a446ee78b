//===- BoundedAffine.cpp - Affine maps simplified with their dims' sizes ---===//

#include "BoundedAffine.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinTypes.h"

#include <optional>

namespace pt2c {

using namespace mlir;

namespace {

struct Range {
  int64_t min, max;
};

/// A floor division that rounds toward -inf for negative numerators.
int64_t floorDivide(int64_t x, int64_t y) { return x / y - ((x % y != 0) && ((x < 0) != (y < 0))); }

class Simplifier {
public:
  explicit Simplifier(ArrayRef<int64_t> sizes) : sizes(sizes) {}

  /// The values `expr` takes, when the dims' sizes bound it.
  std::optional<Range> range(AffineExpr expr) {
    if (auto constant = dyn_cast<AffineConstantExpr>(expr))
      return Range{constant.getValue(), constant.getValue()};
    if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
      int64_t size = dim.getPosition() < sizes.size() ? sizes[dim.getPosition()] : 0;
      if (size <= 0 || ShapedType::isDynamic(size))
        return std::nullopt;
      return Range{0, size - 1};
    }
    auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
    if (!binary)
      return std::nullopt;
    std::optional<Range> lhs = range(binary.getLHS()), rhs = range(binary.getRHS());
    if (!lhs || !rhs)
      return std::nullopt;
    switch (expr.getKind()) {
    case AffineExprKind::Add:
      return Range{lhs->min + rhs->min, lhs->max + rhs->max};
    case AffineExprKind::Mul: {
      int64_t products[] = {lhs->min * rhs->min, lhs->min * rhs->max, lhs->max * rhs->min,
                            lhs->max * rhs->max};
      return Range{*std::min_element(std::begin(products), std::end(products)),
                   *std::max_element(std::begin(products), std::end(products))};
    }
    case AffineExprKind::FloorDiv:
      if (rhs->min != rhs->max || rhs->min <= 0)
        return std::nullopt;
      return Range{floorDivide(lhs->min, rhs->min), floorDivide(lhs->max, rhs->min)};
    case AffineExprKind::Mod:
      if (rhs->min != rhs->max || rhs->min <= 0)
        return std::nullopt;
      return Range{0, rhs->min - 1};
    default:
      return std::nullopt;
    }
  }

  AffineExpr simplify(AffineExpr expr) {
    auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
    if (!binary)
      return expr;
    AffineExpr lhs = simplify(binary.getLHS()), rhs = simplify(binary.getRHS());
    auto divisor = dyn_cast<AffineConstantExpr>(rhs);
    bool byConstant = divisor && divisor.getValue() > 0;
    if (expr.getKind() == AffineExprKind::FloorDiv && byConstant)
      return divideOrModulo(lhs, divisor.getValue(), /*quotient=*/true);
    if (expr.getKind() == AffineExprKind::Mod && byConstant)
      return divideOrModulo(lhs, divisor.getValue(), /*quotient=*/false);
    switch (expr.getKind()) {
    case AffineExprKind::Add:
      return lhs + rhs;
    case AffineExprKind::Mul:
      return lhs * rhs;
    case AffineExprKind::FloorDiv:
      return lhs.floorDiv(rhs);
    case AffineExprKind::CeilDiv:
      return lhs.ceilDiv(rhs);
    default:
      return lhs % rhs;
    }
  }

private:
  /// x floordiv c or x mod c: the terms of x whose coefficient c divides
  /// go to the quotient; if the rest stays in [0, c) it is the remainder.
  AffineExpr divideOrModulo(AffineExpr x, int64_t c, bool quotient) {
    SmallVector<AffineExpr> terms;
    flattenSum(x, terms);
    AffineExpr whole = getAffineConstantExpr(0, x.getContext());
    AffineExpr rest = getAffineConstantExpr(0, x.getContext());
    for (AffineExpr term : terms) {
      int64_t coefficient = coefficientOf(term);
      if (coefficient % c == 0)
        whole = whole + term.floorDiv(c); // exact: MLIR divides the coefficient
      else
        rest = rest + term;
    }
    std::optional<Range> restRange = range(rest);
    if (!restRange || restRange->min < 0 || restRange->max >= c)
      return quotient ? x.floorDiv(c) : x % c;
    return quotient ? whole : rest;
  }

  /// The terms of a sum, products of a sum and a constant distributed:
  /// (d1 + d0 * 12) * 64 -> d1 * 64, d0 * 768.
  static void flattenSum(AffineExpr expr, SmallVectorImpl<AffineExpr> &terms) {
    if (expr.getKind() == AffineExprKind::Add) {
      auto add = cast<AffineBinaryOpExpr>(expr);
      flattenSum(add.getLHS(), terms);
      flattenSum(add.getRHS(), terms);
      return;
    }
    if (expr.getKind() == AffineExprKind::Mul) {
      auto mul = cast<AffineBinaryOpExpr>(expr);
      auto factor = dyn_cast<AffineConstantExpr>(mul.getRHS());
      if (factor && mul.getLHS().getKind() == AffineExprKind::Add) {
        SmallVector<AffineExpr> inner;
        flattenSum(mul.getLHS(), inner);
        for (AffineExpr term : inner)
          terms.push_back(term * factor.getValue());
        return;
      }
    }
    terms.push_back(expr);
  }

  /// A term's constant factor: c for c, x * c or c * x; 1 otherwise.
  static int64_t coefficientOf(AffineExpr term) {
    if (auto constant = dyn_cast<AffineConstantExpr>(term))
      return constant.getValue();
    if (term.getKind() == AffineExprKind::Mul) {
      auto mul = cast<AffineBinaryOpExpr>(term);
      if (auto constant = dyn_cast<AffineConstantExpr>(mul.getRHS()))
        return constant.getValue();
      if (auto constant = dyn_cast<AffineConstantExpr>(mul.getLHS()))
        return constant.getValue();
    }
    return 1;
  }

  ArrayRef<int64_t> sizes;
};

} // namespace

AffineMap simplifyWithinBounds(AffineMap map, ArrayRef<int64_t> dimSizes) {
  Simplifier simplifier(dimSizes);
  // A dim of size 1 is always 0.
  SmallVector<AffineExpr> dims;
  for (unsigned d = 0; d < map.getNumDims(); ++d)
    dims.push_back(d < dimSizes.size() && dimSizes[d] == 1
                       ? getAffineConstantExpr(0, map.getContext())
                       : getAffineDimExpr(d, map.getContext()));
  SmallVector<AffineExpr> results;
  for (AffineExpr result : map.getResults())
    results.push_back(simplifier.simplify(result.replaceDims(dims)));
  return AffineMap::get(map.getNumDims(), map.getNumSymbols(), results, map.getContext());
}

AffineMap rowMajorReshapeMap(ArrayRef<int64_t> sourceShape, ArrayRef<int64_t> resultShape,
                             MLIRContext *context) {
  AffineExpr linear = getAffineConstantExpr(0, context);
  int64_t stride = 1;
  for (int64_t d = int64_t(resultShape.size()) - 1; d >= 0; --d) {
    linear = linear + getAffineDimExpr(d, context) * stride;
    stride *= resultShape[d];
  }
  SmallVector<AffineExpr> results(sourceShape.size());
  stride = 1;
  for (int64_t d = int64_t(sourceShape.size()) - 1; d >= 0; --d) {
    AffineExpr index = linear.floorDiv(stride);
    results[d] = d == 0 ? index : index % sourceShape[d];
    stride *= sourceShape[d];
  }
  return AffineMap::get(resultShape.size(), 0, results, context);
}

std::optional<LinearForm> linearForm(AffineExpr expr, unsigned numDims) {
  LinearForm form;
  form.coefficients.assign(numDims, 0);
  if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
    form.constant = constant.getValue();
    return form;
  }
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    if (dim.getPosition() >= numDims)
      return std::nullopt;
    form.coefficients[dim.getPosition()] = 1;
    return form;
  }
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return std::nullopt;
  std::optional<LinearForm> lhs = linearForm(binary.getLHS(), numDims);
  std::optional<LinearForm> rhs = linearForm(binary.getRHS(), numDims);
  if (!lhs || !rhs)
    return std::nullopt;
  auto isConstant = [](const LinearForm &f) {
    return llvm::all_of(f.coefficients, [](int64_t c) { return c == 0; });
  };
  auto scaled = [](LinearForm f, int64_t factor) {
    for (int64_t &c : f.coefficients)
      c *= factor;
    f.constant *= factor;
    return f;
  };
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    for (unsigned d = 0; d < numDims; ++d)
      lhs->coefficients[d] += rhs->coefficients[d];
    lhs->constant += rhs->constant;
    return lhs;
  case AffineExprKind::Mul:
    if (isConstant(*rhs))
      return scaled(*lhs, rhs->constant);
    if (isConstant(*lhs))
      return scaled(*rhs, lhs->constant);
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

} // namespace pt2c
