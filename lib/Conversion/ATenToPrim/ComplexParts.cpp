//===- ComplexParts.cpp - Complex tensors as their real and imaginary parts ===//

#include "ComplexParts.h"

#include "Families.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace pt2c {

bool isComplexTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa<ComplexType>(tensor.getElementType());
}

RankedTensorType interleavedType(RankedTensorType complexType) {
  SmallVector<int64_t> shape(complexType.getShape());
  shape.push_back(2);
  return RankedTensorType::get(shape,
                               cast<ComplexType>(complexType.getElementType()).getElementType());
}

namespace {

/// Null, after an error, for a tensor whose shape is not static: the parts
/// are sliced and reshaped with static shapes.
bool staticShape(PrimBuilder &p, RankedTensorType type) {
  if (type.hasStaticShape())
    return true;
  emitError(p.loc()) << "complex tensors of a dynamic shape (" << type
                     << ") are not supported yet";
  return false;
}

} // namespace

Cx complexParts(PrimBuilder &p, Value value, Type partElement) {
  if (!value)
    return {};
  auto type = cast<RankedTensorType>(value.getType());
  if (!staticShape(p, type))
    return {};
  if (!isComplexTensor(type)) {
    Value re = p.convert(value, partElement);
    return {re, p.splat(0.0, type.clone(partElement), {value})};
  }
  Value interleaved = UnrealizedConversionCastOp::create(p.builder(), p.loc(),
                                                         TypeRange{interleavedType(type)},
                                                         ValueRange{value})
                          .getResult(0);
  auto partType = type.clone(cast<ComplexType>(type.getElementType()).getElementType());
  auto part = [&](int64_t index) {
    Value slice = sliceDim(p, interleaved, type.getRank(), index, index + 1, 1);
    return p.convert(p.reshape(partType, slice), partElement);
  };
  return {part(0), part(1)};
}

Value complexOfParts(PrimBuilder &p, Cx parts, RankedTensorType complexType) {
  if (!parts.re || !parts.im || !staticShape(p, complexType))
    return Value();
  for (Value part : {parts.re, parts.im})
    if (cast<RankedTensorType>(part.getType()).getShape() != complexType.getShape()) {
      emitError(p.loc()) << "the parts computed, " << part.getType()
                         << ", do not have the shape of the result " << complexType;
      return Value();
    }
  RankedTensorType interleaved = interleavedType(complexType);
  SmallVector<int64_t> column(complexType.getShape());
  column.push_back(1);
  auto columnType = RankedTensorType::get(column, interleaved.getElementType());
  Value re = p.reshape(columnType, p.convert(parts.re, interleaved.getElementType()));
  Value im = p.reshape(columnType, p.convert(parts.im, interleaved.getElementType()));
  Value pairs = p.create<prim::ConcatenateOp>(ValueRange{re, im},
                                              p.builder().getI64IntegerAttr(complexType.getRank()));
  if (!pairs)
    return Value();
  return UnrealizedConversionCastOp::create(p.builder(), p.loc(), TypeRange{complexType},
                                            ValueRange{pairs})
      .getResult(0);
}

} // namespace pt2c
