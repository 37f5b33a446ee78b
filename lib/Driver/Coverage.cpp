//===- Coverage.cpp - `pt2c inspect --coverage` ----------------------------===//

#include "pt2c/Driver/Coverage.h"

#include "pt2c/Archive/ExportSchema.h"
#include "pt2c/Archive/NodeSource.h"
#include "pt2c/Conversion/ATenToPrim/DecompositionTable.h"
#include "pt2c/Import/LiveNodes.h"
#include "pt2c/OpRegistry/DerivedForms.h"
#include "pt2c/OpRegistry/HigherOrderOps.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include "llvm/ADT/StringSet.h"

#include <map>

namespace pt2c {

static const llvm::StringSet<> &decomposedTargets() {
  static const llvm::StringSet<> targets = [] {
    llvm::StringSet<> set;
    for (const Decomposition &entry : decompositionTable())
      set.insert(entry.target);
    return set;
  }();
  return targets;
}

bool isOpCovered(llvm::StringRef target, const OpRegistry &registry) {
  llvm::StringRef bare = OpRegistry::stripTorchOpsPrefix(target);
  if (isInlinedHigherOrderOp(bare))
    return true;
  // Judged as the importer brings it in: a derived form as its twin.
  std::optional<DerivedForm> derived = derivedForm(bare, registry);
  return decomposedTargets().contains(derived ? derived->twin->target() : bare.str());
}

static void visit(const archive::Graph &graph, const OpRegistry &registry,
                  CoverageReport &report) {
  // A node nothing needs is not imported (LiveNodes.h), so it cannot stop
  // the compile: it is counted, never reported missing.
  std::vector<bool> live = liveNodes(graph, registry);
  for (auto [index, node] : llvm::enumerate(graph.nodes)) {
    ++report.nodeCount;
    if (!live[index]) {
      ++report.deadCount;
      continue;
    }
    report.targets.insert(node.target);
    if (!isOpCovered(node.target, registry)) {
      auto [file, line] = archive::sourceLineOf(node);
      report.missing.push_back({node.name, node.target, file, line});
    }
    for (const archive::NamedArgument &input : node.inputs)
      if (input.arg.kind == archive::ArgKind::Graph && input.arg.graph)
        visit(*input.arg.graph, registry, report);
  }
}

CoverageReport checkCoverage(const archive::Graph &graph, const OpRegistry &registry) {
  CoverageReport report;
  visit(graph, registry, report);
  return report;
}

static std::string where(const UncoveredNode &node) {
  if (node.file.empty())
    return "(no source line recorded)";
  return node.file + ":" + std::to_string(node.line);
}

/// ", 2 unused left out" where nodes nothing uses were skipped.
static std::string unused(const CoverageReport &report) {
  if (report.deadCount == 0)
    return "";
  return ", " + std::to_string(report.deadCount) + " unused left out";
}

void printCoverageText(llvm::raw_ostream &os, llvm::StringRef archivePath,
                       const CoverageReport &report) {
  if (report.complete()) {
    os << archivePath << ": every op is covered (" << report.nodeCount << " nodes, "
       << report.targets.size() << " distinct ops" << unused(report) << ")\n";
    return;
  }
  std::map<std::string, unsigned> perTarget;
  for (const UncoveredNode &node : report.missing)
    ++perTarget[node.target];
  os << archivePath << ": " << perTarget.size() << " of " << report.targets.size()
     << " distinct ops have no decomposition (" << report.missing.size() << " of "
     << report.nodeCount << " nodes" << unused(report)
     << "); pt2c cannot compile this model yet:\n";
  for (const UncoveredNode &node : report.missing)
    os << "  " << OpRegistry::stripTorchOpsPrefix(node.target) << "  node '"
       << (node.node.empty() ? "?" : node.node) << "'  at " << where(node) << "\n";
  os << "(docs/op-coverage.md lists what pt2c covers)\n";
}

llvm::json::Value coverageToJson(const CoverageReport &report) {
  llvm::json::Array missing;
  for (const UncoveredNode &node : report.missing)
    missing.push_back(llvm::json::Object{{"node", node.node},
                                         {"target", node.target},
                                         {"file", node.file},
                                         {"line", int64_t(node.line)}});
  return llvm::json::Object{{"complete", report.complete()},
                            {"node_count", int64_t(report.nodeCount)},
                            {"unused_nodes", int64_t(report.deadCount)},
                            {"distinct_ops", int64_t(report.targets.size())},
                            {"missing", std::move(missing)}};
}

} // namespace pt2c
