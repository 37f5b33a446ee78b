//===- SchemaJson.h - Parse the JSON documents of a .pt2 archive ----------===//
//
// models/<m>.json (the ExportedProgram) and the weights and constants configs
// (PayloadConfig), as docs/pt2-format.md describes them, parsed with
// llvm::json into the structs of ExportSchema.h. The rules of torch's
// serializer apply: a union is an object with exactly one key, an unknown
// variant is an error; unknown struct keys are ignored and missing ones take
// the schema default (forward compatibility); integers are exact int64;
// "Infinity"/"-Infinity"/"NaN" strings are floats. Errors name the JSON path:
//   "$.graph_module.graph.nodes[3].inputs[1].arg: unknown Argument variant
//   'as_foo'"
// These functions only parse; Pt2Archive runs the cross-checks.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_ARCHIVE_SCHEMAJSON_H
#define PT2C_ARCHIVE_SCHEMAJSON_H

#include "pt2c/Archive/ExportSchema.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pt2c::archive {

/// schema.py `PayloadMeta`: where one weight or constant is stored.
struct PayloadMeta {
  std::string
      pathName; // "weight_0": a file under data/weights/ or data/constants/
  bool isParam = false; // nn.Parameter
  bool usePickle =
      false; // a torch.save pickle (tensor subclass, custom object)
  std::optional<TensorMeta> tensorMeta; // null for custom objects
};

/// schema.py `PayloadConfig`, keyed by FQN.
struct PayloadConfig {
  /// In the order of the JSON text: when several FQNs share one file, torch
  /// builds the storage with the dtype of the first (docs/pt2-format.md,
  /// "Weights and constants").
  std::vector<std::pair<std::string, PayloadMeta>> entries;

  /// nullptr when `fqn` has no entry. A linear search: Pt2Archive indexes
  /// its views by FQN instead.
  const PayloadMeta *find(llvm::StringRef fqn) const;
};

/// The schema major this reader implements (schema.py SCHEMA_VERSION[0]).
constexpr int64_t kSupportedSchemaMajor = 8;

/// Parses the text of models/<m>.json. schema_version is read first and a
/// major other than kSupportedSchemaMajor is refused ("found schema version
/// 9.0, expected major 8"), since other majors have other structs. Every
/// SymExpr's expr_str is parsed with parseSymExpr. Subgraphs (as_graph) nest
/// at most 64 deep.
llvm::Expected<ExportedProgram> parseExportedProgram(llvm::StringRef jsonText);

/// Parses data/weights/<m>_weights_config.json or
/// data/constants/<m>_constants_config.json.
llvm::Expected<PayloadConfig> parsePayloadConfig(llvm::StringRef jsonText);

} // namespace pt2c::archive

#endif // PT2C_ARCHIVE_SCHEMAJSON_H
