//===- WeightsLayout.h - Offsets of the weights in the blob (private) -----===//
//
// What embedded and external weights share: each weight of the signature
// found in the archive and given a 64-byte aligned offset, in argument
// order. The generated code addresses weights by these offsets, so both
// modes must agree on them.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_PACKAGE_WEIGHTSLAYOUT_H
#define PT2C_LIB_PACKAGE_WEIGHTSLAYOUT_H

#include "pt2c/Archive/Pt2Archive.h"
#include "pt2c/Package/Weights.h"

#include <optional>

namespace pt2c::detail {

/// Fills `blob`'s offsets, sizes and totalBytes, and `views` with each
/// weight's view, in signature order, its dims in the weight's
/// permutation and then split into column panels (a permuted, re-strided
/// view of the same storage; gathering it row-major stores the weight
/// transposed or packed). Reads no payload byte.
llvm::Error layOutWeights(const archive::Pt2Archive &archive,
                          const ModelSignature &signature, WeightsBlob &blob,
                          std::vector<archive::TensorView> &views);

/// `blob.folds` from the signature's fold recipes, once `layOutWeights`
/// has placed every weight (`views` are its stored views). Fails, naming
/// the weight, on a recipe the archive's weights do not fit.
llvm::Error describeFolds(const archive::Pt2Archive &archive, const ModelSignature &signature,
                          const std::vector<archive::TensorView> &views, WeightsBlob &blob);

/// Applies `blob.folds` to `blob.bytes` (the embedded blob), with the
/// runtime's code (runtime/src/WeightFolds.c).
llvm::Error applyFolds(WeightsBlob &blob);

/// Whether the view's elements are already row-major and contiguous.
bool isContiguous(const archive::TensorView &view);

/// `view` [d0, .., dn-2, N] as the matrix [d0 * .. * dn-2, N], where its
/// leading dims step through storage as one dim would (a convolution filter
/// permuted to [C, KH, KW, F]); false, and `view` unchanged, if they do
/// not. 2-d views stay as they are.
bool mergeLeadingDims(archive::TensorView &view);

/// `view` [d0, .., dn-2, N] (as permuted) packed in panels of `panel`
/// columns: [N / panel, d0, .., dn-2, panel], panel p, leading index i,
/// column c being element (i, p * panel + c); the leading dims merged into
/// one where they nest. A filter permuted to [KH, KW, C, F] (whose leading
/// dims do not nest) is packed as [F / panel, KH, KW, C, panel]. None if N
/// is not a multiple of `panel` or the view has fewer than 2 dims.
std::optional<archive::TensorView> inPanels(archive::TensorView view, int64_t panel);

} // namespace pt2c::detail

#endif // PT2C_LIB_PACKAGE_WEIGHTSLAYOUT_H
