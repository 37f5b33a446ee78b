//===- OpSchema.cpp - What a parsed schema answers
//-------------------------===//
//
// The parser lives in OpSchemaParser.cpp; this file holds the queries the
// importer asks of a parsed schema.
//
//===----------------------------------------------------------------------===//

#include "pt2c/OpRegistry/OpSchema.h"

using namespace pt2c;

std::string OpSchema::target() const {
  // torch.export serializes the default overload as ".default".
  return ns + "." + name + "." + (overload.empty() ? "default" : overload);
}

bool OpSchema::isInPlace() const {
  llvm::StringRef n = name;
  // Dunder methods (`__and__`, `__iand__`) end with '_' without being the
  // trailing-underscore in-place convention.
  bool isDunder = n.size() > 4 && n.starts_with("__") && n.ends_with("__");
  return n.ends_with("_") && !isDunder && !arguments.empty() &&
         arguments.front().isMutable;
}

std::string OpSchema::functionalTarget() const {
  if (!isInPlace())
    return target();
  return ns + "." + name.substr(0, name.size() - 1) + "." +
         (overload.empty() ? "default" : overload);
}

const OpArgument *OpSchema::findArgument(llvm::StringRef argName) const {
  for (const OpArgument &arg : arguments)
    if (arg.name == argName)
      return &arg;
  return nullptr;
}
