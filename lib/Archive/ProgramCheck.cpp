//===- ProgramCheck.cpp - Consistency checks of a parsed ExportedProgram
//---===//

#include "pt2c/Archive/ProgramCheck.h"

#include "JsonUtil.h"

#include "llvm/ADT/StringSet.h"

namespace pt2c::archive {

using json_util::JsonPath;
using json_util::pathError;

namespace {

/// The tensor names an argument refers to, in any of its tensor forms.
void collectTensorNames(const Argument &arg,
                        std::vector<llvm::StringRef> &names) {
  switch (arg.kind) {
  case ArgKind::Tensor:
    names.push_back(arg.str);
    break;
  case ArgKind::Tensors:
    names.insert(names.end(), arg.strings.begin(), arg.strings.end());
    break;
  case ArgKind::OptionalTensor:
  case ArgKind::OptionalTensors:
    for (const OptionalTensorArgument &t : arg.optionalTensors)
      if (t.name)
        names.push_back(*t.name);
    break;
  case ArgKind::NestedTensors:
    for (const auto &list : arg.nestedTensors)
      names.insert(names.end(), list.begin(), list.end());
    break;
  case ArgKind::StringToArgument:
    for (const auto &entry : arg.stringToArgument)
      collectTensorNames(entry.second, names);
    break;
  default:
    break;
  }
}

void collectSymIntNames(const Argument &arg,
                        std::vector<llvm::StringRef> &names) {
  if (arg.kind == ArgKind::SymInt || arg.kind == ArgKind::SymInts) {
    for (const SymIntArgument &s : arg.symInts)
      if (s.isName)
        names.push_back(s.name);
  } else if (arg.kind == ArgKind::StringToArgument) {
    for (const auto &entry : arg.stringToArgument)
      collectSymIntNames(entry.second, names);
  }
}

/// "aten.linear.default 'linear_1'": the target as users know it.
std::string describeNode(const Node &node) {
  llvm::StringRef target = node.target;
  target.consume_front("torch.ops.");
  std::string out = target.str();
  if (!node.name.empty())
    out += " '" + node.name + "'";
  return out;
}

class GraphChecker {
public:
  llvm::Error check(const Graph &graph, const JsonPath &path) {
    llvm::StringSet<> defined;
    JsonPath inputsPath = path.field("inputs");
    for (size_t i = 0; i < graph.inputs.size(); ++i) {
      JsonPath at = inputsPath.index(i);
      if (llvm::Error err = define(graph, graph.inputs[i], defined, at.str()))
        return err;
    }
    JsonPath nodesPath = path.field("nodes");
    for (size_t i = 0; i < graph.nodes.size(); ++i) {
      JsonPath at = nodesPath.index(i);
      if (llvm::Error err = checkNode(graph, graph.nodes[i], defined, at))
        return err;
    }
    JsonPath outputsPath = path.field("outputs");
    for (size_t i = 0; i < graph.outputs.size(); ++i) {
      JsonPath at = outputsPath.index(i);
      if (llvm::Error err = use(graph, graph.outputs[i], defined, at.str()))
        return err;
    }
    return llvm::Error::success();
  }

private:
  llvm::Error checkNode(const Graph &graph, const Node &node,
                        llvm::StringSet<> &defined, const JsonPath &path) {
    std::string where = path.str() + " (" + describeNode(node) + ")";
    JsonPath inputsPath = path.field("inputs");
    for (size_t j = 0; j < node.inputs.size(); ++j) {
      const Argument &arg = node.inputs[j].arg;
      if (llvm::Error err = use(graph, arg, defined, where))
        return err;
      if (arg.kind == ArgKind::Graph && arg.graph) {
        // A subgraph has its own scope; its path is where the JSON has it.
        JsonPath inputPath = inputsPath.index(j);
        JsonPath argPath = inputPath.field("arg");
        JsonPath graphArgPath = argPath.field("as_graph");
        JsonPath subgraphPath = graphArgPath.field("graph");
        if (llvm::Error err = check(*arg.graph, subgraphPath))
          return err;
      }
    }
    for (const Argument &output : node.outputs)
      if (llvm::Error err = define(graph, output, defined, where))
        return err;
    return llvm::Error::success();
  }

  llvm::Error use(const Graph &graph, const Argument &arg,
                  const llvm::StringSet<> &defined, const std::string &where) {
    std::vector<llvm::StringRef> tensors;
    collectTensorNames(arg, tensors);
    for (llvm::StringRef name : tensors) {
      if (!defined.contains(name))
        return error(where, "tensor '" + name + "' is used but never defined");
      if (!graph.tensorValues.count(name.str()))
        return error(where,
                     "tensor '" + name + "' has no entry in tensor_values");
    }
    std::vector<llvm::StringRef> symInts;
    collectSymIntNames(arg, symInts);
    for (llvm::StringRef name : symInts)
      if (!graph.symIntValues.count(name.str()))
        return error(where, "symint '" + name +
                                "' is used but has no entry in sym_int_values");
    return llvm::Error::success();
  }

  llvm::Error define(const Graph &graph, const Argument &arg,
                     llvm::StringSet<> &defined, const std::string &where) {
    std::vector<llvm::StringRef> tensors;
    collectTensorNames(arg, tensors);
    for (llvm::StringRef name : tensors) {
      if (!defined.insert(name).second)
        return error(where, "tensor '" + name + "' is defined twice");
      if (!graph.tensorValues.count(name.str()))
        return error(where, "tensor '" + name +
                                "' is defined but has no entry in "
                                "tensor_values");
    }
    return llvm::Error::success();
  }

  static llvm::Error error(const std::string &where,
                           const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   where + ": " + message);
  }
};

/// The tensor name a spec's argument names, or empty.
llvm::StringRef tensorName(const Argument &arg) {
  return arg.kind == ArgKind::Tensor ? llvm::StringRef(arg.str)
                                     : llvm::StringRef();
}

llvm::Error checkSignature(const GraphModule &module, const JsonPath &path) {
  const Graph &graph = module.graph;
  const GraphSignature &signature = module.signature;
  JsonPath graphPath = path.field("graph");
  JsonPath signaturePath = path.field("signature");
  if (graph.inputs.size() != signature.inputSpecs.size()) {
    JsonPath at = graphPath.field("inputs");
    return pathError(at, "the graph has " + llvm::Twine(graph.inputs.size()) +
                             " inputs but the signature has " +
                             llvm::Twine(signature.inputSpecs.size()) +
                             " input_specs; they must match one for one");
  }
  if (graph.outputs.size() != signature.outputSpecs.size()) {
    JsonPath at = graphPath.field("outputs");
    return pathError(at, "the graph has " + llvm::Twine(graph.outputs.size()) +
                             " outputs but the signature has " +
                             llvm::Twine(signature.outputSpecs.size()) +
                             " output_specs; they must match one for one");
  }
  JsonPath inputSpecsPath = signaturePath.field("input_specs");
  for (size_t i = 0; i < graph.inputs.size(); ++i) {
    llvm::StringRef specName = tensorName(signature.inputSpecs[i].arg);
    llvm::StringRef graphName = tensorName(graph.inputs[i]);
    if (!specName.empty() && specName != graphName) {
      JsonPath at = inputSpecsPath.index(i);
      return pathError(at, "names tensor '" + specName +
                               "', but graph.inputs[" + llvm::Twine(i) +
                               "] is '" + graphName + "'");
    }
  }
  JsonPath outputSpecsPath = signaturePath.field("output_specs");
  for (size_t i = 0; i < graph.outputs.size(); ++i) {
    llvm::StringRef specName = tensorName(signature.outputSpecs[i].arg);
    llvm::StringRef graphName = tensorName(graph.outputs[i]);
    if (!specName.empty() && specName != graphName) {
      JsonPath at = outputSpecsPath.index(i);
      return pathError(at, "names tensor '" + specName +
                               "', but graph.outputs[" + llvm::Twine(i) +
                               "] is '" + graphName + "'");
    }
  }
  return llvm::Error::success();
}

} // namespace

llvm::Error checkExportedProgram(const ExportedProgram &program) {
  JsonPath root;
  JsonPath modulePath = root.field("graph_module");
  JsonPath graphPath = modulePath.field("graph");
  if (llvm::Error err =
          GraphChecker().check(program.graphModule.graph, graphPath))
    return err;
  return checkSignature(program.graphModule, modulePath);
}

} // namespace pt2c::archive
