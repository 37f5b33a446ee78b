//===- InspectLibrary.cpp - `pt2c inspect model.so` -----------------------===//

#include "pt2c/Driver/InspectLibrary.h"

#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

namespace pt2c {

// PT2C_METADATA_SECTION of runtime/include/pt2c/model_abi.h.
static constexpr llvm::StringLiteral kMetadataSection = ".pt2c.metadata";

bool isELFFile(llvm::StringRef path) {
  llvm::file_magic magic;
  if (llvm::identify_magic(path, magic))
    return false;
  return magic.is_object() && (magic == llvm::file_magic::elf_shared_object ||
                               magic == llvm::file_magic::elf_executable ||
                               magic == llvm::file_magic::elf_relocatable ||
                               magic == llvm::file_magic::elf);
}

llvm::Expected<std::vector<MetadataPair>> parseMetadataSection(llvm::StringRef bytes) {
  std::vector<std::string> strings;
  while (!bytes.empty()) {
    size_t end = bytes.find('\0');
    if (end == llvm::StringRef::npos)
      return llvm::createStringError("the " + kMetadataSection +
                                     " section ends inside a string");
    strings.push_back(bytes.take_front(end).str());
    bytes = bytes.drop_front(end + 1);
  }
  if (strings.size() % 2)
    return llvm::createStringError("the " + kMetadataSection + " section holds a key ('" +
                                   strings.back() + "') without a value");
  std::vector<MetadataPair> pairs;
  for (size_t i = 0; i < strings.size(); i += 2)
    pairs.push_back({strings[i], strings[i + 1]});
  return pairs;
}

llvm::Expected<LibraryReport> readLibraryReport(llvm::StringRef path) {
  auto object = llvm::object::ObjectFile::createObjectFile(path);
  if (!object)
    return llvm::createStringError(path + ": not a library pt2c can read: " +
                                   llvm::toString(object.takeError()));
  for (const llvm::object::SectionRef &section : object->getBinary()->sections()) {
    auto name = section.getName();
    if (!name || *name != kMetadataSection) {
      if (!name)
        llvm::consumeError(name.takeError());
      continue;
    }
    auto contents = section.getContents();
    if (!contents)
      return llvm::createStringError(path + ": cannot read its " + kMetadataSection +
                                     " section: " + llvm::toString(contents.takeError()));
    auto pairs = parseMetadataSection(*contents);
    if (!pairs)
      return llvm::createStringError(path + ": " + llvm::toString(pairs.takeError()));
    return LibraryReport{path.str(), std::move(*pairs)};
  }
  return llvm::createStringError(path + ": not a pt2c model library: it has no " +
                                 kMetadataSection + " section (neither have libraries "
                                 "compiled before pt2c recorded metadata)");
}

void printLibraryText(llvm::raw_ostream &os, const LibraryReport &report) {
  os << report.path << ": pt2c model library\n";
  size_t width = 0;
  for (const MetadataPair &pair : report.metadata)
    width = std::max(width, pair.first.size());
  os << "metadata:\n";
  for (const auto &[key, value] : report.metadata)
    os << "  " << llvm::left_justify(key, width) << "  " << value << "\n";
}

/// JSON strings are UTF-8; pt2c writes only that, but the file may come
/// from anywhere.
static std::string utf8(const std::string &text) {
  return llvm::json::isUTF8(text) ? text : llvm::json::fixUTF8(text);
}

llvm::json::Value libraryToJson(const LibraryReport &report) {
  llvm::json::Object metadata;
  for (const auto &[key, value] : report.metadata)
    metadata[utf8(key)] = utf8(value);
  return llvm::json::Object{{"library", utf8(report.path)}, {"metadata", std::move(metadata)}};
}

} // namespace pt2c
