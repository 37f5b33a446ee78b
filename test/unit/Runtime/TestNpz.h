//===- TestNpz.h - Build .npy and .npz bytes in tests ---------------------===//
//
// Enough of numpy's writer to make valid files and spoil them on purpose:
// npy headers of any version with any dict text, and zips of STORED or
// DEFLATE members with the CRC and sizes of the central directory.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TEST_UNIT_RUNTIME_TESTNPZ_H
#define PT2C_TEST_UNIT_RUNTIME_TESTNPZ_H

#include <cstdint>
#include <string>
#include <vector>

namespace pt2c::test {

/// An .npy file: magic, version `major`.0, `header` padded as numpy pads
/// it (to a multiple of 64 with spaces and '\n'), then `data`.
std::string makeNpy(const std::string &header, const std::string &data,
                    int major = 1);

/// The header dict numpy writes for `descr` and `shape` ("(4, 64)").
std::string npyHeader(const std::string &descr, const std::string &shape,
                      bool fortranOrder = false);

struct TestMember {
  std::string name;
  std::string data;
  bool deflate = false;
};

/// The bytes of a zip holding `members`.
std::string makeZip(const std::vector<TestMember> &members);

/// Raw bytes of `values`.
template <typename T> std::string bytesOf(const std::vector<T> &values) {
  return std::string(reinterpret_cast<const char *>(values.data()),
                     values.size() * sizeof(T));
}

} // namespace pt2c::test

#endif // PT2C_TEST_UNIT_RUNTIME_TESTNPZ_H
