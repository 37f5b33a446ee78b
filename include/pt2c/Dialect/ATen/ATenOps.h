//===- ATenOps.h - Ops, attributes and types of the aten dialect ----------===//

#ifndef PT2C_DIALECT_ATEN_ATENOPS_H
#define PT2C_DIALECT_ATEN_ATENOPS_H

#include "pt2c/Dialect/ATen/ATenDialect.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_ATTRDEF_CLASSES
#include "pt2c/Dialect/ATen/ATenAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "pt2c/Dialect/ATen/ATenTypes.h.inc"
#define GET_OP_CLASSES
#include "pt2c/Dialect/ATen/ATenOps.h.inc"

#endif // PT2C_DIALECT_ATEN_ATENOPS_H
