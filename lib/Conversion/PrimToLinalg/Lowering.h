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

/// `input` padded with `value` (tensor.pad); padding is [low0, high0, low1,
/// high1, ...] over all dims.
mlir::Value padded(mlir::OpBuilder &b, mlir::Location loc, mlir::Value input,
                   llvm::ArrayRef<int64_t> padding, mlir::Value value);

/// `input` with dilation[d] - 1 zeros between the elements of dim d (a
/// transposed convolution's stride), written with a strided insert_slice
/// into zeros. A dim may be dynamic where its dilation is 1.
mlir::Value dilated(mlir::OpBuilder &b, mlir::Location loc, mlir::Value input,
                    llvm::ArrayRef<int64_t> dilation);

/// The type sums and products of `element` accumulate in: f32 for f16 and
/// bf16 (docs/prim-ops.md "Accumulation", as torch's kernels), else itself.
mlir::Type accumulatorType(mlir::Type element);

/// `scalar` widened to `type` inside a loop body (arith.extf), or itself.
mlir::Value extendTo(mlir::OpBuilder &b, mlir::Location loc, mlir::Value scalar,
                     mlir::Type type);

/// `value`, computed in accumulatorType(type's elements), rounded once to
/// `type` (an elementwise arith.truncf); `value` itself when types match.
mlir::Value roundTo(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                    mlir::RankedTensorType type);

/// True for i1 and ui8, the element types that compare and extend unsigned.
inline bool isUnsignedLike(mlir::Type type) {
  return type.isInteger(1) || type.isUnsignedInteger();
}

/// `index` (an integer scalar in a loop body) as an index into a dim of
/// `size`: itself when in [0, size), else 0, so no read leaves the tensor
/// (IndexChecks.cpp). `site`, checkIndexRange's answer for these indices,
/// marks the compare (kIndexSiteAttr) when there is a run-time check.
mlir::Value clampedIndex(mlir::OpBuilder &b, mlir::Location loc, mlir::Value index,
                         mlir::Value size, mlir::FlatSymbolRefAttr site = {});

/// At `b`'s position, unless computedFromFloats(indices): the run-time
/// check that every element of `indices` lies in [0, size) (`size` an index), reporting `what` (e.g. "input
/// 'input_ids'") and the node of `loc` to the runtime otherwise
/// (IndexChecks.cpp). Returns the symbol of the check's site name, null
/// when nothing is checked at run time (floats, known constant indices).
mlir::FlatSymbolRefAttr checkIndexRange(mlir::OpBuilder &b, mlir::Location loc,
                                        mlir::Value indices, mlir::Value size,
                                        llvm::StringRef what);

/// Whether `indices` are converted from floating-point values somewhere
/// up their producers (grid_sampler's taps): checkIndexRange leaves those
/// to the clamp.
bool computedFromFloats(mlir::Value indices);

/// "input 'NAME'" when `indices` is a model input (`pt2c.input`), else
/// "computed indices".
std::string describeIndices(mlir::Value indices);

/// Rows of a cumsum/cumprod longer than this are scanned by blocks
/// (BlockedScan.cpp); shorter ones by the direct O(n^2) lowering.
constexpr int64_t kLongScan = 128;

/// Whether a scan of `type` along `dim` is long: static and over kLongScan.
bool isLongScan(mlir::RankedTensorType type, int64_t dim);

void populateBlockedScans(mlir::RewritePatternSet &patterns);
void populateElementwiseLowerings(mlir::RewritePatternSet &patterns);
void populateShapeLowerings(mlir::RewritePatternSet &patterns);
void populateComputeLowerings(mlir::RewritePatternSet &patterns);
/// 1-d and 3-d prim.convolution and prim.reduce_window as 2-d ones (prim to
/// prim), which the 2-d lowerings then take.
void populateWindowsTo2d(mlir::RewritePatternSet &patterns);
void populateConvLowerings(mlir::RewritePatternSet &patterns);
void populateGatherLowerings(mlir::RewritePatternSet &patterns);
void populateScatterLowerings(mlir::RewritePatternSet &patterns);

} // namespace pt2c::lowering

#endif // PT2C_LIB_CONVERSION_PRIMTOLINALG_LOWERING_H
