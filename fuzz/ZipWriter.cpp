//===- ZipWriter.cpp - A zip of STORED entries, for the fuzz mutator ------===//

#include "ZipWriter.h"

#include <zlib.h>

namespace pt2c::fuzz {
namespace {

void put16(std::vector<uint8_t> &out, uint32_t value) {
  out.push_back(value & 0xff);
  out.push_back((value >> 8) & 0xff);
}

void put32(std::vector<uint8_t> &out, uint32_t value) {
  put16(out, value & 0xffff);
  put16(out, value >> 16);
}

} // namespace

std::vector<uint8_t> writeZip(const std::vector<ZipFile> &files) {
  std::vector<uint8_t> out, directory;
  for (const ZipFile &file : files) {
    uint32_t crc = static_cast<uint32_t>(
        crc32(0, reinterpret_cast<const Bytef *>(file.data.data()), file.data.size()));
    uint32_t offset = out.size();
    // An extra field (torch's "FB" padding) puts the data at a multiple of 64.
    size_t headerEnd = offset + 30 + file.name.size() + 4;
    uint16_t padding = (64 - headerEnd % 64) % 64;
    put32(out, 0x04034b50);
    put16(out, 20); // version needed
    put16(out, 0);  // flags
    put16(out, 0);  // STORED
    put32(out, 0);  // time, date
    put32(out, crc);
    put32(out, file.data.size());
    put32(out, file.data.size());
    put16(out, file.name.size());
    put16(out, 4 + padding);
    out.insert(out.end(), file.name.begin(), file.name.end());
    put16(out, 0x4246); // "FB"
    put16(out, padding);
    out.insert(out.end(), padding, 'Z');
    out.insert(out.end(), file.data.begin(), file.data.end());

    put32(directory, 0x02014b50);
    put16(directory, 20); // version made by
    put16(directory, 20); // version needed
    put16(directory, 0);
    put16(directory, 0);
    put32(directory, 0);
    put32(directory, crc);
    put32(directory, file.data.size());
    put32(directory, file.data.size());
    put16(directory, file.name.size());
    put16(directory, 0); // extra
    put16(directory, 0); // comment
    put16(directory, 0); // disk
    put16(directory, 0); // internal attributes
    put32(directory, 0); // external attributes
    put32(directory, offset);
    directory.insert(directory.end(), file.name.begin(), file.name.end());
  }
  uint32_t directoryOffset = out.size();
  out.insert(out.end(), directory.begin(), directory.end());
  put32(out, 0x06054b50);
  put16(out, 0);
  put16(out, 0);
  put16(out, files.size());
  put16(out, files.size());
  put32(out, directory.size());
  put32(out, directoryOffset);
  put16(out, 0);
  return out;
}

} // namespace pt2c::fuzz
