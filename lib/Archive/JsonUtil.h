//===- JsonUtil.h - Checked access to llvm::json values (private) ---------===//
//
// Helpers shared by the schema parsers: a JSON path that is only rendered
// when an error is reported, typed getters that fail with "<path>: expected
// X, found Y", the single-key union rule of torch's serializer
// (docs/pt2-format.md, "Encoding rules"), and a pre-scan that bounds nesting
// before llvm::json::parse (which recurses) sees the text.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_ARCHIVE_JSONUTIL_H
#define PT2C_LIB_ARCHIVE_JSONUTIL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pt2c::archive::json_util {

/// A position in a JSON document, "$.graph_module.graph.nodes[3]". Each
/// step points at its parent, so a path costs nothing until it is printed.
/// A child must not outlive its parent: bind every step to a named variable
/// (never chain `p.field("a").index(0)` into a stored path).
class JsonPath {
public:
  JsonPath() = default;
  JsonPath field(llvm::StringRef key) const { return JsonPath(this, key, 0); }
  JsonPath index(size_t i) const { return JsonPath(this, {}, i + 1); }
  std::string str() const;

private:
  JsonPath(const JsonPath *parent, llvm::StringRef key, size_t indexPlusOne)
      : parent(parent), key(key), indexPlusOne(indexPlusOne) {}
  const JsonPath *parent = nullptr;
  llvm::StringRef key;
  size_t indexPlusOne = 0; // 0: a field step (or the root)
};

/// "<path>: <message>".
llvm::Error pathError(const JsonPath &path, const llvm::Twine &message);

/// "null", "a boolean", "a number", "a string", "an array", "an object".
const char *describe(const llvm::json::Value &value);

/// Parses a whole document. Nesting deeper than `maxDepth` is refused before
/// llvm::json::parse runs, so hostile text cannot exhaust the stack.
llvm::Expected<llvm::json::Value> parseDocument(llvm::StringRef text,
                                                unsigned maxDepth = 1024);

/// The keys of the object reached from the document root through `keys`
/// (each an object key), in the order the text has them; empty when the
/// text does not have that shape. llvm::json::Object does not keep order.
std::vector<std::string> keysInTextOrder(llvm::StringRef text,
                                         llvm::ArrayRef<llvm::StringRef> keys);

llvm::Expected<int64_t> asInt(const llvm::json::Value &value,
                              const JsonPath &path);
/// A number, or one of the strings torch writes for non-finite floats
/// ("Infinity", "-Infinity", "NaN").
llvm::Expected<double> asFloat(const llvm::json::Value &value,
                               const JsonPath &path);
llvm::Expected<bool> asBool(const llvm::json::Value &value,
                            const JsonPath &path);
llvm::Expected<std::string> asString(const llvm::json::Value &value,
                                     const JsonPath &path);
llvm::Expected<const llvm::json::Object *>
asObject(const llvm::json::Value &value, const JsonPath &path,
         llvm::StringRef what);
llvm::Expected<const llvm::json::Array *>
asArray(const llvm::json::Value &value, const JsonPath &path);

/// The sorted keys of an object, so that errors come out deterministically.
std::vector<llvm::StringRef> sortedKeys(const llvm::json::Object &object);

/// A union value: exactly one key, the variant name.
struct UnionValue {
  llvm::StringRef variant;
  const llvm::json::Value *payload = nullptr;
};
llvm::Expected<UnionValue> asUnion(const llvm::json::Value &value,
                                   const JsonPath &path,
                                   llvm::StringRef unionName);
/// "<path>: unknown <unionName> variant '<variant>'".
llvm::Error unknownVariant(const JsonPath &path, llvm::StringRef unionName,
                           llvm::StringRef variant);

/// A struct: missing keys and nulls keep the caller's default (forward
/// compatibility, docs/pt2-format.md "Encoding rules"); unknown keys are
/// ignored.
class StructReader {
public:
  StructReader(const llvm::json::Object &object, const JsonPath &path)
      : object(object), path_(path) {}

  /// nullptr when the key is missing or null.
  const llvm::json::Value *get(llvm::StringRef key) const;
  const JsonPath &path() const { return path_; }

  llvm::Error readInt(llvm::StringRef key, int64_t &out) const;
  llvm::Error readOptInt(llvm::StringRef key,
                         std::optional<int64_t> &out) const;
  llvm::Error readBool(llvm::StringRef key, bool &out) const;
  llvm::Error readOptBool(llvm::StringRef key, std::optional<bool> &out) const;
  llvm::Error readFloat(llvm::StringRef key, double &out) const;
  llvm::Error readString(llvm::StringRef key, std::string &out) const;
  llvm::Error readStrings(llvm::StringRef key,
                          std::vector<std::string> &out) const;
  /// {str: str}; non-string values are kept as their JSON text.
  llvm::Error readStringMap(llvm::StringRef key,
                            std::map<std::string, std::string> &out) const;

private:
  const llvm::json::Object &object;
  const JsonPath &path_;
};

/// Parses every element of a JSON array with `parse(value, path)`, which
/// returns llvm::Expected<T>.
template <typename T, typename ParseFn>
llvm::Error readArray(const llvm::json::Value &value, const JsonPath &path,
                      std::vector<T> &out, ParseFn parse) {
  auto array = asArray(value, path);
  if (!array)
    return array.takeError();
  out.clear();
  out.reserve((*array)->size());
  for (size_t i = 0; i < (*array)->size(); ++i) {
    JsonPath elementPath = path.index(i);
    auto element = parse((**array)[i], elementPath);
    if (!element)
      return element.takeError();
    out.push_back(std::move(*element));
  }
  return llvm::Error::success();
}

/// Like readArray for a struct field; a missing or null field leaves `out`.
template <typename T, typename ParseFn>
llvm::Error readArrayField(const StructReader &reader, llvm::StringRef key,
                           std::vector<T> &out, ParseFn parse) {
  const llvm::json::Value *value = reader.get(key);
  if (!value)
    return llvm::Error::success();
  JsonPath fieldPath = reader.path().field(key);
  return readArray(*value, fieldPath, out, parse);
}

/// Parses every value of a JSON object {str: T} into a map.
template <typename MapT, typename ParseFn>
llvm::Error readMapField(const StructReader &reader, llvm::StringRef key,
                         MapT &out, ParseFn parse) {
  const llvm::json::Value *value = reader.get(key);
  if (!value)
    return llvm::Error::success();
  JsonPath fieldPath = reader.path().field(key);
  auto object = asObject(*value, fieldPath, "a map");
  if (!object)
    return object.takeError();
  for (llvm::StringRef name : sortedKeys(**object)) {
    JsonPath entryPath = fieldPath.field(name);
    auto parsed = parse(*(*object)->get(name), entryPath);
    if (!parsed)
      return parsed.takeError();
    out.insert_or_assign(name.str(), std::move(*parsed));
  }
  return llvm::Error::success();
}

} // namespace pt2c::archive::json_util

#endif // PT2C_LIB_ARCHIVE_JSONUTIL_H
