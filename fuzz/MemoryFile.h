//===- MemoryFile.h - Fuzz input bytes as a file path ----------*- C++ -*-===//
//
// Pt2Archive::open reads a path (it maps the file: weights are used in
// place). A fuzz input is written to an anonymous in-memory file
// (memfd_create) and opened as /proc/self/fd/N, so no input touches the
// disk and parallel fuzz jobs never share a file.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_FUZZ_MEMORYFILE_H
#define PT2C_FUZZ_MEMORYFILE_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace pt2c::fuzz {

class MemoryFile {
public:
  MemoryFile(const uint8_t *data, size_t size);
  ~MemoryFile();
  MemoryFile(const MemoryFile &) = delete;
  MemoryFile &operator=(const MemoryFile &) = delete;

  /// Empty when the file could not be made (the input is then skipped).
  const std::string &path() const { return path_; }

private:
  int fd_ = -1;
  std::string path_;
};

} // namespace pt2c::fuzz

#endif // PT2C_FUZZ_MEMORYFILE_H
