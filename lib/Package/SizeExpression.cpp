//===- SizeExpression.cpp - Parse and evaluate sympy size expressions -----===//

#include "pt2c/Package/SizeExpression.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace pt2c {

int64_t floorDivide(int64_t a, int64_t b) {
  int64_t quotient = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --quotient;
  return quotient;
}

int64_t floorModulo(int64_t a, int64_t b) { return a - floorDivide(a, b) * b; }

int64_t SizeExpression::evaluate(llvm::ArrayRef<int64_t> symbols) const {
  auto at = [&](size_t i) { return operands[i].evaluate(symbols); };
  switch (kind) {
  case Kind::Constant:
    return value;
  case Kind::Symbol:
    return symbols[value];
  case Kind::Add:
    return at(0) + at(1);
  case Kind::Sub:
    return at(0) - at(1);
  case Kind::Mul:
    return at(0) * at(1);
  case Kind::FloorDiv:
    return floorDivide(at(0), at(1));
  case Kind::Mod:
    return floorModulo(at(0), at(1));
  case Kind::Max:
    return std::max(at(0), at(1));
  case Kind::Min:
    return std::min(at(0), at(1));
  case Kind::Neg:
    return -at(0);
  }
  return 0;
}

namespace {

class Parser {
public:
  Parser(llvm::StringRef text, llvm::function_ref<int32_t(llvm::StringRef)> symbolIndex)
      : text_(text), rest_(text), symbolIndex_(symbolIndex) {}

  llvm::Expected<SizeExpression> parse() {
    auto result = sum();
    if (!result)
      return result.takeError();
    skipSpaces();
    if (!rest_.empty())
      return error("unexpected '" + rest_.str() + "'");
    return result;
  }

private:
  using Kind = SizeExpression::Kind;

  llvm::Error error(const std::string &what) {
    return llvm::createStringError("size expression '" + text_.str() + "': " + what);
  }
  void skipSpaces() { rest_ = rest_.ltrim(); }
  bool consume(llvm::StringRef token) {
    skipSpaces();
    return rest_.consume_front(token);
  }
  static SizeExpression binary(Kind kind, SizeExpression lhs, SizeExpression rhs) {
    SizeExpression node;
    node.kind = kind;
    node.operands = {std::move(lhs), std::move(rhs)};
    return node;
  }

  llvm::Expected<SizeExpression> sum() {
    auto lhs = product();
    if (!lhs)
      return lhs;
    while (true) {
      Kind kind;
      if (consume("+"))
        kind = Kind::Add;
      else if (consume("-"))
        kind = Kind::Sub;
      else
        return lhs;
      auto rhs = product();
      if (!rhs)
        return rhs;
      lhs = binary(kind, std::move(*lhs), std::move(*rhs));
    }
  }

  llvm::Expected<SizeExpression> product() {
    auto lhs = unary();
    if (!lhs)
      return lhs;
    while (true) {
      Kind kind;
      skipSpaces();
      if (rest_.starts_with("**"))
        return lhs; // handled by power()
      if (consume("//"))
        kind = Kind::FloorDiv;
      else if (consume("*"))
        kind = Kind::Mul;
      else if (consume("%"))
        kind = Kind::Mod;
      else
        return lhs;
      auto rhs = unary();
      if (!rhs)
        return rhs;
      lhs = binary(kind, std::move(*lhs), std::move(*rhs));
    }
  }

  llvm::Expected<SizeExpression> unary() {
    if (consume("-")) {
      auto operand = unary();
      if (!operand)
        return operand;
      SizeExpression node;
      node.kind = Kind::Neg;
      node.operands = {std::move(*operand)};
      return node;
    }
    return power();
  }

  llvm::Expected<SizeExpression> power() {
    auto base = atom();
    if (!base)
      return base;
    if (!consume("**"))
      return base;
    skipSpaces();
    uint64_t exponent = 0;
    if (rest_.consumeInteger(10, exponent) || exponent < 1 || exponent > 8)
      return error("only small positive integer powers are supported");
    SizeExpression result = *base;
    for (uint64_t i = 1; i < exponent; ++i)
      result = binary(Kind::Mul, std::move(result), *base);
    return result;
  }

  llvm::Expected<SizeExpression> call(Kind kind) {
    if (!consume("("))
      return error("expected '(' after a function name");
    auto lhs = sum();
    if (!lhs)
      return lhs;
    if (!consume(","))
      return error("expected ',' between two arguments");
    auto rhs = sum();
    if (!rhs)
      return rhs;
    SizeExpression result = binary(kind, std::move(*lhs), std::move(*rhs));
    // sympy's Max and Min take any number of arguments: Max(1, s0, s1).
    while ((kind == Kind::Max || kind == Kind::Min) && consume(",")) {
      auto next = sum();
      if (!next)
        return next;
      result = binary(kind, std::move(result), std::move(*next));
    }
    if (!consume(")"))
      return error("expected ')'");
    return result;
  }

  llvm::Expected<SizeExpression> atom() {
    skipSpaces();
    if (consume("(")) {
      auto inner = sum();
      if (!inner)
        return inner;
      if (!consume(")"))
        return error("expected ')'");
      return inner;
    }
    if (!rest_.empty() && llvm::isDigit(rest_.front())) {
      uint64_t value = 0;
      if (rest_.consumeInteger(10, value) || value > static_cast<uint64_t>(INT64_MAX))
        return error("bad integer");
      SizeExpression node;
      node.value = static_cast<int64_t>(value);
      return node;
    }
    size_t length = 0;
    while (length < rest_.size() && (llvm::isAlnum(rest_[length]) || rest_[length] == '_'))
      ++length;
    if (length == 0)
      return error(rest_.empty() ? "unexpected end" : "unexpected '" + rest_.str() + "'");
    llvm::StringRef name = rest_.take_front(length);
    rest_ = rest_.drop_front(length);
    if (name == "Max")
      return call(Kind::Max);
    if (name == "Min")
      return call(Kind::Min);
    // CleanDiv is torch's FloorDiv known to divide exactly (view's -1).
    if (name == "FloorDiv" || name == "CleanDiv")
      return call(Kind::FloorDiv);
    if (name == "Mod" || name == "PythonMod")
      return call(Kind::Mod);
    int32_t index = symbolIndex_(name);
    if (index < 0)
      return error("'" + name.str() + "' is not a symbol of the program's inputs");
    SizeExpression node;
    node.kind = Kind::Symbol;
    node.value = index;
    return node;
  }

  llvm::StringRef text_, rest_;
  llvm::function_ref<int32_t(llvm::StringRef)> symbolIndex_;
};

} // namespace

llvm::Expected<SizeExpression>
parseSizeExpression(llvm::StringRef text,
                    llvm::function_ref<int32_t(llvm::StringRef)> symbolIndex) {
  return Parser(text, symbolIndex).parse();
}

} // namespace pt2c
