//===- NpzWriter.h - Writing outputs as a NumPy .npz ------------*- C++ -*-===//
//
// `pt2c-run run --save-outputs FILE` writes out0, out1, ... as np.savez
// does (a zip of .npy members, stored uncompressed), so `np.load` and
// `pt2c-run run --expect FILE` read them back. bfloat16 has no NumPy dtype:
// it is written as float32 (exact), the test-data convention the inputs
// follow too.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TOOLS_PT2C_RUN_NPZWRITER_H
#define PT2C_TOOLS_PT2C_RUN_NPZWRITER_H

#include <dlpack/dlpack.h>

#include <string>
#include <vector>

namespace pt2c::run {

/// The .npy bytes of a host tensor (row-major, as the model returns it);
/// false and `error` for a dtype NumPy cannot hold.
bool encodeNpy(const DLTensor &tensor, std::vector<uint8_t> &bytes, std::string &error);

/// Writes `members` (name without ".npy", its .npy bytes) to `path` as a
/// stored zip; false and `error` naming the file on failure.
bool writeNpz(const std::string &path,
              const std::vector<std::pair<std::string, std::vector<uint8_t>>> &members,
              std::string &error);

} // namespace pt2c::run

#endif // PT2C_TOOLS_PT2C_RUN_NPZWRITER_H
