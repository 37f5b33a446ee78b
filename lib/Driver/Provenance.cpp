//===- Provenance.cpp - pt2c's own metadata pairs of a model library ------===//
//
// Apart from Metadata.cpp because it includes pt2c/Version.h, which changes
// with every commit: only this small file recompiles then.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Driver/Metadata.h"

#include "pt2c/Version.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"

#include <algorithm>

namespace pt2c {

llvm::Expected<std::string> sha256OfFile(llvm::StringRef path,
                                         const std::atomic<bool> *cancel) {
  // Mapped, not read: archives of large models are gigabytes.
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file)
    return llvm::createStringError(path + ": cannot read it to hash it: " +
                                   file.getError().message());
  llvm::ArrayRef<uint8_t> bytes = llvm::arrayRefFromStringRef((*file)->getBuffer());
  llvm::SHA256 hasher;
  constexpr size_t kChunk = size_t(16) << 20; // ~80 ms: how late a cancel is seen
  for (size_t offset = 0; offset < bytes.size(); offset += kChunk) {
    if (cancel && cancel->load(std::memory_order_relaxed))
      return llvm::createStringError(path + ": hashing it was cancelled");
    hasher.update(bytes.slice(offset, std::min(kChunk, bytes.size() - offset)));
  }
  return llvm::toHex(hasher.final(), /*LowerCase=*/true);
}

BackgroundSha256::BackgroundSha256(std::string path)
    : result_(std::async(std::launch::async,
                         [this, path] { return sha256OfFile(path, &cancel_); })) {}

BackgroundSha256::~BackgroundSha256() {
  if (!result_.valid())
    return;
  cancel_ = true;
  llvm::consumeError(result_.get().takeError());
}

llvm::Expected<std::string> BackgroundSha256::get() { return result_.get(); }

/// `text` with control characters (and NULs, which would end the string
/// early in the library) as '?': the archive's JSON may hold anything.
static std::string printable(llvm::StringRef text) {
  std::string result = text.str();
  for (char &c : result)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      c = '?';
  return result;
}

std::vector<MetadataPair> provenance(llvm::StringRef archiveSha256,
                                     llvm::StringRef torchVersion,
                                     llvm::StringRef compileOptions) {
  return {
      {"pt2c.version", PT2C_VERSION_STRING},
      {"pt2c.commit", PT2C_GIT_COMMIT},
      {"pt2c.llvm_version", LLVM_VERSION_STRING},
      {"pt2c.torch_version", printable(torchVersion)},
      {"pt2c.archive_sha256", archiveSha256.str()},
      {"pt2c.compile_options", printable(compileOptions)},
  };
}

} // namespace pt2c
