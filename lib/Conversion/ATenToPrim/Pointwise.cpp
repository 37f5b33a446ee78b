//===- Pointwise.cpp - Elementwise math of two or three operands ----------===//
//
// hypot, logaddexp(2), xlogy, copysign, heaviside, fmax/fmin, lerp,
// addcmul/addcdiv: compositions of the prim elementwise ops. Operands are
// broadcast and converted to the result's computeType (f32 for f16/bf16,
// rounded once at the end, as torch's CPU kernels compute in opmath), so a
// composition does not round between its steps.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <cmath>

using namespace mlir;

namespace pt2c {
namespace {

using P = prim::ComparePredicate;

using PointwiseFn = Value (*)(Ew &e, ArrayRef<Value> x);

/// `fn` of the operands `names`, in the result's computeType. With
/// `booleans`, a bool result is computed on 0/1 as int64 and converted back
/// (fmax of booleans is their or, heaviside's step is x itself).
template <PointwiseFn fn, const StringRef *names, size_t count, bool booleans = false>
LogicalResult pointwise(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type || (type.getElementType().isInteger(1) && !booleans))
    return rewriter.notifyMatchFailure(call, "expects a numeric tensor result");
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType work = type.getElementType().isInteger(1)
                              ? type.clone(rewriter.getI64Type())
                              : computeType(type);
  SmallVector<Value> x = operandsAs(p, args, ArrayRef<StringRef>(names, count), work);
  if (x.size() != count)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  Ew e{p, x.front()};
  rewriter.replaceOp(call, p.convert(fn(e, x), type.getElementType()));
  return success();
}

constexpr StringRef kSelfOther[] = {"self", "other"};
constexpr StringRef kSelfValues[] = {"self", "values"};
constexpr StringRef kSelfEndWeight[] = {"self", "end", "weight"};
constexpr StringRef kSelfTensors[] = {"self", "tensor1", "tensor2"};

template <PointwiseFn fn>
LogicalResult binaryOf(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return pointwise<fn, kSelfOther, 2>(call, args, rewriter);
}

/// binaryOf, booleans included.
template <PointwiseFn fn>
LogicalResult binaryOrBoolOf(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return pointwise<fn, kSelfOther, 2, true>(call, args, rewriter);
}

// hypot(a, b) = m * sqrt(1 + (n / m)^2) with m = max(|a|, |b|), n the
// other: no overflow or underflow of a^2 + b^2. 0 where m is 0, inf where
// either is infinite (even with a NaN, as C's hypot), NaN where one is NaN.
Value hypot(Ew &e, ArrayRef<Value> x) {
  Value a = e.apply<prim::AbsOp>(x[0]), b = e.apply<prim::AbsOp>(x[1]);
  Value m = e.p.create<prim::MaxOp>(a, b), n = e.p.create<prim::MinOp>(a, b);
  Value r = e.div(n, m);
  Value result = e.mul(m, e.apply<prim::SqrtOp>(e.add(e.c(1.0), e.mul(r, r))));
  result = e.sel(e.cmp(P::eq, m, e.c(0.0)), e.c(0.0), result);
  Value infinite = e.p.create<prim::OrOp>(e.cmp(P::eq, a, e.c(INFINITY)),
                                          e.cmp(P::eq, b, e.c(INFINITY)));
  return e.sel(infinite, e.c(INFINITY), result);
}

// logaddexp(a, b) = max(a, b) + log1p(exp(-|a - b|)); a itself where a and
// b are the same infinity (a - b would be NaN). logaddexp2 in base 2:
// max + log1p(2^-|a - b|) / ln 2.
template <bool base2>
Value logaddexp(Ew &e, ArrayRef<Value> x) {
  Value a = x[0], b = x[1];
  Value m = e.p.create<prim::MaxOp>(a, b);
  Value d = e.apply<prim::NegOp>(e.apply<prim::AbsOp>(e.sub(a, b)));
  Value term = base2 ? e.mul(e.apply<prim::Log1pOp>(e.p.create<prim::PowOp>(e.c(2.0), d)),
                             e.c(1.0 / M_LN2))
                     : e.apply<prim::Log1pOp>(e.apply<prim::ExpOp>(d));
  Value sameInfinity = e.p.create<prim::AndOp>(
      e.cmp(P::eq, a, b), e.cmp(P::eq, e.apply<prim::AbsOp>(a), e.c(INFINITY)));
  return e.sel(sameInfinity, a, e.add(m, term));
}

// xlogy(x, y) = x * log(y), 0 where x is 0, NaN where y is NaN.
Value xlogy(Ew &e, ArrayRef<Value> v) {
  Value x = v[0], y = v[1];
  Value result = e.sel(e.cmp(P::eq, x, e.c(0.0)), e.c(0.0), e.mul(x, e.apply<prim::LogOp>(y)));
  return e.sel(e.isNan(y), y, result);
}

// xlog1py(x, y) = x * log1p(y), 0 where x is 0, NaN where y is NaN.
Value xlog1py(Ew &e, ArrayRef<Value> v) {
  Value x = v[0], y = v[1];
  Value result =
      e.sel(e.cmp(P::eq, x, e.c(0.0)), e.c(0.0), e.mul(x, e.apply<prim::Log1pOp>(y)));
  return e.sel(e.isNan(y), y, result);
}

// ldexp(x, n) = x * 2^n.
Value ldexp(Ew &e, ArrayRef<Value> v) {
  return e.mul(v[0], e.p.create<prim::PowOp>(e.c(2.0), v[1]));
}

// copysign(a, b) = |a| with b's sign; -0.0 counts as negative (1/b < 0).
Value copysign(Ew &e, ArrayRef<Value> x) {
  Value magnitude = e.apply<prim::AbsOp>(x[0]), b = x[1];
  Value negative = e.p.create<prim::OrOp>(
      e.cmp(P::lt, b, e.c(0.0)),
      e.p.create<prim::AndOp>(e.cmp(P::eq, b, e.c(0.0)),
                              e.cmp(P::lt, e.div(e.c(1.0), b), e.c(0.0))));
  return e.sel(negative, e.apply<prim::NegOp>(magnitude), magnitude);
}

// heaviside(x, values) = values where x == 0, else x > 0 (1 or 0; NaN
// is not > 0).
Value heaviside(Ew &e, ArrayRef<Value> x) {
  Value step = e.sel(e.cmp(P::gt, x[0], e.c(0.0)), e.c(1.0), e.c(0.0));
  return e.sel(e.cmp(P::eq, x[0], e.c(0.0)), x[1], step);
}

// fmax/fmin: max/min, except that a NaN loses to a number (only two NaNs
// give NaN), unlike maximum/minimum.
template <bool isMax>
Value fextremum(Ew &e, ArrayRef<Value> x) {
  Value a = x[0], b = x[1];
  Value extreme = isMax ? e.p.create<prim::MaxOp>(a, b) : e.p.create<prim::MinOp>(a, b);
  return e.sel(e.isNan(a), b, e.sel(e.isNan(b), a, extreme));
}

// lerp(a, b, w) = a + w (b - a) where |w| < 0.5, else b - (b - a)(1 - w):
// torch's two-sided form, exact at w = 0 and w = 1.
Value lerp(Ew &e, ArrayRef<Value> x) {
  Value a = x[0], b = x[1], w = x[2];
  Value diff = e.sub(b, a);
  Value low = e.add(a, e.mul(w, diff));
  Value high = e.sub(b, e.mul(diff, e.sub(e.c(1.0), w)));
  return e.sel(e.cmp(P::lt, e.apply<prim::AbsOp>(w), e.c(0.5)), low, high);
}

// addcmul(s, t1, t2, value) = s + value * t1 * t2 and addcdiv =
// s + value * t1 / t2, in the order of torch's kernels.
template <bool divide>
LogicalResult addcOp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  std::optional<double> value = args.number("value");
  if (!type || !value || type.getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(call, "expects a numeric result and a number `value`");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> x = operandsAs(p, args, kSelfTensors, computeType(type));
  if (x.size() != 3)
    return rewriter.notifyMatchFailure(call, "operands must be tensors");
  Ew e{p, x[0]};
  Value scaled = *value == 1.0 ? x[1] : e.mul(e.c(*value), x[1]);
  Value term = divide ? e.div(scaled, x[2]) : e.mul(scaled, x[2]);
  rewriter.replaceOp(call, p.convert(e.add(x[0], term), type.getElementType()));
  return success();
}

// gcd(a, b) by Euclid's algorithm on |a| and |b|, unrolled: 92 steps are
// enough for any pair of 64-bit integers (consecutive Fibonacci numbers take
// the most, and F(93) > 2^63); once b is 0 the steps keep (a, 0).
constexpr int kEuclidSteps = 92;

Value gcdOf(Ew &e, ArrayRef<Value> x) {
  Value a = e.apply<prim::AbsOp>(x[0]), b = e.apply<prim::AbsOp>(x[1]);
  for (int step = 0; step < kEuclidSteps; ++step) {
    Value done = e.cmp(P::eq, b, e.c(0));
    Value r = e.p.create<prim::RemOp>(a, e.sel(done, e.c(1), b));
    a = e.sel(done, a, b);
    b = e.sel(done, e.c(0), r);
  }
  return a;
}

// lcm(a, b) = |a / gcd(a, b) * b|, 0 when both are 0 (torch's kernel).
Value lcmOf(Ew &e, ArrayRef<Value> x) {
  Value g = gcdOf(e, x);
  Value zero = e.cmp(P::eq, g, e.c(0));
  Value multiple = e.apply<prim::AbsOp>(e.mul(e.div(x[0], e.sel(zero, e.c(1), g)), x[1]));
  return e.sel(zero, e.c(0), multiple);
}

// a << b and a >> b on integers of w bits, as torch's kernels: a shift
// outside [0, w) gives 0 (left) or the sign fill (right, as a shift by
// w - 1). No shift prims: a << b = a * 2^b (the integer pow and multiply
// wrap as the shift does: 2^(w-1) is the minimum value), a >> b = floor(a /
// 2^b) for b <= w - 2.
Value shiftLeftOf(Ew &e, ArrayRef<Value> x) {
  unsigned width = e.type().getElementType().getIntOrFloatBitWidth();
  Value inRange = e.p.create<prim::AndOp>(e.cmp(P::ge, x[1], e.c(0)),
                                          e.cmp(P::lt, x[1], e.c(double(width))));
  Value b = e.sel(inRange, x[1], e.c(0));
  return e.sel(inRange, e.mul(x[0], e.p.create<prim::PowOp>(e.c(2), b)), e.c(0));
}

Value shiftRightOf(Ew &e, ArrayRef<Value> x) {
  unsigned width = e.type().getElementType().getIntOrFloatBitWidth();
  Value a = x[0];
  Value inRange = e.p.create<prim::AndOp>(e.cmp(P::ge, x[1], e.c(0)),
                                          e.cmp(P::lt, x[1], e.c(double(width - 1))));
  Value power = e.p.create<prim::PowOp>(e.c(2), e.sel(inRange, x[1], e.c(0)));
  Value quotient = e.div(a, power); // toward 0: one less for a negative a with a remainder
  Value inexact = e.cmp(P::ne, e.p.create<prim::RemOp>(a, power), e.c(0));
  Value negative = e.cmp(P::lt, a, e.c(0));
  quotient = e.sel(e.p.create<prim::AndOp>(inexact, negative), e.sub(quotient, e.c(1)), quotient);
  // Unsigned values are never negative (and -1 is not one of them).
  bool isUnsigned = cast<IntegerType>(e.type().getElementType()).isUnsigned();
  Value fill = isUnsigned ? e.c(0) : e.sel(negative, e.c(-1), e.c(0));
  return e.sel(inRange, quotient, fill);
}

// frexp(x) = (m, e) with x = m 2^e, 0.5 <= |m| < 1, in f64: e from the
// natural log, then one step either way where rounding put |m| outside
// [0.5, 1) (2^e is a power of two, exact). 0, inf and NaN give (x, 0), as
// C's frexp.
LogicalResult frexp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType mantissaType = resultType(call, 0), exponentType = resultType(call, 1);
  Value self = tensorArg(args, "self");
  if (!mantissaType || !exponentType || !self || !isa<FloatType>(mantissaType.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
  PrimBuilder p(rewriter, call.getLoc());
  Ew e{p, p.convert(self, Float64Type::get(rewriter.getContext()))};
  Value x = e.like;
  Value a = e.apply<prim::AbsOp>(x);
  Value regular = e.p.create<prim::AndOp>(e.cmp(P::gt, a, e.c(0.0)), e.cmp(P::lt, a, e.c(INFINITY)));
  Value xs = e.sel(regular, x, e.c(1.0));
  Value exponent = e.add(e.apply<prim::FloorOp>(e.div(e.apply<prim::LogOp>(e.apply<prim::AbsOp>(xs)),
                                                      e.c(M_LN2))),
                         e.c(1.0));
  Value mantissa = e.div(xs, e.p.create<prim::PowOp>(e.c(2.0), exponent));
  Value big = e.cmp(P::ge, e.apply<prim::AbsOp>(mantissa), e.c(1.0));
  mantissa = e.sel(big, e.mul(mantissa, e.c(0.5)), mantissa);
  exponent = e.sel(big, e.add(exponent, e.c(1.0)), exponent);
  Value small = e.cmp(P::lt, e.apply<prim::AbsOp>(mantissa), e.c(0.5));
  mantissa = e.sel(small, e.mul(mantissa, e.c(2.0)), mantissa);
  exponent = e.sel(small, e.sub(exponent, e.c(1.0)), exponent);
  Value m = p.convert(e.sel(regular, mantissa, x), mantissaType.getElementType());
  Value n = p.convert(e.sel(regular, exponent, e.c(0.0)), exponentType.getElementType());
  if (!m || !n)
    return failure(); // p said why
  rewriter.replaceOp(call, ValueRange{m, n});
  return success();
}

// nextafter(self, other): the next value of self's type after self toward
// other, in f64 (where each step is exact): self + or - one unit in the
// last place, the unit 2^(max(e, emin) - mantissa bits) for |self| in
// [2^e, 2^(e+1)), half of it when stepping toward zero from a normal
// power of two; from 0 the smallest subnormal, from an infinity the
// largest finite value; other where they are equal, NaN with a NaN.
LogicalResult nextafter(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float result");
  auto element = cast<FloatType>(type.getElementType());
  const llvm::fltSemantics &semantics = element.getFloatSemantics();
  double bits = llvm::APFloat::semanticsPrecision(semantics) - 1;
  double lowest = llvm::APFloat::semanticsMinExponent(semantics);
  double largest = llvm::APFloat::getLargest(semantics).convertToDouble();
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> operands =
      operandsAs(p, args, kSelfOther, type.clone(Float64Type::get(rewriter.getContext())));
  if (operands.size() != 2)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  Ew e{p, operands[0]};
  Value x = operands[0], y = operands[1];
  Value a = e.apply<prim::AbsOp>(x);
  Value finite = e.p.create<prim::AndOp>(e.cmp(P::gt, a, e.c(0.0)), e.cmp(P::lt, a, e.c(INFINITY)));
  Value as = e.sel(finite, a, e.c(1.0));
  // e = floor(log2 |x|), corrected by one where the log rounded across.
  Value exponent = e.apply<prim::FloorOp>(e.div(e.apply<prim::LogOp>(as), e.c(M_LN2)));
  Value power = e.p.create<prim::PowOp>(e.c(2.0), exponent);
  exponent = e.sel(e.cmp(P::gt, power, as), e.sub(exponent, e.c(1.0)), exponent);
  power = e.p.create<prim::PowOp>(e.c(2.0), exponent);
  exponent = e.sel(e.cmp(P::le, e.mul(power, e.c(2.0)), as), e.add(exponent, e.c(1.0)), exponent);
  power = e.p.create<prim::PowOp>(e.c(2.0), exponent);
  Value normal = e.cmp(P::gt, exponent, e.c(lowest));
  Value unit = e.p.create<prim::PowOp>(
      e.c(2.0), e.sub(e.p.create<prim::MaxOp>(exponent, e.c(lowest)), e.c(bits)));
  Value up = e.cmp(P::gt, y, x);
  Value away = e.sel(e.cmp(P::gt, x, e.c(0.0)), up, e.p.create<prim::NotOp>(up));
  Value halve = e.p.create<prim::AndOp>(
      e.p.create<prim::NotOp>(away), e.p.create<prim::AndOp>(e.cmp(P::eq, as, power), normal));
  Value step = e.sel(halve, e.mul(unit, e.c(0.5)), unit);
  Value result = e.sel(up, e.add(x, step), e.sub(x, step));
  Value tiny = e.p.create<prim::PowOp>(e.c(2.0), e.c(lowest - bits));
  result = e.sel(e.cmp(P::eq, x, e.c(0.0)), e.sel(up, tiny, e.p.create<prim::NegOp>(tiny)), result);
  result = e.sel(e.cmp(P::eq, a, e.c(INFINITY)),
                 e.sel(e.cmp(P::gt, x, e.c(0.0)), e.c(largest), e.c(-largest)), result);
  result = e.sel(e.cmp(P::eq, x, y), y, result);
  result = e.sel(e.p.create<prim::OrOp>(e.isNan(x), e.isNan(y)), e.add(x, y), result);
  return replaceChecked(call, p.convert(result, element), rewriter);
}

/// `fn` of self and other for integer results only (booleans refused).
template <PointwiseFn fn>
LogicalResult integerBinaryOf(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type || !isa<IntegerType>(type.getElementType()) || type.getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(call, "expects an integer (not boolean) result");
  return binaryOf<fn>(call, args, rewriter);
}

} // namespace

SmallVector<Value> operandsAs(PrimBuilder &p, const CallArgs &args, ArrayRef<StringRef> names,
                              RankedTensorType type) {
  SmallVector<Value> sources, operands;
  for (StringRef name : names)
    if (Value tensor = tensorArg(args, name))
      sources.push_back(tensor);
  for (StringRef name : names) {
    Value operand = operandAs(p, args, name, type, sources);
    if (!operand)
      return {};
    operands.push_back(operand);
  }
  return operands;
}

Value logaddexpOf(Ew &e, Value a, Value b) { return logaddexp<false>(e, {a, b}); }

void addPointwiseDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.addcdiv.default", "pointwise", "mul, div, add, broadcast_in_dim, convert",
       addcOp<true>},
      {"aten.addcmul.default", "pointwise", "mul, add, broadcast_in_dim, convert",
       addcOp<false>},
      {"aten.copysign.Scalar", "pointwise", "abs, neg, compare, div, and, or, select",
       binaryOf<copysign>},
      {"aten.copysign.Tensor", "pointwise", "abs, neg, compare, div, and, or, select",
       binaryOf<copysign>},
      {"aten.bitwise_left_shift.Tensor", "pointwise", "compare, and, select, pow, mul",
       integerBinaryOf<shiftLeftOf>},
      {"aten.bitwise_right_shift.Tensor", "pointwise",
       "compare, and, select, pow, div, rem, sub", integerBinaryOf<shiftRightOf>},
      {"aten.frexp.Tensor", "pointwise", "abs, compare, and, select, log, div, floor, add, pow, "
       "mul, sub, convert", frexp},
      {"aten.gcd.default", "pointwise", "abs, compare, rem, select", integerBinaryOf<gcdOf>},
      {"aten.lcm.default", "pointwise", "abs, compare, rem, select, div, mul",
       integerBinaryOf<lcmOf>},
      {"aten.fmax.default", "pointwise", "max, compare, select", binaryOrBoolOf<fextremum<true>>},
      {"aten.fmin.default", "pointwise", "min, compare, select", binaryOrBoolOf<fextremum<false>>},
      {"aten.heaviside.default", "pointwise", "compare, select",
       pointwise<heaviside, kSelfValues, 2, true>},
      {"aten.hypot.default", "pointwise", "abs, max, min, div, mul, sqrt, compare, or, select",
       binaryOf<hypot>},
      {"aten.nextafter.default", "pointwise",
       "abs, compare, and, or, not, select, log, div, floor, pow, max, add, sub, mul, neg, convert",
       nextafter},
      {"aten.lerp.Scalar", "pointwise", "sub, mul, add, abs, compare, select",
       pointwise<lerp, kSelfEndWeight, 3>},
      {"aten.lerp.Tensor", "pointwise", "sub, mul, add, abs, compare, select",
       pointwise<lerp, kSelfEndWeight, 3>},
      {"aten.logaddexp.default", "pointwise", "max, sub, abs, neg, exp, log1p, add, select",
       binaryOf<logaddexp<false>>},
      {"aten.logaddexp2.default", "pointwise", "max, sub, abs, neg, pow, log1p, mul, add, select",
       binaryOf<logaddexp<true>>},
      {"aten.ldexp.Tensor", "pointwise", "pow, mul, convert", binaryOf<ldexp>},
      {"aten.special_xlog1py.default", "pointwise", "log1p, mul, compare, select",
       binaryOf<xlog1py>},
      {"aten.special_xlog1py.other_scalar", "pointwise", "log1p, mul, compare, select",
       binaryOf<xlog1py>},
      {"aten.special_xlog1py.self_scalar", "pointwise", "log1p, mul, compare, select",
       binaryOf<xlog1py>},
      {"aten.xlogy.Scalar_Other", "pointwise", "log, mul, compare, select", binaryOf<xlogy>},
      {"aten.xlogy.Scalar_Self", "pointwise", "log, mul, compare, select", binaryOf<xlogy>},
      {"aten.xlogy.Tensor", "pointwise", "log, mul, compare, select", binaryOf<xlogy>},
  });
}

} // namespace pt2c
