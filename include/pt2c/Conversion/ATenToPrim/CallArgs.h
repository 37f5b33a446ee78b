//===- CallArgs.h - Typed access to the arguments of an aten.call ---------===//
//
// Decompositions read arguments by schema name. Every accessor fails
// (returns nullopt / null) rather than asserting when the argument is
// missing or has another kind, so a pattern can notifyMatchFailure with the
// name of what it did not understand.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CONVERSION_ATENTOPRIM_CALLARGS_H
#define PT2C_CONVERSION_ATENTOPRIM_CALLARGS_H

#include "pt2c/Dialect/ATen/ATenOps.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace pt2c {

class CallArgs {
public:
  explicit CallArgs(aten::CallOp call) : call_(call) {}

  /// A single tensor (or scalar SSA) operand; null when absent or None.
  mlir::Value value(llvm::StringRef name) const;
  /// The operands of a list argument (`tensors: [...]`).
  mlir::OperandRange values(llvm::StringRef name) const {
    return call_.getOperandGroup(name);
  }
  /// True when the argument is None (`#aten.none`) or absent.
  bool isNone(llvm::StringRef name) const;

  std::optional<int64_t> integer(llvm::StringRef name) const;
  std::optional<double> number(llvm::StringRef name) const; // float or int
  std::optional<bool> boolean(llvm::StringRef name) const;
  std::optional<llvm::StringRef> string(llvm::StringRef name) const;
  /// An int list attribute, or a single int (broadcast by some schemas).
  std::optional<llvm::SmallVector<int64_t>> integers(llvm::StringRef name) const;
  /// A float list attribute (`float[]`; an int list reads as floats).
  std::optional<llvm::SmallVector<double>> numbers(llvm::StringRef name) const;
  /// A dtype argument (`dtype = f32`); null when None or absent.
  mlir::Type dtype(llvm::StringRef name) const;

private:
  mutable aten::CallOp call_; // op handles are values; their getters are not const
};

} // namespace pt2c

#endif // PT2C_CONVERSION_ATENTOPRIM_CALLARGS_H
