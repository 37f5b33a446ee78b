//===- Elementwise.cpp - Unary and binary arithmetic ----------------------===//
//
// torch broadcasts binary operands and promotes dtypes; the archive already
// states the result type, so every operand is broadcast and converted to it
// and the prim op works on equal types.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Traits.h"

using namespace mlir;

namespace pt2c {

RankedTensorType computeType(RankedTensorType type) {
  Type element = type.getElementType();
  if (element.isF16() || element.isBF16())
    return type.clone(Float32Type::get(type.getContext()));
  return type;
}

std::optional<SmallVector<int64_t>> staticBroadcastShape(const CallArgs &args,
                                                         ArrayRef<StringRef> names) {
  SmallVector<int64_t> shape;
  for (StringRef name : names) {
    Value operand = tensorArg(args, name);
    auto type = operand ? cast<RankedTensorType>(operand.getType()) : RankedTensorType();
    SmallVector<int64_t> wider;
    if (!type || !type.hasStaticShape() ||
        !OpTrait::util::getBroadcastedShape(shape, type.getShape(), wider))
      return std::nullopt;
    shape = std::move(wider);
  }
  return shape;
}

Value operandAs(PrimBuilder &p, const CallArgs &args, StringRef name,
                RankedTensorType type, ArrayRef<Value> sources) {
  if (Value value = args.value(name)) {
    if (isa<RankedTensorType>(value.getType()))
      return p.broadcastTo(value, type, sources);
    // A SymInt/SymFloat computed in the graph: splatted at run time.
    return p.splatScalar(value, type, sources);
  }
  if (std::optional<double> scalar = args.number(name))
    return p.splat(*scalar, type, sources);
  return Value();
}

namespace {

// x -> op(x), same type.
template <typename OpTy>
LogicalResult unary(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  if (!type || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor `self` and result");
  PrimBuilder p(rewriter, call.getLoc());
  Value input = p.convert(self, type.getElementType());
  rewriter.replaceOp(call, p.create<OpTy>(input));
  return success();
}

// self op other (op alpha*other for add/sub), broadcast to the result.
/// self and alpha * other (alpha where the node has one) in the result
/// type `type`, broadcast to it; nullopt when they are not tensors or numbers.
std::optional<std::pair<Value, Value>> binaryOperands(const CallArgs &args, PrimBuilder &p,
                                                      RankedTensorType type) {
  SmallVector<Value> sources;
  for (StringRef name : {"self", "other"})
    if (Value v = args.value(name))
      sources.push_back(v);
  Value lhs = operandAs(p, args, "self", type, sources);
  Value rhs = operandAs(p, args, "other", type, sources);
  if (!lhs || !rhs)
    return std::nullopt;
  if (std::optional<double> alpha = args.number("alpha"); alpha && *alpha != 1.0) {
    Value scale = p.splat(*alpha, type, sources);
    if (!scale)
      return std::nullopt;
    rhs = p.create<prim::MulOp>(rhs, scale);
  }
  return std::make_pair(lhs, rhs);
}

template <typename OpTy>
LogicalResult binary(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type)
    return rewriter.notifyMatchFailure(call, "expects a ranked tensor result");
  PrimBuilder p(rewriter, call.getLoc());
  auto operands = binaryOperands(args, p, type);
  if (!operands)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  auto [lhs, rhs] = *operands;
  Value result;
  // On bool torch's add is an or and its mul an and (prim's arithmetic
  // takes no i1).
  if constexpr (std::is_same_v<OpTy, prim::AddOp>)
    if (type.getElementType().isInteger(1))
      result = p.create<prim::OrOp>(lhs, rhs);
  if constexpr (std::is_same_v<OpTy, prim::MulOp>)
    if (type.getElementType().isInteger(1))
      result = p.create<prim::AndOp>(lhs, rhs);
  rewriter.replaceOp(call, result ? result : p.create<OpTy>(lhs, rhs));
  return success();
}

// x ** exponent for a scalar exponent; 2 and 0.5 are a multiply and a sqrt.
LogicalResult powTensorScalar(aten::CallOp call, const CallArgs &args,
                              PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  std::optional<double> exponent = args.number("exponent");
  Value self = args.value("self");
  if (!type || !exponent || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor and a numeric exponent");
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, type.getElementType());
  Value result;
  if (*exponent == 2.0)
    result = p.create<prim::MulOp>(x, x);
  else if (*exponent == 0.5 && isa<FloatType>(type.getElementType()))
    result = p.create<prim::SqrtOp>(x);
  else if (Value e = p.splat(*exponent, type, {self}))
    result = p.create<prim::PowOp>(x, e);
  else
    return rewriter.notifyMatchFailure(call, "unknown dynamic size");
  rewriter.replaceOp(call, result);
  return success();
}

using P = prim::ComparePredicate;

/// The tensors among the arguments `names` (for the `?` sizes).
SmallVector<Value> tensorSources(const CallArgs &args, ArrayRef<StringRef> names) {
  SmallVector<Value> sources;
  for (StringRef name : names)
    if (Value v = args.value(name); v && isa<RankedTensorType>(v.getType()))
      sources.push_back(v);
  return sources;
}

// self ** exponent, either side a scalar (pow.Scalar) or a tensor.
LogicalResult pow(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type)
    return rewriter.notifyMatchFailure(call, "expects a ranked tensor result");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> sources = tensorSources(args, {"self", "exponent"});
  Value base = operandAs(p, args, "self", type, sources);
  Value exponent = operandAs(p, args, "exponent", type, sources);
  if (!base || !exponent)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  rewriter.replaceOp(call, p.create<prim::PowOp>(base, exponent));
  return success();
}

// rsub(self, other, alpha) = other - alpha * self
LogicalResult rsub(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type)
    return rewriter.notifyMatchFailure(call, "expects a ranked tensor result");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> sources = tensorSources(args, {"self", "other"});
  Value self = operandAs(p, args, "self", type, sources);
  Value other = operandAs(p, args, "other", type, sources);
  if (!self || !other)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  Ew e{p, self};
  if (double alpha = args.number("alpha").value_or(1.0); alpha != 1.0)
    self = e.mul(self, e.c(alpha));
  rewriter.replaceOp(call, e.sub(other, self));
  return success();
}

/// (m != 0) and (sign of m != sign of b): where C's truncated quotient and
/// remainder differ from the floored ones.
Value signsDiffer(Ew &e, Value m, Value b) {
  Value nonzero = e.cmp(P::ne, m, e.c(0.0));
  Value differ = e.p.create<prim::XorOp>(e.cmp(P::lt, m, e.c(0.0)), e.cmp(P::lt, b, e.c(0.0)));
  return e.p.create<prim::AndOp>(nonzero, differ);
}

// div(self, other, rounding_mode):
//   None    true division (integers are promoted: the result type is float);
//   "trunc" floats trunc(a / b) (a / b rounded to f16/bf16 first, as
//           torch), integers C's a / b;
//   "floor" integers a / b - 1 where the remainder's sign differs from b's;
//           floats as torch's div_floor_floating: a / b where b == 0, else
//           d = (a - fmod(a, b)) / b, minus 1 where the signs differ, then
//           floor(d) + (d - floor(d) > 0.5).
// f16/bf16 are computed in f32.
LogicalResult divWith(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
                      std::optional<StringRef> mode) {
  RankedTensorType type = resultType(call);
  if (!type || (mode && *mode != "trunc" && *mode != "floor"))
    return rewriter.notifyMatchFailure(call, "rounding_mode must be None, 'trunc' or 'floor'");
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType work = computeType(type);
  SmallVector<Value> sources = tensorSources(args, {"self", "other"});
  Value a = operandAs(p, args, "self", work, sources);
  Value b = operandAs(p, args, "other", work, sources);
  if (!a || !b)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  Ew e{p, a};
  Value q = e.div(a, b);
  bool isFloat = isa<FloatType>(work.getElementType());
  Value result = q;
  if (mode && *mode == "trunc" && isFloat) {
    // torch rounds the quotient to f16/bf16 before truncating it.
    q = p.convert(p.convert(q, type.getElementType()), work.getElementType());
    result = e.sel(e.cmp(P::lt, q, e.c(0.0)), e.apply<prim::CeilOp>(q),
                   e.apply<prim::FloorOp>(q));
  } else if (mode && *mode == "floor" && !isFloat) {
    Value r = p.create<prim::RemOp>(a, b);
    result = e.sub(q, p.convert(signsDiffer(e, r, b), work.getElementType()));
  } else if (mode && *mode == "floor") {
    Value m = p.create<prim::RemOp>(a, b);
    Value d = e.div(e.sub(a, m), b);
    d = e.sel(signsDiffer(e, m, b), e.sub(d, e.c(1.0)), d);
    Value f = e.apply<prim::FloorOp>(d);
    f = e.sel(e.cmp(P::gt, e.sub(d, f), e.c(0.5)), e.add(f, e.c(1.0)), f);
    result = e.sel(e.cmp(P::eq, b, e.c(0.0)), q, f);
  }
  rewriter.replaceOp(call, p.convert(result, type.getElementType()));
  return success();
}

LogicalResult divMode(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return divWith(call, args, rewriter, args.string("rounding_mode"));
}

// floor_divide(a, b) is div(a, b, rounding_mode="floor").
LogicalResult floorDivide(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return divWith(call, args, rewriter, StringRef("floor"));
}

// _add_relu(self, other, alpha) = relu(self + alpha * other), one kernel in
// torch's quantization-fusion passes.
LogicalResult addRelu(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type || type.getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(call, "expects a numeric tensor result");
  PrimBuilder p(rewriter, call.getLoc());
  auto operands = binaryOperands(args, p, type);
  if (!operands)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  Value sum = p.create<prim::AddOp>(operands->first, operands->second);
  Ew e{p, sum};
  rewriter.replaceOp(call, p.create<prim::MaxOp>(sum, e.c(0.0)));
  return success();
}

// fmod(a, b) = C's fmod: the remainder with the dividend's sign; exact, so
// f16/bf16 only convert to f32 and back (explicitly: the operands keep
// their own rounding).
LogicalResult fmod(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type)
    return rewriter.notifyMatchFailure(call, "expects a ranked tensor result");
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType work = computeType(type);
  SmallVector<Value> sources = tensorSources(args, {"self", "other"});
  Value a = operandAs(p, args, "self", work, sources);
  Value b = operandAs(p, args, "other", work, sources);
  if (!a || !b)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  Value m = p.create<prim::RemOp>(a, b);
  rewriter.replaceOp(call, p.convert(m, type.getElementType()));
  return success();
}

// remainder(a, b) = m + b where m = fmod(a, b) is nonzero and its sign
// differs from b's, else m: the result takes the divisor's sign.
LogicalResult remainder(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type)
    return rewriter.notifyMatchFailure(call, "expects a ranked tensor result");
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType work = computeType(type);
  SmallVector<Value> sources = tensorSources(args, {"self", "other"});
  Value a = operandAs(p, args, "self", work, sources);
  Value b = operandAs(p, args, "other", work, sources);
  if (!a || !b)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  Ew e{p, a};
  Value m = p.create<prim::RemOp>(a, b);
  Value result = e.sel(signsDiffer(e, m, b), e.add(m, b), m);
  rewriter.replaceOp(call, p.convert(result, type.getElementType()));
  return success();
}

} // namespace

Value clampOf(Ew &e, Value x, Value lo, Value hi) {
  if (lo)
    x = e.p.create<prim::MaxOp>(x, lo);
  if (hi)
    x = e.p.create<prim::MinOp>(x, hi);
  return x;
}

namespace {

// clamp(x, min, max) = min(max(x, min), max), either bound None (scalars
// for clamp, tensors for clamp.Tensor); hardtanh(x, min_val=-1,
// max_val=1) is the same with defaults.
template <bool hardtanh>
LogicalResult clamp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  StringRef loName = hardtanh ? "min_val" : "min", hiName = hardtanh ? "max_val" : "max";
  if (!type || !tensorArg(args, "self"))
    return rewriter.notifyMatchFailure(call, "expects a tensor `self` and result");
  auto usable = [&](StringRef name) {
    return args.isNone(name) || tensorArg(args, name) || args.number(name);
  };
  if (!usable(loName) || !usable(hiName))
    return rewriter.notifyMatchFailure(call, "bounds must be tensors, numbers or None");
  if (!hardtanh && args.isNone(loName) && args.isNone(hiName))
    return rewriter.notifyMatchFailure(call, "clamp needs at least one bound");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> sources = tensorSources(args, {"self", loName, hiName});
  Value x = operandAs(p, args, "self", type, sources);
  Ew e{p, x};
  auto bound = [&](StringRef name, double fallback) -> Value {
    if (args.isNone(name))
      return hardtanh ? e.c(fallback) : Value();
    return operandAs(p, args, name, type, sources);
  };
  Value lo = bound(loName, -1.0), hi = bound(hiName, 1.0);
  rewriter.replaceOp(call, clampOf(e, x, lo, hi));
  return success();
}

// where(condition, self, other) = select(condition, self, other), all
// broadcast to the result; self/other converted to the result's dtype.
LogicalResult where(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value condition = tensorArg(args, "condition");
  if (!type || !condition)
    return rewriter.notifyMatchFailure(call, "expects a condition tensor");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> sources = tensorSources(args, {"condition", "self", "other"});
  Value mask = p.broadcastTo(condition, type.clone(rewriter.getI1Type()), sources);
  Value lhs = operandAs(p, args, "self", type, sources);
  Value rhs = operandAs(p, args, "other", type, sources);
  if (!mask || !lhs || !rhs)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  rewriter.replaceOp(call, p.create<prim::SelectOp>(mask, lhs, rhs));
  return success();
}

// masked_fill(self, mask, value) = select(mask, value, self); value is a
// number or a 0-dim tensor, converted to self's dtype.
LogicalResult maskedFill(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value mask = tensorArg(args, "mask");
  if (!type || !mask)
    return rewriter.notifyMatchFailure(call, "expects a mask tensor");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> sources = tensorSources(args, {"self", "mask"});
  Value self = operandAs(p, args, "self", type, sources);
  Value value = operandAs(p, args, "value", type, sources);
  Value m = p.broadcastTo(mask, type.clone(rewriter.getI1Type()), sources);
  if (!self || !value || !m)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  rewriter.replaceOp(call, p.create<prim::SelectOp>(m, value, self));
  return success();
}

// logical_<op>(a, b) = (a != 0) <op> (b != 0), broadcast to the bool result.
template <typename OpTy>
LogicalResult logical(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type || !type.getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(call, "expects a bool result");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> sources = tensorSources(args, {"self", "other"});
  Value lhs = operandAs(p, args, "self", type, sources);
  Value rhs = operandAs(p, args, "other", type, sources);
  if (!lhs || !rhs)
    return rewriter.notifyMatchFailure(call, "operands must be tensors");
  rewriter.replaceOp(call, p.create<OpTy>(lhs, rhs));
  return success();
}

} // namespace

void addElementwiseDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.neg.default", "elementwise", "neg", unary<prim::NegOp>},
      {"aten.exp.default", "elementwise", "exp", unary<prim::ExpOp>},
      {"aten.log.default", "elementwise", "log", unary<prim::LogOp>},
      {"aten.rsqrt.default", "elementwise", "rsqrt", unary<prim::RsqrtOp>},
      {"aten.sqrt.default", "elementwise", "sqrt", unary<prim::SqrtOp>},
      {"aten.sin.default", "elementwise", "sin", unary<prim::SinOp>},
      {"aten.cos.default", "elementwise", "cos", unary<prim::CosOp>},
      {"aten.abs.default", "elementwise", "abs", unary<prim::AbsOp>},
      {"aten.tanh.default", "elementwise", "tanh", unary<prim::TanhOp>},
      {"aten.sigmoid.default", "elementwise", "logistic", unary<prim::LogisticOp>},
      {"aten.add.Tensor", "elementwise", "add, broadcast_in_dim, mul", binary<prim::AddOp>},
      {"aten.sub.Tensor", "elementwise", "sub, broadcast_in_dim, mul", binary<prim::SubOp>},
      {"aten.mul.Tensor", "elementwise", "mul, broadcast_in_dim", binary<prim::MulOp>},
      {"aten.div.Tensor", "elementwise", "div, broadcast_in_dim", binary<prim::DivOp>},
      {"aten.pow.Tensor_Scalar", "elementwise", "mul | sqrt | pow", powTensorScalar},
      {"aten.__and__.Tensor", "elementwise", "and, broadcast_in_dim", binary<prim::AndOp>},
      {"aten.__or__.Tensor", "elementwise", "or, broadcast_in_dim", binary<prim::OrOp>},
      {"aten.bitwise_and.Tensor", "elementwise", "and, broadcast_in_dim", binary<prim::AndOp>},
      {"aten.bitwise_or.Tensor", "elementwise", "or, broadcast_in_dim", binary<prim::OrOp>},
      {"aten.__xor__.Tensor", "elementwise", "xor, broadcast_in_dim", binary<prim::XorOp>},
      {"aten.bitwise_xor.Tensor", "elementwise", "xor, broadcast_in_dim", binary<prim::XorOp>},
      {"aten.bitwise_and.Scalar", "elementwise", "and, constant", binary<prim::AndOp>},
      {"aten.bitwise_and.Scalar_Tensor", "elementwise", "and, constant", binary<prim::AndOp>},
      {"aten.bitwise_or.Scalar_Tensor", "elementwise", "or, constant", binary<prim::OrOp>},
      {"aten.bitwise_xor.Scalar_Tensor", "elementwise", "xor, constant", binary<prim::XorOp>},
      {"aten._add_relu.Scalar", "elementwise", "add, mul, max, constant", addRelu},
      {"aten._add_relu.Tensor", "elementwise", "add, mul, max, broadcast_in_dim", addRelu},
      {"aten.floor_divide.default", "elementwise",
       "div, rem, floor, compare, select, and, xor, convert, broadcast_in_dim", floorDivide},
      {"aten.floor_divide.Scalar", "elementwise",
       "div, rem, floor, compare, select, and, xor, convert, constant", floorDivide},
      {"aten.rsub.Tensor", "elementwise", "sub, mul, broadcast_in_dim", rsub},
      {"aten.bitwise_or.Scalar", "elementwise", "or, constant", binary<prim::OrOp>},
      {"aten.bitwise_xor.Scalar", "elementwise", "xor, constant", binary<prim::XorOp>},
      {"aten.logical_and.default", "elementwise", "convert, and, broadcast_in_dim",
       logical<prim::AndOp>},
      {"aten.logical_or.default", "elementwise", "convert, or, broadcast_in_dim",
       logical<prim::OrOp>},
      {"aten.logical_xor.default", "elementwise", "convert, xor, broadcast_in_dim",
       logical<prim::XorOp>},
      {"aten.add.Scalar", "elementwise", "add, constant, mul", binary<prim::AddOp>},
      {"aten.sub.Scalar", "elementwise", "sub, constant, mul", binary<prim::SubOp>},
      {"aten.mul.Scalar", "elementwise", "mul, constant", binary<prim::MulOp>},
      {"aten.div.Scalar", "elementwise", "div, constant", binary<prim::DivOp>},
      {"aten.rsub.Scalar", "elementwise", "sub, mul, constant", rsub},
      {"aten.div.Tensor_mode", "elementwise",
       "div, rem, floor, ceil, compare, select, and, xor, convert, broadcast_in_dim", divMode},
      {"aten.div.Scalar_mode", "elementwise",
       "div, rem, floor, ceil, compare, select, and, xor, convert, constant", divMode},
      {"aten.pow.Scalar", "elementwise", "pow, constant", pow},
      {"aten.pow.Tensor_Tensor", "elementwise", "pow, broadcast_in_dim", pow},
      // float_power: pow in float64, the result's type (operandAs converts).
      {"aten.float_power.Tensor_Tensor", "elementwise", "pow, convert, broadcast_in_dim", pow},
      {"aten.float_power.Tensor_Scalar", "elementwise", "pow, convert, constant", pow},
      {"aten.float_power.Scalar", "elementwise", "pow, convert, constant", pow},
      {"aten.fmod.Scalar", "elementwise", "rem, constant, convert", fmod},
      {"aten.fmod.Tensor", "elementwise", "rem, broadcast_in_dim, convert", fmod},
      {"aten.remainder.Scalar", "elementwise", "rem, compare, and, xor, add, select, constant",
       remainder},
      {"aten.remainder.Scalar_Tensor", "elementwise",
       "rem, compare, and, xor, add, select, constant", remainder},
      {"aten.remainder.Tensor", "elementwise",
       "rem, compare, and, xor, add, select, broadcast_in_dim", remainder},
      {"aten.maximum.default", "elementwise", "max, broadcast_in_dim", binary<prim::MaxOp>},
      {"aten.max.other", "elementwise", "max, broadcast_in_dim", binary<prim::MaxOp>},
      {"aten.minimum.default", "elementwise", "min, broadcast_in_dim", binary<prim::MinOp>},
      {"aten.atan2.default", "elementwise", "atan2, broadcast_in_dim", binary<prim::Atan2Op>},
      {"aten.clamp.default", "elementwise", "max, min, constant", clamp<false>},
      {"aten.clamp.Tensor", "elementwise", "max, min, broadcast_in_dim", clamp<false>},
      {"aten.hardtanh.default", "activation", "max, min, constant", clamp<true>},
      {"aten.where.self", "elementwise", "select, broadcast_in_dim, convert", where},
      {"aten.where.ScalarOther", "elementwise", "select, broadcast_in_dim, constant", where},
      {"aten.where.ScalarSelf", "elementwise", "select, broadcast_in_dim, constant", where},
      {"aten.masked_fill.Scalar", "elementwise", "select, broadcast_in_dim, constant",
       maskedFill},
      {"aten.masked_fill.Tensor", "elementwise", "select, broadcast_in_dim", maskedFill},
  });
}

} // namespace pt2c
