//===- SymExpr.h - Symbolic shape expressions from sympy srepr text -------===//
//
// torch.export writes symbolic sizes as sympy `srepr` strings, e.g.
//   "Symbol('s17', positive=True, integer=True)"
//   "FloorDiv(Mul(Integer(2), Symbol('s0', integer=True)), Integer(3))"
// SymNode is the parsed tree: a symbol, an integer, or a named function of
// arguments (Add, Mul, FloorDiv, Max, ...). Keyword arguments of Symbol
// (positive=True, ...) are assumptions and are dropped. Bare sympy constants
// (oo, -oo, int_oo, zoo, nan) are Calls without arguments, so they are never
// mistaken for symbols; -x is Mul(Integer(-1), x).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_ARCHIVE_SYMEXPR_H
#define PT2C_ARCHIVE_SYMEXPR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pt2c::archive {

struct SymNode {
  /// String is a quoted literal passed to a function other than Symbol, as in
  /// Float('1.5', precision=53); `name` holds its text. It never evaluates.
  enum class Kind { Integer, Symbol, Call, Boolean, String };
  Kind kind = Kind::Integer;
  int64_t value = 0;        // Integer; Boolean (0/1)
  std::string name;         // Symbol name, Call function name, String text
  std::vector<SymNode> args; // Call arguments

  bool isSymbol() const { return kind == Kind::Symbol; }
  bool isInteger() const { return kind == Kind::Integer; }
};

/// Parses sympy srepr text. Fails with a message naming the offset and what
/// was expected; never crashes on malformed text. Nesting is bounded.
llvm::Expected<SymNode> parseSymExpr(llvm::StringRef text);

/// Readable infix form: "s17", "2*s0", "(s0 + 1)//2", "Max(s0, s1)".
std::string formatSymExpr(const SymNode &node);

/// Every symbol name the expression mentions, sorted, without duplicates.
std::vector<std::string> collectSymbols(const SymNode &node);

/// Evaluates with the given symbol values; nullopt when a symbol is unbound,
/// a function is unknown or arithmetic overflows.
std::optional<int64_t> evaluateSymExpr(const SymNode &node,
                                       const std::map<std::string, int64_t> &symbols);

} // namespace pt2c::archive

#endif // PT2C_ARCHIVE_SYMEXPR_H
