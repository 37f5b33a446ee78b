//===- ScanMarker.h - The mark of a lowered prim.cumsum/cumprod -----------===//
//
// pt2c-lower-prim-to-linalg lowers a scan (prim.cumsum, prim.cumprod, and
// each level of a long row's blocked scan) to a linalg.generic in which
// every output reduces over its row up to itself: O(n^2) per row, but every
// output independent, which suits the GPU. It marks that generic with the
// scanned dim; the CPU pipeline's pt2c-scan-loops turns a marked generic
// into a loop along the row that carries the running value, O(n). Fusion
// drops the mark, which is harmless: the GPU pipeline does not read it, and
// on the CPU pt2c-scan-loops runs before any fusion.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CONVERSION_SCANMARKER_H
#define PT2C_CONVERSION_SCANMARKER_H

#include "llvm/ADT/StringRef.h"

namespace pt2c {

/// On the generic: the scanned dim (i64). Its loops are the result's dims,
/// then the position k along the row (a reduction); its one input is read
/// at k in place of the scanned dim, its output at the result's position;
/// its init holds the combination's identity; its body yields
/// combine(acc, select(k <= linalg.index(dim), input, identity)).
inline constexpr llvm::StringLiteral kScanDimAttr = "pt2c.scan_dim";

} // namespace pt2c

#endif // PT2C_CONVERSION_SCANMARKER_H
