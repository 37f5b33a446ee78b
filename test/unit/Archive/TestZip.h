//===- TestZip.h - Build zip archives in tests
//-----------------------------===//
//
// A small zip writer for tests: STORED or DEFLATE members, optional data
// descriptors, 64-byte alignment through a local extra field (as torch
// writes), zip64 end records and zip64 extra fields. Plus helpers to copy a
// fixture's members, change them, and write the result to a temporary file.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TEST_UNIT_ARCHIVE_TESTZIP_H
#define PT2C_TEST_UNIT_ARCHIVE_TESTZIP_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
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
std::string deflateRaw(llvm::StringRef data);

/// The path of a fixture archive in test/data.
std::string fixturePath(llvm::StringRef name);

/// A fixture's members with the root folder stripped from their names.
std::vector<ZipMember> readFixtureMembers(llvm::StringRef fixture);

ZipMember *findMember(std::vector<ZipMember> &members, llvm::StringRef name);
void removeMember(std::vector<ZipMember> &members, llvm::StringRef name);

llvm::json::Value parseJson(llvm::StringRef text);
std::string printJson(const llvm::json::Value &value);

/// A file in the temporary directory, removed when this goes away.
class TempFile {
public:
  explicit TempFile(llvm::StringRef contents, llvm::StringRef suffix = "pt2");
  ~TempFile();
  TempFile(const TempFile &) = delete;
  TempFile &operator=(const TempFile &) = delete;
  const std::string &path() const { return path_; }

private:
  std::string path_;
};

/// Writes `members` under `root` ("mlp/") like torch: aligned, with data
/// descriptors and zip64 records.
std::string buildArchive(const std::vector<ZipMember> &members,
                         llvm::StringRef root = "mlp/");

} // namespace pt2c::test

#endif // PT2C_TEST_UNIT_ARCHIVE_TESTZIP_H
