//===- SymExpr.cpp - Formatting and evaluating symbolic expressions
//--------===//
//
// The parser lives in SymExprParse.cpp. This file prints a SymNode in the
// infix form torch users know ("2*s0", "(s0 + 1)//2") and evaluates it with
// Python's integer semantics (floor division, modulo with the divisor's sign),
// refusing rather than wrapping on int64 overflow.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Archive/SymExpr.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <set>

namespace pt2c::archive {
namespace {

//===----------------------------------------------------------------------===//
// Formatting
//===----------------------------------------------------------------------===//

// Binding strength of what format() returns; an operand weaker than its
// context gets parentheses.
enum Prec : int { Relation = 0, Sum = 1, Product = 2, Power = 3, Atom = 4 };

struct Formatted {
  std::string text;
  int prec;
};

Formatted format(const SymNode &node);

std::string wrap(const SymNode &node, int minPrec) {
  Formatted f = format(node);
  if (f.prec < minPrec)
    return "(" + f.text + ")";
  return f.text;
}

bool isNegativeInteger(const SymNode &node) {
  return node.kind == SymNode::Kind::Integer && node.value < 0;
}

/// |value| as text; works for INT64_MIN, whose negation overflows.
std::string magnitude(int64_t value) {
  std::string text = std::to_string(value);
  return value < 0 ? text.substr(1) : text;
}

/// A Mul whose leading coefficient is negative, as "-k*x" reads.
bool isNegatedProduct(const SymNode &node) {
  return node.kind == SymNode::Kind::Call && node.name == "Mul" &&
         node.args.size() >= 2 && isNegativeInteger(node.args[0]);
}

/// The factors of a negated product, printed without their sign. After a
/// unary minus the first factor must be atomic: "-a//b" means (-a)//b.
std::string formatNegatedProductMagnitude(const SymNode &mul, bool unary) {
  std::string out;
  int64_t coeff = mul.args[0].value;
  if (coeff != -1)
    out = magnitude(coeff);
  for (size_t i = 1; i < mul.args.size(); ++i) {
    bool first = out.empty();
    if (!first)
      out += "*";
    out += wrap(mul.args[i], first && !unary ? Product : Power);
  }
  return out;
}

Formatted formatAdd(const SymNode &node) {
  if (node.args.empty())
    return {"0", Atom};
  std::string out = wrap(node.args[0], Sum);
  for (size_t i = 1; i < node.args.size(); ++i) {
    const SymNode &term = node.args[i];
    if (isNegativeInteger(term))
      out += " - " + magnitude(term.value);
    else if (isNegatedProduct(term))
      out += " - " + formatNegatedProductMagnitude(term, /*unary=*/false);
    else
      out += " + " + wrap(term, Product);
  }
  return {out, Sum};
}

Formatted formatMul(const SymNode &node) {
  if (node.args.empty())
    return {"1", Atom};
  if (isNegatedProduct(node))
    return {"-" + formatNegatedProductMagnitude(node, /*unary=*/true), Product};
  std::string out;
  for (size_t i = 0; i < node.args.size(); ++i) {
    if (i)
      out += "*";
    // "a*b//c" would read as (a*b)//c, so later factors of equal strength
    // are parenthesised.
    out += wrap(node.args[i], i == 0 ? Product : Power);
  }
  return {out, Product};
}

Formatted formatBinary(const SymNode &node, llvm::StringRef op, int prec) {
  // Both sides of // and % get parentheses unless atomic: "(2*s0)//3" is
  // clearer than the equivalent "2*s0//3".
  int operandPrec = prec == Relation ? Sum : prec + 1;
  return {wrap(node.args[0], operandPrec) + op.str() +
              wrap(node.args[1], operandPrec),
          prec};
}

const char *relationOperator(llvm::StringRef name) {
  return llvm::StringSwitch<const char *>(name)
      .Case("GreaterThan", " >= ")
      .Case("LessThan", " <= ")
      .Case("StrictGreaterThan", " > ")
      .Case("StrictLessThan", " < ")
      .Case("Equality", " == ")
      .Case("Eq", " == ")
      .Case("Unequality", " != ")
      .Case("Ne", " != ")
      .Default(nullptr);
}

Formatted formatCall(const SymNode &node) {
  llvm::StringRef name = node.name;
  if (name == "Add")
    return formatAdd(node);
  if (name == "Mul")
    return formatMul(node);
  if (node.args.size() == 2) {
    if (name == "FloorDiv")
      return formatBinary(node, "//", Product);
    if (name == "Mod" || name == "PythonMod")
      return formatBinary(node, " % ", Product);
    if (name == "Pow" || name == "PowByNatural")
      return formatBinary(node, "**", Power);
    if (const char *op = relationOperator(name))
      return formatBinary(node, op, Relation);
    if (name == "Rational" && node.args[0].isInteger() &&
        node.args[1].isInteger())
      return {std::to_string(node.args[0].value) + "/" +
                  std::to_string(node.args[1].value),
              Product};
  }
  if (name == "Float" && !node.args.empty() &&
      node.args[0].kind == SymNode::Kind::String)
    return {node.args[0].name, Atom};
  if (node.args.empty() && name != "Max" && name != "Min")
    return {node.name, Atom}; // a constant such as oo
  std::string out = node.name + "(";
  for (size_t i = 0; i < node.args.size(); ++i) {
    if (i)
      out += ", ";
    out += format(node.args[i]).text;
  }
  return {out + ")", Atom};
}

Formatted format(const SymNode &node) {
  switch (node.kind) {
  case SymNode::Kind::Integer:
    return {std::to_string(node.value), node.value < 0 ? Sum : Atom};
  case SymNode::Kind::Symbol:
    return {node.name, Atom};
  case SymNode::Kind::Boolean:
    return {node.value ? "True" : "False", Atom};
  case SymNode::Kind::String:
    return {"'" + node.name + "'", Atom};
  case SymNode::Kind::Call:
    return formatCall(node);
  }
  return {"?", Atom};
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

using MaybeInt = std::optional<int64_t>;

MaybeInt checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

MaybeInt checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

/// Python's a // b.
MaybeInt floorDiv(int64_t a, int64_t b) {
  if (b == 0 || (a == INT64_MIN && b == -1))
    return std::nullopt;
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0)))
    --q;
  return q;
}

/// ceil(a / b).
MaybeInt ceilDiv(int64_t a, int64_t b) {
  if (b == 0 || (a == INT64_MIN && b == -1))
    return std::nullopt;
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) == (b < 0)))
    ++q;
  return q;
}

/// Python's a % b: the result has the divisor's sign.
MaybeInt pythonMod(int64_t a, int64_t b) {
  if (b == 0)
    return std::nullopt;
  if (b == -1)
    return 0; // a % -1 is 0; computing it in C++ could trap for INT64_MIN
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}

MaybeInt power(int64_t base, int64_t exp) {
  if (exp < 0)
    return std::nullopt; // only natural powers stay integers
  int64_t result = 1;
  while (exp > 0) {
    if (exp & 1) {
      MaybeInt r = checkedMul(result, base);
      if (!r)
        return std::nullopt;
      result = *r;
    }
    exp >>= 1;
    if (exp > 0) {
      MaybeInt sq = checkedMul(base, base);
      if (!sq)
        return std::nullopt;
      base = *sq;
    }
  }
  return result;
}

class Evaluator {
public:
  explicit Evaluator(const std::map<std::string, int64_t> &symbols)
      : symbols(symbols) {}

  MaybeInt eval(const SymNode &node) {
    switch (node.kind) {
    case SymNode::Kind::Integer:
    case SymNode::Kind::Boolean:
      return node.value;
    case SymNode::Kind::Symbol: {
      auto it = symbols.find(node.name);
      if (it == symbols.end())
        return std::nullopt;
      return it->second;
    }
    case SymNode::Kind::String:
      return std::nullopt;
    case SymNode::Kind::Call:
      return evalCall(node);
    }
    return std::nullopt;
  }

private:
  const std::map<std::string, int64_t> &symbols;

  /// Evaluates every argument; nullopt if any fails.
  std::optional<std::vector<int64_t>> evalArgs(const SymNode &node) {
    std::vector<int64_t> values;
    values.reserve(node.args.size());
    for (const SymNode &arg : node.args) {
      MaybeInt v = eval(arg);
      if (!v)
        return std::nullopt;
      values.push_back(*v);
    }
    return values;
  }

  MaybeInt evalCall(const SymNode &node) {
    auto values = evalArgs(node);
    if (!values)
      return std::nullopt;
    const std::vector<int64_t> &v = *values;
    llvm::StringRef name = node.name;

    if (name == "And" || name == "Or") {
      bool isAnd = name == "And";
      for (int64_t x : v)
        if ((x != 0) != isAnd)
          return isAnd ? 0 : 1;
      return isAnd ? 1 : 0;
    }
    if (name == "Add" || name == "Mul") {
      bool isAdd = name == "Add";
      int64_t acc = isAdd ? 0 : 1;
      for (int64_t x : v) {
        MaybeInt r = isAdd ? checkedAdd(acc, x) : checkedMul(acc, x);
        if (!r)
          return std::nullopt;
        acc = *r;
      }
      return acc;
    }
    if ((name == "Max" || name == "Min") && !v.empty())
      return name == "Max" ? *std::max_element(v.begin(), v.end())
                           : *std::min_element(v.begin(), v.end());
    if (v.size() == 1) {
      if (name == "Identity")
        return v[0];
      if (name == "Abs")
        return v[0] == INT64_MIN ? MaybeInt()
                                 : MaybeInt(v[0] < 0 ? -v[0] : v[0]);
      if (name == "Not")
        return v[0] == 0 ? 1 : 0;
    }
    if (v.size() == 2)
      return evalBinary(name, v[0], v[1]);
    if (v.size() == 3) {
      if (name == "ModularIndexing") { // (x // div) % mod
        MaybeInt q = floorDiv(v[0], v[1]);
        return q ? pythonMod(*q, v[2]) : std::nullopt;
      }
      if (name == "Where")
        return v[0] ? v[1] : v[2];
    }
    return std::nullopt;
  }

  MaybeInt evalBinary(llvm::StringRef name, int64_t a, int64_t b) {
    if (name == "FloorDiv" || name == "CleanDiv")
      return floorDiv(a, b);
    if (name == "CeilDiv")
      return ceilDiv(a, b);
    if (name == "Mod" || name == "PythonMod")
      return pythonMod(a, b);
    if (name == "Pow" || name == "PowByNatural")
      return power(a, b);
    if (name == "Rational") {
      // An integer only when the fraction is whole.
      MaybeInt r = pythonMod(a, b);
      if (!r || *r != 0)
        return std::nullopt;
      return floorDiv(a, b);
    }
    if (name == "LShift") {
      if (b < 0 || b > 62)
        return std::nullopt;
      return checkedMul(a, int64_t(1) << b);
    }
    if (name == "RShift") {
      if (b < 0)
        return std::nullopt;
      return b > 62 ? (a < 0 ? -1 : 0) : a >> b;
    }
    if (name == "GreaterThan")
      return a >= b;
    if (name == "LessThan")
      return a <= b;
    if (name == "StrictGreaterThan")
      return a > b;
    if (name == "StrictLessThan")
      return a < b;
    if (name == "Equality" || name == "Eq")
      return a == b;
    if (name == "Unequality" || name == "Ne")
      return a != b;
    return std::nullopt;
  }
};

void collect(const SymNode &node, std::set<std::string> &out) {
  if (node.kind == SymNode::Kind::Symbol)
    out.insert(node.name);
  for (const SymNode &arg : node.args)
    collect(arg, out);
}

} // namespace

std::string formatSymExpr(const SymNode &node) { return format(node).text; }

std::vector<std::string> collectSymbols(const SymNode &node) {
  std::set<std::string> names;
  collect(node, names);
  return {names.begin(), names.end()};
}

std::optional<int64_t>
evaluateSymExpr(const SymNode &node,
                const std::map<std::string, int64_t> &symbols) {
  return Evaluator(symbols).eval(node);
}

} // namespace pt2c::archive
