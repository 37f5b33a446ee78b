//===- PrimTypeInference.h - Checks and result types of prim ops ----------===//
//
// The verifiers and type inference of the prim ops as free functions, so
// decompositions can check operands and compute a result type before they
// build an op, and unit tests can call them without building one.
//
// Every function checks the labelled constraints of its op (PrimOps.td,
// docs/prim-ops.md). On failure it emits "Cn: ..." at `loc` when a location
// is given (nothing otherwise) and returns failure. `infer*` functions set
// `result` on success; `verify*` functions are for ops whose result type is
// written by the user (it carries dynamic sizes or a target element type).
// Operand types are taken as `Type` so that a wrong type is diagnosed, not
// asserted on. An empty array for an optional attribute means its default.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_DIALECT_PRIM_PRIMTYPEINFERENCE_H
#define PT2C_DIALECT_PRIM_PRIMTYPEINFERENCE_H

#include "pt2c/Dialect/Prim/PrimEnums.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/TypeRange.h"

#include <cstdint>
#include <optional>

namespace pt2c::prim {

using mlir::ArrayRef;
using mlir::Attribute;
using mlir::Location;
using mlir::LogicalResult;
using mlir::RankedTensorType;
using mlir::Type;
using mlir::TypeRange;
using OptLoc = std::optional<Location>;

/// The element types an op accepts, within the dialect's set.
enum class ElementClass {
  Any,     ///< every prim element type
  Numeric, ///< floats and integers other than i1
  Float,   ///< f16, bf16, f32, f64
  Integer, ///< i1, i8, i16, i32, i64, ui8
};

/// Whether `type` is one of the dialect's element types.
bool isPrimElementType(Type type);
/// Whether `type` is a prim element type of class `cls`.
bool isElementOfClass(Type type, ElementClass cls);

//===--- Elementwise ------------------------------------------------------===//

LogicalResult inferUnaryOp(OptLoc loc, ElementClass cls, Type operand,
                           RankedTensorType &result);
LogicalResult inferBinaryOp(OptLoc loc, ElementClass cls, Type lhs, Type rhs,
                            RankedTensorType &result);
LogicalResult inferCompareOp(OptLoc loc, Type lhs, Type rhs,
                             RankedTensorType &result);
LogicalResult inferSelectOp(OptLoc loc, Type pred, Type onTrue, Type onFalse,
                            RankedTensorType &result);
LogicalResult verifyConvertOp(OptLoc loc, Type operand, Type result);
LogicalResult verifyBitcastConvertOp(OptLoc loc, Type operand, Type result);

//===--- Tensor makers and data movement ----------------------------------===//

LogicalResult inferConstantOp(OptLoc loc, Attribute value,
                              RankedTensorType &result);
LogicalResult verifySplatOp(OptLoc loc, Type scalar, Type result,
                            size_t numDynamicSizes);
LogicalResult verifyIotaOp(OptLoc loc, int64_t dimension, Type result,
                           size_t numDynamicSizes);
LogicalResult verifyBroadcastInDimOp(OptLoc loc, Type operand,
                                     ArrayRef<int64_t> broadcastDimensions,
                                     Type result, size_t numDynamicSizes);
LogicalResult verifyReshapeOp(OptLoc loc, Type operand, Type result,
                              size_t numDynamicSizes);
LogicalResult inferTransposeOp(OptLoc loc, Type operand,
                               ArrayRef<int64_t> permutation,
                               RankedTensorType &result);
/// On a `?` dim, only start 0, limit ShapedType::kDynamic, stride 1 is valid.
LogicalResult inferSliceOp(OptLoc loc, Type operand,
                           ArrayRef<int64_t> startIndices,
                           ArrayRef<int64_t> limitIndices,
                           ArrayRef<int64_t> strides, RankedTensorType &result);
LogicalResult inferPadOp(OptLoc loc, Type operand, ArrayRef<int64_t> low,
                         ArrayRef<int64_t> high, ArrayRef<int64_t> interior,
                         Attribute paddingValue, RankedTensorType &result);
LogicalResult inferConcatenateOp(OptLoc loc, TypeRange inputs,
                                 int64_t dimension, RankedTensorType &result);
LogicalResult inferReverseOp(OptLoc loc, Type operand,
                             ArrayRef<int64_t> dimensions,
                             RankedTensorType &result);

//===--- Gather and scatter -----------------------------------------------===//

LogicalResult inferTakeOp(OptLoc loc, Type operand, Type indices,
                          int64_t dimension, RankedTensorType &result);
LogicalResult inferTakeAlongOp(OptLoc loc, Type operand, Type indices,
                               int64_t dimension, RankedTensorType &result);
LogicalResult inferScatterOp(OptLoc loc, ScatterKind kind, Type operand,
                             Type indices, Type updates, int64_t dimension,
                             RankedTensorType &result);

//===--- Reductions -------------------------------------------------------===//

LogicalResult inferReduceOp(OptLoc loc, ReduceKind kind, Type operand,
                            ArrayRef<int64_t> dimensions,
                            RankedTensorType &result);
/// argmax and argmin.
LogicalResult inferArgReduceOp(OptLoc loc, Type operand, int64_t dimension,
                               RankedTensorType &result);
LogicalResult inferCumsumOp(OptLoc loc, Type operand, int64_t dimension,
                            RankedTensorType &result);

//===--- Contractions and windows -----------------------------------------===//

LogicalResult inferMatmulOp(OptLoc loc, Type lhs, Type rhs,
                            RankedTensorType &result);
/// `padding` is [low0, high0, low1, high1, ...] over the spatial dims.
LogicalResult
inferConvolutionOp(OptLoc loc, Type input, Type weight,
                   ArrayRef<int64_t> strides, ArrayRef<int64_t> padding,
                   ArrayRef<int64_t> lhsDilation, ArrayRef<int64_t> rhsDilation,
                   int64_t featureGroupCount, RankedTensorType &result);
/// `padding` is [low0, high0, low1, high1, ...] over all dims.
LogicalResult inferReduceWindowOp(OptLoc loc, ReduceKind kind, Type operand,
                                  ArrayRef<int64_t> windowDimensions,
                                  ArrayRef<int64_t> strides,
                                  ArrayRef<int64_t> windowDilations,
                                  ArrayRef<int64_t> padding,
                                  RankedTensorType &result);

} // namespace pt2c::prim

#endif // PT2C_DIALECT_PRIM_PRIMTYPEINFERENCE_H
