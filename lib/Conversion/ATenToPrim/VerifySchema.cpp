//===- VerifySchema.cpp - An aten.call's arguments against its schema -----===//
//
// The importer names and completes a node's arguments from the schema, but
// it converts each argument as the archive spells it (as_ints, as_float,
// as_tensor, ...), whatever the schema says it is. A decomposition reads
// an argument by the kind its schema gives, so an archive that passes a
// list where an int goes, or None where nothing optional goes, reached the
// decompositions with something they never expected. This file decides,
// per schema kind, which forms of the aten form (docs/aten-form.md) are
// that kind, and refuses the rest.
//
// The forms accepted are deliberately those the importer can produce for
// a well-formed archive, defaults included: a Tensor may be a wrapped
// number (torch.export writes `add.Tensor(x, 1)`), an int list a single int
// (torch broadcasts it), an enum default the identifier the schema prints
// (`int reduction=Mean`).
//
//===----------------------------------------------------------------------===//

#include "CallChecks.h"

#include "pt2c/OpRegistry/OpSchema.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace pt2c {
namespace {

/// An operand group of the call: its values, and whether it is a list
/// (`[%a, %b]`) rather than one value.
struct Group {
  OperandRange values;
  bool isList;
};

bool isScalarNumber(Type type) { return isa<IntegerType, FloatType>(type); }

/// What is wrong with `values` (an operand group) as a `schemaArg`.
std::string operandMismatch(const OpArgument &schemaArg, const Group &group) {
  if (group.isList && !schemaArg.isList)
    return "is a list, expected one value";
  for (Value value : group.values) {
    Type type = value.getType();
    switch (schemaArg.baseType) {
    case OpBaseType::Tensor:
      if (isa<RankedTensorType>(type))
        continue;
      if (isa<aten::NoneType>(type) && schemaArg.elementsOptional)
        continue;
      // A symbolic wrapped number (`mul.Tensor(x, s0)`).
      if (!schemaArg.isList && isScalarNumber(type))
        continue;
      return "is not a tensor";
    case OpBaseType::Int:
    case OpBaseType::SymInt:
    case OpBaseType::Bool:
      if (isa<IntegerType>(type))
        continue;
      return "is not an integer";
    case OpBaseType::Float:
    case OpBaseType::Scalar:
      if (isScalarNumber(type))
        continue;
      return "is not a number";
    case OpBaseType::Other:
    case OpBaseType::Generator:
    case OpBaseType::Dimname:
      continue;
    default:
      return "is a value computed by the graph, expected a constant";
    }
  }
  return "";
}

/// The enum identifier a schema default prints (`Mean`, `contiguous_format`),
/// which the importer keeps as a string whatever the argument's kind.
bool isDefaultIdentifier(const OpArgument &schemaArg, Attribute attr) {
  auto text = dyn_cast<StringAttr>(attr);
  return text && schemaArg.defaultValue &&
         schemaArg.defaultValue->kind == OpDefault::Kind::Identifier &&
         schemaArg.defaultValue->text == text.getValue();
}

/// An empty list of any element kind: torch writes `[]` without saying
/// of what.
bool isEmptyList(Attribute attr) {
  if (auto array = dyn_cast<DenseArrayAttr>(attr))
    return array.empty();
  if (auto array = dyn_cast<ArrayAttr>(attr))
    return array.empty();
  return false;
}

/// What is wrong with `attr` (an entry of `args`) as a list `schemaArg`.
std::string listAttributeMismatch(const OpArgument &schemaArg, Attribute attr) {
  if (isEmptyList(attr))
    return "";
  switch (schemaArg.baseType) {
  case OpBaseType::Int:
  case OpBaseType::SymInt: {
    if (isa<IntegerAttr>(attr))
      return ""; // one int for every entry, as torch broadcasts it
    auto ints = dyn_cast<DenseI64ArrayAttr>(attr);
    if (!ints)
      return "is not a list of ints";
    // `int[2] stride`: torch takes one value or exactly two. `int[1] dim`
    // is not fixed at one (sum's dims), so only lengths of 2 and more are.
    int64_t size = ints.size();
    if (schemaArg.fixedListSize && *schemaArg.fixedListSize >= 2 && size != 1 &&
        size != *schemaArg.fixedListSize)
      return "has " + std::to_string(size) + " entries, expected 1 or " +
             std::to_string(*schemaArg.fixedListSize);
    return "";
  }
  case OpBaseType::Float:
    return isa<DenseF64ArrayAttr, DenseI64ArrayAttr, FloatAttr, IntegerAttr>(attr)
               ? ""
               : "is not a list of floats";
  case OpBaseType::Bool:
    return isa<DenseBoolArrayAttr, BoolAttr>(attr) ? "" : "is not a list of bools";
  case OpBaseType::Str:
    return isa<ArrayAttr, StringAttr>(attr) ? "" : "is not a list of strings";
  case OpBaseType::Tensor:
    return "is not a list of tensors";
  default:
    return "";
  }
}

/// What is wrong with `attr` (an entry of `args`) as a `schemaArg`.
std::string attributeMismatch(const OpArgument &schemaArg, Attribute attr) {
  if (isa<aten::NoneAttr>(attr))
    return schemaArg.isOptional ? "" : "is None, and the argument is not optional";
  if (isDefaultIdentifier(schemaArg, attr))
    return "";
  if (schemaArg.isList)
    return listAttributeMismatch(schemaArg, attr);
  bool isList = isa<DenseArrayAttr, ArrayAttr>(attr);
  switch (schemaArg.baseType) {
  case OpBaseType::Tensor:
    // A wrapped number: `add.Tensor(x, 1)`.
    return isa<IntegerAttr, FloatAttr>(attr) ? "" : "is not a tensor";
  case OpBaseType::Int:
  case OpBaseType::SymInt:
    if (isList)
      return "is a list, expected one int";
    return isa<IntegerAttr>(attr) ? "" : "is not an int";
  case OpBaseType::Float:
    if (isList)
      return "is a list, expected one float";
    return isa<FloatAttr, IntegerAttr>(attr) ? "" : "is not a float";
  case OpBaseType::Bool:
    return isa<IntegerAttr>(attr) ? "" : "is not a bool";
  case OpBaseType::Scalar:
    // A complex scalar is its [real, imag] pair.
    if (auto pair = dyn_cast<DenseF64ArrayAttr>(attr))
      return pair.size() == 2 ? "" : "is a list, expected one number";
    return isa<FloatAttr, IntegerAttr>(attr) ? "" : "is not a number";
  case OpBaseType::ScalarType:
    // A c10 enum value the importer could not map stays an int.
    return isa<TypeAttr, IntegerAttr>(attr) ? "" : "is not a dtype";
  case OpBaseType::Str:
  case OpBaseType::Layout:
  case OpBaseType::Device:
  case OpBaseType::MemoryFormat:
    return isa<StringAttr, IntegerAttr>(attr) ? "" : "is not a string or enum value";
  default:
    return "";
  }
}

/// Results: no more than the schema returns (fewer where torch left an
/// optional output undefined), and tensors where it returns tensors.
std::string resultMismatch(aten::CallOp call, const OpSchema &schema) {
  bool fixedCount = !schema.isVarret && llvm::none_of(schema.returns, [](const OpReturn &r) {
    return r.isList;
  });
  if (!fixedCount)
    return "";
  size_t count = call->getNumResults();
  if (count > schema.returns.size())
    return "declares " + std::to_string(count) + " results, the schema returns " +
           std::to_string(schema.returns.size());
  if (count != schema.returns.size())
    return ""; // which one is missing is not known: no positions to compare
  for (auto [index, result, schemaReturn] :
       llvm::enumerate(call->getResults(), schema.returns)) {
    bool isTensor = isa<RankedTensorType>(result.getType());
    if (schemaReturn.baseType == OpBaseType::Tensor && !schemaReturn.isOptional && !isTensor)
      return "result " + std::to_string(index) + " is not a tensor, the schema returns one";
    bool returnsNumber = schemaReturn.baseType == OpBaseType::Int ||
                         schemaReturn.baseType == OpBaseType::SymInt ||
                         schemaReturn.baseType == OpBaseType::Float ||
                         schemaReturn.baseType == OpBaseType::Bool;
    if (returnsNumber && isTensor)
      return "result " + std::to_string(index) + " is a tensor, the schema returns a " +
             schemaReturn.typeText;
  }
  return "";
}

} // namespace

std::string schemaMismatch(aten::CallOp call, const OpSchema &schema) {
  llvm::StringMap<Group> groups;
  OperandRange operands = call->getOperands();
  unsigned position = 0;
  for (auto [nameAttr, segment] : llvm::zip(call.getOperandNames(), call.getOperandSegments())) {
    unsigned length = segment == -1 ? 1 : segment;
    llvm::StringRef name = cast<StringAttr>(nameAttr).getValue();
    if (!groups.try_emplace(name, Group{operands.slice(position, length), segment != -1}).second)
      return "argument '" + name.str() + "' is given twice";
    position += length;
  }
  for (NamedAttribute arg : call.getArgs())
    if (groups.contains(arg.getName().getValue()))
      return "argument '" + arg.getName().str() + "' is given twice";

  auto checkKnown = [&](llvm::StringRef name) -> std::string {
    if (schema.isVararg || schema.findArgument(name))
      return "";
    return "there is no argument named '" + name.str() + "' (schema: " + schema.text + ")";
  };
  for (const auto &group : groups)
    if (std::string bad = checkKnown(group.getKey()); !bad.empty())
      return bad;
  for (NamedAttribute arg : call.getArgs())
    if (std::string bad = checkKnown(arg.getName().getValue()); !bad.empty())
      return bad;

  for (const OpArgument &schemaArg : schema.arguments) {
    auto group = groups.find(schemaArg.name);
    Attribute attr = call.getArg(schemaArg.name);
    std::string bad;
    if (group != groups.end())
      bad = operandMismatch(schemaArg, group->second);
    else if (attr)
      bad = attributeMismatch(schemaArg, attr);
    else if (!schemaArg.defaultValue)
      return "required argument '" + schemaArg.name + "' is missing";
    // (A defaulted argument left out is read as its default: hand-written
    // aten forms rely on it; the importer always fills it in.)
    if (!bad.empty())
      return "argument '" + schemaArg.name + "' (" + schemaArg.typeText + ") " + bad;
  }
  return resultMismatch(call, schema);
}

} // namespace pt2c
