//===- PrimOps.h - Ops and enum attributes of the prim dialect ------------===//

#ifndef PT2C_DIALECT_PRIM_PRIMOPS_H
#define PT2C_DIALECT_PRIM_PRIMOPS_H

#include "pt2c/Dialect/Prim/PrimDialect.h"
#include "pt2c/Dialect/Prim/PrimEnums.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace pt2c::prim {
namespace detail {
/// Runs `infer`, which reports the op's labelled constraints, then checks
/// that the op's result types are the inferred ones (constraint C`label`).
mlir::LogicalResult verifyInferredResult(
    mlir::Operation *op, unsigned label,
    llvm::function_ref<mlir::LogicalResult(llvm::SmallVectorImpl<mlir::Type> &)>
        infer);
} // namespace detail

namespace OpTrait {
/// The trait of Prim_InferredOp (PrimBase.td): verifies the inferred result
/// type before InferTypeOpInterface does, so that a failure gives one
/// labelled error rather than two.
template <unsigned Label> struct InferredResult {
  template <typename ConcreteType>
  class Impl : public mlir::OpTrait::TraitBase<ConcreteType, Impl> {
  public:
    static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
      return detail::verifyInferredResult(
          op, Label, [&](llvm::SmallVectorImpl<mlir::Type> &inferred) {
            return ConcreteType::inferReturnTypes(
                op->getContext(), op->getLoc(), op->getOperands(),
                op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
                op->getRegions(), inferred);
          });
    }
  };
};
} // namespace OpTrait
} // namespace pt2c::prim

#define GET_ATTRDEF_CLASSES
#include "pt2c/Dialect/Prim/PrimAttrs.h.inc"
#define GET_OP_CLASSES
#include "pt2c/Dialect/Prim/PrimOps.h.inc"

#endif // PT2C_DIALECT_PRIM_PRIMOPS_H
