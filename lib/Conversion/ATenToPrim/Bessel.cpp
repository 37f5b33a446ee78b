//===- Bessel.cpp - Bessel, modified Bessel and Airy functions -------------===//
//
// Computed in f64 (wideMath) from textbook expansions rather than torch's
// tables of rational and Chebyshev coefficients, and rounded once:
// - I0, I1 (i0, special_i0e, special_i1, special_i1e,
//   special_modified_bessel_i0/i1), a = |x|: the power series I_nu(a) =
//   sum_k (a/2)^(2k+nu) / (k! (k+nu)!), 40 terms, for a <= 15 (the 40th is
//   below 1e-25 of the sum at a = 15); beyond, the asymptotic series
//   I_nu(a) ~ e^a / sqrt(2 pi a) sum_k c_k, c_k = c_(k-1) ((2k-1)^2 - 4 nu^2)
//   / (8 k a), 20 terms (the ratio stays below k / 2a, so the last is below
//   1e-11 of the sum). The scaled forms (e: times e^-a) take the asymptotic
//   series without its e^a, so they do not overflow; I1 is odd, I0 even.
// - J0, J1, Y0, Y1 (special_bessel_*): for x <= 12 the power series of J
//   and Y's (Abramowitz & Stegun 9.1.10-11: Y_n as (2/pi) ln(x/2) J_n plus a
//   series with harmonic numbers), whose largest term at 12 is ~4e3, so the
//   sum keeps 1e-12 absolute; beyond, Hankel's expansion sqrt(2/(pi x)) (P cos
//   chi -+ Q sin chi), 24 terms, whose smallest term near k = 2x is below
//   e^-24. At x = 12 the two agree to 1e-12.
// - K0, K1 and their scaled forms (special_modified_bessel_k*,
//   special_scaled_modified_bessel_k*): for x <= 9 A&S 9.6.13 (-(ln(x/2) +
//   gamma) I0 plus a harmonic series; K1 likewise), whose cancellation costs
//   e^2x of f64's 1e-16 (7e-9 at 9); beyond, the asymptotic series
//   sqrt(pi / 2x) e^-x sum_k a_k / x^k, 19 terms (error about e^-2x).
// - Ai (special_airy_ai): with zeta = 2/3 |x|^(3/2) <= 12, Maclaurin's
//   series Ai(0) f(x) + Ai'(0) g(x) (A&S 10.4.2-3); beyond, the asymptotic
//   series in 1/zeta (A&S 10.4.59 for x > 0, 10.4.60 for x < 0), 24 terms.
// - spherical j0 = sin(x) / x (1 at 0, 0 at +-inf).
// Out of domain as torch: Y and K are NaN below 0, Y -inf and K inf at 0;
// J and Y NaN at +-inf (torch's float kernels), Ai NaN at +-inf.
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

/// sum_k sign^k (a/2)^(2k+nu) / (k! (k+nu)!): I_nu's power series for
/// sign 1, J_nu's for sign -1.
Value besselSeries(Ew &e, Value a, int nu, double sign, int terms) {
  Value quarter = e.mul(e.mul(a, a), e.c(0.25));
  Value term = nu == 0 ? e.c(1.0) : e.mul(a, e.c(0.5));
  Value sum = term;
  for (int k = 1; k < terms; ++k) {
    term = e.mul(e.mul(term, quarter), e.c(sign / (double(k) * double(k + nu))));
    sum = e.add(sum, term);
  }
  return sum;
}

/// I_nu(a) e^(-a * scaled) for a >= 0 (f64), nu 0 or 1.
Value modifiedBessel(Ew &e, Value a, int nu, bool scaled) {
  Value sum = besselSeries(e, a, nu, 1.0, kSeriesTerms);
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

constexpr double kEuler = 0.57721566490153286061;
constexpr double kHankelLimit = 12.0;
constexpr int kHankelTerms = 24;
constexpr int kJSeriesTerms = 34;
constexpr double kKLimit = 9.0;
constexpr int kKSeriesTerms = 30;
constexpr int kKAsymptoticTerms = 19;

/// The coefficients a_k(nu) = prod_(j <= k) (4 nu^2 - (2j - 1)^2) / (k! 8^k)
/// of Hankel's expansions and of K's asymptotic series.
std::vector<double> hankelCoefficients(int nu, int terms) {
  std::vector<double> a{1.0};
  for (int k = 1; k < terms; ++k)
    a.push_back(a.back() * (4.0 * nu * nu - double(2 * k - 1) * double(2 * k - 1)) /
                (8.0 * k));
  return a;
}

/// sum_k c_k z^k.
Value powerSeries(Ew &e, Value z, ArrayRef<double> c) {
  Value power = e.c(1.0), sum = e.c(c[0]);
  for (size_t k = 1; k < c.size(); ++k) {
    power = e.mul(power, z);
    sum = e.add(sum, e.mul(power, e.c(c[k])));
  }
  return sum;
}

/// The alternating halves of sum_k c_k z^k: P = c_0 - c_2 z^2 + c_4 z^4 -
/// ... and Q = c_1 z - c_3 z^3 + ... (Hankel's and Airy's expansions).
std::pair<Value, Value> alternatingHalves(Ew &e, Value z, ArrayRef<double> c) {
  SmallVector<double> even(c.size(), 0.0), odd(c.size(), 0.0);
  for (size_t k = 0; k < c.size(); ++k) {
    bool negative = (k / 2) % 2 == 1;
    (k % 2 == 0 ? even : odd)[k] = negative ? -c[k] : c[k];
  }
  return {powerSeries(e, z, even), powerSeries(e, z, odd)};
}

/// J_nu(x) for x > 0 beyond the series (sine = false), or Y_nu (sine =
/// true): sqrt(2 / (pi x)) (P cos chi - Q sin chi), or (P sin chi + Q cos
/// chi), chi = x - (nu / 2 + 1/4) pi, P and Q the even and odd terms of
/// sum_k a_k / x^k with alternating signs.
Value hankel(Ew &e, Value x, int nu, bool sine) {
  std::vector<double> a = hankelCoefficients(nu, kHankelTerms);
  auto [p, q] = alternatingHalves(e, e.div(e.c(1.0), x), a);
  Value chi = e.sub(x, e.c((nu * 0.5 + 0.25) * M_PI));
  Value cosine = e.apply<prim::CosOp>(chi), sinus = e.apply<prim::SinOp>(chi);
  Value wave = sine ? e.add(e.mul(p, sinus), e.mul(q, cosine))
                    : e.sub(e.mul(p, cosine), e.mul(q, sinus));
  return e.mul(wave, e.apply<prim::SqrtOp>(e.div(e.c(2.0 / M_PI), x)));
}

/// J0 (even) and J1 (odd): NaN at +-inf and NaN, as torch's float kernels.
template <int nu> Value besselJOf(Ew &e, Value x) {
  Value a = e.apply<prim::AbsOp>(x);
  Value series = besselSeries(e, a, nu, -1.0, kJSeriesTerms);
  Value beyond = e.cmp(P::gt, a, e.c(kHankelLimit));
  Value far = hankel(e, e.sel(beyond, a, e.c(kHankelLimit)), nu, /*sine=*/false);
  Value magnitude = e.sel(beyond, far, series);
  Value result = nu == 0 ? magnitude
                         : e.sel(e.cmp(P::lt, x, e.c(0.0)), e.apply<prim::NegOp>(magnitude),
                                 magnitude);
  return e.sel(e.cmp(P::eq, a, e.c(INFINITY)), e.c(NAN), result);
}

/// Y0 and Y1 (A&S 9.1.13 and 9.1.11 for n = 1) up to kHankelLimit, with q =
/// x^2 / 4 and t_k the series' k-th power term:
///   Y0 = (2/pi) ((ln(x/2) + gamma) J0 - sum_(k>=1) H_k t_k), t_k = (-q)^k / k!^2
///   Y1 = -2 / (pi x) + (2/pi) ln(x/2) J1 - (1/pi) sum_(k>=0) (2 H_k + 1/(k+1)
///        - 2 gamma) t_k, t_k = (-q)^k (x/2) / (k! (k+1)!)
template <int nu> Value besselYOf(Ew &e, Value x) {
  // The series side only sees (0, limit] and the expansion (limit, inf), so
  // neither computes with a value it was not written for.
  Value low = e.cmp(P::le, x, e.c(kHankelLimit));
  Value xs = e.sel(low, e.sel(e.cmp(P::gt, x, e.c(0.0)), x, e.c(1.0)), e.c(1.0));
  Value quarter = e.mul(e.mul(xs, xs), e.c(0.25));
  Value logHalf = e.apply<prim::LogOp>(e.mul(xs, e.c(0.5)));
  Value series;
  double harmonic = 0.0;
  if (nu == 0) {
    Value term = e.c(1.0), sum = e.c(0.0);
    for (int k = 1; k < kJSeriesTerms; ++k) {
      harmonic += 1.0 / k;
      term = e.mul(e.mul(term, quarter), e.c(-1.0 / (double(k) * k)));
      sum = e.sub(sum, e.mul(term, e.c(harmonic)));
    }
    Value j0 = besselSeries(e, xs, 0, -1.0, kJSeriesTerms);
    series = e.mul(e.add(e.mul(e.add(logHalf, e.c(kEuler)), j0), sum), e.c(2.0 / M_PI));
  } else {
    Value term = e.mul(xs, e.c(0.5));
    Value sum = e.mul(term, e.c(1.0 - 2.0 * kEuler));
    for (int k = 1; k < kJSeriesTerms; ++k) {
      harmonic += 1.0 / k;
      term = e.mul(e.mul(term, quarter), e.c(-1.0 / (double(k) * (k + 1))));
      sum = e.add(sum, e.mul(term, e.c(2.0 * harmonic + 1.0 / (k + 1) - 2.0 * kEuler)));
    }
    Value j1 = besselSeries(e, xs, 1, -1.0, kJSeriesTerms);
    series = e.sub(e.add(e.div(e.c(-2.0 / M_PI), xs), e.mul(e.mul(logHalf, j1), e.c(2.0 / M_PI))),
                   e.mul(sum, e.c(1.0 / M_PI)));
  }
  Value far = hankel(e, e.sel(low, e.c(kHankelLimit), x), nu, /*sine=*/true);
  Value result = e.sel(low, series, far);
  result = e.sel(e.cmp(P::eq, x, e.c(0.0)), e.c(-INFINITY), result);
  Value invalid = e.p.create<prim::OrOp>(e.cmp(P::lt, x, e.c(0.0)),
                                         e.cmp(P::eq, x, e.c(INFINITY)));
  return e.sel(e.p.create<prim::OrOp>(invalid, e.isNan(x)), e.c(NAN), result);
}

/// K0 and K1, times e^x when scaled (A&S 9.6.13 for n = 0 and 1, q = x^2/4):
///   K0 = -(ln(x/2) + gamma) I0 + sum_(k>=1) H_k q^k / k!^2
///   K1 = 1/x + ln(x/2) I1 - (x/4) sum_(k>=0) (2 H_k + 1/(k+1) - 2 gamma)
///        q^k / (k! (k+1)!)
/// beyond kKLimit sqrt(pi / 2x) e^-x sum_k a_k / x^k.
template <int nu, bool scaled> Value besselKOf(Ew &e, Value x) {
  Value low = e.cmp(P::le, x, e.c(kKLimit));
  Value xs = e.sel(low, e.sel(e.cmp(P::gt, x, e.c(0.0)), x, e.c(1.0)), e.c(1.0));
  Value quarter = e.mul(e.mul(xs, xs), e.c(0.25));
  Value logHalf = e.apply<prim::LogOp>(e.mul(xs, e.c(0.5)));
  Value term = e.c(1.0);
  Value sum = e.c(nu == 0 ? 0.0 : 1.0 - 2.0 * kEuler);
  double harmonic = 0.0;
  for (int k = 1; k < kKSeriesTerms; ++k) {
    harmonic += 1.0 / k;
    term = e.mul(e.mul(term, quarter), e.c(1.0 / (double(k) * (k + nu))));
    double weight = nu == 0 ? harmonic : 2.0 * harmonic + 1.0 / (k + 1) - 2.0 * kEuler;
    sum = e.add(sum, e.mul(term, e.c(weight)));
  }
  Value series;
  if (nu == 0)
    series = e.sub(sum, e.mul(e.add(logHalf, e.c(kEuler)),
                              besselSeries(e, xs, 0, 1.0, kKSeriesTerms)));
  else
    series = e.sub(e.add(e.div(e.c(1.0), xs),
                         e.mul(logHalf, besselSeries(e, xs, 1, 1.0, kKSeriesTerms))),
                   e.mul(e.mul(xs, e.c(0.25)), sum));
  if (scaled)
    series = e.mul(series, e.apply<prim::ExpOp>(xs));
  // The asymptotic side on (kKLimit, inf].
  Value xf = e.sel(low, e.c(kKLimit + 1.0), x);
  Value tail = powerSeries(e, e.div(e.c(1.0), xf), hankelCoefficients(nu, kKAsymptoticTerms));
  Value far = e.mul(tail, e.apply<prim::SqrtOp>(e.div(e.c(M_PI / 2.0), xf)));
  if (!scaled)
    far = e.mul(far, e.apply<prim::ExpOp>(e.apply<prim::NegOp>(xf)));
  Value result = e.sel(low, series, far);
  result = e.sel(e.cmp(P::eq, x, e.c(INFINITY)), e.c(0.0), result);
  result = e.sel(e.cmp(P::eq, x, e.c(0.0)), e.c(INFINITY), result);
  return e.sel(e.p.create<prim::OrOp>(e.cmp(P::lt, x, e.c(0.0)), e.isNan(x)), e.c(NAN), result);
}

constexpr double kAiryAtZero = 0.35502805388781723926;       // Ai(0)
constexpr double kAiryDerivativeAtZero = -0.25881940379280679840; // Ai'(0)
constexpr double kAiryLimit = 12.0; // zeta beyond which the asymptotic series
constexpr int kAirySeriesTerms = 40;
constexpr int kAiryAsymptoticTerms = 24;

/// Ai(x): Maclaurin's series (A&S 10.4.2-3) while zeta = 2/3 |x|^1.5 <=
/// kAiryLimit, f = sum 3^k (1/3)_k x^3k / (3k)!, g = sum 3^k (2/3)_k x^(3k+1) /
/// (3k+1)!; beyond, with u_k = u_(k-1) (6k-5)(6k-3)(6k-1) / ((2k-1) 216 k):
///   x > 0: e^-zeta / (2 sqrt(pi) x^1/4) sum_k (-1)^k u_k / zeta^k
///   x < 0: (sin(zeta + pi/4) sum_k (-1)^k u_2k / zeta^2k
///           - cos(zeta + pi/4) sum_k (-1)^k u_(2k+1) / zeta^(2k+1)) / (sqrt(pi) |x|^1/4)
Value airyAiOf(Ew &e, Value x) {
  Value a = e.apply<prim::AbsOp>(x);
  Value zeta = e.mul(e.mul(a, e.apply<prim::SqrtOp>(a)), e.c(2.0 / 3.0));
  Value near = e.cmp(P::le, zeta, e.c(kAiryLimit));
  Value xs = e.sel(near, x, e.c(0.0));
  Value cube = e.mul(e.mul(xs, xs), xs);
  Value f = e.c(1.0), g = xs, tf = e.c(1.0), tg = xs;
  for (int k = 1; k < kAirySeriesTerms; ++k) {
    tf = e.mul(e.mul(tf, cube), e.c(1.0 / (double(3 * k - 1) * (3 * k))));
    tg = e.mul(e.mul(tg, cube), e.c(1.0 / (double(3 * k) * (3 * k + 1))));
    f = e.add(f, tf);
    g = e.add(g, tg);
  }
  Value series = e.add(e.mul(f, e.c(kAiryAtZero)), e.mul(g, e.c(kAiryDerivativeAtZero)));
  // The asymptotic side sees zeta > kAiryLimit only.
  Value z = e.sel(near, e.c(kAiryLimit + 1.0), zeta);
  Value af = e.sel(near, e.c(std::pow(1.5 * (kAiryLimit + 1.0), 2.0 / 3.0)), a);
  std::vector<double> u{1.0};
  for (int k = 1; k < kAiryAsymptoticTerms; ++k)
    u.push_back(u.back() * double(6 * k - 5) * (6 * k - 3) * (6 * k - 1) /
                (double(2 * k - 1) * 216.0 * k));
  Value inverse = e.div(e.c(1.0), z);
  std::vector<double> signedU(u);
  for (size_t k = 1; k < signedU.size(); k += 2)
    signedU[k] = -signedU[k];
  Value decaying = powerSeries(e, inverse, signedU);
  auto [even, odd] = alternatingHalves(e, inverse, u);
  Value quarterRoot = e.apply<prim::SqrtOp>(e.apply<prim::SqrtOp>(af));
  Value positive = e.div(e.mul(e.apply<prim::ExpOp>(e.apply<prim::NegOp>(z)), decaying),
                         e.mul(quarterRoot, e.c(2.0 * std::sqrt(M_PI))));
  Value phase = e.add(z, e.c(M_PI / 4.0));
  Value negative = e.div(e.sub(e.mul(e.apply<prim::SinOp>(phase), even),
                               e.mul(e.apply<prim::CosOp>(phase), odd)),
                         e.mul(quarterRoot, e.c(std::sqrt(M_PI))));
  Value far = e.sel(e.cmp(P::gt, x, e.c(0.0)), positive, negative);
  Value result = e.sel(near, series, far);
  return e.sel(e.cmp(P::eq, a, e.c(INFINITY)), e.c(NAN), result);
}

/// sin(x) / x, 1 at 0 and 0 at +-inf.
Value sphericalJ0Of(Ew &e, Value x) {
  Value zero = e.cmp(P::eq, x, e.c(0.0));
  Value ratio = e.div(e.apply<prim::SinOp>(x), e.sel(zero, e.c(1.0), x));
  ratio = e.sel(zero, e.c(1.0), ratio);
  return e.sel(e.cmp(P::eq, e.apply<prim::AbsOp>(x), e.c(INFINITY)), e.c(0.0), ratio);
}

} // namespace

void addBesselDecompositions(std::vector<Decomposition> &table) {
  constexpr const char *kSeries = "convert, abs, mul, div, add, exp, sqrt, compare, select, neg";
  constexpr const char *kWaves =
      "convert, abs, mul, div, add, sub, sin, cos, log, exp, sqrt, compare, select, neg, or";
  constexpr const char *kLogSeries =
      "convert, mul, div, add, sub, log, exp, sqrt, compare, select, neg, or";
  table.insert(table.end(), {
      {"aten.i0.default", "math", kSeries, besselI<0, false>},
      {"aten.special_i0e.default", "math", kSeries, besselI<0, true>},
      {"aten.special_i1.default", "math", kSeries, besselI<1, false>},
      {"aten.special_i1e.default", "math", kSeries, besselI<1, true>},
      {"aten.special_modified_bessel_i0.default", "math", kSeries, besselI<0, false>},
      {"aten.special_modified_bessel_i1.default", "math", kSeries, besselI<1, false>},
      {"aten.special_bessel_j0.default", "math", kWaves, wideMathOf<besselJOf<0>>},
      {"aten.special_bessel_j1.default", "math", kWaves, wideMathOf<besselJOf<1>>},
      {"aten.special_bessel_y0.default", "math", kWaves, wideMathOf<besselYOf<0>>},
      {"aten.special_bessel_y1.default", "math", kWaves, wideMathOf<besselYOf<1>>},
      {"aten.special_modified_bessel_k0.default", "math", kLogSeries, wideMathOf<besselKOf<0, false>>},
      {"aten.special_modified_bessel_k1.default", "math", kLogSeries, wideMathOf<besselKOf<1, false>>},
      {"aten.special_scaled_modified_bessel_k0.default", "math", kLogSeries,
       wideMathOf<besselKOf<0, true>>},
      {"aten.special_scaled_modified_bessel_k1.default", "math", kLogSeries,
       wideMathOf<besselKOf<1, true>>},
      {"aten.special_airy_ai.default", "math", kWaves, wideMathOf<airyAiOf>},
      {"aten.special_spherical_bessel_j0.default", "math", "convert, sin, div, abs, compare, select",
       wideMathOf<sphericalJ0Of>},
  });
}

} // namespace pt2c
