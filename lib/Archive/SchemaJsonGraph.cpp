//===- SchemaJsonGraph.cpp - Parse graphs, nodes and arguments
//-------------===//
//
// The Graph half of the ExportedProgram JSON (docs/pt2-format.md, "Graph"):
// each function mirrors one dataclass or union of
// torch/_export/serde/schema.py.
//
//===----------------------------------------------------------------------===//

#include "SchemaJsonParsers.h"

#include "llvm/ADT/StringSwitch.h"

namespace pt2c::archive::schema_json {

using namespace json_util;
using llvm::json::Value;

namespace {

/// Stores a parsed value or passes its error on.
template <typename T, typename U>
llvm::Error assign(T &out, llvm::Expected<U> value) {
  if (!value)
    return value.takeError();
  out = std::move(*value);
  return llvm::Error::success();
}

llvm::Expected<StructReader> structAt(const Value &value, const JsonPath &path,
                                      llvm::StringRef what) {
  auto object = asObject(value, path, what);
  if (!object)
    return object.takeError();
  return StructReader(**object, path);
}

/// An IntEnum value in [0, maxValue].
llvm::Expected<int64_t> parseEnum(const Value &value, const JsonPath &path,
                                  llvm::StringRef enumName, int64_t maxValue) {
  auto number = asInt(value, path);
  if (!number)
    return number.takeError();
  if (*number < 0 || *number > maxValue)
    return pathError(path, "unknown " + enumName + " value " +
                               llvm::Twine(*number) + " (expected 0 to " +
                               llvm::Twine(maxValue) + ")");
  return *number;
}

llvm::Expected<ScalarType> parseScalarType(const Value &value,
                                           const JsonPath &path) {
  auto number = asInt(value, path);
  if (!number)
    return number.takeError();
  if (!isKnownScalarType(*number))
    return pathError(path, "unknown ScalarType " + llvm::Twine(*number) +
                               " (schema 8.17 has 0-13 and 28-32; a newer "
                               "writer may add dtypes)");
  return ScalarType(*number);
}

llvm::Expected<Device> parseDevice(const Value &value, const JsonPath &path) {
  auto reader = structAt(value, path, "a Device");
  if (!reader)
    return reader.takeError();
  Device device;
  if (llvm::Error err = reader->readString("type", device.type))
    return std::move(err);
  if (llvm::Error err = reader->readOptInt("index", device.index))
    return std::move(err);
  return device;
}

llvm::Expected<SymExprValue> parseSymExprValue(const Value &value,
                                               const JsonPath &path) {
  auto reader = structAt(value, path, "a SymExpr");
  if (!reader)
    return reader.takeError();
  SymExprValue out;
  if (llvm::Error err = reader->readString("expr_str", out.exprStr))
    return std::move(err);
  auto node = parseSymExpr(out.exprStr);
  if (!node) {
    JsonPath exprPath = path.field("expr_str");
    return pathError(exprPath, llvm::toString(node.takeError()));
  }
  out.expr = std::move(*node);

  const Value *hint = reader->get("hint");
  if (!hint)
    return out;
  JsonPath hintPath = path.field("hint");
  auto variant = asUnion(*hint, hintPath, "SymExprHint");
  if (!variant)
    return variant.takeError();
  JsonPath at = hintPath.field(variant->variant);
  llvm::Error err = llvm::Error::success();
  if (variant->variant == "as_int") {
    out.hintKind = SymExprValue::HintKind::Int;
    err = assign(out.intHint, asInt(*variant->payload, at));
  } else if (variant->variant == "as_bool") {
    out.hintKind = SymExprValue::HintKind::Bool;
    err = assign(out.boolHint, asBool(*variant->payload, at));
  } else if (variant->variant == "as_float") {
    out.hintKind = SymExprValue::HintKind::Float;
    err = assign(out.floatHint, asFloat(*variant->payload, at));
  } else {
    return unknownVariant(hintPath, "SymExprHint", variant->variant);
  }
  if (err)
    return std::move(err);
  return out;
}

/// SymInt, SymBool and SymFloat: { as_expr: SymExpr, <constantKey>: T }.
template <typename SymT, typename ConstT, typename ParseConst>
llvm::Expected<SymT> parseSymValue(const Value &value, const JsonPath &path,
                                   llvm::StringRef unionName,
                                   llvm::StringRef constantKey,
                                   ParseConst parseConst) {
  auto variant = asUnion(value, path, unionName);
  if (!variant)
    return variant.takeError();
  JsonPath at = path.field(variant->variant);
  SymT out;
  llvm::Error err = llvm::Error::success();
  if (variant->variant == constantKey) {
    err = assign(out.value, parseConst(*variant->payload, at));
  } else if (variant->variant == "as_expr") {
    out.isExpr = true;
    err = assign(out.expr, parseSymExprValue(*variant->payload, at));
  } else {
    return unknownVariant(path, unionName, variant->variant);
  }
  if (err)
    return std::move(err);
  return out;
}

llvm::Expected<SymInt> parseSymInt(const Value &value, const JsonPath &path) {
  return parseSymValue<SymInt, int64_t>(value, path, "SymInt", "as_int", asInt);
}
llvm::Expected<SymBool> parseSymBool(const Value &value, const JsonPath &path) {
  return parseSymValue<SymBool, bool>(value, path, "SymBool", "as_bool",
                                      asBool);
}
llvm::Expected<SymFloat> parseSymFloat(const Value &value,
                                       const JsonPath &path) {
  return parseSymValue<SymFloat, double>(value, path, "SymFloat", "as_float",
                                         asFloat);
}

/// SymIntArgument, SymBoolArgument, SymFloatArgument:
/// { as_name: str, <constantKey>: T }.
template <typename ArgT, typename ParseConst>
llvm::Expected<ArgT> parseSymArgument(const Value &value, const JsonPath &path,
                                      llvm::StringRef unionName,
                                      llvm::StringRef constantKey,
                                      ParseConst parseConst) {
  auto variant = asUnion(value, path, unionName);
  if (!variant)
    return variant.takeError();
  JsonPath at = path.field(variant->variant);
  ArgT out;
  llvm::Error err = llvm::Error::success();
  if (variant->variant == "as_name") {
    out.isName = true;
    err = assign(out.name, asString(*variant->payload, at));
  } else if (variant->variant == constantKey) {
    err = assign(out.value, parseConst(*variant->payload, at));
  } else {
    return unknownVariant(path, unionName, variant->variant);
  }
  if (err)
    return std::move(err);
  return out;
}

llvm::Expected<SymIntArgument> parseSymIntArgument(const Value &value,
                                                   const JsonPath &path) {
  return parseSymArgument<SymIntArgument>(value, path, "SymIntArgument",
                                          "as_int", asInt);
}
llvm::Expected<SymBoolArgument> parseSymBoolArgument(const Value &value,
                                                     const JsonPath &path) {
  return parseSymArgument<SymBoolArgument>(value, path, "SymBoolArgument",
                                           "as_bool", asBool);
}
llvm::Expected<SymFloatArgument> parseSymFloatArgument(const Value &value,
                                                       const JsonPath &path) {
  return parseSymArgument<SymFloatArgument>(value, path, "SymFloatArgument",
                                            "as_float", asFloat);
}

llvm::Expected<OptionalTensorArgument>
parseOptionalTensorArgument(const Value &value, const JsonPath &path) {
  auto variant = asUnion(value, path, "OptionalTensorArgument");
  if (!variant)
    return variant.takeError();
  OptionalTensorArgument out;
  if (variant->variant == "as_none")
    return out;
  if (variant->variant != "as_tensor")
    return unknownVariant(path, "OptionalTensorArgument", variant->variant);
  JsonPath at = path.field(variant->variant);
  auto name = parseNamedStruct(*variant->payload, at);
  if (!name)
    return name.takeError();
  out.name = std::move(*name);
  return out;
}

/// A list of lists, e.g. as_nested_tensors or as_int_lists.
template <typename T, typename ParseFn>
llvm::Error readNestedArray(const Value &value, const JsonPath &path,
                            std::vector<std::vector<T>> &out,
                            ParseFn parseElement) {
  return readArray(
      value, path, out,
      [&](const Value &inner,
          const JsonPath &innerPath) -> llvm::Expected<std::vector<T>> {
        std::vector<T> elements;
        if (llvm::Error err =
                readArray(inner, innerPath, elements, parseElement))
          return std::move(err);
        return elements;
      });
}

std::optional<ArgKind> argKindFromVariant(llvm::StringRef variant) {
  return llvm::StringSwitch<std::optional<ArgKind>>(variant)
      .Case("as_none", ArgKind::None)
      .Case("as_tensor", ArgKind::Tensor)
      .Case("as_tensors", ArgKind::Tensors)
      .Case("as_int", ArgKind::Int)
      .Case("as_ints", ArgKind::Ints)
      .Case("as_float", ArgKind::Float)
      .Case("as_floats", ArgKind::Floats)
      .Case("as_string", ArgKind::String)
      .Case("as_strings", ArgKind::Strings)
      .Case("as_sym_int", ArgKind::SymInt)
      .Case("as_sym_ints", ArgKind::SymInts)
      .Case("as_scalar_type", ArgKind::ScalarType)
      .Case("as_memory_format", ArgKind::MemoryFormat)
      .Case("as_layout", ArgKind::Layout)
      .Case("as_device", ArgKind::Device)
      .Case("as_bool", ArgKind::Bool)
      .Case("as_bools", ArgKind::Bools)
      .Case("as_sym_bool", ArgKind::SymBool)
      .Case("as_sym_bools", ArgKind::SymBools)
      .Case("as_optional_tensors", ArgKind::OptionalTensors)
      .Case("as_graph", ArgKind::Graph)
      .Case("as_custom_obj", ArgKind::CustomObj)
      .Case("as_operator", ArgKind::Operator)
      .Case("as_sym_float", ArgKind::SymFloat)
      .Case("as_sym_floats", ArgKind::SymFloats)
      .Case("as_optional_tensor", ArgKind::OptionalTensor)
      .Case("as_complex", ArgKind::Complex)
      .Case("as_nested_tensors", ArgKind::NestedTensors)
      .Case("as_int_lists", ArgKind::IntLists)
      .Case("as_string_to_argument", ArgKind::StringToArgument)
      .Default(std::nullopt);
}

llvm::Error parseGraphArgument(Argument &arg, const Value &payload,
                               const JsonPath &path, unsigned depth) {
  if (depth + 1 > kMaxGraphDepth)
    return pathError(path, "subgraphs nested deeper than " +
                               llvm::Twine(kMaxGraphDepth) + " levels");
  auto reader = structAt(payload, path, "a GraphArgument");
  if (!reader)
    return reader.takeError();
  if (llvm::Error err = reader->readString("name", arg.str))
    return err;
  const Value *graph = reader->get("graph");
  if (!graph)
    return pathError(path, "missing the required field 'graph'");
  JsonPath graphPath = path.field("graph");
  auto parsed = parseGraph(*graph, graphPath, depth + 1);
  if (!parsed)
    return parsed.takeError();
  arg.graph = std::make_shared<Graph>(std::move(*parsed));
  return llvm::Error::success();
}

/// Fills the fields of `arg.kind` from the variant's payload.
llvm::Error fillArgument(Argument &arg, const Value &payload,
                         const JsonPath &path, unsigned depth) {
  switch (arg.kind) {
  case ArgKind::None:
    return llvm::Error::success(); // the payload is `true`
  case ArgKind::Tensor:
  case ArgKind::Operator:
  case ArgKind::String:
    return assign(arg.str, arg.kind == ArgKind::Tensor
                               ? parseNamedStruct(payload, path)
                               : asString(payload, path));
  case ArgKind::Tensors:
    return readArray(payload, path, arg.strings, parseNamedStruct);
  case ArgKind::Strings:
    return readArray(payload, path, arg.strings, asString);
  case ArgKind::Int:
    return assign(arg.intValue, asInt(payload, path));
  case ArgKind::Ints:
    return readArray(payload, path, arg.ints, asInt);
  case ArgKind::Float:
    return assign(arg.floatValue, asFloat(payload, path));
  case ArgKind::Floats:
    return readArray(payload, path, arg.floats, asFloat);
  case ArgKind::Bool:
    return assign(arg.boolValue, asBool(payload, path));
  case ArgKind::Bools:
    return readArray(payload, path, arg.bools, asBool);
  case ArgKind::SymInt:
    arg.symInts.resize(1);
    return assign(arg.symInts[0], parseSymIntArgument(payload, path));
  case ArgKind::SymInts:
    return readArray(payload, path, arg.symInts, parseSymIntArgument);
  case ArgKind::SymBool:
    arg.symBools.resize(1);
    return assign(arg.symBools[0], parseSymBoolArgument(payload, path));
  case ArgKind::SymBools:
    return readArray(payload, path, arg.symBools, parseSymBoolArgument);
  case ArgKind::SymFloat:
    arg.symFloats.resize(1);
    return assign(arg.symFloats[0], parseSymFloatArgument(payload, path));
  case ArgKind::SymFloats:
    return readArray(payload, path, arg.symFloats, parseSymFloatArgument);
  case ArgKind::ScalarType: {
    auto type = parseScalarType(payload, path);
    if (!type)
      return type.takeError();
    arg.intValue = int64_t(*type);
    return llvm::Error::success();
  }
  case ArgKind::MemoryFormat:
    return assign(arg.intValue, parseEnum(payload, path, "MemoryFormat", 4));
  case ArgKind::Layout:
    return assign(arg.intValue, parseEnum(payload, path, "Layout", 7));
  case ArgKind::Device:
    return assign(arg.device, parseDevice(payload, path));
  case ArgKind::OptionalTensors:
    return readArray(payload, path, arg.optionalTensors,
                     parseOptionalTensorArgument);
  case ArgKind::OptionalTensor:
    arg.optionalTensors.resize(1);
    return assign(arg.optionalTensors[0],
                  parseOptionalTensorArgument(payload, path));
  case ArgKind::Graph:
    return parseGraphArgument(arg, payload, path, depth);
  case ArgKind::CustomObj:
    return assign(arg.customObj, parseCustomObjArgument(payload, path));
  case ArgKind::Complex: {
    auto reader = structAt(payload, path, "a ComplexValue");
    if (!reader)
      return reader.takeError();
    if (llvm::Error err = reader->readFloat("real", arg.complexReal))
      return err;
    return reader->readFloat("imag", arg.complexImag);
  }
  case ArgKind::NestedTensors:
    return readNestedArray(payload, path, arg.nestedTensors, parseNamedStruct);
  case ArgKind::IntLists:
    return readNestedArray(payload, path, arg.intLists, asInt);
  case ArgKind::StringToArgument: {
    auto object = asObject(payload, path, "a map of arguments");
    if (!object)
      return object.takeError();
    for (llvm::StringRef key : sortedKeys(**object)) {
      JsonPath keyPath = path.field(key);
      auto value = parseArgument(*(*object)->get(key), keyPath, depth);
      if (!value)
        return value.takeError();
      arg.stringToArgument.emplace_back(key.str(), std::move(*value));
    }
    return llvm::Error::success();
  }
  }
  return pathError(path, "internal error: unhandled Argument kind");
}

llvm::Expected<NamedArgument>
parseNamedArgument(const Value &value, const JsonPath &path, unsigned depth) {
  auto reader = structAt(value, path, "a NamedArgument");
  if (!reader)
    return reader.takeError();
  NamedArgument out;
  if (llvm::Error err = reader->readString("name", out.name))
    return std::move(err);
  const Value *arg = reader->get("arg");
  if (!arg)
    return pathError(path, "missing the required field 'arg'");
  JsonPath argPath = path.field("arg");
  if (llvm::Error err = assign(out.arg, parseArgument(*arg, argPath, depth)))
    return std::move(err);
  if (const Value *kind = reader->get("kind")) {
    JsonPath kindPath = path.field("kind");
    auto parsed = parseEnum(*kind, kindPath, "ArgumentKind", 2);
    if (!parsed)
      return parsed.takeError();
    out.kind = ArgumentKind(*parsed);
  }
  return out;
}

llvm::Expected<Node> parseNode(const Value &value, const JsonPath &path,
                               unsigned depth) {
  auto reader = structAt(value, path, "a Node");
  if (!reader)
    return reader.takeError();
  Node node;
  auto parseInput = [depth](const Value &v, const JsonPath &p) {
    return parseNamedArgument(v, p, depth);
  };
  auto parseOutput = [depth](const Value &v, const JsonPath &p) {
    return parseArgument(v, p, depth);
  };
  if (llvm::Error err = reader->readString("target", node.target))
    return std::move(err);
  if (node.target.empty())
    return pathError(path.field("target"), "empty: a node must name the operator it calls");
  if (llvm::Error err =
          readArrayField(*reader, "inputs", node.inputs, parseInput))
    return std::move(err);
  if (llvm::Error err =
          readArrayField(*reader, "outputs", node.outputs, parseOutput))
    return std::move(err);
  if (llvm::Error err = reader->readStringMap("metadata", node.metadata))
    return std::move(err);
  if (llvm::Error err = reader->readOptBool("is_hop_single_tensor_return",
                                            node.isHopSingleTensorReturn))
    return std::move(err);
  if (llvm::Error err = reader->readString("name", node.name))
    return std::move(err);
  return node;
}

} // namespace

llvm::Expected<std::string> parseNamedStruct(const Value &value,
                                             const JsonPath &path) {
  auto reader = structAt(value, path, "a TensorArgument");
  if (!reader)
    return reader.takeError();
  std::string name;
  if (llvm::Error err = reader->readString("name", name))
    return std::move(err);
  return name;
}

llvm::Expected<CustomObjArgument> parseCustomObjArgument(const Value &value,
                                                         const JsonPath &path) {
  auto reader = structAt(value, path, "a CustomObjArgument");
  if (!reader)
    return reader.takeError();
  CustomObjArgument out;
  if (llvm::Error err = reader->readString("name", out.name))
    return std::move(err);
  if (llvm::Error err = reader->readString("class_fqn", out.classFqn))
    return std::move(err);
  return out;
}

llvm::Expected<TensorMeta> parseTensorMeta(const Value &value,
                                           const JsonPath &path) {
  auto reader = structAt(value, path, "a TensorMeta");
  if (!reader)
    return reader.takeError();
  TensorMeta meta;
  // Every tensor's dtype and sizes are what the rest of pt2c types it by:
  // torch always writes them, and an entry without them is refused here
  // (it used to crash the importer and the decompositions further on).
  for (llvm::StringRef key : {"dtype", "sizes"})
    if (!reader->get(key))
      return pathError(path, "missing the required field '" + key.str() + "'");
  if (llvm::Error err = assign(meta.dtype, parseScalarType(*reader->get("dtype"),
                                                          path.field("dtype"))))
    return std::move(err);
  if (llvm::Error err =
          readArrayField(*reader, "sizes", meta.sizes, parseSymInt))
    return std::move(err);
  if (llvm::Error err = reader->readBool("requires_grad", meta.requiresGrad))
    return std::move(err);
  if (const Value *device = reader->get("device")) {
    JsonPath at = path.field("device");
    if (llvm::Error err = assign(meta.device, parseDevice(*device, at)))
      return std::move(err);
  }
  if (llvm::Error err =
          readArrayField(*reader, "strides", meta.strides, parseSymInt))
    return std::move(err);
  if (const Value *offset = reader->get("storage_offset")) {
    JsonPath at = path.field("storage_offset");
    if (llvm::Error err = assign(meta.storageOffset, parseSymInt(*offset, at)))
      return std::move(err);
  }
  if (const Value *layout = reader->get("layout")) {
    JsonPath at = path.field("layout");
    auto parsed = parseEnum(*layout, at, "Layout", 7);
    if (!parsed)
      return parsed.takeError();
    meta.layout = Layout(*parsed);
  }
  return meta;
}

/// A graph value's TensorMeta. A size below 0 is no tensor's: the importer
/// typed the value with it, an invalid MLIR type that the decompositions
/// carried to the function's results (found by pt2c-fuzz-compile, issue
/// #18). Weights' metas are checked with their geometry (TensorViews.cpp).
static llvm::Expected<TensorMeta> parseGraphTensorMeta(const Value &value, const JsonPath &path) {
  auto meta = parseTensorMeta(value, path);
  if (!meta)
    return meta.takeError();
  // Nor is a tensor of more elements than int64 counts: every element
  // count computed from its type (MLIR's getNumElements, a mean's divisor)
  // overflowed (UBSan, found by pt2c-fuzz-compile in a reduction of a dim
  // declared 2^62 - 1).
  int64_t elements = 1;
  for (size_t i = 0; i < meta->sizes.size(); ++i) {
    if (meta->sizes[i].isExpr)
      continue;
    if (meta->sizes[i].value < 0)
      return pathError(path.field("sizes").index(i),
                       "negative size " + llvm::Twine(meta->sizes[i].value));
    if (__builtin_mul_overflow(elements, meta->sizes[i].value, &elements))
      return pathError(path.field("sizes"), "the element count overflows int64");
  }
  return meta;
}

llvm::Expected<Argument> parseArgument(const Value &value, const JsonPath &path,
                                       unsigned depth) {
  auto variant = asUnion(value, path, "Argument");
  if (!variant)
    return variant.takeError();
  std::optional<ArgKind> kind = argKindFromVariant(variant->variant);
  if (!kind)
    return unknownVariant(path, "Argument", variant->variant);
  Argument arg;
  arg.kind = *kind;
  JsonPath at = path.field(variant->variant);
  if (llvm::Error err = fillArgument(arg, *variant->payload, at, depth))
    return std::move(err);
  return arg;
}

llvm::Expected<Graph> parseGraph(const Value &value, const JsonPath &path,
                                 unsigned depth) {
  auto reader = structAt(value, path, "a Graph");
  if (!reader)
    return reader.takeError();
  Graph graph;
  auto parseArg = [depth](const Value &v, const JsonPath &p) {
    return parseArgument(v, p, depth);
  };
  auto parseNodeAt = [depth](const Value &v, const JsonPath &p) {
    return parseNode(v, p, depth);
  };
  if (llvm::Error err =
          readArrayField(*reader, "inputs", graph.inputs, parseArg))
    return std::move(err);
  if (llvm::Error err =
          readArrayField(*reader, "outputs", graph.outputs, parseArg))
    return std::move(err);
  if (llvm::Error err =
          readArrayField(*reader, "nodes", graph.nodes, parseNodeAt))
    return std::move(err);
  if (llvm::Error err = readMapField(*reader, "tensor_values",
                                     graph.tensorValues, parseGraphTensorMeta))
    return std::move(err);
  if (llvm::Error err = readMapField(*reader, "sym_int_values",
                                     graph.symIntValues, parseSymInt))
    return std::move(err);
  if (llvm::Error err = readMapField(*reader, "sym_bool_values",
                                     graph.symBoolValues, parseSymBool))
    return std::move(err);
  if (llvm::Error err = reader->readBool("is_single_tensor_return",
                                         graph.isSingleTensorReturn))
    return std::move(err);
  if (llvm::Error err =
          readMapField(*reader, "custom_obj_values", graph.customObjValues,
                       parseCustomObjArgument))
    return std::move(err);
  if (llvm::Error err = readMapField(*reader, "sym_float_values",
                                     graph.symFloatValues, parseSymFloat))
    return std::move(err);
  return graph;
}

} // namespace pt2c::archive::schema_json
