//===- Conv.cpp - prim convolution and reduce_window -> linalg named ops ---===//
//
// 2-d NCHW here; 1-d and 3-d window ops are first rewritten into 2-d ones
// (WindowsTo2d.cpp). Every window op reads its input's windows once into
// a [N, G, R, P] tensor (im2col) and is then a matmul-like linalg.generic
// with the output positions P innermost; see windowsOf for why.
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

Value dilated(OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> dilation) {
  if (llvm::all_of(dilation, [](int64_t d) { return d == 1; }))
    return input;
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> shape(type.getShape());
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0)), sizes, strides;
  SmallVector<Value> dynamicSizes;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (type.isDynamicDim(d)) {
      assert(dilation[d] == 1 && "only an undilated dim may be dynamic");
      Value size = tensor::DimOp::create(b, loc, input, d);
      sizes.push_back(size);
      dynamicSizes.push_back(size);
    } else {
      sizes.push_back(b.getIndexAttr(shape[d]));
      shape[d] = (shape[d] - 1) * dilation[d] + 1;
    }
    strides.push_back(b.getIndexAttr(dilation[d]));
  }
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type.getElementType()));
  Value zeros = filled(b, loc, RankedTensorType::get(shape, type.getElementType()),
                       dynamicSizes, zero);
  return tensor::InsertSliceOp::create(b, loc, input, zeros, offsets, sizes, strides);
}

namespace {

/// The sliding-window geometry of a 2-d window op over NCHW.
struct Window {
  int64_t groups, height, width; // window extent
  int64_t strides[2], dilations[2];
  int64_t outHeight, outWidth;
};

Value collapse(OpBuilder &b, Location loc, Value value, ArrayRef<ReassociationIndices> groups) {
  return tensor::CollapseShapeOp::create(b, loc, value, groups);
}

/// `value` with `dim` split into [dim / inner, inner].
Value splitDim(OpBuilder &b, Location loc, Value value, int64_t dim, int64_t inner) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] /= inner;
  shape.insert(shape.begin() + dim + 1, inner);
  SmallVector<ReassociationIndices> groups;
  for (int64_t d = 0, r = 0; d < type.getRank(); ++d) {
    if (d == dim)
      groups.push_back({r, r + 1}), r += 2;
    else
      groups.push_back({r++});
  }
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value, groups);
}

/// The windows of a padded NCHW input as a [N, G, C/G * KH * KW, OH * OW]
/// tensor (im2col): every window op then becomes a loop over contiguous
/// output positions innermost, which vectorizes without reassociating float
/// sums and stays long even where OW is 7. Copying the windows costs 1/F of
/// the convolution's work. A 1x1 window with stride 1 is the input itself.
Value windowsOf(OpBuilder &b, Location loc, Value input, const Window &w) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t channels = type.getDimSize(1) / w.groups;
  bool pointwise = w.height == 1 && w.width == 1 && w.strides[0] == 1 && w.strides[1] == 1 &&
                   type.getDimSize(2) == w.outHeight && type.getDimSize(3) == w.outWidth;
  if (pointwise)
    return collapse(b, loc, splitDim(b, loc, input, 1, channels), {{0}, {1}, {2}, {3, 4}});
  SmallVector<int64_t> shape = {type.getDimSize(0), w.groups, channels, w.height,
                                w.width,            w.outHeight, w.outWidth};
  auto colType = RankedTensorType::get(shape, type.getElementType());
  SmallVector<Value> sizes;
  if (type.isDynamicDim(0))
    sizes.push_back(tensor::DimOp::create(b, loc, input, 0));
  Value init = tensor::EmptyOp::create(b, loc, shape, type.getElementType(), sizes);
  // (n, g, c, i, j, y, x) -> input[n, g*C + c, y*sh + i*dh, x*sw + j*dw]
  auto d = [&](unsigned i) { return b.getAffineDimExpr(i); };
  AffineMap read = AffineMap::get(
      7, 0,
      {d(0), d(1) * channels + d(2), d(5) * w.strides[0] + d(3) * w.dilations[0],
       d(6) * w.strides[1] + d(4) * w.dilations[1]},
      b.getContext());
  SmallVector<AffineMap> maps = {read, b.getMultiDimIdentityMap(7)};
  SmallVector<utils::IteratorType> iterators(7, utils::IteratorType::parallel);
  Value col = linalg::GenericOp::create(b, loc, colType, input, init, maps, iterators,
                                        [](OpBuilder &nb, Location nl, ValueRange a) {
                                          linalg::YieldOp::create(nb, nl, a[0]);
                                        })
                  .getResult(0);
  return collapse(b, loc, col, {{0}, {1}, {2, 3, 4}, {5, 6}});
}

/// A [N, G, X, P] result as [N, G*X, OH, OW].
Value toNCHW(OpBuilder &b, Location loc, Value value, const Window &w) {
  Value flat = collapse(b, loc, value, {{0}, {1, 2}, {3}});
  auto type = cast<RankedTensorType>(flat.getType());
  auto resultType = RankedTensorType::get(
      {type.getDimSize(0), type.getDimSize(1), w.outHeight, w.outWidth}, type.getElementType());
  return tensor::ExpandShapeOp::create(b, loc, resultType, flat,
                                       ArrayRef<ReassociationIndices>{{0}, {1}, {2, 3}});
}

/// A zero- (or `identity`-) filled [N, G, X, P] accumulator.
Value accumulator(OpBuilder &b, Location loc, Value like, ArrayRef<int64_t> shape, Value identity) {
  auto type = RankedTensorType::get(shape, identity.getType());
  SmallVector<Value> sizes;
  if (type.isDynamicDim(0))
    sizes.push_back(tensor::DimOp::create(b, loc, like, 0));
  return filled(b, loc, type, sizes, identity);
}

SmallVector<utils::IteratorType> reductionAt(unsigned loops, unsigned dim) {
  SmallVector<utils::IteratorType> iterators(loops, utils::IteratorType::parallel);
  iterators[dim] = utils::IteratorType::reduction;
  return iterators;
}

// A grouped convolution (groups = 1, depthwise, anything between) as a
// batched matmul of the weights [G, F/G, R] with the windows [N, G, R, P]:
// loops (n, g, f, r, p) with the contiguous output positions p innermost.
struct ConvolutionLowering : OpRewritePattern<prim::ConvolutionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ConvolutionOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto weightType = cast<RankedTensorType>(op.getWeight().getType());
    auto inputType = cast<RankedTensorType>(op.getInput().getType());
    // Decide before building anything: a pattern must not change the IR and
    // then fail.
    Type elementType = type.getElementType();
    if (type.getRank() != 4 || !weightType.hasStaticShape() ||
        !(isa<FloatType>(elementType) || (elementType.isSignlessInteger() &&
                                          !elementType.isInteger(1))))
      return rewriter.notifyMatchFailure(op, "2-d float or integer convolution with a static "
                                             "weight only");
    for (int64_t d = 1; d < 4; ++d)
      if (type.isDynamicDim(d) || inputType.isDynamicDim(d))
        return rewriter.notifyMatchFailure(op, "only the batch may be dynamic");
    Location loc = op.getLoc();
    Type element = type.getElementType();
    Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(element));
    Value input = op.getInput();
    // Transposed convolution: the input with lhs_dilation - 1 zeros between
    // elements.
    SmallVector<int64_t> lhsDilation = {1, 1};
    llvm::append_range(lhsDilation, op.getLhsDilationOrDefault());
    input = dilated(rewriter, loc, input, lhsDilation);
    SmallVector<int64_t> padding = {0, 0, 0, 0};
    llvm::append_range(padding, op.getPaddingOrDefault());
    input = padded(rewriter, loc, input, padding, zero);
    SmallVector<int64_t> strides = op.getStridesOrDefault();
    SmallVector<int64_t> dilations = op.getRhsDilationOrDefault();
    int64_t groups = op.getFeatureGroupCountOrDefault();
    Window window{groups,
                  weightType.getDimSize(2),
                  weightType.getDimSize(3),
                  {strides[0], strides[1]},
                  {dilations[0], dilations[1]},
                  type.getDimSize(2),
                  type.getDimSize(3)};
    Value col = windowsOf(rewriter, loc, input, window);
    // [F, C/G, KH, KW] -> [G, F/G, R]
    int64_t featuresPerGroup = weightType.getDimSize(0) / groups;
    Value weight = collapse(rewriter, loc,
                            splitDim(rewriter, loc, op.getWeight(), 0, featuresPerGroup),
                            {{0}, {1}, {2, 3, 4}});
    int64_t positions = window.outHeight * window.outWidth;
    // f16/bf16 products are summed in f32 and rounded once (accumulatorType).
    Type acc = accumulatorType(element);
    Value accZero = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(acc));
    Value init = accumulator(rewriter, loc, col,
                             {type.getDimSize(0), groups, featuresPerGroup, positions}, accZero);
    auto d = [&](unsigned i) { return rewriter.getAffineDimExpr(i); };
    auto map = [&](ArrayRef<AffineExpr> exprs) {
      return AffineMap::get(5, 0, exprs, rewriter.getContext());
    };
    // loops (n, g, f, r, p)
    SmallVector<AffineMap> maps = {map({d(1), d(2), d(3)}), map({d(0), d(1), d(3), d(4)}),
                                   map({d(0), d(1), d(2), d(4)})};
    Value result =
        linalg::GenericOp::create(rewriter, loc, init.getType(), ValueRange{weight, col}, init,
                                  maps, reductionAt(5, 3),
                                  [acc](OpBuilder &b, Location l, ValueRange a) {
                                    if (isa<IntegerType>(acc)) { // torch's integer kernels wrap
                                      Value product = arith::MulIOp::create(b, l, a[0], a[1]);
                                      linalg::YieldOp::create(
                                          b, l, arith::AddIOp::create(b, l, a[2], product).getResult());
                                      return;
                                    }
                                    // contract: multiply-adds may become FMAs.
                                    auto contract = arith::FastMathFlagsAttr::get(
                                        b.getContext(), arith::FastMathFlags::contract);
                                    Value product = arith::MulFOp::create(
                                        b, l, extendTo(b, l, a[0], acc), extendTo(b, l, a[1], acc),
                                        contract);
                                    linalg::YieldOp::create(
                                        b, l,
                                        arith::AddFOp::create(b, l, a[2], product, contract).getResult());
                                  })
            .getResult(0);
    result = toNCHW(rewriter, loc, result, window);
    rewriter.replaceOp(op, roundTo(rewriter, loc, result, type));
    return success();
  }
};

// max/sum windows: the windows [N, C, R, P] reduced over R, loops
// (n, c, r, p) with p innermost as for convolutions.
struct ReduceWindowLowering : OpRewritePattern<prim::ReduceWindowOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ReduceWindowOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    ArrayRef<int64_t> window = op.getWindowDimensions();
    SmallVector<int64_t> strides = op.getStridesOrDefault();
    SmallVector<int64_t> dilations = op.getWindowDilationsOrDefault();
    SmallVector<int64_t> padding = op.getPaddingOrDefault();
    Type element = type.getElementType();
    prim::ReduceKind kind = op.getKind();
    bool dynamicInner = llvm::any_of(ArrayRef<int64_t>{1, 2, 3}, [&](int64_t d) {
      return type.isDynamicDim(d) || operandType.isDynamicDim(d);
    });
    if (type.getRank() != 4 || window[0] != 1 || window[1] != 1 || strides[0] != 1 ||
        strides[1] != 1 || padding[0] || padding[1] || padding[2] || padding[3] ||
        dynamicInner ||
        !(isa<FloatType>(element) || (element.isSignlessInteger() && !element.isInteger(1))) ||
        (kind != prim::ReduceKind::max && kind != prim::ReduceKind::sum))
      return rewriter.notifyMatchFailure(op, "2-d float or integer max/sum windows over NCHW "
                                             "only");
    Location loc = op.getLoc();
    bool isMax = kind == prim::ReduceKind::max;
    // The identity: -inf or the integer type's least value for max, 0 for sum.
    auto identityOf = [&](Type t) -> TypedAttr {
      if (auto integer = dyn_cast<IntegerType>(t))
        return rewriter.getIntegerAttr(t, isMax ? APInt::getSignedMinValue(integer.getWidth())
                                                : APInt(integer.getWidth(), 0));
      return rewriter.getFloatAttr(t, isMax ? -std::numeric_limits<double>::infinity() : 0.0);
    };
    Value init = arith::ConstantOp::create(rewriter, loc, identityOf(element));
    Value input = padded(rewriter, loc, op.getOperand(), padding, init);
    int64_t channels = type.getDimSize(1);
    Window geometry{channels,
                    window[2],
                    window[3],
                    {strides[2], strides[3]},
                    {dilations[2], dilations[3]},
                    type.getDimSize(2),
                    type.getDimSize(3)};
    Value col = windowsOf(rewriter, loc, input, geometry);
    int64_t positions = geometry.outHeight * geometry.outWidth;
    // f16/bf16 sums accumulate in f32 (max is exact in any type).
    Type accType = kind == prim::ReduceKind::sum ? accumulatorType(element) : element;
    Value accInit = arith::ConstantOp::create(rewriter, loc, identityOf(accType));
    Value acc = accumulator(rewriter, loc, col, {type.getDimSize(0), channels, 1, positions}, accInit);
    auto d = [&](unsigned i) { return rewriter.getAffineDimExpr(i); };
    // loops (n, c, r, p)
    SmallVector<AffineMap> maps = {AffineMap::get(4, 0, {d(0), d(1), d(2), d(3)}, getContext()),
                                   AffineMap::get(4, 0, {d(0), d(1), rewriter.getAffineConstantExpr(0), d(3)},
                                                  getContext())};
    Value result = linalg::GenericOp::create(
                       rewriter, loc, acc.getType(), col, acc, maps, reductionAt(4, 2),
                       [isMax, accType](OpBuilder &b, Location l, ValueRange a) {
                         Value x = extendTo(b, l, a[0], accType);
                         bool integer = isa<IntegerType>(accType);
                         Value next =
                             isMax ? (integer ? arith::MaxSIOp::create(b, l, x, a[1]).getResult()
                                              : arith::MaximumFOp::create(b, l, x, a[1]).getResult())
                                   : (integer ? arith::AddIOp::create(b, l, a[1], x).getResult()
                                              : arith::AddFOp::create(b, l, a[1], x).getResult());
                         linalg::YieldOp::create(b, l, next);
                       })
                       .getResult(0);
    result = toNCHW(rewriter, loc, result, geometry);
    rewriter.replaceOp(op, roundTo(rewriter, loc, result, type));
    return success();
  }
};

} // namespace

void populateConvLowerings(RewritePatternSet &patterns) {
  patterns.add<ConvolutionLowering, ReduceWindowLowering>(patterns.getContext());
  populateWindowsTo2d(patterns);
}

} // namespace pt2c::lowering
