//===- SizeExpression.h - Output dims computed from the input symbols -----===//
//
// torch.export writes an output dim that is not a plain symbol as a sympy
// expression over the symbols: "2*s33", "s0 + 1", "((s0 - 1)//2) + 1",
// "Max(1, s0)". The runtime must know such a dim before the run (it
// allocates the outputs), so the packager parses it here and emits it as
// integer arithmetic on the bound symbols (DescriptorEmitter).
//
// Grammar: sum := product (('+' | '-') product)*
//          product := unary (('*' | '//' | '%') unary)*
//          unary := '-' unary | power;   power := atom ('**' integer)?
//          atom := integer | symbol | '(' sum ')' | ('Max' | 'Min') '(' sum (',' sum)+ ')'
//                | ('FloorDiv' | 'CleanDiv') '(' sum ',' sum ')'
//                | ('Mod' | 'PythonMod') '(' sum ',' sum ')'
// with Python's integer semantics (// and % round toward -infinity).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_PACKAGE_SIZEEXPRESSION_H
#define PT2C_PACKAGE_SIZEEXPRESSION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace pt2c {

struct SizeExpression {
  enum class Kind { Constant, Symbol, Add, Sub, Mul, FloorDiv, Mod, Max, Min, Neg };
  Kind kind = Kind::Constant;
  int64_t value = 0; // Constant: the value; Symbol: its index
  std::vector<SizeExpression> operands;

  /// The value for the symbols' sizes `symbols` (indexed like `value`).
  int64_t evaluate(llvm::ArrayRef<int64_t> symbols) const;
};

/// Python's a // b and a % b on integers (b != 0).
int64_t floorDivide(int64_t a, int64_t b);
int64_t floorModulo(int64_t a, int64_t b);

/// Parses `text`; `symbolIndex` maps a symbol name to its index, or -1 when
/// it is not a symbol of the signature (an error naming it).
llvm::Expected<SizeExpression>
parseSizeExpression(llvm::StringRef text,
                    llvm::function_ref<int32_t(llvm::StringRef)> symbolIndex);

} // namespace pt2c

#endif // PT2C_PACKAGE_SIZEEXPRESSION_H
