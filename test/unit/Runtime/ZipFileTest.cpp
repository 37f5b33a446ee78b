//===- ZipFileTest.cpp - The runtime's zip reader (ZipFile.c) -------------===//
//
// The reader is internal to the runtime, so this links the runtime archive
// directly. Archives come from ZipBuilder (the layouts torch and ordinary
// tools write), then get spoiled one field at a time; every failure must be
// a status naming the file, never a crash.
//
//===----------------------------------------------------------------------===//

#include "ScratchFile.h"
#include "ZipBuilder.h"
#include "ZipFile.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <utility>

using namespace pt2c::test;
using Catch::Matchers::Contains;

namespace {

std::pair<pt2c_code, std::string> take(pt2c_status *status) {
  std::pair<pt2c_code, std::string> result{pt2c_status_code(status),
                                           pt2c_status_message(status)};
  pt2c_status_free(status);
  return result;
}

const std::vector<ZipMember> kMembers = {
    {"root/archive_format", "pt2"},
    {"root/data/weights/weight_0", std::string(100, 'a') + "end"},
    {"root/data/weights/weight_1", ""},
    {"root/byteorder", "little"},
};

/// Opens `bytes` written to a file, checks every member of kMembers reads
/// back, and returns the entries found (sorted by name).
std::vector<pt2crt_zip_entry> openAndReadBack(const std::string &bytes,
                                              std::vector<uint64_t> *offsets = nullptr) {
  ScratchFile file(bytes);
  pt2crt_zip zip;
  auto [code, message] = take(pt2crt_zip_open(file.path().c_str(), &zip));
  INFO(message);
  REQUIRE(code == PT2C_OK);
  REQUIRE(zip.n_entries == kMembers.size());
  for (const ZipMember &member : kMembers) {
    INFO(member.name);
    const pt2crt_zip_entry *entry = pt2crt_zip_find(&zip, member.name.c_str());
    REQUIRE(entry);
    CHECK(entry->method == 0);
    CHECK(entry->size == member.data.size());
    uint64_t offset = 0;
    REQUIRE(take(pt2crt_zip_data_offset(&zip, entry, &offset)).first == PT2C_OK);
    if (offsets)
      offsets->push_back(offset);
    std::string data(member.data.size(), '\0');
    REQUIRE(take(pt2crt_zip_read(&zip, offset, data.data(), data.size())).first ==
            PT2C_OK);
    CHECK(data == member.data);
  }
  CHECK(pt2crt_zip_find(&zip, "root/missing") == nullptr);
  CHECK(pt2crt_zip_find(&zip, "root") == nullptr);
  std::vector<pt2crt_zip_entry> entries(zip.entries, zip.entries + zip.n_entries);
  for (pt2crt_zip_entry &entry : entries)
    entry.name = nullptr; // owned by the zip, closed below
  pt2crt_zip_close(&zip);
  return entries;
}

/// The error opening `bytes`; the test fails if it opens.
std::pair<pt2c_code, std::string> openError(const std::string &bytes,
                                            std::string *path = nullptr) {
  ScratchFile file(bytes);
  if (path)
    *path = file.path();
  pt2crt_zip zip;
  auto result = take(pt2crt_zip_open(file.path().c_str(), &zip));
  if (result.first == PT2C_OK)
    pt2crt_zip_close(&zip);
  REQUIRE(result.first != PT2C_OK);
  return result;
}

void put32(std::string &bytes, size_t at, uint32_t value) {
  for (int i = 0; i < 4; ++i)
    bytes[at + i] = char((value >> (8 * i)) & 0xFF);
}

ZipWriteOptions torchOptions() {
  ZipWriteOptions options;
  options.dataDescriptor = true;
  options.align = 64;
  options.zip64 = true;
  return options;
}

} // namespace

TEST_CASE("zip reader: a plain zip, entries by name, sizes and CRCs", "[runtime][zip]") {
  std::vector<pt2crt_zip_entry> entries = openAndReadBack(buildZip(kMembers));
  // CRC-32 of "pt2" as zlib (and Python's zlib.crc32) compute it.
  bool found = false;
  for (const pt2crt_zip_entry &entry : entries)
    if (entry.size == 3) {
      CHECK(entry.crc32 == 0x28345c30u);
      found = true;
    }
  CHECK(found);
}

TEST_CASE("zip reader: torch's layout - aligned data, descriptors, zip64 end records",
          "[runtime][zip]") {
  std::vector<uint64_t> offsets;
  openAndReadBack(buildZip(kMembers, torchOptions()), &offsets);
  for (uint64_t offset : offsets)
    CHECK(offset % 64 == 0);
}

TEST_CASE("zip reader: sizes and offsets from zip64 extra fields", "[runtime][zip]") {
  ZipWriteOptions options = torchOptions();
  options.zip64Extra = true;
  openAndReadBack(buildZip(kMembers, options));
}

TEST_CASE("zip reader: an archive comment after the end record", "[runtime][zip]") {
  ZipWriteOptions options;
  options.comment = "written by a tool that leaves a comment, PK\x05\x06 included";
  openAndReadBack(buildZip(kMembers, options));
}

TEST_CASE("zip reader: a missing file, a folder, an empty or short file", "[runtime][zip]") {
  pt2crt_zip zip;
  auto [code, message] = take(pt2crt_zip_open("/no/such/dir/model.pt2", &zip));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK(message ==
        "weights file '/no/such/dir/model.pt2': cannot open it: No such file or directory");

  std::tie(code, message) = take(pt2crt_zip_open("/", &zip));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK(message == "weights file '/': not a regular file");

  std::string path;
  std::tie(code, message) = openError("", &path);
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("weights file '" + path + "': not a zip archive (0 bytes"));

  std::tie(code, message) = openError(std::string(2000, 'x'), &path);
  CHECK_THAT(message, Contains("weights file '" + path + "': not a zip archive (no end "
                                                          "of central directory record)"));
}

TEST_CASE("zip reader: truncated archives", "[runtime][zip]") {
  std::string bytes = buildZip(kMembers, torchOptions());
  // Cut in the middle: no end record is left.
  auto [code, message] = openError(bytes.substr(0, bytes.size() / 2));
  CHECK_THAT(message, Contains("not a zip archive"));
  // Only the front cut away: the directory offset points before... or past
  // what is left.
  std::string tail = bytes.substr(bytes.size() - 200);
  std::tie(code, message) = openError(tail);
  CHECK(code == PT2C_INVALID_ARGUMENT);
}

TEST_CASE("zip reader: broken end records", "[runtime][zip]") {
  std::string bytes = buildZip(kMembers, torchOptions());
  size_t locator = bytes.rfind(std::string("PK\x06\x07", 4));
  REQUIRE(locator != std::string::npos);

  std::string spoiled = bytes;
  put32(spoiled, locator + 8, 3); // the zip64 record is not at offset 3
  auto [code, message] = openError(spoiled);
  CHECK_THAT(message, Contains("no zip64 end record at offset 3"));

  spoiled = bytes;
  put32(spoiled, locator + 8, 0xFFFFFF); // beyond the end record
  std::tie(code, message) = openError(spoiled);
  CHECK_THAT(message, Contains("zip64 end-record locator points at offset 16777215"));

  // Saturated counts (zip64) with the locator gone.
  spoiled = bytes;
  put32(spoiled, locator, 0x01020304);
  std::tie(code, message) = openError(spoiled);
  CHECK_THAT(message, Contains("saturated (zip64) but there is no zip64 end record"));

  // A directory larger than the file.
  std::string plain = buildZip(kMembers);
  size_t end = plain.rfind(std::string("PK\x05\x06", 4));
  put32(plain, end + 12, 0x7FFFFFFF);
  std::tie(code, message) = openError(plain);
  CHECK_THAT(message, Contains("the central directory [") &&
                          Contains("does not end before the end record"));
}

TEST_CASE("zip reader: broken directory and local headers", "[runtime][zip]") {
  std::string bytes = buildZip(kMembers);
  size_t directory = bytes.find(std::string("PK\x01\x02", 4));
  REQUIRE(directory != std::string::npos);
  std::string spoiled = bytes;
  spoiled[directory] = 'X';
  auto [code, message] = openError(spoiled);
  CHECK_THAT(message, Contains("central directory entry 0 at offset") &&
                          Contains("is not a directory header"));

  // Saturated sizes with no zip64 extra field to give the real ones.
  spoiled = bytes;
  put32(spoiled, directory + 24, 0xFFFFFFFF);
  std::tie(code, message) = openError(spoiled);
  CHECK_THAT(message, Contains("entry 'root/archive_format' needs a zip64 extra field"));

  // The directory opens, but an entry's local header is not where it says,
  // or its data runs past the end of the file.
  for (int spoil = 0; spoil < 2; ++spoil) {
    spoiled = bytes;
    if (spoil == 0)
      put32(spoiled, directory + 42, 7); // local header offset
    else
      put32(spoiled, directory + 20, 1u << 30); // compressed size
    ScratchFile file(spoiled);
    pt2crt_zip zip;
    REQUIRE(take(pt2crt_zip_open(file.path().c_str(), &zip)).first == PT2C_OK);
    const pt2crt_zip_entry *entry = pt2crt_zip_find(&zip, "root/archive_format");
    REQUIRE(entry);
    uint64_t offset = 0;
    std::tie(code, message) = take(pt2crt_zip_data_offset(&zip, entry, &offset));
    CHECK(code == PT2C_INVALID_ARGUMENT);
    CHECK_THAT(message, Contains("weights file '" + file.path() + "': entry "
                                 "'root/archive_format'"));
    CHECK_THAT(message, Contains(spoil == 0 ? "no local header at offset 7"
                                            : "run past the end of the file"));
    // Reading past the end is an error too.
    char byte;
    std::tie(code, message) =
        take(pt2crt_zip_read(&zip, spoiled.size() - 1, &byte, 2));
    CHECK_THAT(message, Contains("the file ends at byte"));
    pt2crt_zip_close(&zip);
  }
}
