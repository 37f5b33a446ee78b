//===- OpRegistry.h - The ATen overloads pt2c knows ------------------------===//
//
// The registry maps a serialized op target to its parsed schema. It is built
// from lib/OpRegistry/ATenSchemas.def, one schema line per overload, printed
// by tools/print_op_schemas.py from a real torch install. No global state:
// callers build one registry and pass it where it is needed.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_OPREGISTRY_OPREGISTRY_H
#define PT2C_OPREGISTRY_OPREGISTRY_H

#include "pt2c/OpRegistry/OpSchema.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <vector>

namespace pt2c {

class OpRegistry {
public:
  /// The registry of every schema in ATenSchemas.def. Fails only if a line
  /// there does not parse (a bug in the project, caught by its unit test).
  static llvm::Expected<OpRegistry> createBuiltin();
  /// A registry of the given schema lines (tests, future plugins).
  static llvm::Expected<OpRegistry> create(llvm::ArrayRef<llvm::StringRef> lines);
  /// The lines of ATenSchemas.def, in file order.
  static llvm::ArrayRef<llvm::StringLiteral> builtinSchemaTexts();

  /// Accepts "torch.ops.aten.linear.default", "aten.linear.default" and
  /// "aten::linear" (default overload). nullptr when unknown.
  const OpSchema *lookup(llvm::StringRef target) const;
  size_t size() const { return schemas_.size(); }
  llvm::ArrayRef<OpSchema> schemas() const { return schemas_; }

  /// "torch.ops.aten.linear.default" -> "aten.linear.default"; other text unchanged.
  static llvm::StringRef stripTorchOpsPrefix(llvm::StringRef target);

private:
  std::vector<OpSchema> schemas_;
  llvm::StringMap<size_t> byTarget_; // "aten.linear.default" -> index
};

} // namespace pt2c

#endif // PT2C_OPREGISTRY_OPREGISTRY_H
