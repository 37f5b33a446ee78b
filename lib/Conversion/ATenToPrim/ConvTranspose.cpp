//===- ConvTranspose.cpp - conv_transpose, group_norm ---------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;

namespace pt2c {

// conv_transpose = convolution of the input dilated by `stride` (zeros
// between elements) with the kernel's channel roles swapped and flipped
// spatially, padded by dilation * (k - 1) - padding (plus output_padding on
// the high side), stride 1. torch's weight is [Cin, Cout / groups, k...];
// per group g its [Cin / groups, Cout / groups] block is transposed, giving
// the grouped-convolution weight [Cout, Cin / groups, k...]. An unbatched
// input (one dim fewer than the weight) is a batch of one.
LogicalResult convTranspose(aten::CallOp call, const CallArgs &args,
                            PatternRewriter &rewriter) {
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
  auto padding = spatial(args, "padding", spatialDims);
  auto outputPadding = spatial(args, "output_padding", spatialDims);
  auto dilation = spatial(args, "dilation", spatialDims);
  int64_t groups = args.integer("groups").value_or(1);
  if (!stride || !padding || !outputPadding || !dilation || groups < 1)
    return rewriter.notifyMatchFailure(
        call, "expects numeric stride, padding, output_padding, dilation and groups");
  auto weightType = cast<RankedTensorType>(weight.getType());
  if (!weightType.hasStaticShape() || weightType.getDimSize(0) % groups)
    return rewriter.notifyMatchFailure(call, "a static weight whose channels divide by groups");
  ArrayRef<int64_t> shape = weightType.getShape();
  SmallVector<int64_t> kernel(shape.drop_front(2));
  SmallVector<int64_t> pads;
  for (int64_t i = 0; i < spatialDims; ++i) {
    // Checked: the arguments come from the archive (a dilation of 2^62).
    std::optional<int64_t> span = llvm::checkedMul((*dilation)[i], kernel[i] - 1);
    std::optional<int64_t> low = span ? llvm::checkedSub(*span, (*padding)[i]) : std::nullopt;
    std::optional<int64_t> high =
        low ? llvm::checkedAdd(*low, (*outputPadding)[i]) : std::nullopt;
    if (!high)
      return rewriter.notifyMatchFailure(call, "the kernel's span overflows int64");
    pads.append({*low, *high});
  }
  // Checked before building anything: a pattern must not change the IR and
  // then fail.
  if (llvm::any_of(pads, [](int64_t pad) { return pad < 0; }))
    return rewriter.notifyMatchFailure(call, "padding larger than the kernel span");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Type element = type.getElementType();
  int64_t inPerGroup = shape[0] / groups, outPerGroup = shape[1];
  // [Cin, Cout/g, k...] -> [g, Cin/g, Cout/g, k...] -> [g, Cout/g, Cin/g, k...]
  // -> [Cout, Cin/g, k...]
  SmallVector<int64_t> split = {groups, inPerGroup, outPerGroup};
  split.append(kernel);
  SmallVector<int64_t> swap = {0, 2, 1};
  SmallVector<int64_t> merged = {groups * outPerGroup, inPerGroup};
  merged.append(kernel);
  SmallVector<int64_t> flipped;
  for (int64_t i = 0; i < spatialDims; ++i) {
    swap.push_back(3 + i);
    flipped.push_back(2 + i);
  }
  Value w = p.convert(weight, element);
  if (groups == 1) {
    SmallVector<int64_t> permutation(ArrayRef(swap).drop_front());
    for (int64_t &dim : permutation)
      --dim;
    w = p.create<prim::TransposeOp>(w, rewriter.getDenseI64ArrayAttr(permutation));
  } else {
    w = p.build<prim::ReshapeOp>(RankedTensorType::get(split, element), w, ValueRange{});
    w = p.create<prim::TransposeOp>(w, rewriter.getDenseI64ArrayAttr(swap));
    w = p.build<prim::ReshapeOp>(RankedTensorType::get(merged, element), w, ValueRange{});
  }
  w = p.create<prim::ReverseOp>(w, rewriter.getDenseI64ArrayAttr(flipped));
  if (unbatched)
    input = p.build<prim::ReshapeOp>(withBatchOfOne(inputType), input, ValueRange{});
  Value result = p.create<prim::ConvolutionOp>(
      p.convert(input, element), w,
      rewriter.getDenseI64ArrayAttr(SmallVector<int64_t>(spatialDims, 1)),
      rewriter.getDenseI64ArrayAttr(pads), rewriter.getDenseI64ArrayAttr(*stride),
      rewriter.getDenseI64ArrayAttr(*dilation), rewriter.getI64IntegerAttr(groups));
  if (Value bias = args.value("bias"))
    result = p.create<prim::AddOp>(result,
                                   p.broadcastInDim(p.convert(bias, element), type, {1}, {result}));
  if (unbatched)
    result = p.build<prim::ReshapeOp>(resultType(call), result, ValueRange{});
  rewriter.replaceOp(call, result);
  return success();
}

namespace {

// group_norm: normalize each of num_groups groups of channels (with their
// spatial dims) of each sample, then the per-channel affine. native_group_norm
// (input, weight, bias, N, C, HxW, group, eps) also returns the groups' mean
// and rstd [N, group].
LogicalResult groupNormOf(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
                          std::optional<int64_t> groups) {
  RankedTensorType type = resultType(call);
  Value input = tensorArg(args, "input");
  std::optional<double> eps = args.number("eps");
  if (!type || !input || !groups || !eps || !type.hasStaticShape() || type.getRank() < 2 ||
      !isa<FloatType>(type.getElementType()) || *groups < 1 || type.getDimSize(1) % *groups)
    return rewriter.notifyMatchFailure(call, "static float input, channels divisible by groups");
  // The group size below divides by the batch (a batch of 0 was a SIGFPE),
  // and the input is reshaped by the result's sizes: they must be its own.
  if (type.getDimSize(0) < 1 || cast<RankedTensorType>(input.getType()).getShape() != type.getShape())
    return rewriter.notifyMatchFailure(call, "a non-empty batch, the input of the result's shape");
  int64_t n = type.getDimSize(0), per = type.getNumElements() / (n * *groups);
  SmallVector<int64_t> perGroupShape = {n, *groups};
  // Checked before building anything: a pattern must not change the IR and
  // then fail.
  bool statsFit = call->getNumResults() == 1 || call->getNumResults() == 3;
  for (unsigned i = 1; i < call->getNumResults(); ++i)
    statsFit &= resultType(call, i) && resultType(call, i).getShape() == ArrayRef(perGroupShape);
  if (!statsFit)
    return rewriter.notifyMatchFailure(call, "expects [N, group] mean and rstd");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  // float16/bfloat16 statistics in f32, as torch's kernels (and layer_norm
  // here) compute them; the result is rounded once at the end.
  RankedTensorType work = computeType(type);
  Type compute = work.getElementType();
  auto grouped = RankedTensorType::get({n, *groups, per}, compute);
  auto perGroup = RankedTensorType::get(perGroupShape, compute);
  Value x = p.build<prim::ReshapeOp>(grouped, p.convert(input, compute), ValueRange{});
  Normalized g = normalizeOver(p, x, {2}, per, *eps);
  if (!g.y)
    return failure(); // p said why
  Value y = p.build<prim::ReshapeOp>(work, g.y, ValueRange{});
  SmallVector<Value> results = {p.convert(affine(p, y, args, {1}), type.getElementType())};
  // native_group_norm's mean and rstd, [N, group] as the graph types them.
  for (unsigned i = 1; i < call->getNumResults(); ++i) {
    Value stat = i == 1 ? g.mean : g.rstd;
    results.push_back(p.convert(p.build<prim::ReshapeOp>(perGroup, stat, ValueRange{}),
                                resultType(call, i).getElementType()));
  }
  rewriter.replaceOp(call, results);
  return success();
}

LogicalResult groupNorm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return groupNormOf(call, args, rewriter, args.integer("num_groups"));
}

LogicalResult nativeGroupNorm(aten::CallOp call, const CallArgs &args,
                              PatternRewriter &rewriter) {
  return groupNormOf(call, args, rewriter, args.integer("group"));
}

} // namespace

void addConvTransposeDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.conv_transpose1d.default", "conv",
       "reshape, transpose, reverse, convolution, add", convTranspose},
      {"aten.conv_transpose2d.input", "conv",
       "reshape, transpose, reverse, convolution, add", convTranspose},
      {"aten.conv_transpose3d.input", "conv",
       "reshape, transpose, reverse, convolution, add", convTranspose},
      {"aten.group_norm.default", "norm", "reshape, reduce, sub, mul, rsqrt, add", groupNorm},
      {"aten.native_group_norm.default", "norm", "reshape, reduce, sub, mul, rsqrt, add",
       nativeGroupNorm},
  });
}

} // namespace pt2c
