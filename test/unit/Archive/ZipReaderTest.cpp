//===- ZipReaderTest.cpp - Zip directory reader on built and broken zips
//---===//

#include "TestZip.h"

#include "pt2c/Archive/ZipReader.h"

#include "llvm/Support/FileSystem.h"

#include <catch2/catch.hpp>

using namespace pt2c::archive;
using namespace pt2c::test;

namespace {

llvm::Expected<std::unique_ptr<ZipReader>> openBytes(const std::string &bytes) {
  return ZipReader::openBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(bytes, "test.zip"), "test.zip");
}

std::unique_ptr<ZipReader> openOk(const std::string &bytes) {
  auto zip = openBytes(bytes);
  if (!zip)
    FAIL("open failed: " << llvm::toString(zip.takeError()));
  return std::move(*zip);
}

std::string openError(const std::string &bytes) {
  auto zip = openBytes(bytes);
  if (zip)
    return "";
  return llvm::toString(zip.takeError());
}

std::string text(const ZipReader &zip, llvm::StringRef name,
                 uint64_t maxBytes = uint64_t(1) << 32) {
  const ZipEntry *entry = zip.find(name);
  REQUIRE(entry);
  auto contents = zip.readText(*entry, maxBytes);
  if (!contents)
    return "ERROR: " + llvm::toString(contents.takeError());
  return *contents;
}

const std::vector<ZipMember> kMembers = {
    {"root/archive_format", "pt2", 0},
    {"root/data/weights/weight_0", std::string(100, '\x80'), 0},
    {"root/models/model.json", "{\"a\": 1}", 0},
};

ZipWriteOptions zip64Options() {
  ZipWriteOptions options;
  options.zip64 = true;
  return options;
}

} // namespace

TEST_CASE("stored entries are read in place", "[zip]") {
  std::string bytes = buildZip(kMembers);
  auto zip = openOk(bytes);
  REQUIRE(zip->entries().size() == 3);
  CHECK(zip->entries()[0].name == "root/archive_format");
  CHECK(text(*zip, "root/archive_format") == "pt2");
  const ZipEntry *weight = zip->find("root/data/weights/weight_0");
  REQUIRE(weight);
  CHECK(weight->uncompressedSize == 100);
  auto data = zip->storedData(*weight);
  REQUIRE(bool(data));
  CHECK(data->size() == 100);
  CHECK((*data)[0] == 0x80);
  CHECK(zip->find("missing") == nullptr);
  CHECK(zip->fileSize() == bytes.size());
}

TEST_CASE("torch-style zips: aligned data - descriptors - zip64 records",
          "[zip]") {
  ZipWriteOptions options;
  options.dataDescriptor = true;
  options.align = 64;
  options.zip64 = true;
  auto zip = openOk(buildZip(kMembers, options));
  for (const ZipEntry &entry : zip->entries())
    CHECK(entry.dataOffset % 64 == 0);
  CHECK(text(*zip, "root/models/model.json") == "{\"a\": 1}");
  const ZipEntry *weight = zip->find("root/data/weights/weight_0");
  REQUIRE(weight);
  CHECK(weight->compressedSize == 100); // from the central directory
}

TEST_CASE("zip64 extra fields carry sizes and offsets", "[zip]") {
  ZipWriteOptions options;
  options.zip64 = true;
  options.zip64Extra = true;
  options.align = 64;
  auto zip = openOk(buildZip(kMembers, options));
  const ZipEntry *weight = zip->find("root/data/weights/weight_0");
  REQUIRE(weight);
  CHECK(weight->uncompressedSize == 100);
  CHECK(weight->compressedSize == 100);
  CHECK(weight->localHeaderOffset > 0);
  CHECK(text(*zip, "root/archive_format") == "pt2");
}

TEST_CASE("deflated entries are inflated - not used in place", "[zip]") {
  std::string big;
  for (int i = 0; i < 5000; ++i)
    big += "line " + std::to_string(i) + "\n";
  std::vector<ZipMember> members = {{"a.json", big, 8}, {"b", "x", 0}};
  ZipWriteOptions options;
  options.comment = "a trailing comment";
  auto zip = openOk(buildZip(members, options));
  const ZipEntry *a = zip->find("a.json");
  REQUIRE(a);
  CHECK(a->method == 8);
  CHECK(a->compressedSize < a->uncompressedSize);
  CHECK(text(*zip, "a.json") == big);
  auto inPlace = zip->storedData(*a);
  REQUIRE_FALSE(bool(inPlace));
  CHECK_THAT(
      llvm::toString(inPlace.takeError()),
      Catch::Contains("only STORED (method 0) data can be used in place"));
  CHECK_THAT(text(*zip, "a.json", 1000),
             Catch::Contains("more than the limit"));
}

TEST_CASE("corrupt or lying deflate data is an error", "[zip]") {
  std::vector<ZipMember> members = {{"a", std::string(10000, 'a'), 8}};
  std::string bytes = buildZip(members);
  // The uncompressed size in the central directory (offset 24 of the
  // central header) claims less than the data inflates to.
  size_t central = bytes.find("PK\x01\x02");
  REQUIRE(central != std::string::npos);
  std::string lying = bytes;
  lying[central + 24] = 10; // 10 bytes instead of 10000
  lying[central + 25] = 0;
  auto zip = openOk(lying);
  CHECK_THAT(text(*zip, "a"),
             Catch::Contains("inflates to more than 10 bytes"));

  std::string garbage = bytes;
  for (size_t i = 30 + 1; i < 30 + 1 + 8; ++i)
    garbage[i] = '\xff';
  auto bad = openOk(garbage);
  CHECK_THAT(text(*bad, "a"), Catch::StartsWith("ERROR"));
}

TEST_CASE("other compression methods are refused", "[zip]") {
  std::string bytes = buildZip({{"a", "hello", 0}});
  size_t central = bytes.find("PK\x01\x02");
  bytes[central + 10] = 12; // bzip2
  size_t local = 0;
  bytes[local + 8] = 12;
  auto zip = openOk(bytes);
  CHECK_THAT(text(*zip, "a"), Catch::Contains("compression method 12"));
}

TEST_CASE("a CRC mismatch is reported", "[zip]") {
  std::string bytes = buildZip({{"a", "hello", 0}});
  size_t central = bytes.find("PK\x01\x02");
  bytes[central + 16] ^= 1;
  auto zip = openOk(bytes);
  CHECK_THAT(text(*zip, "a"), Catch::Contains("CRC-32 mismatch"));
}

TEST_CASE("non-zip input gives clear errors", "[zip]") {
  CHECK_THAT(openError(""), Catch::Contains("empty"));
  CHECK_THAT(openError("PK\x05\x06"), Catch::Contains("too short"));
  CHECK_THAT(openError(std::string(100000, 'x')),
             Catch::Contains("no end-of-central-directory record"));
  CHECK_THAT(openError("this is not a zip file at all, not even close"),
             Catch::Contains("not a zip archive"));
}

TEST_CASE("truncated zips are errors at every length", "[zip]") {
  ZipWriteOptions options;
  options.dataDescriptor = true;
  options.align = 64;
  options.zip64 = true;
  std::string bytes = buildZip(kMembers, options);
  // Every prefix either fails cleanly or (never) opens; none may crash.
  for (size_t length = 0; length < bytes.size(); ++length) {
    auto zip = openBytes(bytes.substr(0, length));
    if (zip) {
      FAIL("a truncated zip of " << length << " bytes opened");
    }
    llvm::consumeError(zip.takeError());
  }
}

TEST_CASE("every single-byte corruption of the directory fails cleanly",
          "[zip]") {
  ZipWriteOptions options;
  options.zip64 = true;
  options.zip64Extra = true;
  std::string bytes = buildZip(kMembers, options);
  size_t central = bytes.find("PK\x01\x02");
  for (size_t i = central; i < bytes.size(); ++i) {
    for (unsigned char value : {0x00, 0x7f, 0xff}) {
      std::string broken = bytes;
      broken[i] = char(value);
      auto zip = openBytes(broken);
      if (!zip) {
        llvm::consumeError(zip.takeError());
        continue;
      }
      // If it still opens, reading every entry must not crash.
      for (const ZipEntry &entry : (*zip)->entries()) {
        auto contents = (*zip)->readText(entry, 1 << 20);
        if (!contents)
          llvm::consumeError(contents.takeError());
      }
    }
  }
}

TEST_CASE("a lying entry count cannot force a huge allocation", "[zip]") {
  std::string bytes = buildZip(kMembers, zip64Options());
  // The zip64 record's total entry count is at record offset 32.
  size_t record = bytes.find("PK\x06\x06");
  REQUIRE(record != std::string::npos);
  for (int i = 0; i < 8; ++i) {
    bytes[record + 24 + i] = '\x7f';
    bytes[record + 32 + i] = '\x7f';
  }
  CHECK_THAT(openError(bytes), Catch::Contains("holds at most"));
}

TEST_CASE("a zip64 locator pointing nowhere is an error", "[zip]") {
  std::string bytes = buildZip(kMembers, zip64Options());
  size_t locator = bytes.find("PK\x06\x07");
  REQUIRE(locator != std::string::npos);
  bytes[locator + 8] ^= 0x10;
  CHECK_THAT(openError(bytes), Catch::Contains("zip64 end-record locator"));
}

TEST_CASE("entry data past the end of the file is an error", "[zip]") {
  std::string bytes = buildZip({{"a", "hello", 0}});
  size_t central = bytes.find("PK\x01\x02");
  bytes[central + 20] = '\x7f'; // compressed size
  CHECK_THAT(openError(bytes),
             Catch::Contains("runs past the end of the file"));
}

TEST_CASE("duplicate names are refused", "[zip]") {
  CHECK_THAT(openError(buildZip({{"a", "1", 0}, {"a", "2", 0}})),
             Catch::Contains("appears twice"));
}

TEST_CASE("opening paths that are not zip files", "[zip]") {
  auto missing = ZipReader::open("/nonexistent/dir/file.pt2");
  REQUIRE_FALSE(bool(missing));
  CHECK_THAT(llvm::toString(missing.takeError()),
             Catch::Contains("/nonexistent/dir/file.pt2: cannot open"));

  auto dir = ZipReader::open(PT2C_TEST_DATA);
  REQUIRE_FALSE(bool(dir));
  CHECK_THAT(llvm::toString(dir.takeError()),
             Catch::Contains("is a directory"));

  TempFile empty("");
  auto emptyZip = ZipReader::open(empty.path());
  REQUIRE_FALSE(bool(emptyZip));
  CHECK_THAT(llvm::toString(emptyZip.takeError()), Catch::Contains("empty"));

  TempFile zipFile(buildZip(kMembers));
  auto ok = ZipReader::open(zipFile.path());
  REQUIRE(bool(ok));
  CHECK((*ok)->displayName() == zipFile.path());
}

TEST_CASE("fixture archives have 64-byte aligned stored entries", "[zip]") {
  auto zip = ZipReader::open(fixturePath("mlp.pt2"));
  REQUIRE(bool(zip));
  REQUIRE((*zip)->entries().size() == 15);
  for (const ZipEntry &entry : (*zip)->entries()) {
    CHECK(entry.method == 0);
    CHECK(entry.dataOffset % 64 == 0);
  }
  // Values read from the file with Python's zipfile and struct.
  const ZipEntry *weight = (*zip)->find("mlp/data/weights/weight_0");
  REQUIRE(weight);
  CHECK(weight->dataOffset == 64);
  CHECK(weight->uncompressedSize == 32768);
  auto data = (*zip)->storedData(*weight);
  REQUIRE(bool(data));
  CHECK((*data)[0] == 0x00);
  CHECK((*data)[1] == 0x54);
  CHECK((*data)[2] == 0x75);
  CHECK((*data)[3] == 0xba);
  CHECK(text(**zip, "mlp/archive_format") == "pt2");
  CHECK(text(**zip, "mlp/byteorder") == "little");
}
