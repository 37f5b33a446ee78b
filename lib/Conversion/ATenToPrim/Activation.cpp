//===- Activation.cpp - relu, gelu, silu, hardswish, leaky_relu, ... -----===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <cmath>

using namespace mlir;

namespace pt2c {
namespace {

/// The float input of an activation, converted to the result's type.
Value activationInput(aten::CallOp call, const CallArgs &args, PrimBuilder &p,
                      StringRef name = "self") {
  RankedTensorType type = resultType(call);
  Value self = args.value(name);
  if (!type || !self || !isa<FloatType>(type.getElementType()))
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
  Value x = activationInput(call, args, p);
  if (!x)
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
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
  Value x = activationInput(call, args, p);
  if (!x)
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
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
LogicalResult elu(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Value x = computeInput(call, args, p);
  if (!x)
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
  double alpha = args.number("alpha").value_or(1.0), scale = args.number("scale").value_or(1.0),
         inputScale = args.number("input_scale").value_or(1.0);
  Ew e{p, x};
  Value negative = e.mul(expm1Of(e, e.mul(x, e.c(inputScale))), e.c(alpha * scale));
  Value result = e.sel(e.cmp(prim::ComparePredicate::gt, x, e.c(0.0)), e.mul(x, e.c(scale)),
                       negative);
  rewriter.replaceOp(call, p.convert(result, resultType(call).getElementType()));
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
  });
}

} // namespace pt2c
