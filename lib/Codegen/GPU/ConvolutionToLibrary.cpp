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

/// `expr` as coefficients of the dims, when it is a sum of dims times
/// constants with no constant term.
std::optional<SmallVector<int64_t>> linearCoefficients(AffineExpr expr, unsigned dims) {
  SmallVector<int64_t> coefficients(dims, 0);
  std::function<bool(AffineExpr, int64_t)> visit = [&](AffineExpr e, int64_t factor) {
    if (auto dim = dyn_cast<AffineDimExpr>(e)) {
      coefficients[dim.getPosition()] += factor;
      return true;
    }
    auto binary = dyn_cast<AffineBinaryOpExpr>(e);
    if (!binary)
      return false;
    if (binary.getKind() == AffineExprKind::Add)
      return visit(binary.getLHS(), factor) && visit(binary.getRHS(), factor);
    if (binary.getKind() == AffineExprKind::Mul)
      if (auto constant = dyn_cast<AffineConstantExpr>(binary.getRHS()))
        return visit(binary.getLHS(), factor * constant.getValue());
    return false;
  };
  if (!visit(expr, 1))
    return std::nullopt;
  return coefficients;
}

/// The two coefficients of a `d[a] * x + d[b] * y` expression (x, y >= 1,
/// every other dim absent).
std::optional<std::pair<int64_t, int64_t>> twoTerms(AffineExpr expr, unsigned dims,
                                                    unsigned a, unsigned b) {
  std::optional<SmallVector<int64_t>> coefficients = linearCoefficients(expr, dims);
  if (!coefficients)
    return std::nullopt;
  for (unsigned d = 0; d < dims; ++d)
    if (d != a && d != b && (*coefficients)[d] != 0)
      return std::nullopt;
  if ((*coefficients)[a] < 1 || (*coefficients)[b] < 1)
    return std::nullopt;
  return std::make_pair((*coefficients)[a], (*coefficients)[b]);
}

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
  Value input;               ///< [N, C, H, W] given to cuDNN
  Type elementType;          ///< of the input and weights (the matmul sums in f32)
  int64_t groups, kernel[2], output[2], strides[2], dilations[2], padding[2] = {0, 0};
};

/// The im2col generic: (n, g, c, i, j, y, x) -> input[n, g*C + c, y*sh + i*dh,
/// x*sw + j*dw], copied to the identity.
std::optional<Convolution> matchWindows(linalg::GenericOp windows) {
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
  auto channels = twoTerms(read.getResult(1), 7, 1, 2);
  auto rows = twoTerms(read.getResult(2), 7, 5, 3);
  auto columns = twoTerms(read.getResult(3), 7, 6, 4);
  // Channel g*C + c: C is the windows' channel count, c steps by one.
  if (!channels || !rows || !columns || channels->second != 1 ||
      channels->first != windowsType.getDimSize(2))
    return std::nullopt;
  Convolution conv;
  conv.windows = windows;
  conv.input = windows.getDpsInputs()[0];
  conv.elementType = inputType.getElementType();
  conv.groups = windowsType.getDimSize(1);
  if (conv.groups * windowsType.getDimSize(2) != inputType.getDimSize(1))
    return std::nullopt;
  conv.kernel[0] = windowsType.getDimSize(3);
  conv.kernel[1] = windowsType.getDimSize(4);
  conv.output[0] = windowsType.getDimSize(5);
  conv.output[1] = windowsType.getDimSize(6);
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
  if (low[0] || high[0] || low[1] || high[1] || low[2] != high[2] || low[3] != high[3])
    return;
  conv.pad = pad;
  conv.input = pad.getSource();
  conv.padding[0] = low[2];
  conv.padding[1] = low[3];
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
  if (matmul.getIndexingMapsArray() != expected)
    return std::nullopt;
  // 16-bit operands are widened in the body; the sum is always f32.
  Type operandType = getElementTypeOrSelf(matmul.getDpsInputs()[0].getType());
  if (getElementTypeOrSelf(matmul.getDpsInputs()[1].getType()) != operandType ||
      !typeCode(operandType) || !getElementTypeOrSelf(matmul.getResult(0).getType()).isF32())
    return std::nullopt;
  auto init = matmul.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  if (!init || !isZeroFloat(init.getInputs()[0]))
    return std::nullopt;
  auto view = matmul.getDpsInputs()[1].getDefiningOp<tensor::CollapseShapeOp>();
  if (!view || view.getReassociationIndices() !=
                   SmallVector<ReassociationIndices>{{0}, {1}, {2, 3, 4}, {5, 6}})
    return std::nullopt;
  std::optional<Convolution> conv =
      matchWindows(view.getSrc().getDefiningOp<linalg::GenericOp>());
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

void replaceWithCall(Convolution &conv, func::FuncOp function, IRRewriter &rewriter) {
  linalg::GenericOp matmul = conv.matmul;
  Location loc = matmul.getLoc();
  rewriter.setInsertionPoint(matmul);
  auto resultType = cast<RankedTensorType>(matmul.getResult(0).getType());
  auto weightType = cast<RankedTensorType>(matmul.getDpsInputs()[0].getType());
  auto inputType = cast<RankedTensorType>(conv.input.getType());
  Value x = library::readOnlyBuffer(rewriter, loc, conv.input);
  Value weights = library::readOnlyBuffer(rewriter, loc, matmul.getDpsInputs()[0]);
  Value batch = memref::DimOp::create(rewriter, loc, x, 0);
  Value n = toI64(rewriter, loc, batch);
  // y holds the result in the operands' type: what cuDNN writes.
  auto outputType = MemRefType::get(resultType.getShape(), conv.elementType);
  Value y = memref::AllocOp::create(rewriter, loc, outputType,
                                    resultType.isDynamicDim(0) ? ValueRange{batch} : ValueRange{});

  library::MemrefView xView = library::describeMemref(rewriter, loc, x);
  library::MemrefView wView = library::describeMemref(rewriter, loc, weights);
  library::MemrefView yView = library::describeMemref(rewriter, loc, y);
  auto c = [&](int64_t value) { return constantI64(rewriter, loc, value); };
  SmallVector<Value> arguments = {c(*typeCode(conv.elementType)), xView.address, n,
                                  c(inputType.getDimSize(1)), c(inputType.getDimSize(2)),
                                  c(inputType.getDimSize(3))};
  arguments.append(xView.strides);
  arguments.append({wView.address, c(weightType.getDimSize(0) * weightType.getDimSize(1)),
                    c(conv.kernel[0]), c(conv.kernel[1])});
  arguments.append(wView.strides);
  arguments.append({yView.address, c(conv.output[0]), c(conv.output[1])});
  arguments.append(yView.strides);
  arguments.append({c(conv.padding[0]), c(conv.padding[1]), c(conv.strides[0]),
                    c(conv.strides[1]), c(conv.dilations[0]), c(conv.dilations[1]),
                    c(conv.groups), /*accumulate=*/c(0)});
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
  for (Value operand : conv.windows.getDpsInits())
    if (Operation *empty = operand.getDefiningOp<tensor::EmptyOp>())
      chain.push_back(empty);
  chain.push_back(conv.windows);
  chain.push_back(conv.windowsView);
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
      replaceWithCall(conv, function, rewriter);
  }
};

} // namespace

} // namespace pt2c
