//===- ZipReader.cpp - Zip central-directory reader over an mmapped file
//---===//
//
// Reads the directory of a zip file (APPNOTE 6.3) without trusting it: every
// offset and size is checked against the file before use, with arithmetic
// that cannot wrap, and the entry count is checked against the directory's
// byte size before anything is allocated. Data offsets come from the local
// headers, whose extra fields carry torch's 64-byte alignment padding
// (docs/pt2-format.md, "The zip container"). Entry data is not touched when
// the directory is read.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Archive/ZipReader.h"

#include "llvm/ADT/StringExtras.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"

#include <zlib.h>

#include <algorithm>

namespace pt2c::archive {
namespace {

constexpr uint32_t kLocalHeaderSig = 0x04034b50;
constexpr uint32_t kCentralHeaderSig = 0x02014b50;
constexpr uint32_t kEndRecordSig = 0x06054b50;
constexpr uint32_t kZip64EndRecordSig = 0x06064b50;
constexpr uint32_t kZip64LocatorSig = 0x07064b50;

constexpr uint64_t kLocalHeaderSize = 30;
constexpr uint64_t kCentralHeaderSize = 46;
constexpr uint64_t kEndRecordSize = 22;
constexpr uint64_t kZip64LocatorSize = 20;
constexpr uint64_t kZip64EndRecordSize = 56;
constexpr uint64_t kMaxCommentSize = 0xFFFF;
constexpr uint16_t kZip64ExtraId = 0x0001;

uint16_t read16(const uint8_t *p) { return uint16_t(p[0] | (p[1] << 8)); }
uint32_t read32(const uint8_t *p) {
  return uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) |
         (uint32_t(p[3]) << 24);
}
uint64_t read64(const uint8_t *p) {
  return uint64_t(read32(p)) | (uint64_t(read32(p + 4)) << 32);
}

/// Where the central directory is, from the end records.
struct DirectoryLocation {
  uint64_t offset = 0;
  uint64_t size = 0;
  uint64_t entryCount = 0;
  uint64_t end = 0; // the first byte after the directory may not pass this
};

} // namespace

/// Fills a ZipReader from its buffer. A friend of ZipReader.
class ZipDirectoryParser {
public:
  explicit ZipDirectoryParser(ZipReader &zip)
      : zip(zip),
        base(reinterpret_cast<const uint8_t *>(zip.buffer_->getBufferStart())),
        size(zip.buffer_->getBufferSize()) {}

  llvm::Error parse() {
    if (size == 0)
      return error("the file is empty (0 bytes), not a zip archive");
    if (size < kEndRecordSize)
      return error("the file is " + llvm::Twine(size) +
                   " bytes, too short for a zip archive");
    auto endRecord = findEndRecord();
    if (!endRecord)
      return endRecord.takeError();
    auto location = readEndRecords(*endRecord);
    if (!location)
      return location.takeError();
    return readDirectory(*location);
  }

private:
  ZipReader &zip;
  const uint8_t *base;
  uint64_t size;

  llvm::Error error(const llvm::Twine &message) const {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   zip.displayName_ + ": " + message);
  }

  /// True if [offset, offset + length) lies inside the file.
  bool inBounds(uint64_t offset, uint64_t length) const {
    return offset <= size && length <= size - offset;
  }

  /// The classic end record is the last 22 bytes unless a comment follows
  /// it, so search backwards over the largest possible comment.
  llvm::Expected<uint64_t> findEndRecord() const {
    uint64_t last = size - kEndRecordSize;
    uint64_t first = last > kMaxCommentSize ? last - kMaxCommentSize : 0;
    for (uint64_t pos = last + 1; pos-- > first;) {
      if (read32(base + pos) != kEndRecordSig)
        continue;
      uint64_t commentSize = read16(base + pos + 20);
      if (commentSize <= size - pos - kEndRecordSize)
        return pos;
    }
    return error("not a zip archive: no end-of-central-directory record in "
                 "its last " +
                 llvm::Twine(size - first) + " bytes");
  }

  llvm::Expected<DirectoryLocation> readEndRecords(uint64_t endPos) const {
    const uint8_t *rec = base + endPos;
    uint32_t disk = read16(rec + 4), dirDisk = read16(rec + 6);
    uint64_t diskEntries = read16(rec + 8);
    DirectoryLocation loc;
    loc.entryCount = read16(rec + 10);
    loc.size = read32(rec + 12);
    loc.offset = read32(rec + 16);
    loc.end = endPos;

    // torch always writes zip64 end records (docs/pt2-format.md); when the
    // locator is there, its record has the exact 64-bit values.
    if (endPos >= kZip64LocatorSize &&
        read32(base + endPos - kZip64LocatorSize) == kZip64LocatorSig) {
      const uint8_t *locator = base + endPos - kZip64LocatorSize;
      uint64_t recordPos = read64(locator + 8);
      uint64_t locatorPos = endPos - kZip64LocatorSize;
      if (recordPos > locatorPos ||
          locatorPos - recordPos < kZip64EndRecordSize ||
          read32(base + recordPos) != kZip64EndRecordSig)
        return error("the zip64 end-record locator points to offset " +
                     llvm::Twine(recordPos) +
                     ", where there is no zip64 end-of-central-directory "
                     "record");
      const uint8_t *rec64 = base + recordPos;
      disk = read32(rec64 + 16);
      dirDisk = read32(rec64 + 20);
      diskEntries = read64(rec64 + 24);
      loc.entryCount = read64(rec64 + 32);
      loc.size = read64(rec64 + 40);
      loc.offset = read64(rec64 + 48);
      loc.end = recordPos;
    }
    if (disk != 0 || dirDisk != 0 || diskEntries != loc.entryCount)
      return error("multi-disk (split) zip archives are not supported");
    if (loc.offset > loc.end || loc.size > loc.end - loc.offset)
      return error("the central directory (offset " + llvm::Twine(loc.offset) +
                   ", " + llvm::Twine(loc.size) +
                   " bytes) does not fit before the end record at offset " +
                   llvm::Twine(loc.end));
    // Each directory entry takes at least 46 bytes: a count that cannot fit
    // is a lie, and must not size an allocation.
    if (loc.entryCount > loc.size / kCentralHeaderSize)
      return error("the end record claims " + llvm::Twine(loc.entryCount) +
                   " entries, but a central directory of " +
                   llvm::Twine(loc.size) + " bytes holds at most " +
                   llvm::Twine(loc.size / kCentralHeaderSize));
    return loc;
  }

  llvm::Error readDirectory(const DirectoryLocation &loc) {
    zip.entries_.reserve(loc.entryCount);
    uint64_t pos = loc.offset;
    uint64_t end = loc.offset + loc.size;
    for (uint64_t i = 0; i < loc.entryCount; ++i) {
      ZipEntry entry;
      if (llvm::Error err = readCentralEntry(pos, end, i, entry))
        return err;
      if (llvm::Error err = locateData(entry))
        return err;
      if (!zip.index_.try_emplace(entry.name, zip.entries_.size()).second)
        return error("entry '" + entry.name +
                     "' appears twice in the central directory");
      zip.entries_.push_back(std::move(entry));
    }
    return llvm::Error::success();
  }

  llvm::Error readCentralEntry(uint64_t &pos, uint64_t end, uint64_t index,
                               ZipEntry &entry) const {
    if (end - pos < kCentralHeaderSize ||
        read32(base + pos) != kCentralHeaderSig)
      return error("central directory entry " + llvm::Twine(index) +
                   " (offset " + llvm::Twine(pos) +
                   ") is missing or has a bad signature");
    const uint8_t *hdr = base + pos;
    entry.flags = read16(hdr + 8);
    entry.method = read16(hdr + 10);
    entry.crc32 = read32(hdr + 16);
    entry.compressedSize = read32(hdr + 20);
    entry.uncompressedSize = read32(hdr + 24);
    uint64_t nameSize = read16(hdr + 28);
    uint64_t extraSize = read16(hdr + 30);
    uint64_t commentSize = read16(hdr + 32);
    uint32_t diskStart = read16(hdr + 34);
    entry.localHeaderOffset = read32(hdr + 42);
    uint64_t total = kCentralHeaderSize + nameSize + extraSize + commentSize;
    if (end - pos < total)
      return error("central directory entry " + llvm::Twine(index) +
                   " runs past the end of the directory");
    entry.name.assign(reinterpret_cast<const char *>(hdr + kCentralHeaderSize),
                      nameSize);
    if (llvm::Error err =
            readZip64Extra(llvm::ArrayRef<uint8_t>(
                               hdr + kCentralHeaderSize + nameSize, extraSize),
                           entry, diskStart))
      return err;
    if (diskStart != 0)
      return error("entry '" + entry.name +
                   "' starts on another disk; split archives are not "
                   "supported");
    pos += total;
    return llvm::Error::success();
  }

  /// The zip64 extra field holds, in this order, the 64-bit values of those
  /// fixed fields that are saturated (APPNOTE 4.5.3).
  llvm::Error readZip64Extra(llvm::ArrayRef<uint8_t> extra, ZipEntry &entry,
                             uint32_t &diskStart) const {
    size_t pos = 0;
    while (extra.size() - pos >= 4) {
      uint16_t id = read16(extra.data() + pos);
      size_t length = read16(extra.data() + pos + 2);
      pos += 4;
      if (extra.size() - pos < length)
        return error("entry '" + entry.name +
                     "': an extra field runs past its end");
      if (id == kZip64ExtraId) {
        llvm::ArrayRef<uint8_t> field = extra.slice(pos, length);
        size_t at = 0;
        auto take64 = [&](uint64_t &value) -> bool {
          if (field.size() - at < 8)
            return false;
          value = read64(field.data() + at);
          at += 8;
          return true;
        };
        bool ok = true;
        if (entry.uncompressedSize == 0xFFFFFFFF)
          ok = ok && take64(entry.uncompressedSize);
        if (entry.compressedSize == 0xFFFFFFFF)
          ok = ok && take64(entry.compressedSize);
        if (entry.localHeaderOffset == 0xFFFFFFFF)
          ok = ok && take64(entry.localHeaderOffset);
        if (ok && diskStart == 0xFFFF) {
          if (field.size() - at < 4)
            ok = false;
          else
            diskStart = read32(field.data() + at);
        }
        if (!ok)
          return error("entry '" + entry.name +
                       "': the zip64 extra field is too short for the "
                       "values it must hold");
      }
      pos += length;
    }
    return llvm::Error::success();
  }

  /// Data starts after the local header, whose name and extra field may
  /// differ in size from the central directory's (torch pads there).
  llvm::Error locateData(ZipEntry &entry) const {
    uint64_t offset = entry.localHeaderOffset;
    if (!inBounds(offset, kLocalHeaderSize) ||
        read32(base + offset) != kLocalHeaderSig)
      return error("entry '" + entry.name + "': no local header at offset " +
                   llvm::Twine(offset));
    uint64_t nameSize = read16(base + offset + 26);
    uint64_t extraSize = read16(base + offset + 28);
    entry.dataOffset = offset + kLocalHeaderSize + nameSize + extraSize;
    if (!inBounds(entry.dataOffset, entry.compressedSize))
      return error("entry '" + entry.name + "': its data (offset " +
                   llvm::Twine(entry.dataOffset) + ", " +
                   llvm::Twine(entry.compressedSize) +
                   " bytes) runs past the end of the file (" +
                   llvm::Twine(size) + " bytes)");
    return llvm::Error::success();
  }
};

namespace {

/// zlib's CRC-32 of `size` bytes, in chunks its uInt can count.
uint32_t crcOf(const char *data, size_t size) {
  uLong crc = crc32(0L, Z_NULL, 0);
  for (size_t done = 0; done < size;) {
    size_t n = std::min<size_t>(size - done, 1u << 30);
    crc = crc32(crc, reinterpret_cast<const Bytef *>(data + done), uInt(n));
    done += n;
  }
  return uint32_t(crc);
}

llvm::Error entryError(const ZipReader &zip, const ZipEntry &entry,
                       const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 zip.displayName() + ": entry '" + entry.name +
                                     "': " + message);
}

/// Inflates raw DEFLATE data (no zlib header) of exactly `expected` bytes.
/// The output grows with what zlib produces, so a lying size cannot make
/// us allocate more than the data really inflates to (plus one chunk).
llvm::Error inflateRaw(llvm::ArrayRef<uint8_t> input, uint64_t expected,
                       std::string &out, const ZipReader &zip,
                       const ZipEntry &entry) {
  z_stream stream{};
  if (inflateInit2(&stream, -MAX_WBITS) != Z_OK)
    return entryError(zip, entry, "zlib could not start inflating");
  llvm::scope_exit cleanup([&] { inflateEnd(&stream); });

  constexpr uint64_t kChunk = uint64_t(1) << 20;
  // One byte beyond the declared size reveals data that inflates longer.
  const uint64_t limit = expected + 1;
  uint64_t consumed = 0;
  int status = Z_OK;
  while (status != Z_STREAM_END) {
    if (stream.avail_in == 0 && consumed < input.size()) {
      uint64_t feed = std::min<uint64_t>(input.size() - consumed, 1u << 30);
      stream.next_in = const_cast<Bytef *>(input.data() + consumed);
      stream.avail_in = uInt(feed);
      consumed += feed;
    }
    if (out.size() >= limit)
      break;
    size_t old = out.size();
    size_t grow = size_t(std::min<uint64_t>(kChunk, limit - old));
    out.resize(old + grow);
    stream.next_out = reinterpret_cast<Bytef *>(&out[old]);
    stream.avail_out = uInt(grow);
    status = inflate(&stream, Z_NO_FLUSH);
    out.resize(old + grow - stream.avail_out);
    if (status == Z_BUF_ERROR && stream.avail_in == 0 &&
        consumed >= input.size())
      return entryError(zip, entry, "the deflate stream is truncated");
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR)
      return entryError(
          zip, entry,
          "corrupt deflate data (" +
              llvm::Twine(stream.msg ? stream.msg : "zlib error") + ")");
  }
  if (out.size() != expected)
    return entryError(
        zip, entry,
        "inflates to " +
            llvm::Twine(status == Z_STREAM_END
                            ? std::to_string(out.size())
                            : "more than " + std::to_string(expected)) +
            " bytes, but the directory declares " + llvm::Twine(expected));
  return llvm::Error::success();
}

} // namespace

llvm::Expected<std::unique_ptr<ZipReader>>
ZipReader::open(llvm::StringRef path) {
  auto fail = [&](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   path + ": " + message);
  };
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(path, status))
    return fail("cannot open: " + ec.message());
  if (llvm::sys::fs::is_directory(status))
    return fail("is a directory, not an archive file");
  if (!llvm::sys::fs::is_regular_file(status))
    return fail("is not a regular file");
  // Mapped, not read: weights are used in place and never copied.
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false,
                                            /*IsVolatile=*/false);
  if (!buffer)
    return fail("cannot read: " + buffer.getError().message());
  return openBuffer(std::move(*buffer), path);
}

llvm::Expected<std::unique_ptr<ZipReader>>
ZipReader::openBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer,
                      llvm::StringRef displayName) {
  std::unique_ptr<ZipReader> zip(new ZipReader());
  zip->displayName_ = displayName.str();
  zip->buffer_ = std::move(buffer);
  if (!zip->buffer_)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   displayName + ": no data");
  if (llvm::Error err = ZipDirectoryParser(*zip).parse())
    return std::move(err);
  return std::move(zip);
}

const ZipEntry *ZipReader::find(llvm::StringRef name) const {
  auto it = index_.find(name);
  return it == index_.end() ? nullptr : &entries_[it->second];
}

llvm::Expected<llvm::ArrayRef<uint8_t>>
ZipReader::storedData(const ZipEntry &entry) const {
  if (entry.flags & 1)
    return entryError(*this, entry, "is encrypted, which is not supported");
  if (entry.method != 0)
    return entryError(*this, entry,
                      "is compressed (method " + llvm::Twine(entry.method) +
                          "); only STORED (method 0) data can be used in "
                          "place");
  if (entry.compressedSize != entry.uncompressedSize)
    return entryError(*this, entry,
                      "is STORED but its sizes differ (" +
                          llvm::Twine(entry.compressedSize) + " vs " +
                          llvm::Twine(entry.uncompressedSize) + " bytes)");
  // Re-checked here: `entry` may not come from this reader.
  uint64_t fileSize = buffer_->getBufferSize();
  if (entry.dataOffset > fileSize ||
      entry.compressedSize > fileSize - entry.dataOffset)
    return entryError(*this, entry, "its data lies outside the file");
  const uint8_t *start =
      reinterpret_cast<const uint8_t *>(buffer_->getBufferStart());
  return llvm::ArrayRef<uint8_t>(start + entry.dataOffset,
                                 size_t(entry.compressedSize));
}

llvm::Expected<std::string> ZipReader::readText(const ZipEntry &entry,
                                                uint64_t maxBytes) const {
  if (entry.uncompressedSize > maxBytes)
    return entryError(*this, entry,
                      "holds " + llvm::Twine(entry.uncompressedSize) +
                          " bytes, more than the limit of " +
                          llvm::Twine(maxBytes));
  std::string out;
  if (entry.method == 0) {
    auto data = storedData(entry);
    if (!data)
      return data.takeError();
    out.assign(reinterpret_cast<const char *>(data->data()), data->size());
  } else if (entry.method == 8) {
    if (entry.flags & 1)
      return entryError(*this, entry, "is encrypted, which is not supported");
    uint64_t fileSize = buffer_->getBufferSize();
    if (entry.dataOffset > fileSize ||
        entry.compressedSize > fileSize - entry.dataOffset)
      return entryError(*this, entry, "its data lies outside the file");
    llvm::ArrayRef<uint8_t> input(
        reinterpret_cast<const uint8_t *>(buffer_->getBufferStart()) +
            entry.dataOffset,
        size_t(entry.compressedSize));
    if (llvm::Error err =
            inflateRaw(input, entry.uncompressedSize, out, *this, entry))
      return std::move(err);
  } else {
    return entryError(*this, entry,
                      "uses compression method " + llvm::Twine(entry.method) +
                          "; only STORED (0) and DEFLATE (8) are supported");
  }
  // The local header's CRC is 0 in torch's files (data descriptors); the
  // central directory's is the real one.
  if (crcOf(out.data(), out.size()) != entry.crc32)
    return entryError(*this, entry, "CRC-32 mismatch: the data is corrupt");
  return std::move(out);
}

llvm::Error ZipReader::verifyStoredCrc(const ZipEntry &entry) const {
  llvm::Expected<llvm::ArrayRef<uint8_t>> data = storedData(entry);
  if (!data)
    return data.takeError();
  uint32_t computed = crcOf(reinterpret_cast<const char *>(data->data()), data->size());
  if (computed != entry.crc32)
    return entryError(*this, entry,
                      "CRC-32 mismatch (the directory says " +
                          llvm::utohexstr(entry.crc32) + ", the bytes give " +
                          llvm::utohexstr(computed) + "): the data is corrupt");
  return llvm::Error::success();
}

} // namespace pt2c::archive
