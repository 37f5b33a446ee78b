//===- Npz.cpp - Reading the .npy members of an .npz zip archive ----------===//
//
// The zip layout is read from the central directory, which holds the true
// sizes even when a local header defers them (np.savez writes zip64 local
// extras with saturated sizes; torch-style writers use data descriptors).
// Members are STORED or DEFLATE (raw, through zlib) and CRC-checked.
//
//===----------------------------------------------------------------------===//

#include "Npz.h"

#include <zlib.h>

#include <climits>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

namespace pt2c::run {
namespace {

constexpr uint32_t kLocalSignature = 0x04034b50;
constexpr uint32_t kCentralSignature = 0x02014b50;
constexpr uint32_t kEndSignature = 0x06054b50;
constexpr uint32_t kZip64EndSignature = 0x06064b50;
constexpr uint32_t kZip64LocatorSignature = 0x07064b50;
constexpr size_t kEndSize = 22, kCentralSize = 46, kLocalSize = 30;
constexpr size_t kZip64EndSize = 56, kZip64LocatorSize = 20;

/// Little-endian reads that are only made after a bounds check.
uint64_t le(const uint8_t *p, size_t bytes) {
  uint64_t value = 0;
  for (size_t i = 0; i < bytes; ++i)
    value |= uint64_t(p[i]) << (8 * i);
  return value;
}

/// [offset, offset + length) lies inside [0, size).
bool inside(uint64_t offset, uint64_t length, uint64_t size) {
  return offset <= size && length <= size - offset;
}

struct Member {
  std::string name;
  uint16_t flags = 0;
  uint16_t method = 0;
  uint32_t crc = 0;
  uint64_t compressedSize = 0;
  uint64_t size = 0;
  uint64_t localOffset = 0;
};

struct Zip {
  const uint8_t *bytes;
  uint64_t size;
  std::string what;
  std::string &error;

  bool fail(const std::string &message) {
    error = what + ": " + message;
    return false;
  }

  /// Finds the central directory: the end record (searched backwards over
  /// the largest possible comment), then its zip64 version when saturated.
  bool findDirectory(uint64_t &offset, uint64_t &length, uint64_t &count) {
    if (size < kEndSize)
      return fail("not a zip file (too short)");
    uint64_t lowest = size - kEndSize > 0xffff ? size - kEndSize - 0xffff : 0;
    uint64_t end = size - kEndSize;
    while (le(bytes + end, 4) != kEndSignature) {
      if (end == lowest)
        return fail("not a zip file (no end of central directory record)");
      --end;
    }
    const uint8_t *record = bytes + end;
    if (le(record + 4, 2) != 0 || le(record + 6, 2) != 0)
      return fail("multi-disk zip archives are not supported");
    count = le(record + 10, 2);
    length = le(record + 12, 4);
    offset = le(record + 16, 4);
    if (count == 0xffff || length == 0xffffffff || offset == 0xffffffff) {
      if (end < kZip64LocatorSize ||
          le(bytes + end - kZip64LocatorSize, 4) != kZip64LocatorSignature)
        return fail("saturated end record without a zip64 locator");
      uint64_t end64 = le(bytes + end - kZip64LocatorSize + 8, 8);
      if (!inside(end64, kZip64EndSize, size) ||
          le(bytes + end64, 4) != kZip64EndSignature)
        return fail("the zip64 end record is missing or out of bounds");
      count = le(bytes + end64 + 32, 8);
      length = le(bytes + end64 + 40, 8);
      offset = le(bytes + end64 + 48, 8);
    }
    if (!inside(offset, length, size))
      return fail("the central directory lies outside the file");
    return true;
  }

  /// Sizes and offsets saturated at 0xffffffff live, in this order, in the
  /// zip64 extra field (id 1).
  bool readZip64Extra(const uint8_t *extra, uint64_t extraLength,
                      Member &member) {
    uint64_t *fields[] = {&member.size, &member.compressedSize,
                          &member.localOffset};
    uint64_t pos = 0;
    while (pos + 4 <= extraLength) {
      uint64_t id = le(extra + pos, 2), length = le(extra + pos + 2, 2);
      if (!inside(pos + 4, length, extraLength))
        return fail("member '" + member.name + "': bad extra field");
      if (id == 1) {
        uint64_t at = pos + 4;
        for (uint64_t *field : fields) {
          if (*field != 0xffffffff)
            continue;
          if (at + 8 > pos + 4 + length)
            return fail("member '" + member.name +
                        "': zip64 extra field is too short");
          *field = le(extra + at, 8);
          at += 8;
        }
      }
      pos += 4 + length;
    }
    for (uint64_t *field : fields)
      if (*field == 0xffffffff)
        return fail("member '" + member.name +
                    "': saturated size without a zip64 extra field");
    return true;
  }

  bool readDirectory(std::vector<Member> &members) {
    uint64_t offset, length, count;
    if (!findDirectory(offset, length, count))
      return false;
    uint64_t pos = offset, end = offset + length;
    for (uint64_t i = 0; i < count; ++i) {
      if (!inside(pos, kCentralSize, end) ||
          le(bytes + pos, 4) != kCentralSignature)
        return fail("central directory entry " + std::to_string(i) +
                    " is truncated or corrupt");
      const uint8_t *entry = bytes + pos;
      uint64_t nameLength = le(entry + 28, 2), extraLength = le(entry + 30, 2),
               commentLength = le(entry + 32, 2);
      uint64_t entrySize =
          kCentralSize + nameLength + extraLength + commentLength;
      if (!inside(pos, entrySize, end))
        return fail("central directory entry " + std::to_string(i) +
                    " runs past the directory");
      Member member;
      member.flags = uint16_t(le(entry + 8, 2));
      member.method = uint16_t(le(entry + 10, 2));
      member.crc = uint32_t(le(entry + 16, 4));
      member.compressedSize = le(entry + 20, 4);
      member.size = le(entry + 24, 4);
      member.localOffset = le(entry + 42, 4);
      member.name.assign(reinterpret_cast<const char *>(entry + kCentralSize),
                         nameLength);
      if (!readZip64Extra(entry + kCentralSize + nameLength, extraLength,
                          member))
        return false;
      members.push_back(std::move(member));
      pos += entrySize;
    }
    return true;
  }

  bool inflateMember(const Member &member, const uint8_t *in,
                     std::vector<uint8_t> &out) {
    // DEFLATE expands at most 1032:1; a larger claim is a corrupt or
    // hostile directory, refused before it allocates.
    if (member.size / 1032 > member.compressedSize + 1)
      return fail("member '" + member.name + "' claims " +
                  std::to_string(member.size) + " bytes from " +
                  std::to_string(member.compressedSize) + " compressed bytes");
    out.resize(member.size);
    z_stream stream{};
    // Negative window bits: raw DEFLATE, as zip stores it.
    if (inflateInit2(&stream, -MAX_WBITS) != Z_OK)
      return fail("zlib could not be initialised");
    uint64_t consumed = 0, produced = 0;
    uint8_t none = 0; // zlib refuses a NULL output pointer, even for 0 bytes
    int result = Z_OK;
    while (result == Z_OK) {
      // zlib counts in 32 bits: feed large members in pieces.
      uint64_t inLeft = member.compressedSize - consumed;
      uint64_t outLeft = member.size - produced;
      stream.next_in = const_cast<Bytef *>(in + consumed);
      stream.avail_in = uInt(inLeft > UINT_MAX ? UINT_MAX : inLeft);
      stream.next_out = out.empty() ? &none : out.data() + produced;
      stream.avail_out = uInt(outLeft > UINT_MAX ? UINT_MAX : outLeft);
      uInt availIn = stream.avail_in, availOut = stream.avail_out;
      result = inflate(&stream, Z_NO_FLUSH);
      consumed += availIn - stream.avail_in;
      produced += availOut - stream.avail_out;
      if (result == Z_OK && availIn == stream.avail_in &&
          availOut == stream.avail_out)
        result = Z_BUF_ERROR; // no progress: truncated or oversized
    }
    std::string zlibMessage =
        stream.msg ? stream.msg : "data does not match the sizes";
    inflateEnd(&stream);
    if (result != Z_STREAM_END || produced != member.size)
      return fail("member '" + member.name +
                  "': corrupt DEFLATE data (zlib: " + zlibMessage + ")");
    return true;
  }

  bool readMember(const Member &member, std::vector<uint8_t> &out) {
    if (member.flags & 1)
      return fail("member '" + member.name + "' is encrypted");
    if (!inside(member.localOffset, kLocalSize, size) ||
        le(bytes + member.localOffset, 4) != kLocalSignature)
      return fail("member '" + member.name +
                  "': local header missing or out of bounds");
    const uint8_t *local = bytes + member.localOffset;
    uint64_t dataOffset =
        member.localOffset + kLocalSize + le(local + 26, 2) + le(local + 28, 2);
    if (!inside(dataOffset, member.compressedSize, size))
      return fail("member '" + member.name +
                  "': data runs past the end of the file");
    const uint8_t *data = bytes + dataOffset;
    if (member.method == 0) {
      if (member.compressedSize != member.size)
        return fail("member '" + member.name +
                    "': stored with different compressed and plain sizes");
      out.assign(data, data + member.size);
    } else if (member.method == 8) {
      if (!inflateMember(member, data, out))
        return false;
    } else {
      return fail("member '" + member.name + "' uses compression method " +
                  std::to_string(member.method) +
                  " (only stored and deflate are supported)");
    }
    if (crc32_z(0, out.data(), out.size()) != member.crc)
      return fail("member '" + member.name + "': CRC-32 mismatch");
    return true;
  }
};

} // namespace

bool parseNpz(const uint8_t *bytes, size_t size, const std::string &what,
              std::vector<NpyArray> &arrays, std::string &error) {
  Zip zip{bytes, size, what, error};
  std::vector<Member> members;
  if (!zip.readDirectory(members))
    return false;
  std::set<std::string> seen;
  for (const Member &member : members) {
    const std::string suffix = ".npy";
    if (member.name.size() <= suffix.size() ||
        member.name.compare(member.name.size() - suffix.size(), suffix.size(),
                            suffix) != 0)
      return zip.fail("member '" + member.name + "' is not an .npy file");
    NpyArray array;
    array.name = member.name.substr(0, member.name.size() - suffix.size());
    if (!seen.insert(array.name).second)
      return zip.fail("member '" + member.name + "' appears twice");
    std::vector<uint8_t> npy;
    if (!zip.readMember(member, npy))
      return false;
    if (!parseNpy(npy.data(), npy.size(),
                  what + ": member '" + member.name + "'", array, error))
      return false;
    arrays.push_back(std::move(array));
  }
  return true;
}

bool readNpz(const std::string &path, std::vector<NpyArray> &arrays,
             std::string &error) {
  // A directory opens as a stream on Linux and throws on the first read.
  std::error_code status;
  if (std::filesystem::is_directory(path, status)) {
    error = path + ": is a directory, not an .npz file";
    return false;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = path + ": cannot open the file";
    return false;
  }
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                             std::istreambuf_iterator<char>());
  if (file.bad()) {
    error = path + ": read error";
    return false;
  }
  return parseNpz(bytes.data(), bytes.size(), path, arrays, error);
}

const NpyArray *findArray(const std::vector<NpyArray> &arrays,
                          const std::string &name) {
  for (const NpyArray &array : arrays)
    if (array.name == name)
      return &array;
  return nullptr;
}

} // namespace pt2c::run
