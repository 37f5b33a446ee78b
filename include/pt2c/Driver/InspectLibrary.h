//===- InspectLibrary.h - `pt2c inspect model.so`: what a library records --===//
//
// A compiled model library's metadata (pt2c.h, "Provenance"), read from its
// .pt2c.metadata section (runtime/include/pt2c/model_abi.h) with LLVM's
// object reader: nothing of the library is loaded or run, so any library
// can be inspected, a CUDA-only one or one with external weights too.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_DRIVER_INSPECTLIBRARY_H
#define PT2C_DRIVER_INSPECTLIBRARY_H

#include "pt2c/Driver/Metadata.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace pt2c {

struct LibraryReport {
  std::string path;
  std::vector<MetadataPair> metadata; // in the library's order
};

/// Whether `path` starts like an ELF file (then inspect reads it as a
/// library rather than as a .pt2 archive, which is a zip file).
bool isELFFile(llvm::StringRef path);

/// The pairs of a PT2C_METADATA_SECTION's bytes: key NUL value NUL, ...
llvm::Expected<std::vector<MetadataPair>> parseMetadataSection(llvm::StringRef bytes);

/// Reads the metadata of the library at `path`; errors name the file and
/// say what is missing (a library from another compiler has no section).
llvm::Expected<LibraryReport> readLibraryReport(llvm::StringRef path);

void printLibraryText(llvm::raw_ostream &os, const LibraryReport &report);
/// {"library": path, "metadata": {key: value, ...}}
llvm::json::Value libraryToJson(const LibraryReport &report);

} // namespace pt2c

#endif // PT2C_DRIVER_INSPECTLIBRARY_H
