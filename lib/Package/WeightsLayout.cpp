//===- WeightsLayout.cpp - Offsets of the weights in the blob -------------===//

#include "WeightsLayout.h"

namespace pt2c::detail {

static constexpr uint64_t kAlignment = 64;

bool mergeLeadingDims(archive::TensorView &view) {
  size_t rank = view.sizes.size();
  if (rank <= 2)
    return true;
  // Dims of size 1 step nowhere: only the others must nest.
  int64_t rows = 1, rowStride = 1;
  bool first = true;
  for (size_t d = rank - 1; d-- > 0;) {
    if (view.sizes[d] == 1)
      continue;
    if (first)
      rowStride = view.strides[d];
    else if (view.strides[d] != rowStride * rows)
      return false;
    first = false;
    rows *= view.sizes[d];
  }
  view.sizes = {rows, view.sizes.back()};
  view.strides = {rowStride, view.strides.back()};
  return true;
}

std::optional<archive::TensorView> inPanels(archive::TensorView view, int64_t panel) {
  // Fewer dims where the leading ones nest (a filter permuted to [C, KH,
  // KW, F] is the matrix [C * KH * KW, F]); the order of the elements is
  // the same either way.
  mergeLeadingDims(view);
  size_t rank = view.sizes.size();
  if (rank < 2 || panel < 1 || view.sizes.back() % panel != 0)
    return std::nullopt;
  int64_t columnStride = view.strides.back();
  archive::TensorView packed = view;
  packed.sizes = {view.sizes.back() / panel};
  packed.strides = {columnStride * panel};
  for (size_t d = 0; d + 1 < rank; ++d) {
    packed.sizes.push_back(view.sizes[d]);
    packed.strides.push_back(view.strides[d]);
  }
  packed.sizes.push_back(panel);
  packed.strides.push_back(columnStride);
  return packed;
}

llvm::Error layOutWeights(const archive::Pt2Archive &archive,
                          const ModelSignature &signature, WeightsBlob &blob,
                          std::vector<archive::TensorView> &views) {
  uint64_t total = 0;
  for (const SignatureWeight &weight : signature.weights) {
    const archive::TensorView *view = archive.findTensor(weight.fqn);
    if (!view)
      return llvm::createStringError(archive.path() + ": no weight '" + weight.fqn +
                                     "' in the archive");
    archive::TensorView permuted = *view;
    if (!weight.permutation.empty()) {
      if (weight.permutation.size() != view->sizes.size())
        return llvm::createStringError(archive.path() + ": weight '" + weight.fqn +
                                       "' has rank " + llvm::Twine(view->sizes.size()) +
                                       ", its permutation another");
      for (size_t d = 0; d < weight.permutation.size(); ++d) {
        permuted.sizes[d] = view->sizes[size_t(weight.permutation[d])];
        permuted.strides[d] = view->strides[size_t(weight.permutation[d])];
      }
    }
    if (weight.endColumn != 0) {
      // [K, N] (as permuted) -> its columns [first, end).
      int64_t first = weight.firstColumn, end = weight.endColumn;
      if (permuted.sizes.size() != 2 || first < 0 || end <= first || end > permuted.sizes[1])
        return llvm::createStringError(archive.path() + ": weight '" + weight.fqn +
                                       "' has no columns [" + llvm::Twine(first) + ", " +
                                       llvm::Twine(end) + ")");
      permuted.storageOffset += first * permuted.strides[1];
      permuted.sizes[1] = end - first;
    }
    if (weight.panel != 0) {
      std::optional<archive::TensorView> packed = inPanels(permuted, weight.panel);
      if (!packed)
        return llvm::createStringError(archive.path() + ": weight '" + weight.fqn +
                                       "' cannot be packed in panels of " +
                                       llvm::Twine(weight.panel) + " columns");
      permuted = std::move(*packed);
    }
    uint64_t bytes = permuted.nbytes(); // a slice of the columns: fewer than the view's
    views.push_back(std::move(permuted));
    total = (total + kAlignment - 1) / kAlignment * kAlignment;
    blob.offsets.push_back(total);
    blob.sizes.push_back(bytes);
    total += bytes;
  }
  blob.totalBytes = total;
  return describeFolds(archive, signature, views, blob);
}

bool isContiguous(const archive::TensorView &view) {
  int64_t expected = 1;
  for (size_t d = view.sizes.size(); d-- > 0;) {
    if (view.sizes[d] != 1 && view.strides[d] != expected)
      return false;
    expected *= view.sizes[d];
  }
  return true;
}

} // namespace pt2c::detail
