//===- ATenDialect.cpp - Registration of the aten dialect -----------------===//

#include "pt2c/Dialect/ATen/ATenOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace pt2c::aten;

#include "pt2c/Dialect/ATen/ATenDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "pt2c/Dialect/ATen/ATenAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "pt2c/Dialect/ATen/ATenTypes.cpp.inc"

void ATenDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "pt2c/Dialect/ATen/ATenOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "pt2c/Dialect/ATen/ATenAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "pt2c/Dialect/ATen/ATenTypes.cpp.inc"
      >();
}
