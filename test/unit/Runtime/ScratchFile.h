//===- ScratchFile.h - A file with given bytes, removed afterwards --------===//

#ifndef PT2C_TEST_UNIT_RUNTIME_SCRATCHFILE_H
#define PT2C_TEST_UNIT_RUNTIME_SCRATCHFILE_H

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <unistd.h>

namespace pt2c::test {

/// Writes `bytes` to a new file under $TMPDIR (or /tmp) named
/// pt2c-XXXXXX<suffix>; removes it when destroyed.
class ScratchFile {
public:
  explicit ScratchFile(std::string_view bytes, const std::string &suffix = ".pt2") {
    const char *dir = std::getenv("TMPDIR");
    path_ = std::string(dir && *dir ? dir : "/tmp") + "/pt2c-XXXXXX" + suffix;
    int fd = mkstemps(path_.data(), int(suffix.size()));
    REQUIRE(fd >= 0);
    size_t done = 0;
    while (done < bytes.size()) {
      ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
      REQUIRE(n > 0);
      done += size_t(n);
    }
    close(fd);
  }
  ~ScratchFile() { std::remove(path_.c_str()); }
  ScratchFile(const ScratchFile &) = delete;
  ScratchFile &operator=(const ScratchFile &) = delete;
  const std::string &path() const { return path_; }

private:
  std::string path_;
};

} // namespace pt2c::test

#endif // PT2C_TEST_UNIT_RUNTIME_SCRATCHFILE_H
