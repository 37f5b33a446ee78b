//===- CallChecks.h - The checks of pt2c::verifyATenCalls, one each -------===//
//
// Each returns the first thing wrong with its subject as a message ("" when
// nothing is); VerifyCalls.cpp emits it at the call or function.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CONVERSION_ATENTOPRIM_CALLCHECKS_H
#define PT2C_LIB_CONVERSION_ATENTOPRIM_CALLCHECKS_H

#include "pt2c/Dialect/ATen/ATenOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>

namespace pt2c {

struct OpSchema;

/// Arguments and results of `call` against `schema`: every argument named
/// by the schema, each required one present, each of its schema's kind
/// (a tensor, an int, an int list of the fixed length, ...), None only
/// where the schema allows it, and no more results than the schema
/// returns, tensors where it returns tensors (VerifySchema.cpp).
std::string schemaMismatch(aten::CallOp call, const OpSchema &schema);

/// A dim argument outside its tensor's rank (VerifyMetadata.cpp).
std::string dimOutOfRange(aten::CallOp call);

/// Operands of a contraction (linear, matmuls, convolutions) whose element
/// types differ, or differ from its result's (VerifyMetadata.cpp).
std::string dtypesDisagree(aten::CallOp call);

/// A symbol of `function`'s `pt2c.symbols` whose min is above its max
/// (VerifyMetadata.cpp).
std::string emptySymbolRange(mlir::func::FuncOp function);

} // namespace pt2c

#endif // PT2C_LIB_CONVERSION_ATENTOPRIM_CALLCHECKS_H
