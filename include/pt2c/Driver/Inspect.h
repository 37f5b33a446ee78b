//===- Inspect.h - `pt2c inspect`: what an archive holds -------------------===//
//
// A summary computed from the archive alone (no MLIR): the signature with
// symbolic dims and their ranges, weight counts and bytes, the op histogram
// over the whole graph (subgraphs included) with targets as serialized, and
// the ops the registry does not know.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_DRIVER_INSPECT_H
#define PT2C_DRIVER_INSPECT_H

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pt2c {
class OpRegistry;
namespace archive {
class Pt2Archive;
} // namespace archive

struct InspectTensor {
  std::string name;
  std::string dtype;              // "float32"
  std::vector<std::string> shape; // "64", or a symbolic expression "s77"
};

/// Tensors of one kind. A tied weight (two FQNs viewing the same bytes the
/// same way, e.g. gpt2's lm_head.weight and wte.weight) is counted in `count`
/// and `aliases` but its elements and bytes only once, as torch's
/// model.parameters() does.
struct WeightSummary {
  uint64_t count = 0;
  uint64_t aliases = 0;
  uint64_t elements = 0;
  uint64_t bytes = 0;
};

struct InspectReport {
  std::string archivePath;
  std::string modelName;
  std::string torchVersion;
  std::string schemaVersion; // "8.17"
  std::string dialect;       // "TRAINING" / "ATEN"
  std::vector<InspectTensor> inputs;
  std::vector<InspectTensor> outputs;
  std::map<std::string, std::pair<std::optional<int64_t>, std::optional<int64_t>>> symbols;
  WeightSummary parameters, buffers, constants;
  bool weightsPresent = true; // false when payloads are empty (graph-only archive)
  uint64_t nodeCount = 0;     // subgraphs included
  std::map<std::string, uint64_t> ops; // serialized target -> count
  std::vector<std::string> unknownOps; // targets with neither a schema nor a decomposition
};

InspectReport buildInspectReport(const archive::Pt2Archive &archive,
                                 const OpRegistry &registry);
void printInspectText(llvm::raw_ostream &os, const InspectReport &report);
llvm::json::Value inspectToJson(const InspectReport &report);

} // namespace pt2c

#endif // PT2C_DRIVER_INSPECT_H
