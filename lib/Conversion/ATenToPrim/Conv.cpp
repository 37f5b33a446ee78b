//===- Conv.cpp - convolution, batch_norm, pooling -------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

using namespace mlir;

namespace pt2c {

std::optional<SmallVector<int64_t>> spatial(const CallArgs &args, StringRef name,
                                            int64_t count) {
  auto values = args.integers(name);
  if (!values)
    return std::nullopt;
  if (values->size() == 1 && count > 1)
    values->assign(count, values->front());
  if (static_cast<int64_t>(values->size()) != count)
    return std::nullopt;
  // As torch checks before any kernel runs: windows, steps and dilations
  // of at least 1, paddings of at least 0. A kernel of -1 became a negative
  // shape, a stride of 0 a division by zero (issue #18: SIGSEGV, SIGFPE).
  int64_t least = name == "padding" || name == "output_padding" ? 0 : 1;
  if (llvm::any_of(*values, [&](int64_t value) { return value < least; }))
    return std::nullopt;
  return values;
}

namespace {

/// Low and high padding per spatial dim: torch's symmetric int list, or the
/// strings of conv*d.padding: "valid" (none) and "same" (the output keeps the
/// input size; an odd total puts the extra element on the high side, as
/// torch's _convolution_mode does).
std::optional<SmallVector<int64_t>> convPadding(const CallArgs &args, int64_t spatialDims,
                                                ArrayRef<int64_t> dilation,
                                                RankedTensorType weightType) {
  SmallVector<int64_t> lowHigh;
  if (auto mode = args.string("padding")) {
    if (*mode != "same" && *mode != "valid")
      return std::nullopt;
    for (int64_t i = 0; i < spatialDims; ++i) {
      int64_t total = 0;
      if (*mode == "same") {
        if (weightType.isDynamicDim(2 + i))
          return std::nullopt;
        // Past int64 (a dilation of 2^62) no padding keeps the size.
        std::optional<int64_t> spread =
            llvm::checkedMul(dilation[i], weightType.getDimSize(2 + i) - 1);
        if (!spread)
          return std::nullopt;
        total = *spread;
      }
      lowHigh.append({total / 2, total - total / 2});
    }
    return lowHigh;
  }
  auto padding = spatial(args, "padding", spatialDims);
  if (!padding)
    return std::nullopt;
  for (int64_t pad : *padding)
    lowHigh.append({pad, pad});
  return lowHigh;
}

// conv1d/2d/3d(x, w, b?, stride, padding, dilation, groups), and
// convolution with transposed=false: one N-d prim.convolution; the bias is
// an add broadcast along channels. An unbatched x (one dim fewer than w)
// is a batch of one.
LogicalResult conv(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value input = tensorArg(args, "input"), weight = tensorArg(args, "weight");
  if (!type || !input || !weight || !isNumber(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects float or integer input and weight");
  auto inputType = cast<RankedTensorType>(input.getType());
  bool unbatched = inputType.getRank() + 1 == cast<RankedTensorType>(weight.getType()).getRank();
  if (unbatched && (!inputType.hasStaticShape() || !type.hasStaticShape()))
    return rewriter.notifyMatchFailure(call, "an unbatched input must be static");
  if (unbatched)
    type = withBatchOfOne(type);
  if (type.getRank() < 3 || cast<RankedTensorType>(weight.getType()).getRank() != type.getRank())
    return rewriter.notifyMatchFailure(call, "expects an [N, C, spatial...] or unbatched [C, spatial...] input and a weight of the batched rank");
  int64_t spatialDims = type.getRank() - 2;
  auto stride = spatial(args, "stride", spatialDims);
  auto dilation = spatial(args, "dilation", spatialDims);
  auto groups = args.integer("groups");
  if (!stride || !dilation || !groups)
    return rewriter.notifyMatchFailure(call, "expects stride, dilation and groups");
  auto lowHigh = convPadding(args, spatialDims, *dilation,
                             cast<RankedTensorType>(weight.getType()));
  if (!lowHigh)
    return rewriter.notifyMatchFailure(
        call, "padding must be numbers, 'valid', or 'same' with a static kernel");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Type element = type.getElementType();
  if (unbatched)
    input = p.build<prim::ReshapeOp>(withBatchOfOne(inputType), input, ValueRange{});
  Value result = p.create<prim::ConvolutionOp>(
      p.convert(input, element), p.convert(weight, element), rewriter.getDenseI64ArrayAttr(*stride),
      rewriter.getDenseI64ArrayAttr(*lowHigh),
      /*lhs_dilation=*/nullptr, rewriter.getDenseI64ArrayAttr(*dilation),
      rewriter.getI64IntegerAttr(*groups));
  if (Value bias = args.value("bias"))
    result = p.create<prim::AddOp>(result,
                                   p.broadcastInDim(p.convert(bias, element), type, {1}, {result}));
  if (unbatched)
    result = p.build<prim::ReshapeOp>(resultType(call), result, ValueRange{});
  rewriter.replaceOp(call, result);
  return success();
}

// convolution(input, weight, bias, stride, padding, dilation, transposed,
// output_padding, groups): what conv*d and conv_transpose*d become in
// pre-dispatch graphs; the arguments carry the same names.
LogicalResult convolution(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  auto transposed = args.boolean("transposed");
  if (!transposed)
    return rewriter.notifyMatchFailure(call, "expects a constant `transposed`");
  return *transposed ? convTranspose(call, args, rewriter) : conv(call, args, rewriter);
}

// batch_norm in eval mode, as torch's CPU kernel computes it: per channel
// (dim 1) scale = w * rsqrt(var + eps) and shift = b - mean * scale, on the
// [C] statistics, then y = x * scale + shift. The per-element work is one
// multiply-add: computing rsqrt(var + eps) and the affine on broadcast
// tensors cost five operations and a square root per element.
// Training mode would update statistics: not inference.
// Also the ATEN dialect's _native_batch_norm_legit(_no_training) overloads.
LogicalResult batchNorm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value input = args.value("input");
  Value mean = args.value("running_mean"), var = args.value("running_var");
  std::optional<double> eps = args.number("eps");
  if (!type || !input || !mean || !var || !eps || type.getRank() < 2)
    return rewriter.notifyMatchFailure(call, "expects input, running statistics and eps");
  // The no_training overload has no `training` argument.
  if (args.boolean("training").value_or(false))
    return rewriter.notifyMatchFailure(call, "batch_norm with training=True is not inference");
  // _native_batch_norm_legit_no_training also returns save_mean and
  // save_invstd, which are empty ([0]) without training.
  for (unsigned i = 1; i < call->getNumResults(); ++i) {
    RankedTensorType extra = resultType(call, i);
    if (!extra || !extra.hasStaticShape() || extra.getNumElements() != 0)
      return rewriter.notifyMatchFailure(call, "expects empty saved statistics");
  }
  Value weight = args.value("weight"), bias = args.value("bias");
  auto statistic = [](Value v) { return dyn_cast<RankedTensorType>(v.getType()); };
  RankedTensorType meanType = statistic(mean);
  if (!meanType || meanType.getRank() != 1 || !statistic(var) ||
      statistic(var).getShape() != meanType.getShape() ||
      (weight && (!statistic(weight) || statistic(weight).getShape() != meanType.getShape())) ||
      (bias && (!statistic(bias) || statistic(bias).getShape() != meanType.getShape())))
    return rewriter.notifyMatchFailure(call, "expects [C] running statistics, weight and bias");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  // float16/bfloat16 in f32, rounded once (torch's kernels use float).
  RankedTensorType work = computeType(type);
  Type element = work.getElementType();
  auto perChannel = [&](Value v) { return p.convert(v, element); };
  Value varC = perChannel(var), meanC = perChannel(mean);
  auto channels = cast<RankedTensorType>(varC.getType());
  Value scale =
      p.create<prim::RsqrtOp>(p.create<prim::AddOp>(varC, p.splat(*eps, channels, {varC})));
  if (weight)
    scale = p.create<prim::MulOp>(scale, perChannel(weight));
  Value centre = p.create<prim::MulOp>(meanC, scale);
  Value shift = bias ? Value(p.create<prim::SubOp>(perChannel(bias), centre))
                     : Value(p.create<prim::NegOp>(centre));
  Value x = p.convert(input, element);
  auto channel = [&](Value v) { return p.broadcastInDim(v, work, {1}, {x}); };
  Value y = p.create<prim::AddOp>(p.create<prim::MulOp>(x, channel(scale)), channel(shift));
  SmallVector<Value> results = {p.convert(y, type.getElementType())};
  for (unsigned i = 1; i < call->getNumResults(); ++i)
    results.push_back(p.splat(0.0, resultType(call, i), {}));
  rewriter.replaceOp(call, results);
  return success();
}

// _native_batch_norm_legit.no_stats(input, weight, bias, training=True,
// momentum, eps): normalized with the batch's own statistics, the mean and
// biased variance over every dim but the channels (1); also returns them as
// save_mean and save_rstd [C]. There are no running statistics to update.
LogicalResult batchNormBatchStatistics(aten::CallOp call, const CallArgs &args,
                                       PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value input = args.value("input");
  std::optional<double> eps = args.number("eps");
  if (!type || !input || !eps || type.getRank() < 2 || !type.hasStaticShape() ||
      call->getNumResults() != 3 || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a static float input and eps");
  if (!args.boolean("training").value_or(false))
    return rewriter.notifyMatchFailure(call, "no_stats without training has no statistics");
  int64_t channels = type.getDimSize(1);
  for (unsigned i : {1, 2})
    if (!resultType(call, i) || resultType(call, i).getShape() != ArrayRef<int64_t>{channels})
      return rewriter.notifyMatchFailure(call, "expects [C] saved statistics");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  RankedTensorType work = computeType(type);
  Value x = p.convert(input, work.getElementType());
  SmallVector<int64_t> others = {0};
  for (int64_t d = 2; d < type.getRank(); ++d)
    others.push_back(d);
  Normalized n = normalizeOver(p, x, others, type.getNumElements() / channels, *eps);
  if (!n.y)
    return failure(); // p said why
  auto perChannel = RankedTensorType::get({channels}, work.getElementType());
  auto saved = [&](Value kept, unsigned index) {
    return p.convert(p.build<prim::ReshapeOp>(perChannel, kept, ValueRange{}),
                     resultType(call, index).getElementType());
  };
  rewriter.replaceOp(call, {p.convert(affine(p, n.y, args, {1}), type.getElementType()),
                            saved(n.mean, 1), saved(n.rstd, 2)});
  return success();
}

// max_pool2d: a max window over the last two dims; padding is implicit -inf
// and ceil_mode adds high padding so the last partial window counts.
LogicalResult maxPool2d(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call), declared = type;
  Value self = tensorArgOfRank(args, "self", 4); // its dims 2 and 3 are read
  PrimBuilder p(rewriter, call.getLoc());
  // An unbatched [C, H, W] sample is pooled as a batch of one.
  Value unbatched = tensorArgOfRank(args, "self", 3);
  if (unbatched && type && type.getRank() == 3 &&
      cast<RankedTensorType>(unbatched.getType()).hasStaticShape()) {
    self = p.reshape(withBatchOfOne(cast<RankedTensorType>(unbatched.getType())), unbatched);
    type = withBatchOfOne(type);
  }
  auto kernel = spatial(args, "kernel_size", 2);
  auto padding = spatial(args, "padding", 2);
  auto dilation = spatial(args, "dilation", 2);
  auto stride = args.integers("stride");
  if (!type || !self || !kernel || !padding || !dilation || !stride ||
      type.getRank() != 4 || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "static 4-d max_pool2d only");
  if (stride->empty()) // stride defaults to the kernel size
    stride = kernel;
  else if (stride->size() == 1)
    stride->assign(2, stride->front());
  if (stride->size() != 2 || llvm::any_of(*stride, [](int64_t s) { return s < 1; }))
    return rewriter.notifyMatchFailure(call, "two strides of at least 1");
  auto inputType = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> pads = {0, 0, 0, 0};
  for (int i = 0; i < 2; ++i) {
    // In 128 bits: the arguments come from the archive, and a dilation of
    // 2^62 overflows int64 (issue #18, pt2c-fuzz-compile).
    __int128 size = inputType.getDimSize(2 + i);
    __int128 span = __int128((*dilation)[i]) * ((*kernel)[i] - 1) + 1;
    __int128 out = type.getDimSize(2 + i); // the archive's size, ceil_mode applied
    __int128 high = std::max<__int128>(
        (*padding)[i], (out - 1) * (*stride)[i] + span - size - (*padding)[i]);
    if (high > std::numeric_limits<int64_t>::max()) {
      emitError(call.getLoc()) << "max_pool2d: dim " << 2 + i << "'s windows (kernel "
                               << (*kernel)[i] << ", dilation " << (*dilation)[i] << ", stride "
                               << (*stride)[i] << ") reach past int64";
      return failure();
    }
    pads.append({(*padding)[i], int64_t(high)});
  }
  Value result = p.create<prim::ReduceWindowOp>(
      prim::ReduceKindAttr::get(rewriter.getContext(), prim::ReduceKind::max), self,
      rewriter.getDenseI64ArrayAttr({1, 1, (*kernel)[0], (*kernel)[1]}),
      rewriter.getDenseI64ArrayAttr({1, 1, (*stride)[0], (*stride)[1]}),
      rewriter.getDenseI64ArrayAttr({1, 1, (*dilation)[0], (*dilation)[1]}),
      rewriter.getDenseI64ArrayAttr(pads));
  if (type != declared)
    result = p.reshape(declared, result);
  return replaceChecked(call, result, rewriter);
}

} // namespace

void addConvDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.conv1d.default", "conv", "convolution, broadcast_in_dim, add", conv},
      {"aten.conv2d.default", "conv", "convolution, broadcast_in_dim, add", conv},
      {"aten.conv2d.padding", "conv", "convolution, broadcast_in_dim, add", conv},
      {"aten.conv3d.default", "conv", "convolution, broadcast_in_dim, add", conv},
      {"aten.conv3d.padding", "conv", "convolution, broadcast_in_dim, add", conv},
      {"aten.convolution.default", "conv",
       "convolution, transpose, reshape, reverse, broadcast_in_dim, add", convolution},
      {"aten.batch_norm.default", "conv", "broadcast_in_dim, sub, add, rsqrt, mul, neg", batchNorm},
      {"aten.native_batch_norm.default", "conv",
       "broadcast_in_dim, sub, add, rsqrt, mul, neg, constant", batchNorm},
      {"aten._batch_norm_no_update.default", "conv",
       "broadcast_in_dim, sub, add, rsqrt, mul, neg, constant", batchNorm},
      {"aten._native_batch_norm_legit_no_training.default", "conv",
       "broadcast_in_dim, sub, add, rsqrt, mul, neg, constant", batchNorm},
      {"aten._native_batch_norm_legit.default", "conv",
       "broadcast_in_dim, sub, add, rsqrt, mul, neg, constant", batchNorm},
      {"aten._native_batch_norm_legit.no_stats", "conv",
       "reduce, broadcast_in_dim, sub, mul, add, rsqrt", batchNormBatchStatistics},
      {"aten.max_pool2d.default", "conv", "reduce_window", maxPool2d},
  });
}

} // namespace pt2c
