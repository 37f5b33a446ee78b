//===- Compare.h - Model outputs against expected arrays --------*- C++ -*-===//
//
// docs/design.md ("Test data and tolerances"): an element passes when
// |got - expected| <= atol + rtol * |expected|; integer and bool outputs
// must be equal. NaN matches
// NaN and an infinity matches the same infinity (eager PyTorch producing
// them is what the test data records).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TOOLS_PT2C_RUN_COMPARE_H
#define PT2C_TOOLS_PT2C_RUN_COMPARE_H

#include "Npz.h"

#include <dlpack/dlpack.h>

#include <cstdint>

namespace pt2c::run {

struct Tolerance {
  double atol = 0;
  double rtol = 0;
};

/// float16, bfloat16, floatN and complexN have a tolerance (a complex
/// element's parts each within its part's); the rest compare exactly.
bool isFloating(DLDataType dtype);

/// The defaults of docs/design.md for `dtype`: float32 (and float64)
/// 1e-4/1e-4, float16 1e-3/1e-3, bfloat16 1.6e-2/1e-2; 0/0 otherwise.
Tolerance defaultTolerance(DLDataType dtype);

/// Element `index` of a C-order buffer of `dtype`, widened; long double
/// holds every int64 and uint64 exactly on x86-64.
long double readElement(const void *data, DLDataType dtype, int64_t index);

struct Comparison {
  bool shapeMatches = true;
  int64_t elements = 0;
  int64_t failing = 0;
  double maxAbsError = 0;
  double maxRelError = 0; ///< over elements with expected != 0
  int64_t firstFailure = -1;
  double firstGot = 0;
  double firstExpected = 0;
};

/// Compares a model output with an expected array. `got` is C-order
/// (strides NULL), as the model allocates it.
Comparison compareOutput(const DLTensor &got, const NpyArray &expected,
                         Tolerance tolerance);

} // namespace pt2c::run

#endif // PT2C_TOOLS_PT2C_RUN_COMPARE_H
