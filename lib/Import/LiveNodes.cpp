//===- LiveNodes.cpp - Which nodes of a graph the program needs -----------===//

#include "pt2c/Import/LiveNodes.h"

#include "pt2c/OpRegistry/OpRegistry.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSet.h"

namespace pt2c {

using archive::ArgKind;
using archive::Argument;

namespace {

/// Every graph value (tensor or symbolic scalar) `arg` names.
void forEachName(const Argument &arg, llvm::function_ref<void(llvm::StringRef)> visit) {
  switch (arg.kind) {
  case ArgKind::Tensor:
    visit(arg.str);
    break;
  case ArgKind::Tensors:
    for (const std::string &name : arg.strings)
      visit(name);
    break;
  case ArgKind::OptionalTensor:
  case ArgKind::OptionalTensors:
    for (const archive::OptionalTensorArgument &tensor : arg.optionalTensors)
      if (tensor.name)
        visit(*tensor.name);
    break;
  case ArgKind::NestedTensors:
    for (const std::vector<std::string> &list : arg.nestedTensors)
      for (const std::string &name : list)
        visit(name);
    break;
  case ArgKind::SymInt:
  case ArgKind::SymInts:
    for (const archive::SymIntArgument &value : arg.symInts)
      if (value.isName)
        visit(value.name);
    break;
  case ArgKind::SymBool:
  case ArgKind::SymBools:
    for (const archive::SymBoolArgument &value : arg.symBools)
      if (value.isName)
        visit(value.name);
    break;
  case ArgKind::SymFloat:
  case ArgKind::SymFloats:
    for (const archive::SymFloatArgument &value : arg.symFloats)
      if (value.isName)
        visit(value.name);
    break;
  case ArgKind::StringToArgument:
    for (const auto &entry : arg.stringToArgument)
      forEachName(entry.second, visit);
    break;
  default:
    break;
  }
}

/// True when removing `node` could change what the program does, whether
/// or not its results are used.
bool mayHaveEffects(const archive::Node &node, const OpRegistry &registry) {
  bool namesResult = false;
  for (const Argument &output : node.outputs)
    forEachName(output, [&](llvm::StringRef) { namesResult = true; });
  if (!namesResult)
    return true; // only there for what it does: _assert_scalar, ...
  llvm::StringRef target = OpRegistry::stripTorchOpsPrefix(node.target);
  if (target.starts_with("_operator."))
    return false;
  const OpSchema *schema = registry.lookup(target);
  if (!schema)
    return true;
  return llvm::any_of(schema->arguments, [](const OpArgument &arg) { return arg.isMutable; });
}

} // namespace

std::vector<bool> liveNodes(const archive::Graph &graph, const OpRegistry &registry) {
  llvm::StringSet<> used;
  for (const Argument &output : graph.outputs)
    forEachName(output, [&](llvm::StringRef name) { used.insert(name); });
  // Nodes come in topological order, so one walk backwards sees every user
  // of a node before the node.
  std::vector<bool> live(graph.nodes.size(), false);
  for (size_t index = graph.nodes.size(); index-- > 0;) {
    const archive::Node &node = graph.nodes[index];
    bool resultUsed = false;
    for (const Argument &output : node.outputs)
      forEachName(output, [&](llvm::StringRef name) { resultUsed |= used.contains(name); });
    if (!resultUsed && !mayHaveEffects(node, registry))
      continue;
    live[index] = true;
    for (const archive::NamedArgument &input : node.inputs)
      forEachName(input.arg, [&](llvm::StringRef name) { used.insert(name); });
  }
  return live;
}

} // namespace pt2c
