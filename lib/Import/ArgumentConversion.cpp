//===- ArgumentConversion.cpp - Node arguments as operands or attributes --===//

#include "ArgumentConversion.h"
#include "TypeConversion.h"

#include "pt2c/Dialect/ATen/ATenOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using pt2c::archive::ArgKind;
using pt2c::archive::Argument;

namespace pt2c::import {

std::string deviceName(const archive::Device &device) {
  if (!device.index)
    return device.type;
  return device.type + ":" + std::to_string(*device.index);
}

static const char *memoryFormatName(int64_t value) {
  switch (value) {
  case 1:
    return "contiguous_format";
  case 2:
    return "channels_last";
  case 3:
    return "channels_last_3d";
  case 4:
    return "preserve_format";
  default:
    return "unknown";
  }
}

static const char *layoutName(int64_t value) {
  switch (value) {
  case 7:
    return "strided";
  case 1:
    return "sparse_coo";
  case 2:
    return "sparse_csr";
  case 3:
    return "sparse_csc";
  case 4:
    return "sparse_bsr";
  case 5:
    return "sparse_bsc";
  case 6:
    return "_mkldnn";
  default:
    return "unknown";
  }
}

static llvm::Error undefined(llvm::StringRef name) {
  return llvm::createStringError("value '" + name + "' is used but never defined");
}

// A SymInt/SymBool/SymFloat list holding named values becomes an operand
// list; its constant elements are materialized with arith.constant.
template <typename Element, typename MakeConstant>
static llvm::Expected<ConvertedArgument>
convertSymbolicList(llvm::ArrayRef<Element> elements, ValueLookup lookup,
                    MakeConstant makeConstant) {
  ConvertedArgument result;
  result.isOperands = true;
  result.isList = true;
  for (const Element &element : elements) {
    if (!element.isName) {
      result.operands.push_back(makeConstant(element.value));
      continue;
    }
    Value value = lookup(element.name);
    if (!value)
      return undefined(element.name);
    result.operands.push_back(value);
  }
  return result;
}

llvm::Expected<ConvertedArgument> convertArgument(OpBuilder &builder, Location loc,
                                                  const Argument &arg,
                                                  ValueLookup lookup) {
  ConvertedArgument result;
  auto attribute = [&](Attribute attr) {
    result.attribute = attr;
    return result;
  };
  auto operand = [&](llvm::StringRef name) -> llvm::Expected<ConvertedArgument> {
    Value value = lookup(name);
    if (!value)
      return undefined(name);
    result.isOperands = true;
    result.operands.push_back(value);
    return result;
  };
  auto i64Constant = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(builder, loc, v, 64);
  };
  auto i1Constant = [&](bool v) -> Value {
    return arith::ConstantIntOp::create(builder, loc, v, 1);
  };
  auto f64Constant = [&](double v) -> Value {
    return arith::ConstantFloatOp::create(builder, loc, builder.getF64Type(),
                                          llvm::APFloat(v));
  };

  switch (arg.kind) {
  case ArgKind::None:
    return attribute(aten::NoneAttr::get(builder.getContext()));
  case ArgKind::Tensor:
    return operand(arg.str);
  case ArgKind::Tensors: {
    result.isOperands = true;
    result.isList = true;
    for (const std::string &name : arg.strings) {
      Value value = lookup(name);
      if (!value)
        return undefined(name);
      result.operands.push_back(value);
    }
    return result;
  }
  case ArgKind::OptionalTensor:
    if (!arg.optionalTensors.empty() && arg.optionalTensors[0].name)
      return operand(*arg.optionalTensors[0].name);
    return attribute(aten::NoneAttr::get(builder.getContext()));
  case ArgKind::OptionalTensors: {
    result.isOperands = true;
    result.isList = true;
    for (const archive::OptionalTensorArgument &element : arg.optionalTensors) {
      if (!element.name) {
        result.operands.push_back(aten::NoneOp::create(builder, loc, aten::NoneType::get(builder.getContext())));
        continue;
      }
      Value value = lookup(*element.name);
      if (!value)
        return undefined(*element.name);
      result.operands.push_back(value);
    }
    return result;
  }
  case ArgKind::Int:
    return attribute(builder.getI64IntegerAttr(arg.intValue));
  case ArgKind::Ints:
    return attribute(builder.getDenseI64ArrayAttr(arg.ints));
  case ArgKind::Float:
    return attribute(builder.getF64FloatAttr(arg.floatValue));
  case ArgKind::Floats:
    return attribute(builder.getDenseF64ArrayAttr(arg.floats));
  case ArgKind::Bool:
    return attribute(builder.getBoolAttr(arg.boolValue));
  case ArgKind::Bools: {
    SmallVector<bool> bools(arg.bools.begin(), arg.bools.end());
    return attribute(builder.getDenseBoolArrayAttr(bools));
  }
  case ArgKind::String:
  case ArgKind::Operator:
    return attribute(builder.getStringAttr(arg.str));
  case ArgKind::Strings:
    return attribute(builder.getStrArrayAttr(
        SmallVector<StringRef>(arg.strings.begin(), arg.strings.end())));
  case ArgKind::ScalarType: {
    Type type = convertScalarType(builder.getContext(),
                                  static_cast<archive::ScalarType>(arg.intValue));
    if (!type)
      return llvm::createStringError("unknown scalar type " +
                                     std::to_string(arg.intValue));
    return attribute(TypeAttr::get(type));
  }
  case ArgKind::MemoryFormat:
    return attribute(builder.getStringAttr(memoryFormatName(arg.intValue)));
  case ArgKind::Layout:
    return attribute(builder.getStringAttr(layoutName(arg.intValue)));
  case ArgKind::Device:
    return attribute(builder.getStringAttr(deviceName(arg.device)));
  case ArgKind::SymInt:
    if (arg.symInts.empty())
      return llvm::createStringError("empty as_sym_int");
    if (arg.symInts[0].isName)
      return operand(arg.symInts[0].name);
    return attribute(builder.getI64IntegerAttr(arg.symInts[0].value));
  case ArgKind::SymInts: {
    bool anyName = llvm::any_of(arg.symInts, [](auto &e) { return e.isName; });
    if (!anyName) {
      SmallVector<int64_t> values;
      for (const archive::SymIntArgument &element : arg.symInts)
        values.push_back(element.value);
      return attribute(builder.getDenseI64ArrayAttr(values));
    }
    return convertSymbolicList(llvm::ArrayRef(arg.symInts), lookup, i64Constant);
  }
  case ArgKind::SymBool:
    if (arg.symBools.empty())
      return llvm::createStringError("empty as_sym_bool");
    if (arg.symBools[0].isName)
      return operand(arg.symBools[0].name);
    return attribute(builder.getBoolAttr(arg.symBools[0].value));
  case ArgKind::SymBools:
    return convertSymbolicList(llvm::ArrayRef(arg.symBools), lookup, i1Constant);
  case ArgKind::SymFloat:
    if (arg.symFloats.empty())
      return llvm::createStringError("empty as_sym_float");
    if (arg.symFloats[0].isName)
      return operand(arg.symFloats[0].name);
    return attribute(builder.getF64FloatAttr(arg.symFloats[0].value));
  case ArgKind::SymFloats:
    return convertSymbolicList(llvm::ArrayRef(arg.symFloats), lookup, f64Constant);
  case ArgKind::Complex:
    return attribute(builder.getDenseF64ArrayAttr({arg.complexReal, arg.complexImag}));
  case ArgKind::IntLists: {
    SmallVector<Attribute> lists;
    for (const std::vector<int64_t> &list : arg.intLists)
      lists.push_back(builder.getDenseI64ArrayAttr(list));
    return attribute(builder.getArrayAttr(lists));
  }
  case ArgKind::Graph:
  case ArgKind::CustomObj:
  case ArgKind::NestedTensors:
  case ArgKind::StringToArgument:
    break;
  }
  return llvm::createStringError(std::string("arguments of kind '") +
                                 archive::argKindName(arg.kind) +
                                 "' are not supported here");
}

// `long`, `float`, ... as written for ScalarType defaults in schemas.
static Type scalarTypeFromIdentifier(Builder &builder, llvm::StringRef name) {
  return llvm::StringSwitch<Type>(name)
      .Case("float", builder.getF32Type())
      .Case("double", builder.getF64Type())
      .Case("half", builder.getF16Type())
      .Case("bfloat16", builder.getBF16Type())
      .Case("long", builder.getI64Type())
      .Case("int", builder.getI32Type())
      .Case("short", builder.getIntegerType(16))
      .Case("bool", builder.getI1Type())
      .Default(Type());
}

// Schema defaults of enum type are printed as c10's enum values, which are
// numbered differently from the export schema's (ScalarType 6 is float32
// here, 7 in the archive).
static Type scalarTypeFromC10(Builder &builder, int64_t value) {
  switch (value) {
  case 0:
    return IntegerType::get(builder.getContext(), 8, IntegerType::Unsigned);
  case 1:
    return builder.getIntegerType(8);
  case 2:
    return builder.getIntegerType(16);
  case 3:
    return builder.getI32Type();
  case 4:
    return builder.getI64Type();
  case 5:
    return builder.getF16Type();
  case 6:
    return builder.getF32Type();
  case 7:
    return builder.getF64Type();
  case 11:
    return builder.getI1Type();
  case 15:
    return builder.getBF16Type();
  default:
    return Type();
  }
}

static const char *memoryFormatFromC10(int64_t value) {
  switch (value) {
  case 0:
    return "contiguous_format";
  case 1:
    return "preserve_format";
  case 2:
    return "channels_last";
  case 3:
    return "channels_last_3d";
  default:
    return nullptr;
  }
}

Attribute convertDefault(Builder &builder, const OpArgument &schemaArg,
                         const OpDefault &value) {
  switch (value.kind) {
  case OpDefault::Kind::None:
    return aten::NoneAttr::get(builder.getContext());
  case OpDefault::Kind::Int:
    if (schemaArg.baseType == OpBaseType::Float)
      return builder.getF64FloatAttr(static_cast<double>(value.intValue));
    if (schemaArg.baseType == OpBaseType::ScalarType)
      if (Type type = scalarTypeFromC10(builder, value.intValue))
        return TypeAttr::get(type);
    if (schemaArg.baseType == OpBaseType::MemoryFormat)
      if (const char *name = memoryFormatFromC10(value.intValue))
        return builder.getStringAttr(name);
    if (schemaArg.baseType == OpBaseType::Layout && value.intValue == 0)
      return builder.getStringAttr("strided");
    return builder.getI64IntegerAttr(value.intValue);
  case OpDefault::Kind::Float:
    return builder.getF64FloatAttr(value.floatValue);
  case OpDefault::Kind::Bool:
    return builder.getBoolAttr(value.boolValue);
  case OpDefault::Kind::String:
    return builder.getStringAttr(value.text);
  case OpDefault::Kind::IntList:
    return builder.getDenseI64ArrayAttr(value.ints);
  case OpDefault::Kind::FloatList:
    return builder.getDenseF64ArrayAttr(value.floats);
  case OpDefault::Kind::BoolList: {
    SmallVector<bool> bools(value.bools.begin(), value.bools.end());
    return builder.getDenseBoolArrayAttr(bools);
  }
  case OpDefault::Kind::Identifier:
    if (schemaArg.baseType == OpBaseType::ScalarType)
      if (Type type = scalarTypeFromIdentifier(builder, value.text))
        return TypeAttr::get(type);
    return builder.getStringAttr(value.text);
  }
  return builder.getStringAttr(value.text);
}

} // namespace pt2c::import
