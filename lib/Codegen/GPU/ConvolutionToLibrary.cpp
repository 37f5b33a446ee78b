//===- ConvolutionToLibrary.cpp - The pt2c-convolution-to-library pass ----===//
//
// PrimToLinalg writes a 2-d convolution as its windows copied out (im2col:
// a [N, G, C/G, KH, KW, OH, OW] tensor) and a batched matmul of the
// weights [G, F/G, C/G*KH*KW] with them, often behind a zero tensor.pad.
// cuDNN does the same convolution without copying the windows out, with
// algorithms tuned per shape (implicit GEMM, Winograd, FFT). This pass
// recognizes the chain on tensors, before anything is fused into it, and
// hands it to the runtime's pt2crt_cuda_conv (runtime/src/CudaConv.h), which
// decides at run time, when it knows whether cuDNN opens and the operands'
// strides; the chain itself is kept behind the answer for when it declines.
//
// pt2c-convolutions-channels-last writes 16-bit convolutions channels-last
// (windows [N, OH, OW, G, KH, KW, C/G] of an NHWC input, a filter [F, KH,
// KW, C/G], the matmul over (n, p, g, f, r)); such a chain is handed over
// with x and y as transposed strided views and the filter flagged NHWC.
//
// float16 and bfloat16 convolutions sum in float32 in both (PrimToLinalg's
// matmul widens its 16-bit operands into a float32 accumulator, and a
// truncf follows): cuDNN writes the 16-bit result, rounded once, and a
// widening generic hands the chain its float32 tensor back. The truncf
// downstream then rounds nothing, and fusion folds the pair away.
//
// The call needs buffers, so it is built with bufferization's bridges:
// the operands are `bufferization.to_buffer` (read only, any strides), the
// result a fresh buffer turned back into a tensor with `to_tensor`, and the
// fallback writes its result into that buffer with
// `materialize_in_destination`. One-shot bufferization takes all of it.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/GPU/Passes.h"
#include "pt2c/Codegen/AffineTerms.h"

#include "LibraryCall.h"
#include "pt2c/library_calls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

#include <optional>

namespace pt2c {

#define GEN_PASS_DEF_CONVOLUTIONTOLIBRARY
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;
using library::constantI64;
using library::toI64;

constexpr llvm::StringLiteral kConvFunction = "pt2crt_cuda_conv";
constexpr unsigned kConvParameters = PT2CRT_CONV_PARAMETERS;
constexpr int64_t kDeclined = PT2CRT_CONV_DECLINED;
using library::typeCode;

bool isZeroFloat(Value value) {
  APFloat constant(0.0f);
  return matchPattern(value, m_ConstantFloat(&constant)) && constant.isZero() &&
         !constant.isNegative();
}

/// A convolution found in the tensor chain.
struct Convolution {
  linalg::GenericOp matmul; ///< weights [G, F/G, R] x windows -> [N, G, F/G, P]
  linalg::FillOp init;      ///< its zero-filled accumulator
  tensor::CollapseShapeOp windowsView;
  linalg::GenericOp windows; ///< im2col
  tensor::PadOp pad;         ///< looked through (symmetric); null if not
  Value input;               ///< [N, C, H, W] (or [N, H, W, C]) given to cuDNN
  Type elementType;          ///< of the input and weights (the matmul sums in f32)
  int64_t groups, kernel[2], output[2], strides[2], dilations[2], padding[2] = {0, 0};
  /// pt2c-convolutions-channels-last's form: NHWC input, filter [F, KH, KW,
  /// C/G], matmul (n, p, g, f, r) writing [N, P, G, F/G]. The windows
  /// generic is null for a 1x1 stride-1 convolution (the input is read
  /// through reshapes).
  bool channelsLast = false;
};

/// A channels-last 1x1 stride-1 convolution's windows: the input [N, H, W,
/// C] read as [N, H * W, G, C/G].
std::optional<Convolution> matchPointwiseLast(Value windowsOperand) {
  auto split = windowsOperand.getDefiningOp<tensor::ExpandShapeOp>();
  if (!split || split.getReassociationIndices() !=
                    SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}})
    return std::nullopt;
  auto rows = split.getSrc().getDefiningOp<tensor::CollapseShapeOp>();
  if (!rows || rows.getReassociationIndices() !=
                   SmallVector<ReassociationIndices>{{0}, {1, 2}, {3}})
    return std::nullopt;
  auto inputType = cast<RankedTensorType>(rows.getSrc().getType());
  if (!typeCode(inputType.getElementType()) || inputType.isDynamicDim(1) ||
      inputType.isDynamicDim(2) || inputType.isDynamicDim(3))
    return std::nullopt;
  Convolution conv;
  conv.channelsLast = true;
  conv.input = rows.getSrc();
  conv.elementType = inputType.getElementType();
  conv.groups = split.getResultType().getDimSize(2);
  conv.kernel[0] = conv.kernel[1] = 1;
  conv.output[0] = inputType.getDimSize(1);
  conv.output[1] = inputType.getDimSize(2);
  conv.strides[0] = conv.strides[1] = conv.dilations[0] = conv.dilations[1] = 1;
  return conv;
}

/// Where a windows generic keeps each part of the window, per layout:
/// channels-first (n, g, c, i, j, y, x) -> input[n, g*C + c, y*sh + i*dh,
/// x*sw + j*dw]; channels-last (n, y, x, g, i, j, c) -> input[n, y*sh +
/// i*dh, x*sw + j*dw, g*C + c].
struct WindowsForm {
  unsigned group, perGroup, kernel[2], output[2]; // loops
  unsigned channel, row, column;                  // input dims
};
constexpr WindowsForm kWindowsFirst = {1, 2, {3, 4}, {5, 6}, 1, 2, 3};
constexpr WindowsForm kWindowsLast = {3, 6, {4, 5}, {1, 2}, 3, 1, 2};

/// The im2col generic of `form`, copying to the identity.
std::optional<Convolution> matchWindows(linalg::GenericOp windows, const WindowsForm &form) {
  if (!windows || windows.getNumDpsInputs() != 1 || windows.getNumDpsInits() != 1 ||
      windows.getNumLoops() != 7 || windows.getNumReductionLoops() != 0)
    return std::nullopt;
  Block &body = windows.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (body.getOperations().size() != 1 || yield.getValues()[0] != body.getArgument(0))
    return std::nullopt;
  AffineMap read = windows.getIndexingMapsArray()[0];
  AffineMap write = windows.getIndexingMapsArray()[1];
  auto inputType = dyn_cast<RankedTensorType>(windows.getDpsInputs()[0].getType());
  auto windowsType = cast<RankedTensorType>(windows.getResult(0).getType());
  if (!write.isIdentity() || read.getNumResults() != 4 || !inputType ||
      !typeCode(inputType.getElementType()))
    return std::nullopt;
  for (int64_t d = 1; d < 7; ++d)
    if (windowsType.isDynamicDim(d))
      return std::nullopt;
  for (int64_t d = 1; d < 4; ++d)
    if (inputType.isDynamicDim(d))
      return std::nullopt;
  if (read.getResult(0) != getAffineDimExpr(0, read.getContext()))
    return std::nullopt;
  auto channels = twoTerms(read.getResult(form.channel), 7, form.group, form.perGroup);
  auto rows = twoTerms(read.getResult(form.row), 7, form.output[0], form.kernel[0]);
  auto columns = twoTerms(read.getResult(form.column), 7, form.output[1], form.kernel[1]);
  // Channel g*C + c: C is the windows' channel count, c steps by one.
  if (!channels || !rows || !columns || channels->second != 1 ||
      channels->first != windowsType.getDimSize(form.perGroup))
    return std::nullopt;
  Convolution conv;
  conv.channelsLast = &form == &kWindowsLast;
  conv.windows = windows;
  conv.input = windows.getDpsInputs()[0];
  conv.elementType = inputType.getElementType();
  conv.groups = windowsType.getDimSize(form.group);
  if (conv.groups * windowsType.getDimSize(form.perGroup) !=
      inputType.getDimSize(form.channel))
    return std::nullopt;
  for (int i = 0; i < 2; ++i) {
    conv.kernel[i] = windowsType.getDimSize(form.kernel[i]);
    conv.output[i] = windowsType.getDimSize(form.output[i]);
  }
  conv.strides[0] = rows->first, conv.dilations[0] = rows->second;
  conv.strides[1] = columns->first, conv.dilations[1] = columns->second;
  return conv;
}

/// A zero tensor.pad of the spatial dims only, the same before and after:
/// cuDNN pads itself.
void lookThroughPad(Convolution &conv) {
  auto pad = conv.input.getDefiningOp<tensor::PadOp>();
  if (!pad || !isZeroFloat(pad.getConstantPaddingValue()) || pad.getNofold())
    return;
  ArrayRef<int64_t> low = pad.getStaticLow(), high = pad.getStaticHigh();
  if (llvm::any_of(low, ShapedType::isDynamic) || llvm::any_of(high, ShapedType::isDynamic))
    return;
  // The spatial dims: 2, 3 (NCHW) or 1, 2 (NHWC); the others unpadded.
  int64_t rows = conv.channelsLast ? 1 : 2, columns = rows + 1;
  int64_t channels = conv.channelsLast ? 3 : 1;
  if (low[0] || high[0] || low[channels] || high[channels] || low[rows] != high[rows] ||
      low[columns] != high[columns])
    return;
  conv.pad = pad;
  conv.input = pad.getSource();
  conv.padding[0] = low[rows];
  conv.padding[1] = low[columns];
}

/// The channels-last chain behind a contraction whose maps, operand types
/// and zero-filled accumulator were checked.
std::optional<Convolution> matchConvolutionLast(linalg::GenericOp matmul, linalg::FillOp init,
                                                Type operandType) {
  std::optional<Convolution> conv;
  Value windowsOperand = matmul.getDpsInputs()[1];
  auto view = windowsOperand.getDefiningOp<tensor::CollapseShapeOp>();
  if (view && view.getReassociationIndices() ==
                  SmallVector<ReassociationIndices>{{0}, {1, 2}, {3}, {4, 5, 6}}) {
    conv = matchWindows(view.getSrc().getDefiningOp<linalg::GenericOp>(), kWindowsLast);
    if (conv) {
      conv->windowsView = view;
      lookThroughPad(*conv);
    }
  } else {
    conv = matchPointwiseLast(windowsOperand);
  }
  auto weightType = cast<RankedTensorType>(matmul.getDpsInputs()[0].getType());
  if (!conv || !weightType.hasStaticShape() || weightType.getDimSize(0) != conv->groups ||
      conv->elementType != operandType)
    return std::nullopt;
  // Channels not a multiple of 8 (a patch embedding left unpadded) leave
  // cuDNN no tensor-core kernel; the windows and the matmul over them are a
  // GEMM for pt2c-gemm-to-library.
  int64_t channels = cast<RankedTensorType>(conv->input.getType()).getDimSize(3);
  if (conv->groups == 1 && channels % 8 != 0)
    return std::nullopt;
  conv->matmul = matmul;
  conv->init = init;
  return conv;
}

/// The whole chain behind a contraction, or nothing.
std::optional<Convolution> matchConvolution(linalg::GenericOp matmul) {
  if (!matmul.hasPureTensorSemantics() || matmul.getNumDpsInputs() != 2 ||
      matmul.getNumDpsInits() != 1 || !library::isMultiplyAdd(matmul))
    return std::nullopt;
  // (n, g, f, r, p): weights (g, f, r), windows (n, g, r, p), out (n, g, f, p).
  MLIRContext *context = matmul.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, context); };
  SmallVector<AffineMap> expected = {
      AffineMap::get(5, 0, {d(1), d(2), d(3)}, context),
      AffineMap::get(5, 0, {d(0), d(1), d(3), d(4)}, context),
      AffineMap::get(5, 0, {d(0), d(1), d(2), d(4)}, context)};
  // (n, p, g, f, r): weights (g, f, r), windows (n, p, g, r), out (n, p, g, f).
  SmallVector<AffineMap> expectedLast = {
      AffineMap::get(5, 0, {d(2), d(3), d(4)}, context),
      AffineMap::get(5, 0, {d(0), d(1), d(2), d(4)}, context),
      AffineMap::get(5, 0, {d(0), d(1), d(2), d(3)}, context)};
  bool channelsLast = matmul.getIndexingMapsArray() == expectedLast;
  if (!channelsLast && matmul.getIndexingMapsArray() != expected)
    return std::nullopt;
  // 16-bit operands are widened in the body; the sum is always f32.
  Type operandType = getElementTypeOrSelf(matmul.getDpsInputs()[0].getType());
  if (getElementTypeOrSelf(matmul.getDpsInputs()[1].getType()) != operandType ||
      !typeCode(operandType) || !getElementTypeOrSelf(matmul.getResult(0).getType()).isF32())
    return std::nullopt;
  auto init = matmul.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  if (!init || !isZeroFloat(init.getInputs()[0]))
    return std::nullopt;
  if (channelsLast)
    return matchConvolutionLast(matmul, init, operandType);
  auto view = matmul.getDpsInputs()[1].getDefiningOp<tensor::CollapseShapeOp>();
  if (!view || view.getReassociationIndices() !=
                   SmallVector<ReassociationIndices>{{0}, {1}, {2, 3, 4}, {5, 6}})
    return std::nullopt;
  std::optional<Convolution> conv =
      matchWindows(view.getSrc().getDefiningOp<linalg::GenericOp>(), kWindowsFirst);
  if (!conv)
    return std::nullopt;
  auto weightType = cast<RankedTensorType>(matmul.getDpsInputs()[0].getType());
  if (!weightType.hasStaticShape() || weightType.getDimSize(0) != conv->groups ||
      conv->elementType != operandType)
    return std::nullopt;
  conv->matmul = matmul;
  conv->init = init;
  conv->windowsView = view;
  lookThroughPad(*conv);
  return conv;
}

/// `tensor` with every element converted to `elementType` (extf or truncf)
/// by an elementwise generic.
Value convertElements(OpBuilder &b, Location loc, Value tensor, Type elementType) {
  auto type = cast<RankedTensorType>(tensor.getType());
  Value init = tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, tensor),
                                       elementType);
  AffineMap identity = b.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(), utils::IteratorType::parallel);
  bool widen = elementType.getIntOrFloatBitWidth() > type.getElementTypeBitWidth();
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), ValueRange{tensor}, ValueRange{init},
      ArrayRef<AffineMap>{identity, identity}, iterators,
      [&](OpBuilder &body, Location bodyLoc, ValueRange args) {
        Value converted =
            widen ? arith::ExtFOp::create(body, bodyLoc, elementType, args[0]).getResult()
                  : arith::TruncFOp::create(body, bodyLoc, elementType, args[0]).getResult();
        linalg::YieldOp::create(body, bodyLoc, converted);
      });
  return generic.getResult(0);
}

void replaceWithCall(Convolution &conv, func::FuncOp function, bool allowTF32,
                     IRRewriter &rewriter) {
  linalg::GenericOp matmul = conv.matmul;
  Location loc = matmul.getLoc();
  rewriter.setInsertionPoint(matmul);
  auto resultType = cast<RankedTensorType>(matmul.getResult(0).getType());
  auto weightType = cast<RankedTensorType>(matmul.getDpsInputs()[0].getType());
  Value x = library::readOnlyBuffer(rewriter, loc, conv.input);
  Value weights = library::readOnlyBuffer(rewriter, loc, matmul.getDpsInputs()[0]);
  Value batch = memref::DimOp::create(rewriter, loc, x, 0);
  Value n = toI64(rewriter, loc, batch);
  // y holds the result in the operands' type: what cuDNN writes.
  auto outputType = MemRefType::get(resultType.getShape(), conv.elementType);
  Value y = memref::AllocOp::create(rewriter, loc, outputType,
                                    resultType.isDynamicDim(0) ? ValueRange{batch} : ValueRange{});

  // The runtime takes x as [n, c, h, w] and y as [n, g, f / g, p] with
  // strides: channels-last buffers are passed as transposed views.
  auto permuted = [&](Value memref, ArrayRef<unsigned> permutation) -> Value {
    if (!conv.channelsLast)
      return memref;
    AffineMap map = AffineMap::getPermutationMap(permutation, rewriter.getContext());
    return memref::TransposeOp::create(rewriter, loc, memref, AffineMapAttr::get(map));
  };
  Value xFirst = permuted(x, {0, 3, 1, 2});             // [n, h, w, c] -> [n, c, h, w]
  Value yFirst = permuted(y, {0, 2, 3, 1});             // [n, p, g, f] -> [n, g, f, p]
  auto xFirstType = cast<MemRefType>(xFirst.getType());
  library::MemrefView xView = library::describeMemref(rewriter, loc, xFirst);
  library::MemrefView wView = library::describeMemref(rewriter, loc, weights);
  library::MemrefView yView = library::describeMemref(rewriter, loc, yFirst);
  auto c = [&](int64_t value) { return constantI64(rewriter, loc, value); };
  SmallVector<Value> arguments = {c(*typeCode(conv.elementType)), xView.address, n,
                                  c(xFirstType.getDimSize(1)), c(xFirstType.getDimSize(2)),
                                  c(xFirstType.getDimSize(3))};
  arguments.append(xView.strides);
  arguments.append({wView.address, c(weightType.getDimSize(0) * weightType.getDimSize(1)),
                    c(conv.kernel[0]), c(conv.kernel[1])});
  arguments.append(wView.strides);
  arguments.append({yView.address, c(conv.output[0]), c(conv.output[1])});
  arguments.append(yView.strides);
  arguments.append({c(conv.padding[0]), c(conv.padding[1]), c(conv.strides[0]),
                    c(conv.strides[1]), c(conv.dilations[0]), c(conv.dilations[1]),
                    c(conv.groups), /*accumulate=*/c(0),
                    c((conv.channelsLast ? PT2CRT_CONV_FILTER_CHANNELS_LAST : 0) |
                      (allowTF32 ? PT2CRT_CONV_ALLOW_TF32 : 0))});
  // No epilogue yet: pt2c-convolution-epilogue offers the op after the
  // call once everything is a buffer (bias, residual, output addresses).
  arguments.append({c(0), c(0), c(0)});
  auto call = func::CallOp::create(rewriter, loc, function, arguments);
  Value declined = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::eq, call.getResult(0),
      arith::ConstantIntOp::create(rewriter, loc, rewriter.getI32Type(), kDeclined));

  // The fallback: the chain as it was, writing into y.
  auto fallback = scf::IfOp::create(rewriter, loc, declined, /*withElseRegion=*/false);
  rewriter.setInsertionPoint(fallback.thenBlock()->getTerminator());
  IRMapping mapping;
  SmallVector<Operation *> chain;
  if (conv.pad)
    chain.push_back(conv.pad);
  // (A 1x1 channels-last convolution reads its input through reshapes,
  // which stay where they are.)
  if (conv.windows) {
    for (Value operand : conv.windows.getDpsInits())
      if (Operation *empty = operand.getDefiningOp<tensor::EmptyOp>())
        chain.push_back(empty);
    chain.push_back(conv.windows);
    chain.push_back(conv.windowsView);
  }
  if (Operation *empty = conv.init.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>())
    chain.push_back(empty);
  chain.append({conv.init, matmul});
  for (Operation *op : chain)
    rewriter.clone(*op, mapping);
  Value computed = mapping.lookup(matmul.getResult(0));
  if (conv.elementType != resultType.getElementType())
    computed = convertElements(rewriter, loc, computed, conv.elementType);
  bufferization::MaterializeInDestinationOp::create(rewriter, loc, TypeRange{}, computed, y,
                                                    /*restrict=*/false, /*writable=*/true);

  rewriter.setInsertionPointAfter(fallback);
  Value result = bufferization::ToTensorOp::create(
      rewriter, loc, RankedTensorType::get(resultType.getShape(), conv.elementType), y,
      /*restrict=*/true, /*writable=*/true);
  if (conv.elementType != resultType.getElementType())
    result = convertElements(rewriter, loc, result, resultType.getElementType());
  rewriter.replaceOp(matmul, result);
}

struct ConvolutionToLibraryPass : impl::ConvolutionToLibraryBase<ConvolutionToLibraryPass> {
  using ConvolutionToLibraryBase::ConvolutionToLibraryBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Convolution> convolutions;
    module.walk([&](linalg::GenericOp generic) {
      auto function = generic->getParentOfType<func::FuncOp>();
      if (!function || function.isPrivate())
        return;
      if (std::optional<Convolution> conv = matchConvolution(generic))
        convolutions.push_back(*conv);
    });
    if (convolutions.empty())
      return;
    func::FuncOp function =
        library::declareRuntimeFunction(module, kConvFunction, kConvParameters);
    IRRewriter rewriter(&getContext());
    for (Convolution &conv : convolutions)
      replaceWithCall(conv, function, allowTF32, rewriter);
  }
};

} // namespace

} // namespace pt2c
