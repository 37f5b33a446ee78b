//===- OpRegistry.cpp - The ATen overloads pt2c knows ---------------------===//

#include "pt2c/OpRegistry/OpRegistry.h"

using namespace llvm;

namespace pt2c {

// The schema lines, verbatim from torch (see ATenSchemas.def).
static const StringRef kBuiltinSchemas[] = {
#define PT2C_ATEN_SCHEMA(text) text,
#include "ATenSchemas.def"
#undef PT2C_ATEN_SCHEMA
};

StringRef OpRegistry::stripTorchOpsPrefix(StringRef target) {
  target.consume_front("torch.ops.");
  return target;
}

Expected<OpRegistry> OpRegistry::create(ArrayRef<StringRef> lines) {
  OpRegistry registry;
  registry.schemas_.reserve(lines.size());
  for (StringRef line : lines) {
    auto schema = parseOpSchema(line);
    if (!schema)
      return schema.takeError();
    std::string target = schema->target();
    if (!registry.byTarget_.try_emplace(target, registry.schemas_.size()).second)
      return createStringError("op schema '" + line + "': '" + target +
                               "' is registered twice");
    registry.schemas_.push_back(std::move(*schema));
  }
  return registry;
}

Expected<OpRegistry> OpRegistry::createBuiltin() {
  return create(kBuiltinSchemas);
}

const OpSchema *OpRegistry::lookup(StringRef target) const {
  target = stripTorchOpsPrefix(target);
  std::string key;
  if (size_t colons = target.find("::"); colons != StringRef::npos) {
    // "aten::linear" or "aten::add.Tensor"
    StringRef ns = target.take_front(colons);
    StringRef rest = target.drop_front(colons + 2);
    auto [name, overload] = rest.split('.');
    key = (ns + "." + name + "." + (overload.empty() ? "default" : overload)).str();
  } else {
    key = target.str();
  }
  auto it = byTarget_.find(key);
  return it == byTarget_.end() ? nullptr : &schemas_[it->second];
}

} // namespace pt2c
