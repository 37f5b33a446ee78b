//===- SymExprParse.cpp - Parser for sympy srepr text
//----------------------===//
//
// srepr text is a Python call expression: Name(arg, arg, key=value), quoted
// strings, integers and bare names. The parser is a small recursive descent
// over that grammar. Nesting is bounded so that hostile input ends in an
// error rather than a stack overflow.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Archive/SymExpr.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

namespace pt2c::archive {
namespace {

/// Deeper than anything sympy prints for a shape, far below stack limits.
constexpr unsigned kMaxDepth = 256;

bool isIdentStart(char c) { return llvm::isAlpha(c) || c == '_'; }
bool isIdentChar(char c) { return llvm::isAlnum(c) || c == '_' || c == '.'; }

SymNode makeInteger(int64_t value) {
  SymNode node;
  node.kind = SymNode::Kind::Integer;
  node.value = value;
  return node;
}

SymNode makeBoolean(bool value) {
  SymNode node;
  node.kind = SymNode::Kind::Boolean;
  node.value = value ? 1 : 0;
  return node;
}

SymNode makeCall(llvm::StringRef name, std::vector<SymNode> args) {
  SymNode node;
  node.kind = SymNode::Kind::Call;
  node.name = name.str();
  node.args = std::move(args);
  return node;
}

/// Names sympy prints bare that denote constants, not symbols.
bool isNamedConstant(llvm::StringRef name) {
  return name == "oo" || name == "int_oo" || name == "zoo" || name == "nan" ||
         name == "E" || name == "pi" || name == "S.Infinity" ||
         name == "S.NegativeInfinity" || name == "S.NaN";
}

class Parser {
public:
  explicit Parser(llvm::StringRef text) : text(text) {}

  llvm::Expected<SymNode> parseAll() {
    auto node = parseExpr(0);
    if (!node)
      return node.takeError();
    skipSpace();
    if (pos != text.size())
      return error("expected end of text");
    return node;
  }

private:
  llvm::StringRef text;
  size_t pos = 0;

  void skipSpace() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }
  char peek() const { return pos < text.size() ? text[pos] : '\0'; }
  bool atEnd() const { return pos >= text.size(); }

  llvm::Error error(const llvm::Twine &expected) const {
    std::string shown =
        text.size() > 120 ? (text.take_front(117) + "...").str() : text.str();
    std::string found = atEnd() ? std::string("end of text")
                                : ("'" + llvm::Twine(text[pos]) + "'").str();
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "invalid symbolic expression \"" + shown +
                                       "\" at offset " + llvm::Twine(pos) +
                                       ": " + expected + ", found " + found);
  }

  llvm::StringRef parseIdentifier() {
    size_t start = pos;
    while (pos < text.size() && isIdentChar(text[pos]))
      ++pos;
    return text.slice(start, pos);
  }

  /// A quoted Python string; srepr uses single quotes, both are accepted.
  llvm::Expected<std::string> parseString() {
    char quote = text[pos++];
    std::string out;
    while (!atEnd() && text[pos] != quote) {
      char c = text[pos++];
      if (c == '\\') {
        if (atEnd())
          break;
        c = text[pos++];
      }
      out.push_back(c);
    }
    if (atEnd())
      return error("expected a closing quote");
    ++pos;
    return out;
  }

  llvm::Expected<SymNode> parseInteger(bool negative) {
    size_t start = pos;
    while (pos < text.size() && llvm::isDigit(text[pos]))
      ++pos;
    llvm::StringRef digits = text.slice(start, pos);
    if (digits.empty())
      return error("expected digits");
    if (pos < text.size() && (text[pos] == '.' || text[pos] == 'e'))
      return error("expected an integer (floats are written Float('...'))");
    // Parse with the sign so that INT64_MIN is representable.
    std::string literal = (negative ? "-" : "") + digits.str();
    int64_t value = 0;
    if (llvm::StringRef(literal).getAsInteger(10, value)) {
      pos = start;
      return error("expected an integer that fits in int64");
    }
    return makeInteger(value);
  }

  llvm::Expected<SymNode> parseExpr(unsigned depth) {
    if (depth > kMaxDepth)
      return error("expected nesting of at most " + llvm::Twine(kMaxDepth) +
                   " levels");
    skipSpace();
    char c = peek();
    if (c == '-' || c == '+') {
      ++pos;
      skipSpace();
      if (llvm::isDigit(peek()))
        return parseInteger(c == '-');
      auto operand = parseExpr(depth + 1);
      if (!operand || c == '+')
        return operand;
      std::vector<SymNode> args;
      args.push_back(makeInteger(-1));
      args.push_back(std::move(*operand));
      return makeCall("Mul", std::move(args));
    }
    if (llvm::isDigit(c))
      return parseInteger(false);
    if (!isIdentStart(c))
      return error("expected an integer, a name or a call");
    llvm::StringRef name = parseIdentifier();
    skipSpace();
    if (peek() != '(')
      return bareName(name);
    ++pos;
    return parseCall(name, depth);
  }

  SymNode bareName(llvm::StringRef name) {
    if (name == "True" || name == "true" || name == "BooleanTrue" ||
        name == "S.true")
      return makeBoolean(true);
    if (name == "False" || name == "false" || name == "BooleanFalse" ||
        name == "S.false")
      return makeBoolean(false);
    if (isNamedConstant(name))
      return makeCall(name, {});
    // Old files wrote str(expr): a bare symbol such as "s0".
    SymNode node;
    node.kind = SymNode::Kind::Symbol;
    node.name = name.str();
    return node;
  }

  /// Parses the arguments after "Name(" and builds the node.
  llvm::Expected<SymNode> parseCall(llvm::StringRef name, unsigned depth) {
    std::vector<SymNode> args;
    skipSpace();
    while (peek() != ')') {
      if (atEnd())
        return error("expected ')'");
      if (llvm::Error err = parseArgument(args, depth))
        return std::move(err);
      skipSpace();
      if (peek() == ',') {
        ++pos;
        skipSpace();
        continue;
      }
      if (peek() != ')')
        return error("expected ',' or ')'");
    }
    size_t closeAt = pos++;
    return finishCall(name, std::move(args), closeAt);
  }

  /// One argument: a keyword argument (dropped: sympy assumptions and
  /// options), a quoted string, or an expression.
  llvm::Error parseArgument(std::vector<SymNode> &args, unsigned depth) {
    size_t start = pos;
    if (isIdentStart(peek())) {
      parseIdentifier(); // a keyword's name, if '=' follows
      skipSpace();
      if (peek() == '=' && text.substr(pos, 2) != "==") {
        ++pos;
        skipSpace();
        return skipKeywordValue(depth);
      }
      pos = start;
    }
    if (peek() == '\'' || peek() == '"') {
      auto str = parseString();
      if (!str)
        return str.takeError();
      SymNode node;
      node.kind = SymNode::Kind::String;
      node.name = std::move(*str);
      args.push_back(std::move(node));
      return llvm::Error::success();
    }
    auto node = parseExpr(depth + 1);
    if (!node)
      return node.takeError();
    args.push_back(std::move(*node));
    return llvm::Error::success();
  }

  llvm::Error skipKeywordValue(unsigned depth) {
    if (peek() == '\'' || peek() == '"')
      return parseString().takeError();
    return parseExpr(depth + 1).takeError();
  }

  llvm::Expected<SymNode>
  finishCall(llvm::StringRef name, std::vector<SymNode> args, size_t closeAt) {
    if (name == "Symbol" || name == "Dummy") {
      if (args.size() != 1 || args[0].kind != SymNode::Kind::String ||
          args[0].name.empty()) {
        pos = closeAt;
        return error("expected " + name + "('name', ...) with one quoted name");
      }
      SymNode node;
      node.kind = SymNode::Kind::Symbol;
      node.name = std::move(args[0].name);
      return node;
    }
    if (name == "Integer") {
      if (args.size() != 1 || args[0].kind != SymNode::Kind::Integer) {
        pos = closeAt;
        return error("expected Integer(<int>) with one integer");
      }
      return std::move(args[0]);
    }
    if ((name == "BooleanTrue" || name == "BooleanFalse") && args.empty())
      return makeBoolean(name == "BooleanTrue");
    return makeCall(name, std::move(args));
  }
};

} // namespace

llvm::Expected<SymNode> parseSymExpr(llvm::StringRef text) {
  return Parser(text).parseAll();
}

} // namespace pt2c::archive
