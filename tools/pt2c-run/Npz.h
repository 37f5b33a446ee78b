//===- Npz.h - Reading NumPy .npy arrays and .npz archives ------*- C++ -*-===//
//
// The test-data convention of docs/design.md ("Test data and tolerances"): an
// .npz is a zip (STORED by np.savez, DEFLATE by np.savez_compressed) of .npy
// members. Only what pt2c needs is read: npy format 1.0/2.0/3.0, little-endian
// numeric and bool dtypes, C order. Every offset and size is checked against
// the bytes at hand, so a truncated or hostile file gives a message, not a
// crash.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TOOLS_PT2C_RUN_NPZ_H
#define PT2C_TOOLS_PT2C_RUN_NPZ_H

#include <dlpack/dlpack.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace pt2c::run {

/// One array, its elements in C order in the dtype of the file.
struct NpyArray {
  std::string name;  ///< the member name without ".npy" ("in0")
  std::string descr; ///< as in the file ("<f4")
  DLDataType dtype{};
  std::vector<int64_t> shape;
  std::vector<uint8_t> data; ///< numElements() * elementBytes() bytes

  int64_t numElements() const;
  size_t elementBytes() const { return dtype.bits <= 8 ? 1 : dtype.bits / 8; }
};

/// Parses one .npy file held in memory; `what` names it in messages.
/// Returns false and sets `error` on failure.
bool parseNpy(const uint8_t *bytes, size_t size, const std::string &what,
              NpyArray &array, std::string &error);

/// Parses an .npz held in memory into its arrays, in archive order.
bool parseNpz(const uint8_t *bytes, size_t size, const std::string &what,
              std::vector<NpyArray> &arrays, std::string &error);

/// Reads and parses the .npz file at `path`.
bool readNpz(const std::string &path, std::vector<NpyArray> &arrays,
             std::string &error);

/// The array called `name`, or nullptr.
const NpyArray *findArray(const std::vector<NpyArray> &arrays,
                          const std::string &name);

/// The .npy descr of a dtype ("<f4", "|b1"), or nullptr when NumPy has none.
const char *npyDescrOf(DLDataType dtype);

/// "float32", "int64", "bool", ... for messages.
std::string dtypeName(DLDataType dtype);

/// "[4, 64]"
std::string shapeText(const int64_t *dims, size_t rank);

} // namespace pt2c::run

#endif // PT2C_TOOLS_PT2C_RUN_NPZ_H
