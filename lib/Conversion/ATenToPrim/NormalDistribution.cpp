//===- NormalDistribution.cpp - erfcx, log_ndtr, ndtri ---------------------===//
//
// The tails of the normal distribution, computed in f64 (wideMath) and
// rounded once. erfc as 1 - erf has no digits left where erfc itself is
// tiny, so the tails go through erfcx(x) = e^(x^2) erfc(x):
// - erfcx below 2 as e^(x^2) (1 - erf x) (erfc(2) = 0.005: 13 digits left);
//   from 2, Laplace's continued fraction erfcx(x) = 1 / (sqrt(pi) t),
//   t = x + (1/2) / (x + 1 / (x + (3/2) / (x + ...))), from its 60th level;
// - log_ndtr(x) = log(Phi(x)), Phi(x) = erfc(-x / sqrt 2) / 2: below -1 as
//   log(erfcx(-t) / 2) - t^2 (t = x / sqrt 2, no underflow), above as
//   log1p(-erfc(t) / 2);
// - ndtri(p), Phi's inverse: on the lower tail q = min(p, 1 - p), A&S
//   26.2.23's rational start (error < 4.5e-4) and three Halley steps on
//   Phi(x) - q (cubic convergence: below f64's resolution after the second);
//   -x for the upper tail. 0 -> -inf, 1 -> inf, outside [0, 1] NaN.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <cmath>

using namespace mlir;

namespace pt2c {
namespace {

using P = prim::ComparePredicate;

constexpr double kDirectLimit = 2.0;
constexpr int kFractionLevels = 60;

/// e^(x^2) erfc(x), accurate on both tails (inf below about -26.6).
Value erfcxOf(Ew &e, Value x) {
  Value direct = e.mul(e.apply<prim::ExpOp>(e.mul(x, x)),
                       e.sub(e.c(1.0), e.apply<prim::ErfOp>(x)));
  Value far = e.cmp(P::ge, x, e.c(kDirectLimit));
  Value xf = e.sel(far, x, e.c(kDirectLimit));
  Value t = xf;
  for (int k = kFractionLevels; k > 0; --k)
    t = e.add(xf, e.div(e.c(0.5 * k), t));
  Value fraction = e.div(e.c(1.0 / std::sqrt(M_PI)), t);
  return e.sel(far, fraction, direct);
}

/// erfc(x) with its relative accuracy kept on the upper tail.
Value erfcTailOf(Ew &e, Value x) {
  Value far = e.cmp(P::ge, x, e.c(kDirectLimit));
  Value xf = e.sel(far, x, e.c(kDirectLimit));
  Value tail = e.mul(e.apply<prim::ExpOp>(e.apply<prim::NegOp>(e.mul(xf, xf))), erfcxOf(e, xf));
  return e.sel(far, tail, e.sub(e.c(1.0), e.apply<prim::ErfOp>(x)));
}

Value logNdtrOf(Ew &e, Value x) {
  Value t = e.mul(x, e.c(M_SQRT1_2));
  Value low = e.cmp(P::lt, x, e.c(-1.0));
  Value tl = e.sel(low, t, e.c(-1.0));
  Value lower = e.sub(e.apply<prim::LogOp>(e.mul(erfcxOf(e, e.apply<prim::NegOp>(tl)), e.c(0.5))),
                      e.mul(tl, tl));
  Value th = e.sel(low, e.c(0.0), t);
  Value upper = e.apply<prim::Log1pOp>(e.mul(erfcTailOf(e, th), e.c(-0.5)));
  return e.sel(low, lower, upper);
}

Value ndtriOf(Ew &e, Value p) {
  Value upperHalf = e.cmp(P::gt, p, e.c(0.5));
  Value q = e.sel(upperHalf, e.sub(e.c(1.0), p), p);
  // Inside (0, 0.5] for the arithmetic below; the ends are selected last.
  Value inside = e.p.create<prim::AndOp>(e.cmp(P::gt, q, e.c(0.0)), e.cmp(P::le, q, e.c(0.5)));
  q = e.sel(inside, q, e.c(0.25));
  Value t = e.apply<prim::SqrtOp>(e.mul(e.apply<prim::LogOp>(q), e.c(-2.0)));
  Value numerator = e.add(e.c(2.515517), e.mul(t, e.add(e.c(0.802853), e.mul(t, e.c(0.010328)))));
  Value denominator = e.add(
      e.c(1.0),
      e.mul(t, e.add(e.c(1.432788), e.mul(t, e.add(e.c(0.189269), e.mul(t, e.c(0.001308)))))));
  Value x = e.sub(e.div(numerator, denominator), t);
  for (int step = 0; step < 3; ++step) {
    Value cdf = e.mul(erfcTailOf(e, e.mul(x, e.c(-M_SQRT1_2))), e.c(0.5));
    Value pdf = e.mul(e.apply<prim::ExpOp>(e.mul(e.mul(x, x), e.c(-0.5))),
                      e.c(1.0 / std::sqrt(2.0 * M_PI)));
    Value u = e.div(e.sub(cdf, q), pdf);
    x = e.sub(x, e.div(u, e.add(e.c(1.0), e.mul(e.mul(x, u), e.c(0.5)))));
  }
  Value result = e.sel(upperHalf, e.apply<prim::NegOp>(x), x);
  result = e.sel(e.cmp(P::eq, p, e.c(0.0)), e.c(-INFINITY), result);
  result = e.sel(e.cmp(P::eq, p, e.c(1.0)), e.c(INFINITY), result);
  // Below 0, above 1 and NaN (whose comparisons are all false).
  Value valid = e.p.create<prim::AndOp>(e.cmp(P::ge, p, e.c(0.0)), e.cmp(P::le, p, e.c(1.0)));
  return e.sel(valid, result, e.c(NAN));
}

} // namespace

void addNormalDistributionDecompositions(std::vector<Decomposition> &table) {
  constexpr const char *kTails = "convert, mul, add, sub, div, exp, erf, log, log1p, sqrt, neg, "
                                 "compare, select, and";
  table.insert(table.end(), {
      {"aten.special_erfcx.default", "math", kTails, wideMathOf<erfcxOf>},
      {"aten.special_log_ndtr.default", "math", kTails, wideMathOf<logNdtrOf>},
      {"aten.special_ndtri.default", "math", kTails, wideMathOf<ndtriOf>},
  });
}

} // namespace pt2c
