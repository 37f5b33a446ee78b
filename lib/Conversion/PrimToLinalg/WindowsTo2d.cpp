//===- WindowsTo2d.cpp - 1-d and 3-d window ops as 2-d prim ops -----------===//
//
// The window lowerings (Conv.cpp) handle NCHW; rather than a second im2col
// per rank, other ranks are rewritten into 2-d prim ops first:
// - 1-d: a unit height dim, [N, C, L] -> [N, C, 1, L].
// - 3-d convolution: one 2-d convolution per kernel depth tap kd, over the
//   output depths folded into the batch (the input depth slice
//   od * stride + kd * dilation for every od), summed over kd. No extra
//   arithmetic; f16/bf16 taps are computed and summed in f32, rounded once.
//   A transposed convolution's depth input dilation is materialized first
//   (zeros between depths); its height/width dilation stays 2-d.
// - 3-d max/sum windows are separable: a 2-d window over (H, W) with the
//   depth folded into the channels, then a window over the depth.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace pt2c::lowering {
namespace {

RankedTensorType withShape(Value value, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, cast<RankedTensorType>(value.getType()).getElementType());
}

/// `value` reshaped to `shape`, whose only possible `?` is dim 0 and equal
/// to `value`'s dim 0 (the batch).
Value reshapeKeepingBatch(PatternRewriter &b, Location loc, Value value,
                          ArrayRef<int64_t> shape) {
  SmallVector<Value> sizes;
  if (ShapedType::isDynamic(shape[0]))
    sizes.push_back(tensor::DimOp::create(b, loc, value, 0));
  return prim::ReshapeOp::create(b, loc, withShape(value, shape), value, sizes);
}

/// `shape` with a unit dim inserted at 2.
SmallVector<int64_t> withUnitHeight(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> result(shape);
  result.insert(result.begin() + 2, 1);
  return result;
}

/// [a, b] per-dim attribute lists with `head` prepended (one entry per dim
/// or per spatial dim; padding has two per dim).
DenseI64ArrayAttr prepend(PatternRewriter &b, ArrayRef<int64_t> head, ArrayRef<int64_t> tail) {
  SmallVector<int64_t> values(head);
  values.append(tail.begin(), tail.end());
  return b.getDenseI64ArrayAttr(values);
}

struct Convolution1dTo2d : OpRewritePattern<prim::ConvolutionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ConvolutionOp op, PatternRewriter &b) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto inputType = cast<RankedTensorType>(op.getInput().getType());
    auto weightType = cast<RankedTensorType>(op.getWeight().getType());
    if (type.getRank() != 3 || inputType.isDynamicDim(1) || inputType.isDynamicDim(2) ||
        !weightType.hasStaticShape())
      return b.notifyMatchFailure(op, "1-d with only the batch dynamic");
    Location loc = op.getLoc();
    Value input = reshapeKeepingBatch(b, loc, op.getInput(), withUnitHeight(inputType.getShape()));
    Value weight = reshapeKeepingBatch(b, loc, op.getWeight(), withUnitHeight(weightType.getShape()));
    Value conv = prim::ConvolutionOp::create(
        b, loc, input, weight, prepend(b, {1}, op.getStridesOrDefault()),
        prepend(b, {0, 0}, op.getPaddingOrDefault()),
        prepend(b, {1}, op.getLhsDilationOrDefault()),
        prepend(b, {1}, op.getRhsDilationOrDefault()),
        b.getI64IntegerAttr(op.getFeatureGroupCountOrDefault()));
    b.replaceOp(op, reshapeKeepingBatch(b, loc, conv, type.getShape()));
    return success();
  }
};

struct Convolution3dTo2d : OpRewritePattern<prim::ConvolutionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ConvolutionOp op, PatternRewriter &b) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto inputType = cast<RankedTensorType>(op.getInput().getType());
    auto weightType = cast<RankedTensorType>(op.getWeight().getType());
    SmallVector<int64_t> lhsDilation = op.getLhsDilationOrDefault();
    if (type.getRank() != 5 || !weightType.hasStaticShape())
      return b.notifyMatchFailure(op, "3-d with a static weight");
    for (int64_t d = 1; d < 5; ++d)
      if (type.isDynamicDim(d) || inputType.isDynamicDim(d))
        return b.notifyMatchFailure(op, "3-d with only the batch dynamic");
    Location loc = op.getLoc();
    SmallVector<int64_t> strides = op.getStridesOrDefault();
    SmallVector<int64_t> padding = op.getPaddingOrDefault();
    SmallVector<int64_t> dilations = op.getRhsDilationOrDefault();
    Type element = type.getElementType();
    Type acc = accumulatorType(element);
    auto convert = [&](Value v, Type to) -> Value {
      if (cast<RankedTensorType>(v.getType()).getElementType() == to)
        return v;
      return prim::ConvertOp::create(b, loc, cast<RankedTensorType>(v.getType()).clone(to), v);
    };
    // The input with its depth dilation (lhs_dilation - 1 zeros between
    // depths, a transposed convolution's stride) and depth padding applied:
    // [N, C, D', H, W]. The other dims' dilation and padding stay with the
    // 2-d convolutions.
    Value input = convert(op.getInput(), acc);
    input = dilated(b, loc, input, {1, 1, lhsDilation[0], 1, 1});
    SmallVector<int64_t> depthPadding(10, 0);
    depthPadding[4] = padding[0];
    depthPadding[5] = padding[1];
    input = padded(b, loc, input, depthPadding,
                   arith::ConstantOp::create(b, loc, b.getZeroAttr(acc)));
    Value weight = convert(op.getWeight(), acc);
    // The batch may be dynamic: it is folded with the output depth into the
    // 2-d convolutions' batch, whose size is then computed.
    int64_t n = type.getDimSize(0), outDepth = type.getDimSize(2);
    bool dynamicBatch = ShapedType::isDynamic(n);
    Value batch, foldedBatch;
    if (dynamicBatch) {
      batch = tensor::DimOp::create(b, loc, op.getInput(), 0);
      foldedBatch = arith::MulIOp::create(
          b, loc, batch, arith::ConstantIndexOp::create(b, loc, outDepth));
    }
    int64_t folded = dynamicBatch ? ShapedType::kDynamic : n * outDepth;
    auto sizesIf = [&](Value size) {
      return dynamicBatch ? SmallVector<Value>{size} : SmallVector<Value>{};
    };
    int64_t channels = inputType.getDimSize(1), height = inputType.getDimSize(3),
            width = inputType.getDimSize(4);
    int64_t features = weightType.getDimSize(0), weightChannels = weightType.getDimSize(1);
    int64_t kernelH = weightType.getDimSize(3), kernelW = weightType.getDimSize(4);
    Value sum;
    for (int64_t kd = 0; kd < weightType.getDimSize(2); ++kd) {
      // input[:, :, kd*dd + od*sd] for every od -> [N*OD, C, H, W]
      int64_t start = kd * dilations[0];
      Value slice = prim::SliceOp::create(
          b, loc, input, b.getDenseI64ArrayAttr({0, 0, start, 0, 0}),
          b.getDenseI64ArrayAttr({n, channels, start + (outDepth - 1) * strides[0] + 1, height, width}),
          b.getDenseI64ArrayAttr({1, 1, strides[0], 1, 1}));
      slice = prim::TransposeOp::create(b, loc, slice, b.getDenseI64ArrayAttr({0, 2, 1, 3, 4}));
      slice = prim::ReshapeOp::create(b, loc, withShape(slice, {folded, channels, height, width}),
                                      slice, sizesIf(foldedBatch));
      Value tap = prim::SliceOp::create(
          b, loc, weight, b.getDenseI64ArrayAttr({0, 0, kd, 0, 0}),
          b.getDenseI64ArrayAttr({features, weightChannels, kd + 1, kernelH, kernelW}),
          b.getDenseI64ArrayAttr({1, 1, 1, 1, 1}));
      tap = prim::ReshapeOp::create(b, loc, withShape(tap, {features, weightChannels, kernelH, kernelW}),
                                    tap, ValueRange{});
      Value partial = prim::ConvolutionOp::create(
          b, loc, slice, tap, b.getDenseI64ArrayAttr(ArrayRef(strides).drop_front()),
          b.getDenseI64ArrayAttr(ArrayRef(padding).drop_front(2)),
          b.getDenseI64ArrayAttr(ArrayRef(lhsDilation).drop_front()),
          b.getDenseI64ArrayAttr(ArrayRef(dilations).drop_front()),
          b.getI64IntegerAttr(op.getFeatureGroupCountOrDefault()));
      sum = sum ? prim::AddOp::create(b, loc, sum, partial).getResult() : partial;
    }
    // [N*OD, F, OH, OW] -> [N, OD, F, OH, OW] -> [N, F, OD, OH, OW]
    Value result = prim::ReshapeOp::create(
        b, loc,
        withShape(sum, {n, outDepth, features, type.getDimSize(3), type.getDimSize(4)}), sum,
        sizesIf(batch));
    result = prim::TransposeOp::create(b, loc, result, b.getDenseI64ArrayAttr({0, 2, 1, 3, 4}));
    b.replaceOp(op, convert(result, element));
    return success();
  }
};

struct ReduceWindow1dTo2d : OpRewritePattern<prim::ReduceWindowOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ReduceWindowOp op, PatternRewriter &b) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    if (type.getRank() != 3 || operandType.isDynamicDim(1) || operandType.isDynamicDim(2))
      return b.notifyMatchFailure(op, "1-d with only the batch dynamic");
    Location loc = op.getLoc();
    auto insertUnit = [](ArrayRef<int64_t> values, ArrayRef<int64_t> unit, size_t at) {
      SmallVector<int64_t> result(values);
      result.insert(result.begin() + at, unit.begin(), unit.end());
      return result;
    };
    Value operand =
        reshapeKeepingBatch(b, loc, op.getOperand(), withUnitHeight(operandType.getShape()));
    Value window = prim::ReduceWindowOp::create(
        b, loc, op.getKindAttr(), operand,
        b.getDenseI64ArrayAttr(insertUnit(op.getWindowDimensions(), {1}, 2)),
        b.getDenseI64ArrayAttr(insertUnit(op.getStridesOrDefault(), {1}, 2)),
        b.getDenseI64ArrayAttr(insertUnit(op.getWindowDilationsOrDefault(), {1}, 2)),
        b.getDenseI64ArrayAttr(insertUnit(op.getPaddingOrDefault(), {0, 0}, 4)));
    b.replaceOp(op, reshapeKeepingBatch(b, loc, window, type.getShape()));
    return success();
  }
};

struct ReduceWindow3dTo2d : OpRewritePattern<prim::ReduceWindowOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ReduceWindowOp op, PatternRewriter &b) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    ArrayRef<int64_t> window = op.getWindowDimensions();
    if (type.getRank() != 5 || !type.hasStaticShape() || !operandType.hasStaticShape() ||
        window[0] != 1 || window[1] != 1)
      return b.notifyMatchFailure(op, "static 3-d windows over the spatial dims only");
    Location loc = op.getLoc();
    SmallVector<int64_t> strides = op.getStridesOrDefault();
    SmallVector<int64_t> dilations = op.getWindowDilationsOrDefault();
    SmallVector<int64_t> padding = op.getPaddingOrDefault();
    ArrayRef<int64_t> in = operandType.getShape();
    int64_t n = in[0], c = in[1], d = in[2];
    int64_t oh = type.getDimSize(3), ow = type.getDimSize(4);
    // (H, W) windows with the depth folded into the channels. A sum is
    // rounded to f16/bf16 between the two stages: computed in f32 instead.
    Type element = type.getElementType();
    Type acc = op.getKind() == prim::ReduceKind::sum ? accumulatorType(element) : element;
    Value operand = op.getOperand();
    if (acc != element)
      operand = prim::ConvertOp::create(b, loc, operandType.clone(acc), operand);
    operand = prim::ReshapeOp::create(b, loc, withShape(operand, {n, c * d, in[3], in[4]}),
                                      operand, ValueRange{});
    Value planes = prim::ReduceWindowOp::create(
        b, loc, op.getKindAttr(), operand, b.getDenseI64ArrayAttr({1, 1, window[3], window[4]}),
        b.getDenseI64ArrayAttr({1, 1, strides[3], strides[4]}),
        b.getDenseI64ArrayAttr({1, 1, dilations[3], dilations[4]}),
        b.getDenseI64ArrayAttr({0, 0, 0, 0, padding[6], padding[7], padding[8], padding[9]}));
    // Then the depth windows over [N, C, D, OH*OW].
    planes = prim::ReshapeOp::create(b, loc, withShape(planes, {n, c, d, oh * ow}), planes,
                                     ValueRange{});
    Value result = prim::ReduceWindowOp::create(
        b, loc, op.getKindAttr(), planes, b.getDenseI64ArrayAttr({1, 1, window[2], 1}),
        b.getDenseI64ArrayAttr({1, 1, strides[2], 1}),
        b.getDenseI64ArrayAttr({1, 1, dilations[2], 1}),
        b.getDenseI64ArrayAttr({0, 0, 0, 0, padding[4], padding[5], 0, 0}));
    result = prim::ReshapeOp::create(b, loc, withShape(result, type.getShape()), result,
                                     ValueRange{});
    if (acc != element)
      result = prim::ConvertOp::create(b, loc, type, result);
    b.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateWindowsTo2d(RewritePatternSet &patterns) {
  patterns.add<Convolution1dTo2d, Convolution3dTo2d, ReduceWindow1dTo2d, ReduceWindow3dTo2d>(
      patterns.getContext());
}

} // namespace pt2c::lowering
