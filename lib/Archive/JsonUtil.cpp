//===- JsonUtil.cpp - Checked access to llvm::json values -----------------===//

#include "JsonUtil.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pt2c::archive::json_util {

std::string JsonPath::str() const {
  std::vector<const JsonPath *> steps;
  for (const JsonPath *p = this; p && p->parent; p = p->parent)
    steps.push_back(p);
  std::string out = "$";
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    const JsonPath &step = **it;
    if (step.indexPlusOne) {
      out += "[" + std::to_string(step.indexPlusOne - 1) + "]";
      continue;
    }
    bool plain = !step.key.empty() &&
                 (llvm::isAlpha(step.key[0]) || step.key[0] == '_') &&
                 llvm::all_of(step.key, [](char c) {
                   return llvm::isAlnum(c) || c == '_';
                 });
    if (plain) {
      out += "." + step.key.str();
    } else {
      // Map keys such as FQNs ("fc1.weight") are quoted.
      out += "[\"";
      for (char c : step.key) {
        if (c == '"' || c == '\\')
          out += '\\';
        out += c;
      }
      out += "\"]";
    }
  }
  return out;
}

llvm::Error pathError(const JsonPath &path, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 path.str() + ": " + message);
}

const char *describe(const llvm::json::Value &value) {
  switch (value.kind()) {
  case llvm::json::Value::Null:
    return "null";
  case llvm::json::Value::Boolean:
    return "a boolean";
  case llvm::json::Value::Number:
    return "a number";
  case llvm::json::Value::String:
    return "a string";
  case llvm::json::Value::Array:
    return "an array";
  case llvm::json::Value::Object:
    return "an object";
  }
  return "an unknown JSON value";
}

llvm::Expected<llvm::json::Value> parseDocument(llvm::StringRef text,
                                                unsigned maxDepth) {
  unsigned depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '{' || c == '[') {
      if (++depth > maxDepth)
        return pathError(JsonPath(), "JSON nested deeper than " +
                                         llvm::Twine(maxDepth) +
                                         " levels at byte " + llvm::Twine(i));
    } else if ((c == '}' || c == ']') && depth > 0) {
      --depth;
    }
  }
  auto value = llvm::json::parse(text);
  if (!value)
    return pathError(JsonPath(),
                     "invalid JSON: " + llvm::toString(value.takeError()));
  return value;
}

namespace {

/// Walks JSON text that llvm::json::parse already accepted; any surprise
/// makes it give up (the caller then falls back to sorted order).
class Scanner {
public:
  explicit Scanner(llvm::StringRef text) : text(text) {}

  void space() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }
  bool eat(char c) {
    space();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  /// A string; `decoded` receives its value.
  bool string(std::string &decoded) {
    space();
    size_t start = pos;
    if (!skipString())
      return false;
    auto value = llvm::json::parse(text.slice(start, pos));
    if (!value) {
      llvm::consumeError(value.takeError());
      return false;
    }
    auto str = value->getAsString();
    if (!str)
      return false;
    decoded = str->str();
    return true;
  }
  bool skipValue() {
    space();
    if (pos >= text.size())
      return false;
    if (text[pos] == '"')
      return skipString();
    if (text[pos] == '{' || text[pos] == '[') {
      size_t depth = 0;
      while (pos < text.size()) {
        char c = text[pos];
        if (c == '"') {
          if (!skipString())
            return false;
          continue;
        }
        ++pos;
        if (c == '{' || c == '[')
          ++depth;
        else if ((c == '}' || c == ']') && --depth == 0)
          return true;
      }
      return false;
    }
    size_t start = pos;
    while (pos < text.size() &&
           !llvm::StringRef(",]} \t\r\n").contains(text[pos]))
      ++pos;
    return pos > start;
  }

private:
  llvm::StringRef text;
  size_t pos = 0;

  bool skipString() {
    if (pos >= text.size() || text[pos] != '"')
      return false;
    for (++pos; pos < text.size(); ++pos) {
      if (text[pos] == '\\')
        ++pos;
      else if (text[pos] == '"') {
        ++pos;
        return true;
      }
    }
    return false;
  }
};

} // namespace

std::vector<std::string> keysInTextOrder(llvm::StringRef text,
                                         llvm::ArrayRef<llvm::StringRef> keys) {
  Scanner scan(text);
  if (!scan.eat('{'))
    return {};
  size_t level = 0;
  while (true) {
    bool target = level == keys.size();
    std::vector<std::string> found;
    bool descended = false;
    if (!scan.eat('}')) {
      while (true) {
        std::string key;
        if (!scan.string(key) || !scan.eat(':'))
          return {};
        if (!target && key == keys[level]) {
          if (!scan.eat('{'))
            return {};
          ++level;
          descended = true;
          break;
        }
        if (target && llvm::find(found, key) == found.end())
          found.push_back(key);
        if (!scan.skipValue())
          return {};
        if (scan.eat(','))
          continue;
        if (scan.eat('}'))
          break;
        return {};
      }
    }
    if (!descended)
      return target ? found : std::vector<std::string>();
  }
}

llvm::Expected<int64_t> asInt(const llvm::json::Value &value,
                              const JsonPath &path) {
  if (auto u = value.getAsUINT64()) {
    if (*u > uint64_t(std::numeric_limits<int64_t>::max()))
      return pathError(path,
                       "integer " + llvm::Twine(*u) + " does not fit in int64");
    return int64_t(*u);
  }
  auto number = value.getAsNumber();
  if (!number)
    return pathError(path, llvm::Twine("expected an integer, found ") +
                               describe(value));
  // Checked before getAsInteger, which would convert 2^63 without a check.
  if (!(*number >= -0x1p63 && *number < 0x1p63))
    return pathError(path, "number " + llvm::Twine(std::to_string(*number)) +
                               " does not fit in int64");
  auto integer = value.getAsInteger();
  if (!integer)
    return pathError(path, "expected an integer, found " +
                               llvm::Twine(std::to_string(*number)));
  return *integer;
}

llvm::Expected<double> asFloat(const llvm::json::Value &value,
                               const JsonPath &path) {
  if (auto number = value.getAsNumber())
    return *number;
  if (auto str = value.getAsString()) {
    // Python's float() accepts these spellings; torch writes the first ones.
    std::string lower = str->lower();
    llvm::StringRef s(lower);
    bool negative = s.consume_front("-");
    if (!negative)
      s.consume_front("+");
    if (s == "infinity" || s == "inf")
      return negative ? -std::numeric_limits<double>::infinity()
                      : std::numeric_limits<double>::infinity();
    if (s == "nan")
      return std::numeric_limits<double>::quiet_NaN();
    return pathError(path, "expected a number or \"Infinity\", \"-Infinity\", "
                           "\"NaN\", found the string \"" +
                               *str + "\"");
  }
  return pathError(path,
                   llvm::Twine("expected a number, found ") + describe(value));
}

llvm::Expected<bool> asBool(const llvm::json::Value &value,
                            const JsonPath &path) {
  if (auto b = value.getAsBoolean())
    return *b;
  return pathError(path,
                   llvm::Twine("expected a boolean, found ") + describe(value));
}

llvm::Expected<std::string> asString(const llvm::json::Value &value,
                                     const JsonPath &path) {
  if (auto s = value.getAsString())
    return s->str();
  return pathError(path,
                   llvm::Twine("expected a string, found ") + describe(value));
}

llvm::Expected<const llvm::json::Object *>
asObject(const llvm::json::Value &value, const JsonPath &path,
         llvm::StringRef what) {
  if (const llvm::json::Object *object = value.getAsObject())
    return object;
  return pathError(path, "expected " + what + " (a JSON object), found " +
                             describe(value));
}

llvm::Expected<const llvm::json::Array *>
asArray(const llvm::json::Value &value, const JsonPath &path) {
  if (const llvm::json::Array *array = value.getAsArray())
    return array;
  return pathError(path,
                   llvm::Twine("expected an array, found ") + describe(value));
}

std::vector<llvm::StringRef> sortedKeys(const llvm::json::Object &object) {
  std::vector<llvm::StringRef> keys;
  keys.reserve(object.size());
  for (const auto &entry : object)
    keys.push_back(entry.first);
  llvm::sort(keys);
  return keys;
}

llvm::Expected<UnionValue> asUnion(const llvm::json::Value &value,
                                   const JsonPath &path,
                                   llvm::StringRef unionName) {
  const llvm::json::Object *object = value.getAsObject();
  if (!object)
    return pathError(path, "expected " + unionName +
                               " as an object with one key (the variant), "
                               "found " +
                               describe(value));
  if (object->size() != 1) {
    std::string keys;
    for (llvm::StringRef key : sortedKeys(*object))
      keys += (keys.empty() ? "'" : ", '") + key.str() + "'";
    return pathError(path, "expected " + unionName +
                               " as an object with exactly one key (the "
                               "variant), found " +
                               llvm::Twine(object->size()) + " keys" +
                               (keys.empty() ? "" : " (" + keys + ")"));
  }
  const auto &entry = *object->begin();
  return UnionValue{entry.first, &entry.second};
}

llvm::Error unknownVariant(const JsonPath &path, llvm::StringRef unionName,
                           llvm::StringRef variant) {
  return pathError(path, "unknown " + unionName + " variant '" + variant + "'");
}

const llvm::json::Value *StructReader::get(llvm::StringRef key) const {
  const llvm::json::Value *value = object.get(key);
  if (!value || value->kind() == llvm::json::Value::Null)
    return nullptr;
  return value;
}

llvm::Error StructReader::readInt(llvm::StringRef key, int64_t &out) const {
  const llvm::json::Value *value = get(key);
  if (!value)
    return llvm::Error::success();
  JsonPath at = path_.field(key);
  auto parsed = asInt(*value, at);
  if (!parsed)
    return parsed.takeError();
  out = *parsed;
  return llvm::Error::success();
}

llvm::Error StructReader::readOptInt(llvm::StringRef key,
                                     std::optional<int64_t> &out) const {
  const llvm::json::Value *value = get(key);
  if (!value) {
    out.reset();
    return llvm::Error::success();
  }
  int64_t parsed = 0;
  if (llvm::Error err = readInt(key, parsed))
    return err;
  out = parsed;
  return llvm::Error::success();
}

llvm::Error StructReader::readBool(llvm::StringRef key, bool &out) const {
  const llvm::json::Value *value = get(key);
  if (!value)
    return llvm::Error::success();
  JsonPath at = path_.field(key);
  auto parsed = asBool(*value, at);
  if (!parsed)
    return parsed.takeError();
  out = *parsed;
  return llvm::Error::success();
}

llvm::Error StructReader::readOptBool(llvm::StringRef key,
                                      std::optional<bool> &out) const {
  if (!get(key)) {
    out.reset();
    return llvm::Error::success();
  }
  bool parsed = false;
  if (llvm::Error err = readBool(key, parsed))
    return err;
  out = parsed;
  return llvm::Error::success();
}

llvm::Error StructReader::readFloat(llvm::StringRef key, double &out) const {
  const llvm::json::Value *value = get(key);
  if (!value)
    return llvm::Error::success();
  JsonPath at = path_.field(key);
  auto parsed = asFloat(*value, at);
  if (!parsed)
    return parsed.takeError();
  out = *parsed;
  return llvm::Error::success();
}

llvm::Error StructReader::readString(llvm::StringRef key,
                                     std::string &out) const {
  const llvm::json::Value *value = get(key);
  if (!value)
    return llvm::Error::success();
  JsonPath at = path_.field(key);
  auto parsed = asString(*value, at);
  if (!parsed)
    return parsed.takeError();
  out = std::move(*parsed);
  return llvm::Error::success();
}

llvm::Error StructReader::readStrings(llvm::StringRef key,
                                      std::vector<std::string> &out) const {
  return readArrayField(*this, key, out, asString);
}

llvm::Error
StructReader::readStringMap(llvm::StringRef key,
                            std::map<std::string, std::string> &out) const {
  return readMapField(*this, key, out,
                      [](const llvm::json::Value &value,
                         const JsonPath &) -> llvm::Expected<std::string> {
                        if (auto s = value.getAsString())
                          return s->str();
                        // Metadata is informative only (docs/pt2-format.md,
                        // "Graph"):
                        // keep odd values as text instead of refusing the
                        // program.
                        std::string text;
                        llvm::raw_string_ostream os(text);
                        os << value;
                        return os.str();
                      });
}

} // namespace pt2c::archive::json_util
