//===- Families.h - Helpers shared by the decomposition family files ------===//

#ifndef PT2C_LIB_CONVERSION_ATENTOPRIM_FAMILIES_H
#define PT2C_LIB_CONVERSION_ATENTOPRIM_FAMILIES_H

#include "pt2c/Conversion/ATenToPrim/DecompositionTable.h"
#include "pt2c/Conversion/ATenToPrim/PrimBuilder.h"

namespace pt2c {

/// The ranked tensor type of result `index`, or null.
inline mlir::RankedTensorType resultType(aten::CallOp call, unsigned index = 0) {
  if (index >= call->getNumResults())
    return nullptr;
  return mlir::dyn_cast<mlir::RankedTensorType>(call->getResult(index).getType());
}

/// A tensor operand, or a scalar attribute splatted, broadcast to `type`
/// (torch's binary-op semantics with the result dtype already promoted).
/// Null when the argument is neither.
mlir::Value operandAs(PrimBuilder &p, const CallArgs &args, llvm::StringRef name,
                      mlir::RankedTensorType type, llvm::ArrayRef<mlir::Value> sources);

/// softmax along `dim`: exp(x - max) / sum(exp(x - max)).
mlir::Value softmaxAlong(PrimBuilder &p, mlir::Value x, int64_t dim);

} // namespace pt2c

#endif // PT2C_LIB_CONVERSION_ATENTOPRIM_FAMILIES_H
