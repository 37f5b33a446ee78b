//===- PrimOps.cpp - Verifiers, type inference and folders of prim ops ----===//
//
// Every hook forwards to the free functions of PrimTypeInference.h, which
// hold the checks; the elementwise ops' hooks come from their ODS classes.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Dialect/Prim/PrimOps.h"
#include "pt2c/Dialect/Prim/PrimTypeInference.h"

#include "PrimOpsAsm.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace pt2c::prim;

/// Runs `infer(result)` and appends the result type on success: the shape of
/// every inferReturnTypes below.
template <typename InferFn>
static LogicalResult inferOne(SmallVectorImpl<Type> &inferred,
                              InferFn &&infer) {
  RankedTensorType result;
  if (failed(infer(result)))
    return failure();
  inferred.push_back(result);
  return success();
}

LogicalResult pt2c::prim::detail::verifyInferredResult(
    Operation *op, unsigned label,
    function_ref<LogicalResult(SmallVectorImpl<Type> &)> infer) {
  SmallVector<Type> inferred;
  if (failed(infer(inferred)))
    return failure();
  if (TypeRange(inferred) == op->getResultTypes())
    return success();
  return emitError(op->getLoc(), "C")
         << label << ": result type " << op->getResultTypes()
         << " is not the inferred type " << inferred;
}

/// An optional array attribute's value, or an empty array (its default).
static ArrayRef<int64_t> orEmpty(std::optional<ArrayRef<int64_t>> values) {
  return values.value_or(ArrayRef<int64_t>());
}

/// `values` or, when absent, `size` copies of `fill`.
static SmallVector<int64_t> orFill(std::optional<ArrayRef<int64_t>> values,
                                   size_t size, int64_t fill) {
  if (values)
    return SmallVector<int64_t>(*values);
  return SmallVector<int64_t>(size, fill);
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

LogicalResult CompareOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferCompareOp(loc, adaptor.getLhs().getType(),
                          adaptor.getRhs().getType(), result);
  });
}

LogicalResult SelectOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferSelectOp(loc, adaptor.getPred().getType(),
                         adaptor.getOnTrue().getType(),
                         adaptor.getOnFalse().getType(), result);
  });
}

LogicalResult ConvertOp::verify() {
  return verifyConvertOp(getLoc(), getOperand().getType(), getType());
}

LogicalResult BitcastConvertOp::verify() {
  return verifyBitcastConvertOp(getLoc(), getOperand().getType(), getType());
}

//===----------------------------------------------------------------------===//
// Tensor makers
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferConstantOp(loc, adaptor.getValueAttr(), result);
  });
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValueAttr(); }

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  auto constant = dyn_cast_if_present<DenseElementsAttr>(adaptor.getOperand());
  auto type = dyn_cast<RankedTensorType>(getType());
  if (!constant || !type || !type.hasStaticShape() ||
      type.getNumElements() != constant.getNumElements())
    return {};
  return constant.reshape(type);
}

LogicalResult SplatOp::verify() {
  return verifySplatOp(getLoc(), getScalar().getType(), getType(),
                       getDynamicSizes().size());
}

LogicalResult IotaOp::verify() {
  return verifyIotaOp(getLoc(), static_cast<int64_t>(getDimension()), getType(),
                      getDynamicSizes().size());
}

//===----------------------------------------------------------------------===//
// Shape changes
//===----------------------------------------------------------------------===//

LogicalResult BroadcastInDimOp::verify() {
  return verifyBroadcastInDimOp(getLoc(), getOperand().getType(),
                                getBroadcastDimensions(), getType(),
                                getDynamicSizes().size());
}

LogicalResult ReshapeOp::verify() {
  return verifyReshapeOp(getLoc(), getOperand().getType(), getType(),
                         getDynamicSizes().size());
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferTransposeOp(loc, adaptor.getOperand().getType(),
                            adaptor.getPermutation(), result);
  });
}

LogicalResult SliceOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferSliceOp(loc, adaptor.getOperand().getType(),
                        adaptor.getStartIndices(), adaptor.getLimitIndices(),
                        adaptor.getStrides(), result);
  });
}

LogicalResult PadOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferPadOp(loc, adaptor.getOperand().getType(), adaptor.getLow(),
                      adaptor.getHigh(), orEmpty(adaptor.getInterior()),
                      adaptor.getPaddingValueAttr(), result);
  });
}

LogicalResult ConcatenateOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferConcatenateOp(loc, adaptor.getInputs().getTypes(),
                              static_cast<int64_t>(adaptor.getDimension()),
                              result);
  });
}

LogicalResult ReverseOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferReverseOp(loc, adaptor.getOperand().getType(),
                          adaptor.getDimensions(), result);
  });
}

//===----------------------------------------------------------------------===//
// Gather and scatter
//===----------------------------------------------------------------------===//

LogicalResult TakeOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferTakeOp(loc, adaptor.getOperand().getType(),
                       adaptor.getIndices().getType(),
                       static_cast<int64_t>(adaptor.getDimension()), result);
  });
}

LogicalResult TakeAlongOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferTakeAlongOp(
        loc, adaptor.getOperand().getType(), adaptor.getIndices().getType(),
        static_cast<int64_t>(adaptor.getDimension()), result);
  });
}

LogicalResult ScatterOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferScatterOp(
        loc, adaptor.getKind(), adaptor.getOperand().getType(),
        adaptor.getIndices().getType(),
        adaptor.getUpdates().getType(),
        static_cast<int64_t>(adaptor.getDimension()), result);
  });
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferReduceOp(loc, adaptor.getKind(), adaptor.getOperand().getType(),
                         adaptor.getDimensions(), result);
  });
}

LogicalResult ArgmaxOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferArgReduceOp(loc, adaptor.getOperand().getType(),
                            static_cast<int64_t>(adaptor.getDimension()),
                            result);
  });
}

LogicalResult ArgminOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferArgReduceOp(loc, adaptor.getOperand().getType(),
                            static_cast<int64_t>(adaptor.getDimension()),
                            result);
  });
}

LogicalResult CumsumOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferCumsumOp(loc, adaptor.getOperand().getType(),
                         static_cast<int64_t>(adaptor.getDimension()), result);
  });
}

// cumprod has cumsum's constraints (same labels), so one check serves both.
LogicalResult CumprodOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferCumsumOp(loc, adaptor.getOperand().getType(),
                         static_cast<int64_t>(adaptor.getDimension()), result);
  });
}

//===----------------------------------------------------------------------===//
// Contractions and windows
//===----------------------------------------------------------------------===//

LogicalResult MatmulOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferMatmulOp(loc, adaptor.getLhs().getType(),
                         adaptor.getRhs().getType(), result);
  });
}

LogicalResult ConvolutionOp::inferReturnTypes(MLIRContext *, OptLoc loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferConvolutionOp(
        loc, adaptor.getInput().getType(), adaptor.getWeight().getType(),
        orEmpty(adaptor.getStrides()), orEmpty(adaptor.getPadding()),
        orEmpty(adaptor.getLhsDilation()), orEmpty(adaptor.getRhsDilation()),
        static_cast<int64_t>(adaptor.getFeatureGroupCount().value_or(1)),
        result);
  });
}

/// The number of spatial dims of a convolution.
static size_t numSpatialDims(ConvolutionOp op) {
  return op.getInput().getType().getRank() - 2;
}

SmallVector<int64_t> ConvolutionOp::getStridesOrDefault() {
  return orFill(getStrides(), numSpatialDims(*this), 1);
}
SmallVector<int64_t> ConvolutionOp::getPaddingOrDefault() {
  return orFill(getPadding(), 2 * numSpatialDims(*this), 0);
}
SmallVector<int64_t> ConvolutionOp::getLhsDilationOrDefault() {
  return orFill(getLhsDilation(), numSpatialDims(*this), 1);
}
SmallVector<int64_t> ConvolutionOp::getRhsDilationOrDefault() {
  return orFill(getRhsDilation(), numSpatialDims(*this), 1);
}

LogicalResult
ReduceWindowOp::inferReturnTypes(MLIRContext *, OptLoc loc, Adaptor adaptor,
                                 SmallVectorImpl<Type> &inferred) {
  return inferOne(inferred, [&](RankedTensorType &result) {
    return inferReduceWindowOp(
        loc, adaptor.getKind(), adaptor.getOperand().getType(),
        adaptor.getWindowDimensions(), orEmpty(adaptor.getStrides()),
        orEmpty(adaptor.getWindowDilations()), orEmpty(adaptor.getPadding()),
        result);
  });
}

SmallVector<int64_t> ReduceWindowOp::getStridesOrDefault() {
  return orFill(getStrides(), getOperand().getType().getRank(), 1);
}
SmallVector<int64_t> ReduceWindowOp::getWindowDilationsOrDefault() {
  return orFill(getWindowDilations(), getOperand().getType().getRank(), 1);
}
SmallVector<int64_t> ReduceWindowOp::getPaddingOrDefault() {
  return orFill(getPadding(), 2 * getOperand().getType().getRank(), 0);
}

#define GET_OP_CLASSES
#include "pt2c/Dialect/Prim/PrimOps.cpp.inc"
