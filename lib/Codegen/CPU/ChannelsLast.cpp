//===- ChannelsLast.cpp - The pt2c-convolutions-channels-last pass ---------===//
//
// Passes.td says what it does and why. Two steps: each eligible
// channels-first convolution chain is rebuilt channels-last between two
// transposes (marked), then the marked transposes sink through elementwise
// generics and pads and cancel in pairs.
//
//===----------------------------------------------------------------------===//

#include "Contraction.h"

#include "pt2c/Codegen/AffineTerms.h"
#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace pt2c {

#define GEN_PASS_DEF_CONVOLUTIONSCHANNELSLAST
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// Marks the transposes this pass made: only those move.
constexpr llvm::StringLiteral kMarker = "pt2c.layout_transpose";

constexpr int64_t kToLast[] = {0, 2, 3, 1};  // NCHW -> NHWC (and OIHW -> OHWI)
constexpr int64_t kToFirst[] = {0, 3, 1, 2}; // NHWC -> NCHW

/// The sliding window of a windows copy (PrimToLinalg's windowsOf).
struct WindowGeometry {
  Value input; ///< [N, C, H, W] the windows are read from
  int64_t kernel[2] = {1, 1}, strides[2] = {1, 1}, dilations[2] = {1, 1};
  int64_t output[2] = {0, 0};
};

/// A channels-first convolution as PrimToLinalg's Conv.cpp writes it.
struct FirstConvolution : WindowGeometry {
  linalg::GenericOp matmul;       ///< (n, g, f, r, p)
  tensor::ExpandShapeOp result;   ///< the matmul as [N, F, OH, OW]
  tensor::PadOp pad;              ///< looked through (input is before it); null: none
  Value filter;                   ///< [F, C/G, KH, KW]
  int64_t groups = 1;
  bool pointwise = false; ///< 1x1 with stride 1: the input itself is the windows
};

/// A channels-first max or sum over windows (reduce_window: pooling) as
/// Conv.cpp writes it: the windows [N, C, R, P] reduced over R.
struct FirstWindowReduction : WindowGeometry {
  linalg::GenericOp reduction; ///< (n, c, r, p) -> (n, c, 0, p)
};

template <typename OpTy>
OpTy soleUser(Value value) {
  if (!value.hasOneUse())
    return nullptr;
  return dyn_cast<OpTy>(*value.getUsers().begin());
}

using Groups = SmallVector<ReassociationIndices>;

/// The 4-d tensor behind `collapse(expand(x))` with the given groupings.
Value behindReshapes(Value value, const Groups &collapseGroups, const Groups &expandGroups) {
  auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>();
  if (!collapse || collapse.getReassociationIndices() != collapseGroups)
    return nullptr;
  auto expand = collapse.getSrc().getDefiningOp<tensor::ExpandShapeOp>();
  if (!expand || expand.getReassociationIndices() != expandGroups)
    return nullptr;
  return expand.getSrc();
}

/// The windows generic (n, g, c, i, j, y, x) -> in[n, g*C + c, y*sh + i*dh,
/// x*sw + j*dw], copying to the identity, into `window`.
bool matchWindows(linalg::GenericOp windows, WindowGeometry &window) {
  if (!windows || windows.getNumDpsInputs() != 1 || windows.getNumDpsInits() != 1 ||
      windows.getNumLoops() != 7 || windows.getNumReductionLoops() != 0)
    return false;
  Block &body = windows.getRegion().front();
  if (body.getOperations().size() != 1 ||
      cast<linalg::YieldOp>(body.getTerminator()).getValues()[0] != body.getArgument(0))
    return false;
  AffineMap read = windows.getIndexingMapsArray()[0];
  if (!windows.getIndexingMapsArray()[1].isIdentity() || read.getNumResults() != 4 ||
      read.getResult(0) != getAffineDimExpr(0, read.getContext()))
    return false;
  auto windowsType = cast<RankedTensorType>(windows.getResult(0).getType());
  auto channels = twoTerms(read.getResult(1), 7, 1, 2);
  auto rows = twoTerms(read.getResult(2), 7, 5, 3);
  auto columns = twoTerms(read.getResult(3), 7, 6, 4);
  if (!channels || !rows || !columns || channels->second != 1 ||
      channels->first != windowsType.getDimSize(2))
    return false;
  window.kernel[0] = windowsType.getDimSize(3);
  window.kernel[1] = windowsType.getDimSize(4);
  window.output[0] = windowsType.getDimSize(5);
  window.output[1] = windowsType.getDimSize(6);
  window.strides[0] = rows->first, window.dilations[0] = rows->second;
  window.strides[1] = columns->first, window.dilations[1] = columns->second;
  window.input = windows.getDpsInputs()[0];
  // Only the batch may be dynamic.
  auto inputType = dyn_cast<RankedTensorType>(window.input.getType());
  if (!inputType || inputType.getRank() != 4)
    return false;
  for (int64_t dim = 1; dim < 4; ++dim)
    if (inputType.isDynamicDim(dim))
      return false;
  return true;
}

/// The pad producing an NCHW `value` when it pads the spatial dims only,
/// statically, with a constant; null otherwise.
tensor::PadOp spatialPadOf(Value value) {
  auto pad = value.getDefiningOp<tensor::PadOp>();
  if (!pad || !pad.getConstantPaddingValue() || pad.getNofold())
    return nullptr;
  ArrayRef<int64_t> low = pad.getStaticLow(), high = pad.getStaticHigh();
  if (llvm::any_of(low, ShapedType::isDynamic) || llvm::any_of(high, ShapedType::isDynamic) ||
      low[0] || low[1] || high[0] || high[1])
    return nullptr;
  return pad;
}

/// The pad before a convolution's windows, looked through: the
/// channels-last form pads its own input.
void lookThroughPad(FirstConvolution &conv) {
  if (tensor::PadOp pad = spatialPadOf(conv.input)) {
    conv.pad = pad;
    conv.input = pad.getSource();
  }
}

/// `pad`'s padding applied to `source`, whose dim k is dim from[k] of the
/// tensor `pad` padded (its static sides and constant value; the pads
/// given here have both).
Value padAlongDims(OpBuilder &b, Location loc, Value source, tensor::PadOp pad,
                   ArrayRef<int64_t> from) {
  ArrayRef<int64_t> low = pad.getStaticLow(), high = pad.getStaticHigh();
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<OpFoldResult> newLow, newHigh;
  SmallVector<int64_t> shape(type.getShape());
  for (auto [k, dim] : llvm::enumerate(from)) {
    newLow.push_back(b.getIndexAttr(low[dim]));
    newHigh.push_back(b.getIndexAttr(high[dim]));
    if (!ShapedType::isDynamic(shape[k]))
      shape[k] += low[dim] + high[dim];
  }
  return tensor::PadOp::create(b, loc, RankedTensorType::get(shape, type.getElementType()),
                               source, newLow, newHigh, pad.getConstantPaddingValue());
}

/// The channels-first chain around `matmul`, or nothing.
std::optional<FirstConvolution> matchFirst(linalg::GenericOp matmul) {
  if (!matmul.hasPureTensorSemantics() || matmul.getNumDpsInputs() != 2 ||
      matmul.getNumDpsInits() != 1 || !cpu::hasConvolutionMaps(matmul))
    return std::nullopt;
  FirstConvolution conv;
  conv.matmul = matmul;
  // [F, C/G, KH, KW] -> [G, F/G, C/G * KH * KW]
  conv.filter = behindReshapes(matmul.getDpsInputs()[0], Groups{{0}, {1}, {2, 3, 4}},
                               Groups{{0, 1}, {2}, {3}, {4}});
  if (!conv.filter)
    return std::nullopt;
  auto windowsView = matmul.getDpsInputs()[1].getDefiningOp<tensor::CollapseShapeOp>();
  auto filterShape = cast<RankedTensorType>(conv.filter.getType()).getShape();
  if (windowsView && windowsView.getReassociationIndices() == Groups{{0}, {1}, {2, 3, 4}, {5, 6}}) {
    if (!matchWindows(windowsView.getSrc().getDefiningOp<linalg::GenericOp>(), conv))
      return std::nullopt;
    lookThroughPad(conv);
  } else if (filterShape[2] == 1 && filterShape[3] == 1) {
    // 1x1, stride 1: the input [N, C, H, W] read as [N, G, C/G, H * W]
    // through reshapes (canonicalization may have merged them with the
    // producer's: the input is rebuilt from this view when rewritten).
    conv.pointwise = true;
  } else {
    return std::nullopt;
  }
  // The result read as [N, F, OH, OW] only.
  auto flat = soleUser<tensor::CollapseShapeOp>(matmul.getResult(0));
  if (!flat || flat.getReassociationIndices() != Groups{{0}, {1, 2}, {3}})
    return std::nullopt;
  conv.result = soleUser<tensor::ExpandShapeOp>(flat.getResult());
  if (!conv.result || conv.result.getReassociationIndices() != Groups{{0}, {1}, {2, 3}})
    return std::nullopt;
  auto filterType = cast<RankedTensorType>(conv.filter.getType());
  auto resultType = cast<RankedTensorType>(conv.result.getType());
  if (!filterType.hasStaticShape())
    return std::nullopt;
  for (int64_t dim = 1; dim < 4; ++dim)
    if (resultType.isDynamicDim(dim))
      return std::nullopt;
  conv.groups = cast<RankedTensorType>(matmul.getDpsInputs()[0].getType()).getDimSize(0);
  conv.output[0] = resultType.getDimSize(2);
  conv.output[1] = resultType.getDimSize(3);
  return conv;
}

/// What cuDNN's NHWC tensor-core kernels take: groups 1 with a multiple of
/// 8 filters (the input channels are padded to one: see paddedChannels),
/// or depthwise with a multiple of 8 channels.
bool eligible(const FirstConvolution &conv, bool allTypes) {
  auto filterType = cast<RankedTensorType>(conv.filter.getType());
  Type element = filterType.getElementType();
  if (!isa<FloatType>(element) || (!allTypes && element.getIntOrFloatBitWidth() != 16))
    return false;
  int64_t features = filterType.getDimSize(0), perGroup = filterType.getDimSize(1);
  int64_t channels = perGroup * conv.groups;
  if (conv.groups == 1)
    return features % 8 == 0;
  return perGroup == 1 && features == conv.groups && channels % 8 == 0;
}

/// The input channels a groups-1 convolution runs with: a multiple of 8,
/// the rest zeros in the input and the filter. An RGB image's 3 channels
/// otherwise leave cuDNN only a CUDA-core kernel (a third of resnet50's
/// time in bfloat16); 8 channels cost 8/3 of the first layer's small
/// arithmetic on tensor cores.
///
/// Not for non-overlapping windows (stride = kernel, no padding or
/// dilation: a ViT's patch embedding): their windows copy moves the input
/// once, and the matmul over KH * KW * C (16 * 16 * 3 = 768) is a plain
/// GEMM for cuBLASLt; padding would multiply its work by 8/3.
int64_t paddedChannels(const FirstConvolution &conv, int64_t perGroup) {
  bool nonOverlapping = !conv.pad && !conv.pointwise && conv.strides[0] == conv.kernel[0] &&
                        conv.strides[1] == conv.kernel[1] && conv.dilations[0] == 1 &&
                        conv.dilations[1] == 1;
  if (conv.groups != 1 || nonOverlapping)
    return perGroup;
  return llvm::alignTo(perGroup, 8);
}

/// `value` with `extra` zeros after its last dim's elements.
Value padLastDim(OpBuilder &b, Location loc, Value value, int64_t extra) {
  if (extra == 0)
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.back() += extra;
  SmallVector<OpFoldResult> low(shape.size(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> high = low;
  high.back() = b.getIndexAttr(extra);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type.getElementType()));
  return tensor::PadOp::create(b, loc, RankedTensorType::get(shape, type.getElementType()),
                               value, low, high, zero);
}

linalg::TransposeOp transposed(OpBuilder &b, Location loc, Value value,
                               ArrayRef<int64_t> permutation, bool marked) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, value);
  SmallVector<OpFoldResult> permutedSizes;
  for (int64_t dim : permutation)
    permutedSizes.push_back(sizes[dim]);
  Value init = tensor::EmptyOp::create(b, loc, permutedSizes, type.getElementType());
  auto transpose = linalg::TransposeOp::create(b, loc, value, init, permutation);
  if (marked)
    transpose->setAttr(kMarker, b.getUnitAttr());
  return transpose;
}

Value reshaped(OpBuilder &b, Location loc, Value value, const Groups &groups,
               ArrayRef<int64_t> expandedShape = {}) {
  if (expandedShape.empty())
    return tensor::CollapseShapeOp::create(b, loc, value, groups);
  auto type = cast<RankedTensorType>(value.getType());
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(expandedShape, type.getElementType()), value, groups);
}

/// One filter per channel.
bool isDepthwise(const FirstConvolution &conv, int64_t perGroup) {
  auto filterType = cast<RankedTensorType>(conv.filter.getType());
  return conv.groups > 1 && perGroup == 1 && filterType.getDimSize(0) == conv.groups;
}

/// The accumulator of `matmul`'s type, shaped `shape`, filled as its was.
Value accumulatorLike(OpBuilder &b, Location loc, linalg::GenericOp matmul,
                      ArrayRef<int64_t> shape, ValueRange dynamicSizes) {
  auto oldInit = matmul.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  Type accumulator = getElementTypeOrSelf(matmul.getResult(0).getType());
  Value empty = tensor::EmptyOp::create(b, loc, shape, accumulator, dynamicSizes);
  Value zero = oldInit ? oldInit.getInputs()[0]
                       : arith::ConstantOp::create(b, loc, b.getZeroAttr(accumulator)).getResult();
  return linalg::FillOp::create(b, loc, zero, empty).getResult(0);
}

/// What a direct generic over (n, y, x, c, i, j) reads of its NHWC input:
/// in[n, y*sh + i*dh - top, x*sw + j*dw - left, c], or `padValue` outside
/// the input. Folding the pad into the reads saves writing the padded
/// input out, a fill and a copy of the whole tensor per layer (a fifth of
/// mobilenet_v3_large's kernel time in bfloat16 on an H100).
struct WindowRead {
  Value input; ///< [N, H, W, C], unpadded
  int64_t top = 0, left = 0;
  Value padValue; ///< null: the windows stay inside the input
  int64_t strides[2] = {1, 1}, dilations[2] = {1, 1};
};

/// The element `read` gives at the generic's current loop indices.
Value emitWindowRead(OpBuilder &b, Location loc, const WindowRead &read) {
  auto type = cast<RankedTensorType>(read.input.getType());
  auto index = [&](int64_t dim) { return linalg::IndexOp::create(b, loc, dim).getResult(); };
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value).getResult();
  };
  Value zero = constant(0);
  Value inside;
  auto coordinate = [&](int64_t outputDim, int64_t windowDim, int64_t axis, int64_t low) {
    // outputDim * stride + windowDim * dilation - low
    Value at = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, index(outputDim), constant(read.strides[axis])),
        arith::MulIOp::create(b, loc, index(windowDim), constant(read.dilations[axis])));
    if (!read.padValue)
      return at;
    at = arith::SubIOp::create(b, loc, at, constant(low));
    Value size = constant(type.getDimSize(axis + 1));
    Value within = arith::AndIOp::create(
        b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, at, zero),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, at, size));
    inside = inside ? arith::AndIOp::create(b, loc, inside, within).getResult() : within;
    // Clamped, so the load stays in bounds where the pad value is taken.
    Value last = arith::SubIOp::create(b, loc, size, constant(1));
    return arith::MaxSIOp::create(b, loc, arith::MinSIOp::create(b, loc, at, last), zero)
        .getResult();
  };
  Value row = coordinate(1, 4, 0, read.top);
  Value column = coordinate(2, 5, 1, read.left);
  Value element =
      tensor::ExtractOp::create(b, loc, read.input, ValueRange{index(0), row, column, index(3)});
  if (!read.padValue)
    return element;
  return arith::SelectOp::create(b, loc, inside, element, read.padValue);
}

/// A direct generic over (n, y, x, c, i, j) into `init` ([N, OH, OW, C]):
/// `inputs` read through `inputMaps`, and `old`'s body, each of its block
/// arguments k taking the new block argument `arguments[k]`, or the window
/// element from `read` where that is kWindowElement.
constexpr int kWindowElement = -1;
linalg::GenericOp directWindowGeneric(OpBuilder &b, Location loc, ValueRange inputs,
                                      ArrayRef<AffineMap> inputMaps, Value init,
                                      const WindowRead &read, Block &old,
                                      ArrayRef<int> arguments) {
  MLIRContext *context = b.getContext();
  SmallVector<AffineMap> maps(inputMaps);
  auto d = [&](unsigned i) { return getAffineDimExpr(i, context); };
  maps.push_back(AffineMap::get(6, 0, {d(0), d(1), d(2), d(3)}, context)); // (n, y, x, c)
  SmallVector<utils::IteratorType> iterators(6, utils::IteratorType::parallel);
  iterators[4] = iterators[5] = utils::IteratorType::reduction;
  return linalg::GenericOp::create(
      b, loc, init.getType(), inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &body, Location bodyLoc, ValueRange blockArguments) {
        IRMapping mapping;
        Value element = emitWindowRead(body, bodyLoc, read);
        for (auto [k, argument] : llvm::enumerate(arguments))
          mapping.map(old.getArgument(k),
                      argument == kWindowElement ? element : blockArguments[argument]);
        for (Operation &op : old.without_terminator())
          body.clone(op, mapping);
        auto yield = cast<linalg::YieldOp>(old.getTerminator());
        linalg::YieldOp::create(body, bodyLoc,
                                llvm::map_to_vector(yield.getValues(), [&](Value v) {
                                  return mapping.lookupOrDefault(v);
                                }));
      });
}

/// A depthwise convolution as one generic over (n, y, x, c, i, j), reading
/// the NHWC input in place: the windows copy and the matmul with one row
/// per channel would move KH * KW times the input through memory for as
/// little arithmetic, and cuDNN's NHWC grouped kernels are slower still
/// (2.6 ms of mobilenet_v3_large's bfloat16 run on an H100).
void rewriteDepthwiseDirect(FirstConvolution &conv, const WindowRead &read,
                            IRRewriter &rewriter) {
  linalg::GenericOp matmul = conv.matmul;
  Location loc = matmul.getLoc();
  auto inputType = cast<RankedTensorType>(read.input.getType());
  int64_t batch = inputType.getDimSize(0), channels = conv.groups;
  SmallVector<Value> batchSize;
  if (ShapedType::isDynamic(batch))
    batchSize.push_back(tensor::DimOp::create(rewriter, loc, read.input, 0));
  // [C, 1, KH, KW] -> [1, KH, KW, C] -> [KH, KW, C]: neighbouring threads
  // (channels) read neighbouring weights.
  Value filter = transposed(rewriter, loc, conv.filter, {1, 2, 3, 0}, /*marked=*/false)
                     .getResult()[0];
  filter = reshaped(rewriter, loc, filter, Groups{{0, 1}, {2}, {3}});
  Value init = accumulatorLike(rewriter, loc, matmul,
                               {batch, conv.output[0], conv.output[1], channels}, batchSize);
  MLIRContext *context = rewriter.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, context); };
  // The filter at (i, j, c); the matmul's body reads (weight, window, sum),
  // the new one has (weight, sum).
  auto direct = directWindowGeneric(rewriter, loc, ValueRange{filter},
                                    {AffineMap::get(6, 0, {d(4), d(5), d(3)}, context)}, init,
                                    read, matmul.getRegion().front(), {0, kWindowElement, 1});
  Value first =
      transposed(rewriter, loc, direct.getResult(0), kToFirst, /*marked=*/true).getResult()[0];
  rewriter.replaceOp(conv.result, first);
}

/// Rebuilds `conv` channels-last; its [N, F, OH, OW] result becomes a
/// (marked) transpose of the channels-last one.
void rewriteChannelsLast(FirstConvolution &conv, IRRewriter &rewriter) {
  linalg::GenericOp matmul = conv.matmul;
  Location loc = matmul.getLoc();
  rewriter.setInsertionPoint(matmul);
  auto filterType = cast<RankedTensorType>(conv.filter.getType());
  Type element = filterType.getElementType();
  int64_t features = filterType.getDimSize(0);
  int64_t perGroup = filterType.getDimSize(1), groups = conv.groups;
  int64_t positions = conv.output[0] * conv.output[1];
  if (conv.pointwise) {
    // [N, G, C/G, H * W] -> [N, C, H * W] -> [N, C, H, W]
    Value rows = reshaped(rewriter, loc, matmul.getDpsInputs()[1], Groups{{0}, {1, 2}, {3}});
    int64_t n = cast<RankedTensorType>(rows.getType()).getDimSize(0);
    conv.input = reshaped(rewriter, loc, rows, Groups{{0}, {1}, {2, 3}},
                          {n, groups * perGroup, conv.output[0], conv.output[1]});
  }
  int64_t batch = cast<RankedTensorType>(conv.input.getType()).getDimSize(0);
  SmallVector<Value> batchSize;
  Value input = transposed(rewriter, loc, conv.input, kToLast, /*marked=*/true).getResult()[0];
  if (ShapedType::isDynamic(batch))
    batchSize.push_back(tensor::DimOp::create(rewriter, loc, input, 0));
  int64_t extraChannels = paddedChannels(conv, perGroup) - perGroup;
  input = padLastDim(rewriter, loc, input, extraChannels);
  perGroup += extraChannels;

  Value windows;
  if (conv.pointwise) {
    // [N, H, W, C] -> [N, P, C] -> [N, P, G, C/G]
    Value rows = reshaped(rewriter, loc, input, Groups{{0}, {1, 2}, {3}});
    windows = reshaped(rewriter, loc, rows, Groups{{0}, {1}, {2, 3}},
                       {batch, positions, groups, perGroup});
  } else {
    if (isDepthwise(conv, perGroup)) {
      WindowRead read;
      read.input = input;
      if (conv.pad) {
        read.top = conv.pad.getStaticLow()[2];
        read.left = conv.pad.getStaticLow()[3];
        read.padValue = conv.pad.getConstantPaddingValue();
      }
      llvm::copy(conv.strides, read.strides);
      llvm::copy(conv.dilations, read.dilations);
      rewriteDepthwiseDirect(conv, read, rewriter);
      return;
    }
    if (conv.pad)
      input = padAlongDims(rewriter, loc, input, conv.pad, kToLast);
    // (n, y, x, g, i, j, c) -> in[n, y*sh + i*dh, x*sw + j*dw, g*C + c]
    auto d = [&](unsigned i) { return rewriter.getAffineDimExpr(i); };
    AffineMap read = AffineMap::get(
        7, 0,
        {d(0), d(1) * conv.strides[0] + d(4) * conv.dilations[0],
         d(2) * conv.strides[1] + d(5) * conv.dilations[1], d(3) * perGroup + d(6)},
        rewriter.getContext());
    SmallVector<int64_t> shape = {batch,          conv.output[0], conv.output[1], groups,
                                  conv.kernel[0], conv.kernel[1], perGroup};
    Value init = tensor::EmptyOp::create(rewriter, loc, shape, element, batchSize);
    Value copied =
        linalg::GenericOp::create(
            rewriter, loc, init.getType(), input, init,
            ArrayRef<AffineMap>{read, rewriter.getMultiDimIdentityMap(7)},
            SmallVector<utils::IteratorType>(7, utils::IteratorType::parallel),
            [](OpBuilder &b, Location l, ValueRange args) { linalg::YieldOp::create(b, l, args[0]); })
            .getResult(0);
    windows = reshaped(rewriter, loc, copied, Groups{{0}, {1, 2}, {3}, {4, 5, 6}});
  }
  // [F, C/G, KH, KW] -> [F, KH, KW, C/G] -> [G, F/G, KH * KW * C/G]
  Value filter = transposed(rewriter, loc, conv.filter, kToLast, /*marked=*/false).getResult()[0];
  filter = padLastDim(rewriter, loc, filter, extraChannels);
  filter = reshaped(rewriter, loc, filter, Groups{{0, 1}, {2}, {3}, {4}},
                    {groups, features / groups, conv.kernel[0], conv.kernel[1], perGroup});
  filter = reshaped(rewriter, loc, filter, Groups{{0}, {1}, {2, 3, 4}});

  Value init = accumulatorLike(rewriter, loc, matmul,
                               {batch, positions, groups, features / groups}, batchSize);
  // loops (n, p, g, f, r): filter (g, f, r), windows (n, p, g, r), out (n, p, g, f)
  MLIRContext *context = rewriter.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, context); };
  SmallVector<AffineMap> maps = {AffineMap::get(5, 0, {d(2), d(3), d(4)}, context),
                                 AffineMap::get(5, 0, {d(0), d(1), d(2), d(4)}, context),
                                 AffineMap::get(5, 0, {d(0), d(1), d(2), d(3)}, context)};
  SmallVector<utils::IteratorType> iterators(5, utils::IteratorType::parallel);
  iterators[4] = utils::IteratorType::reduction;
  auto last = linalg::GenericOp::create(rewriter, loc, init.getType(), ValueRange{filter, windows},
                                        ValueRange{init}, maps, iterators);
  // The same body: its arguments (filter, window, sum) keep their order.
  rewriter.cloneRegionBefore(matmul.getRegion(), last.getRegion(), last.getRegion().end());
  // [N, P, G, F/G] -> [N, P, F] -> [N, OH, OW, F] -> [N, F, OH, OW]
  Value result = reshaped(rewriter, loc, last.getResult(0), Groups{{0}, {1}, {2, 3}});
  result = reshaped(rewriter, loc, result, Groups{{0}, {1, 2}, {3}},
                    {batch, conv.output[0], conv.output[1], features});
  Value first = transposed(rewriter, loc, result, kToFirst, /*marked=*/true).getResult()[0];
  rewriter.replaceOp(conv.result, first);
}

/// The channels-first window reduction ending in `reduction`, or nothing.
std::optional<FirstWindowReduction> matchWindowReduction(linalg::GenericOp reduction) {
  if (!reduction.hasPureTensorSemantics() || reduction.getNumDpsInputs() != 1 ||
      reduction.getNumDpsInits() != 1 || reduction.getNumLoops() != 4 ||
      !reduction.getDpsInits()[0].getDefiningOp<linalg::FillOp>())
    return std::nullopt;
  MLIRContext *context = reduction.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, context); };
  SmallVector<AffineMap> expected = {
      AffineMap::getMultiDimIdentityMap(4, context),
      AffineMap::get(4, 0, {d(0), d(1), getAffineConstantExpr(0, context), d(3)}, context)};
  if (reduction.getIndexingMapsArray() != expected ||
      reduction.getIteratorTypesArray()[2] != utils::IteratorType::reduction ||
      reduction.getNumReductionLoops() != 1)
    return std::nullopt;
  auto view = reduction.getDpsInputs()[0].getDefiningOp<tensor::CollapseShapeOp>();
  if (!view || view.getReassociationIndices() != Groups{{0}, {1}, {2, 3, 4}, {5, 6}})
    return std::nullopt;
  FirstWindowReduction window;
  auto windows = view.getSrc().getDefiningOp<linalg::GenericOp>();
  if (!matchWindows(windows, window) ||
      cast<RankedTensorType>(windows.getResult(0).getType()).getDimSize(2) != 1)
    return std::nullopt;
  window.reduction = reduction;
  return window;
}

/// Rebuilds a window reduction as one generic over (n, y, x, c, i, j)
/// reading the NHWC input in place (no windows copy), between marked
/// transposes: the pooling between channels-last convolutions stays
/// channels-last.
void rewriteWindowReductionLast(FirstWindowReduction &window, IRRewriter &rewriter) {
  linalg::GenericOp reduction = window.reduction;
  Location loc = reduction.getLoc();
  rewriter.setInsertionPoint(reduction);
  // A pad of the spatial dims only (max-pool's -inf) is folded into the
  // reads.
  WindowRead read;
  Value source = window.input;
  if (tensor::PadOp pad = spatialPadOf(source)) {
    source = pad.getSource();
    read.top = pad.getStaticLow()[2];
    read.left = pad.getStaticLow()[3];
    read.padValue = pad.getConstantPaddingValue();
  }
  read.input = transposed(rewriter, loc, source, kToLast, /*marked=*/true).getResult()[0];
  llvm::copy(window.strides, read.strides);
  llvm::copy(window.dilations, read.dilations);
  auto inputType = cast<RankedTensorType>(read.input.getType());
  int64_t batch = inputType.getDimSize(0), channels = inputType.getDimSize(3);
  SmallVector<Value> batchSize;
  if (ShapedType::isDynamic(batch))
    batchSize.push_back(tensor::DimOp::create(rewriter, loc, read.input, 0));
  auto oldInit = reduction.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  Type accumulator = getElementTypeOrSelf(reduction.getResult(0).getType());
  Value empty = tensor::EmptyOp::create(
      rewriter, loc, SmallVector<int64_t>{batch, window.output[0], window.output[1], channels},
      accumulator, batchSize);
  Value init = linalg::FillOp::create(rewriter, loc, oldInit.getInputs()[0], empty).getResult(0);
  MLIRContext *context = rewriter.getContext();
  // The window's extent comes from an operand read only for its shape (as
  // linalg's pooling ops have): loops i and j appear in no other map alone.
  Value extent = tensor::EmptyOp::create(
      rewriter, loc, SmallVector<int64_t>{window.kernel[0], window.kernel[1]}, accumulator);
  AffineMap extentMap = AffineMap::get(
      6, 0, {getAffineDimExpr(4, context), getAffineDimExpr(5, context)}, context);
  // The reduction's body reads (window element, accumulator), the new one
  // has (extent, accumulator).
  auto direct = directWindowGeneric(rewriter, loc, ValueRange{extent}, {extentMap}, init, read,
                                    reduction.getRegion().front(), {kWindowElement, 1});
  // [N, OH, OW, C] -> [N, C, OH, OW] -> [N, C, P] -> [N, C, 1, P]
  Value first =
      transposed(rewriter, loc, direct.getResult(0), kToFirst, /*marked=*/true).getResult()[0];
  Value flat = reshaped(rewriter, loc, first, Groups{{0}, {1}, {2, 3}});
  Value result = reshaped(rewriter, loc, flat, Groups{{0}, {1, 2}, {3}},
                          {batch, channels, 1, window.output[0] * window.output[1]});
  rewriter.replaceOp(reduction, result);
}

/// A transpose this pass made.
linalg::TransposeOp markedTranspose(Value value) {
  auto transpose = value.getDefiningOp<linalg::TransposeOp>();
  return transpose && transpose->hasAttr(kMarker) ? transpose : nullptr;
}

/// `transpose(transpose(x, p), q)` is x (or one transpose) when either is
/// marked.
struct ComposeTransposes : OpRewritePattern<linalg::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::TransposeOp outer,
                                PatternRewriter &rewriter) const override {
    auto inner = outer.getInput().getDefiningOp<linalg::TransposeOp>();
    if (!inner || !(inner->hasAttr(kMarker) || outer->hasAttr(kMarker)))
      return failure();
    ArrayRef<int64_t> p = inner.getPermutation(), q = outer.getPermutation();
    SmallVector<int64_t> composed;
    for (int64_t k : q)
      composed.push_back(p[k]);
    if (llvm::equal(composed, llvm::seq<int64_t>(0, composed.size()))) {
      rewriter.replaceOp(outer, inner.getInput());
      return success();
    }
    auto replacement = transposed(rewriter, outer.getLoc(), inner.getInput(), composed, true);
    rewriter.replaceOp(outer, replacement.getResult());
    return success();
  }
};

/// An elementwise generic reading a marked transpose (identity map) runs in
/// the transpose's source layout instead: that operand is read directly,
/// the others through their maps composed with the permutation, and the
/// result is transposed back, which moves the transpose down one op.
struct SinkThroughElementwise : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp generic,
                                PatternRewriter &rewriter) const override {
    if (!generic.hasPureTensorSemantics() || generic.getNumDpsInits() != 1 ||
        generic.getNumParallelLoops() != generic.getNumLoops() ||
        !generic.getIndexingMapsArray().back().isIdentity() ||
        !generic.getRegionOutputArgs()[0].use_empty())
      return failure();
    std::optional<SmallVector<int64_t>> permutation;
    for (OpOperand *input : generic.getDpsInputOperands())
      if (auto transpose = markedTranspose(input->get()))
        if (generic.getMatchingIndexingMap(input).isIdentity()) {
          SmallVector<int64_t> mine(transpose.getPermutation());
          if (permutation && *permutation != mine)
            return failure(); // two layouts meet: leave it
          permutation = mine;
        }
    if (!permutation)
      return failure();
    MLIRContext *context = generic.getContext();
    Location loc = generic.getLoc();
    // Old loop k is new loop permutation[k].
    AffineMap toOld = AffineMap::getPermutationMap(*permutation, context);
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (OpOperand *input : generic.getDpsInputOperands()) {
      AffineMap map = generic.getMatchingIndexingMap(input);
      auto transpose = markedTranspose(input->get());
      if (transpose && map.isIdentity()) {
        inputs.push_back(transpose.getInput());
        maps.push_back(map);
        continue;
      }
      inputs.push_back(input->get());
      maps.push_back(map.compose(toOld));
    }
    auto resultType = cast<RankedTensorType>(generic.getResult(0).getType());
    SmallVector<OpFoldResult> oldSizes =
        tensor::getMixedSizes(rewriter, loc, generic.getDpsInits()[0]);
    SmallVector<OpFoldResult> sizes(oldSizes.size());
    for (auto [k, dim] : llvm::enumerate(*permutation))
      sizes[dim] = oldSizes[k];
    Value init = tensor::EmptyOp::create(rewriter, loc, sizes, resultType.getElementType());
    maps.push_back(rewriter.getMultiDimIdentityMap(resultType.getRank()));
    auto moved = linalg::GenericOp::create(rewriter, loc, init.getType(), inputs, init, maps,
                                           generic.getIteratorTypesArray());
    rewriter.cloneRegionBefore(generic.getRegion(), moved.getRegion(), moved.getRegion().end());
    moved->setDiscardableAttrs(generic->getDiscardableAttrDictionary());
    // transposed(moved, p)[i] = moved[j] with j[p[k]] = i[k]: the old result.
    Value result =
        transposed(rewriter, loc, moved.getResult(0), *permutation, true).getResult()[0];
    rewriter.replaceOp(generic, result);
    return success();
  }
};

/// A generic reading a marked transpose through a map that, folded with
/// the transpose, reads the source in order: it reads the source (what an
/// operand left behind by SinkThroughElementwise looks like once its
/// producer's transpose sank too).
struct ReadThroughTranspose : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp generic,
                                PatternRewriter &rewriter) const override {
    if (!generic.hasPureTensorSemantics())
      return failure();
    SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
    SmallVector<Value> inputs = generic.getDpsInputs();
    bool changed = false;
    for (auto [index, input] : llvm::enumerate(generic.getDpsInputOperands())) {
      auto transpose = markedTranspose(input->get());
      if (!transpose || maps[index].isIdentity())
        continue;
      // transpose(a, p)[i] = a[j] with j[p[k]] = i[k]: a is read at
      // (m -> i[inverse(p)[m]]) composed with the map.
      ArrayRef<int64_t> permutation = transpose.getPermutation();
      SmallVector<unsigned> inverse(permutation.size());
      for (auto [k, dim] : llvm::enumerate(permutation))
        inverse[dim] = unsigned(k);
      AffineMap folded = AffineMap::getPermutationMap(inverse, generic.getContext())
                             .compose(maps[index]);
      if (!folded.isIdentity())
        continue;
      maps[index] = folded;
      inputs[index] = transpose.getInput();
      changed = true;
    }
    if (!changed)
      return failure();
    auto replacement = linalg::GenericOp::create(
        rewriter, generic.getLoc(), generic.getResultTypes(), inputs, generic.getDpsInits(),
        maps, generic.getIteratorTypesArray());
    rewriter.cloneRegionBefore(generic.getRegion(), replacement.getRegion(),
                               replacement.getRegion().end());
    replacement->setDiscardableAttrs(generic->getDiscardableAttrDictionary());
    rewriter.replaceOp(generic, replacement.getResults());
    return success();
  }
};

/// `pad(transpose(x, p))` is `transpose(pad(x), p)` with the pad's sides
/// permuted.
struct SinkThroughPad : OpRewritePattern<tensor::PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::PadOp pad, PatternRewriter &rewriter) const override {
    auto transpose = markedTranspose(pad.getSource());
    Value value = pad.getConstantPaddingValue();
    ArrayRef<int64_t> low = pad.getStaticLow(), high = pad.getStaticHigh();
    if (!transpose || !value || pad.getNofold() || llvm::any_of(low, ShapedType::isDynamic) ||
        llvm::any_of(high, ShapedType::isDynamic))
      return failure();
    // Source dim permutation[k] is the padded tensor's dim k.
    ArrayRef<int64_t> permutation = transpose.getPermutation();
    SmallVector<int64_t> from(permutation.size());
    for (auto [k, dim] : llvm::enumerate(permutation))
      from[dim] = int64_t(k);
    Value padded = padAlongDims(rewriter, pad.getLoc(), transpose.getInput(), pad, from);
    rewriter.replaceOp(pad, transposed(rewriter, pad.getLoc(), padded, permutation, true)
                                .getResult()[0]);
    return success();
  }
};

/// `collapse(transpose(x, p))` is `transpose(collapse(x), q)` when every
/// group of collapsed dims is a run of consecutive dims of x too (a
/// patch embedding's [N, F, OH, OW] -> [N, F, OH * OW] from an NHWC
/// result), moved when the collapse feeds transposes: the two meet.
/// A static tensor.reshape that merges runs of dims (flatten) is matched as
/// the collapse it is.
template <typename ReshapeOp>
struct SinkThroughCollapse : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern<ReshapeOp>::OpRewritePattern;

  static std::optional<SmallVector<ReassociationIndices>> groupsOf(ReshapeOp reshape) {
    if constexpr (std::is_same_v<ReshapeOp, tensor::CollapseShapeOp>) {
      return reshape.getReassociationIndices();
    } else {
      auto source = cast<RankedTensorType>(reshape.getSource().getType());
      auto result = cast<RankedTensorType>(reshape.getResult().getType());
      if (!source.hasStaticShape() || !result.hasStaticShape())
        return std::nullopt;
      return getReassociationIndicesForCollapse(source.getShape(), result.getShape());
    }
  }

  LogicalResult matchAndRewrite(ReshapeOp collapse, PatternRewriter &rewriter) const override {
    auto transpose = markedTranspose(collapse->getOperand(0));
    std::optional<SmallVector<ReassociationIndices>> found = groupsOf(collapse);
    // Only to meet a transpose: a collapse an expand undoes (a 1x1
    // convolution's view of its input) folds away by itself.
    bool meetsTranspose = llvm::all_of(collapse->getUsers(), [](Operation *user) {
      return isa<linalg::TransposeOp>(user);
    });
    if (!transpose || !found || !meetsTranspose || collapse->use_empty())
      return failure();
    ArrayRef<int64_t> permutation = transpose.getPermutation();
    SmallVector<ReassociationIndices> groups = *found;
    // Each group's source dims, which must run consecutively.
    SmallVector<std::pair<int64_t, size_t>> starts; // (first source dim, group)
    for (auto [index, group] : llvm::enumerate(groups)) {
      for (size_t k = 1; k < group.size(); ++k)
        if (permutation[group[k]] != permutation[group[k - 1]] + 1)
          return failure();
      starts.push_back({permutation[group.front()], index});
    }
    llvm::sort(starts);
    SmallVector<ReassociationIndices> sourceGroups;
    SmallVector<int64_t> rankInSource(groups.size());
    for (auto [rank, start] : llvm::enumerate(starts)) {
      ReassociationIndices run;
      for (size_t k = 0; k < groups[start.second].size(); ++k)
        run.push_back(start.first + int64_t(k));
      sourceGroups.push_back(run);
      rankInSource[start.second] = int64_t(rank);
    }
    Value collapsed = tensor::CollapseShapeOp::create(rewriter, collapse.getLoc(),
                                                      transpose.getInput(), sourceGroups);
    rewriter.replaceOp(collapse, transposed(rewriter, collapse.getLoc(), collapsed,
                                            rankInSource, true)
                                     .getResult()[0]);
    return success();
  }
};

struct ConvolutionsChannelsLastPass
    : impl::ConvolutionsChannelsLastBase<ConvolutionsChannelsLastPass> {
  using ConvolutionsChannelsLastBase::ConvolutionsChannelsLastBase;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    SmallVector<FirstConvolution> convolutions;
    function.walk([&](linalg::GenericOp generic) {
      if (std::optional<FirstConvolution> conv = matchFirst(generic))
        if (eligible(*conv, allTypes))
          convolutions.push_back(*conv);
    });
    if (convolutions.empty())
      return;
    // Pooling follows the convolutions' layout.
    SmallVector<FirstWindowReduction> reductions;
    function.walk([&](linalg::GenericOp generic) {
      if (std::optional<FirstWindowReduction> window = matchWindowReduction(generic))
        reductions.push_back(*window);
    });
    IRRewriter rewriter(&getContext());
    for (FirstConvolution &conv : convolutions)
      rewriteChannelsLast(conv, rewriter);
    for (FirstWindowReduction &window : reductions)
      rewriteWindowReductionLast(window, rewriter);
    RewritePatternSet patterns(&getContext());
    patterns.add<ComposeTransposes, SinkThroughElementwise, ReadThroughTranspose, SinkThroughPad,
                 SinkThroughCollapse<tensor::CollapseShapeOp>,
                 SinkThroughCollapse<tensor::ReshapeOp>>(&getContext());
    if (failed(applyPatternsGreedily(function, std::move(patterns))))
      return signalPassFailure();
    function.walk([](linalg::TransposeOp transpose) { transpose->removeAttr(kMarker); });
  }
};

} // namespace
} // namespace pt2c
