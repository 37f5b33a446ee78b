//===- Compare.cpp - Model outputs against expected arrays ----------------===//

#include "Compare.h"
#include "Half.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace pt2c::run {
namespace {

template <typename T> long double load(const void *data, int64_t index) {
  T value;
  std::memcpy(&value, static_cast<const char *>(data) + index * sizeof(T),
              sizeof(T));
  return static_cast<long double>(value);
}

} // namespace

bool isFloating(DLDataType dtype) {
  return dtype.code == kDLFloat || dtype.code == kDLBfloat || dtype.code == kDLComplex;
}

/// A complex dtype's part (complex64: float32); other dtypes themselves.
static DLDataType partDtype(DLDataType dtype) {
  if (dtype.code == kDLComplex)
    return {kDLFloat, uint8_t(dtype.bits / 2), 1};
  return dtype;
}

Tolerance defaultTolerance(DLDataType dtype) {
  dtype = partDtype(dtype);
  if (dtype.code == kDLBfloat)
    return {1.6e-2, 1e-2};
  if (dtype.code == kDLFloat && dtype.bits == 16)
    return {1e-3, 1e-3};
  if (dtype.code == kDLFloat)
    return {1e-4, 1e-4};
  return {0, 0};
}

long double readElement(const void *data, DLDataType dtype, int64_t index) {
  switch (dtype.code) {
  case kDLFloat:
    if (dtype.bits == 16) {
      uint16_t bits;
      std::memcpy(&bits, static_cast<const char *>(data) + index * 2, 2);
      return float16ToFloat(bits);
    }
    return dtype.bits == 32 ? load<float>(data, index)
                            : load<double>(data, index);
  case kDLBfloat: {
    uint16_t bits;
    std::memcpy(&bits, static_cast<const char *>(data) + index * 2, 2);
    return bfloat16ToFloat(bits);
  }
  case kDLInt:
    switch (dtype.bits) {
    case 8:
      return load<int8_t>(data, index);
    case 16:
      return load<int16_t>(data, index);
    case 32:
      return load<int32_t>(data, index);
    default:
      return load<int64_t>(data, index);
    }
  case kDLUInt:
    switch (dtype.bits) {
    case 8:
      return load<uint8_t>(data, index);
    case 16:
      return load<uint16_t>(data, index);
    case 32:
      return load<uint32_t>(data, index);
    default:
      return load<uint64_t>(data, index);
    }
  default: // bool: one byte, nonzero is true
    return load<uint8_t>(data, index) != 0 ? 1 : 0;
  }
}

Comparison compareOutput(const DLTensor &got, const NpyArray &expected,
                         Tolerance tolerance) {
  Comparison result;
  result.elements = 1;
  for (int d = 0; d < got.ndim; ++d)
    result.elements *= got.shape[d];
  result.shapeMatches =
      size_t(got.ndim) == expected.shape.size() &&
      std::equal(expected.shape.begin(), expected.shape.end(), got.shape);
  if (!result.shapeMatches) {
    result.failing = result.elements;
    return result;
  }
  bool exact = !isFloating(got.dtype);
  const void *data = static_cast<const char *>(got.data) + got.byte_offset;
  // A complex element is compared part by part, each within the tolerance.
  int64_t parts = got.dtype.code == kDLComplex ? 2 : 1;
  DLDataType gotPart = partDtype(got.dtype), expectedPart = partDtype(expected.dtype);
  if ((expected.dtype.code == kDLComplex ? 2 : 1) != parts) {
    result.failing = result.elements;
    return result;
  }
  int64_t lastFailing = -1;
  for (int64_t i = 0; i < result.elements * parts; ++i) {
    long double g = readElement(data, gotPart, i);
    long double e = readElement(expected.data.data(), expectedPart, i);
    bool pass;
    long double error = std::fabs(g - e);
    if (exact) {
      pass = g == e;
    } else if (std::isnan(g) || std::isnan(e)) {
      pass = std::isnan(g) && std::isnan(e);
      error = pass ? 0 : INFINITY;
    } else if (std::isinf(g) || std::isinf(e)) {
      pass = g == e;
      error = pass ? 0 : INFINITY;
    } else {
      pass = error <= tolerance.atol + tolerance.rtol * std::fabs(e);
    }
    result.maxAbsError = std::fmax(result.maxAbsError, double(error));
    if (e != 0 && !std::isnan(e) && !std::isinf(e))
      result.maxRelError =
          std::fmax(result.maxRelError, double(error / std::fabs(e)));
    if (!pass && i / parts != lastFailing) { // an element counts once
      lastFailing = i / parts;
      if (result.failing++ == 0) {
        result.firstFailure = i / parts;
        result.firstGot = double(g);
        result.firstExpected = double(e);
      }
    }
  }
  return result;
}

} // namespace pt2c::run
