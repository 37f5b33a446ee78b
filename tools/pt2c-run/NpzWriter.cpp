//===- NpzWriter.cpp - Writing outputs as a NumPy .npz --------------------===//

#include "NpzWriter.h"

#include "Half.h"
#include "Npz.h"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>

namespace pt2c::run {
namespace {

/// The .npy descr of an output's dtype; bfloat16 is widened to "<f4".
const char *descrOf(DLDataType dtype) {
  if (dtype.code == kDLBfloat && dtype.bits == 16 && dtype.lanes == 1)
    return "<f4";
  return npyDescrOf(dtype);
}

void put16(std::vector<uint8_t> &out, uint32_t value) {
  out.push_back(uint8_t(value));
  out.push_back(uint8_t(value >> 8));
}

void put32(std::vector<uint8_t> &out, uint32_t value) {
  put16(out, value & 0xffff);
  put16(out, value >> 16);
}

} // namespace

bool encodeNpy(const DLTensor &tensor, std::vector<uint8_t> &bytes, std::string &error) {
  const char *descr = descrOf(tensor.dtype);
  if (!descr) {
    error = "cannot save an output of this dtype as .npy";
    return false;
  }
  std::string shape;
  size_t count = 1;
  for (int d = 0; d < tensor.ndim; ++d) {
    shape += std::to_string(tensor.shape[d]) + ", ";
    count *= size_t(tensor.shape[d]);
  }
  if (tensor.ndim > 0)
    shape.pop_back(); // "(2, 3,)", "(4,)": tuples as Python writes them
  std::string header = "{'descr': '" + std::string(descr) +
                       "', 'fortran_order': False, 'shape': (" + shape + "), }";
  // Magic (6) + version (2) + length (2) + header + '\n', a multiple of 64.
  size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  bytes.assign({0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
  put16(bytes, uint32_t(header.size()));
  bytes.insert(bytes.end(), header.begin(), header.end());
  const uint8_t *data = static_cast<const uint8_t *>(tensor.data) + tensor.byte_offset;
  if (tensor.dtype.code == kDLBfloat) {
    for (size_t i = 0; i < count; ++i) {
      uint16_t bits;
      std::memcpy(&bits, data + 2 * i, 2);
      float value = bfloat16ToFloat(bits);
      const uint8_t *raw = reinterpret_cast<const uint8_t *>(&value);
      bytes.insert(bytes.end(), raw, raw + 4);
    }
  } else {
    size_t elementBytes = tensor.dtype.bits / 8;
    bytes.insert(bytes.end(), data, data + count * elementBytes);
  }
  return true;
}

bool writeNpz(const std::string &path,
              const std::vector<std::pair<std::string, std::vector<uint8_t>>> &members,
              std::string &error) {
  std::vector<uint8_t> archive, directory;
  for (const auto &[name, data] : members) {
    std::string file = name + ".npy";
    if (data.size() >= std::numeric_limits<uint32_t>::max() ||
        archive.size() >= std::numeric_limits<uint32_t>::max()) {
      error = path + ": over 4 GiB (no zip64 here)";
      return false;
    }
    uint32_t crc = uint32_t(crc32(0, data.data(), uInt(data.size())));
    uint32_t offset = uint32_t(archive.size());
    // Local file header: version 2.0, no flags, stored, no time.
    put32(archive, 0x04034b50);
    put16(archive, 20), put16(archive, 0), put16(archive, 0);
    put16(archive, 0), put16(archive, 0x21); // 1980-01-01
    put32(archive, crc), put32(archive, uint32_t(data.size())), put32(archive, uint32_t(data.size()));
    put16(archive, uint32_t(file.size())), put16(archive, 0);
    archive.insert(archive.end(), file.begin(), file.end());
    archive.insert(archive.end(), data.begin(), data.end());
    // Its central directory record.
    put32(directory, 0x02014b50);
    put16(directory, 20), put16(directory, 20), put16(directory, 0), put16(directory, 0);
    put16(directory, 0), put16(directory, 0x21);
    put32(directory, crc), put32(directory, uint32_t(data.size())),
        put32(directory, uint32_t(data.size()));
    put16(directory, uint32_t(file.size())), put16(directory, 0), put16(directory, 0);
    put16(directory, 0), put16(directory, 0), put32(directory, 0), put32(directory, offset);
    directory.insert(directory.end(), file.begin(), file.end());
  }
  uint32_t directoryOffset = uint32_t(archive.size());
  archive.insert(archive.end(), directory.begin(), directory.end());
  put32(archive, 0x06054b50);
  put16(archive, 0), put16(archive, 0);
  put16(archive, uint32_t(members.size())), put16(archive, uint32_t(members.size()));
  put32(archive, uint32_t(directory.size())), put32(archive, directoryOffset);
  put16(archive, 0);
  FILE *out = std::fopen(path.c_str(), "wb");
  if (!out) {
    error = path + ": cannot create it: " + std::strerror(errno);
    return false;
  }
  bool written = std::fwrite(archive.data(), 1, archive.size(), out) == archive.size();
  written = std::fclose(out) == 0 && written;
  if (!written)
    error = path + ": cannot write it: " + std::strerror(errno);
  return written;
}

} // namespace pt2c::run
