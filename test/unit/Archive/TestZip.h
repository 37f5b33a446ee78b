//===- TestZip.h - Build zip archives in tests
//-----------------------------===//
//
// Helpers to copy a fixture's members, change them, and write the result
// (built with ZipBuilder.h) to a temporary file.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TEST_UNIT_ARCHIVE_TESTZIP_H
#define PT2C_TEST_UNIT_ARCHIVE_TESTZIP_H

#include "ZipBuilder.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pt2c::test {

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
