//===- Activation.cpp - relu, gelu, silu, hardswish, leaky_relu, ... -----===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <cmath>

using namespace mlir;

namespace pt2c {
namespace {

/// The float input of an activation (or, with `integers`, an integer one:
/// relu and relu6), converted to the result's type.
Value activationInput(aten::CallOp call, const CallArgs &args, PrimBuilder &p,
                      StringRef name = "self", bool integers = false) {
  RankedTensorType type = resultType(call);
  Value self = args.value(name);
  if (!type || !self ||
      !(integers ? isNumber(type.getElementType()) : isa<FloatType>(type.getElementType())))
    return Value();
  // An activation keeps its input's shape. Constants are sized from the
  // input, so a declared result of another shape (an inconsistent
  // archive) would leave them unsizable or mistyped: refused instead.
  auto selfType = dyn_cast<RankedTensorType>(self.getType());
  if (!selfType || selfType.getShape() != type.getShape())
    return Value();
  return p.convert(self, type.getElementType());
}

// relu(x) = max(x, 0)
LogicalResult relu(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = activationInput(call, args, p, "self", /*integers=*/true);
  if (!x)
    return rewriter.notifyMatchFailure(call, "expects a float or integer tensor");
  Value zero = p.splat(0.0, resultType(call), {x});
  rewriter.replaceOp(call, p.create<prim::MaxOp>(x, zero));
  return success();
}

// gelu(x) = x/2 * (1 + erf(x/sqrt(2)))                              (none)
// gelu(x) = x/2 * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3)))       (tanh)
LogicalResult gelu(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = activationInput(call, args, p);
  std::optional<StringRef> approximate = args.string("approximate");
  if (!x || !approximate || (*approximate != "none" && *approximate != "tanh"))
    return rewriter.notifyMatchFailure(call, "expects a float tensor and approximate "
                                             "'none' or 'tanh'");
  RankedTensorType type = resultType(call);
  auto c = [&](double value) { return p.splat(value, type, {x}); };
  Value inner;
  if (*approximate == "none") {
    inner = p.create<prim::ErfOp>(p.create<prim::MulOp>(x, c(M_SQRT1_2)));
  } else {
    Value cube = p.create<prim::MulOp>(x, p.create<prim::MulOp>(x, x));
    Value sum = p.create<prim::AddOp>(x, p.create<prim::MulOp>(cube, c(0.044715)));
    inner = p.create<prim::TanhOp>(p.create<prim::MulOp>(sum, c(std::sqrt(2.0 / M_PI))));
  }
  Value half = p.create<prim::MulOp>(x, c(0.5));
  Value result = p.create<prim::MulOp>(half, p.create<prim::AddOp>(inner, c(1.0)));
  rewriter.replaceOp(call, result);
  return success();
}

// silu(x) = x * logistic(x)
LogicalResult silu(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = activationInput(call, args, p);
  if (!x)
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
  Value s = p.create<prim::LogisticOp>(x);
  rewriter.replaceOp(call, p.create<prim::MulOp>(x, s));
  return success();
}

// hardsigmoid(x) = min(max(x + 3, 0), 6) / 6
Value hardsigmoidOf(PrimBuilder &p, Value x, RankedTensorType type) {
  Value shifted = p.create<prim::AddOp>(x, p.splat(3.0, type, {x}));
  Value clamped = p.create<prim::MinOp>(p.create<prim::MaxOp>(shifted, p.splat(0.0, type, {x})),
                                        p.splat(6.0, type, {x}));
  return p.create<prim::MulOp>(clamped, p.splat(1.0 / 6.0, type, {x}));
}

LogicalResult hardsigmoid(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = activationInput(call, args, p);
  if (!x || !resultType(call).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static float tensor");
  rewriter.replaceOp(call, hardsigmoidOf(p, x, resultType(call)));
  return success();
}

// hardswish(x) = x * hardsigmoid(x)
LogicalResult hardswish(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = activationInput(call, args, p);
  if (!x || !resultType(call).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static float tensor");
  rewriter.replaceOp(call, p.create<prim::MulOp>(x, hardsigmoidOf(p, x, resultType(call))));
  return success();
}

// leaky_relu(x, slope) = x > 0 ? x : x * slope
LogicalResult leakyRelu(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = activationInput(call, args, p);
  std::optional<double> slope = args.number("negative_slope");
  RankedTensorType type = resultType(call);
  if (!x || !slope || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static float tensor and a slope");
  Value positive = p.create<prim::CompareOp>(
      x, p.splat(0.0, type, {x}),
      prim::ComparePredicateAttr::get(rewriter.getContext(), prim::ComparePredicate::gt));
  Value scaled = p.create<prim::MulOp>(x, p.splat(*slope, type, {x}));
  rewriter.replaceOp(call, p.create<prim::SelectOp>(positive, x, scaled));
  return success();
}

// relu6(x) = min(max(x, 0), 6)
LogicalResult relu6(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = activationInput(call, args, p, "self", /*integers=*/true);
  if (!x)
    return rewriter.notifyMatchFailure(call, "expects a float or integer tensor");
  Ew e{p, x};
  rewriter.replaceOp(call, clampOf(e, x, e.c(0.0), e.c(6.0)));
  return success();
}

/// The float input in computeType (f32 for f16/bf16), for activations that
/// compose several transcendental ops.
Value computeInput(aten::CallOp call, const CallArgs &args, PrimBuilder &p) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || !isa<FloatType>(type.getElementType()))
    return Value();
  return p.convert(self, computeType(type).getElementType());
}

// elu(x, alpha, scale, input_scale) =
//   x > 0 ? scale * x : scale * alpha * expm1(x * input_scale)
// celu(x, alpha) is elu(x, alpha, 1, 1/alpha); selu(x) is elu with
// torch's fixed alpha and scale.
LogicalResult eluWith(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
                      double alpha, double scale, double inputScale) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = computeInput(call, args, p);
  if (!x)
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
  Ew e{p, x};
  Value negative = e.mul(expm1Of(e, e.mul(x, e.c(inputScale))), e.c(alpha * scale));
  Value result = e.sel(e.cmp(prim::ComparePredicate::gt, x, e.c(0.0)), e.mul(x, e.c(scale)),
                       negative);
  rewriter.replaceOp(call, p.convert(result, resultType(call).getElementType()));
  return success();
}

LogicalResult elu(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return eluWith(call, args, rewriter, args.number("alpha").value_or(1.0),
                 args.number("scale").value_or(1.0), args.number("input_scale").value_or(1.0));
}

LogicalResult celu(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  double alpha = args.number("alpha").value_or(1.0);
  if (alpha == 0.0)
    return rewriter.notifyMatchFailure(call, "celu with alpha 0 (torch refuses it too)");
  return eluWith(call, args, rewriter, alpha, 1.0, 1.0 / alpha);
}

LogicalResult selu(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return eluWith(call, args, rewriter, 1.6732632423543772848170429916717,
                 1.0507009873554804934193349852946, 1.0);
}

// log_sigmoid(x) = min(x, 0) - log1p(exp(-|x|)): no overflow either way.
LogicalResult logSigmoid(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = computeInput(call, args, p);
  if (!x)
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
  Ew e{p, x};
  Value tail = e.apply<prim::Log1pOp>(
      e.apply<prim::ExpOp>(e.apply<prim::NegOp>(e.apply<prim::AbsOp>(x))));
  Value result = e.sub(p.create<prim::MinOp>(x, e.c(0.0)), tail);
  rewriter.replaceOp(call, p.convert(result, resultType(call).getElementType()));
  return success();
}

/// The input of threshold/hardshrink/softshrink, in the result's type
/// (integers too: these only compare and subtract).
Value shrinkInput(aten::CallOp call, const CallArgs &args, PrimBuilder &p) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || type.getElementType().isInteger(1) ||
      cast<RankedTensorType>(self.getType()).getShape() != type.getShape())
    return Value();
  return p.convert(self, type.getElementType());
}

using P = prim::ComparePredicate;

// threshold(x, threshold, value) = x <= threshold ? value : x
LogicalResult threshold(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = shrinkInput(call, args, p);
  std::optional<double> limit = args.number("threshold"), value = args.number("value");
  if (!x || !limit || !value)
    return rewriter.notifyMatchFailure(call, "expects a tensor and numbers threshold, value");
  Ew e{p, x};
  rewriter.replaceOp(call, e.sel(e.cmp(P::le, x, e.c(*limit)), e.c(*value), x));
  return success();
}

// hardshrink(x, l) = x where |x| > l, else 0 (0 on [-l, l]; NaN stays).
// softshrink(x, l) = x - l above l, x + l below -l, else 0.
template <bool soft>
LogicalResult shrink(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = shrinkInput(call, args, p);
  std::optional<double> lambd = args.number("lambd");
  if (!x || !lambd)
    return rewriter.notifyMatchFailure(call, "expects a tensor and a number lambd");
  Ew e{p, x};
  Value result;
  if (soft) {
    Value above = e.cmp(P::gt, x, e.c(*lambd)), below = e.cmp(P::lt, x, e.c(-*lambd));
    result = e.sel(above, e.sub(x, e.c(*lambd)),
                   e.sel(below, e.add(x, e.c(*lambd)), e.mul(x, e.c(0.0))));
  } else {
    Value inside = p.create<prim::AndOp>(e.cmp(P::ge, x, e.c(-*lambd)),
                                         e.cmp(P::le, x, e.c(*lambd)));
    result = e.sel(inside, e.c(0.0), x);
  }
  rewriter.replaceOp(call, result);
  return success();
}

// prelu(x, weight) = x > 0 ? x : weight * x, weight [C] along the channel
// dim (1; 0 for a 1-d input), or one value [1] (or 0-d) for all.
LogicalResult prelu(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = activationInput(call, args, p);
  Value weight = tensorArg(args, "weight");
  RankedTensorType type = resultType(call);
  if (!x || !weight)
    return rewriter.notifyMatchFailure(call, "expects float tensors self and weight");
  auto weightType = cast<RankedTensorType>(weight.getType());
  int64_t channelDim = type.getRank() >= 2 ? 1 : 0;
  Value w;
  if (weightType.hasStaticShape() && weightType.getNumElements() == 1) {
    w = p.broadcastTo(p.build<prim::ReshapeOp>(RankedTensorType::get({}, weightType.getElementType()),
                                               weight, ValueRange{}),
                      type, {x});
  } else if (weightType.getRank() == 1 && type.getRank() > 0 &&
             weightType.getDimSize(0) == type.getDimSize(channelDim)) {
    w = p.broadcastInDim(p.convert(weight, type.getElementType()), type, {channelDim}, {x});
  } else {
    return rewriter.notifyMatchFailure(call, "weight must have one value or one per channel");
  }
  Ew e{p, x};
  rewriter.replaceOp(call, e.sel(e.cmp(P::gt, x, e.c(0.0)), x, e.mul(w, x)));
  return success();
}

// glu(x, dim) = a * logistic(b), a and b the two halves of x along dim.
LogicalResult glu(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  std::optional<int64_t> dim = args.integer("dim");
  if (!type || !self || !dim || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float tensor and a dim");
  auto selfType = cast<RankedTensorType>(self.getType());
  int64_t d = PrimBuilder::normalizeDim(*dim, selfType.getRank());
  if (!selfType.hasStaticShape() || selfType.getRank() == 0 || selfType.getDimSize(d) % 2 != 0)
    return rewriter.notifyMatchFailure(call, "a static input whose dim has an even size");
  PrimBuilder p(rewriter, call.getLoc());
  OpBuilder &b = rewriter;
  int64_t half = selfType.getDimSize(d) / 2;
  SmallVector<int64_t> starts(selfType.getRank(), 0), limits(selfType.getShape()),
      strides(selfType.getRank(), 1);
  limits[d] = half;
  Value a = p.create<prim::SliceOp>(self, b.getDenseI64ArrayAttr(starts),
                                    b.getDenseI64ArrayAttr(limits), b.getDenseI64ArrayAttr(strides));
  starts[d] = half;
  limits[d] = 2 * half;
  Value gate = p.create<prim::SliceOp>(self, b.getDenseI64ArrayAttr(starts),
                                       b.getDenseI64ArrayAttr(limits),
                                       b.getDenseI64ArrayAttr(strides));
  Type compute = computeType(type).getElementType();
  Value result = p.create<prim::MulOp>(p.convert(a, compute),
                                       p.create<prim::LogisticOp>(p.convert(gate, compute)));
  rewriter.replaceOp(call, p.convert(result, type.getElementType()));
  return success();
}

// softplus(x, beta, threshold) =
//   x * beta > threshold ? x : log1p(exp(x * beta)) / beta
LogicalResult softplus(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = computeInput(call, args, p);
  if (!x)
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
  double beta = args.number("beta").value_or(1.0), threshold = args.number("threshold").value_or(20.0);
  Ew e{p, x};
  Value scaled = e.mul(x, e.c(beta));
  Value soft = e.div(e.apply<prim::Log1pOp>(e.apply<prim::ExpOp>(scaled)), e.c(beta));
  Value result = e.sel(e.cmp(prim::ComparePredicate::gt, scaled, e.c(threshold)), x, soft);
  rewriter.replaceOp(call, p.convert(result, resultType(call).getElementType()));
  return success();
}

// mish(x) = x * tanh(log1p(exp(x)))
LogicalResult mish(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = computeInput(call, args, p);
  if (!x)
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
  Ew e{p, x};
  Value sp = e.apply<prim::Log1pOp>(e.apply<prim::ExpOp>(x));
  Value result = e.mul(x, e.apply<prim::TanhOp>(sp));
  rewriter.replaceOp(call, p.convert(result, resultType(call).getElementType()));
  return success();
}

} // namespace

void addActivationDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.relu.default", "activation", "max, constant", relu},
      {"aten.gelu.default", "activation", "erf | tanh, mul, add, constant", gelu},
      {"aten.silu.default", "activation", "logistic, mul", silu},
      {"aten.hardsigmoid.default", "activation", "add, max, min, mul", hardsigmoid},
      {"aten.hardswish.default", "activation", "add, max, min, mul", hardswish},
      {"aten.leaky_relu.default", "activation", "compare, mul, select", leakyRelu},
      {"aten.relu6.default", "activation", "max, min, constant", relu6},
      {"aten.elu.default", "activation", "exp, log, compare, select, mul, convert", elu},
      {"aten.softplus.default", "activation", "exp, log1p, mul, div, compare, select, convert",
       softplus},
      {"aten.mish.default", "activation", "exp, log1p, tanh, mul, convert", mish},
      {"aten.celu.default", "activation", "exp, log, compare, select, mul, convert", celu},
      {"aten.selu.default", "activation", "exp, log, compare, select, mul, convert", selu},
      {"aten.log_sigmoid.default", "activation", "abs, neg, exp, log1p, min, sub, convert",
       logSigmoid},
      {"aten.threshold.default", "activation", "compare, select", threshold},
      {"aten.hardshrink.default", "activation", "compare, and, select", shrink<false>},
      {"aten.softshrink.default", "activation", "compare, sub, add, mul, select", shrink<true>},
      {"aten.prelu.default", "activation", "broadcast_in_dim, compare, mul, select", prelu},
      {"aten._prelu_kernel.default", "activation", "broadcast_in_dim, compare, mul, select",
       prelu},
      {"aten.glu.default", "activation", "slice, logistic, mul, convert", glu},
  });
}

} // namespace pt2c
