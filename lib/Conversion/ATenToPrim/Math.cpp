//===- Math.cpp - Transcendental and rounding unary ops -------------------===//
//
// Compositions of the prim math ops for the rest of torch's unary math
// (hyperbolic and inverse trigonometric functions, expm1, log2, ...). f16
// and bf16 are computed in f32 and rounded once at the end, as torch's CPU
// kernels do, so a composition of several ops does not round between them.
// Formulas are the usual numerically stable ones (fdlibm's), chosen so that
// the inputs torch defines give torch's special values (NaN outside the
// domain, infinities at the poles).
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <cmath>
#include <cstdlib>

using namespace mlir;

namespace pt2c {

using P = prim::ComparePredicate;

// u = e^x; x where u == 1 (x tiny), -1 where u - 1 == -1, u - 1 where
// x > 20 (no cancellation left, and (u - 1) * x could overflow), else
// (u - 1) * x / log(u), which cancels the rounding error of u.
Value expm1Of(Ew &e, Value x) {
  Value u = e.apply<prim::ExpOp>(x);
  Value um1 = e.sub(u, e.c(1.0));
  Value kahan = e.div(e.mul(um1, x), e.apply<prim::LogOp>(u));
  Value result = e.sel(e.cmp(P::gt, x, e.c(20.0)), um1, kahan);
  result = e.sel(e.cmp(P::eq, um1, e.c(-1.0)), e.c(-1.0), result);
  return e.sel(e.cmp(P::eq, u, e.c(1.0)), x, result);
}

namespace {

using MathFn = Value (*)(Ew &e, Value x);

/// A float result computed by `fn` from `self`, in computeType.
template <MathFn fn>
LogicalResult floatMath(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a tensor `self` and a float result");
  PrimBuilder p(rewriter, call.getLoc());
  Ew e{p, p.convert(self, computeType(type).getElementType())};
  rewriter.replaceOp(call, p.convert(fn(e, e.like), type.getElementType()));
  return success();
}

Value expm1(Ew &e, Value x) { return expm1Of(e, x); }
Value erf(Ew &e, Value x) { return e.apply<prim::ErfOp>(x); }
Value log1p(Ew &e, Value x) { return e.apply<prim::Log1pOp>(x); }

// log2(x) = ln(x) / ln 2, log10(x) = ln(x) / ln 10.
Value log2(Ew &e, Value x) { return e.mul(e.apply<prim::LogOp>(x), e.c(1.0 / M_LN2)); }
Value log10(Ew &e, Value x) { return e.mul(e.apply<prim::LogOp>(x), e.c(1.0 / M_LN10)); }

// tan(x) = sin(x) / cos(x)
Value tan(Ew &e, Value x) {
  return e.div(e.apply<prim::SinOp>(x), e.apply<prim::CosOp>(x));
}

// e^a / 2 for a > 20 as (w / 2) * w with w = e^(a/2): finite as long as
// the result is (e^a alone overflows first).
Value halfExpOf(Ew &e, Value a) {
  Value w = e.apply<prim::ExpOp>(e.mul(a, e.c(0.5)));
  return e.mul(e.mul(w, e.c(0.5)), w);
}

// sinh(x) = sign(x) * (t + t / (t + 1)) / 2 with t = expm1(|x|): no
// cancellation near 0; e^|x| / 2 beyond |x| = 20.
Value sinh(Ew &e, Value x) {
  Value a = e.apply<prim::AbsOp>(x);
  Value t = expm1Of(e, a);
  Value r = e.mul(e.add(t, e.div(t, e.add(t, e.c(1.0)))), e.c(0.5));
  r = e.sel(e.cmp(P::gt, a, e.c(20.0)), halfExpOf(e, a), r);
  return e.sel(e.cmp(P::lt, x, e.c(0.0)), e.apply<prim::NegOp>(r), r);
}

// cosh(x) = (u + 1/u) / 2, u = e^|x|; e^|x| / 2 beyond |x| = 20.
Value cosh(Ew &e, Value x) {
  Value a = e.apply<prim::AbsOp>(x);
  Value u = e.apply<prim::ExpOp>(a);
  Value r = e.mul(e.add(u, e.div(e.c(1.0), u)), e.c(0.5));
  return e.sel(e.cmp(P::gt, a, e.c(20.0)), halfExpOf(e, a), r);
}

// Where |x| is beyond 2^28, x^2 would overflow (or is all that matters):
// asinh(x) ~ acosh(x) ~ log(2|x|) = log|x| + ln 2.
Value logOfTwice(Ew &e, Value a) {
  return e.add(e.apply<prim::LogOp>(a), e.c(M_LN2));
}

// asinh(x) = sign(x) * log1p(a + a^2 / (1 + sqrt(1 + a^2))), a = |x|
Value asinh(Ew &e, Value x) {
  Value a = e.apply<prim::AbsOp>(x);
  Value a2 = e.mul(a, a);
  Value inner = e.add(a, e.div(a2, e.add(e.c(1.0), e.apply<prim::SqrtOp>(e.add(e.c(1.0), a2)))));
  Value r = e.apply<prim::Log1pOp>(inner);
  r = e.sel(e.cmp(P::gt, a, e.c(0x1p28)), logOfTwice(e, a), r);
  return e.sel(e.cmp(P::lt, x, e.c(0.0)), e.apply<prim::NegOp>(r), r);
}

// acosh(x) = log1p(t + sqrt(t * (t + 2))), t = x - 1; NaN below 1 (sqrt or
// log1p of < -1).
Value acosh(Ew &e, Value x) {
  Value t = e.sub(x, e.c(1.0));
  Value r = e.apply<prim::Log1pOp>(
      e.add(t, e.apply<prim::SqrtOp>(e.mul(t, e.add(t, e.c(2.0))))));
  return e.sel(e.cmp(P::gt, x, e.c(0x1p28)), logOfTwice(e, x), r);
}

// atanh(x) = sign(x) * log1p(2a / (1 - a)) / 2, a = |x| (on |x| so that
// log1p's argument stays well above -1); +-inf at +-1, NaN beyond.
Value atanh(Ew &e, Value x) {
  Value a = e.apply<prim::AbsOp>(x);
  Value q = e.div(e.add(a, a), e.sub(e.c(1.0), a));
  Value r = e.mul(e.apply<prim::Log1pOp>(q), e.c(0.5));
  return e.sel(e.cmp(P::lt, x, e.c(0.0)), e.apply<prim::NegOp>(r), r);
}

Value atan2(Ew &e, Value y, Value x) { return e.p.create<prim::Atan2Op>(y, x); }

// sqrt(1 - x^2) as sqrt((1 - x)(1 + x)): exact factors; NaN for |x| > 1.
Value cosOfAsin(Ew &e, Value x) {
  return e.apply<prim::SqrtOp>(e.mul(e.sub(e.c(1.0), x), e.add(e.c(1.0), x)));
}

// atan(x) = atan2(x, 1), asin(x) = atan2(x, sqrt(1 - x^2)),
// acos(x) = atan2(sqrt(1 - x^2), x)
Value atan(Ew &e, Value x) { return atan2(e, x, e.c(1.0)); }
Value asin(Ew &e, Value x) { return atan2(e, x, cosOfAsin(e, x)); }
Value acos(Ew &e, Value x) { return atan2(e, cosOfAsin(e, x), x); }

// reciprocal(x) = 1 / x
Value reciprocal(Ew &e, Value x) { return e.div(e.c(1.0), x); }

// exp2(x) = 2^x through pow, exact at integers (exp(x ln 2) is not).
Value exp2(Ew &e, Value x) { return e.p.create<prim::PowOp>(e.c(2.0), x); }

// frac(x) = x - trunc(x), with trunc as above; exact.
Value trunc(Ew &e, Value x);
Value frac(Ew &e, Value x) { return e.sub(x, trunc(e, x)); }

// deg2rad(x) = x * pi/180, rad2deg(x) = x * 180/pi (torch's constants).
Value deg2rad(Ew &e, Value x) { return e.mul(x, e.c(M_PI / 180.0)); }
Value rad2deg(Ew &e, Value x) { return e.mul(x, e.c(180.0 / M_PI)); }

// erfc(x) = 1 - erf(x). Its absolute error is erf's (an ulp of 1); for
// x > ~4 the relative error grows as erfc falls below f32's resolution
// near 1, which the comparison's absolute tolerance covers (no erfc prim).
Value erfc(Ew &e, Value x) { return e.sub(e.c(1.0), e.apply<prim::ErfOp>(x)); }

// ndtr(x) = the standard normal CDF = (1 + erf(x / sqrt 2)) / 2.
Value ndtr(Ew &e, Value x) {
  return e.mul(e.c(0.5), e.add(e.c(1.0), e.apply<prim::ErfOp>(e.mul(x, e.c(M_SQRT1_2)))));
}

// sinc(x) = sin(pi x) / (pi x), 1 at 0.
Value sinc(Ew &e, Value x) {
  Value angle = e.mul(x, e.c(M_PI));
  Value ratio = e.div(e.apply<prim::SinOp>(angle), angle);
  return e.sel(e.cmp(P::eq, x, e.c(0.0)), e.c(1.0), ratio);
}

// entr(x) = -x ln x for x > 0, 0 at 0, -inf below 0, NaN for NaN.
Value entr(Ew &e, Value x) {
  Value result = e.mul(e.apply<prim::NegOp>(x), e.apply<prim::LogOp>(x));
  result = e.sel(e.cmp(P::eq, x, e.c(0.0)), e.c(0.0), result);
  return e.sel(e.cmp(P::lt, x, e.c(0.0)), e.c(-INFINITY), result);
}

// erfinv(x): M. Giles, "Approximating the erfinv function" (GPU Computing
// Gems, 2011), the single-precision branch pair: with w = -log((1 - x)(1 + x)),
// a degree-8 polynomial in w - 2.5 for w < 5, else in sqrt(w) - 3, times x;
// +-inf at +-1, NaN beyond (the log of a negative number).
Value erfinv(Ew &e, Value x) {
  static constexpr double kCentral[] = {2.81022636e-08,  3.43273939e-07, -3.5233877e-06,
                                        -4.39150654e-06, 0.00021858087,  -0.00125372503,
                                        -0.00417768164,  0.246640727,    1.50140941};
  static constexpr double kTail[] = {-0.000200214257, 0.000100950558, 0.00134934322,
                                     -0.00367342844,  0.00573950773,  -0.0076224613,
                                     0.00943887047,   1.00167406,     2.83297682};
  auto horner = [&](ArrayRef<double> coefficients, Value t) {
    Value acc = e.c(coefficients.front());
    for (double c : coefficients.drop_front())
      acc = e.add(e.mul(acc, t), e.c(c));
    return acc;
  };
  Value w = e.apply<prim::NegOp>(e.apply<prim::LogOp>(
      e.mul(e.sub(e.c(1.0), x), e.add(e.c(1.0), x))));
  Value central = horner(kCentral, e.sub(w, e.c(2.5)));
  Value tail = horner(kTail, e.sub(e.apply<prim::SqrtOp>(w), e.c(3.0)));
  Value result = e.mul(e.sel(e.cmp(P::lt, w, e.c(5.0)), central, tail), x);
  Value atOne = e.cmp(P::eq, e.apply<prim::AbsOp>(x), e.c(1.0));
  return e.sel(atOne, e.mul(x, e.c(INFINITY)), result);
}

// angle(x) of a real x: 0 for x >= 0, pi below, NaN for NaN.
Value angle(Ew &e, Value x) {
  Value result = e.sel(e.cmp(P::lt, x, e.c(0.0)), e.c(M_PI), e.c(0.0));
  return e.sel(e.cmp(P::ne, x, x), x, result);
}

// square(x) = x * x, in any numeric type.
Value square(Ew &e, Value x) { return e.mul(x, x); }

/// floor/ceil/round/trunc: identity on integers (torch returns a copy).
template <MathFn fn>
LogicalResult rounding(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor `self` and result");
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, type.getElementType());
  if (!isa<FloatType>(type.getElementType())) {
    rewriter.replaceOp(call, x);
    return success();
  }
  Ew e{p, x};
  rewriter.replaceOp(call, fn(e, x));
  return success();
}

// round(x, decimals) = round(x * 10^d) / 10^d for d >= 0, round(x / 10^-d)
// * 10^-d below (torch's two forms), halves to even, in computeType.
LogicalResult roundDecimals(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  std::optional<int64_t> decimals = args.integer("decimals");
  if (!type || !self || !decimals || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float tensor and int decimals");
  PrimBuilder p(rewriter, call.getLoc());
  Ew e{p, p.convert(self, computeType(type).getElementType())};
  double scale = std::pow(10.0, static_cast<double>(std::llabs(*decimals)));
  Value x = e.like;
  Value result = *decimals >= 0
                     ? e.div(e.apply<prim::RoundOp>(e.mul(x, e.c(scale))), e.c(scale))
                     : e.mul(e.apply<prim::RoundOp>(e.div(x, e.c(scale))), e.c(scale));
  rewriter.replaceOp(call, p.convert(result, type.getElementType()));
  return success();
}

/// `fn` of `self` in the result's computeType (integers as they are),
/// rounded once to the result type.
template <MathFn fn>
LogicalResult numericMath(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || type.getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(call, "expects a tensor `self` and a numeric result");
  PrimBuilder p(rewriter, call.getLoc());
  Ew e{p, p.convert(self, computeType(type).getElementType())};
  rewriter.replaceOp(call, p.convert(fn(e, e.like), type.getElementType()));
  return success();
}

// logit(x, eps) = log(z / (1 - z)), z = x clamped to [eps, 1 - eps] when
// eps is given (NaN outside [0, 1] otherwise, as torch).
LogicalResult logit(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  std::optional<double> eps = args.number("eps");
  if (!type || !self || !isa<FloatType>(type.getElementType()) || (!eps && !args.isNone("eps")))
    return rewriter.notifyMatchFailure(call, "expects a float tensor and eps a number or None");
  PrimBuilder p(rewriter, call.getLoc());
  Ew e{p, p.convert(self, computeType(type).getElementType())};
  Value z = eps ? clampOf(e, e.like, e.c(*eps), e.c(1.0 - *eps)) : e.like;
  Value result = e.apply<prim::LogOp>(e.div(z, e.sub(e.c(1.0), z)));
  rewriter.replaceOp(call, p.convert(result, type.getElementType()));
  return success();
}

Value floor(Ew &e, Value x) { return e.apply<prim::FloorOp>(x); }
Value ceil(Ew &e, Value x) { return e.apply<prim::CeilOp>(x); }
Value round(Ew &e, Value x) { return e.apply<prim::RoundOp>(x); } // half to even
// trunc(x) = x < 0 ? ceil(x) : floor(x)
Value trunc(Ew &e, Value x) {
  return e.sel(e.cmp(P::lt, x, e.c(0.0)), e.apply<prim::CeilOp>(x), e.apply<prim::FloorOp>(x));
}

// sign(x) = (x > 0) - (x < 0) in the result type: 0 at 0 and NaN, as
// torch's kernel; bool is its own sign.
LogicalResult sign(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor `self` and result");
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, type.getElementType());
  if (type.getElementType().isInteger(1)) {
    rewriter.replaceOp(call, x);
    return success();
  }
  Ew e{p, x};
  Value positive = p.convert(e.cmp(P::gt, x, e.c(0.0)), type.getElementType());
  Value negative = p.convert(e.cmp(P::lt, x, e.c(0.0)), type.getElementType());
  rewriter.replaceOp(call, e.sub(positive, negative));
  return success();
}

// isnan(x) = x != x; isinf(x) = |x| == inf; both false for integers.
template <bool inf>
LogicalResult isNanOrInf(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || !type.getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(call, "expects a tensor `self` and a bool result");
  PrimBuilder p(rewriter, call.getLoc());
  auto selfType = cast<RankedTensorType>(self.getType());
  if (!isa<FloatType>(selfType.getElementType())) {
    Value none = p.splat(0.0, type, {self});
    if (!none)
      return rewriter.notifyMatchFailure(call, "unknown dynamic size");
    rewriter.replaceOp(call, none);
    return success();
  }
  Ew e{p, self};
  rewriter.replaceOp(call, inf ? e.cmp(P::eq, e.apply<prim::AbsOp>(self), e.c(INFINITY))
                               : e.cmp(P::ne, self, self));
  return success();
}

/// A bool test of each element: `floatTest` on floats; on integers
/// (never NaN nor infinite) `integerTest`, or `integerAnswer` without one.
using TestFn = Value (*)(Ew &e, Value x);
template <TestFn floatTest, TestFn integerTest, bool integerAnswer>
LogicalResult elementTest(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || !type.getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(call, "expects a tensor `self` and a bool result");
  PrimBuilder p(rewriter, call.getLoc());
  Ew e{p, self};
  bool isFloat = isa<FloatType>(cast<RankedTensorType>(self.getType()).getElementType());
  Value result;
  if (isFloat)
    result = floatTest(e, self);
  else if constexpr (integerTest != nullptr)
    result = integerTest(e, self);
  else
    result = p.splat(integerAnswer ? 1.0 : 0.0, type, {self});
  if (!result)
    return rewriter.notifyMatchFailure(call, "unknown dynamic size");
  rewriter.replaceOp(call, result);
  return success();
}

// isfinite(x) = |x| < inf: false for infinities and NaN.
Value isFinite(Ew &e, Value x) { return e.cmp(P::lt, e.apply<prim::AbsOp>(x), e.c(INFINITY)); }
Value isPosInf(Ew &e, Value x) { return e.cmp(P::eq, x, e.c(INFINITY)); }
Value isNegInf(Ew &e, Value x) { return e.cmp(P::eq, x, e.c(-INFINITY)); }
// signbit(x): x < 0, or -0.0 (x == 0 with 1/x = -inf). A NaN's sign bit is
// not visible without a bitcast prim: false, as for positive NaN.
Value signbit(Ew &e, Value x) {
  Value negativeZero = e.p.create<prim::AndOp>(e.cmp(P::eq, x, e.c(0.0)),
                                               e.cmp(P::lt, e.div(e.c(1.0), x), e.c(0.0)));
  return e.p.create<prim::OrOp>(e.cmp(P::lt, x, e.c(0.0)), negativeZero);
}
Value isNegative(Ew &e, Value x) { return e.cmp(P::lt, x, e.c(0.0)); }

// nan_to_num(x, nan=0, posinf, neginf): NaN, +inf and -inf replaced; the
// infinities default to the result type's largest finite values, so the
// selects run in the result type itself. Integers pass through.
LogicalResult nanToNum(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor `self` and result");
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, type.getElementType());
  auto floatType = dyn_cast<FloatType>(type.getElementType());
  if (!floatType) {
    rewriter.replaceOp(call, x);
    return success();
  }
  double largest = llvm::APFloat::getLargest(floatType.getFloatSemantics()).convertToDouble();
  Ew e{p, x};
  Value result = e.sel(e.cmp(P::ne, x, x), e.c(args.number("nan").value_or(0.0)), x);
  result = e.sel(isPosInf(e, x), e.c(args.number("posinf").value_or(largest)), result);
  result = e.sel(isNegInf(e, x), e.c(args.number("neginf").value_or(-largest)), result);
  rewriter.replaceOp(call, result);
  return success();
}

// logical_not(x) = x == 0, compared in x's own type (an elementTest on
// floats and integers alike).
Value isZero(Ew &e, Value x) { return e.cmp(P::eq, x, e.c(0.0)); }

// bitwise_not(x) = ~x (logical not on bool).
LogicalResult bitwiseNot(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || !isa<IntegerType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects an integer or bool tensor");
  PrimBuilder p(rewriter, call.getLoc());
  rewriter.replaceOp(call, p.create<prim::NotOp>(p.convert(self, type.getElementType())));
  return success();
}

} // namespace

void addMathDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.acos.default", "math", "atan2, sqrt, sub, add, mul, convert", floatMath<acos>},
      {"aten.acosh.default", "math", "log1p, sqrt, log, compare, select, convert",
       floatMath<acosh>},
      {"aten.asin.default", "math", "atan2, sqrt, sub, add, mul, convert", floatMath<asin>},
      {"aten.asinh.default", "math", "log1p, sqrt, log, abs, compare, select, neg, convert",
       floatMath<asinh>},
      {"aten.atan.default", "math", "atan2, constant, convert", floatMath<atan>},
      {"aten.atanh.default", "math", "log1p, abs, div, mul, compare, select, neg, convert",
       floatMath<atanh>},
      {"aten.bitwise_not.default", "math", "not", bitwiseNot},
      {"aten.ceil.default", "math", "ceil", rounding<ceil>},
      {"aten.deg2rad.default", "math", "mul, convert", floatMath<deg2rad>},
      {"aten.erfc.default", "math", "erf, sub, convert", floatMath<erfc>},
      {"aten.special_ndtr.default", "math", "erf, mul, add, convert", floatMath<ndtr>},
      {"aten.exp2.default", "math", "pow, convert", floatMath<exp2>},
      {"aten.frac.default", "math", "ceil, floor, compare, select, sub, convert",
       floatMath<frac>},
      {"aten.isfinite.default", "math", "abs, compare", elementTest<isFinite, nullptr, true>},
      {"aten.isneginf.default", "math", "compare", elementTest<isNegInf, nullptr, false>},
      {"aten.isposinf.default", "math", "compare", elementTest<isPosInf, nullptr, false>},
      {"aten.logit.default", "math", "max, min, sub, div, log, convert", logit},
      {"aten.nan_to_num.default", "math", "compare, select", nanToNum},
      {"aten.rad2deg.default", "math", "mul, convert", floatMath<rad2deg>},
      {"aten.angle.default", "math", "compare, select, convert", floatMath<angle>},
      {"aten.erfinv.default", "math", "log, sqrt, mul, add, compare, select, convert",
       floatMath<erfinv>},
      {"aten.sinc.default", "math", "sin, mul, div, compare, select, convert", floatMath<sinc>},
      {"aten.special_entr.default", "math", "log, neg, mul, compare, select, convert",
       floatMath<entr>},
      {"aten.signbit.default", "math", "compare, div, and, or",
       elementTest<signbit, isNegative, false>},
      {"aten.square.default", "math", "mul, convert", numericMath<square>},
      {"aten.cosh.default", "math", "exp, abs, div, add, mul, compare, select, convert",
       floatMath<cosh>},
      {"aten.erf.default", "math", "erf, convert",
       floatMath<erf>},
      {"aten.expm1.default", "math", "exp, log, compare, select, convert", floatMath<expm1>},
      {"aten.floor.default", "math", "floor", rounding<floor>},
      {"aten.isinf.default", "math", "abs, compare", isNanOrInf<true>},
      {"aten.isnan.default", "math", "compare", isNanOrInf<false>},
      {"aten.log10.default", "math", "log, mul, convert", floatMath<log10>},
      {"aten.log1p.default", "math", "log1p, convert",
       floatMath<log1p>},
      {"aten.log2.default", "math", "log, mul, convert", floatMath<log2>},
      {"aten.logical_not.default", "math", "compare", elementTest<isZero, isZero, false>},
      {"aten.reciprocal.default", "math", "div, convert", floatMath<reciprocal>},
      {"aten.round.default", "math", "round", rounding<round>},
      {"aten.round.decimals", "math", "round, mul, div, convert", roundDecimals},
      {"aten.sign.default", "math", "compare, convert, sub", sign},
      {"aten.sinh.default", "math", "exp, log, abs, div, add, mul, select, neg, convert",
       floatMath<sinh>},
      {"aten.tan.default", "math", "sin, cos, div, convert", floatMath<tan>},
      {"aten.trunc.default", "math", "ceil, floor, compare, select", rounding<trunc>},
  });
}

} // namespace pt2c
