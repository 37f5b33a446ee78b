//===- PrimTypeInferenceCompute.cpp - Checks of the compute prim ops ------===//
//
// Gather/scatter, reductions, matmul, convolution and reduce_window. The
// labels (C1, ...) are those of include/pt2c/Dialect/Prim/PrimComputeOps.td.
//
//===----------------------------------------------------------------------===//

#include "PrimTypeInferenceCommon.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using namespace pt2c::prim;
using namespace pt2c::prim::detail;

/// The element types that `kind` can combine.
static ElementClass reduceKindClass(ReduceKind kind) {
  switch (kind) {
  case ReduceKind::sum:
  case ReduceKind::prod:
    return ElementClass::Numeric;
  case ReduceKind::max:
  case ReduceKind::min:
    return ElementClass::Any;
  case ReduceKind::And:
  case ReduceKind::Or:
    return ElementClass::Integer;
  }
  return ElementClass::Any;
}

static LogicalResult checkReduceKind(OptLoc loc, StringRef label,
                                     ReduceKind kind, Type elementType) {
  if (isElementOfClass(elementType, reduceKindClass(kind)))
    return success();
  return emitOptionalError(loc, label, ": ", stringifyReduceKind(kind),
                           " cannot combine element type ", elementType,
                           " (needs ", classText(reduceKindClass(kind)), ")");
}

/// `shape` without `dims` (which are sorted).
static llvm::SmallVector<int64_t> dropDims(ArrayRef<int64_t> shape,
                                           ArrayRef<int64_t> dims) {
  llvm::SmallVector<int64_t> kept;
  for (auto [dim, size] : llvm::enumerate(shape))
    if (!llvm::is_contained(dims, static_cast<int64_t>(dim)))
      kept.push_back(size);
  return kept;
}

/// `values`, or `size` copies of `fill` when empty (an absent attribute).
static llvm::SmallVector<int64_t> orDefault(ArrayRef<int64_t> values,
                                            size_t size, int64_t fill) {
  if (values.empty())
    return llvm::SmallVector<int64_t>(size, fill);
  return llvm::SmallVector<int64_t>(values);
}

//===----------------------------------------------------------------------===//
// Gather and scatter
//===----------------------------------------------------------------------===//

// numpy.take: operand.shape[:dim] ++ indices.shape ++ operand.shape[dim+1:].
LogicalResult pt2c::prim::inferTakeOp(OptLoc loc, Type operand, Type indices,
                                      int64_t dimension,
                                      RankedTensorType &result) {
  RankedTensorType type = getTensor(loc, operand, "operand");
  RankedTensorType indexType = getTensor(loc, indices, "indices");
  if (!type || !indexType ||
      failed(checkDimension(loc, "C1", dimension, type.getRank())) ||
      failed(checkIndexElementType(loc, "C2", indexType)))
    return failure();
  ArrayRef<int64_t> shape = type.getShape();
  llvm::SmallVector<int64_t> resultShape(shape.take_front(dimension));
  llvm::append_range(resultShape, indexType.getShape());
  llvm::append_range(resultShape, shape.drop_front(dimension + 1));
  result = RankedTensorType::get(resultShape, type.getElementType());
  return success();
}

/// C4 of take_along, C5 of scatter: outside `dimension`, the indices
/// are no larger than the operand.
static LogicalResult checkIndicesFit(OptLoc loc, StringRef label,
                                     RankedTensorType type,
                                     RankedTensorType indexType,
                                     int64_t dimension) {
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    int64_t size = type.getDimSize(dim), indexSize = indexType.getDimSize(dim);
    if (dim != dimension && size != kDynamic && indexSize != kDynamic &&
        indexSize > size)
      return emitOptionalError(loc, label, ": indices size ", indexSize,
                               " in dim ", dim, " exceeds operand size ", size);
  }
  return success();
}

// torch.gather: the result has the indices' shape.
LogicalResult pt2c::prim::inferTakeAlongOp(OptLoc loc, Type operand,
                                           Type indices, int64_t dimension,
                                           RankedTensorType &result) {
  RankedTensorType type = getTensor(loc, operand, "operand");
  RankedTensorType indexType = getTensor(loc, indices, "indices");
  if (!type || !indexType)
    return failure();
  if (type.getRank() != indexType.getRank())
    return emitOptionalError(loc, "C1: operand rank ", type.getRank(),
                             " and indices rank ", indexType.getRank(),
                             " differ");
  if (failed(checkDimension(loc, "C2", dimension, type.getRank())) ||
      failed(checkIndexElementType(loc, "C3", indexType)) ||
      failed(checkIndicesFit(loc, "C4", type, indexType, dimension)))
    return failure();
  result = RankedTensorType::get(indexType.getShape(), type.getElementType());
  return success();
}

LogicalResult pt2c::prim::inferScatterOp(OptLoc loc, ScatterKind kind,
                                         Type operand, Type indices,
                                         Type updates, int64_t dimension,
                                         RankedTensorType &result) {
  RankedTensorType type = getTensor(loc, operand, "operand");
  RankedTensorType indexType = getTensor(loc, indices, "indices");
  RankedTensorType updateType = getTensor(loc, updates, "updates");
  if (!type || !indexType || !updateType)
    return failure();
  if (type.getRank() != indexType.getRank() ||
      type.getRank() != updateType.getRank())
    return emitOptionalError(loc, "C1: operand, indices and updates ranks ",
                             type.getRank(), ", ", indexType.getRank(), " and ",
                             updateType.getRank(), " differ");
  if (failed(checkDimension(loc, "C2", dimension, type.getRank())) ||
      failed(checkIndexElementType(loc, "C3", indexType)))
    return failure();
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (!compatible(indexType.getDimSize(dim), updateType.getDimSize(dim)))
      return emitOptionalError(
          loc, "C4: indices shape ", listStr(indexType.getShape()),
          " and updates shape ", listStr(updateType.getShape()),
          " are not compatible");
  if (failed(checkIndicesFit(loc, "C5", type, indexType, dimension)))
    return failure();
  if (updateType.getElementType() != type.getElementType())
    return emitOptionalError(
        loc, "C6: updates element type ", updateType.getElementType(),
        " is not the operand element type ", type.getElementType());
  // Sums and products of booleans are not torch ops; overwriting, max
  // and min are defined for every element type.
  bool arithmetic = kind == ScatterKind::add || kind == ScatterKind::mul;
  if (failed(checkElementClass(loc, "C6", "operand", type.getElementType(),
                               arithmetic ? ElementClass::Numeric
                                          : ElementClass::Any)))
    return failure();
  result = type;
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

// Sorted dims keep the result's dim order obvious and make duplicates an
// error rather than a silent no-op.
LogicalResult pt2c::prim::inferReduceOp(OptLoc loc, ReduceKind kind,
                                        Type operand,
                                        ArrayRef<int64_t> dimensions,
                                        RankedTensorType &result) {
  RankedTensorType type = getTensor(loc, operand, "operand");
  if (!type ||
      failed(checkSortedDims(loc, "C1", "dimensions", dimensions,
                             type.getRank())) ||
      failed(checkReduceKind(loc, "C2", kind, type.getElementType())))
    return failure();
  result = RankedTensorType::get(dropDims(type.getShape(), dimensions),
                                 type.getElementType());
  return success();
}

LogicalResult pt2c::prim::inferArgReduceOp(OptLoc loc, Type operand,
                                           int64_t dimension,
                                           RankedTensorType &result) {
  RankedTensorType type = getTensor(loc, operand, "operand");
  if (!type || failed(checkDimension(loc, "C1", dimension, type.getRank())) ||
      failed(checkElementClass(loc, "C2", "operand", type.getElementType(),
                               ElementClass::Numeric)))
    return failure();
  result = RankedTensorType::get(dropDims(type.getShape(), {dimension}),
                                 IntegerType::get(type.getContext(), 64));
  return success();
}

LogicalResult pt2c::prim::inferCumsumOp(OptLoc loc, Type operand,
                                        int64_t dimension,
                                        RankedTensorType &result) {
  RankedTensorType type = getTensor(loc, operand, "operand");
  if (!type || failed(checkDimension(loc, "C1", dimension, type.getRank())) ||
      failed(checkElementClass(loc, "C2", "operand", type.getElementType(),
                               ElementClass::Numeric)))
    return failure();
  result = type;
  return success();
}

//===----------------------------------------------------------------------===//
// Matmul
//===----------------------------------------------------------------------===//

// [..., M, K] x [..., K, N] -> [..., M, N]; a static batch size on either
// side refines a `?` on the other.
LogicalResult pt2c::prim::inferMatmulOp(OptLoc loc, Type lhs, Type rhs,
                                        RankedTensorType &result) {
  RankedTensorType lhsType = getTensor(loc, lhs, "lhs");
  RankedTensorType rhsType = getTensor(loc, rhs, "rhs");
  if (!lhsType || !rhsType)
    return failure();
  int64_t rank = lhsType.getRank();
  if (rank < 2 || rhsType.getRank() != rank)
    return emitOptionalError(loc, "C1: lhs rank ", rank, " and rhs rank ",
                             rhsType.getRank(),
                             " must be equal and at least 2");
  if (lhsType.getElementType() != rhsType.getElementType())
    return emitOptionalError(loc, "C2: lhs element type ",
                             lhsType.getElementType(), " and rhs element type ",
                             rhsType.getElementType(), " differ");
  if (failed(checkElementClass(loc, "C2", "operand", lhsType.getElementType(),
                               ElementClass::Numeric)))
    return failure();
  llvm::SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < rank - 2; ++dim) {
    int64_t lhsSize = lhsType.getDimSize(dim),
            rhsSize = rhsType.getDimSize(dim);
    if (!compatible(lhsSize, rhsSize))
      return emitOptionalError(loc, "C3: batch dim ", dim, " has size ",
                               dimStr(lhsSize), " in lhs and ", dimStr(rhsSize),
                               " in rhs");
    shape.push_back(refine(lhsSize, rhsSize));
  }
  int64_t lhsK = lhsType.getDimSize(rank - 1);
  int64_t rhsK = rhsType.getDimSize(rank - 2);
  if (!compatible(lhsK, rhsK))
    return emitOptionalError(loc, "C4: contracting size ", dimStr(lhsK),
                             " of lhs and ", dimStr(rhsK), " of rhs differ");
  shape.push_back(lhsType.getDimSize(rank - 2));
  shape.push_back(rhsType.getDimSize(rank - 1));
  result = RankedTensorType::get(shape, lhsType.getElementType());
  return success();
}

//===----------------------------------------------------------------------===//
// Convolution and reduce_window
//===----------------------------------------------------------------------===//

/// C2/C3 of convolution, C1/C2 of reduce_window: `name` has `size` entries
/// (or is empty: absent) all at least `minimum`.
static LogicalResult checkWindowAttr(OptLoc loc, StringRef sizeLabel,
                                     StringRef valueLabel, StringRef name,
                                     ArrayRef<int64_t> values, size_t size,
                                     int64_t minimum, bool optional = true) {
  if ((!optional || !values.empty()) && values.size() != size)
    return emitOptionalError(loc, sizeLabel, ": ", name, " ", listStr(values),
                             " has ", values.size(), " entries, expected ",
                             size);
  for (int64_t value : values)
    if (value < minimum)
      return emitOptionalError(loc, valueLabel, ": ", name, " ",
                               listStr(values), " has an entry below ",
                               minimum);
  return success();
}

LogicalResult pt2c::prim::inferConvolutionOp(
    OptLoc loc, Type input, Type weight, ArrayRef<int64_t> strides,
    ArrayRef<int64_t> padding, ArrayRef<int64_t> lhsDilation,
    ArrayRef<int64_t> rhsDilation, int64_t featureGroupCount,
    RankedTensorType &result) {
  RankedTensorType inputType = getTensor(loc, input, "input");
  RankedTensorType weightType = getTensor(loc, weight, "weight");
  if (!inputType || !weightType)
    return failure();
  int64_t rank = inputType.getRank();
  if (rank < 3 || weightType.getRank() != rank)
    return emitOptionalError(loc, "C1: input rank ", rank, " and weight rank ",
                             weightType.getRank(),
                             " must be equal and at least 3");
  size_t spatial = rank - 2;
  if (failed(
          checkWindowAttr(loc, "C2", "C3", "strides", strides, spatial, 1)) ||
      failed(checkWindowAttr(loc, "C2", "C3", "padding", padding, 2 * spatial,
                             0)) ||
      failed(checkWindowAttr(loc, "C2", "C3", "lhs_dilation", lhsDilation,
                             spatial, 1)) ||
      failed(checkWindowAttr(loc, "C2", "C3", "rhs_dilation", rhsDilation,
                             spatial, 1)))
    return failure();

  int64_t outFeatures = weightType.getDimSize(0);
  int64_t inFeatures = inputType.getDimSize(1);
  int64_t groupFeatures = weightType.getDimSize(1);
  if (featureGroupCount < 1 ||
      (outFeatures != kDynamic && outFeatures % featureGroupCount != 0))
    return emitOptionalError(loc, "C4: feature_group_count ", featureGroupCount,
                             " is not a positive divisor of the ",
                             dimStr(outFeatures), " output features");
  if (groupFeatures != kDynamic &&
      !compatible(inFeatures, groupFeatures * featureGroupCount))
    return emitOptionalError(loc, "C4: input has ", dimStr(inFeatures),
                             " features, expected ", groupFeatures, " x ",
                             featureGroupCount, " (weight dim 1 x groups)");
  if (inputType.getElementType() != weightType.getElementType())
    return emitOptionalError(
        loc, "C5: input element type ", inputType.getElementType(),
        " and weight element type ", weightType.getElementType(), " differ");
  if (failed(checkElementClass(loc, "C5", "input", inputType.getElementType(),
                               ElementClass::Numeric)))
    return failure();

  // Output [N, O, R1..Rs] with R from windowedSize: the input dilated by
  // lhs_dilation and padded, the kernel dilated by rhs_dilation.
  llvm::SmallVector<int64_t> stride = orDefault(strides, spatial, 1);
  llvm::SmallVector<int64_t> pad = orDefault(padding, 2 * spatial, 0);
  llvm::SmallVector<int64_t> lhsDil = orDefault(lhsDilation, spatial, 1);
  llvm::SmallVector<int64_t> rhsDil = orDefault(rhsDilation, spatial, 1);
  llvm::SmallVector<int64_t> shape = {inputType.getDimSize(0), outFeatures};
  for (size_t i = 0; i < spatial; ++i) {
    int64_t size = inputType.getDimSize(i + 2);
    int64_t kernel = weightType.getDimSize(i + 2);
    if (kernel == kDynamic) {
      shape.push_back(kDynamic);
      continue;
    }
    int64_t out = windowedSize(size, kernel, stride[i], pad[2 * i],
                               pad[2 * i + 1], lhsDil[i], rhsDil[i]);
    if (out < 0 && out != kDynamic)
      return emitOptionalError(loc, "C6: kernel size ", kernel, " (dilation ",
                               rhsDil[i], ") does not fit in spatial dim ", i,
                               " of size ", size, " padded by ", pad[2 * i],
                               " and ", pad[2 * i + 1],
                               out == kWindowOverflow ? " (the extent overflows int64)" : "");
    shape.push_back(out);
  }
  result = RankedTensorType::get(shape, inputType.getElementType());
  return success();
}

LogicalResult pt2c::prim::inferReduceWindowOp(
    OptLoc loc, ReduceKind kind, Type operand,
    ArrayRef<int64_t> windowDimensions, ArrayRef<int64_t> strides,
    ArrayRef<int64_t> windowDilations, ArrayRef<int64_t> padding,
    RankedTensorType &result) {
  RankedTensorType type = getTensor(loc, operand, "operand");
  if (!type)
    return failure();
  size_t rank = type.getRank();
  if (failed(checkWindowAttr(loc, "C1", "C2", "window_dimensions",
                             windowDimensions, rank, 1,
                             /*optional=*/false)) ||
      failed(checkWindowAttr(loc, "C1", "C2", "strides", strides, rank, 1)) ||
      failed(checkWindowAttr(loc, "C1", "C2", "window_dilations",
                             windowDilations, rank, 1)) ||
      failed(
          checkWindowAttr(loc, "C1", "C2", "padding", padding, 2 * rank, 0)) ||
      failed(checkReduceKind(loc, "C3", kind, type.getElementType())))
    return failure();

  llvm::SmallVector<int64_t> stride = orDefault(strides, rank, 1);
  llvm::SmallVector<int64_t> dilation = orDefault(windowDilations, rank, 1);
  llvm::SmallVector<int64_t> pad = orDefault(padding, 2 * rank, 0);
  llvm::SmallVector<int64_t> shape;
  for (size_t dim = 0; dim < rank; ++dim) {
    int64_t size = type.getDimSize(dim);
    int64_t out =
        windowedSize(size, windowDimensions[dim], stride[dim], pad[2 * dim],
                     pad[2 * dim + 1], 1, dilation[dim]);
    if (out < 0 && out != kDynamic)
      return emitOptionalError(
          loc, "C4: window size ", windowDimensions[dim], " (dilation ",
          dilation[dim], ") does not fit in dim ", dim, " of size ", size,
          " padded by ", pad[2 * dim], " and ", pad[2 * dim + 1],
          out == kWindowOverflow ? " (the extent overflows int64)" : "");
    shape.push_back(out);
  }
  result = RankedTensorType::get(shape, type.getElementType());
  return success();
}
