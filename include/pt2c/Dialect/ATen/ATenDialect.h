//===- ATenDialect.h - The aten dialect -----------------------------------===//

#ifndef PT2C_DIALECT_ATEN_ATENDIALECT_H
#define PT2C_DIALECT_ATEN_ATENDIALECT_H

#include "mlir/IR/Dialect.h"

#include "pt2c/Dialect/ATen/ATenDialect.h.inc"

#endif // PT2C_DIALECT_ATEN_ATENDIALECT_H
