//===- Norm.cpp - layer_norm, rms_norm, instance_norm, softmax ------------===//

#include "Families.h"

#include <cmath>

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

Normalized normalizeOver(PrimBuilder &p, Value x, ArrayRef<int64_t> dims, int64_t count,
                         double eps) {
  auto type = cast<RankedTensorType>(x.getType());
  Value sum = p.reduce(prim::ReduceKind::sum, x, dims, /*keepDims=*/true);
  if (!sum)
    return {}; // p said why; null pieces tell the caller
  auto keptType = cast<RankedTensorType>(sum.getType());
  Value inverse = p.splat(1.0 / double(count), keptType, {sum});
  Value mean = p.create<prim::MulOp>(sum, inverse);
  Value centered = p.create<prim::SubOp>(x, expandKept(p, mean, type, x));
  Value squares = p.create<prim::MulOp>(centered, centered);
  Value variance =
      p.create<prim::MulOp>(p.reduce(prim::ReduceKind::sum, squares, dims, true), inverse);
  Value rstd =
      p.create<prim::RsqrtOp>(p.create<prim::AddOp>(variance, p.splat(eps, keptType, {sum})));
  Value y = p.create<prim::MulOp>(centered, expandKept(p, rstd, type, x));
  return {y, mean, rstd};
}

namespace {

/// Whether the optional tensor `name` (weight, bias) is absent or has
/// exactly the shape `normalized`, as torch requires.
bool fitsNormalizedShape(const CallArgs &args, llvm::StringRef name,
                         ArrayRef<int64_t> normalized) {
  if (args.isNone(name))
    return true;
  Value value = args.value(name);
  auto type = value ? dyn_cast<RankedTensorType>(value.getType()) : RankedTensorType();
  return type && type.getShape() == normalized;
}

/// The last len(normalized_shape) dims of `type` and their element count;
/// nullopt when normalized_shape, weight or bias do not fit the input (torch
/// raises there; the count was taken from normalized_shape, so a mismatch
/// silently divided by the wrong count).
std::optional<std::pair<SmallVector<int64_t>, int64_t>>
trailingDims(const CallArgs &args, RankedTensorType type) {
  auto normalized = args.integers("normalized_shape");
  int64_t rank = type.getRank();
  if (!normalized || normalized->empty() || int64_t(normalized->size()) > rank)
    return std::nullopt;
  int64_t k = normalized->size(), count = 1;
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < k; ++i) {
    int64_t d = rank - k + i, size = (*normalized)[i];
    // A dynamic dim cannot be compared here; torch checks it when it runs.
    if (size < 0 || (!type.isDynamicDim(d) && type.getDimSize(d) != size))
      return std::nullopt;
    dims.push_back(d);
    count *= size;
  }
  if (!fitsNormalizedShape(args, "weight", *normalized) ||
      !fitsNormalizedShape(args, "bias", *normalized))
    return std::nullopt;
  return std::make_pair(dims, count);
}

} // namespace

Value affine(PrimBuilder &p, Value y, const CallArgs &args, ArrayRef<int64_t> dims) {
  if (!y)
    return y; // an earlier step failed and said why
  auto type = cast<RankedTensorType>(y.getType());
  if (Value weight = args.value("weight"))
    y = p.create<prim::MulOp>(y, p.broadcastInDim(weight, type, dims, {y}));
  if (Value bias = args.value("bias"))
    y = p.create<prim::AddOp>(y, p.broadcastInDim(bias, type, dims, {y}));
  return y;
}

namespace {

// layer_norm: y = (x - mean) * rsqrt(var + eps) * weight + bias over the
// last len(normalized_shape) dims, computed in f32 for f16/bf16 as torch.
// native_layer_norm also returns mean and rstd (reduced dims kept as 1).
LogicalResult layerNorm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value input = args.value("input");
  std::optional<double> eps = args.number("eps");
  if (!type || !input || !eps || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float input, normalized_shape, eps");
  auto trailing = trailingDims(args, type);
  if (!trailing)
    return rewriter.notifyMatchFailure(
        call, "normalized_shape (and weight, bias) must be the input's last 1..rank dims");
  auto [dims, count] = *trailing;
  PrimBuilder p(rewriter, call.getLoc());
  Type compute = computeType(type).getElementType();
  Normalized n = normalizeOver(p, p.convert(input, compute), dims, count, *eps);
  if (!n.y)
    return failure(); // p said why
  SmallVector<Value> results = {p.convert(affine(p, n.y, args, dims), type.getElementType())};
  if (call->getNumResults() == 3) {
    RankedTensorType meanType = resultType(call, 1), rstdType = resultType(call, 2);
    if (!meanType || !rstdType || meanType.getShape() != cast<RankedTensorType>(n.mean.getType()).getShape())
      return rewriter.notifyMatchFailure(call, "unexpected mean/rstd shapes");
    results.push_back(p.convert(n.mean, meanType.getElementType()));
    results.push_back(p.convert(n.rstd, rstdType.getElementType()));
  }
  rewriter.replaceOp(call, results);
  return success();
}

// rms_norm: y = x * rsqrt(mean(x^2) + eps) * weight over the trailing dims,
// in f32 for f16/bf16; eps None is float32's epsilon (torch's opmath eps).
LogicalResult rmsNorm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value input = args.value("input");
  if (!type || !input || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float input");
  auto trailing = trailingDims(args, type);
  if (!trailing)
    return rewriter.notifyMatchFailure(
        call, "normalized_shape (and weight, bias) must be the input's last 1..rank dims");
  auto [dims, count] = *trailing;
  Type compute = computeType(type).getElementType();
  double eps = args.number("eps").value_or(
      compute.isF64() ? 2.220446049250313e-16 : 1.1920928955078125e-07);
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Value x = p.convert(input, compute);
  if (!x)
    return failure(); // p said why
  auto work = cast<RankedTensorType>(x.getType());
  Value sum = p.reduce(prim::ReduceKind::sum, p.create<prim::MulOp>(x, x), dims, true);
  if (!sum)
    return failure(); // p said why
  auto keptType = cast<RankedTensorType>(sum.getType());
  Value meanSquare = p.create<prim::MulOp>(sum, p.splat(1.0 / double(count), keptType, {sum}));
  Value rstd =
      p.create<prim::RsqrtOp>(p.create<prim::AddOp>(meanSquare, p.splat(eps, keptType, {sum})));
  Value y = p.create<prim::MulOp>(x, expandKept(p, rstd, work, x));
  rewriter.replaceOp(call, p.convert(affine(p, y, args, dims), type.getElementType()));
  return success();
}

// instance_norm with the input's own statistics: each (n, c) plane
// normalized over its spatial dims, then weight and bias per channel.
LogicalResult instanceNorm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value input = args.value("input");
  std::optional<double> eps = args.number("eps");
  if (!type || !input || !eps || !isa<FloatType>(type.getElementType()) || type.getRank() < 3)
    return rewriter.notifyMatchFailure(call, "expects a float input of rank >= 3 and eps");
  if (!args.boolean("use_input_stats").value_or(true))
    return rewriter.notifyMatchFailure(call, "instance_norm with running statistics");
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(2, type.getRank()));
  int64_t count = 1;
  for (int64_t d : dims) {
    if (type.isDynamicDim(d))
      return rewriter.notifyMatchFailure(call, "dynamic spatial dims");
    count *= type.getDimSize(d);
  }
  PrimBuilder p(rewriter, call.getLoc());
  Type compute = computeType(type).getElementType();
  Normalized n = normalizeOver(p, p.convert(input, compute), dims, count, *eps);
  rewriter.replaceOp(call, p.convert(affine(p, n.y, args, {1}), type.getElementType()));
  return success();
}

// softmax(x, dim) = exp(x - max) / sum(exp(x - max)): subtracting the max
// keeps exp from overflowing, as torch does. _safe_softmax (what
// scaled_dot_product_attention's math path uses) gives 0 instead of NaN
// along a row that is -inf everywhere (a fully masked query).
template <bool safe>
LogicalResult softmax(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  std::optional<int64_t> dim = args.integer("dim");
  if (!type || !self || !dim || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float tensor and an int dim");
  PrimBuilder p(rewriter, call.getLoc());
  int64_t d = PrimBuilder::normalizeDim(*dim, type.getRank());
  Value x = p.convert(self, type.getElementType());
  Value result = softmaxAlong(p, x, d);
  if (safe && x) {
    Ew e{p, x};
    Value masked = e.cmp(prim::ComparePredicate::eq, x, e.c(-INFINITY));
    Value rowMasked = p.reduce(prim::ReduceKind::And, masked, {d}, true);
    Value spread = rowMasked ? expandKept(p, rowMasked,
                                          type.clone(rewriter.getI1Type()), x)
                             : Value();
    result = e.sel(spread, e.c(0.0), result);
  }
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
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
  int64_t d = PrimBuilder::normalizeDim(*dim, type.getRank());
  RankedTensorType work = computeType(type);
  Value result = logSoftmaxAlong(p, p.convert(self, work.getElementType()), d);
  rewriter.replaceOp(call, p.convert(result, type.getElementType()));
  return success();
}

// _weight_norm(v, g, dim) = v * (g / norm), norm the 2-norm of v over
// every dim but `dim` (kept as size 1), or over all of v for dim = -1
// (torch's norm_except_dim); g has that kept shape. In f32 for f16/bf16.
LogicalResult weightNorm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value v = tensorArg(args, "v"), g = tensorArg(args, "g");
  std::optional<int64_t> dim = args.integer("dim");
  if (!type || !v || !g || !dim || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects float tensors v, g and a dim");
  auto vType = cast<RankedTensorType>(v.getType());
  int64_t rank = vType.getRank();
  if (*dim < -1 || *dim >= rank || vType.getShape() != type.getShape())
    return rewriter.notifyMatchFailure(call, "dim must be -1 (all) or a dim of v");
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < rank; ++d)
    if (d != *dim)
      dims.push_back(d);
  PrimBuilder p(rewriter, call.getLoc());
  Type compute = computeType(type).getElementType();
  Value x = p.convert(v, compute);
  if (!x)
    return failure(); // p said why
  auto work = cast<RankedTensorType>(x.getType());
  Value norm = p.create<prim::SqrtOp>(
      p.reduce(prim::ReduceKind::sum, p.create<prim::MulOp>(x, x), dims, true));
  if (!norm)
    return failure(); // p said why
  auto keptType = cast<RankedTensorType>(norm.getType());
  Value scale = p.broadcastTo(g, keptType, {norm});
  if (!scale)
    return rewriter.notifyMatchFailure(call, "g does not have the norm's kept shape");
  Value factor = p.create<prim::DivOp>(scale, norm);
  Value result = p.create<prim::MulOp>(x, expandKept(p, factor, work, x));
  rewriter.replaceOp(call, p.convert(result, type.getElementType()));
  return success();
}

} // namespace

Value logSoftmaxAlong(PrimBuilder &p, Value x, int64_t dim) {
  if (!x)
    return Value();
  auto type = cast<RankedTensorType>(x.getType());
  Value max = p.reduce(prim::ReduceKind::max, x, {dim}, true);
  Value shifted = p.create<prim::SubOp>(x, expandKept(p, max, type, x));
  Value sum = p.reduce(prim::ReduceKind::sum, p.create<prim::ExpOp>(shifted), {dim}, true);
  Value logSum = p.create<prim::LogOp>(sum);
  return p.create<prim::SubOp>(shifted, expandKept(p, logSum, type, x));
}

Value softmaxAlong(PrimBuilder &p, Value x, int64_t dim) {
  auto type = cast<RankedTensorType>(x.getType());
  Value max = p.reduce(prim::ReduceKind::max, x, {dim}, true);
  Value e = p.create<prim::ExpOp>(p.create<prim::SubOp>(x, expandKept(p, max, type, x)));
  Value sum = p.reduce(prim::ReduceKind::sum, e, {dim}, true);
  return p.create<prim::DivOp>(e, expandKept(p, sum, type, x));
}

// _softmax_backward_data(grad, output, dim) = output * (grad - sum(grad *
// output, dim)): softmax's vector-Jacobian product, f16/bf16 in f32.
LogicalResult softmaxBackwardData(aten::CallOp call, const CallArgs &args,
                                  PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value grad = tensorArg(args, "grad_output"), output = tensorArg(args, "output");
  std::optional<int64_t> dim = args.integer("dim");
  if (!type || !grad || !output || !dim || !isa<FloatType>(type.getElementType()) ||
      grad.getType() != output.getType())
    return rewriter.notifyMatchFailure(call, "expects grad_output and output of one float type, an int dim");
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType work = computeType(type);
  int64_t d = PrimBuilder::normalizeDim(*dim, type.getRank());
  if (type.getRank() == 0) {
    // A 0-d softmax is 1 everywhere: its gradient is grad - grad = 0.
    Value g = p.convert(grad, work.getElementType());
    rewriter.replaceOp(call, p.convert(p.create<prim::SubOp>(g, g), type.getElementType()));
    return success();
  }
  if (d < 0 || d >= type.getRank())
    return rewriter.notifyMatchFailure(call, "dim out of range");
  Value g = p.convert(grad, work.getElementType());
  Value y = p.convert(output, work.getElementType());
  Value dot = p.reduce(prim::ReduceKind::sum, p.create<prim::MulOp>(g, y), {d}, true);
  Value result = p.create<prim::MulOp>(y, p.create<prim::SubOp>(g, expandKept(p, dot, work, g)));
  result = p.convert(result, type.getElementType());
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

void addNormDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.layer_norm.default", "norm", "reduce, broadcast_in_dim, sub, mul, add, rsqrt, convert",
       layerNorm},
      {"aten.native_layer_norm.default", "norm",
       "reduce, broadcast_in_dim, sub, mul, add, rsqrt, convert", layerNorm},
      {"aten.rms_norm.default", "norm", "mul, reduce, add, rsqrt, broadcast_in_dim, convert",
       rmsNorm},
      {"aten.instance_norm.default", "norm",
       "reduce, broadcast_in_dim, sub, mul, add, rsqrt, convert", instanceNorm},
      {"aten._weight_norm.default", "norm", "mul, reduce, sqrt, broadcast_in_dim, div, convert",
       weightNorm},
      {"aten.softmax.int", "norm", "reduce, exp, sub, div, broadcast_in_dim", softmax<false>},
      {"aten._softmax_backward_data.default", "norm",
       "convert, mul, reduce, broadcast_in_dim, sub", softmaxBackwardData},
      {"aten._softmax.default", "norm", "reduce, exp, sub, div, broadcast_in_dim",
       softmax<false>},
      {"aten._safe_softmax.default", "norm",
       "reduce, exp, sub, div, compare, select, broadcast_in_dim", softmax<true>},
      {"aten.log_softmax.int", "norm", "reduce, exp, log, sub, broadcast_in_dim, convert",
       logSoftmax},
      {"aten._log_softmax.default", "norm", "reduce, exp, log, sub, broadcast_in_dim, convert",
       logSoftmax},
  });
}

} // namespace pt2c
