//===- Gamma.cpp - lgamma, digamma, polygamma, mvlgamma, zeta --------------===//
//
// The log-gamma function and its derivatives, computed in f64 whatever the
// result type (f32 sums of these series lose digits to cancellation) and
// rounded once:
// - lgamma by Lanczos' approximation (g = 7, 9 terms) for x >= 1/2 and the
//   reflection formula below;
// - digamma by reflection for x < 0, the recurrence psi(x) = psi(x + 1) -
//   1/x up to x >= 6, then the asymptotic series;
// - zeta(s, q) (Hurwitz) by Euler-Maclaurin summation: 9 terms, then 12
//   Bernoulli corrections; polygamma(n >= 1, x) = (-1)^(n+1) n! zeta(n+1, x).
// Special values follow torch's kernels (inf at the poles, NaN outside the
// domain).
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <cmath>

using namespace mlir;

namespace pt2c {
namespace {

using P = prim::ComparePredicate;

/// The float type the series are summed in.
RankedTensorType wideType(RankedTensorType type) {
  return type.clone(Float64Type::get(type.getContext()));
}

// Lanczos' approximation, g = 7 with 9 coefficients (the widely published
// set, good to about 15 digits): for x >= 1/2, with z = x - 1 and
// t = z + g + 1/2, lgamma(x) = ln(2 pi) / 2 + (z + 1/2) ln t - t + ln A(z),
// A(z) = c0 + sum_i c_i / (z + i). Below 1/2, reflection:
// lgamma(x) = ln(pi / |sin(pi x)|) - lgamma(1 - x) (inf at 0, -1, -2, ...).
Value lgammaOf(Ew &e, Value x) {
  static constexpr double kLanczos[] = {
      0.99999999999980993,  676.5203681218851,     -1259.1392167224028,
      771.32342877765313,   -176.61502916214059,   12.507343278686905,
      -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
  auto lanczos = [&](Value v) { // for v >= 1/2
    Value z = e.sub(v, e.c(1.0));
    Value sum = e.c(kLanczos[0]);
    for (int i = 1; i < 9; ++i)
      sum = e.add(sum, e.div(e.c(kLanczos[i]), e.add(z, e.c(double(i)))));
    Value t = e.add(z, e.c(7.5));
    return e.add(e.add(e.c(0.5 * std::log(2.0 * M_PI)),
                       e.sub(e.mul(e.add(z, e.c(0.5)), e.apply<prim::LogOp>(t)), t)),
                 e.apply<prim::LogOp>(sum));
  };
  Value reflected = e.sub(e.c(1.0), x);
  Value low = e.cmp(P::lt, x, e.c(0.5));
  Value direct = lanczos(e.sel(low, reflected, x));
  Value sine = e.apply<prim::AbsOp>(e.apply<prim::SinOp>(e.mul(x, e.c(M_PI))));
  Value reflection = e.sub(e.apply<prim::LogOp>(e.div(e.c(M_PI), sine)), direct);
  Value result = e.sel(low, reflection, direct);
  // At the poles sin(pi x) is not exactly 0 in floating point: inf there.
  Value pole = e.p.create<prim::AndOp>(e.cmp(P::le, x, e.c(0.0)),
                                        e.cmp(P::eq, x, e.apply<prim::FloorOp>(x)));
  result = e.sel(pole, e.c(INFINITY), result);
  return e.sel(e.cmp(P::eq, e.apply<prim::AbsOp>(x), e.c(INFINITY)), e.c(INFINITY), result);
}

// digamma: -inf at +-0 (torch), NaN at the negative integers; psi(x) =
// psi(1 - x) - pi / tan(pi x) below 0; then psi(y) = psi(y + 6) - sum 1/(y+k)
// (k < 6, each only while y + k < 6) and ln y - 1/(2y) - sum B2k / (2k y^2k).
Value digammaOf(Ew &e, Value x) {
  Value negative = e.cmp(P::lt, x, e.c(0.0));
  Value y = e.sel(negative, e.sub(e.c(1.0), x), x);
  Value shift = e.c(0.0);
  for (int k = 0; k < 6; ++k) {
    Value small = e.cmp(P::lt, y, e.c(6.0));
    shift = e.sel(small, e.sub(shift, e.div(e.c(1.0), y)), shift);
    y = e.sel(small, e.add(y, e.c(1.0)), y);
  }
  Value inverse = e.div(e.c(1.0), e.mul(y, y));
  // B2k / 2k for k = 1..5: 1/12, -1/120, 1/252, -1/240, 1/132.
  static constexpr double kTail[] = {1.0 / 132, -1.0 / 240, 1.0 / 252, -1.0 / 120, 1.0 / 12};
  Value series = e.c(kTail[0]);
  for (double c : ArrayRef<double>(kTail).drop_front())
    series = e.add(e.mul(series, inverse), e.c(c));
  series = e.mul(series, inverse);
  Value psi = e.add(shift, e.sub(e.sub(e.apply<prim::LogOp>(y), e.div(e.c(0.5), y)), series));
  Value angle = e.mul(x, e.c(M_PI));
  Value cotangent = e.div(e.apply<prim::CosOp>(angle), e.apply<prim::SinOp>(angle));
  psi = e.sel(negative, e.sub(psi, e.mul(cotangent, e.c(M_PI))), psi);
  Value integer = e.cmp(P::eq, x, e.apply<prim::FloorOp>(x));
  psi = e.sel(e.p.create<prim::AndOp>(negative, integer), e.c(NAN), psi);
  return e.sel(e.cmp(P::eq, x, e.c(0.0)), e.c(-INFINITY), psi);
}

// Hurwitz zeta(s, q) = sum_k (q + k)^-s, s > 1: the first 9 terms summed,
// the rest by Euler-Maclaurin from a = q + 9: a^(1-s) / (s - 1) + a^-s / 2
// + sum_j B2j / (2j)! s (s+1) ... (s+2j-2) a^(-s-2j+1), 12 terms. inf at
// s = 1 and at q = 0, -1, ...; NaN for s < 1, and for q < 0 with s not an
// integer (torch's domain). For q < 0 the sum first runs on until q + k > 9,
// as Cephes does.
Value zetaOf(Ew &e, Value s, Value q) {
  // B2, B4, ..., B24.
  static constexpr double kBernoulli[] = {1.0 / 6,         -1.0 / 30,       1.0 / 42,
                                          -1.0 / 30,       5.0 / 66,        -691.0 / 2730,
                                          7.0 / 6,         -3617.0 / 510,   43867.0 / 798,
                                          -174611.0 / 330, 854513.0 / 138,  -236364091.0 / 2730};
  auto power = [&](Value base, Value exponent) {
    return e.p.create<prim::PowOp>(base, exponent);
  };
  Value minusS = e.apply<prim::NegOp>(s);
  Value sum = e.c(0.0);
  Value a = q;
  for (int k = 0; k < 9; ++k) {
    sum = e.add(sum, power(a, minusS));
    a = e.add(a, e.c(1.0));
  }
  // Cephes (torch's kernel) keeps summing while a <= 9, so that the
  // expansion below starts far enough from the poles: unrolled here with a
  // mask, which covers q >= -kExtraTerms; below that the result is NaN.
  constexpr int kExtraTerms = 40;
  for (int k = 0; k < kExtraTerms; ++k) {
    Value near = e.cmp(P::le, a, e.c(9.0));
    sum = e.sel(near, e.add(sum, power(a, minusS)), sum);
    a = e.sel(near, e.add(a, e.c(1.0)), a);
  }
  Value b = power(a, minusS);
  sum = e.add(sum, e.add(e.div(e.mul(b, a), e.sub(s, e.c(1.0))), e.mul(b, e.c(0.5))));
  // term_j = B2j / (2j)! * s (s+1) ... (s+2j-2) * a^(-s-2j+1)
  Value rising = s;         // s (s+1) ... (s+2j-2)
  Value falling = e.div(b, a); // a^(-s-2j+1) for j = 1
  double factorial = 2.0;   // (2j)!
  for (int j = 1; j <= 12; ++j) {
    sum = e.add(sum, e.mul(e.mul(rising, falling), e.c(kBernoulli[j - 1] / factorial)));
    rising = e.mul(e.mul(rising, e.add(s, e.c(2.0 * j - 1))), e.add(s, e.c(2.0 * j)));
    falling = e.div(falling, e.mul(a, a));
    factorial *= (2.0 * j + 1) * (2.0 * j + 2);
  }
  Value result = sum;
  Value qInteger = e.cmp(P::eq, q, e.apply<prim::FloorOp>(q));
  Value sFractional = e.cmp(P::ne, s, e.apply<prim::FloorOp>(s));
  Value qNonPositive = e.cmp(P::le, q, e.c(0.0));
  result = e.sel(e.p.create<prim::AndOp>(qNonPositive, sFractional), e.c(NAN), result);
  result = e.sel(e.p.create<prim::AndOp>(qNonPositive, qInteger), e.c(INFINITY), result);
  result = e.sel(e.cmp(P::le, a, e.c(9.0)), e.c(NAN), result); // q < -kExtraTerms
  result = e.sel(e.cmp(P::lt, s, e.c(1.0)), e.c(NAN), result);
  return e.sel(e.cmp(P::eq, s, e.c(1.0)), e.c(INFINITY), result);
}

LogicalResult lgamma(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return wideMath(call, args, rewriter, lgammaOf);
}

LogicalResult digamma(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return wideMath(call, args, rewriter, digammaOf);
}

// polygamma(n, x): digamma for n = 0, else (-1)^(n+1) n! zeta(n + 1, x).
LogicalResult polygamma(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  std::optional<int64_t> n = args.integer("n");
  if (!n || *n < 0)
    return rewriter.notifyMatchFailure(call, "expects a constant n >= 0");
  return wideMath(call, args, rewriter, [&](Ew &e, Value x) {
    if (*n == 0)
      return digammaOf(e, x);
    double scale = std::tgamma(double(*n) + 1.0) * (*n % 2 ? 1.0 : -1.0);
    return e.mul(zetaOf(e, e.c(double(*n) + 1.0), x), e.c(scale));
  });
}

// mvlgamma(x, p) = p (p - 1) / 4 ln pi + sum_{i < p} lgamma(x - i / 2).
LogicalResult mvlgamma(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  std::optional<int64_t> dims = args.integer("p");
  if (!dims || *dims < 1)
    return rewriter.notifyMatchFailure(call, "expects a constant p >= 1");
  return wideMath(call, args, rewriter, [&](Ew &e, Value x) {
    Value sum = e.c(double(*dims) * double(*dims - 1) / 4.0 * std::log(M_PI));
    for (int64_t i = 0; i < *dims; ++i)
      sum = e.add(sum, lgammaOf(e, e.sub(x, e.c(0.5 * double(i)))));
    return sum;
  });
}

// special_zeta(self, other) = zeta(self, other), either may be a number.
LogicalResult zeta(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float result");
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType wide = wideType(type);
  SmallVector<Value> operands = operandsAs(p, args, {"self", "other"}, wide);
  if (operands.size() != 2)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  Value s = operands[0], q = operands[1];
  Ew e{p, s};
  Value result = p.convert(zetaOf(e, s, q), type.getElementType());
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

} // namespace

LogicalResult wideMath(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
                       function_ref<Value(Ew &, Value)> fn) {
  RankedTensorType type = resultType(call);
  // A few special functions name their operand `x` (special_airy_ai).
  Value self = tensorArg(args, "self");
  if (!self)
    self = tensorArg(args, "x");
  if (!type || !self || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a tensor `self` (or `x`) and a float result");
  PrimBuilder p(rewriter, call.getLoc());
  Ew e{p, p.convert(self, Float64Type::get(rewriter.getContext()))};
  Value result = p.convert(fn(e, e.like), type.getElementType());
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

void addGammaDecompositions(std::vector<Decomposition> &table) {
  constexpr const char *kSeries = "convert, add, mul, div, log, sin, floor, compare, select";
  table.insert(table.end(), {
      {"aten.digamma.default", "math", kSeries, digamma},
      {"aten.lgamma.default", "math", kSeries, lgamma},
      {"aten.mvlgamma.default", "math", kSeries, mvlgamma},
      {"aten.polygamma.default", "math", "convert, pow, add, mul, div, compare, select",
       polygamma},
      {"aten.special_zeta.default", "math", "convert, pow, add, mul, div, compare, select", zeta},
      {"aten.special_zeta.other_scalar", "math", "convert, pow, add, mul, div, compare, select",
       zeta},
      {"aten.special_zeta.self_scalar", "math", "convert, pow, add, mul, div, compare, select",
       zeta},
  });
}

} // namespace pt2c
