//===- DerivedForms.h - Overloads that follow from a functional twin ------===//
//
// Many ATen overloads compute what another one does (issue #17 item 2):
//  - in-place forms write their functional twin's result into `self`
//    (relu_ -> relu, fill_.Tensor -> fill.Tensor, copy_ -> copy);
//  - `_copy` forms are their view's value (expand_copy -> expand);
//  - aliases are another name, sometimes with other argument names
//    (swapaxes(axis0, axis1) -> transpose.int(dim0, dim1), min.other ->
//    minimum, clamp_min -> clamp with max=None).
// The first two follow from the schemas; an alias is one line of
// lib/OpRegistry/ATenAliases.def. The importer turns each such node into its
// twin (the twin's defaults fill what the form lacks), and
// `pt2c inspect --coverage` judges it by the twin, so none needs a
// decomposition of its own.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_OPREGISTRY_DERIVEDFORMS_H
#define PT2C_OPREGISTRY_DERIVEDFORMS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace pt2c {
class OpRegistry;
struct OpSchema;

/// What a derived overload is compiled as.
struct DerivedForm {
  const OpSchema *twin = nullptr; // the overload the node becomes
  /// This form's argument names that the twin spells otherwise
  /// ("axis0" -> "dim0"); the others keep their names.
  llvm::StringMap<std::string> renamed;
  /// The argument an in-place form writes (this form's name), else empty.
  std::string mutated;

  /// The twin's name of this form's argument `name`.
  llvm::StringRef twinArgument(llvm::StringRef name) const {
    auto it = renamed.find(name);
    return it == renamed.end() ? name : llvm::StringRef(it->second);
  }
};

/// The twin `target` (any spelling OpRegistry::lookup takes) is compiled
/// as, following chains (clamp_min_ -> clamp_min -> clamp); nullopt when
/// `target` is not a derived form of an overload the registry knows. An
/// in-place `op_` whose own schema is not in the registry is derived too:
/// torch generates every in-place variant from its functional op's
/// signature, so it has the twin's arguments and writes the first.
std::optional<DerivedForm> derivedForm(llvm::StringRef target, const OpRegistry &registry);

/// One line of ATenAliases.def.
struct AliasLine {
  llvm::StringLiteral alias;   // "aten.swapaxes.default"
  llvm::StringLiteral twin;    // "aten.transpose.int"
  llvm::StringLiteral renamed; // "axis0=dim0 axis1=dim1", or ""
};
llvm::ArrayRef<AliasLine> aliasLines();

} // namespace pt2c

#endif // PT2C_OPREGISTRY_DERIVEDFORMS_H
