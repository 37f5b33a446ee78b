//===- CallArgs.cpp - Typed access to the arguments of an aten.call -------===//

#include "pt2c/Conversion/ATenToPrim/CallArgs.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;

namespace pt2c {

Value CallArgs::value(StringRef name) const {
  OperandRange group = call_.getOperandGroup(name);
  return group.size() == 1 ? group.front() : Value();
}

bool CallArgs::isNone(StringRef name) const {
  if (!call_.getOperandGroup(name).empty())
    return false;
  Attribute attr = call_.getArg(name);
  return !attr || isa<aten::NoneAttr>(attr);
}

std::optional<int64_t> CallArgs::integer(StringRef name) const {
  if (auto attr = dyn_cast_or_null<IntegerAttr>(call_.getArg(name)))
    if (!attr.getType().isInteger(1))
      return attr.getInt();
  return std::nullopt;
}

std::optional<double> CallArgs::number(StringRef name) const {
  Attribute attr = call_.getArg(name);
  if (auto floatAttr = dyn_cast_or_null<FloatAttr>(attr))
    return floatAttr.getValueAsDouble();
  // A bool first: it is an i1 IntegerAttr too, whose getInt() sign-extends
  // True to -1 (fill(x, True) wrote -1, issue #17).
  if (auto boolAttr = dyn_cast_or_null<BoolAttr>(attr))
    return boolAttr.getValue() ? 1.0 : 0.0;
  if (auto intAttr = dyn_cast_or_null<IntegerAttr>(attr))
    return static_cast<double>(intAttr.getInt());
  return std::nullopt;
}

std::optional<bool> CallArgs::boolean(StringRef name) const {
  if (auto attr = dyn_cast_or_null<BoolAttr>(call_.getArg(name)))
    return attr.getValue();
  return std::nullopt;
}

std::optional<StringRef> CallArgs::string(StringRef name) const {
  if (auto attr = dyn_cast_or_null<StringAttr>(call_.getArg(name)))
    return attr.getValue();
  return std::nullopt;
}

std::optional<SmallVector<int64_t>> CallArgs::integers(StringRef name) const {
  Attribute attr = call_.getArg(name);
  if (auto array = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
    return SmallVector<int64_t>(array.asArrayRef());
  if (auto single = integer(name))
    return SmallVector<int64_t>{*single};
  return std::nullopt;
}

std::optional<SmallVector<double>> CallArgs::numbers(StringRef name) const {
  Attribute attr = call_.getArg(name);
  if (auto array = dyn_cast_or_null<DenseF64ArrayAttr>(attr))
    return SmallVector<double>(array.asArrayRef());
  if (auto ints = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
    return SmallVector<double>(ints.asArrayRef().begin(), ints.asArrayRef().end());
  return std::nullopt;
}

Type CallArgs::dtype(StringRef name) const {
  if (auto attr = dyn_cast_or_null<TypeAttr>(call_.getArg(name)))
    return attr.getValue();
  return Type();
}

} // namespace pt2c
