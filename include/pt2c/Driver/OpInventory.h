//===- OpInventory.h - Every ATen overload of torch, with pt2c's status ---===//
//
// docs/aten-overloads.tsv is every aten:: overload torch 2.11 knows, as
// tools/print_op_inventory.py printed it on a machine with torch: target,
// tags, kind (composite / kernel / jit) and schema. classifyOverload gives
// each its status for docs/op-coverage.md's inventory: what pt2c compiles
// (covered, or derived from a covered twin), what torch.export decomposes
// before pt2c sees it (composite), what cannot appear in an exported
// inference program (excluded, with the reason), and the rest (missing).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_DRIVER_OPINVENTORY_H
#define PT2C_DRIVER_OPINVENTORY_H

#include "pt2c/OpRegistry/OpRegistry.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace pt2c {

/// One line of docs/aten-overloads.tsv.
struct AtenOverload {
  std::string target; // "aten.add.Tensor"
  std::vector<std::string> tags;
  std::string kind; // "composite", "kernel" or "jit"
  std::string schema;
};

/// The lines of the file's text (comment lines start with '#'); an error
/// names the first malformed line.
llvm::Expected<std::vector<AtenOverload>> parseOverloadList(llvm::StringRef text);

enum class OverloadStatus { Covered, Derived, Composite, Excluded, Missing };

struct OverloadClass {
  OverloadStatus status = OverloadStatus::Missing;
  /// Derived: the twin's target; excluded: the reason's short name (one of
  /// kExclusionReasons); otherwise empty.
  std::string detail;
};

/// The reasons an overload is excluded, with what each means, in the
/// order the page lists them.
struct ExclusionReason {
  llvm::StringLiteral name, meaning;
};
llvm::ArrayRef<ExclusionReason> exclusionReasons();

/// The status of `overload`, in this order: covered or derived (as
/// `pt2c inspect --coverage` judges a node of that target), excluded,
/// composite, missing.
OverloadClass classifyOverload(const AtenOverload &overload, const OpRegistry &registry);

llvm::StringRef statusName(OverloadStatus status);

} // namespace pt2c

#endif // PT2C_DRIVER_OPINVENTORY_H
