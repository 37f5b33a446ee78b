//===- Lowering.h - Shared pieces of the prim -> linalg lowering ----------===//

#ifndef PT2C_LIB_CONVERSION_PRIMTOLINALG_LOWERING_H
#define PT2C_LIB_CONVERSION_PRIMTOLINALG_LOWERING_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"

namespace pt2c::lowering {

/// The `index` sizes of the `?` dims of `type`, read from `like` (same shape).
llvm::SmallVector<mlir::Value> dynamicSizesOf(mlir::OpBuilder &b, mlir::Location loc,
                                              mlir::Value like);

/// tensor.empty of `type` with the given `?` sizes.
mlir::Value empty(mlir::OpBuilder &b, mlir::Location loc, mlir::RankedTensorType type,
                  mlir::ValueRange dynamicSizes);

/// `type` filled with `value` (linalg.fill of a tensor.empty).
mlir::Value filled(mlir::OpBuilder &b, mlir::Location loc, mlir::RankedTensorType type,
                   mlir::ValueRange dynamicSizes, mlir::Value value);

/// True for i1 and ui8, the element types that compare and extend unsigned.
inline bool isUnsignedLike(mlir::Type type) {
  return type.isInteger(1) || type.isUnsignedInteger();
}

void populateElementwiseLowerings(mlir::RewritePatternSet &patterns);
void populateShapeLowerings(mlir::RewritePatternSet &patterns);
void populateComputeLowerings(mlir::RewritePatternSet &patterns);
void populateConvLowerings(mlir::RewritePatternSet &patterns);
void populateGatherLowerings(mlir::RewritePatternSet &patterns);

} // namespace pt2c::lowering

#endif // PT2C_LIB_CONVERSION_PRIMTOLINALG_LOWERING_H
