//===- ScatterMarker.h - The mark of a lowered prim.scatter ---------------===//
//
// pt2c-lower-prim-to-linalg lowers prim.scatter to a linalg.generic over the
// result with a reduction over the updates (O(size(dim) x updates) per row,
// a thread per position where nothing rewrites it) and marks it with the scattered
// dim; the CPU pipeline's pt2c-scatter-loops turns a marked generic into a
// loop over the updates, O(updates), the GPU pipeline's
// pt2c-scatter-atomics into a thread per update combining it atomically.
// pt2c-fuse-elementwise fuses nothing into or out of a marked generic: the
// fused op would not carry the mark.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CONVERSION_SCATTERMARKER_H
#define PT2C_CONVERSION_SCATTERMARKER_H

#include "llvm/ADT/StringRef.h"

namespace pt2c {

/// On the generic: the scattered dim (i64). Its loops are the result's
/// dims, then the updates' position along that dim (a reduction); its
/// first input is the indices; its body yields select(index == position,
/// combine(current, update), current).
inline constexpr llvm::StringLiteral kScatterDimAttr = "pt2c.scatter_dim";

// When the indices are checked at run time, the generic also carries the
// check's site as kIndexSiteAttr (IndexChecks.h): pt2c-scatter-atomics puts
// it on its kernel's range compare, which pt2c-fold-index-checks then turns
// into the check, so the runtime need not scan the indices as well.

} // namespace pt2c

#endif // PT2C_CONVERSION_SCATTERMARKER_H
