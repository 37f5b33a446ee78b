//===- TestNpz.cpp - Build .npy and .npz bytes in tests -------------------===//

#include "TestNpz.h"

#include <catch2/catch.hpp>

#include <zlib.h>

namespace pt2c::test {
namespace {

void put(std::string &out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out.push_back(char((value >> (8 * i)) & 0xff));
}

std::string deflateRaw(const std::string &data) {
  z_stream stream{};
  REQUIRE(deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8,
                       Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&stream, uLong(data.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
  stream.avail_in = uInt(data.size());
  stream.next_out = reinterpret_cast<Bytef *>(out.data());
  stream.avail_out = uInt(out.size());
  REQUIRE(deflate(&stream, Z_FINISH) == Z_STREAM_END);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

} // namespace

std::string npyHeader(const std::string &descr, const std::string &shape,
                      bool fortranOrder) {
  return "{'descr': '" + descr +
         "', 'fortran_order': " + (fortranOrder ? "True" : "False") +
         ", 'shape': " + shape + ", }";
}

std::string makeNpy(const std::string &header, const std::string &data,
                    int major) {
  size_t prefix = major == 1 ? 10 : 12;
  std::string padded = header;
  while ((prefix + padded.size() + 1) % 64 != 0)
    padded.push_back(' ');
  padded.push_back('\n');
  std::string out = "\x93NUMPY";
  out.push_back(char(major));
  out.push_back('\0');
  put(out, padded.size(), major == 1 ? 2 : 4);
  return out + padded + data;
}

std::string makeZip(const std::vector<TestMember> &members) {
  std::string out, directory;
  for (const TestMember &member : members) {
    std::string stored = member.deflate ? deflateRaw(member.data) : member.data;
    uint32_t crc =
        uint32_t(crc32(0, reinterpret_cast<const Bytef *>(member.data.data()),
                       uInt(member.data.size())));
    uint16_t method = member.deflate ? 8 : 0;
    uint64_t offset = out.size();
    put(out, 0x04034b50, 4);
    put(out, 20, 2); // version needed
    put(out, 0, 2);  // flags
    put(out, method, 2);
    put(out, 0, 4); // time, date
    put(out, crc, 4);
    put(out, stored.size(), 4);
    put(out, member.data.size(), 4);
    put(out, member.name.size(), 2);
    put(out, 0, 2); // extra
    out += member.name + stored;

    put(directory, 0x02014b50, 4);
    put(directory, 20, 2); // made by
    put(directory, 20, 2); // needed
    put(directory, 0, 2);
    put(directory, method, 2);
    put(directory, 0, 4);
    put(directory, crc, 4);
    put(directory, stored.size(), 4);
    put(directory, member.data.size(), 4);
    put(directory, member.name.size(), 2);
    put(directory, 0, 2); // extra
    put(directory, 0, 2); // comment
    put(directory, 0, 2); // disk
    put(directory, 0, 2); // internal attributes
    put(directory, 0, 4); // external attributes
    put(directory, offset, 4);
    directory += member.name;
  }
  uint64_t directoryOffset = out.size();
  out += directory;
  put(out, 0x06054b50, 4);
  put(out, 0, 4);
  put(out, members.size(), 2);
  put(out, members.size(), 2);
  put(out, directory.size(), 4);
  put(out, directoryOffset, 4);
  put(out, 0, 2);
  return out;
}

} // namespace pt2c::test
