//===- PrimDialect.cpp - Registration of the prim dialect -----------------===//

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace pt2c::prim;

#include "pt2c/Dialect/Prim/PrimDialect.cpp.inc"
#include "pt2c/Dialect/Prim/PrimEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "pt2c/Dialect/Prim/PrimAttrs.cpp.inc"

void PrimDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "pt2c/Dialect/Prim/PrimOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "pt2c/Dialect/Prim/PrimAttrs.cpp.inc"
      >();
}

// Folding only ever produces tensor constants (prim.constant's own value).
Operation *PrimDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, elements);
}

void pt2c::registerPrimDialect(DialectRegistry &registry) {
  registry.insert<PrimDialect>();
}
