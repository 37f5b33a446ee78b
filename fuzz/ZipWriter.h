//===- ZipWriter.h - A zip of STORED entries, for the fuzz mutator -*- C++ -*-===//
//
// The structure-aware mutator edits one entry (the model JSON) and writes
// the archive back, every entry STORED at a 64-byte aligned offset as
// torch.export.save lays them out, so the result is a zip that
// Pt2Archive::open reads as far as the edited JSON allows.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_FUZZ_ZIPWRITER_H
#define PT2C_FUZZ_ZIPWRITER_H

#include <cstdint>
#include <string>
#include <vector>

namespace pt2c::fuzz {

struct ZipFile {
  std::string name;
  std::string data;
};

/// The zip holding `files` in order (STORED, no zip64: each under 4 GiB).
std::vector<uint8_t> writeZip(const std::vector<ZipFile> &files);

} // namespace pt2c::fuzz

#endif // PT2C_FUZZ_ZIPWRITER_H
