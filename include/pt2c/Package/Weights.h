//===- Weights.h - Where the compiled code finds its weights --------------===//
//
// The generated code reads every weight contiguous, row-major, at a 64-byte
// aligned offset of one blob (model_abi.h). `--weights embed` copies the
// weights out of the archive into that blob, which goes into the library;
// `--weights external` keeps only where each weight is in the archive, so
// the runtime can build the same blob from the .pt2 when the model is
// created. The latter never reads a payload byte, so it also works on a
// graph-only archive (0-byte payloads).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_PACKAGE_WEIGHTS_H
#define PT2C_PACKAGE_WEIGHTS_H

#include "pt2c/Package/ModelSignature.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pt2c {
namespace archive {
class Pt2Archive;
} // namespace archive

/// One zip entry some weight reads (pt2c_archive_entry_desc).
struct ExternalEntry {
  std::string name;      // without the archive's root folder
  uint64_t minBytes = 0; // what the views of it need
  bool exact = false;    // the archive held its bytes: size and CRC known
  uint64_t bytes = 0;
  uint32_t crc32 = 0;
};

/// Where one weight's elements are (pt2c_weight_source).
struct ExternalSource {
  int32_t entry = -1; // into ExternalWeights::entries; -1: an empty tensor
  unsigned elementBytes = 0;
  std::vector<int64_t> sizes, strides; // in elements
  int64_t storageOffset = 0;
};

struct ExternalWeights {
  std::string archiveName; // the file name compiled from, for messages
  std::vector<ExternalEntry> entries;
  std::vector<ExternalSource> sources; // per ModelSignature::weights entry
};

/// One weight rewritten in place once the blob is read
/// (pt2c_weight_fold in runtime/include/pt2c/weight_folds.h, which says
/// what each field is; the arrays owned here).
struct WeightFold {
  int32_t kind = 0; // PT2C_FOLD_*
  DTypeCode target, stats;
  uint64_t targetOffset = 0, gammaOffset = 0, varOffset = 0, meanOffset = 0, biasOffset = 0;
  int64_t channels = 0;
  double eps = 0;
  std::vector<int64_t> sizes, strides; // a filter's stored layout
  int64_t base = 0, channelStride = 0;
};

/// The weights, each made contiguous, at 64-byte aligned offsets.
struct WeightsBlob {
  std::vector<uint8_t> bytes;    // the blob to embed; empty when external
  std::vector<uint64_t> offsets; // per ModelSignature::weights entry
  std::vector<uint64_t> sizes;
  uint64_t totalBytes = 0;                 // the blob's size
  std::optional<ExternalWeights> external; // set for --weights external
  /// Applied to `bytes` when embedded; by the runtime when external.
  std::vector<WeightFold> folds;
};

/// Copies each weight of `signature` out of the archive (honouring strides
/// and storage offsets). Fails when the archive holds no weight bytes.
llvm::Expected<WeightsBlob> buildWeightsBlob(const archive::Pt2Archive &archive,
                                             const ModelSignature &signature);

/// The same layout without bytes, and where the runtime finds each weight:
/// the entry's name, and its size and CRC-32 from the central directory
/// when the archive holds its bytes. Reads no payload byte.
llvm::Expected<WeightsBlob> describeExternalWeights(const archive::Pt2Archive &archive,
                                                    const ModelSignature &signature);

} // namespace pt2c

#endif // PT2C_PACKAGE_WEIGHTS_H
