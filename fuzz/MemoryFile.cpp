//===- MemoryFile.cpp - Fuzz input bytes as a file path -------------------===//

#include "MemoryFile.h"

#include <sys/mman.h>
#include <unistd.h>

namespace pt2c::fuzz {

MemoryFile::MemoryFile(const uint8_t *data, size_t size) {
  fd_ = memfd_create("pt2c-fuzz-input", MFD_CLOEXEC);
  if (fd_ < 0)
    return;
  for (size_t written = 0; written < size;) {
    ssize_t n = write(fd_, data + written, size - written);
    if (n <= 0)
      return;
    written += static_cast<size_t>(n);
  }
  path_ = "/proc/self/fd/" + std::to_string(fd_);
}

MemoryFile::~MemoryFile() {
  if (fd_ >= 0)
    close(fd_);
}

} // namespace pt2c::fuzz
