//===- TypeConversion.cpp - torch dtypes and tensor metas as MLIR types ---===//

#include "TypeConversion.h"

using namespace mlir;
using pt2c::archive::ScalarType;

namespace pt2c::import {

Type convertScalarType(MLIRContext *context, ScalarType type) {
  Builder b(context);
  switch (type) {
  case ScalarType::Byte:
    return IntegerType::get(context, 8, IntegerType::Unsigned);
  case ScalarType::Char:
    return b.getIntegerType(8);
  case ScalarType::Short:
    return b.getIntegerType(16);
  case ScalarType::Int:
    return b.getIntegerType(32);
  case ScalarType::Long:
    return b.getIntegerType(64);
  case ScalarType::UInt16:
    return IntegerType::get(context, 16, IntegerType::Unsigned);
  case ScalarType::Bool:
    return b.getI1Type();
  case ScalarType::Half:
    return b.getF16Type();
  case ScalarType::Float:
    return b.getF32Type();
  case ScalarType::Double:
    return b.getF64Type();
  case ScalarType::BFloat16:
    return b.getBF16Type();
  case ScalarType::ComplexHalf:
    return ComplexType::get(b.getF16Type());
  case ScalarType::ComplexFloat:
    return ComplexType::get(b.getF32Type());
  case ScalarType::ComplexDouble:
    return ComplexType::get(b.getF64Type());
  case ScalarType::Float8E4M3FN:
    return b.getType<Float8E4M3FNType>();
  case ScalarType::Float8E5M2:
    return b.getType<Float8E5M2Type>();
  case ScalarType::Float8E4M3FNUZ:
    return b.getType<Float8E4M3FNUZType>();
  case ScalarType::Float8E5M2FNUZ:
    return b.getType<Float8E5M2FNUZType>();
  case ScalarType::Unknown:
    return nullptr;
  }
  return nullptr;
}

RankedTensorType convertTensorMeta(MLIRContext *context,
                                   const archive::TensorMeta &meta) {
  SmallVector<int64_t> shape;
  for (const archive::SymInt &size : meta.sizes)
    shape.push_back(size.isExpr ? ShapedType::kDynamic : size.value);
  // A dtype pt2c has no type for (UNKNOWN, 0, reads fine from the JSON):
  // no tensor type, which the callers report; building one with a null
  // element type crashed (found by pt2c-fuzz-compile, issue #18).
  Type element = convertScalarType(context, meta.dtype);
  if (!element)
    return RankedTensorType();
  return RankedTensorType::get(shape, element);
}

ArrayAttr symbolicDims(Builder &builder, const archive::TensorMeta &meta) {
  bool anySymbolic = false;
  SmallVector<Attribute> dims;
  for (const archive::SymInt &size : meta.sizes) {
    if (size.isExpr) {
      anySymbolic = true;
      dims.push_back(builder.getStringAttr(archive::formatSymExpr(size.expr.expr)));
    } else {
      dims.push_back(builder.getI64IntegerAttr(size.value));
    }
  }
  return anySymbolic ? builder.getArrayAttr(dims) : ArrayAttr();
}

} // namespace pt2c::import
