//===- PrimDialect.h - The prim dialect -----------------------------------===//

#ifndef PT2C_DIALECT_PRIM_PRIMDIALECT_H
#define PT2C_DIALECT_PRIM_PRIMDIALECT_H

#include "mlir/IR/Dialect.h"

#include "pt2c/Dialect/Prim/PrimDialect.h.inc"

namespace pt2c {
/// Adds the prim dialect to `registry` (for tools; no global registration).
void registerPrimDialect(mlir::DialectRegistry &registry);
} // namespace pt2c

#endif // PT2C_DIALECT_PRIM_PRIMDIALECT_H
