//===- PrimEnums.h - Enums of the prim dialect (compare, reduce kinds) ----===//
//
// Kept apart from PrimOps.h so that code which only needs the enum values
// (type inference, its callers) does not parse every op declaration.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_DIALECT_PRIM_PRIMENUMS_H
#define PT2C_DIALECT_PRIM_PRIMENUMS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>

#include "pt2c/Dialect/Prim/PrimEnums.h.inc"

#endif // PT2C_DIALECT_PRIM_PRIMENUMS_H
