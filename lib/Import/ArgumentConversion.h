//===- ArgumentConversion.h - Node arguments as operands or attributes ----===//
//
// An aten.call takes tensors and named symbolic values as operands and
// everything else as attributes (see ATenOps.td). These functions decide
// which, and build the value.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_IMPORT_ARGUMENTCONVERSION_H
#define PT2C_LIB_IMPORT_ARGUMENTCONVERSION_H

#include "pt2c/Archive/ExportSchema.h"
#include "pt2c/OpRegistry/OpSchema.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

namespace pt2c::import {

/// An argument converted: either an operand group or an attribute.
struct ConvertedArgument {
  bool isOperands = false;
  bool isList = false; // operand group is a list (printed `[...]`)
  llvm::SmallVector<mlir::Value> operands;
  mlir::Attribute attribute;
};

/// Looks up a tensor or symbolic value by name; null when undefined.
using ValueLookup = llvm::function_ref<mlir::Value(llvm::StringRef)>;

/// Converts one argument of a node. `schemaArg` (may be null) gives the type
/// where the serialized form is ambiguous (a ScalarType identifier).
/// Errors say what is wrong without location; the caller adds it.
llvm::Expected<ConvertedArgument>
convertArgument(mlir::OpBuilder &builder, mlir::Location loc,
                const archive::Argument &arg, ValueLookup lookup);

/// The attribute for a schema default (`int[2] stride=[1, 1]` -> array<i64: 1, 1>).
mlir::Attribute convertDefault(mlir::Builder &builder, const OpArgument &schemaArg,
                               const OpDefault &value);

/// "cpu", "cuda:0".
std::string deviceName(const archive::Device &device);

} // namespace pt2c::import

#endif // PT2C_LIB_IMPORT_ARGUMENTCONVERSION_H
