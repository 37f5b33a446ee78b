//===- Conv.cpp - prim convolution and reduce_window -> linalg named ops ---===//
//
// 2-d NCHW only so far: linalg's named conv and pooling ops, on an input
// padded explicitly (tensor.pad), so later tiling and vectorization see the
// same ops torch-mlir and IREE optimize.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <limits>

using namespace mlir;

namespace pt2c::lowering {
namespace {

/// `input` padded with `value`: padding is [low0, high0, low1, high1, ...]
/// over all dims.
Value padded(OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> padding, Value value) {
  if (llvm::all_of(padding, [](int64_t p) { return p == 0; }))
    return input;
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<OpFoldResult> low, high;
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    low.push_back(b.getIndexAttr(padding[2 * d]));
    high.push_back(b.getIndexAttr(padding[2 * d + 1]));
    int64_t size = type.getDimSize(d);
    shape.push_back(ShapedType::isDynamic(size) ? size
                                                : size + padding[2 * d] + padding[2 * d + 1]);
  }
  auto resultType = RankedTensorType::get(shape, type.getElementType());
  return tensor::PadOp::create(b, loc, resultType, input, low, high, value);
}

/// The output's `?` sizes: only the batch (dim 0) can be dynamic here.
SmallVector<Value> batchSize(OpBuilder &b, Location loc, RankedTensorType type, Value input) {
  SmallVector<Value> sizes;
  if (type.isDynamicDim(0))
    sizes.push_back(tensor::DimOp::create(b, loc, input, 0));
  return sizes;
}

struct ConvolutionLowering : OpRewritePattern<prim::ConvolutionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ConvolutionOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto weightType = cast<RankedTensorType>(op.getWeight().getType());
    if (type.getRank() != 4 || !weightType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "2-d convolution with a static weight only");
    // Decide before building anything: a pattern must not change the IR and
    // then fail.
    int64_t groups = op.getFeatureGroupCountOrDefault();
    int64_t channels = cast<RankedTensorType>(op.getInput().getType()).getDimSize(1);
    bool depthwise = groups == channels && weightType.getDimSize(0) == channels &&
                     weightType.getDimSize(1) == 1;
    if (groups != 1 && !depthwise)
      return rewriter.notifyMatchFailure(op, "grouped convolution is not lowered yet");
    Location loc = op.getLoc();
    Type element = type.getElementType();
    Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(element));
    Value input = op.getInput();
    SmallVector<int64_t> lhsDilation = op.getLhsDilationOrDefault();
    if (llvm::any_of(lhsDilation, [](int64_t d) { return d != 1; })) {
      // Transposed convolution: the input with lhs_dilation - 1 zeros between
      // elements, written with a strided insert_slice into zeros.
      auto inputType = cast<RankedTensorType>(input.getType());
      if (!inputType.hasStaticShape())
        return rewriter.notifyMatchFailure(op, "a dilated input must be static");
      SmallVector<int64_t> shape(inputType.getShape());
      SmallVector<OpFoldResult> offsets(4, rewriter.getIndexAttr(0)), sizes, strides;
      for (int64_t d = 0; d < 4; ++d)
        sizes.push_back(rewriter.getIndexAttr(shape[d]));
      strides = {rewriter.getIndexAttr(1), rewriter.getIndexAttr(1)};
      for (int i = 0; i < 2; ++i) {
        shape[2 + i] = (shape[2 + i] - 1) * lhsDilation[i] + 1;
        strides.push_back(rewriter.getIndexAttr(lhsDilation[i]));
      }
      auto dilatedType = RankedTensorType::get(shape, element);
      Value zeros = filled(rewriter, loc, dilatedType, {}, zero);
      input = tensor::InsertSliceOp::create(rewriter, loc, input, zeros, offsets, sizes, strides);
    }
    SmallVector<int64_t> padding = {0, 0, 0, 0};
    llvm::append_range(padding, op.getPaddingOrDefault());
    input = padded(rewriter, loc, input, padding, zero);
    Value init = filled(rewriter, loc, type, batchSize(rewriter, loc, type, op.getInput()), zero);
    auto strides = rewriter.getI64TensorAttr(op.getStridesOrDefault());
    auto dilations = rewriter.getI64TensorAttr(op.getRhsDilationOrDefault());
    Value result;
    if (groups == 1) {
      result = linalg::Conv2DNchwFchwOp::create(rewriter, loc, TypeRange{type},
                                                ValueRange{input, op.getWeight()},
                                                ValueRange{init}, strides, dilations)
                   .getResult(0);
    } else {
      // Depthwise: weight [C, 1, KH, KW] -> [C, KH, KW].
      auto flatType = RankedTensorType::get(
          {channels, weightType.getDimSize(2), weightType.getDimSize(3)}, element);
      Value weight = tensor::CollapseShapeOp::create(
          rewriter, loc, flatType, op.getWeight(),
          ArrayRef<ReassociationIndices>{{0, 1}, {2}, {3}});
      result = linalg::DepthwiseConv2DNchwChwOp::create(rewriter, loc, TypeRange{type},
                                                        ValueRange{input, weight},
                                                        ValueRange{init}, strides, dilations)
                   .getResult(0);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ReduceWindowLowering : OpRewritePattern<prim::ReduceWindowOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ReduceWindowOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    ArrayRef<int64_t> window = op.getWindowDimensions();
    SmallVector<int64_t> strides = op.getStridesOrDefault();
    SmallVector<int64_t> dilations = op.getWindowDilationsOrDefault();
    Type element = type.getElementType();
    prim::ReduceKind kind = op.getKind();
    if (type.getRank() != 4 || window[0] != 1 || window[1] != 1 || strides[0] != 1 ||
        strides[1] != 1 || !isa<FloatType>(element) ||
        (kind != prim::ReduceKind::max && kind != prim::ReduceKind::sum))
      return rewriter.notifyMatchFailure(op, "2-d float max/sum windows over NCHW only");
    Location loc = op.getLoc();
    double identity = kind == prim::ReduceKind::max ? -std::numeric_limits<double>::infinity()
                                                    : 0.0;
    Value init = arith::ConstantOp::create(rewriter, loc, rewriter.getFloatAttr(element, identity));
    Value input = padded(rewriter, loc, op.getOperand(), op.getPaddingOrDefault(), init);
    Value output = filled(rewriter, loc, type, batchSize(rewriter, loc, type, op.getOperand()),
                          init);
    Value windowShape = tensor::EmptyOp::create(rewriter, loc,
                                                ArrayRef<int64_t>{window[2], window[3]}, element);
    auto stridesAttr = rewriter.getI64TensorAttr({strides[2], strides[3]});
    auto dilationsAttr = rewriter.getI64TensorAttr({dilations[2], dilations[3]});
    Value result;
    if (kind == prim::ReduceKind::max)
      result = linalg::PoolingNchwMaxOp::create(rewriter, loc, TypeRange{type},
                                                ValueRange{input, windowShape},
                                                ValueRange{output}, stridesAttr, dilationsAttr)
                   .getResult(0);
    else
      result = linalg::PoolingNchwSumOp::create(rewriter, loc, TypeRange{type},
                                                ValueRange{input, windowShape},
                                                ValueRange{output}, stridesAttr, dilationsAttr)
                   .getResult(0);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateConvLowerings(RewritePatternSet &patterns) {
  patterns.add<ConvolutionLowering, ReduceWindowLowering>(patterns.getContext());
}

} // namespace pt2c::lowering
