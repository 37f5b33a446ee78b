//===- ZipBuilder.h - Build zip archives in tests -------------------------===//
//
// A small zip writer for tests, with no LLVM, so that the runtime's tests
// can use it too: STORED or DEFLATE members, optional data descriptors,
// 64-byte alignment through a local extra field (as torch writes), zip64
// end records and zip64 extra fields.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TEST_UNIT_COMMON_ZIPBUILDER_H
#define PT2C_TEST_UNIT_COMMON_ZIPBUILDER_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pt2c::test {

struct ZipMember {
  std::string name;
  std::string data;
  uint16_t method = 0; // 0 STORED, 8 DEFLATE
};

struct ZipWriteOptions {
  bool dataDescriptor = false; // sizes and CRC 0 locally, like torch
  unsigned align = 0;          // data alignment through a 0x4246 extra field
  bool zip64 = false;          // zip64 end record + locator, saturated EOCD
  bool zip64Extra = false;     // sizes and offsets in zip64 extra fields
  std::string comment;
};

/// The bytes of a zip archive holding `members`.
std::string buildZip(const std::vector<ZipMember> &members,
                     const ZipWriteOptions &options = {});

/// Raw DEFLATE (no zlib header), as zip method 8 stores it.
std::string deflateRaw(std::string_view data);

} // namespace pt2c::test

#endif // PT2C_TEST_UNIT_COMMON_ZIPBUILDER_H
