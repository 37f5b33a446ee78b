//===- WeightFoldsTest.cpp - Batch norms folded into weights --------------===//
//
// runtime/src/WeightFolds.c, which the compiler (embedded weights) and the
// runtime (external weights) both run: the arithmetic, the channel of each
// element whatever the stored layout, 16-bit rounding, and the checks.
//
//===----------------------------------------------------------------------===//

#include "pt2c/weight_folds.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <vector>

namespace {

/// A blob of float32 slots, each at its own 64-byte offset.
struct Blob {
  std::vector<uint8_t> bytes;
  uint64_t add(const std::vector<float> &values) {
    uint64_t offset = (bytes.size() + 63) / 64 * 64;
    bytes.resize(offset + values.size() * sizeof(float));
    std::memcpy(bytes.data() + offset, values.data(), values.size() * sizeof(float));
    return offset;
  }
  uint64_t add16(const std::vector<uint16_t> &values) {
    uint64_t offset = (bytes.size() + 63) / 64 * 64;
    bytes.resize(offset + values.size() * 2);
    std::memcpy(bytes.data() + offset, values.data(), values.size() * 2);
    return offset;
  }
  float at(uint64_t offset, size_t i) const {
    float value;
    std::memcpy(&value, bytes.data() + offset + i * sizeof(float), sizeof value);
    return value;
  }
  uint16_t at16(uint64_t offset, size_t i) const {
    uint16_t value;
    std::memcpy(&value, bytes.data() + offset + i * 2, 2);
    return value;
  }
};

pt2c_weight_fold statsFold(int32_t kind, uint64_t target, uint64_t gamma, uint64_t var,
                           uint64_t mean, int64_t channels, double eps) {
  pt2c_weight_fold fold = {};
  fold.kind = kind;
  fold.target_code = fold.stats_code = 2;
  fold.target_bits = fold.stats_bits = 32;
  fold.target = target;
  fold.gamma = gamma;
  fold.var = var;
  fold.mean = mean;
  fold.bias = PT2C_FOLD_NO_BIAS;
  fold.channels = channels;
  fold.eps = eps;
  return fold;
}

} // namespace

TEST_CASE("weight folds: filter * gamma / sqrt(var + eps) per output channel, "
          "beta - mean * scale",
          "[runtime][folds]") {
  Blob blob;
  // A [2, 3] filter (2 output channels), stored as in the archive.
  uint64_t filter = blob.add({1, 2, 3, 4, 5, 6});
  uint64_t gamma = blob.add({2, -1});
  uint64_t var = blob.add({3, 0.5f});
  uint64_t mean = blob.add({10, -4});
  uint64_t beta = blob.add({1, 2});
  double eps = 1e-3;
  int64_t sizes[] = {2, 3}, strides[] = {3, 1};
  pt2c_weight_fold folds[2] = {statsFold(PT2C_FOLD_SCALE_FILTER, filter, gamma, var, 0, 2, eps),
                               statsFold(PT2C_FOLD_SHIFT, beta, gamma, var, mean, 2, eps)};
  folds[0].rank = 2;
  folds[0].sizes = sizes;
  folds[0].strides = strides;
  folds[0].channel_stride = 3;
  for (const pt2c_weight_fold &fold : folds)
    REQUIRE(pt2crt_check_weight_fold(&fold, blob.bytes.size()) == nullptr);
  pt2crt_apply_weight_folds(blob.bytes.data(), 2, folds);
  double s0 = 2 / std::sqrt(3 + eps), s1 = -1 / std::sqrt(0.5f + eps);
  for (int i = 0; i < 3; ++i) {
    CHECK(blob.at(filter, i) == float((i + 1) * s0));
    CHECK(blob.at(filter, 3 + i) == float((i + 4) * s1));
  }
  CHECK(blob.at(beta, 0) == float(1 - 10 * s0));
  CHECK(blob.at(beta, 1) == float(2 - (-4) * s1));
  // Read, never written.
  CHECK(blob.at(gamma, 0) == 2);
  CHECK(blob.at(var, 1) == 0.5f);
  CHECK(blob.at(mean, 0) == 10);
}

TEST_CASE("weight folds: a convolution bias goes into the shift, "
          "beta + (bias - mean) * scale",
          "[runtime][folds]") {
  Blob blob;
  uint64_t var = blob.add({4, 0.25f});
  uint64_t mean = blob.add({1, 2});
  uint64_t bias = blob.add({5, -6});
  uint64_t beta = blob.add({0.5f, 3});
  pt2c_weight_fold fold =
      statsFold(PT2C_FOLD_SHIFT, beta, PT2C_FOLD_NO_GAMMA, var, mean, 2, 0);
  fold.bias = bias;
  REQUIRE(pt2crt_check_weight_fold(&fold, blob.bytes.size()) == nullptr);
  pt2crt_apply_weight_folds(blob.bytes.data(), 1, &fold);
  CHECK(blob.at(beta, 0) == 0.5f + (5 - 1) * 0.5f);
  CHECK(blob.at(beta, 1) == 3 + (-6 - 2) * 2.0f);
  CHECK(blob.at(bias, 0) == 5);
}

TEST_CASE("weight folds: a filter stored transposed or at an offset finds each "
          "element's channel from its place in the archive",
          "[runtime][folds]") {
  Blob blob;
  // The archive's [2, 3] filter stored as its [3, 2] transpose: stored
  // element (k, f) is archive element f * 3 + k, of channel f.
  uint64_t filter = blob.add({1, 4, 2, 5, 3, 6});
  uint64_t gamma = blob.add({2, 10});
  uint64_t var = blob.add({1, 1});
  int64_t sizes[] = {3, 2}, strides[] = {1, 3};
  pt2c_weight_fold fold = statsFold(PT2C_FOLD_SCALE_FILTER, filter, gamma, var, 0, 2, 0);
  fold.rank = 2;
  fold.sizes = sizes;
  fold.strides = strides;
  fold.channel_stride = 3;
  REQUIRE(pt2crt_check_weight_fold(&fold, blob.bytes.size()) == nullptr);
  pt2crt_apply_weight_folds(blob.bytes.data(), 1, &fold);
  std::vector<float> expected = {2, 40, 4, 50, 6, 60};
  for (size_t i = 0; i < expected.size(); ++i)
    CHECK(blob.at(filter, i) == expected[i]);

  // Only channel 1's columns (a slice starting 3 elements in): base 3.
  Blob slice;
  uint64_t part = slice.add({1, 2, 3});
  gamma = slice.add({2, 10});
  var = slice.add({1, 1});
  int64_t partSizes[] = {3}, partStrides[] = {1};
  fold = statsFold(PT2C_FOLD_SCALE_FILTER, part, gamma, var, 0, 2, 0);
  fold.rank = 1;
  fold.sizes = partSizes;
  fold.strides = partStrides;
  fold.base = 3;
  fold.channel_stride = 3;
  REQUIRE(pt2crt_check_weight_fold(&fold, slice.bytes.size()) == nullptr);
  pt2crt_apply_weight_folds(slice.bytes.data(), 1, &fold);
  CHECK(slice.at(part, 0) == 10);
  CHECK(slice.at(part, 2) == 30);
}

TEST_CASE("weight folds: a filter whose output channel is its innermost dim in the "
          "archive (channels-last storage)",
          "[runtime][folds]") {
  Blob blob;
  // The archive's [2, 3] filter with strides (1, 2): element (f, k) at
  // storage k * 2 + f, stored row-major as [2, 3] (gathered: strides 1, 2).
  uint64_t filter = blob.add({1, 2, 3, 4, 5, 6});
  uint64_t gamma = blob.add({2, 10});
  uint64_t var = blob.add({1, 1});
  int64_t sizes[] = {2, 3}, strides[] = {1, 2};
  pt2c_weight_fold fold = statsFold(PT2C_FOLD_SCALE_FILTER, filter, gamma, var, 0, 2, 0);
  fold.rank = 2;
  fold.sizes = sizes;
  fold.strides = strides;
  fold.channel_stride = 1; // dim 0's stride in the archive
  REQUIRE(pt2crt_check_weight_fold(&fold, blob.bytes.size()) == nullptr);
  pt2crt_apply_weight_folds(blob.bytes.data(), 1, &fold);
  std::vector<float> expected = {2, 4, 6, 40, 50, 60};
  for (size_t i = 0; i < expected.size(); ++i)
    CHECK(blob.at(filter, i) == expected[i]);
}

TEST_CASE("weight folds: 16-bit targets are rounded once, to nearest even",
          "[runtime][folds]") {
  // var + eps = 1, so the scale is gamma exactly (float32 statistics).
  auto scaleBy = [](uint16_t value, float gamma, uint8_t code) {
    Blob blob;
    uint64_t filter = blob.add16({value});
    uint64_t g = blob.add({gamma});
    uint64_t v = blob.add({1});
    int64_t sizes[] = {1, 1}, strides[] = {1, 1};
    pt2c_weight_fold fold = statsFold(PT2C_FOLD_SCALE_FILTER, filter, g, v, 0, 1, 0);
    fold.target_code = code;
    fold.target_bits = 16;
    fold.rank = 2;
    fold.sizes = sizes;
    fold.strides = strides;
    fold.channel_stride = 1;
    REQUIRE(pt2crt_check_weight_fold(&fold, blob.bytes.size()) == nullptr);
    pt2crt_apply_weight_folds(blob.bytes.data(), 1, &fold);
    return blob.at16(filter, 0);
  };
  const uint8_t half = 2, bfloat = 4;
  // float16: 1 * (1 + 2^-11) is halfway between 1 and 1 + 2^-10: even is 1.
  CHECK(scaleBy(0x3c00, 1 + std::ldexp(1.0f, -11), half) == 0x3c00);
  // 1 + 3 * 2^-11: halfway between 0x3c01 and 0x3c02; even is 0x3c02.
  CHECK(scaleBy(0x3c00, 1 + 3 * std::ldexp(1.0f, -11), half) == 0x3c02);
  CHECK(scaleBy(0x3c00, -2.5f, half) == 0xc100);
  // The smallest subnormal times 1.5 is halfway to 2 units: 2.
  CHECK(scaleBy(0x0001, 1.5f, half) == 0x0002);
  CHECK(scaleBy(0x7bff, 2, half) == 0x7c00); // past 65504: infinity
  // bfloat16: 1 * (1 + 2^-8) is halfway between 1 and 1 + 2^-7.
  CHECK(scaleBy(0x3f80, 1 + std::ldexp(1.0f, -8), bfloat) == 0x3f80);
  CHECK(scaleBy(0x3f80, 1 + 3 * std::ldexp(1.0f, -8), bfloat) == 0x3f82);
  CHECK(scaleBy(0x3f80, -0.75f, bfloat) == 0xbf40);
}

TEST_CASE("weight folds: the check refuses what the apply would get wrong",
          "[runtime][folds]") {
  int64_t sizes[] = {2, 3}, strides[] = {3, 1};
  pt2c_weight_fold fold = statsFold(PT2C_FOLD_SCALE_FILTER, 0, 64, 128, 0, 2, 0);
  fold.rank = 2;
  fold.sizes = sizes;
  fold.strides = strides;
  fold.channel_stride = 3;
  CHECK(pt2crt_check_weight_fold(&fold, 192) == nullptr);
  fold.base = -1;
  CHECK_THAT(pt2crt_check_weight_fold(&fold, 192), Catch::Contains("before its storage"));
  fold.base = 0;
  CHECK_THAT(pt2crt_check_weight_fold(&fold, 130), Catch::Contains("statistics outside"));
  fold.target = 180; // 24 bytes from 180 end past 192
  CHECK_THAT(pt2crt_check_weight_fold(&fold, 192), Catch::Contains("outside the blob"));
  fold.target = 0;
  fold.target_code = 1; // an integer filter
  CHECK_THAT(pt2crt_check_weight_fold(&fold, 192), Catch::Contains("unsupported type"));
  fold.target_code = 2;
  fold.kind = 7;
  CHECK_THAT(pt2crt_check_weight_fold(&fold, 192), Catch::Contains("unknown kind"));
  pt2c_weight_fold shift = statsFold(PT2C_FOLD_SHIFT, 0, PT2C_FOLD_NO_GAMMA, 64, 128, 2, 0);
  CHECK(pt2crt_check_weight_fold(&shift, 192) == nullptr);
  shift.bias = 188; // its 8 bytes end past 192
  CHECK_THAT(pt2crt_check_weight_fold(&shift, 192), Catch::Contains("statistics outside"));
  shift.bias = PT2C_FOLD_NO_BIAS;
  shift.mean = 190;
  CHECK_THAT(pt2crt_check_weight_fold(&shift, 192), Catch::Contains("statistics outside"));
}
