//===- PrimTypeInference.cpp - Checks of elementwise and shape prim ops ---===//
//
// The labelled constraints (C1, ...) are those of the op descriptions in
// include/pt2c/Dialect/Prim/*.td; each message starts with its label.
//
//===----------------------------------------------------------------------===//

#include "PrimTypeInferenceCommon.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace pt2c::prim;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool pt2c::prim::isPrimElementType(Type type) {
  if (type.isF16() || type.isBF16() || type.isF32() || type.isF64())
    return true;
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.isSignless())
      return llvm::is_contained({1u, 8u, 16u, 32u, 64u}, integer.getWidth());
    return integer.isUnsigned() && integer.getWidth() == 8;
  }
  return false;
}

bool pt2c::prim::isElementOfClass(Type type, ElementClass cls) {
  if (!isPrimElementType(type))
    return false;
  switch (cls) {
  case ElementClass::Any:
    return true;
  case ElementClass::Numeric:
    return !type.isInteger(1);
  case ElementClass::Float:
    return isa<FloatType>(type);
  case ElementClass::Integer:
    return isa<IntegerType>(type);
  }
  return false;
}

namespace pt2c::prim::detail {

std::string dimStr(int64_t size) {
  return size == kDynamic ? "?" : std::to_string(size);
}

std::string listStr(ArrayRef<int64_t> values) {
  std::string text = "[";
  for (auto [index, value] : llvm::enumerate(values)) {
    if (index)
      text += ", ";
    text += dimStr(value);
  }
  return text + "]";
}

StringRef classText(ElementClass cls) {
  switch (cls) {
  case ElementClass::Any:
    return "a prim element type";
  case ElementClass::Numeric:
    return "a float or an integer type other than i1";
  case ElementClass::Float:
    return "a float type";
  case ElementClass::Integer:
    return "an integer type";
  }
  return "";
}

RankedTensorType getTensor(OptLoc loc, Type type, StringRef what) {
  auto tensor = dyn_cast_or_null<RankedTensorType>(type);
  if (tensor && isPrimElementType(tensor.getElementType()))
    return tensor;
  (void)emitOptionalError(loc, "expected ", what,
                          " to be a ranked tensor of a prim element type, got ",
                          type);
  return {};
}

LogicalResult checkElementClass(OptLoc loc, StringRef label, StringRef what,
                                Type elementType, ElementClass cls) {
  if (isElementOfClass(elementType, cls))
    return success();
  return emitOptionalError(loc, label, ": ", what, " element type ",
                           elementType, " is not ", classText(cls));
}

LogicalResult checkDimension(OptLoc loc, StringRef label, int64_t dimension,
                             int64_t rank) {
  if (dimension >= 0 && dimension < rank)
    return success();
  return emitOptionalError(loc, label, ": dimension ", dimension,
                           " is out of range [0, ", rank, ")");
}

LogicalResult checkDynamicSizes(OptLoc loc, StringRef label,
                                RankedTensorType result, size_t count) {
  int64_t expected = result.getNumDynamicDims();
  if (static_cast<int64_t>(count) == expected)
    return success();
  return emitOptionalError(loc, label, ": ", count, " dynamic size(s) for ",
                           expected, " '?' dim(s) in result type ", result);
}

LogicalResult checkSortedDims(OptLoc loc, StringRef label, StringRef what,
                              ArrayRef<int64_t> dims, int64_t rank) {
  for (auto [index, dim] : llvm::enumerate(dims)) {
    if (dim < 0 || dim >= rank || (index && dim <= dims[index - 1]))
      return emitOptionalError(loc, label, ": ", what, " ", listStr(dims),
                               " must be strictly increasing within [0, ", rank,
                               ")");
  }
  return success();
}

LogicalResult checkIndexElementType(OptLoc loc, StringRef label,
                                    RankedTensorType indices) {
  Type element = indices.getElementType();
  if (element.isSignlessInteger(32) || element.isSignlessInteger(64))
    return success();
  return emitOptionalError(loc, label, ": the indices' element type ", element,
                           " is not i32 or i64");
}

int64_t windowedSize(int64_t size, int64_t window, int64_t stride, int64_t low,
                     int64_t high, int64_t baseDilation,
                     int64_t windowDilation) {
  if (size == kDynamic)
    return kDynamic;
  // The sizes come from the archive: an extent past int64 (a dilation of
  // 2^62, say) is reported as such (kWindowOverflow), not overflowed.
  auto dilate = [](int64_t extent, int64_t dilation) -> std::optional<int64_t> {
    if (extent == 0)
      return 0;
    std::optional<int64_t> spread = llvm::checkedMul(extent - 1, dilation);
    return spread ? llvm::checkedAdd(*spread, int64_t(1)) : std::nullopt;
  };
  std::optional<int64_t> dilatedSize = dilate(size, baseDilation);
  std::optional<int64_t> dilatedWindow = dilate(window, windowDilation);
  std::optional<int64_t> padded =
      dilatedSize ? llvm::checkedAdd(low, *dilatedSize) : std::nullopt;
  padded = padded ? llvm::checkedAdd(*padded, high) : std::nullopt;
  if (!padded || !dilatedWindow)
    return kWindowOverflow;
  if (stride <= 0 || *padded < *dilatedWindow)
    return -1;
  return (*padded - *dilatedWindow) / stride + 1;
}

} // namespace pt2c::prim::detail

using namespace pt2c::prim::detail;

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

LogicalResult pt2c::prim::inferUnaryOp(OptLoc loc, ElementClass cls,
                                       Type operand, RankedTensorType &result) {
  RankedTensorType type = getTensor(loc, operand, "operand");
  if (!type || failed(checkElementClass(loc, "C1", "operand",
                                        type.getElementType(), cls)))
    return failure();
  result = type;
  return success();
}

// Identical types, not merely compatible ones: the custom syntax writes one
// type, and the lowering needs no run-time shape check.
LogicalResult pt2c::prim::inferBinaryOp(OptLoc loc, ElementClass cls, Type lhs,
                                        Type rhs, RankedTensorType &result) {
  RankedTensorType lhsType = getTensor(loc, lhs, "lhs");
  RankedTensorType rhsType = getTensor(loc, rhs, "rhs");
  if (!lhsType || !rhsType)
    return failure();
  if (lhsType != rhsType)
    return emitOptionalError(loc, "C1: lhs type ", lhsType, " and rhs type ",
                             rhsType, " differ");
  if (failed(checkElementClass(loc, "C2", "operand", lhsType.getElementType(),
                               cls)))
    return failure();
  result = lhsType;
  return success();
}

LogicalResult pt2c::prim::inferCompareOp(OptLoc loc, Type lhs, Type rhs,
                                         RankedTensorType &result) {
  RankedTensorType lhsType = getTensor(loc, lhs, "lhs");
  RankedTensorType rhsType = getTensor(loc, rhs, "rhs");
  if (!lhsType || !rhsType)
    return failure();
  if (lhsType != rhsType)
    return emitOptionalError(loc, "C1: lhs type ", lhsType, " and rhs type ",
                             rhsType, " differ");
  result = RankedTensorType::get(lhsType.getShape(),
                                 IntegerType::get(lhs.getContext(), 1));
  return success();
}

// torch.where broadcasts; prim.select does not (decompositions broadcast).
LogicalResult pt2c::prim::inferSelectOp(OptLoc loc, Type pred, Type onTrue,
                                        Type onFalse,
                                        RankedTensorType &result) {
  RankedTensorType predType = getTensor(loc, pred, "pred");
  RankedTensorType trueType = getTensor(loc, onTrue, "on_true");
  RankedTensorType falseType = getTensor(loc, onFalse, "on_false");
  if (!predType || !trueType || !falseType)
    return failure();
  if (trueType != falseType)
    return emitOptionalError(loc, "C1: on_true type ", trueType,
                             " and on_false type ", falseType, " differ");
  if (!predType.getElementType().isInteger(1) ||
      predType.getShape() != trueType.getShape())
    return emitOptionalError(loc, "C2: pred type ", predType,
                             " is not an i1 tensor of shape ",
                             listStr(trueType.getShape()));
  result = trueType;
  return success();
}

// Only the element type changes; `?` dims must stay `?`.
LogicalResult pt2c::prim::verifyConvertOp(OptLoc loc, Type operand,
                                          Type result) {
  RankedTensorType operandType = getTensor(loc, operand, "operand");
  RankedTensorType resultType = getTensor(loc, result, "result");
  if (!operandType || !resultType)
    return failure();
  if (operandType.getShape() != resultType.getShape())
    return emitOptionalError(
        loc, "C1: operand shape ", listStr(operandType.getShape()),
        " and result shape ", listStr(resultType.getShape()), " differ");
  return success();
}

// Same shape, and elements of one width that a bit copy can move between.
LogicalResult pt2c::prim::verifyBitcastConvertOp(OptLoc loc, Type operand,
                                                 Type result) {
  if (failed(verifyConvertOp(loc, operand, result)))
    return failure();
  Type from = cast<RankedTensorType>(operand).getElementType();
  Type to = cast<RankedTensorType>(result).getElementType();
  auto width = [](Type t) {
    return t.isInteger(1) || t.isUnsignedInteger() ? 0u : t.getIntOrFloatBitWidth();
  };
  if (width(from) == 0 || width(from) != width(to))
    return emitOptionalError(loc, "C2: element types ", from, " and ", to,
                             " are not of one width (i1 and ui8 have no "
                             "bitcast)");
  return success();
}

//===----------------------------------------------------------------------===//
// Tensor makers
//===----------------------------------------------------------------------===//

// A constant has a static shape: filled tensors with `?` dims are splats.
LogicalResult pt2c::prim::inferConstantOp(OptLoc loc, Attribute value,
                                          RankedTensorType &result) {
  auto elements = dyn_cast_or_null<ElementsAttr>(value);
  auto type = elements ? dyn_cast<RankedTensorType>(elements.getType())
                       : RankedTensorType();
  if (!type || !type.hasStaticShape() ||
      !isPrimElementType(type.getElementType()))
    return emitOptionalError(loc, "C1: value ", value,
                             " is not a static tensor of a prim element type");
  result = type;
  return success();
}

LogicalResult pt2c::prim::verifySplatOp(OptLoc loc, Type scalar, Type result,
                                        size_t numDynamicSizes) {
  RankedTensorType resultType = getTensor(loc, result, "result");
  if (!resultType)
    return failure();
  if (scalar != resultType.getElementType())
    return emitOptionalError(loc, "C1: scalar type ", scalar,
                             " is not the result element type ",
                             resultType.getElementType());
  return checkDynamicSizes(loc, "C2", resultType, numDynamicSizes);
}

// No i1 iota: torch.arange has no bool form, and 0/1 would wrap.
LogicalResult pt2c::prim::verifyIotaOp(OptLoc loc, int64_t dimension,
                                       Type result, size_t numDynamicSizes) {
  RankedTensorType resultType = getTensor(loc, result, "result");
  if (!resultType ||
      failed(checkDimension(loc, "C1", dimension, resultType.getRank())) ||
      failed(checkElementClass(loc, "C2", "result", resultType.getElementType(),
                               ElementClass::Numeric)))
    return failure();
  return checkDynamicSizes(loc, "C3", resultType, numDynamicSizes);
}

//===----------------------------------------------------------------------===//
// Shape changes
//===----------------------------------------------------------------------===//

// StableHLO's broadcast_in_dim with increasing dims: a transpose is a
// separate op, so the lowering's indexing map is a plain projection.
LogicalResult
pt2c::prim::verifyBroadcastInDimOp(OptLoc loc, Type operand,
                                   ArrayRef<int64_t> broadcastDimensions,
                                   Type result, size_t numDynamicSizes) {
  RankedTensorType operandType = getTensor(loc, operand, "operand");
  RankedTensorType resultType = getTensor(loc, result, "result");
  if (!operandType || !resultType)
    return failure();
  if (static_cast<int64_t>(broadcastDimensions.size()) != operandType.getRank())
    return emitOptionalError(
        loc, "C1: broadcast_dimensions ", listStr(broadcastDimensions), " has ",
        broadcastDimensions.size(), " entries for operand rank ",
        operandType.getRank());
  if (failed(checkSortedDims(loc, "C2", "broadcast_dimensions",
                             broadcastDimensions, resultType.getRank())))
    return failure();
  // A size-1 operand dim expands; any other keeps its size, so a `?` operand
  // dim is never expanded (torch.export gives no symbolic dim the size 1).
  for (auto [index, resultDim] : llvm::enumerate(broadcastDimensions)) {
    int64_t size = operandType.getDimSize(index);
    int64_t resultSize = resultType.getDimSize(resultDim);
    if (size != 1 && !compatible(size, resultSize))
      return emitOptionalError(loc, "C3: operand dim ", index, " of size ",
                               dimStr(size), " cannot broadcast to result dim ",
                               resultDim, " of size ", dimStr(resultSize));
  }
  if (operandType.getElementType() != resultType.getElementType())
    return emitOptionalError(
        loc, "C4: operand element type ", operandType.getElementType(),
        " and result element type ", resultType.getElementType(), " differ");
  return checkDynamicSizes(loc, "C5", resultType, numDynamicSizes);
}

// With `?` dims the element count is only known at run time; what can be
// checked statically is checked (C2).
LogicalResult pt2c::prim::verifyReshapeOp(OptLoc loc, Type operand, Type result,
                                          size_t numDynamicSizes) {
  RankedTensorType operandType = getTensor(loc, operand, "operand");
  RankedTensorType resultType = getTensor(loc, result, "result");
  if (!operandType || !resultType)
    return failure();
  if (operandType.getElementType() != resultType.getElementType())
    return emitOptionalError(
        loc, "C1: operand element type ", operandType.getElementType(),
        " and result element type ", resultType.getElementType(), " differ");
  if (operandType.hasStaticShape()) {
    // Both counts in checked arithmetic: a shape from the archive can hold
    // sizes whose product overflows int64 (pt2c-fuzz-compile: 2^62 - 1
    // times 20), which no tensor has.
    auto product = [](ArrayRef<int64_t> shape) -> std::optional<int64_t> {
      std::optional<int64_t> total = 1;
      for (int64_t size : shape)
        if (size != kDynamic && total)
          total = llvm::checkedMul(*total, size);
      return total;
    };
    std::optional<int64_t> operandCount = product(operandType.getShape());
    std::optional<int64_t> resultProduct = product(resultType.getShape());
    if (!operandCount || !resultProduct)
      return emitOptionalError(loc, "C2: cannot reshape ", operandType, " to ", resultType,
                               ": the element count overflows int64");
    int64_t count = *operandCount, staticProduct = *resultProduct;
    bool fits =
        resultType.hasStaticShape()
            ? staticProduct == count
            : (staticProduct == 0 ? count == 0 : count % staticProduct == 0);
    if (!fits)
      return emitOptionalError(loc, "C2: cannot reshape ", operandType,
                               " with ", count, " elements to ", resultType);
  }
  return checkDynamicSizes(loc, "C3", resultType, numDynamicSizes);
}

LogicalResult pt2c::prim::inferTransposeOp(OptLoc loc, Type operand,
                                           ArrayRef<int64_t> permutation,
                                           RankedTensorType &result) {
  RankedTensorType type = getTensor(loc, operand, "operand");
  if (!type)
    return failure();
  int64_t rank = type.getRank();
  llvm::SmallVector<bool> seen(rank, false);
  bool valid = static_cast<int64_t>(permutation.size()) == rank;
  for (int64_t dim : permutation) {
    if (!valid || dim < 0 || dim >= rank || seen[dim]) {
      valid = false;
      break;
    }
    seen[dim] = true;
  }
  if (!valid)
    return emitOptionalError(loc, "C1: permutation ", listStr(permutation),
                             " is not a permutation of [0, ", rank, ")");
  llvm::SmallVector<int64_t> shape;
  for (int64_t dim : permutation)
    shape.push_back(type.getDimSize(dim));
  result = RankedTensorType::get(shape, type.getElementType());
  return success();
}

//===----------------------------------------------------------------------===//
// Slice, pad, concatenate, reverse
//===----------------------------------------------------------------------===//

// ceil((limit - start) / stride) elements per static dim. A `?` dim is only
// taken whole, so the result keeps its `?` and the lowering needs no
// run-time bounds arithmetic.
LogicalResult pt2c::prim::inferSliceOp(OptLoc loc, Type operand,
                                       ArrayRef<int64_t> startIndices,
                                       ArrayRef<int64_t> limitIndices,
                                       ArrayRef<int64_t> strides,
                                       RankedTensorType &result) {
  RankedTensorType type = getTensor(loc, operand, "operand");
  if (!type)
    return failure();
  size_t rank = type.getRank();
  if (startIndices.size() != rank || limitIndices.size() != rank ||
      strides.size() != rank)
    return emitOptionalError(loc,
                             "C1: start_indices, limit_indices and "
                             "strides have ",
                             startIndices.size(), ", ", limitIndices.size(),
                             " and ", strides.size(),
                             " entries for operand rank ", rank);
  for (auto [dim, stride] : llvm::enumerate(strides))
    if (stride < 1)
      return emitOptionalError(loc, "C2: stride ", stride, " of dim ", dim,
                               " is not at least 1");
  llvm::SmallVector<int64_t> shape;
  for (size_t dim = 0; dim < rank; ++dim) {
    int64_t size = type.getDimSize(dim);
    int64_t start = startIndices[dim], limit = limitIndices[dim];
    if (size == kDynamic) {
      if (start != 0 || limit != kDynamic || strides[dim] != 1)
        return emitOptionalError(loc, "C4: dynamic dim ", dim,
                                 " must be sliced whole (0:?), got ", start,
                                 ":", dimStr(limit), ":", strides[dim]);
      shape.push_back(kDynamic);
      continue;
    }
    if (start < 0 || start > limit || limit > size)
      return emitOptionalError(loc, "C3: slice ", start, ":", dimStr(limit),
                               " of dim ", dim, " is not within [0, ", size,
                               "] in increasing order");
    shape.push_back(llvm::divideCeil(limit - start, strides[dim]));
  }
  result = RankedTensorType::get(shape, type.getElementType());
  return success();
}

// Negative torch padding is a prim.slice, so every amount here is >= 0.
LogicalResult
pt2c::prim::inferPadOp(OptLoc loc, Type operand, ArrayRef<int64_t> low,
                       ArrayRef<int64_t> high, ArrayRef<int64_t> interior,
                       Attribute paddingValue, RankedTensorType &result) {
  RankedTensorType type = getTensor(loc, operand, "operand");
  if (!type)
    return failure();
  size_t rank = type.getRank();
  llvm::SmallVector<int64_t> interiorOrZero(interior);
  if (interior.empty())
    interiorOrZero.assign(rank, 0);
  if (low.size() != rank || high.size() != rank ||
      interiorOrZero.size() != rank)
    return emitOptionalError(
        loc, "C1: low, high and interior have ", low.size(), ", ", high.size(),
        " and ", interiorOrZero.size(), " entries for operand rank ", rank);
  for (size_t dim = 0; dim < rank; ++dim)
    if (low[dim] < 0 || high[dim] < 0 || interiorOrZero[dim] < 0)
      return emitOptionalError(loc, "C2: padding of dim ", dim, " (low ",
                               low[dim], ", high ", high[dim], ", interior ",
                               interiorOrZero[dim], ") is negative");
  auto typed = dyn_cast_or_null<TypedAttr>(paddingValue);
  if (!typed || !isa<FloatAttr, IntegerAttr>(typed) ||
      typed.getType() != type.getElementType())
    return emitOptionalError(loc, "C3: padding value ", paddingValue,
                             " is not a scalar of element type ",
                             type.getElementType());
  // low + size + (size - 1) * interior + high per static dim.
  llvm::SmallVector<int64_t> shape;
  for (size_t dim = 0; dim < rank; ++dim) {
    int64_t size = type.getDimSize(dim);
    if (size == kDynamic) {
      shape.push_back(kDynamic);
      continue;
    }
    int64_t between = size == 0 ? 0 : (size - 1) * interiorOrZero[dim];
    shape.push_back(low[dim] + size + between + high[dim]);
  }
  result = RankedTensorType::get(shape, type.getElementType());
  return success();
}

// The concatenated dim is the sum of the inputs' sizes (`?` if any is `?`);
// the other dims are refined to the static size if any input has one.
LogicalResult pt2c::prim::inferConcatenateOp(OptLoc loc, TypeRange inputs,
                                             int64_t dimension,
                                             RankedTensorType &result) {
  if (inputs.empty())
    return emitOptionalError(loc, "C1: no inputs");
  llvm::SmallVector<RankedTensorType> types;
  for (Type input : inputs) {
    types.push_back(getTensor(loc, input, "input"));
    if (!types.back())
      return failure();
  }
  RankedTensorType first = types.front();
  for (auto [index, type] : llvm::enumerate(types))
    if (type.getRank() != first.getRank() ||
        type.getElementType() != first.getElementType())
      return emitOptionalError(loc, "C2: input ", index, " of type ", type,
                               " does not have the rank and element type of ",
                               first);
  if (failed(checkDimension(loc, "C3", dimension, first.getRank())))
    return failure();
  llvm::SmallVector<int64_t> shape(first.getShape());
  shape[dimension] = 0;
  for (auto [index, type] : llvm::enumerate(types)) {
    for (int64_t dim = 0; dim < first.getRank(); ++dim) {
      int64_t size = type.getDimSize(dim);
      if (dim == dimension) {
        shape[dim] = (shape[dim] == kDynamic || size == kDynamic)
                         ? kDynamic
                         : shape[dim] + size;
        continue;
      }
      if (!compatible(shape[dim], size))
        return emitOptionalError(loc, "C4: input ", index, " has size ",
                                 dimStr(size), " in dim ", dim, " where ",
                                 dimStr(shape[dim]), " is expected");
      shape[dim] = refine(shape[dim], size);
    }
  }
  result = RankedTensorType::get(shape, first.getElementType());
  return success();
}

LogicalResult pt2c::prim::inferReverseOp(OptLoc loc, Type operand,
                                         ArrayRef<int64_t> dimensions,
                                         RankedTensorType &result) {
  RankedTensorType type = getTensor(loc, operand, "operand");
  if (!type)
    return failure();
  llvm::SmallVector<bool> seen(type.getRank(), false);
  for (int64_t dim : dimensions) {
    if (dim < 0 || dim >= type.getRank() || seen[dim])
      return emitOptionalError(loc, "C1: dimensions ", listStr(dimensions),
                               " are not distinct within [0, ", type.getRank(),
                               ")");
    seen[dim] = true;
  }
  result = type;
  return success();
}
