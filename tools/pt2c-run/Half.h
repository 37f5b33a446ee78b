//===- Half.h - float16 and bfloat16 conversions for pt2c-run ---*- C++ -*-===//
//
// Bit-level conversions, so the tool needs no compiler support for _Float16
// or __bf16: reading float16/bfloat16 outputs, and turning the float32
// arrays the test data stores for bfloat16 inputs (docs/design.md) into
// bfloat16 with round-to-nearest-even.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TOOLS_PT2C_RUN_HALF_H
#define PT2C_TOOLS_PT2C_RUN_HALF_H

#include <cstdint>
#include <cstring>

namespace pt2c::run {

inline float bitsToFloat(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

inline uint32_t floatToBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

inline float bfloat16ToFloat(uint16_t bits) {
  return bitsToFloat(uint32_t(bits) << 16);
}

inline uint16_t floatToBfloat16(float value) {
  uint32_t bits = floatToBits(value);
  if ((bits & 0x7fffffffu) > 0x7f800000u) // NaN: keep it quiet and a NaN
    return uint16_t((bits >> 16) | 0x40);
  uint32_t roundingBias = 0x7fffu + ((bits >> 16) & 1);
  return uint16_t((bits + roundingBias) >> 16);
}

inline float float16ToFloat(uint16_t half) {
  uint32_t sign = uint32_t(half & 0x8000) << 16;
  uint32_t exponent = (half >> 10) & 0x1f;
  uint32_t mantissa = half & 0x3ff;
  if (exponent == 0x1f) // inf or NaN
    return bitsToFloat(sign | 0x7f800000u | (mantissa << 13));
  if (exponent == 0) {
    // Zero or subnormal: mantissa * 2^-24, exact in float.
    float magnitude = float(mantissa) * (1.0f / 16777216.0f);
    return sign ? -magnitude : magnitude;
  }
  return bitsToFloat(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

} // namespace pt2c::run

#endif // PT2C_TOOLS_PT2C_RUN_HALF_H
