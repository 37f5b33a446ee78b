//===- ExternalWeights.cpp - Where each weight is in the archive ----------===//
//
// For `--weights external`: the blob layout of embedded weights, plus what
// the runtime needs to fill it from the .pt2 (model_abi.h,
// pt2c_external_weights_desc). Only the configs' tensor_meta and the zip
// directory are used: no payload byte is read, so graph-only archives work.
// There is nothing to transform at load time beyond what the embedded blob
// gets at compile time: strided views are gathered row-major; dtypes are
// kept, and values too but for the batch norms folded into weights, which
// the runtime folds with the compiler's code (WeightFolds.cpp).
//
//===----------------------------------------------------------------------===//

#include "WeightsLayout.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace pt2c {

/// Bytes of storage from element 0 up to the view's last element; 0 for an
/// empty view. The archive reader checked that this does not overflow.
static uint64_t bytesNeeded(const archive::TensorView &view) {
  if (view.numel() == 0)
    return 0;
  int64_t last = view.storageOffset;
  for (size_t d = 0; d < view.sizes.size(); ++d)
    last += (view.sizes[d] - 1) * view.strides[d];
  return uint64_t(last + 1) * archive::elementSize(view.dtype);
}

llvm::Expected<WeightsBlob> describeExternalWeights(const archive::Pt2Archive &archive,
                                                    const ModelSignature &signature) {
  WeightsBlob blob;
  std::vector<archive::TensorView> views;
  if (llvm::Error error = detail::layOutWeights(archive, signature, blob, views))
    return std::move(error);
  ExternalWeights external;
  external.archiveName = llvm::sys::path::filename(archive.path()).str();
  llvm::StringMap<int32_t> entryIndex; // several views may share an entry
  for (const archive::TensorView &view : views) {
    ExternalSource source;
    source.elementBytes = archive::elementSize(view.dtype);
    source.sizes = view.sizes;
    source.strides = view.strides;
    source.storageOffset = view.storageOffset;
    uint64_t needed = bytesNeeded(view);
    if (needed > 0) {
      auto [it, inserted] = entryIndex.try_emplace(view.entryName, 0);
      if (inserted) {
        it->second = int32_t(external.entries.size());
        ExternalEntry entry;
        entry.name = view.entryName;
        // The reader found this entry when it opened the archive.
        const archive::ZipEntry *zipEntry =
            archive.zip().find((archive.rootPrefix() + view.entryName).str());
        if (zipEntry && zipEntry->uncompressedSize > 0) {
          entry.exact = true;
          entry.bytes = zipEntry->uncompressedSize;
          entry.crc32 = zipEntry->crc32;
        }
        external.entries.push_back(entry);
      }
      source.entry = it->second;
      ExternalEntry &entry = external.entries[source.entry];
      entry.minBytes = std::max(entry.minBytes, needed);
    }
    external.sources.push_back(std::move(source));
  }
  blob.external = std::move(external);
  return blob;
}

} // namespace pt2c
