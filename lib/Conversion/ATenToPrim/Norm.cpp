//===- Norm.cpp - layer_norm, softmax --------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

using namespace mlir;

namespace pt2c {

/// `value` (reduced with keepDims) broadcast back to `type`.
static Value expandKept(PrimBuilder &p, Value value, RankedTensorType type, Value source) {
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < type.getRank(); ++d)
    dims.push_back(d);
  return p.broadcastInDim(value, type, dims, {source});
}

namespace {

// y = (x - mean) * rsqrt(var + eps) * weight + bias over the last
// len(normalized_shape) dims, computed in f32 as torch does for f16/bf16.
LogicalResult layerNorm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value input = args.value("input");
  auto normalized = args.integers("normalized_shape");
  std::optional<double> eps = args.number("eps");
  if (!type || !input || !normalized || !eps || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float input, normalized_shape, eps");
  int64_t rank = type.getRank(), count = 1;
  int64_t k = static_cast<int64_t>(normalized->size());
  if (k == 0 || k > rank)
    return rewriter.notifyMatchFailure(call, "normalized_shape must cover 1..rank dims");
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < k; ++i) {
    dims.push_back(rank - k + i);
    count *= (*normalized)[i];
  }
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Type computeElement = type.getElementType().getIntOrFloatBitWidth() < 32
                            ? rewriter.getF32Type()
                            : type.getElementType();
  RankedTensorType compute = type.clone(computeElement);
  Value x = p.convert(input, computeElement);
  auto c = [&](double value, RankedTensorType t, Value source) {
    return p.splat(value, t, {source});
  };
  Value sum = p.reduce(prim::ReduceKind::sum, x, dims, /*keepDims=*/true);
  auto keptType = cast<RankedTensorType>(sum.getType());
  Value mean = prim::MulOp::create(rewriter, loc, sum, c(1.0 / count, keptType, sum));
  Value centered = prim::SubOp::create(rewriter, loc, x, expandKept(p, mean, compute, x));
  Value squares = prim::MulOp::create(rewriter, loc, centered, centered);
  Value variance = prim::MulOp::create(
      rewriter, loc, p.reduce(prim::ReduceKind::sum, squares, dims, true),
      c(1.0 / count, keptType, sum));
  Value rstd = prim::RsqrtOp::create(
      rewriter, loc, prim::AddOp::create(rewriter, loc, variance, c(*eps, keptType, sum)));
  Value y = prim::MulOp::create(rewriter, loc, centered, expandKept(p, rstd, compute, x));
  if (Value weight = args.value("weight"))
    y = prim::MulOp::create(rewriter, loc, y, p.broadcastInDim(weight, compute, dims, {x}));
  if (Value bias = args.value("bias"))
    y = prim::AddOp::create(rewriter, loc, y, p.broadcastInDim(bias, compute, dims, {x}));
  rewriter.replaceOp(call, p.convert(y, type.getElementType()));
  return success();
}

// softmax(x, dim) = exp(x - max) / sum(exp(x - max)): subtracting the max
// keeps exp from overflowing, as torch does.
LogicalResult softmax(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  std::optional<int64_t> dim = args.integer("dim");
  if (!type || !self || !dim || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float tensor and an int dim");
  PrimBuilder p(rewriter, call.getLoc());
  int64_t d = PrimBuilder::normalizeDim(*dim, type.getRank());
  rewriter.replaceOp(call, softmaxAlong(p, p.convert(self, type.getElementType()), d));
  return success();
}

// log_softmax(x, dim) = (x - max) - log(sum(exp(x - max))), in f32 for
// f16/bf16 as torch's kernel (the result's dtype: `dtype=` of
// log_softmax.int, or f32 for _log_softmax with half_to_float).
LogicalResult logSoftmax(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  std::optional<int64_t> dim = args.integer("dim");
  if (!type || !self || !dim || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float tensor and an int dim");
  PrimBuilder p(rewriter, call.getLoc());
  Location loc = call.getLoc();
  int64_t d = PrimBuilder::normalizeDim(*dim, type.getRank());
  RankedTensorType work = computeType(type);
  Value x = p.convert(self, work.getElementType());
  Value max = p.reduce(prim::ReduceKind::max, x, {d}, true);
  Value shifted = prim::SubOp::create(rewriter, loc, x, expandKept(p, max, work, x));
  Value sum = p.reduce(prim::ReduceKind::sum, prim::ExpOp::create(rewriter, loc, shifted), {d},
                       true);
  Value logSum = prim::LogOp::create(rewriter, loc, sum);
  Value result = prim::SubOp::create(rewriter, loc, shifted, expandKept(p, logSum, work, x));
  rewriter.replaceOp(call, p.convert(result, type.getElementType()));
  return success();
}

} // namespace

Value softmaxAlong(PrimBuilder &p, Value x, int64_t dim) {
  OpBuilder &b = p.builder();
  Location loc = p.loc();
  auto type = cast<RankedTensorType>(x.getType());
  Value max = p.reduce(prim::ReduceKind::max, x, {dim}, true);
  Value e = prim::ExpOp::create(
      b, loc, prim::SubOp::create(b, loc, x, expandKept(p, max, type, x)));
  Value sum = p.reduce(prim::ReduceKind::sum, e, {dim}, true);
  return prim::DivOp::create(b, loc, e, expandKept(p, sum, type, x));
}

void addNormDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.layer_norm.default", "norm", "reduce, broadcast_in_dim, sub, mul, add, rsqrt, convert",
       layerNorm},
      {"aten.softmax.int", "norm", "reduce, exp, sub, div, broadcast_in_dim", softmax},
      {"aten._softmax.default", "norm", "reduce, exp, sub, div, broadcast_in_dim", softmax},
      {"aten.log_softmax.int", "norm", "reduce, exp, log, sub, broadcast_in_dim, convert",
       logSoftmax},
      {"aten._log_softmax.default", "norm", "reduce, exp, log, sub, broadcast_in_dim, convert",
       logSoftmax},
  });
}

} // namespace pt2c
