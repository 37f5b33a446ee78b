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
      // [K, N] (as permuted) -> [N / panel, K, panel]: panel p, row k,
      // column c is element (k, p * panel + c). A convolution's filter,
      // permuted to [C, KH, KW, F], is the matrix [C * KH * KW, F].
      if (!mergeLeadingDims(permuted))
        return llvm::createStringError(archive.path() + ": weight '" + weight.fqn +
                                       "' cannot be read as a matrix: its leading dims "
                                       "are not contiguous in each other");
      int64_t panel = weight.panel;
      if (permuted.sizes.size() != 2 || panel < 1 || permuted.sizes[1] % panel != 0)
        return llvm::createStringError(archive.path() + ": weight '" + weight.fqn +
                                       "' cannot be packed in panels of " + llvm::Twine(panel) +
                                       " columns");
      archive::TensorView packed = permuted;
      packed.sizes = {permuted.sizes[1] / panel, permuted.sizes[0], panel};
      packed.strides = {permuted.strides[1] * panel, permuted.strides[0], permuted.strides[1]};
      permuted = std::move(packed);
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
