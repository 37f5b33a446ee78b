//===- CompareTest.cpp - pt2c-run's tolerances and 16-bit conversions -----===//

#include "Compare.h"
#include "Half.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>

using namespace pt2c::run;

namespace {

/// An expected array of float32 values with the given shape.
NpyArray floatArray(const std::vector<float> &values,
                    std::vector<int64_t> shape) {
  NpyArray array;
  array.dtype = {kDLFloat, 32, 1};
  array.shape = std::move(shape);
  array.data.resize(values.size() * 4);
  std::memcpy(array.data.data(), values.data(), array.data.size());
  return array;
}

DLTensor view(void *data, DLDataType dtype, std::vector<int64_t> &shape) {
  DLTensor tensor{};
  tensor.data = data;
  tensor.device = {kDLCPU, 0};
  tensor.ndim = int(shape.size());
  tensor.dtype = dtype;
  tensor.shape = shape.data();
  return tensor;
}

} // namespace

TEST_CASE("bfloat16 and float16 conversions", "[runtime][compare]") {
  CHECK(floatToBfloat16(1.0f) == 0x3f80);
  CHECK(bfloat16ToFloat(0x3f80) == 1.0f);
  // 1 + 2^-8 is halfway between two bfloat16 values: ties go to even.
  CHECK(floatToBfloat16(1.0f + 1.0f / 256) == 0x3f80);
  CHECK(floatToBfloat16(1.0f + 3.0f / 256) == 0x3f82);
  CHECK(floatToBfloat16(-2.5f) == 0xc020);
  CHECK(std::isnan(bfloat16ToFloat(floatToBfloat16(NAN))));
  CHECK(std::isinf(bfloat16ToFloat(floatToBfloat16(INFINITY))));

  CHECK(float16ToFloat(0x3c00) == 1.0f);
  CHECK(float16ToFloat(0xc000) == -2.0f);
  CHECK(float16ToFloat(0x7bff) == 65504.0f);
  CHECK(float16ToFloat(0x0001) == std::ldexp(1.0f, -24)); // subnormal
  CHECK(std::isinf(float16ToFloat(0x7c00)));
  CHECK(std::isnan(float16ToFloat(0x7e00)));
}

TEST_CASE("Default tolerances follow docs/design.md", "[runtime][compare]") {
  Tolerance f32 = defaultTolerance({kDLFloat, 32, 1});
  CHECK((f32.atol == 1e-4 && f32.rtol == 1e-4));
  Tolerance f16 = defaultTolerance({kDLFloat, 16, 1});
  CHECK((f16.atol == 1e-3 && f16.rtol == 1e-3));
  Tolerance bf16 = defaultTolerance({kDLBfloat, 16, 1});
  CHECK((bf16.atol == 1.6e-2 && bf16.rtol == 1e-2));
  CHECK_FALSE(isFloating({kDLInt, 64, 1}));
  CHECK_FALSE(isFloating({6, 8, 1}));
}

TEST_CASE("Float outputs pass within atol plus rtol times expected",
          "[runtime][compare]") {
  std::vector<int64_t> shape{2, 2};
  std::vector<float> got{1.0f, 100.0f, 0.0f, NAN};
  DLTensor tensor = view(got.data(), {kDLFloat, 32, 1}, shape);
  // 100 vs 100.02: |err| 0.02 > 1e-4 + 1e-4 * 100.02 fails; with
  // rtol 1e-3 passes. NaN matches NaN.
  NpyArray want = floatArray({1.0f, 100.02f, 0.0f, NAN}, {2, 2});
  Comparison strict = compareOutput(tensor, want, {1e-4, 1e-4});
  CHECK(strict.failing == 1);
  CHECK(strict.firstFailure == 1);
  CHECK(strict.maxAbsError == Approx(0.02).epsilon(1e-3));
  CHECK(strict.maxRelError == Approx(2e-4).epsilon(1e-2));
  Comparison loose = compareOutput(tensor, want, {1e-4, 1e-3});
  CHECK(loose.failing == 0);

  NpyArray nanVsNumber = floatArray({1.0f, 100.0f, 0.0f, 0.0f}, {2, 2});
  CHECK(compareOutput(tensor, nanVsNumber, {1, 1}).failing == 1);

  NpyArray otherShape = floatArray({1, 100, 0, 0}, {4});
  Comparison shapes = compareOutput(tensor, otherShape, {1, 1});
  CHECK_FALSE(shapes.shapeMatches);
  CHECK(shapes.failing == 4);
}

TEST_CASE("Complex outputs compare part by part, each element once",
          "[runtime][compare]") {
  std::vector<int64_t> shape{3};
  // complex64 [1+2i, 3-4i, 5+0i], interleaved.
  std::vector<float> got{1.0f, 2.0f, 3.0f, -4.0f, 5.0f, 0.0f};
  DLTensor tensor = view(got.data(), {kDLComplex, 64, 1}, shape);
  CHECK(isFloating(tensor.dtype));
  Tolerance c64 = defaultTolerance(tensor.dtype);
  CHECK((c64.atol == 1e-4 && c64.rtol == 1e-4)); // float32's
  NpyArray want = floatArray({1.0f, 2.0f, 3.0f, -4.0f, 5.0f, 0.0f}, {3});
  want.dtype = {kDLComplex, 64, 1};
  CHECK(compareOutput(tensor, want, c64).failing == 0);
  // Both parts of element 1 off, and the imaginary part of element 2: two
  // elements fail, the first at 1.
  NpyArray off = floatArray({1.0f, 2.0f, 3.5f, -4.5f, 5.0f, 0.5f}, {3});
  off.dtype = {kDLComplex, 64, 1};
  Comparison result = compareOutput(tensor, off, c64);
  CHECK(result.failing == 2);
  CHECK(result.firstFailure == 1);
  CHECK(result.maxAbsError == Approx(0.5));
  // A real array against a complex output fails as a whole.
  NpyArray real = floatArray({1.0f, 3.0f, 5.0f}, {3});
  CHECK(compareOutput(tensor, real, c64).failing == 3);
}

TEST_CASE("Integer and bool outputs compare exactly", "[runtime][compare]") {
  std::vector<int64_t> shape{3};
  std::vector<int64_t> got{1, -5, (int64_t(1) << 62) + 1};
  DLTensor tensor = view(got.data(), {kDLInt, 64, 1}, shape);
  NpyArray want;
  want.dtype = {kDLInt, 64, 1};
  want.shape = {3};
  std::vector<int64_t> values{1, -5, int64_t(1) << 62};
  want.data.resize(24);
  std::memcpy(want.data.data(), values.data(), 24);
  // Off by one at 2^62: beyond double, caught by the exact comparison.
  Comparison result =
      compareOutput(tensor, want, defaultTolerance(tensor.dtype));
  CHECK(result.failing == 1);
  CHECK(result.firstFailure == 2);

  std::vector<uint8_t> flags{1, 0, 1};
  DLTensor bools = view(flags.data(), {6, 8, 1}, shape);
  NpyArray wantBools;
  wantBools.dtype = {6, 8, 1};
  wantBools.shape = {3};
  wantBools.data = {1, 0, 0};
  CHECK(compareOutput(bools, wantBools, {}).failing == 1);
}
