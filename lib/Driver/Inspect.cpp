//===- Inspect.cpp - `pt2c inspect`: what an archive holds -----------------===//

#include "pt2c/Driver/Inspect.h"

#include "pt2c/Archive/Pt2Archive.h"
#include "pt2c/Driver/Coverage.h"
#include "pt2c/OpRegistry/HigherOrderOps.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include "llvm/Support/Format.h"

#include <set>
#include <tuple>

using namespace pt2c::archive;

namespace pt2c {

static InspectTensor describeTensor(const Graph &graph, const std::string &name) {
  InspectTensor tensor;
  tensor.name = name;
  auto meta = graph.tensorValues.find(name);
  if (meta == graph.tensorValues.end()) {
    tensor.dtype = "?";
    return tensor;
  }
  tensor.dtype = scalarTypeName(meta->second.dtype);
  for (const SymInt &size : meta->second.sizes)
    tensor.shape.push_back(size.isExpr ? formatSymExpr(size.expr.expr)
                                       : std::to_string(size.value));
  return tensor;
}

static InspectTensor describeArgument(const Graph &graph, const Argument &arg,
                                      const std::string &fallbackName) {
  if (arg.kind == ArgKind::Tensor)
    return describeTensor(graph, arg.str);
  InspectTensor value;
  value.name = fallbackName;
  value.dtype = argKindName(arg.kind);
  if (arg.kind == ArgKind::SymInt && !arg.symInts.empty() && arg.symInts[0].isName) {
    value.name = arg.symInts[0].name;
    value.dtype = "symint";
  }
  return value;
}

// Counts the ops of `graph` and of every subgraph its nodes carry.
static void countOps(const Graph &graph, InspectReport &report) {
  for (const Node &node : graph.nodes) {
    ++report.nodeCount;
    ++report.ops[node.target];
    for (const NamedArgument &input : node.inputs)
      if (input.arg.kind == ArgKind::Graph && input.arg.graph)
        countOps(*input.arg.graph, report);
  }
}

/// Two FQNs are the same tensor when they view the same storage the same way.
using ViewKey = std::tuple<std::string, int64_t, std::vector<int64_t>,
                           std::vector<int64_t>, int>;

static void addWeight(WeightSummary &summary, std::set<ViewKey> &seen,
                      const TensorView &view) {
  ++summary.count;
  ViewKey key{view.entryName, view.storageOffset, view.sizes, view.strides,
              static_cast<int>(view.dtype)};
  if (!seen.insert(key).second) {
    ++summary.aliases;
    return;
  }
  summary.elements += static_cast<uint64_t>(view.numel());
  summary.bytes += view.nbytes();
}

InspectReport buildInspectReport(const Pt2Archive &archive, const OpRegistry &registry) {
  const ExportedProgram &program = archive.program();
  const Graph &graph = program.graphModule.graph;
  const GraphSignature &signature = program.graphModule.signature;

  InspectReport report;
  report.archivePath = archive.path().str();
  report.modelName = archive.modelName().str();
  report.torchVersion = program.torchVersion;
  report.schemaVersion = std::to_string(program.schemaVersion.major) + "." +
                         std::to_string(program.schemaVersion.minor);
  report.dialect = archive.dialect().str();
  report.weightsPresent = archive.hasWeightData();

  std::set<ViewKey> seenViews;
  for (auto [index, spec] : llvm::enumerate(signature.inputSpecs)) {
    const std::string fallback = "input" + std::to_string(index);
    switch (spec.kind) {
    case InputSpec::Kind::UserInput:
      report.inputs.push_back(describeArgument(graph, spec.arg, fallback));
      break;
    case InputSpec::Kind::Parameter:
    case InputSpec::Kind::Buffer:
    case InputSpec::Kind::TensorConstant: {
      const TensorView *view = archive.findTensor(spec.targetName);
      if (!view)
        break;
      WeightSummary &summary = spec.kind == InputSpec::Kind::Parameter ? report.parameters
                               : spec.kind == InputSpec::Kind::Buffer  ? report.buffers
                                                                       : report.constants;
      addWeight(summary, seenViews, *view);
      break;
    }
    default:
      break;
    }
  }
  for (auto [index, spec] : llvm::enumerate(signature.outputSpecs))
    if (spec.kind == OutputSpec::Kind::UserOutput)
      report.outputs.push_back(
          describeArgument(graph, spec.arg, "output" + std::to_string(index)));
  for (const auto &[symbol, range] : program.rangeConstraints)
    report.symbols[symbol] = {range.minVal, range.maxVal};

  countOps(graph, report);
  for (const auto &[target, count] : report.ops) {
    llvm::StringRef bare = OpRegistry::stripTorchOpsPrefix(target);
    // Python's scalar operators (`_operator.add`, `torch.sym_max`) have no
    // schema but are known: their decompositions read the arguments by name.
    if (!registry.lookup(bare) && !isInlinedHigherOrderOp(bare) &&
        !isOpCovered(target, registry))
      report.unknownOps.push_back(target);
  }
  return report;
}

static std::string formatShape(const InspectTensor &tensor) {
  std::string text = "[";
  for (auto [index, dim] : llvm::enumerate(tensor.shape))
    text += (index ? ", " : "") + dim;
  return text + "]";
}

static std::string formatBytes(uint64_t bytes) {
  char buffer[32];
  if (bytes >= (uint64_t(1) << 20))
    snprintf(buffer, sizeof buffer, "%.1f MiB", double(bytes) / (1 << 20));
  else if (bytes >= 1024)
    snprintf(buffer, sizeof buffer, "%.1f KiB", double(bytes) / 1024);
  else
    snprintf(buffer, sizeof buffer, "%llu B", (unsigned long long)bytes);
  return buffer;
}

static std::string formatRange(const std::optional<int64_t> &min,
                               const std::optional<int64_t> &max) {
  return "[" + (min ? std::to_string(*min) : std::string("-inf")) + ", " +
         (max ? std::to_string(*max) : std::string("inf")) + "]";
}

void printInspectText(llvm::raw_ostream &os, const InspectReport &report) {
  os << report.archivePath << ": model '" << report.modelName << "', torch "
     << report.torchVersion << ", schema " << report.schemaVersion << ", "
     << report.dialect << " dialect\n";
  os << "inputs:\n";
  for (const InspectTensor &tensor : report.inputs)
    os << "  " << tensor.name << ": " << tensor.dtype << formatShape(tensor) << "\n";
  os << "outputs:\n";
  for (const InspectTensor &tensor : report.outputs)
    os << "  " << tensor.name << ": " << tensor.dtype << formatShape(tensor) << "\n";
  if (!report.symbols.empty()) {
    os << "symbols:\n";
    for (const auto &[symbol, range] : report.symbols)
      os << "  " << symbol << " in " << formatRange(range.first, range.second) << "\n";
  }
  auto weights = [&](const char *label, const WeightSummary &summary) {
    os << "  " << llvm::left_justify(label, 11) << summary.count << " tensors, "
       << summary.elements << " elements, " << formatBytes(summary.bytes);
    if (summary.aliases)
      os << " (" << summary.aliases << " tied to another tensor, counted once)";
    os << "\n";
  };
  os << "weights:" << (report.weightsPresent ? "" : " (payloads empty: graph only)")
     << "\n";
  weights("parameters", report.parameters);
  weights("buffers", report.buffers);
  weights("constants", report.constants);
  os << "ops: " << report.nodeCount << " nodes, " << report.ops.size()
     << " distinct targets\n";
  for (const auto &[target, count] : report.ops)
    os << "  " << llvm::format_decimal(count, 5) << "  " << target << "\n";
  if (report.unknownOps.empty()) {
    os << "unknown ops: none\n";
  } else {
    os << "unknown ops (not in the op registry): " << report.unknownOps.size() << "\n";
    for (const std::string &target : report.unknownOps)
      os << "  " << target << "\n";
  }
}

static llvm::json::Array tensorsToJson(const std::vector<InspectTensor> &tensors) {
  llvm::json::Array array;
  for (const InspectTensor &tensor : tensors) {
    llvm::json::Array shape;
    for (const std::string &dim : tensor.shape) {
      int64_t value;
      if (!llvm::StringRef(dim).getAsInteger(10, value))
        shape.push_back(value);
      else
        shape.push_back(dim);
    }
    array.push_back(llvm::json::Object{
        {"name", tensor.name}, {"dtype", tensor.dtype}, {"shape", std::move(shape)}});
  }
  return array;
}

llvm::json::Value inspectToJson(const InspectReport &report) {
  auto weights = [](const WeightSummary &summary) {
    return llvm::json::Object{{"count", int64_t(summary.count)},
                              {"aliases", int64_t(summary.aliases)},
                              {"elements", int64_t(summary.elements)},
                              {"bytes", int64_t(summary.bytes)}};
  };
  llvm::json::Object symbols;
  for (const auto &[symbol, range] : report.symbols)
    symbols[symbol] = llvm::json::Object{
        {"min", range.first ? llvm::json::Value(*range.first) : nullptr},
        {"max", range.second ? llvm::json::Value(*range.second) : nullptr}};
  llvm::json::Object ops;
  for (const auto &[target, count] : report.ops)
    ops[target] = int64_t(count);
  llvm::json::Array unknown;
  for (const std::string &target : report.unknownOps)
    unknown.push_back(target);
  return llvm::json::Object{
      {"archive", report.archivePath},
      {"model", report.modelName},
      {"torch_version", report.torchVersion},
      {"schema_version", report.schemaVersion},
      {"dialect", report.dialect},
      {"inputs", tensorsToJson(report.inputs)},
      {"outputs", tensorsToJson(report.outputs)},
      {"symbols", std::move(symbols)},
      {"parameters", weights(report.parameters)},
      {"buffers", weights(report.buffers)},
      {"constants", weights(report.constants)},
      {"weights_present", report.weightsPresent},
      {"node_count", int64_t(report.nodeCount)},
      {"ops", std::move(ops)},
      {"unknown_ops", std::move(unknown)},
  };
}

} // namespace pt2c
