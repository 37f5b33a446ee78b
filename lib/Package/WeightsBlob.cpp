//===- WeightsBlob.cpp - Weights made contiguous, in argument order -------===//

#include "WeightsLayout.h"

#include "llvm/ADT/StringSet.h"

#include <cstring>

namespace pt2c {

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

llvm::Expected<WeightsBlob> buildWeightsBlob(const archive::Pt2Archive &archive,
                                             const ModelSignature &signature) {
  WeightsBlob blob;
  std::vector<archive::TensorView> views;
  if (llvm::Error error = detail::layOutWeights(archive, signature, blob, views))
    return std::move(error);
  for (const archive::TensorView &view : views)
    if (view.dataMissing)
      return llvm::createStringError(
          archive.path() + ": weight '" + view.fqn +
          "' has no bytes in the archive (a graph-only export); embedding needs "
          "them: compile with --weights external and give the model the .pt2 "
          "that has them when it is created");
  // The archive's CRC-32 of every entry a weight reads, as the runtime
  // checks them for --weights external: a flipped byte is refused here
  // rather than compiled into the library.
  llvm::StringSet<> verified;
  for (const archive::TensorView &view : views) {
    if (view.storage.empty() || !verified.insert(view.entryName).second)
      continue;
    const archive::ZipEntry *entry =
        archive.zip().find((archive.rootPrefix() + view.entryName).str());
    if (!entry)
      continue; // not a zip entry of its own (the reader checked the view)
    if (llvm::Error error = archive.zip().verifyStoredCrc(*entry))
      return llvm::createStringError("weight '" + view.fqn +
                                     "': " + llvm::toString(std::move(error)));
  }
  blob.bytes.assign(blob.totalBytes, 0);
  for (auto [view, offset] : llvm::zip(views, blob.offsets)) {
    unsigned elementSize = archive::elementSize(view.dtype);
    uint8_t *out = blob.bytes.data() + offset;
    if (detail::isContiguous(view))
      std::memcpy(out, view.storage.data() + view.storageOffset * elementSize,
                  view.nbytes());
    else
      gather(view, elementSize, out);
  }
  if (llvm::Error error = detail::applyFolds(blob))
    return std::move(error);
  return blob;
}

} // namespace pt2c
