//===- SchemaJsonParsers.h - Parsers of schema structs (private) ----------===//
//
// Shared between SchemaJson.cpp (program, signature, payload configs) and
// SchemaJsonGraph.cpp (graphs, nodes, arguments, tensor metadata).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_ARCHIVE_SCHEMAJSONPARSERS_H
#define PT2C_LIB_ARCHIVE_SCHEMAJSONPARSERS_H

#include "JsonUtil.h"

#include "pt2c/Archive/ExportSchema.h"

namespace pt2c::archive::schema_json {

using json_util::JsonPath;

/// How deep as_graph subgraphs may nest (cond inside cond inside ...).
constexpr unsigned kMaxGraphDepth = 64;

llvm::Expected<Graph> parseGraph(const llvm::json::Value &value,
                                 const JsonPath &path, unsigned depth);
llvm::Expected<Argument> parseArgument(const llvm::json::Value &value,
                                       const JsonPath &path, unsigned depth);
llvm::Expected<TensorMeta> parseTensorMeta(const llvm::json::Value &value,
                                           const JsonPath &path);
/// TensorArgument / TokenArgument {name}: the name.
llvm::Expected<std::string> parseNamedStruct(const llvm::json::Value &value,
                                             const JsonPath &path);
llvm::Expected<CustomObjArgument>
parseCustomObjArgument(const llvm::json::Value &value, const JsonPath &path);

} // namespace pt2c::archive::schema_json

#endif // PT2C_LIB_ARCHIVE_SCHEMAJSONPARSERS_H
