//===- WeightsBlob.cpp - Weights made contiguous, in argument order -------===//

#include "pt2c/Archive/Pt2Archive.h"
#include "pt2c/Package/DescriptorEmitter.h"

#include <cstring>

namespace pt2c {

static constexpr uint64_t kAlignment = 64;

// Copies a strided view element by element, row-major.
static void gather(const archive::TensorView &view, unsigned elementSize,
                   uint8_t *out) {
  size_t rank = view.sizes.size();
  std::vector<int64_t> index(rank, 0);
  int64_t numel = view.numel();
  for (int64_t n = 0; n < numel; ++n) {
    int64_t offset = view.storageOffset;
    for (size_t d = 0; d < rank; ++d)
      offset += index[d] * view.strides[d];
    std::memcpy(out + n * elementSize, view.storage.data() + offset * elementSize,
                elementSize);
    for (size_t d = rank; d-- > 0;) {
      if (++index[d] < view.sizes[d])
        break;
      index[d] = 0;
    }
  }
}

static bool isContiguous(const archive::TensorView &view) {
  int64_t expected = 1;
  for (size_t d = view.sizes.size(); d-- > 0;) {
    if (view.sizes[d] != 1 && view.strides[d] != expected)
      return false;
    expected *= view.sizes[d];
  }
  return true;
}

llvm::Expected<WeightsBlob> buildWeightsBlob(const archive::Pt2Archive &archive,
                                             const ModelSignature &signature) {
  WeightsBlob blob;
  uint64_t total = 0;
  std::vector<const archive::TensorView *> views;
  for (const SignatureWeight &weight : signature.weights) {
    const archive::TensorView *view = archive.findTensor(weight.fqn);
    if (!view)
      return llvm::createStringError(archive.path() + ": no weight '" + weight.fqn +
                                     "' in the archive");
    if (view->dataMissing)
      return llvm::createStringError(
          archive.path() + ": weight '" + weight.fqn +
          "' has no bytes in the archive (a graph-only export); embedding needs them");
    views.push_back(view);
    total = (total + kAlignment - 1) / kAlignment * kAlignment;
    blob.offsets.push_back(total);
    blob.sizes.push_back(view->nbytes());
    total += view->nbytes();
  }
  blob.bytes.assign(total, 0);
  for (auto [view, offset] : llvm::zip(views, blob.offsets)) {
    unsigned elementSize = archive::elementSize(view->dtype);
    uint8_t *out = blob.bytes.data() + offset;
    if (isContiguous(*view))
      std::memcpy(out, view->storage.data() + view->storageOffset * elementSize,
                  view->nbytes());
    else
      gather(*view, elementSize, out);
  }
  return blob;
}

} // namespace pt2c
