//===- TestZip.cpp - Build zip archives in tests
//---------------------------===//

#include "TestZip.h"

#include "pt2c/Archive/ZipReader.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <algorithm>

namespace pt2c::test {

std::string fixturePath(llvm::StringRef name) {
  return (llvm::Twine(PT2C_TEST_DATA) + "/" + name).str();
}

std::vector<ZipMember> readFixtureMembers(llvm::StringRef fixture) {
  auto zip = archive::ZipReader::open(fixturePath(fixture));
  if (!zip)
    FAIL(llvm::toString(zip.takeError()));
  std::vector<ZipMember> members;
  for (const archive::ZipEntry &entry : (*zip)->entries()) {
    auto text = (*zip)->readText(entry);
    if (!text)
      FAIL(llvm::toString(text.takeError()));
    llvm::StringRef name = entry.name;
    name = name.split('/').second; // every fixture has a root folder
    members.push_back({name.str(), std::move(*text), 0});
  }
  return members;
}

ZipMember *findMember(std::vector<ZipMember> &members, llvm::StringRef name) {
  for (ZipMember &member : members)
    if (member.name == name)
      return &member;
  return nullptr;
}

void removeMember(std::vector<ZipMember> &members, llvm::StringRef name) {
  auto it = std::remove_if(members.begin(), members.end(),
                           [&](const ZipMember &m) { return m.name == name; });
  REQUIRE(it != members.end());
  members.erase(it, members.end());
}

llvm::json::Value parseJson(llvm::StringRef text) {
  auto value = llvm::json::parse(text);
  if (!value)
    FAIL(llvm::toString(value.takeError()));
  return std::move(*value);
}

std::string printJson(const llvm::json::Value &value) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << value;
  return os.str();
}

TempFile::TempFile(llvm::StringRef contents, llvm::StringRef suffix) {
  llvm::SmallString<128> path;
  int fd = -1;
  REQUIRE(!llvm::sys::fs::createTemporaryFile("pt2c-archive-test", suffix, fd,
                                              path));
  path_ = path.str().str();
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << contents;
}

TempFile::~TempFile() { llvm::sys::fs::remove(path_); }

std::string buildArchive(const std::vector<ZipMember> &members,
                         llvm::StringRef root) {
  std::vector<ZipMember> rooted = members;
  for (ZipMember &member : rooted)
    member.name = (root + member.name).str();
  ZipWriteOptions options;
  options.dataDescriptor = true;
  options.align = 64;
  options.zip64 = true;
  return buildZip(rooted, options);
}

} // namespace pt2c::test
