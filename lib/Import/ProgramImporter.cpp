//===- ProgramImporter.cpp - An ExportedProgram as func.func @forward -----===//
//
// The graph signature decides the function's shape: weights first (each
// argument names its FQN, so the packager binds bytes to it), then user
// inputs; results are the signature's outputs, then mutations made in place.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Import/Importer.h"

#include "GraphImporter.h"
#include "TypeConversion.h"

#include "pt2c/Archive/Pt2Archive.h"
#include "pt2c/Dialect/ATen/ATenOps.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace pt2c::archive;

namespace pt2c {

namespace {

/// One function argument before the function exists.
struct ArgumentPlan {
  std::string graphName; // the placeholder name in the graph
  Type type;
  NamedAttrList attributes;
};

class ProgramImporter {
public:
  ProgramImporter(MLIRContext &context, const Pt2Archive &archive,
                  const OpRegistry &registry)
      : context_(context), builder_(&context), archive_(archive),
        registry_(registry),
        where_((archive.path() + ": models/" + archive.modelName() + ".json").str()) {}

  llvm::Expected<OwningOpRef<ModuleOp>> run();

private:
  llvm::Error planArguments(SmallVectorImpl<ArgumentPlan> &plans);
  llvm::Expected<ArgumentPlan> planTensor(const Argument &arg, const std::string &path);
  llvm::Error planResults(import::GraphImporter &graph,
                          SmallVectorImpl<Value> &values,
                          SmallVectorImpl<DictionaryAttr> &attributes);
  DictionaryAttr symbolRanges();
  llvm::Error error(const llvm::Twine &path, const llvm::Twine &message) {
    return llvm::createStringError(where_ + ": " + path.str() + ": " + message.str());
  }

  MLIRContext &context_;
  OpBuilder builder_;
  const Pt2Archive &archive_;
  const OpRegistry &registry_;
  std::string where_;
};

} // namespace

llvm::Expected<ArgumentPlan> ProgramImporter::planTensor(const Argument &arg,
                                                         const std::string &path) {
  const Graph &graph = archive_.program().graphModule.graph;
  if (arg.kind != ArgKind::Tensor)
    return error(path, std::string("expected a tensor, got '") +
                           argKindName(arg.kind) + "'");
  auto meta = graph.tensorValues.find(arg.str);
  if (meta == graph.tensorValues.end())
    return error(path, "input '" + arg.str + "' has no tensor_values entry");
  ArgumentPlan plan;
  plan.graphName = arg.str;
  plan.type = import::convertTensorMeta(&context_, meta->second);
  if (!plan.type)
    return error(path, "input '" + arg.str + "' has unknown dtype");
  if (ArrayAttr dims = import::symbolicDims(builder_, meta->second))
    plan.attributes.set("pt2c.dims", dims);
  return plan;
}

llvm::Error ProgramImporter::planArguments(SmallVectorImpl<ArgumentPlan> &plans) {
  const GraphSignature &signature = archive_.program().graphModule.signature;
  SmallVector<ArgumentPlan> weights, inputs;
  for (auto [index, spec] : llvm::enumerate(signature.inputSpecs)) {
    std::string path = "$.graph_module.signature.input_specs[" +
                       std::to_string(index) + "]";
    const char *kind = nullptr;
    switch (spec.kind) {
    case InputSpec::Kind::Parameter:
      kind = "parameter";
      break;
    case InputSpec::Kind::Buffer:
      kind = "buffer";
      break;
    case InputSpec::Kind::TensorConstant:
      kind = "constant";
      break;
    case InputSpec::Kind::UserInput: {
      if (spec.arg.kind == ArgKind::SymInt && spec.arg.symInts.at(0).isName) {
        ArgumentPlan plan;
        plan.graphName = spec.arg.symInts[0].name;
        plan.type = builder_.getI64Type();
        plan.attributes.set("pt2c.input", builder_.getStringAttr(plan.graphName));
        inputs.push_back(std::move(plan));
        continue;
      }
      auto plan = planTensor(spec.arg, path);
      if (!plan)
        return plan.takeError();
      plan->attributes.set("pt2c.input", builder_.getStringAttr(plan->graphName));
      inputs.push_back(std::move(*plan));
      continue;
    }
    case InputSpec::Kind::ConstantInput:
      // Export folded this input into the graph; nothing is passed at run time.
      continue;
    case InputSpec::Kind::CustomObj:
      return error(path, "TorchBind custom objects ('" + spec.targetName +
                             "') are not supported");
    case InputSpec::Kind::Token:
      return error(path, "effect tokens are not supported");
    }
    auto plan = planTensor(spec.arg, path);
    if (!plan)
      return plan.takeError();
    plan->attributes.set("pt2c.weight", builder_.getStringAttr(spec.targetName));
    plan->attributes.set("pt2c.kind", builder_.getStringAttr(kind));
    weights.push_back(std::move(*plan));
  }
  plans.append(std::make_move_iterator(weights.begin()),
               std::make_move_iterator(weights.end()));
  plans.append(std::make_move_iterator(inputs.begin()),
               std::make_move_iterator(inputs.end()));
  return llvm::Error::success();
}

llvm::Error ProgramImporter::planResults(import::GraphImporter &graph,
                                         SmallVectorImpl<Value> &values,
                                         SmallVectorImpl<DictionaryAttr> &attributes) {
  const GraphSignature &signature = archive_.program().graphModule.signature;
  const Graph &graphDef = archive_.program().graphModule.graph;
  // {key = value}, plus pt2c.dims when the output named `tensor` has
  // symbolic sizes, so the runtime can compute output shapes.
  auto attribute = [&](llvm::StringRef key, llvm::StringRef value,
                       llvm::StringRef tensor = "") {
    NamedAttrList attributes;
    attributes.set(key, builder_.getStringAttr(value));
    auto meta = graphDef.tensorValues.find(tensor.str());
    if (meta != graphDef.tensorValues.end())
      if (ArrayAttr dims = import::symbolicDims(builder_, meta->second))
        attributes.set("pt2c.dims", dims);
    return attributes.getDictionary(&context_);
  };
  llvm::StringSet<> mutationsReturned;
  for (auto [index, spec] : llvm::enumerate(signature.outputSpecs)) {
    std::string path = "$.graph_module.signature.output_specs[" +
                       std::to_string(index) + "]";
    std::string name;
    if (spec.arg.kind == ArgKind::Tensor)
      name = spec.arg.str;
    else if (spec.arg.kind == ArgKind::SymInt && spec.arg.symInts.at(0).isName)
      name = spec.arg.symInts[0].name;
    else
      return error(path, std::string("outputs of kind '") +
                             argKindName(spec.arg.kind) + "' are not supported");
    Value value = graph.lookup(name);
    if (!value)
      return error(path, "output '" + name + "' is never defined");
    switch (spec.kind) {
    case OutputSpec::Kind::UserOutput:
    case OutputSpec::Kind::LossOutput:
      attributes.push_back(attribute("pt2c.output", name, name));
      break;
    case OutputSpec::Kind::BufferMutation:
      attributes.push_back(attribute("pt2c.buffer_mutation", spec.targetName, name));
      mutationsReturned.insert(spec.targetName);
      break;
    case OutputSpec::Kind::UserInputMutation:
      attributes.push_back(attribute("pt2c.input_mutation", spec.targetName, name));
      mutationsReturned.insert(spec.targetName);
      break;
    case OutputSpec::Kind::ParameterMutation:
      attributes.push_back(attribute("pt2c.parameter_mutation", spec.targetName, name));
      mutationsReturned.insert(spec.targetName);
      break;
    default:
      return error(path, "gradient and token outputs are not supported");
    }
    values.push_back(value);
  }

  // In-place ops on graph inputs (TRAINING dialect): return the new value so
  // the runtime can write it back, as run_decompositions() would have.
  for (const std::string &mutated : graph.mutatedNames()) {
    const Graph &g = archive_.program().graphModule.graph;
    for (auto [input, spec] : llvm::zip(g.inputs, signature.inputSpecs)) {
      if (input.kind != ArgKind::Tensor || input.str != mutated)
        continue;
      llvm::StringRef key;
      std::string target = spec.targetName;
      if (spec.kind == InputSpec::Kind::Buffer)
        key = "pt2c.buffer_mutation";
      else if (spec.kind == InputSpec::Kind::Parameter)
        key = "pt2c.parameter_mutation";
      else if (spec.kind == InputSpec::Kind::UserInput) {
        key = "pt2c.input_mutation";
        target = mutated;
      } else {
        return error("$.graph_module.graph", "constant '" + spec.targetName +
                                                 "' is mutated in place");
      }
      if (mutationsReturned.contains(target))
        continue;
      values.push_back(graph.lookup(mutated));
      attributes.push_back(attribute(key, target, mutated));
    }
  }
  return llvm::Error::success();
}

DictionaryAttr ProgramImporter::symbolRanges() {
  NamedAttrList ranges;
  for (const auto &[symbol, range] : archive_.program().rangeConstraints) {
    NamedAttrList bounds;
    if (range.minVal)
      bounds.set("min", builder_.getI64IntegerAttr(*range.minVal));
    if (range.maxVal)
      bounds.set("max", builder_.getI64IntegerAttr(*range.maxVal));
    ranges.set(symbol, bounds.getDictionary(&context_));
  }
  return ranges.getDictionary(&context_);
}

llvm::Expected<OwningOpRef<ModuleOp>> ProgramImporter::run() {
  context_.loadDialect<aten::ATenDialect, func::FuncDialect, arith::ArithDialect>();
  const ExportedProgram &program = archive_.program();
  const Graph &graph = program.graphModule.graph;
  if (graph.inputs.size() != program.graphModule.signature.inputSpecs.size())
    return error("$.graph_module", "graph has " + llvm::Twine(graph.inputs.size()) +
                                       " inputs but the signature describes " +
                                       llvm::Twine(program.graphModule.signature
                                                       .inputSpecs.size()));

  Location moduleLoc = FileLineColLoc::get(&context_, archive_.path(), 0, 0);
  OwningOpRef<ModuleOp> module = ModuleOp::create(moduleLoc);
  (*module)->setAttr("pt2c.torch_version",
                     builder_.getStringAttr(program.torchVersion));
  (*module)->setAttr("pt2c.dialect", builder_.getStringAttr(archive_.dialect()));

  SmallVector<ArgumentPlan> plans;
  if (auto err = planArguments(plans))
    return std::move(err);

  SmallVector<Type> argumentTypes;
  for (const ArgumentPlan &plan : plans)
    argumentTypes.push_back(plan.type);
  builder_.setInsertionPointToEnd(module->getBody());
  auto function = func::FuncOp::create(builder_, moduleLoc, "forward",
                                       builder_.getFunctionType(argumentTypes, {}));
  Block *entry = function.addEntryBlock();
  builder_.setInsertionPointToStart(entry);

  import::GraphImporter importer(builder_, registry_, where_);
  for (auto [index, plan] : llvm::enumerate(plans)) {
    importer.bindGraphInput(plan.graphName, entry->getArgument(index));
    function.setArgAttrs(index, plan.attributes.getDictionary(&context_));
  }
  if (auto err = importer.importNodes(graph, "$.graph_module.graph"))
    return std::move(err);

  SmallVector<Value> results;
  SmallVector<DictionaryAttr> resultAttributes;
  if (auto err = planResults(importer, results, resultAttributes))
    return std::move(err);
  func::ReturnOp::create(builder_, moduleLoc, results);
  function.setFunctionType(
      builder_.getFunctionType(argumentTypes, ValueRange(results).getTypes()));
  for (auto [index, attributes] : llvm::enumerate(resultAttributes))
    function.setResultAttrs(index, attributes);
  function->setAttr("pt2c.symbols", symbolRanges());

  if (failed(verify(*module)))
    return llvm::createStringError(
        std::make_error_code(std::errc::state_not_recoverable),
        where_ + ": internal error: the imported module does not verify "
                 "(a pt2c bug: please report it with this archive)");
  return std::move(module);
}

llvm::Expected<OwningOpRef<ModuleOp>>
importArchive(MLIRContext &context, const Pt2Archive &archive,
              const OpRegistry &registry) {
  return ProgramImporter(context, archive, registry).run();
}

} // namespace pt2c
