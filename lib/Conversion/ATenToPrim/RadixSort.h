//===- RadixSort.h - stable sort order of long rows by digits -------------===//

#ifndef PT2C_CONVERSION_ATENTOPRIM_RADIXSORT_H
#define PT2C_CONVERSION_ATENTOPRIM_RADIXSORT_H

#include "mlir/IR/Value.h"

#include <cstdint>

namespace pt2c {

class PrimBuilder;

/// Rows up to this long are sorted by ranks (Sort.cpp: one fused
/// comparison of all pairs, O(n^2), cheapest for short rows); longer ones
/// by digits (radixSortOrder, O(n) per digit).
constexpr int64_t kRankSortLimit = 64;

/// The stable sort order (i64 indices, [rows, n]) of `rows` ([rows, n], a
/// static shape of any prim element type but ui8) along dim 1: ascending,
/// or descending, NaN as the largest value, equal keys in index order.
/// Each row is a permutation of [0, n): a gather or scatter by it may be
/// marked withIndicesInRange. With `from` (a permutation of the same
/// shape), the keys are sorted in that order, equal keys kept in it: sorting
/// by the last column first, then by each earlier one from the order
/// before, orders rows lexicographically.
mlir::Value radixSortOrder(PrimBuilder &p, mlir::Value rows, bool descending,
                           mlir::Value from = mlir::Value());

/// `gathered`, the result of a prim.take/take_along/scatter whose indices
/// the caller built in range, with its op marked so (kIndicesInRangeAttr:
/// no run-time check of them).
mlir::Value withIndicesInRange(mlir::Value gathered);

} // namespace pt2c

#endif // PT2C_CONVERSION_ATENTOPRIM_RADIXSORT_H
