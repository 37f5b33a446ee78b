//===- OpRegistry.cpp - The ATen overloads pt2c knows
//----------------------===//

#include "pt2c/OpRegistry/OpRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

using namespace pt2c;
using llvm::StringRef;

// A constexpr array of literals: no static constructor runs for it, and the
// registry itself is built only when a caller asks for one.
static constexpr llvm::StringLiteral kBuiltinSchemas[] = {
#define PT2C_ATEN_SCHEMA(TEXT) llvm::StringLiteral(TEXT),
#include "ATenSchemas.def"
#undef PT2C_ATEN_SCHEMA
};

llvm::ArrayRef<llvm::StringLiteral> OpRegistry::builtinSchemaTexts() {
  return kBuiltinSchemas;
}

llvm::Expected<OpRegistry> OpRegistry::createBuiltin() {
  std::vector<StringRef> lines(std::begin(kBuiltinSchemas),
                               std::end(kBuiltinSchemas));
  return create(lines);
}

llvm::Expected<OpRegistry> OpRegistry::create(llvm::ArrayRef<StringRef> lines) {
  OpRegistry registry;
  registry.schemas_.reserve(lines.size());
  for (auto [index, line] : llvm::enumerate(lines)) {
    llvm::Expected<OpSchema> schema = parseOpSchema(line);
    if (!schema)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          llvm::Twine("schema ") + llvm::Twine(index + 1) + " (" + line +
              "): " + llvm::toString(schema.takeError()));
    std::string target = schema->target();
    if (!registry.byTarget_.try_emplace(target, registry.schemas_.size())
             .second)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     llvm::Twine("schema ") +
                                         llvm::Twine(index + 1) +
                                         ": duplicate target " + target);
    registry.schemas_.push_back(std::move(*schema));
  }
  return registry;
}

StringRef OpRegistry::stripTorchOpsPrefix(StringRef target) {
  target.consume_front("torch.ops.");
  return target;
}

const OpSchema *OpRegistry::lookup(StringRef target) const {
  target = stripTorchOpsPrefix(target);
  std::string key;
  auto [ns, rest] = target.split("::");
  if (!rest.empty()) {
    // "aten::add.Tensor", "aten::linear": the schema spelling.
    auto [name, overload] = rest.split('.');
    key = (ns + "." + name + "." + (overload.empty() ? "default" : overload))
              .str();
  } else if (target.count('.') == 1) {
    // "aten.linear" names the overload packet; take its default overload.
    key = (target + ".default").str();
  } else {
    key = target.str();
  }
  auto it = byTarget_.find(key);
  return it == byTarget_.end() ? nullptr : &schemas_[it->second];
}
