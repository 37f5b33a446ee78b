//===- ChebyshevPolynomials.cpp - special_(shifted_)chebyshev_polynomial_* -===//
//
// T_n, U_n, V_n and W_n (and the shifted forms, of 2x - 1) from their closed
// forms rather than torch's three-term recurrence, which takes n steps: in
// f64, n truncated toward 0 and 0 for n < 0 (as torch),
// - |x| < 1, theta = acos x: T = cos(n theta), U = sin((n+1) theta) / sin
//   theta, V = cos((n+1/2) theta) / cos(theta/2), W = sin((n+1/2) theta) /
//   sin(theta/2);
// - |x| > 1, phi = acosh |x|, s = sign(x)^n: T = s cosh(n phi), U = s
//   sinh((n+1) phi) / sinh phi; V and W are s cosh((n+1/2) phi) / cosh(phi/2)
//   and s sinh((n+1/2) phi) / sinh(phi/2), swapped for x < -1
//   (V_n(-x) = (-1)^n W_n(x));
// - |x| = 1, the limits: T = s, U = s (n+1), V = 1 or s (2n+1) at -1, W =
//   2n+1 or s at -1.
// Where a value is beyond f32's range torch's f32 recurrence computes
// inf - inf, NaN; here it is +-inf.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <cmath>

using namespace mlir;

namespace pt2c {
namespace {

using P = prim::ComparePredicate;

enum class Kind { T, U, V, W };

Value coshOf(Ew &e, Value y) {
  return e.mul(e.add(e.apply<prim::ExpOp>(y), e.apply<prim::ExpOp>(e.apply<prim::NegOp>(y))),
               e.c(0.5));
}

/// sinh from expm1, so small arguments keep their digits.
Value sinhOf(Ew &e, Value y) {
  return e.mul(e.sub(expm1Of(e, y), expm1Of(e, e.apply<prim::NegOp>(y))), e.c(0.5));
}

Value chebyshevOf(Ew &e, Kind kind, Value x, Value degree) {
  // torch casts n to int64 (toward 0: -0.5 is degree 0; NaN is INT64_MIN on
  // x86) and gives 0 for a negative degree.
  Value negativeDegree = e.p.create<prim::OrOp>(e.cmp(P::le, degree, e.c(-1.0)), e.isNan(degree));
  Value n = e.apply<prim::FloorOp>(e.sel(e.cmp(P::lt, degree, e.c(0.0)), e.c(0.0), degree));
  Value odd = e.cmp(P::eq, e.p.create<prim::RemOp>(n, e.c(2.0)), e.c(1.0));
  Value sign = e.sel(e.p.create<prim::AndOp>(odd, e.cmp(P::lt, x, e.c(0.0))), e.c(-1.0), e.c(1.0));
  Value positive = e.cmp(P::gt, x, e.c(0.0));
  Value a = e.apply<prim::AbsOp>(x);
  Value half = e.add(n, e.c(0.5));
  Value twiceHalf = e.add(e.add(n, n), e.c(1.0));

  // Inside (-1, 1); each side computes on values of its own range only.
  Value inside = e.cmp(P::lt, a, e.c(1.0));
  Value xi = e.sel(inside, x, e.c(0.0));
  Value theta = e.p.create<prim::Atan2Op>(e.apply<prim::SqrtOp>(e.sub(e.c(1.0), e.mul(xi, xi))), xi);
  Value inner;
  switch (kind) {
  case Kind::T:
    inner = e.apply<prim::CosOp>(e.mul(n, theta));
    break;
  case Kind::U:
    inner = e.div(e.apply<prim::SinOp>(e.mul(e.add(n, e.c(1.0)), theta)),
                  e.apply<prim::SinOp>(theta));
    break;
  case Kind::V:
    inner = e.div(e.apply<prim::CosOp>(e.mul(half, theta)),
                  e.apply<prim::CosOp>(e.mul(theta, e.c(0.5))));
    break;
  case Kind::W:
    inner = e.div(e.apply<prim::SinOp>(e.mul(half, theta)),
                  e.apply<prim::SinOp>(e.mul(theta, e.c(0.5))));
    break;
  }

  // Outside [-1, 1].
  Value ao = e.sel(e.cmp(P::gt, a, e.c(1.0)), a, e.c(2.0));
  Value phi = e.apply<prim::LogOp>(
      e.add(ao, e.apply<prim::SqrtOp>(e.sub(e.mul(ao, ao), e.c(1.0)))));
  Value outer;
  if (kind == Kind::T) {
    outer = coshOf(e, e.mul(n, phi));
  } else if (kind == Kind::U) {
    outer = e.div(sinhOf(e, e.mul(e.add(n, e.c(1.0)), phi)), sinhOf(e, phi));
  } else {
    Value halfPhi = e.mul(phi, e.c(0.5));
    Value even = e.div(coshOf(e, e.mul(half, phi)), coshOf(e, halfPhi));
    Value uneven = e.div(sinhOf(e, e.mul(half, phi)), sinhOf(e, halfPhi));
    outer = kind == Kind::V ? e.sel(positive, even, uneven) : e.sel(positive, uneven, even);
  }
  outer = e.mul(sign, outer);

  // At +-1.
  Value edge;
  switch (kind) {
  case Kind::T:
    edge = sign;
    break;
  case Kind::U:
    edge = e.mul(sign, e.add(n, e.c(1.0)));
    break;
  case Kind::V:
    edge = e.sel(positive, e.c(1.0), e.mul(sign, twiceHalf));
    break;
  case Kind::W:
    edge = e.sel(positive, twiceHalf, sign);
    break;
  }
  Value result = e.sel(inside, inner, e.sel(e.cmp(P::eq, a, e.c(1.0)), edge, outer));
  return e.sel(negativeDegree, e.c(0.0), result);
}

/// Both operands (either may be a number) converted to f64 and broadcast,
/// the polynomial of `kind` (of 2x - 1 when shifted), rounded once.
template <Kind kind, bool shifted>
LogicalResult chebyshev(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float result");
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType wide = type.clone(Float64Type::get(rewriter.getContext()));
  SmallVector<Value> operands = operandsAs(p, args, {"x", "n"}, wide);
  if (operands.size() != 2)
    return rewriter.notifyMatchFailure(call, "`x` and `n` must be tensors or numbers");
  Value x = operands[0], n = operands[1];
  Ew e{p, x};
  if (shifted)
    x = e.sub(e.add(x, x), e.c(1.0));
  Value result = p.convert(chebyshevOf(e, kind, x, n), type.getElementType());
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

} // namespace

void addChebyshevDecompositions(std::vector<Decomposition> &table) {
  constexpr const char *kPrims = "convert, add, sub, mul, div, rem, floor, abs, sqrt, atan2, sin, "
                                 "cos, exp, log, neg, compare, select, and";
  table.insert(table.end(), {
      {"aten.special_chebyshev_polynomial_t.default", "math", kPrims, chebyshev<Kind::T, false>},
      {"aten.special_chebyshev_polynomial_t.n_scalar", "math", kPrims, chebyshev<Kind::T, false>},
      {"aten.special_chebyshev_polynomial_t.x_scalar", "math", kPrims, chebyshev<Kind::T, false>},
      {"aten.special_chebyshev_polynomial_u.default", "math", kPrims, chebyshev<Kind::U, false>},
      {"aten.special_chebyshev_polynomial_u.n_scalar", "math", kPrims, chebyshev<Kind::U, false>},
      {"aten.special_chebyshev_polynomial_u.x_scalar", "math", kPrims, chebyshev<Kind::U, false>},
      {"aten.special_chebyshev_polynomial_v.default", "math", kPrims, chebyshev<Kind::V, false>},
      {"aten.special_chebyshev_polynomial_v.n_scalar", "math", kPrims, chebyshev<Kind::V, false>},
      {"aten.special_chebyshev_polynomial_v.x_scalar", "math", kPrims, chebyshev<Kind::V, false>},
      {"aten.special_chebyshev_polynomial_w.default", "math", kPrims, chebyshev<Kind::W, false>},
      {"aten.special_chebyshev_polynomial_w.n_scalar", "math", kPrims, chebyshev<Kind::W, false>},
      {"aten.special_chebyshev_polynomial_w.x_scalar", "math", kPrims, chebyshev<Kind::W, false>},
      {"aten.special_shifted_chebyshev_polynomial_t.default", "math", kPrims, chebyshev<Kind::T, true>},
      {"aten.special_shifted_chebyshev_polynomial_t.n_scalar", "math", kPrims, chebyshev<Kind::T, true>},
      {"aten.special_shifted_chebyshev_polynomial_t.x_scalar", "math", kPrims, chebyshev<Kind::T, true>},
      {"aten.special_shifted_chebyshev_polynomial_u.default", "math", kPrims, chebyshev<Kind::U, true>},
      {"aten.special_shifted_chebyshev_polynomial_u.n_scalar", "math", kPrims, chebyshev<Kind::U, true>},
      {"aten.special_shifted_chebyshev_polynomial_u.x_scalar", "math", kPrims, chebyshev<Kind::U, true>},
      {"aten.special_shifted_chebyshev_polynomial_v.default", "math", kPrims, chebyshev<Kind::V, true>},
      {"aten.special_shifted_chebyshev_polynomial_v.n_scalar", "math", kPrims, chebyshev<Kind::V, true>},
      {"aten.special_shifted_chebyshev_polynomial_v.x_scalar", "math", kPrims, chebyshev<Kind::V, true>},
      {"aten.special_shifted_chebyshev_polynomial_w.default", "math", kPrims, chebyshev<Kind::W, true>},
      {"aten.special_shifted_chebyshev_polynomial_w.n_scalar", "math", kPrims, chebyshev<Kind::W, true>},
      {"aten.special_shifted_chebyshev_polynomial_w.x_scalar", "math", kPrims, chebyshev<Kind::W, true>},
  });
}

} // namespace pt2c
