//===- Coverage.h - `pt2c inspect --coverage`: can pt2c compile each op? --===//
//
// An op is covered when the importer can bring it in and the decomposition
// table (include/pt2c/Conversion/ATenToPrim/DecompositionTable.h) rewrites
// it into prim ops; inlined higher-order ops count as covered. The report names
// every node that is not, with the source line torch recorded for it, so a
// user learns before compiling (and before shipping) what would stop pt2c.
// Nodes whose results nothing uses are not judged: the importer leaves them
// out (pt2c/Import/LiveNodes.h).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_DRIVER_COVERAGE_H
#define PT2C_DRIVER_COVERAGE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace pt2c {
class OpRegistry;
namespace archive {
struct Graph;
} // namespace archive

/// True when pt2c compiles `target` (as serialized, with or without the
/// "torch.ops." prefix). In-place, `_copy` and alias forms are judged by
/// their functional twin, which is what the importer turns them into
/// (pt2c/OpRegistry/DerivedForms.h).
bool isOpCovered(llvm::StringRef target, const OpRegistry &registry);

struct UncoveredNode {
  std::string node;   // FX node name ("gelu_1"); empty when the file has none
  std::string target; // as serialized: "torch.ops.aten.erfinv.default"
  std::string file;   // the user's source file, "" when unknown
  unsigned line = 0;
};

struct CoverageReport {
  uint64_t nodeCount = 0;            // subgraphs included
  uint64_t deadCount = 0;            // of those, nodes nothing uses (left out, never missing)
  std::set<std::string> targets;     // distinct targets seen
  std::vector<UncoveredNode> missing; // in graph order
  bool complete() const { return missing.empty(); }
};

CoverageReport checkCoverage(const archive::Graph &graph, const OpRegistry &registry);
void printCoverageText(llvm::raw_ostream &os, llvm::StringRef archivePath,
                       const CoverageReport &report);
llvm::json::Value coverageToJson(const CoverageReport &report);

} // namespace pt2c

#endif // PT2C_DRIVER_COVERAGE_H
