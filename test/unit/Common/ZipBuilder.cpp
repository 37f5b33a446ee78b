//===- ZipBuilder.cpp - Build zip archives in tests -----------------------===//

#include "ZipBuilder.h"

#include <catch2/catch.hpp>
#include <zlib.h>

namespace pt2c::test {
namespace {

void put16(std::string &out, uint16_t v) {
  out.push_back(char(v & 0xFF));
  out.push_back(char(v >> 8));
}
void put32(std::string &out, uint32_t v) {
  put16(out, uint16_t(v & 0xFFFF));
  put16(out, uint16_t(v >> 16));
}
void put64(std::string &out, uint64_t v) {
  put32(out, uint32_t(v & 0xFFFFFFFF));
  put32(out, uint32_t(v >> 32));
}

struct Written {
  uint32_t crc;
  uint64_t csize, usize, offset;
  uint16_t flags;
};

} // namespace

std::string deflateRaw(std::string_view data) {
  z_stream stream{};
  REQUIRE(deflateInit2(&stream, 9, Z_DEFLATED, -MAX_WBITS, 8,
                       Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&stream, data.size()), '\0');
  stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
  stream.avail_in = uInt(data.size());
  stream.next_out = reinterpret_cast<Bytef *>(&out[0]);
  stream.avail_out = uInt(out.size());
  REQUIRE(deflate(&stream, Z_FINISH) == Z_STREAM_END);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

std::string buildZip(const std::vector<ZipMember> &members,
                     const ZipWriteOptions &options) {
  std::string out;
  std::vector<Written> written;
  for (const ZipMember &member : members) {
    Written w;
    w.crc =
        uint32_t(crc32(0, reinterpret_cast<const Bytef *>(member.data.data()),
                       uInt(member.data.size())));
    std::string payload =
        member.method == 8 ? deflateRaw(member.data) : member.data;
    w.csize = payload.size();
    w.usize = member.data.size();
    w.offset = out.size();
    w.flags = uint16_t(0x0800 | (options.dataDescriptor ? 0x0008 : 0));
    std::string extra;
    if (options.align) {
      uint64_t start = out.size() + 30 + member.name.size() + 4;
      uint64_t pad = (options.align - start % options.align) % options.align;
      put16(extra, 0x4246);
      put16(extra, uint16_t(pad));
      extra.append(pad, 'Z');
    }
    put32(out, 0x04034b50);
    put16(out, 20);
    put16(out, w.flags);
    put16(out, member.method);
    put16(out, 0);
    put16(out, 0x21);
    bool dd = options.dataDescriptor;
    put32(out, dd ? 0 : w.crc);
    put32(out, dd ? 0 : uint32_t(w.csize));
    put32(out, dd ? 0 : uint32_t(w.usize));
    put16(out, uint16_t(member.name.size()));
    put16(out, uint16_t(extra.size()));
    out += member.name;
    out += extra;
    out += payload;
    if (dd) {
      put32(out, 0x08074b50);
      put32(out, w.crc);
      put32(out, uint32_t(w.csize));
      put32(out, uint32_t(w.usize));
    }
    written.push_back(w);
  }

  uint64_t dirOffset = out.size();
  for (size_t i = 0; i < members.size(); ++i) {
    const Written &w = written[i];
    std::string extra;
    if (options.zip64Extra) {
      put16(extra, 0x0001);
      put16(extra, 24);
      put64(extra, w.usize);
      put64(extra, w.csize);
      put64(extra, w.offset);
    }
    bool big = options.zip64Extra;
    put32(out, 0x02014b50);
    put16(out, 0);
    put16(out, 0);
    put16(out, w.flags);
    put16(out, members[i].method);
    put16(out, 0);
    put16(out, 0x21);
    put32(out, w.crc);
    put32(out, big ? 0xFFFFFFFF : uint32_t(w.csize));
    put32(out, big ? 0xFFFFFFFF : uint32_t(w.usize));
    put16(out, uint16_t(members[i].name.size()));
    put16(out, uint16_t(extra.size()));
    put16(out, 0);
    put16(out, 0);
    put16(out, 0);
    put32(out, 0);
    put32(out, big ? 0xFFFFFFFF : uint32_t(w.offset));
    out += members[i].name;
    out += extra;
  }
  uint64_t dirSize = out.size() - dirOffset;

  if (options.zip64) {
    uint64_t recordOffset = out.size();
    put32(out, 0x06064b50);
    put64(out, 44);
    put16(out, 45);
    put16(out, 45);
    put32(out, 0);
    put32(out, 0);
    put64(out, members.size());
    put64(out, members.size());
    put64(out, dirSize);
    put64(out, dirOffset);
    put32(out, 0x07064b50);
    put32(out, 0);
    put64(out, recordOffset);
    put32(out, 1);
  }
  bool sat = options.zip64;
  put32(out, 0x06054b50);
  put16(out, 0);
  put16(out, 0);
  put16(out, sat ? 0xFFFF : uint16_t(members.size()));
  put16(out, sat ? 0xFFFF : uint16_t(members.size()));
  put32(out, sat ? 0xFFFFFFFF : uint32_t(dirSize));
  put32(out, sat ? 0xFFFFFFFF : uint32_t(dirOffset));
  put16(out, uint16_t(options.comment.size()));
  out += options.comment;
  return out;
}

} // namespace pt2c::test
