//===- TensorViews.h - Weights and constants as views (private) -----------===//
//
// Turns a PayloadConfig into TensorViews over the mapped archive
// (docs/pt2-format.md, "Weights and constants"), checking every number
// before it is used: shapes are concrete and non-negative, their extent fits
// in int64, and the payload file is long enough for every view of it. No
// payload byte is read.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_ARCHIVE_TENSORVIEWS_H
#define PT2C_LIB_ARCHIVE_TENSORVIEWS_H

#include "pt2c/Archive/Pt2Archive.h"
#include "pt2c/Archive/SchemaJson.h"

namespace pt2c::archive::detail {

/// One payload config and where its files are.
struct PayloadSet {
  llvm::StringRef configName; // "data/weights/model_weights_config.json"
  llvm::StringRef dataDir;    // "data/weights/"
  const PayloadConfig *config = nullptr;
  bool isConstant = false;
};

/// Appends one view per config entry, in config order. Errors read
/// "<archivePath>: <config or entry name>: <what>".
llvm::Error appendTensorViews(const ZipReader &zip, llvm::StringRef archivePath,
                              llvm::StringRef rootPrefix, const PayloadSet &set,
                              std::vector<TensorView> &views);

/// "float32[128, 64]".
std::string describeTensorType(ScalarType dtype, llvm::ArrayRef<int64_t> sizes);

} // namespace pt2c::archive::detail

#endif // PT2C_LIB_ARCHIVE_TENSORVIEWS_H
