//===- Elementwise.cpp - Unary and binary arithmetic ----------------------===//
//
// torch broadcasts binary operands and promotes dtypes; the archive already
// states the result type, so every operand is broadcast and converted to it
// and the prim op works on equal types.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

using namespace mlir;

namespace pt2c {

Value operandAs(PrimBuilder &p, const CallArgs &args, StringRef name,
                RankedTensorType type, ArrayRef<Value> sources) {
  if (Value tensor = args.value(name))
    return isa<RankedTensorType>(tensor.getType()) ? p.broadcastTo(tensor, type, sources)
                                                   : Value();
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
  rewriter.replaceOp(call, OpTy::create(rewriter, call.getLoc(), input).getResult());
  return success();
}

// self op other (op alpha*other for add/sub), broadcast to the result.
template <typename OpTy>
LogicalResult binary(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type)
    return rewriter.notifyMatchFailure(call, "expects a ranked tensor result");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> sources;
  for (StringRef name : {"self", "other"})
    if (Value v = args.value(name))
      sources.push_back(v);
  Value lhs = operandAs(p, args, "self", type, sources);
  Value rhs = operandAs(p, args, "other", type, sources);
  if (!lhs || !rhs)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  if (std::optional<double> alpha = args.number("alpha"); alpha && *alpha != 1.0) {
    Value scale = p.splat(*alpha, type, sources);
    if (!scale)
      return rewriter.notifyMatchFailure(call, "unknown dynamic size");
    rhs = prim::MulOp::create(rewriter, call.getLoc(), rhs, scale);
  }
  rewriter.replaceOp(call, OpTy::create(rewriter, call.getLoc(), lhs, rhs).getResult());
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
    result = prim::MulOp::create(rewriter, call.getLoc(), x, x);
  else if (*exponent == 0.5 && isa<FloatType>(type.getElementType()))
    result = prim::SqrtOp::create(rewriter, call.getLoc(), x);
  else if (Value e = p.splat(*exponent, type, {self}))
    result = prim::PowOp::create(rewriter, call.getLoc(), x, e);
  else
    return rewriter.notifyMatchFailure(call, "unknown dynamic size");
  rewriter.replaceOp(call, result);
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
  });
}

} // namespace pt2c
