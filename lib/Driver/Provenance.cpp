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

namespace pt2c {

llvm::Expected<std::string> sha256OfFile(llvm::StringRef path) {
  // Mapped, not read: archives of large models are gigabytes.
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file)
    return llvm::createStringError(path + ": cannot read it to hash it: " +
                                   file.getError().message());
  llvm::SHA256 hasher;
  hasher.update(llvm::arrayRefFromStringRef((*file)->getBuffer()));
  return llvm::toHex(hasher.final(), /*LowerCase=*/true);
}

/// `text` with control characters (and NULs, which would end the string
/// early in the library) as '?': the archive's JSON may hold anything.
static std::string printable(llvm::StringRef text) {
  std::string result = text.str();
  for (char &c : result)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      c = '?';
  return result;
}

llvm::Expected<std::vector<MetadataPair>> provenance(llvm::StringRef archivePath,
                                                     llvm::StringRef torchVersion,
                                                     llvm::StringRef compileOptions) {
  auto sha256 = sha256OfFile(archivePath);
  if (!sha256)
    return sha256.takeError();
  return std::vector<MetadataPair>{
      {"pt2c.version", PT2C_VERSION_STRING},
      {"pt2c.commit", PT2C_GIT_COMMIT},
      {"pt2c.llvm_version", LLVM_VERSION_STRING},
      {"pt2c.torch_version", printable(torchVersion)},
      {"pt2c.archive_sha256", *sha256},
      {"pt2c.compile_options", printable(compileOptions)},
  };
}

} // namespace pt2c
