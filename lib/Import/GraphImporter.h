//===- GraphImporter.h - Nodes of one graph as aten.call ops --------------===//

#ifndef PT2C_LIB_IMPORT_GRAPHIMPORTER_H
#define PT2C_LIB_IMPORT_GRAPHIMPORTER_H

#include "pt2c/Archive/ExportSchema.h"
#include "pt2c/OpRegistry/DerivedForms.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace pt2c::import {

/// Imports the nodes of one graph at the builder's insertion point. Names
/// are local to a graph: a higher-order op's subgraph gets its own importer.
class GraphImporter {
public:
  /// `where` prefixes error messages ("model.pt2: models/model.json").
  GraphImporter(mlir::OpBuilder &builder, const OpRegistry &registry,
                std::string where);

  /// Makes `name` refer to `value` (node results, and after in-place ops).
  void bind(llvm::StringRef name, mlir::Value value) { values_[name] = value; }
  /// Binds a graph input; in-place ops on it are reported by mutatedNames().
  void bindGraphInput(llvm::StringRef name, mlir::Value value) {
    values_[name] = value;
    isGraphInput_[name] = true;
  }
  /// The value of `name`, or null.
  mlir::Value lookup(llvm::StringRef name) const { return values_.lookup(name); }

  /// Imports `graph.nodes`; `jsonPath` locates the graph ("$.graph_module.graph").
  llvm::Error importNodes(const archive::Graph &graph, llvm::StringRef jsonPath);

  /// Graph input names that an in-place op mutated, in the order they were
  /// first mutated; lookup(name) gives the final value.
  llvm::ArrayRef<std::string> mutatedNames() const { return mutatedOrder_; }

private:
  /// The default the alias `target` itself gives the argument its twin
  /// calls `twinName`, where the twin requires it; null when none.
  const OpDefault *aliasDefault(llvm::StringRef target, const std::optional<DerivedForm> &derived,
                                llvm::StringRef twinName) const;
  llvm::Error importNode(const archive::Graph &graph, const archive::Node &node,
                         const std::string &nodePath);
  llvm::Error importHigherOrder(const archive::Graph &graph,
                                const archive::Node &node,
                                const std::string &nodePath);
  /// The result types of `node.outputs`, and the names to bind them to.
  llvm::Error collectResults(const archive::Graph &graph,
                             const archive::Node &node,
                             const std::string &nodePath,
                             llvm::SmallVectorImpl<mlir::Type> &types,
                             llvm::SmallVectorImpl<std::string> &names);
  mlir::Location nodeLocation(const archive::Node &node);
  /// `value` (a float tensor) converted to `element` by an
  /// aten._to_copy call: the casts autocast makes at run time.
  mlir::Value autocastTo(mlir::Value value, mlir::Type element, mlir::Location loc);
  /// Reads a wrap_with_autocast node's (device_type, dtype, enabled, ...)
  /// into the dtype its region computes in; null when it is disabled.
  llvm::Expected<mlir::Type> autocastRegionType(const archive::Node &node,
                                                const std::string &nodePath);
  llvm::Error error(const std::string &nodePath, const llvm::Twine &message) const;

  mlir::OpBuilder &builder_;
  const OpRegistry &registry_;
  std::string where_;
  llvm::StringMap<mlir::Value> values_;
  llvm::StringMap<bool> isGraphInput_;
  std::vector<std::string> mutatedOrder_;
  /// Inside an enabled CPU autocast region: its lower-precision dtype (bf16
  /// or f16), whose casts importNode inserts; null elsewhere.
  mlir::Type autocastType_;
  friend class CallBuilder;
};

} // namespace pt2c::import

#endif // PT2C_LIB_IMPORT_GRAPHIMPORTER_H
