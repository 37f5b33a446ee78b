//===- ZipReader.h - Zip central-directory reader over an mmapped file -----===//
//
// Reads the zip container torch.export.save writes (docs/pt2-format.md,
// "The zip container"):
// STORED entries whose data is used in place, zip64 end records and extra
// fields, data descriptors (sizes come from the central directory). Deflated
// entries (written by ordinary zip tools) are inflated with zlib on request.
// Every offset and size is bounds-checked against the file.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_ARCHIVE_ZIPREADER_H
#define PT2C_ARCHIVE_ZIPREADER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace pt2c::archive {

struct ZipEntry {
  std::string name;
  uint16_t method = 0;          // 0 = STORED, 8 = DEFLATE
  uint64_t compressedSize = 0;
  uint64_t uncompressedSize = 0;
  uint64_t localHeaderOffset = 0;
  uint64_t dataOffset = 0;      // from the local header: data starts here
  uint32_t crc32 = 0;
  uint16_t flags = 0;           // general-purpose flags; bit 0 = encrypted
};

class ZipReader {
public:
  /// Maps `path` read-only and reads its central directory.
  static llvm::Expected<std::unique_ptr<ZipReader>> open(llvm::StringRef path);
  /// Same over bytes the caller keeps alive (tests).
  static llvm::Expected<std::unique_ptr<ZipReader>>
  openBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer, llvm::StringRef displayName);

  llvm::StringRef displayName() const { return displayName_; }
  llvm::ArrayRef<ZipEntry> entries() const { return entries_; }
  const ZipEntry *find(llvm::StringRef name) const;
  /// Bytes of a STORED entry, in place (no copy).
  llvm::Expected<llvm::ArrayRef<uint8_t>> storedData(const ZipEntry &entry) const;
  /// Checks a STORED entry's bytes against its central-directory CRC-32
  /// (storedData does not: weights are used in place and may be large);
  /// the error names the file and the entry.
  llvm::Error verifyStoredCrc(const ZipEntry &entry) const;
  /// Contents of any entry: in place when STORED, inflated into a new
  /// buffer when DEFLATE. `maxBytes` guards against zip bombs.
  llvm::Expected<std::string> readText(const ZipEntry &entry,
                                       uint64_t maxBytes = uint64_t(1) << 32) const;
  uint64_t fileSize() const { return buffer_->getBufferSize(); }

private:
  ZipReader() = default;
  std::string displayName_;
  std::unique_ptr<llvm::MemoryBuffer> buffer_;
  std::vector<ZipEntry> entries_;
  llvm::StringMap<size_t> index_; // name -> position in entries_
  friend class ZipDirectoryParser;
};

} // namespace pt2c::archive

#endif // PT2C_ARCHIVE_ZIPREADER_H
