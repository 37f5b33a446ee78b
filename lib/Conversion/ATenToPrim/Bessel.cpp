//===- Bessel.cpp - modified Bessel functions I0 and I1 (and scaled) ------===//
//
// i0, special_i0e, special_i1, special_i1e, special_modified_bessel_i0/i1,
// computed in f64 (wideMath) from two textbook expansions of I_nu(a), a =
// |x|, rather than torch's tables of Chebyshev coefficients:
// - a <= 15: the power series I_nu(a) = sum_k (a/2)^(2k+nu) / (k! (k+nu)!),
//   40 terms (the 40th is below 1e-25 of the sum at a = 15);
// - a > 15: the asymptotic series I_nu(a) ~ e^a / sqrt(2 pi a) sum_k c_k,
//   c_k = c_(k-1) ((2k-1)^2 - 4 nu^2) / (8 k a): 20 terms, whose ratio stays
//   below k / 2a, so the last is below 1e-11 of the sum.
// The scaled forms (e: times e^-a) take the asymptotic series without its
// e^a, so they do not overflow; I1 is odd, I0 even. At a = inf: inf, and 0
// for the scaled forms, as torch.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <cmath>

using namespace mlir;

namespace pt2c {
namespace {

using P = prim::ComparePredicate;

constexpr double kSeriesLimit = 15.0;
constexpr int kSeriesTerms = 40;
constexpr int kAsymptoticTerms = 20;

/// I_nu(a) e^(-a * scaled) for a >= 0 (f64), nu 0 or 1.
Value modifiedBessel(Ew &e, Value a, int nu, bool scaled) {
  // The power series: t_k = (a^2/4)^k / (k! (k+nu)!) times (a/2)^nu.
  Value quarter = e.mul(e.mul(a, a), e.c(0.25));
  Value term = nu == 0 ? e.c(1.0) : e.mul(a, e.c(0.5));
  Value sum = term;
  for (int k = 1; k < kSeriesTerms; ++k) {
    term = e.mul(term, e.div(quarter, e.c(double(k) * double(k + nu))));
    sum = e.add(sum, term);
  }
  if (scaled)
    sum = e.mul(sum, e.apply<prim::ExpOp>(e.apply<prim::NegOp>(a)));
  // The asymptotic series around infinity.
  Value c = e.c(1.0), tail = c;
  Value eightA = e.mul(a, e.c(8.0));
  for (int k = 1; k < kAsymptoticTerms; ++k) {
    double numerator = double(2 * k - 1) * double(2 * k - 1) - 4.0 * nu * nu;
    c = e.mul(c, e.div(e.c(numerator), e.mul(eightA, e.c(double(k)))));
    tail = e.add(tail, c);
  }
  Value asymptotic = e.div(tail, e.apply<prim::SqrtOp>(e.mul(a, e.c(2.0 * M_PI))));
  if (!scaled)
    asymptotic = e.mul(asymptotic, e.apply<prim::ExpOp>(a));
  Value result = e.sel(e.cmp(P::gt, a, e.c(kSeriesLimit)), asymptotic, sum);
  return e.sel(e.cmp(P::eq, a, e.c(INFINITY)), e.c(scaled ? 0.0 : INFINITY), result);
}

/// I0 (even) or I1 (odd) of x, scaled by e^-|x| when asked.
template <int nu, bool scaled>
LogicalResult besselI(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return wideMath(call, args, rewriter, [](Ew &e, Value x) {
    Value magnitude = modifiedBessel(e, e.apply<prim::AbsOp>(x), nu, scaled);
    if (nu == 0)
      return magnitude;
    return e.sel(e.cmp(P::lt, x, e.c(0.0)), e.apply<prim::NegOp>(magnitude), magnitude);
  });
}

} // namespace

void addBesselDecompositions(std::vector<Decomposition> &table) {
  constexpr const char *kSeries = "convert, abs, mul, div, add, exp, sqrt, compare, select, neg";
  table.insert(table.end(), {
      {"aten.i0.default", "math", kSeries, besselI<0, false>},
      {"aten.special_i0e.default", "math", kSeries, besselI<0, true>},
      {"aten.special_i1.default", "math", kSeries, besselI<1, false>},
      {"aten.special_i1e.default", "math", kSeries, besselI<1, true>},
      {"aten.special_modified_bessel_i0.default", "math", kSeries, besselI<0, false>},
      {"aten.special_modified_bessel_i1.default", "math", kSeries, besselI<1, false>},
  });
}

} // namespace pt2c
