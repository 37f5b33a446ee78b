//===- GraphImporter.cpp - Nodes of one graph as aten.call ops ------------===//

#include "GraphImporter.h"
#include "ArgumentConversion.h"
#include "AutocastPolicy.h"
#include "TypeConversion.h"

#include "pt2c/Archive/NodeSource.h"
#include "pt2c/Import/LiveNodes.h"
#include "pt2c/Dialect/ATen/ATenOps.h"
#include "pt2c/OpRegistry/DerivedForms.h"
#include "pt2c/OpRegistry/HigherOrderOps.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace pt2c::archive;

namespace pt2c::import {

GraphImporter::GraphImporter(OpBuilder &builder, const OpRegistry &registry,
                             std::string where)
    : builder_(builder), registry_(registry), where_(std::move(where)) {}

llvm::Error GraphImporter::error(const std::string &nodePath,
                                 const llvm::Twine &message) const {
  return llvm::createStringError(where_ + ": " + nodePath + ": " + message.str());
}

Location GraphImporter::nodeLocation(const Node &node) {
  MLIRContext *context = builder_.getContext();
  auto [file, line] = sourceLineOf(node);
  Location child = file.empty()
                       ? Location(UnknownLoc::get(context))
                       : Location(FileLineColLoc::get(context, file, line, 0));
  if (node.name.empty())
    return child;
  return NameLoc::get(StringAttr::get(context, node.name), child);
}

llvm::Error GraphImporter::collectResults(const Graph &graph, const Node &node,
                                          const std::string &nodePath,
                                          SmallVectorImpl<Type> &types,
                                          SmallVectorImpl<std::string> &names) {
  MLIRContext *context = builder_.getContext();
  auto addTensor = [&](const std::string &name) -> llvm::Error {
    auto meta = graph.tensorValues.find(name);
    if (meta == graph.tensorValues.end())
      return error(nodePath, "output '" + name + "' has no tensor_values entry");
    RankedTensorType type = convertTensorMeta(context, meta->second);
    if (!type)
      return error(nodePath, "output '" + name + "' has unknown dtype");
    types.push_back(type);
    names.push_back(name);
    return llvm::Error::success();
  };
  for (const Argument &output : node.outputs) {
    switch (output.kind) {
    case ArgKind::Tensor:
      if (auto err = addTensor(output.str))
        return err;
      break;
    case ArgKind::Tensors:
      for (const std::string &name : output.strings)
        if (auto err = addTensor(name))
          return err;
      break;
    case ArgKind::SymInt:
      types.push_back(builder_.getI64Type());
      names.push_back(output.symInts.at(0).name);
      break;
    case ArgKind::SymBool:
      types.push_back(builder_.getI1Type());
      names.push_back(output.symBools.at(0).name);
      break;
    case ArgKind::SymFloat:
      types.push_back(builder_.getF64Type());
      names.push_back(output.symFloats.at(0).name);
      break;
    case ArgKind::None:
      // An undefined optional output: nothing to produce.
      break;
    default:
      return error(nodePath, std::string("outputs of kind '") +
                                 argKindName(output.kind) +
                                 "' are not supported");
    }
  }
  return llvm::Error::success();
}

// Collects the operand groups and attributes of one aten.call.
class CallBuilder {
public:
  CallBuilder(GraphImporter &importer, Location loc)
      : importer_(importer), loc_(loc) {}

  llvm::Error add(llvm::StringRef name, const Argument &arg,
                  const std::string &nodePath) {
    auto converted = convertArgument(
        importer_.builder_, loc_, arg,
        [&](llvm::StringRef n) { return importer_.lookup(n); });
    if (!converted)
      return importer_.error(nodePath, "argument '" + name + "': " +
                                           llvm::toString(converted.takeError()));
    if (converted->isOperands)
      addOperands(name, converted->operands, converted->isList);
    else
      attributes_.set(name, converted->attribute);
    return llvm::Error::success();
  }
  void addAttribute(llvm::StringRef name, Attribute value) {
    attributes_.set(name, value);
  }
  void addOperands(llvm::StringRef name, ValueRange values, bool isList) {
    names_.push_back(importer_.builder_.getStringAttr(name));
    segments_.push_back(isList ? static_cast<int32_t>(values.size()) : -1);
    for (Value value : values)
      operands_.push_back(castForAutocast(value));
  }
  /// Float tensor operands added from now on are converted to `element`
  /// first (autocast's input casts); null: none.
  void castFloatsTo(Type element) { castFloatsTo_ = element; }

  aten::CallOp build(llvm::StringRef target, TypeRange resultTypes) {
    OpBuilder &b = importer_.builder_;
    return aten::CallOp::create(b, loc_, resultTypes, b.getStringAttr(target),
                                b.getArrayAttr(names_),
                                b.getDenseI32ArrayAttr(segments_),
                                attributes_.getDictionary(b.getContext()),
                                operands_);
  }

private:
  Value castForAutocast(Value value) {
    // torch's autocast::is_eligible: float tensors other than float64.
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!castFloatsTo_ || !type || !isa<FloatType>(type.getElementType()) ||
        type.getElementType().isF64() || type.getElementType() == castFloatsTo_)
      return value;
    return importer_.autocastTo(value, castFloatsTo_, loc_);
  }

  GraphImporter &importer_;
  Location loc_;
  Type castFloatsTo_;
  SmallVector<Attribute> names_;
  SmallVector<int32_t> segments_;
  SmallVector<Value> operands_;
  NamedAttrList attributes_;
};

const OpDefault *GraphImporter::aliasDefault(llvm::StringRef target,
                                             const std::optional<DerivedForm> &derived,
                                             llvm::StringRef twinName) const {
  const OpSchema *own = derived ? registry_.lookup(target) : nullptr;
  if (!own)
    return nullptr;
  for (const OpArgument &argument : own->arguments)
    if (derived->twinArgument(argument.name) == twinName && argument.defaultValue)
      return &*argument.defaultValue;
  return nullptr;
}

llvm::Error GraphImporter::importNode(const Graph &graph, const Node &node,
                                      const std::string &nodePath) {
  llvm::StringRef target = OpRegistry::stripTorchOpsPrefix(node.target);
  if (target.starts_with("higher_order."))
    return importHigherOrder(graph, node, nodePath);

  // An in-place, `_copy` or alias form becomes its functional twin
  // (DerivedForms.h): the twin's schema names and completes the arguments.
  std::optional<DerivedForm> derived = derivedForm(target, registry_);
  std::string callTarget = derived ? derived->twin->target() : target.str();

  Location loc = nodeLocation(node);
  CallBuilder call(*this, loc);
  if (autocastType_) {
    AutocastCast cast = cpuAutocastCast(callTarget);
    if (cast == AutocastCast::lowerPrecision)
      call.castFloatsTo(autocastType_);
    else if (cast == AutocastCast::fp32)
      call.castFloatsTo(builder_.getF32Type());
  }
  const OpSchema *schema = derived ? derived->twin : registry_.lookup(target);
  if (schema) {
    // Every schema argument is present: as passed, or its default.
    llvm::StringMap<const NamedArgument *> passed;
    for (const NamedArgument &input : node.inputs) {
      llvm::StringRef name = derived ? derived->twinArgument(input.name) : input.name;
      if (!schema->findArgument(name))
        return error(nodePath, "'" + target + "' has no argument named '" +
                                   input.name + "' (schema: " + schema->text + ")");
      passed[name] = &input;
    }
    for (const OpArgument &schemaArg : schema->arguments) {
      if (const NamedArgument *input = passed.lookup(schemaArg.name)) {
        if (auto err = call.add(schemaArg.name, input->arg, nodePath))
          return err;
      } else if (schemaArg.defaultValue) {
        call.addAttribute(schemaArg.name, convertDefault(builder_, schemaArg,
                                                         *schemaArg.defaultValue));
      } else if (const OpDefault *own = aliasDefault(target, derived, schemaArg.name)) {
        // The twin requires what the alias defaults (cdist's p=2 for
        // _cdist_forward's p): the alias's default.
        call.addAttribute(schemaArg.name, convertDefault(builder_, schemaArg, *own));
      } else {
        return error(nodePath, "required argument '" + schemaArg.name + "' of '" +
                                   target + "' is missing");
      }
    }
  } else {
    // Unknown to the registry: keep the arguments as the archive gives them.
    for (auto [index, input] : llvm::enumerate(node.inputs)) {
      std::string name = input.name.empty() ? "arg" + std::to_string(index)
                                            : input.name;
      if (auto err = call.add(name, input.arg, nodePath))
        return err;
    }
  }

  SmallVector<Type> resultTypes;
  SmallVector<std::string> resultNames;
  if (auto err = collectResults(graph, node, nodePath, resultTypes, resultNames))
    return err;

  bool inPlace = derived && !derived->mutated.empty();
  aten::CallOp op = call.build(callTarget, resultTypes);

  // Keep the symbols of dynamic result dims, so shapes can be specialised.
  SmallVector<Attribute> resultDims;
  bool anySymbolic = false;
  for (const std::string &name : resultNames) {
    auto meta = graph.tensorValues.find(name);
    ArrayAttr dims = meta == graph.tensorValues.end()
                         ? ArrayAttr()
                         : symbolicDims(builder_, meta->second);
    anySymbolic |= bool(dims);
    resultDims.push_back(dims ? Attribute(dims) : builder_.getUnitAttr());
  }
  if (anySymbolic)
    op->setAttr("pt2c.result_dims", builder_.getArrayAttr(resultDims));

  for (auto [name, value] : llvm::zip(resultNames, op.getResults()))
    bind(name, value);

  if (inPlace) {
    // The mutated argument now holds the result, for every later use.
    const NamedArgument *self = nullptr;
    for (const NamedArgument &input : node.inputs)
      if (input.name == derived->mutated)
        self = &input;
    if (!self || self->arg.kind != ArgKind::Tensor || op.getNumResults() == 0)
      return error(nodePath, "in-place op '" + target +
                                 "' does not mutate a single tensor");
    const std::string &mutated = self->arg.str;
    bind(mutated, op.getResult(0));
    if (isGraphInput_.lookup(mutated) &&
        !llvm::is_contained(mutatedOrder_, mutated))
      mutatedOrder_.push_back(mutated);
  }
  return llvm::Error::success();
}

llvm::Error GraphImporter::importHigherOrder(const Graph &graph, const Node &node,
                                             const std::string &nodePath) {
  llvm::StringRef target = OpRegistry::stripTorchOpsPrefix(node.target);
  // Grad mode does not change inference results, so the subgraph is inlined.
  // Autocast does change them; only a disabled region is inlined as is.
  if (!isInlinedHigherOrderOp(target))
    return error(nodePath, "higher-order op '" + target + "' is not supported yet");
  // An autocast region sets (or, disabled, clears) the casts of the ops in
  // it; a grad-mode region keeps the enclosing one's.
  Type regionAutocast = autocastType_;
  if (target == "higher_order.wrap_with_autocast") {
    auto type = autocastRegionType(node, nodePath);
    if (!type)
      return type.takeError();
    regionAutocast = *type;
  }
  // Arguments after the subgraph are its inputs, in order.
  const Argument *subgraph = nullptr;
  SmallVector<Value> subgraphInputs;
  for (const NamedArgument &input : node.inputs) {
    if (input.arg.kind == ArgKind::Graph) {
      subgraph = &input.arg;
      continue;
    }
    if (!subgraph)
      continue;
    auto converted = convertArgument(builder_, nodeLocation(node), input.arg,
                                     [&](llvm::StringRef n) { return lookup(n); });
    if (!converted)
      return error(nodePath, llvm::toString(converted.takeError()));
    if (!converted->isOperands)
      return error(nodePath, "non-tensor subgraph inputs are not supported");
    subgraphInputs.append(converted->operands);
  }
  if (!subgraph || !subgraph->graph)
    return error(nodePath, "'" + target + "' has no subgraph argument");
  const Graph &body = *subgraph->graph;
  if (body.inputs.size() != subgraphInputs.size())
    return error(nodePath, "subgraph '" + subgraph->str + "' takes " +
                               std::to_string(body.inputs.size()) +
                               " inputs but is given " +
                               std::to_string(subgraphInputs.size()));

  GraphImporter inner(builder_, registry_, where_);
  inner.autocastType_ = regionAutocast;
  for (auto [input, value] : llvm::zip(body.inputs, subgraphInputs)) {
    if (input.kind != ArgKind::Tensor)
      return error(nodePath, "subgraph inputs must be tensors");
    inner.bind(input.str, value);
  }
  std::string bodyPath = nodePath + ".inputs.as_graph(" + subgraph->str + ")";
  if (auto err = inner.importNodes(body, bodyPath + ".graph"))
    return err;

  // The node's outputs name the subgraph's outputs, in order.
  SmallVector<std::string> outerNames;
  for (const Argument &output : node.outputs) {
    if (output.kind == ArgKind::Tensor)
      outerNames.push_back(output.str);
    else if (output.kind == ArgKind::Tensors)
      outerNames.append(output.strings.begin(), output.strings.end());
    else
      return error(nodePath, "higher-order op outputs must be tensors");
  }
  if (outerNames.size() != body.outputs.size())
    return error(nodePath, "node has " + std::to_string(outerNames.size()) +
                               " outputs but its subgraph returns " +
                               std::to_string(body.outputs.size()));
  for (auto [outerName, output] : llvm::zip(outerNames, body.outputs)) {
    Value value = output.kind == ArgKind::Tensor ? inner.lookup(output.str) : Value();
    if (!value)
      return error(nodePath, "subgraph output is not a defined tensor");
    bind(outerName, value);
  }
  return llvm::Error::success();
}

llvm::Expected<Type> GraphImporter::autocastRegionType(const Node &node,
                                                       const std::string &nodePath) {
  // wrap_with_autocast(device_type, dtype, enabled, cache_enabled, graph,
  // *inputs), positional in the archive (names are empty).
  SmallVector<const Argument *> settings;
  for (const NamedArgument &input : node.inputs) {
    if (input.arg.kind == ArgKind::Graph)
      break;
    settings.push_back(&input.arg);
  }
  if (settings.size() < 3 || settings[0]->kind != ArgKind::String ||
      settings[2]->kind != ArgKind::Bool)
    return error(nodePath, "wrap_with_autocast without (device_type, dtype, enabled)");
  if (!settings[2]->boolValue)
    return Type(); // a disabled region runs as written
  if (settings[0]->str != "cpu")
    return error(nodePath, "autocast for device type '" + settings[0]->str +
                               "' is not supported yet (only cpu's policy is known)");
  Type type;
  if (settings[1]->kind == ArgKind::ScalarType)
    type = convertScalarType(builder_.getContext(),
                             static_cast<ScalarType>(settings[1]->intValue));
  if (!type || !(type.isBF16() || type.isF16()))
    return error(nodePath, "autocast needs an explicit bfloat16 or float16 dtype");
  return type;
}

Value GraphImporter::autocastTo(Value value, Type element, Location loc) {
  CallBuilder call(*this, loc);
  call.addOperands("self", value, /*isList=*/false);
  call.addAttribute("dtype", TypeAttr::get(element));
  // The other arguments keep their defaults, as a traced .to(dtype) has.
  if (const OpSchema *schema = registry_.lookup("aten._to_copy.default"))
    for (const OpArgument &schemaArg : schema->arguments)
      if (schemaArg.name != "self" && schemaArg.name != "dtype" && schemaArg.defaultValue)
        call.addAttribute(schemaArg.name,
                          convertDefault(builder_, schemaArg, *schemaArg.defaultValue));
  auto type = cast<RankedTensorType>(value.getType()).clone(element);
  return call.build("aten._to_copy.default", type).getResult(0);
}

llvm::Error GraphImporter::importNodes(const Graph &graph, llvm::StringRef jsonPath) {
  // Nodes nothing needs are left out before anything is asked of them.
  std::vector<bool> live = liveNodes(graph, registry_);
  for (auto [index, node] : llvm::enumerate(graph.nodes)) {
    if (!live[index])
      continue;
    std::string nodePath = (jsonPath + ".nodes[" + llvm::Twine(index) + "] (" +
                            OpRegistry::stripTorchOpsPrefix(node.target) +
                            (node.name.empty() ? "" : " '" + node.name + "'") + ")")
                               .str();
    if (auto err = importNode(graph, node, nodePath))
      return err;
  }
  return llvm::Error::success();
}

} // namespace pt2c::import
