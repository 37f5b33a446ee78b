//===- RandomInputs.h - Inputs drawn from a model's signature ---*- C++ -*-===//
//
// `pt2c-run run|bench --random-inputs [--seed N] [--shapes name=2x128]`:
// instead of an .npz, one array per input of the model, with its dtype and
// its shape (static dims as compiled, dynamic ones from --shapes or their
// symbol's least size), filled from a seeded generator.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TOOLS_PT2C_RUN_RANDOMINPUTS_H
#define PT2C_TOOLS_PT2C_RUN_RANDOMINPUTS_H

#include "ModelLibrary.h"
#include "Npz.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace pt2c::run {

/// Input name -> its whole shape, from "name=2x128" items (several items
/// or comma-separated). False and `error` for a malformed item.
bool parseShapes(const std::vector<std::string> &items,
                 std::map<std::string, std::vector<int64_t>> &shapes, std::string &error);

/// Arrays in0, in1, ... for every input of `model`: floats uniform in
/// [-1, 1) (bfloat16 ones as float32, which the session converts),
/// integers uniform in [0, 2) (valid as token ids, masks and indices of
/// any table), bools fair. A dynamic dim takes its size from `shapes` (the
/// input's whole shape, named by its graph name) or else its symbol's least
/// allowed size (at least 1); a symbol shared by several dims gets one
/// size. False and `error` for a shape that contradicts the model or an
/// input dtype this cannot make.
bool randomInputs(const Pt2cApi &api, pt2c_model *model, uint64_t seed,
                  const std::map<std::string, std::vector<int64_t>> &shapes,
                  std::vector<NpyArray> &arrays, std::string &error);

} // namespace pt2c::run

#endif // PT2C_TOOLS_PT2C_RUN_RANDOMINPUTS_H
