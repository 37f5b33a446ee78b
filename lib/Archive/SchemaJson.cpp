//===- SchemaJson.cpp - Parse ExportedProgram and PayloadConfig JSON
//-------===//
//
// The program level of models/<m>.json and the weights/constants configs
// (docs/pt2-format.md: "Top level", "Signature", "Weights and constants").
// Graphs are parsed in SchemaJsonGraph.cpp.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Archive/SchemaJson.h"

#include "SchemaJsonParsers.h"

#include <set>

namespace pt2c::archive {

using namespace json_util;
using namespace schema_json;
using llvm::json::Value;

namespace {

llvm::Expected<StructReader> structAt(const Value &value, const JsonPath &path,
                                      llvm::StringRef what) {
  auto object = asObject(value, path, what);
  if (!object)
    return object.takeError();
  return StructReader(**object, path);
}

/// A struct field that must be present: unions and graphs have no default.
llvm::Expected<const Value *> required(const StructReader &reader,
                                       llvm::StringRef key) {
  if (const Value *value = reader.get(key))
    return value;
  return pathError(reader.path(), "missing the required field '" + key + "'");
}

/// Reads the `arg` field of a spec that holds a TensorArgument {name}.
llvm::Error readTensorArg(const StructReader &reader, Argument &arg) {
  auto value = required(reader, "arg");
  if (!value)
    return value.takeError();
  JsonPath at = reader.path().field("arg");
  auto name = parseNamedStruct(**value, at);
  if (!name)
    return name.takeError();
  arg.kind = ArgKind::Tensor;
  arg.str = std::move(*name);
  return llvm::Error::success();
}

/// Reads the `arg` field of a spec that holds a full Argument union.
llvm::Error readArgumentArg(const StructReader &reader, Argument &arg) {
  auto value = required(reader, "arg");
  if (!value)
    return value.takeError();
  JsonPath at = reader.path().field("arg");
  auto parsed = parseArgument(**value, at, 0);
  if (!parsed)
    return parsed.takeError();
  arg = std::move(*parsed);
  return llvm::Error::success();
}

/// Reads the `arg` field of a custom_obj spec: a CustomObjArgument.
llvm::Error readCustomObjArg(const StructReader &reader, Argument &arg) {
  auto value = required(reader, "arg");
  if (!value)
    return value.takeError();
  JsonPath at = reader.path().field("arg");
  auto obj = parseCustomObjArgument(**value, at);
  if (!obj)
    return obj.takeError();
  arg.kind = ArgKind::CustomObj;
  arg.customObj = std::move(*obj);
  return llvm::Error::success();
}

/// Reads a TokenArgument {name} into arg.str.
llvm::Error readTokenArg(const StructReader &reader, Argument &arg) {
  auto value = required(reader, "arg");
  if (!value)
    return value.takeError();
  JsonPath at = reader.path().field("arg");
  auto name = parseNamedStruct(**value, at);
  if (!name)
    return name.takeError();
  arg.str = std::move(*name);
  return llvm::Error::success();
}

/// ConstantValue = union { as_none, as_int, as_float, as_string, as_bool }.
llvm::Error readConstantValue(const StructReader &reader, Argument &arg) {
  auto value = required(reader, "value");
  if (!value)
    return value.takeError();
  JsonPath valuePath = reader.path().field("value");
  auto variant = asUnion(**value, valuePath, "ConstantValue");
  if (!variant)
    return variant.takeError();
  llvm::StringRef name = variant->variant;
  if (name != "as_none" && name != "as_int" && name != "as_float" &&
      name != "as_string" && name != "as_bool")
    return unknownVariant(valuePath, "ConstantValue", name);
  // The accepted variants are a subset of Argument's, with equal payloads.
  auto parsed = parseArgument(**value, valuePath, 0);
  if (!parsed)
    return parsed.takeError();
  arg = std::move(*parsed);
  return llvm::Error::success();
}

llvm::Expected<InputSpec> parseInputSpec(const Value &value,
                                         const JsonPath &path) {
  auto variant = asUnion(value, path, "InputSpec");
  if (!variant)
    return variant.takeError();
  llvm::StringRef name = variant->variant;
  JsonPath at = path.field(name);
  auto reader = structAt(*variant->payload, at, "an input spec");
  if (!reader)
    return reader.takeError();
  InputSpec spec;
  // Each variant: its kind, how its `arg` is read, and the name it targets.
  llvm::Error err = llvm::Error::success();
  llvm::StringRef targetKey;
  if (name == "user_input") {
    spec.kind = InputSpec::Kind::UserInput;
    err = readArgumentArg(*reader, spec.arg);
  } else if (name == "parameter") {
    spec.kind = InputSpec::Kind::Parameter;
    err = readTensorArg(*reader, spec.arg);
    targetKey = "parameter_name";
  } else if (name == "buffer") {
    spec.kind = InputSpec::Kind::Buffer;
    err = readTensorArg(*reader, spec.arg);
    if (!err)
      err = reader->readBool("persistent", spec.persistent);
    targetKey = "buffer_name";
  } else if (name == "tensor_constant") {
    spec.kind = InputSpec::Kind::TensorConstant;
    err = readTensorArg(*reader, spec.arg);
    targetKey = "tensor_constant_name";
  } else if (name == "custom_obj") {
    spec.kind = InputSpec::Kind::CustomObj;
    err = readCustomObjArg(*reader, spec.arg);
    targetKey = "custom_obj_name";
  } else if (name == "token") {
    spec.kind = InputSpec::Kind::Token;
    err = readTokenArg(*reader, spec.arg);
  } else if (name == "constant_input") {
    spec.kind = InputSpec::Kind::ConstantInput;
    err = readConstantValue(*reader, spec.arg);
    targetKey = "name";
  } else {
    return unknownVariant(path, "InputSpec", name);
  }
  if (!err && !targetKey.empty())
    err = reader->readString(targetKey, spec.targetName);
  if (err)
    return std::move(err);
  return spec;
}

llvm::Expected<OutputSpec> parseOutputSpec(const Value &value,
                                           const JsonPath &path) {
  auto variant = asUnion(value, path, "OutputSpec");
  if (!variant)
    return variant.takeError();
  llvm::StringRef name = variant->variant;
  JsonPath at = path.field(name);
  auto reader = structAt(*variant->payload, at, "an output spec");
  if (!reader)
    return reader.takeError();
  OutputSpec spec;
  // Every variant but user_output and token holds a TensorArgument and,
  // for some, the name of what it writes to.
  struct TensorVariant {
    llvm::StringRef name;
    OutputSpec::Kind kind;
    llvm::StringRef targetKey; // empty: none
  };
  static const TensorVariant kTensorVariants[] = {
      {"loss_output", OutputSpec::Kind::LossOutput, ""},
      {"buffer_mutation", OutputSpec::Kind::BufferMutation, "buffer_name"},
      {"gradient_to_parameter", OutputSpec::Kind::GradientToParameter,
       "parameter_name"},
      {"gradient_to_user_input", OutputSpec::Kind::GradientToUserInput,
       "user_input_name"},
      {"user_input_mutation", OutputSpec::Kind::UserInputMutation,
       "user_input_name"},
      {"parameter_mutation", OutputSpec::Kind::ParameterMutation,
       "parameter_name"},
  };
  llvm::Error err = llvm::Error::success();
  if (name == "user_output") {
    spec.kind = OutputSpec::Kind::UserOutput;
    err = readArgumentArg(*reader, spec.arg);
  } else if (name == "token") {
    spec.kind = OutputSpec::Kind::Token;
    err = readTokenArg(*reader, spec.arg);
  } else {
    const TensorVariant *match = nullptr;
    for (const TensorVariant &candidate : kTensorVariants)
      if (candidate.name == name)
        match = &candidate;
    if (!match)
      return unknownVariant(path, "OutputSpec", name);
    spec.kind = match->kind;
    err = readTensorArg(*reader, spec.arg);
    if (!err && !match->targetKey.empty())
      err = reader->readString(match->targetKey, spec.targetName);
  }
  if (err)
    return std::move(err);
  return spec;
}

llvm::Error parseSignature(const Value &value, const JsonPath &path,
                           GraphSignature &signature) {
  auto reader = structAt(value, path, "a GraphSignature");
  if (!reader)
    return reader.takeError();
  if (llvm::Error err = readArrayField(*reader, "input_specs",
                                       signature.inputSpecs, parseInputSpec))
    return err;
  return readArrayField(*reader, "output_specs", signature.outputSpecs,
                        parseOutputSpec);
}

llvm::Expected<ModuleCallSignature>
parseModuleCallSignature(const Value &value, const JsonPath &path) {
  auto reader = structAt(value, path, "a ModuleCallSignature");
  if (!reader)
    return reader.takeError();
  ModuleCallSignature out;
  auto parseArg = [](const Value &v, const JsonPath &p) {
    return parseArgument(v, p, 0);
  };
  if (llvm::Error err = readArrayField(*reader, "inputs", out.inputs, parseArg))
    return std::move(err);
  if (llvm::Error err =
          readArrayField(*reader, "outputs", out.outputs, parseArg))
    return std::move(err);
  if (llvm::Error err = reader->readString("in_spec", out.inSpec))
    return std::move(err);
  if (llvm::Error err = reader->readString("out_spec", out.outSpec))
    return std::move(err);
  if (reader->get("forward_arg_names")) {
    std::vector<std::string> names;
    if (llvm::Error err = reader->readStrings("forward_arg_names", names))
      return std::move(err);
    out.forwardArgNames = std::move(names);
  }
  return out;
}

llvm::Expected<ModuleCallEntry> parseModuleCallEntry(const Value &value,
                                                     const JsonPath &path) {
  auto reader = structAt(value, path, "a ModuleCallEntry");
  if (!reader)
    return reader.takeError();
  ModuleCallEntry entry;
  if (llvm::Error err = reader->readString("fqn", entry.fqn))
    return std::move(err);
  if (const Value *signature = reader->get("signature")) {
    JsonPath at = path.field("signature");
    auto parsed = parseModuleCallSignature(*signature, at);
    if (!parsed)
      return parsed.takeError();
    entry.signature = std::move(*parsed);
  }
  return entry;
}

llvm::Error parseGraphModule(const Value &value, const JsonPath &path,
                             GraphModule &module) {
  auto reader = structAt(value, path, "a GraphModule");
  if (!reader)
    return reader.takeError();
  auto graph = required(*reader, "graph");
  if (!graph)
    return graph.takeError();
  JsonPath graphPath = path.field("graph");
  auto parsedGraph = parseGraph(**graph, graphPath, 0);
  if (!parsedGraph)
    return parsedGraph.takeError();
  module.graph = std::move(*parsedGraph);
  if (const Value *signature = reader->get("signature")) {
    JsonPath at = path.field("signature");
    if (llvm::Error err = parseSignature(*signature, at, module.signature))
      return err;
  }
  if (llvm::Error err =
          readArrayField(*reader, "module_call_graph", module.moduleCallGraph,
                         parseModuleCallEntry))
    return err;
  return reader->readStringMap("metadata", module.metadata);
}

llvm::Expected<RangeConstraint> parseRangeConstraint(const Value &value,
                                                     const JsonPath &path) {
  auto reader = structAt(value, path, "a RangeConstraint");
  if (!reader)
    return reader.takeError();
  RangeConstraint range;
  if (llvm::Error err = reader->readOptInt("min_val", range.minVal))
    return std::move(err);
  if (llvm::Error err = reader->readOptInt("max_val", range.maxVal))
    return std::move(err);
  // No input size could satisfy an empty range: the library would refuse
  // every input, so the archive is refused instead.
  if (range.minVal && range.maxVal && *range.minVal > *range.maxVal)
    return pathError(path, "empty range: min_val " + llvm::Twine(*range.minVal) +
                               " is above max_val " + llvm::Twine(*range.maxVal));
  return range;
}

llvm::Expected<PayloadMeta> parsePayloadMeta(const Value &value,
                                             const JsonPath &path) {
  auto reader = structAt(value, path, "a PayloadMeta");
  if (!reader)
    return reader.takeError();
  PayloadMeta meta;
  if (llvm::Error err = reader->readString("path_name", meta.pathName))
    return std::move(err);
  if (llvm::Error err = reader->readBool("is_param", meta.isParam))
    return std::move(err);
  if (llvm::Error err = reader->readBool("use_pickle", meta.usePickle))
    return std::move(err);
  if (const Value *tensorMeta = reader->get("tensor_meta")) {
    JsonPath at = path.field("tensor_meta");
    auto parsed = parseTensorMeta(*tensorMeta, at);
    if (!parsed)
      return parsed.takeError();
    meta.tensorMeta = std::move(*parsed);
  }
  return meta;
}

} // namespace

llvm::Expected<ExportedProgram> parseExportedProgram(llvm::StringRef jsonText) {
  auto document = parseDocument(jsonText);
  if (!document)
    return document.takeError();
  JsonPath root;
  auto reader = structAt(*document, root, "an ExportedProgram");
  if (!reader)
    return reader.takeError();

  ExportedProgram program;
  // The version first: another major has other structs, so its errors
  // would be misleading (docs/pt2-format.md, "Top level"). Any minor is
  // accepted.
  auto version = required(*reader, "schema_version");
  if (!version)
    return version.takeError();
  JsonPath versionPath = root.field("schema_version");
  auto versionReader = structAt(**version, versionPath, "a SchemaVersion");
  if (!versionReader)
    return versionReader.takeError();
  if (llvm::Error err =
          versionReader->readInt("major", program.schemaVersion.major))
    return std::move(err);
  if (llvm::Error err =
          versionReader->readInt("minor", program.schemaVersion.minor))
    return std::move(err);
  if (program.schemaVersion.major != kSupportedSchemaMajor) {
    JsonPath majorPath = versionPath.field("major");
    return pathError(
        majorPath,
        "found schema version " + llvm::Twine(program.schemaVersion.major) +
            "." + llvm::Twine(program.schemaVersion.minor) +
            ", expected major " + llvm::Twine(kSupportedSchemaMajor) +
            " (torch.export schema 8.x, written by torch "
            "2.9-2.11)");
  }
  auto graphModule = required(*reader, "graph_module");
  if (!graphModule)
    return graphModule.takeError();
  JsonPath graphModulePath = root.field("graph_module");
  if (llvm::Error err =
          parseGraphModule(**graphModule, graphModulePath, program.graphModule))
    return std::move(err);
  if (llvm::Error err = readMapField(
          *reader, "opset_version", program.opsetVersion,
          [](const Value &v, const JsonPath &p) { return asInt(v, p); }))
    return std::move(err);
  if (llvm::Error err =
          readMapField(*reader, "range_constraints", program.rangeConstraints,
                       parseRangeConstraint))
    return std::move(err);
  if (llvm::Error err = reader->readStrings("verifiers", program.verifiers))
    return std::move(err);
  program.torchVersion = "<=2.4"; // the schema's default
  if (llvm::Error err =
          reader->readString("torch_version", program.torchVersion))
    return std::move(err);
  if (llvm::Error err = reader->readStrings("guards_code", program.guardsCode))
    return std::move(err);
  return program;
}

llvm::Expected<PayloadConfig> parsePayloadConfig(llvm::StringRef jsonText) {
  auto document = parseDocument(jsonText);
  if (!document)
    return document.takeError();
  JsonPath root;
  auto reader = structAt(*document, root, "a PayloadConfig");
  if (!reader)
    return reader.takeError();
  PayloadConfig config;
  const Value *entries = reader->get("config");
  if (!entries)
    return config;
  JsonPath configPath = root.field("config");
  auto object = asObject(*entries, configPath, "a map of payloads");
  if (!object)
    return object.takeError();

  // Keep the order of the text (llvm::json::Object does not), unless the
  // text cannot be matched with the parsed keys; then sort.
  std::vector<std::string> order = keysInTextOrder(jsonText, {"config"});
  std::set<std::string> ordered(order.begin(), order.end());
  bool orderMatches = ordered.size() == (*object)->size() &&
                      llvm::all_of(**object, [&](const auto &entry) {
                        return ordered.count(entry.first.str()) != 0;
                      });
  if (!orderMatches) {
    order.clear();
    for (llvm::StringRef key : sortedKeys(**object))
      order.push_back(key.str());
  }
  config.entries.reserve(order.size());
  for (const std::string &fqn : order) {
    JsonPath entryPath = configPath.field(fqn);
    auto meta = parsePayloadMeta(*(*object)->get(fqn), entryPath);
    if (!meta)
      return meta.takeError();
    config.entries.emplace_back(fqn, std::move(*meta));
  }
  return config;
}

const PayloadMeta *PayloadConfig::find(llvm::StringRef fqn) const {
  for (const auto &entry : entries)
    if (entry.first == fqn)
      return &entry.second;
  return nullptr;
}

} // namespace pt2c::archive
