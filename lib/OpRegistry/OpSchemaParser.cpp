//===- OpSchemaParser.cpp - Parse the schema text torch prints ------------===//
//
// A recursive-descent parser for the grammar of
// torch/csrc/jit/frontend/function_schema_parser.cpp, as far as torch's own
// printer uses it:
//
//   schema  := ns '::' name ('.' overload)? '(' args? ')' '->' returns
//   args    := (arg | '*' | '...') (',' (arg | '*' | '...'))*
//   arg     := type name ('=' default)?
//   returns := '(' (type name? (',' type name?)*)? ')' | '...' | type name?
//   type    := (qualified-name | ctor '(' types ')' | '(' types ')') alias?
//              ('?' | '[' size? ']' alias?)*
//   alias   := '(' set '!'? ('->' set)? ')'     set := ('*' | ident) ('|' ...)*
//
// Errors are not exceptions: the first failure records its column and what
// was expected, and every caller unwinds by returning false.
//
//===----------------------------------------------------------------------===//

#include "pt2c/OpRegistry/OpSchema.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace pt2c;
using llvm::StringRef;

namespace {

// Real schemas nest types two deep (`Dict(str, t)`); the limit only keeps
// garbage such as "((((((..." from running the recursion off the stack.
constexpr unsigned kMaxTypeDepth = 16;
// Real fixed sizes are 1 to 6; the limit bounds what a scalar default of a
// fixed-size list (`int[2] padding=0`) expands to.
constexpr int64_t kMaxFixedListSize = 1024;

/// One parsed type, before it becomes an argument or a return.
struct ParsedType {
  OpBaseType baseType = OpBaseType::Other;
  bool isList = false;
  std::optional<int64_t> fixedListSize;
  bool isOptional = false;
  bool elementsOptional = false;
  bool isMutable = false;
  std::string aliasAnnotation;
};

bool isIdentStart(char c) { return llvm::isAlpha(c) || c == '_'; }
bool isIdentChar(char c) { return llvm::isAlnum(c) || c == '_'; }

OpBaseType classifyBaseType(StringRef name) {
  return llvm::StringSwitch<OpBaseType>(name)
      .Case("Tensor", OpBaseType::Tensor)
      .Case("int", OpBaseType::Int)
      .Case("SymInt", OpBaseType::SymInt)
      .Case("float", OpBaseType::Float)
      .Case("bool", OpBaseType::Bool)
      .Case("str", OpBaseType::Str)
      .Case("Scalar", OpBaseType::Scalar)
      .Case("ScalarType", OpBaseType::ScalarType)
      .Case("Layout", OpBaseType::Layout)
      .Case("Device", OpBaseType::Device)
      .Case("MemoryFormat", OpBaseType::MemoryFormat)
      .Case("Generator", OpBaseType::Generator)
      .Case("Dimname", OpBaseType::Dimname)
      .Default(OpBaseType::Other);
}

/// Names whose parentheses hold types, not an alias annotation.
bool isTypeConstructor(StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Case("Dict", true)
      .Case("Future", true)
      .Case("RRef", true)
      .Case("Union", true)
      .Case("Await", true)
      .Case("Tuple", true)
      .Default(false);
}

class SchemaParser {
public:
  explicit SchemaParser(StringRef text) : text(text) {}
  llvm::Expected<OpSchema> parse();

private:
  // Lexing. Every look-ahead skips blanks first, so `pos` is at a token.
  void skipSpaces() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }
  bool atEnd() {
    skipSpaces();
    return pos >= text.size();
  }
  char peek() { return atEnd() ? '\0' : text[pos]; }
  bool consume(char c) {
    if (atEnd() || text[pos] != c)
      return false;
    ++pos;
    return true;
  }
  bool consume(StringRef token) {
    skipSpaces();
    if (!text.substr(pos).starts_with(token))
      return false;
    pos += token.size();
    return true;
  }
  bool expect(StringRef token, const llvm::Twine &what) {
    return consume(token) || fail(what);
  }
  bool fail(const llvm::Twine &expected) {
    skipSpaces();
    return failAt(pos, expected);
  }
  bool failAt(size_t at, const llvm::Twine &expected);
  bool parseIdentifier(StringRef &out, const llvm::Twine &what);
  bool parseQualifiedName(StringRef &out, const llvm::Twine &what);

  // Grammar.
  bool parseArguments(OpSchema &schema);
  bool parseArgument(OpArgument &arg);
  bool parseReturns(OpSchema &schema);
  bool parseReturn(OpReturn &ret);
  bool parseType(ParsedType &type, unsigned depth);
  bool parseTypeList(ParsedType &parent, unsigned depth);
  bool parseAliasSet();
  bool parseAliasAnnotation(ParsedType &type);
  bool parseDefault(OpArgument &arg);
  bool parseListLiteral(OpDefault &value, const OpArgument &arg);
  bool parseLiteral(OpDefault &value);
  bool parseNumber(OpDefault &value);
  bool parseString(OpDefault &value);

  StringRef text;
  size_t pos = 0;
  std::string error; // the first failure; later ones are consequences
};

bool SchemaParser::failAt(size_t at, const llvm::Twine &expected) {
  if (!error.empty())
    return false;
  std::string found = "end of text";
  if (at < text.size()) {
    char c = text[at];
    found = llvm::isPrint(c)
                ? ("'" + llvm::Twine(c) + "'").str()
                : llvm::formatv("byte {0:x2}",
                                unsigned(static_cast<unsigned char>(c)))
                      .str();
  }
  error = llvm::formatv("column {0}: expected {1}, found {2}", at + 1,
                        expected.str(), found)
              .str();
  return false;
}

bool SchemaParser::parseIdentifier(StringRef &out, const llvm::Twine &what) {
  if (atEnd() || !isIdentStart(text[pos]))
    return fail(what);
  size_t start = pos;
  while (pos < text.size() && isIdentChar(text[pos]))
    ++pos;
  out = text.slice(start, pos);
  return true;
}

// TorchBind classes are spelled `__torch__.torch.classes.rnn.CellParamsBase`.
bool SchemaParser::parseQualifiedName(StringRef &out, const llvm::Twine &what) {
  if (!parseIdentifier(out, what))
    return false;
  size_t start = out.data() - text.data();
  while (pos + 1 < text.size() && text[pos] == '.' &&
         isIdentStart(text[pos + 1])) {
    pos += 2;
    while (pos < text.size() && isIdentChar(text[pos]))
      ++pos;
  }
  out = text.slice(start, pos);
  return true;
}

llvm::Expected<OpSchema> SchemaParser::parse() {
  OpSchema schema;
  schema.text = text.trim().str();
  StringRef ns, name, overload;
  bool ok = parseIdentifier(ns, "a namespace such as 'aten'") &&
            expect("::", "'::' after the namespace") &&
            parseIdentifier(name, "an operator name") &&
            (!consume('.') || parseIdentifier(overload, "an overload name")) &&
            expect("(", "'(' opening the arguments") &&
            parseArguments(schema) && expect("->", "'->' before the returns") &&
            parseReturns(schema) &&
            (atEnd() || fail("end of schema after the returns"));
  if (!ok)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), error);
  schema.ns = ns.str();
  schema.name = name.str();
  schema.overload = overload.str();
  return schema;
}

bool SchemaParser::parseArguments(OpSchema &schema) {
  if (consume(')'))
    return true;
  bool kwargOnly = false;
  while (true) {
    skipSpaces();
    size_t start = pos;
    if (consume("...")) {
      // Varargs (aten::format) take whatever is left, so nothing may follow.
      schema.isVararg = true;
      return expect(")", "')' after '...'");
    }
    if (consume('*')) {
      if (kwargOnly)
        return failAt(start, "a single '*'");
      kwargOnly = true;
    } else {
      OpArgument arg;
      arg.kwargOnly = kwargOnly;
      if (!parseArgument(arg))
        return false;
      if (schema.findArgument(arg.name))
        return failAt(start, "a unique argument name");
      schema.arguments.push_back(std::move(arg));
    }
    if (consume(')'))
      return true;
    if (!consume(','))
      return fail("',' or ')' after an argument");
  }
}

template <typename T> void copyTypeFields(const ParsedType &type, T &out) {
  out.baseType = type.baseType;
  out.isList = type.isList;
  out.isOptional = type.isOptional;
  out.isMutable = type.isMutable;
  out.aliasAnnotation = type.aliasAnnotation;
}

bool SchemaParser::parseArgument(OpArgument &arg) {
  skipSpaces();
  size_t start = pos;
  ParsedType type;
  if (!parseType(type, 0))
    return false;
  arg.typeText = text.slice(start, pos).rtrim().str();
  copyTypeFields(type, arg);
  arg.fixedListSize = type.fixedListSize;
  arg.elementsOptional = type.elementsOptional;
  StringRef name;
  if (!parseIdentifier(name, "an argument name"))
    return false;
  arg.name = name.str();
  return !consume('=') || parseDefault(arg);
}

// A leading '(' always opens the list of returns, as in torch's parser; a
// tuple-typed single return would need `((int, int))`.
bool SchemaParser::parseReturns(OpSchema &schema) {
  if (consume("...")) {
    schema.isVarret = true;
    return true;
  }
  if (!consume('(')) {
    schema.returns.emplace_back();
    return parseReturn(schema.returns.back());
  }
  if (consume(')'))
    return true;
  while (true) {
    schema.returns.emplace_back();
    if (!parseReturn(schema.returns.back()))
      return false;
    if (consume(')'))
      return true;
    if (!consume(','))
      return fail("',' or ')' after a return");
  }
}

bool SchemaParser::parseReturn(OpReturn &ret) {
  skipSpaces();
  size_t start = pos;
  ParsedType type;
  if (!parseType(type, 0))
    return false;
  ret.typeText = text.slice(start, pos).rtrim().str();
  copyTypeFields(type, ret);
  StringRef name;
  if (isIdentStart(peek()) && !parseIdentifier(name, "a return name"))
    return false;
  ret.name = name.str();
  return true;
}

bool SchemaParser::parseType(ParsedType &type, unsigned depth) {
  if (depth > kMaxTypeDepth)
    return fail("a type nested less deeply");
  if (consume('(')) {
    // A tuple type: `(bool, tVal)[] inputs`.
    if (!parseTypeList(type, depth))
      return false;
  } else {
    StringRef name;
    if (!parseQualifiedName(name, "a type"))
      return false;
    bool isCtor = isTypeConstructor(name) && peek() == '(';
    if (isCtor && (!consume('(') || !parseTypeList(type, depth)))
      return false;
    if (!isCtor)
      type.baseType = classifyBaseType(name);
    // `Tensor(a!)`, and `Dict(str, t)(a!)` after a constructor's types.
    if (peek() == '(' && !parseAliasAnnotation(type))
      return false;
  }

  // Suffixes, left to right: `Tensor?[]` has optional elements, `int[]?` is
  // an optional list, `t[](a!)` annotates the list itself.
  while (true) {
    if (consume('?')) {
      type.isOptional = true;
      continue;
    }
    if (!consume('['))
      return true;
    if (!consume(']')) {
      skipSpaces();
      size_t start = pos;
      while (pos < text.size() && llvm::isDigit(text[pos]))
        ++pos;
      int64_t size = 0;
      if (start == pos)
        return fail("']' or a list size");
      if (text.slice(start, pos).getAsInteger(10, size) ||
          size > kMaxFixedListSize)
        return failAt(start, "a list size of at most " +
                                 llvm::Twine(kMaxFixedListSize));
      type.fixedListSize = size;
      if (!expect("]", "']' closing the list size"))
        return false;
    }
    if (type.isOptional) {
      type.elementsOptional = true;
      type.isOptional = false;
    }
    type.isList = true;
    if (peek() == '(' && !parseAliasAnnotation(type))
      return false;
  }
}

/// The types inside `Dict(...)` or a tuple, after the '('.
bool SchemaParser::parseTypeList(ParsedType &parent, unsigned depth) {
  if (consume(')'))
    return true;
  while (true) {
    ParsedType element;
    if (!parseType(element, depth + 1))
      return false;
    parent.isMutable |= element.isMutable;
    if (consume(')'))
      return true;
    if (!consume(','))
      return fail("',' or ')' in a type list");
  }
}

bool SchemaParser::parseAliasSet() {
  do {
    StringRef set;
    if (!consume('*') && !parseIdentifier(set, "an alias set or '*'"))
      return false;
  } while (consume('|'));
  return true;
}

bool SchemaParser::parseAliasAnnotation(ParsedType &type) {
  consume('(');
  size_t start = pos;
  if (!parseAliasSet())
    return false;
  bool isWrite = consume('!');
  if (consume("->") && !parseAliasSet())
    return false;
  skipSpaces();
  size_t end = pos;
  if (!expect(")", "')' closing the alias annotation"))
    return false;
  type.isMutable |= isWrite;
  if (type.aliasAnnotation.empty())
    type.aliasAnnotation = text.slice(start, end).trim().str();
  return true;
}

bool SchemaParser::parseDefault(OpArgument &arg) {
  skipSpaces();
  size_t start = pos;
  OpDefault value;
  if (peek() == '[') {
    if (!parseListLiteral(value, arg))
      return false;
    if (!arg.isList)
      return failAt(start, "a single value for '" + arg.typeText + "'");
  } else {
    if (!parseLiteral(value))
      return false;
    if (value.kind == OpDefault::Kind::None) {
      if (!arg.isOptional)
        return failAt(start, "a value other than None for non-optional '" +
                                 arg.typeText + "'");
    } else if (arg.isList) {
      // `int[2] padding=0` means [0, 0]; only a fixed size says how many.
      bool repeatable = value.kind == OpDefault::Kind::Int ||
                        value.kind == OpDefault::Kind::Float ||
                        value.kind == OpDefault::Kind::Bool;
      if (!arg.fixedListSize || !repeatable)
        return failAt(start, "a list for '" + arg.typeText + "'");
      size_t n = *arg.fixedListSize;
      if (value.kind == OpDefault::Kind::Int) {
        value.kind = OpDefault::Kind::IntList;
        value.ints.assign(n, value.intValue);
      } else if (value.kind == OpDefault::Kind::Float) {
        value.kind = OpDefault::Kind::FloatList;
        value.floats.assign(n, value.floatValue);
      } else {
        value.kind = OpDefault::Kind::BoolList;
        value.bools.assign(n, value.boolValue);
      }
    } else if (arg.baseType == OpBaseType::Float &&
               value.kind == OpDefault::Kind::Int) {
      // A float argument's default is a float even when written `1`, so
      // consumers of float defaults read one field.
      value.kind = OpDefault::Kind::Float;
      value.floatValue = static_cast<double>(value.intValue);
    }
  }
  arg.defaultValue = std::move(value);
  return true;
}

bool SchemaParser::parseListLiteral(OpDefault &value, const OpArgument &arg) {
  skipSpaces();
  size_t start = pos;
  consume('[');
  std::vector<OpDefault> elements;
  if (!consume(']')) {
    while (true) {
      skipSpaces();
      size_t elementStart = pos;
      OpDefault element;
      if (!parseLiteral(element))
        return false;
      if (element.kind != OpDefault::Kind::Int &&
          element.kind != OpDefault::Kind::Float &&
          element.kind != OpDefault::Kind::Bool)
        return failAt(elementStart, "a number or a boolean in a list");
      elements.push_back(std::move(element));
      if (consume(']'))
        break;
      if (!consume(','))
        return fail("',' or ']' in a list");
    }
  }
  bool anyInt = false, anyFloat = false, anyBool = false;
  for (const OpDefault &e : elements) {
    anyInt |= e.kind == OpDefault::Kind::Int;
    anyFloat |= e.kind == OpDefault::Kind::Float;
    anyBool |= e.kind == OpDefault::Kind::Bool;
  }
  if (anyBool && (anyInt || anyFloat))
    return failAt(start, "list elements of one type");
  // An empty list takes its kind from the declared element type.
  if (anyBool || (elements.empty() && arg.baseType == OpBaseType::Bool)) {
    value.kind = OpDefault::Kind::BoolList;
    for (const OpDefault &e : elements)
      value.bools.push_back(e.boolValue);
  } else if (anyFloat || arg.baseType == OpBaseType::Float) {
    value.kind = OpDefault::Kind::FloatList;
    for (const OpDefault &e : elements)
      value.floats.push_back(e.kind == OpDefault::Kind::Float
                                 ? e.floatValue
                                 : static_cast<double>(e.intValue));
  } else {
    value.kind = OpDefault::Kind::IntList;
    for (const OpDefault &e : elements)
      value.ints.push_back(e.intValue);
  }
  return true;
}

bool SchemaParser::parseLiteral(OpDefault &value) {
  char c = peek();
  if (c == '"' || c == '\'')
    return parseString(value);
  if (c == '-' || c == '.' || llvm::isDigit(c))
    return parseNumber(value);
  if (!isIdentStart(c))
    return fail("a default value");
  StringRef word;
  parseQualifiedName(word, "a default value");
  if (word == "None") {
    value.kind = OpDefault::Kind::None;
  } else if (word == "True" || word == "False") {
    value.kind = OpDefault::Kind::Bool;
    value.boolValue = word == "True";
  } else if (word == "inf" || word == "nan") {
    value.kind = OpDefault::Kind::Float;
    value.floatValue = word == "inf" ? HUGE_VAL : std::nan("");
  } else {
    value.kind = OpDefault::Kind::Identifier;
    value.text = word.str();
  }
  return true;
}

bool SchemaParser::parseNumber(OpDefault &value) {
  skipSpaces();
  size_t start = pos;
  auto skipDigits = [&] {
    size_t from = pos;
    while (pos < text.size() && llvm::isDigit(text[pos]))
      ++pos;
    return pos - from;
  };
  bool negative = consume('-');
  if (text.substr(pos).starts_with("inf") &&
      !(pos + 3 < text.size() && isIdentChar(text[pos + 3]))) {
    pos += 3;
    value.kind = OpDefault::Kind::Float;
    value.floatValue = negative ? -HUGE_VAL : HUGE_VAL;
    return true;
  }
  size_t digits = skipDigits();
  bool isFloat = false;
  if (pos < text.size() && text[pos] == '.') {
    isFloat = true;
    ++pos;
    digits += skipDigits();
  }
  if (digits == 0)
    return failAt(start, "a number");
  if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
    isFloat = true;
    ++pos;
    if (pos < text.size() && (text[pos] == '+' || text[pos] == '-'))
      ++pos;
    if (skipDigits() == 0)
      return fail("the digits of an exponent");
  }
  StringRef lexeme = text.slice(start, pos);
  if (!isFloat) {
    if (lexeme.getAsInteger(10, value.intValue))
      return failAt(start, "an integer that fits in 64 bits");
    value.kind = OpDefault::Kind::Int;
    return true;
  }
  // getAsDouble goes through APFloat, so it does not depend on the locale;
  // it rounds inexact decimals (0.1) but also overflow, caught here.
  if (lexeme.getAsDouble(value.floatValue) || std::isinf(value.floatValue))
    return failAt(start, "a finite floating-point number");
  value.kind = OpDefault::Kind::Float;
  return true;
}

bool SchemaParser::parseString(OpDefault &value) {
  char quote = text[pos++];
  std::string contents;
  while (pos < text.size()) {
    char c = text[pos++];
    if (c == quote) {
      value.kind = OpDefault::Kind::String;
      value.text = std::move(contents);
      return true;
    }
    if (c != '\\') {
      contents += c;
      continue;
    }
    if (pos == text.size())
      break;
    char escaped = text[pos++];
    switch (escaped) {
    case 'n':
      contents += '\n';
      break;
    case 't':
      contents += '\t';
      break;
    case 'r':
      contents += '\r';
      break;
    case 'f':
      contents += '\f';
      break;
    case 'v':
      contents += '\v';
      break;
    case 'a':
      contents += '\a';
      break;
    case 'b':
      contents += '\b';
      break;
    case '0':
      contents += '\0';
      break;
    case '\\':
    case '\'':
    case '"':
      contents += escaped;
      break;
    default:
      // Python keeps unknown escapes verbatim; so does torch's printer.
      contents += '\\';
      contents += escaped;
      break;
    }
  }
  return fail(llvm::Twine("a closing ") + (quote == '"' ? "'\"'" : "\"'\""));
}

} // namespace

llvm::Expected<OpSchema> pt2c::parseOpSchema(StringRef text) {
  return SchemaParser(text).parse();
}
