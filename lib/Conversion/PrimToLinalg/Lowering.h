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

/// At `b`'s position: the run-time check that every element of `indices`,
/// which `reader` (a gather or scatter) reads, lies in [0, size) (`size`
/// an index), reporting the indices ("input 'input_ids'" for a model
/// input, else "computed indices") and the node of `reader` to the runtime
/// otherwise (IndexChecks.cpp). Returns the symbol of the check's site
/// name, null when nothing is checked at run time: indices converted from
/// floats (computedFromFloats), known constant ones in range, or a
/// `reader` marked kIndicesInRangeAttr (IndexChecks.h).
mlir::FlatSymbolRefAttr checkIndexRange(mlir::OpBuilder &b, mlir::Operation *reader,
                                        mlir::Value indices, mlir::Value size);

/// Whether `indices` are converted from floating-point values somewhere
/// up their producers (grid_sampler's taps): checkIndexRange leaves those
/// to the clamp.
bool computedFromFloats(mlir::Value indices);

/// Rows of a cumsum/cumprod longer than this may be scanned by blocks
/// (BlockedScan.cpp); shorter ones take the direct O(n^2) lowering.
constexpr int64_t kLongScan = 128;

/// A CPU scan runs as loops (pt2c-scan-loops) whose rows of dim 0 are
/// shared by up to 64 chunks of the thread pool; an integer scan over a
/// long row takes that loop rather than blocks while one chunk's loop has
/// at most this many steps along the dims up to the row's (the dims after
/// it vectorize). Measured on 16 cores (bench/README.md): a [64, 1000] sort
/// (1,000 steps) 6.9 -> 2.2 ms, top-k of [8, 50257] (50,257) 49 -> 24 ms,
/// unique of 16,384 ids (16,384) 7.5 -> 6.3 ms as loops; nonzero of a
/// [512, 512] mask (262,144 steps on one thread) 1.2 -> 1.9 ms.
constexpr int64_t kLoopScanSteps = 65536;

/// Whether a scan of `type` along `dim` is scanned by blocks: static and
/// over kLongScan, and a float row, or `integerRows`, or an integer row too
/// long for one loop (kLoopScanSteps). Integer sums are exact in any
/// order, so only the GPU and parallelism need their blocks; a float row's
/// blocks also bound its rounding error as pairwise sums do, where a
/// float32 sum strictly left to right over thousands of elements drifts
/// from torch's CPU kernel, which sums in double.
bool scannedByBlocks(mlir::RankedTensorType type, int64_t dim, bool integerRows);

void populateBlockedScans(mlir::RewritePatternSet &patterns, bool integerRows);
void populateElementwiseLowerings(mlir::RewritePatternSet &patterns);
void populateShapeLowerings(mlir::RewritePatternSet &patterns);
void populateComputeLowerings(mlir::RewritePatternSet &patterns);
/// 1-d and 3-d prim.convolution and prim.reduce_window as 2-d ones (prim to
/// prim), which the 2-d lowerings then take.
void populateWindowsTo2d(mlir::RewritePatternSet &patterns);
void populateConvLowerings(mlir::RewritePatternSet &patterns);
/// take, take_along, cumsum and cumprod; long static rows as scans of
/// blocks (BlockedScan.cpp), integer ones only if `blockIntegerScans`.
void populateGatherLowerings(mlir::RewritePatternSet &patterns, bool blockIntegerScans);
void populateScatterLowerings(mlir::RewritePatternSet &patterns);

} // namespace pt2c::lowering

#endif // PT2C_LIB_CONVERSION_PRIMTOLINALG_LOWERING_H
