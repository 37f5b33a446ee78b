//===- DerivedForms.cpp - Overloads that follow from a functional twin ----===//

#include "pt2c/OpRegistry/DerivedForms.h"

#include "pt2c/OpRegistry/OpRegistry.h"

#include "llvm/ADT/SmallVector.h"

namespace pt2c {

static constexpr AliasLine kAliases[] = {
#define PT2C_ATEN_ALIAS(ALIAS, TWIN, RENAMED)                                               \
  {llvm::StringLiteral(ALIAS), llvm::StringLiteral(TWIN), llvm::StringLiteral(RENAMED)},
#include "ATenAliases.def"
#undef PT2C_ATEN_ALIAS
};

llvm::ArrayRef<AliasLine> aliasLines() { return kAliases; }

namespace {

/// Argument names one step renames: this form's -> its twin's.
using Renames = llvm::SmallVector<std::pair<std::string, std::string>>;

/// One step from `schema` to its twin (null when `schema` is no derived
/// form) and the arguments the twin spells otherwise.
std::pair<const OpSchema *, Renames> step(const OpSchema &schema, const OpRegistry &registry) {
  Renames renames;
  std::string target = schema.target();
  for (const AliasLine &line : kAliases) {
    if (line.alias != target)
      continue;
    llvm::SmallVector<llvm::StringRef> pairs;
    line.renamed.split(pairs, ' ', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef pair : pairs) {
      auto [from, to] = pair.split('=');
      renames.push_back({from.str(), to.str()});
    }
    return {registry.lookup(line.twin), renames};
  }
  if (schema.isInPlace()) {
    // Same arguments in the same order; a few names differ (dropout_'s
    // `self` is dropout's `input`).
    const OpSchema *twin = registry.lookup(schema.functionalTarget());
    if (twin && twin->arguments.size() == schema.arguments.size())
      for (auto [own, theirs] : llvm::zip(schema.arguments, twin->arguments))
        if (own.name != theirs.name)
          renames.push_back({own.name, theirs.name});
    return {twin, renames};
  }
  // expand_copy is expand's value; a copying op without such a twin
  // (_to_copy, lift_fresh_copy) is not found and stays as it is.
  llvm::StringRef name = schema.name;
  if (name.consume_back("_copy") && !name.empty()) {
    std::string view = schema.ns + "." + name.str() + "." +
                       (schema.overload.empty() ? "default" : schema.overload);
    return {registry.lookup(view), renames};
  }
  return {nullptr, renames};
}

} // namespace

/// The functional twin of an in-place target the registry lacks
/// ("aten.sigmoid_.default" -> sigmoid's schema), or null.
static const OpSchema *inPlaceTwinByName(llvm::StringRef target, const OpRegistry &registry) {
  auto [ns, rest] = OpRegistry::stripTorchOpsPrefix(target).split('.');
  auto [name, overload] = rest.split('.');
  bool isDunder = name.starts_with("__") && name.ends_with("__");
  if (ns.empty() || overload.empty() || isDunder || !name.consume_back("_") || name.empty())
    return nullptr;
  return registry.lookup((ns + "." + name + "." + overload).str());
}

std::optional<DerivedForm> derivedForm(llvm::StringRef target, const OpRegistry &registry) {
  DerivedForm form;
  const OpSchema *schema = registry.lookup(target);
  if (!schema) {
    schema = inPlaceTwinByName(target, registry);
    if (!schema || schema->arguments.empty())
      return std::nullopt;
    form.twin = schema;
    form.mutated = schema->arguments.front().name;
  } else if (schema->isInPlace()) {
    form.mutated = schema->arguments.front().name;
  }
  // Each original argument's name in the current twin.
  llvm::StringMap<std::string> current;
  for (const OpArgument &arg : schema->arguments)
    current[arg.name] = arg.name;
  // A chain is a few steps (clamp_min_ -> clamp_min -> clamp); the bound
  // only guards against a cycle in the alias lines.
  for (int steps = 0; steps < 4; ++steps) {
    auto [twin, renames] = step(*schema, registry);
    if (!twin)
      break;
    for (auto &entry : current)
      for (const auto &[from, to] : renames)
        if (from == entry.second) {
          entry.second = to;
          break;
        }
    form.twin = schema = twin;
  }
  if (!form.twin)
    return std::nullopt;
  for (auto &[original, name] : current)
    if (original != name)
      form.renamed[original] = name;
  return form;
}

} // namespace pt2c
