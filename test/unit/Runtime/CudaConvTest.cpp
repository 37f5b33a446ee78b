//===- CudaConvTest.cpp - pt2crt_cuda_conv on fake cuDNN and driver ------===//
//
// The generated code hands 2-d convolutions to pt2crt_cuda_conv with the
// operands' strides; it describes them to cuDNN, picks an algorithm (no
// tensor-core math for float32, within the workspace) and caches the plan.
// Here it runs on FakeCudnn.c (a direct cross-correlation through the
// descriptors' strides) and FakeCuda.c, and every result is compared with a
// direct evaluation of torch's conv2d from the call's own arguments.
//
//===----------------------------------------------------------------------===//

#include "CudaConv.h"
#include "Cudnn.h"
#include "FakeLibraryRun.h"

#include <cstring>
#include <vector>

namespace {

template <typename T> int64_t addressOf(const std::vector<T> &data) {
  return int64_t(reinterpret_cast<uintptr_t>(data.data()));
}

constexpr int64_t kFloat16 = 1, kBfloat16 = 2; // pt2crt_cuda_conv's types

/// `values` in a 16-bit type; the tests' values are exact in both.
std::vector<uint16_t> narrow(const std::vector<float> &values, int64_t type) {
  std::vector<uint16_t> out(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    if (type == kFloat16) {
      _Float16 half = _Float16(values[i]);
      std::memcpy(&out[i], &half, 2);
    } else {
      uint32_t bits;
      std::memcpy(&bits, &values[i], 4);
      out[i] = uint16_t(bits >> 16);
    }
  }
  return out;
}

float widen(uint16_t value, int64_t type) {
  if (type == kFloat16) {
    _Float16 half;
    std::memcpy(&half, &value, 2);
    return float(half);
  }
  uint32_t bits = uint32_t(value) << 16;
  float out;
  std::memcpy(&out, &bits, 4);
  return out;
}

/// A convolution as the compiler passes it: x [n, c, h, w] with strides,
/// the packed filter [f, c / groups, kh, kw] and y [n, groups, f / groups,
/// oh * ow] with strides.
struct Conv {
  int64_t n, c, h, w, f, kh, kw;
  int64_t padH = 0, padW = 0, strideH = 1, strideW = 1, dilationH = 1, dilationW = 1;
  int64_t groups = 1;
  bool filterLast = false; // filter [f, kh, kw, c / groups] (channels-last)
  bool allowTF32 = false;  // float32 may take tensor-op (TF32) math
  int64_t xStrides[4] = {0, 0, 0, 0}; // 0: packed NCHW
  int64_t yStrides[4] = {0, 0, 0, 0}; // over [n, g, f / g, p]; 0: packed
  std::vector<float> x, filter, y;

  Conv(int64_t n, int64_t c, int64_t h, int64_t w, int64_t f, int64_t kh, int64_t kw)
      : n(n), c(c), h(h), w(w), f(f), kh(kh), kw(kw) {}

  int64_t oh() const { return (h + 2 * padH - dilationH * (kh - 1) - 1) / strideH + 1; }
  int64_t ow() const { return (w + 2 * padW - dilationW * (kw - 1) - 1) / strideW + 1; }

  /// Fills x, the filter and y (with `initial`) for the strides.
  void prepare(float initial) {
    if (!xStrides[0]) {
      xStrides[3] = 1, xStrides[2] = w, xStrides[1] = h * w, xStrides[0] = c * h * w;
    }
    if (!yStrides[0]) {
      yStrides[3] = 1, yStrides[2] = oh() * ow(), yStrides[1] = f / groups * yStrides[2];
      yStrides[0] = groups * yStrides[1];
    }
    x.assign(size_t(n * xStrides[0]), 0.0f);
    for (size_t i = 0; i < x.size(); ++i)
      x[i] = float((i * 7 + 3) % 13) * 0.125f - 0.75f;
    filter.resize(size_t(f * (c / groups) * kh * kw));
    for (size_t i = 0; i < filter.size(); ++i)
      filter[i] = float((i * 5 + 1) % 9) * 0.25f - 1.0f;
    y.assign(size_t(n * yStrides[0]), initial);
  }

  float &yAt(std::vector<float> &data, int64_t b, int64_t k, int64_t i, int64_t j) const {
    int64_t perGroup = f / groups;
    return data[size_t(b * yStrides[0] + k / perGroup * yStrides[1] +
                       k % perGroup * yStrides[2] + (i * ow() + j) * yStrides[3])];
  }

  /// torch's conv2d, evaluated in double from the same strides, added to
  /// (or written over) a copy of y.
  std::vector<float> reference(bool accumulate) const {
    std::vector<float> out = y;
    int64_t perGroupIn = c / groups, perGroupOut = f / groups;
    for (int64_t b = 0; b < n; ++b)
      for (int64_t k = 0; k < f; ++k)
        for (int64_t i = 0; i < oh(); ++i)
          for (int64_t j = 0; j < ow(); ++j) {
            double sum = 0;
            for (int64_t ci = 0; ci < perGroupIn; ++ci)
              for (int64_t r = 0; r < kh; ++r)
                for (int64_t s = 0; s < kw; ++s) {
                  int64_t row = i * strideH - padH + r * dilationH;
                  int64_t col = j * strideW - padW + s * dilationW;
                  if (row < 0 || col < 0 || row >= h || col >= w)
                    continue;
                  int64_t channel = k / perGroupOut * perGroupIn + ci;
                  sum += double(x[size_t(b * xStrides[0] + channel * xStrides[1] +
                                         row * xStrides[2] + col * xStrides[3])]) *
                         filter[size_t(filterLast ? ((k * kh + r) * kw + s) * perGroupIn + ci
                                                  : ((k * perGroupIn + ci) * kh + r) * kw + s)];
                }
            float &target = yAt(out, b, k, i, j);
            target = float(sum) + (accumulate ? target : 0.0f);
          }
    return out;
  }

  int32_t call(int64_t type = 0, bool accumulate = false, int64_t filterF = -1,
               int64_t xOffsetBytes = 0) {
    return callOn(type, addressOf(x) + xOffsetBytes, addressOf(filter), addressOf(y),
                  accumulate, filterF);
  }

  /// The call on other buffers of the same shapes and strides.
  int32_t callOn(int64_t type, int64_t xAddress, int64_t filterAddress, int64_t yAddress,
                 bool accumulate = false, int64_t filterF = -1, int64_t epilogue = 0,
                 int64_t bias = 0, int64_t z = 0, int64_t out = 0) {
    int64_t reduction = c / groups * kh * kw;
    return pt2crt_cuda_conv(type, xAddress, n, c, h, w, xStrides[0], xStrides[1],
                            xStrides[2], xStrides[3], filterAddress, f, kh, kw,
                            f / groups * reduction, filterF < 0 ? reduction : filterF, 1,
                            yAddress, oh(), ow(), yStrides[0], yStrides[1], yStrides[2],
                            yStrides[3], padH, padW, strideH, strideW, dilationH,
                            dilationW, groups, accumulate,
                            (filterLast ? PT2CRT_CONV_FILTER_CHANNELS_LAST : 0) |
                                (allowTF32 ? PT2CRT_CONV_ALLOW_TF32 : 0) | epilogue,
                            bias, z, out);
  }
};

long fakeConvolutions() {
  return fakeLibraryQuery(PT2C_FAKE_CUDNN, "fake_cudnn_convolutions");
}

/// Runs `conv` and compares every element of y with the reference.
void checkConv(Conv conv, bool accumulate) {
  FakeLibraryRun fake;
  conv.prepare(accumulate ? 0.5f : 1e30f); // garbage, unless accumulated into
  std::vector<float> want = conv.reference(accumulate);
  long before = fakeConvolutions();
  REQUIRE(conv.call(0, accumulate) == PT2CRT_CONV_DONE);
  REQUIRE(fake.run.error_code == PT2C_OK);
  CHECK(fakeConvolutions() - before == 1);
  // The heuristic's first pick is tensor-core math, its second fails and its
  // third needs 64 MiB of workspace: algorithm 0 is the one that may run.
  CHECK(fakeLibraryQuery<int>(PT2C_FAKE_CUDNN, "fake_cudnn_last_algo") == 0);
  CHECK(fakeLibraryQuery<int>(PT2C_FAKE_CUDNN, "fake_cudnn_last_math") ==
        PT2CRT_CUDNN_FMA_MATH);
  CHECK(fakeLibraryQuery<void *>(PT2C_FAKE_CUDNN, "fake_cudnn_last_stream") ==
        static_cast<void *>(fake.run.stream));
  for (size_t i = 0; i < want.size(); ++i)
    CHECK(conv.y[i] == Approx(want[i]).epsilon(1e-5));
}

} // namespace

TEST_CASE("cuda conv: padded, strided and dilated convolutions match conv2d",
          "[runtime][conv]") {
  Conv plain(2, 3, 7, 6, 4, 3, 3);
  plain.padH = plain.padW = 1;
  checkConv(plain, false);
  Conv strided(1, 2, 9, 8, 3, 3, 2);
  strided.padH = 2, strided.padW = 1, strided.strideH = 2, strided.strideW = 3;
  strided.dilationH = 2;
  checkConv(strided, false);
}

TEST_CASE("cuda conv: groups, a strided input and y accumulated into", "[runtime][conv]") {
  // Depthwise (mobilenet): 4 channels, 2 filters each.
  Conv depthwise(2, 4, 5, 5, 8, 3, 3);
  depthwise.groups = 4, depthwise.padH = depthwise.padW = 1;
  checkConv(depthwise, false);
  // Two groups, x a channel slice of a wider buffer (channel stride 2 planes).
  Conv sliced(1, 4, 4, 5, 6, 2, 2);
  sliced.groups = 2;
  sliced.xStrides[3] = 1, sliced.xStrides[2] = 5, sliced.xStrides[1] = 40;
  sliced.xStrides[0] = 160;
  checkConv(sliced, true);
}

TEST_CASE("cuda conv: channels-last activations and filters", "[runtime][conv]") {
  // What pt2c-convolutions-channels-last hands over: x and y with channel
  // stride 1 and the filter packed [f, kh, kw, c / groups]; groups 1 and
  // depthwise.
  for (int64_t groups : {1, 4}) {
    Conv conv(2, 4, 5, 6, groups == 1 ? 8 : 4, 3, 3);
    conv.groups = groups, conv.padH = conv.padW = 1, conv.strideW = 2;
    conv.filterLast = true;
    conv.xStrides[0] = conv.h * conv.w * conv.c, conv.xStrides[1] = 1;
    conv.xStrides[2] = conv.w * conv.c, conv.xStrides[3] = conv.c;
    conv.yStrides[0] = conv.oh() * conv.ow() * conv.f, conv.yStrides[1] = conv.f / groups;
    conv.yStrides[2] = 1, conv.yStrides[3] = conv.f;
    checkConv(conv, false);
  }
}

TEST_CASE("cuda conv: float16 and bfloat16 run with tensor-core math", "[runtime][conv]") {
  for (int64_t type : {kFloat16, kBfloat16}) {
    FakeLibraryRun fake;
    Conv conv(2, 4, 6, 5, 6, 3, 3);
    conv.groups = 2, conv.padH = conv.padW = 1, conv.strideH = 2;
    conv.prepare(0.0f);
    std::vector<float> want = conv.reference(false);
    std::vector<uint16_t> x = narrow(conv.x, type), filter = narrow(conv.filter, type);
    std::vector<uint16_t> y(conv.y.size(), 0x7e00); // NaN in both types
    REQUIRE(conv.callOn(type, addressOf(x), addressOf(filter), addressOf(y)) ==
            PT2CRT_CONV_DONE);
    REQUIRE(fake.run.error_code == PT2C_OK);
    // Tensor cores are fine for 16-bit types: the heuristic's first pick runs.
    CHECK(fakeLibraryQuery<int>(PT2C_FAKE_CUDNN, "fake_cudnn_last_algo") == 5);
    CHECK(fakeLibraryQuery<int>(PT2C_FAKE_CUDNN, "fake_cudnn_last_math") ==
          PT2CRT_CUDNN_TENSOR_OP_MATH);
    // Summed exactly, rounded once: within half a unit in the last place.
    double ulp = type == kFloat16 ? 1.0 / 1024 : 1.0 / 128;
    for (size_t i = 0; i < want.size(); ++i)
      CHECK(widen(y[i], type) == Approx(want[i]).epsilon(ulp / 2).margin(1e-6));
  }
}

TEST_CASE("cuda conv: an algorithm refused at run time gives way to the next",
          "[runtime][conv]") {
  Conv conv(1, 3, 6, 6, 4, 3, 3);
  conv.prepare(0.0f);
  std::vector<float> want = conv.reference(false);
  std::vector<uint16_t> x = narrow(conv.x, kBfloat16), filter = narrow(conv.filter, kBfloat16);
  {
    // The tensor-core pick refuses: algorithm 0 runs, now and on later calls.
    FakeLibraryRun fake;
    setenv("FAKE_CUDNN_REFUSE", ",5,", 1);
    for (int call = 0; call < 2; ++call) {
      std::vector<uint16_t> y(conv.y.size(), 0x7e00);
      REQUIRE(conv.callOn(kBfloat16, addressOf(x), addressOf(filter), addressOf(y)) ==
              PT2CRT_CONV_DONE);
      CHECK(fakeLibraryQuery<int>(PT2C_FAKE_CUDNN, "fake_cudnn_last_algo") == 0);
      for (size_t i = 0; i < want.size(); ++i)
        CHECK(widen(y[i], kBfloat16) == Approx(want[i]).epsilon(1.0 / 256).margin(1e-6));
    }
    unsetenv("FAKE_CUDNN_REFUSE");
    CHECK(fake.run.error_code == PT2C_OK);
  }
  {
    // Every candidate refuses: declined, nothing written, the run still fine.
    FakeLibraryRun fake;
    setenv("FAKE_CUDNN_REFUSE", ",5,0,", 1);
    std::vector<uint16_t> y(conv.y.size(), 0x1234);
    long calls = fakeConvolutions();
    CHECK(conv.callOn(kBfloat16, addressOf(x), addressOf(filter), addressOf(y)) ==
          PT2CRT_CONV_DECLINED);
    CHECK(conv.callOn(kBfloat16, addressOf(x), addressOf(filter), addressOf(y)) ==
          PT2CRT_CONV_DECLINED);
    unsetenv("FAKE_CUDNN_REFUSE");
    CHECK(fakeConvolutions() == calls);
    CHECK(y == std::vector<uint16_t>(conv.y.size(), 0x1234));
    CHECK(fake.run.error_code == PT2C_OK);
  }
}

TEST_CASE("cuda conv: plans are kept per shape", "[runtime][conv]") {
  FakeLibraryRun fake;
  Conv conv(1, 2, 5, 5, 2, 3, 3);
  conv.prepare(0.0f);
  long before = fakeLibraryQuery(PT2C_FAKE_CUDNN, "fake_cudnn_heuristic_calls");
  for (int i = 0; i < 3; ++i)
    REQUIRE(conv.call() == PT2CRT_CONV_DONE);
  Conv wider(1, 2, 5, 7, 2, 3, 3);
  wider.prepare(0.0f);
  REQUIRE(wider.call() == PT2CRT_CONV_DONE);
  CHECK(fakeLibraryQuery(PT2C_FAKE_CUDNN, "fake_cudnn_heuristic_calls") - before == 2);
  // One handle for the context, freed with it.
  CHECK(fakeLibraryQuery(PT2C_FAKE_CUDNN, "fake_cudnn_handles") >= 1);
}

TEST_CASE("cuda conv: what cuDNN cannot take is declined untouched", "[runtime][conv]") {
  FakeLibraryRun fake;
  Conv conv(1, 2, 5, 5, 2, 3, 3);
  conv.prepare(7.0f);
  std::vector<float> before = conv.y;
  long calls = fakeConvolutions();
  CHECK(conv.call(/*type=*/3) == PT2CRT_CONV_DECLINED);            // no such type
  CHECK(conv.call(0, false, /*filterF=*/19) == PT2CRT_CONV_DECLINED); // unpacked filter
  CHECK(conv.call(0, false, -1, /*xOffsetBytes=*/4) == PT2CRT_CONV_DECLINED); // unaligned
  Conv groups(1, 4, 5, 5, 6, 3, 3);
  groups.groups = 3; // 4 channels do not split into 3 groups
  groups.prepare(0.0f);
  CHECK(groups.call() == PT2CRT_CONV_DECLINED);
  CHECK(fakeConvolutions() == calls);
  CHECK(conv.y == before);
  CHECK(fake.run.error_code == PT2C_OK);
  // No output element: done, nothing called.
  Conv empty(0, 2, 5, 5, 2, 3, 3);
  empty.prepare(0.0f);
  CHECK(empty.call() == PT2CRT_CONV_DONE);
  CHECK(fakeConvolutions() == calls);
}

TEST_CASE("cuda conv: float32 takes tensor-op math only with ALLOW_TF32", "[runtime][conv]") {
  // The heuristic ranks a tensor-core algorithm first: without the flag it
  // is skipped (FMA math, algorithm 0), with it float32 runs there (TF32,
  // torch's cudnn.allow_tf32).
  FakeLibraryRun fake;
  Conv conv(1, 2, 5, 5, 3, 3, 3);
  conv.allowTF32 = true;
  conv.prepare(0.0f);
  REQUIRE(conv.call() == PT2CRT_CONV_DONE);
  REQUIRE(fake.run.error_code == PT2C_OK);
  CHECK(fakeLibraryQuery<int>(PT2C_FAKE_CUDNN, "fake_cudnn_last_math") ==
        PT2CRT_CUDNN_TENSOR_OP_MATH);
  conv.allowTF32 = false;
  REQUIRE(conv.call() == PT2CRT_CONV_DONE);
  CHECK(fakeLibraryQuery<int>(PT2C_FAKE_CUDNN, "fake_cudnn_last_math") ==
        PT2CRT_CUDNN_FMA_MATH);
}

namespace {

/// act(conv + z + bias[k]) from `conv` (y written over), as the epilogue
/// generic after the convolution computes it.
std::vector<float> withEpilogue(const Conv &conv, const std::vector<float> &convolved,
                                const std::vector<float> &bias, const std::vector<float> *z,
                                bool relu) {
  std::vector<float> out = convolved;
  for (int64_t b = 0; b < conv.n; ++b)
    for (int64_t k = 0; k < conv.f; ++k)
      for (int64_t i = 0; i < conv.oh(); ++i)
        for (int64_t j = 0; j < conv.ow(); ++j) {
          float &target = conv.yAt(out, b, k, i, j);
          size_t at = size_t(&target - out.data());
          double value = double(target) + bias[size_t(k)] + (z ? (*z)[at] : 0.0);
          target = float(relu && value < 0 ? 0.0 : value);
        }
  return out;
}

long fakeFused() {
  return fakeLibraryQuery(PT2C_FAKE_CUDNN, "fake_cudnn_fused_convolutions");
}

} // namespace

TEST_CASE("cuda conv: bias, residual and ReLU in cuDNN's fused call", "[runtime][conv]") {
  // channels-last bfloat16, as resnet50's bottlenecks: out = relu(conv + z +
  // bias), summed in float32 and rounded once; y is left alone.
  FakeLibraryRun fake;
  Conv conv(2, 8, 5, 6, 8, 3, 3);
  conv.padH = conv.padW = 1, conv.filterLast = true;
  conv.xStrides[0] = conv.h * conv.w * conv.c, conv.xStrides[1] = 1;
  conv.xStrides[2] = conv.w * conv.c, conv.xStrides[3] = conv.c;
  conv.yStrides[0] = conv.oh() * conv.ow() * conv.f, conv.yStrides[1] = conv.f;
  conv.yStrides[2] = 1, conv.yStrides[3] = conv.f;
  conv.prepare(0.0f);
  std::vector<float> bias(size_t(conv.f)), z(conv.y.size());
  for (size_t i = 0; i < bias.size(); ++i)
    bias[i] = float(i % 5) * 0.5f - 1.0f;
  for (size_t i = 0; i < z.size(); ++i)
    z[i] = float((i * 3) % 7) * 0.25f - 0.75f;
  std::vector<float> want = withEpilogue(conv, conv.reference(false), bias, &z, true);
  int64_t type = kBfloat16;
  std::vector<uint16_t> x = narrow(conv.x, type), filter = narrow(conv.filter, type);
  std::vector<uint16_t> b = narrow(bias, type), zz = narrow(z, type);
  std::vector<uint16_t> y(conv.y.size(), 0x1234), out(conv.y.size(), 0x7e00);
  long fused = fakeFused(), plain = fakeConvolutions();
  int64_t epilogue = PT2CRT_CONV_BIAS | PT2CRT_CONV_RESIDUAL | PT2CRT_CONV_RELU;
  for (int call = 0; call < 2; ++call)
    REQUIRE(conv.callOn(type, addressOf(x), addressOf(filter), addressOf(y), false, -1,
                        epilogue, addressOf(b), addressOf(zz), addressOf(out)) ==
            PT2CRT_CONV_DONE_WITH_EPILOGUE);
  REQUIRE(fake.run.error_code == PT2C_OK);
  CHECK(fakeFused() - fused == 2);
  CHECK(fakeConvolutions() == plain);
  CHECK(y == std::vector<uint16_t>(conv.y.size(), 0x1234));
  bool negatives = false;
  for (size_t i = 0; i < want.size(); ++i) {
    CHECK(widen(out[i], type) == Approx(want[i]).epsilon(1.0 / 256).margin(1e-6));
    negatives |= widen(out[i], type) < 0;
  }
  CHECK(!negatives);
  // Without the residual flag z is not read (out stands in for it).
  std::vector<float> noResidual = withEpilogue(conv, conv.reference(false), bias, nullptr, true);
  REQUIRE(conv.callOn(type, addressOf(x), addressOf(filter), addressOf(y), false, -1,
                      PT2CRT_CONV_BIAS | PT2CRT_CONV_RELU, addressOf(b), 0,
                      addressOf(out)) == PT2CRT_CONV_DONE_WITH_EPILOGUE);
  for (size_t i = 0; i < want.size(); ++i)
    CHECK(widen(out[i], type) == Approx(noResidual[i]).epsilon(1.0 / 256).margin(1e-6));
}

TEST_CASE("cuda conv: a refused epilogue leaves it to the caller, once per plan",
          "[runtime][conv]") {
  Conv conv(1, 4, 5, 5, 6, 3, 3);
  conv.padH = conv.padW = 1;
  conv.prepare(0.0f);
  std::vector<float> want = conv.reference(false);
  std::vector<float> bias(size_t(conv.f), 0.5f), out(conv.y.size(), 7.0f);
  {
    // cuDNN refuses every fused call: the convolution alone runs, into y.
    FakeLibraryRun fake;
    setenv("FAKE_CUDNN_REFUSE_FUSED", "1", 1);
    long refusals = fakeLibraryQuery(PT2C_FAKE_CUDNN, "fake_cudnn_fused_refusals");
    for (int call = 0; call < 2; ++call) {
      conv.y.assign(conv.y.size(), 1e30f);
      REQUIRE(conv.callOn(0, addressOf(conv.x), addressOf(conv.filter), addressOf(conv.y),
                          false, -1, PT2CRT_CONV_BIAS | PT2CRT_CONV_RELU, addressOf(bias),
                          0, addressOf(out)) == PT2CRT_CONV_DONE);
      for (size_t i = 0; i < want.size(); ++i)
        CHECK(conv.y[i] == Approx(want[i]).epsilon(1e-5));
    }
    unsetenv("FAKE_CUDNN_REFUSE_FUSED");
    // Tried on the first call only, with float32's one candidate (algorithm 0).
    CHECK(fakeLibraryQuery(PT2C_FAKE_CUDNN, "fake_cudnn_fused_refusals") - refusals == 1);
    CHECK(out == std::vector<float>(conv.y.size(), 7.0f));
    CHECK(fake.run.error_code == PT2C_OK);
  }
  {
    // An identity activation needs IMPLICIT_PRECOMP_GEMM, which this
    // heuristic offers with more workspace than there is: the convolution
    // alone runs.
    FakeLibraryRun fake;
    long fused = fakeFused();
    conv.y.assign(conv.y.size(), 1e30f);
    REQUIRE(conv.callOn(0, addressOf(conv.x), addressOf(conv.filter), addressOf(conv.y),
                        false, -1, PT2CRT_CONV_BIAS, addressOf(bias), 0,
                        addressOf(out)) == PT2CRT_CONV_DONE);
    CHECK(fakeFused() == fused);
    for (size_t i = 0; i < want.size(); ++i)
      CHECK(conv.y[i] == Approx(want[i]).epsilon(1e-5));
    CHECK(out == std::vector<float>(conv.y.size(), 7.0f));
  }
  {
    // float32 with ReLU is accepted (algorithm 0, FMA math); an unaligned
    // bias is not offered at all.
    FakeLibraryRun fake;
    std::vector<float> expected = withEpilogue(conv, want, bias, nullptr, true);
    REQUIRE(conv.callOn(0, addressOf(conv.x), addressOf(conv.filter), addressOf(conv.y),
                        false, -1, PT2CRT_CONV_BIAS | PT2CRT_CONV_RELU, addressOf(bias), 0,
                        addressOf(out)) == PT2CRT_CONV_DONE_WITH_EPILOGUE);
    CHECK(fakeLibraryQuery<int>(PT2C_FAKE_CUDNN, "fake_cudnn_last_algo") == 0);
    for (size_t i = 0; i < expected.size(); ++i)
      CHECK(out[i] == Approx(expected[i]).epsilon(1e-5));
    long fused = fakeFused();
    CHECK(conv.callOn(0, addressOf(conv.x), addressOf(conv.filter), addressOf(conv.y), false,
                      -1, PT2CRT_CONV_BIAS | PT2CRT_CONV_RELU, addressOf(bias) + 4, 0,
                      addressOf(out)) == PT2CRT_CONV_DONE);
    CHECK(fakeFused() == fused);
  }
}

TEST_CASE("cuda conv: PT2C_CUDNN_FUSED limits the fused calls", "[runtime][conv]") {
  // float32's one candidate here is algorithm 0: "precomp" (IMPLICIT_PRECOMP_GEMM
  // only) and "off" leave the epilogue to the caller; unset, it runs fused.
  Conv conv(1, 4, 5, 5, 6, 3, 3);
  conv.prepare(0.0f);
  std::vector<float> bias(size_t(conv.f), 0.5f), out(conv.y.size(), 7.0f);
  // "same" keeps the algorithm the convolution alone runs (0 here); "dense"
  // (the default) and "all" differ for grouped convolutions only.
  for (const char *policy : {"off", "precomp", "", "same", "dense", "all"}) {
    setenv("PT2C_CUDNN_FUSED", policy, 1);
    FakeLibraryRun fake; // a new context reads the variable
    long fused = fakeFused();
    int32_t answer =
        conv.callOn(0, addressOf(conv.x), addressOf(conv.filter), addressOf(conv.y), false, -1,
                    PT2CRT_CONV_BIAS | PT2CRT_CONV_RELU, addressOf(bias), 0, addressOf(out));
    bool fusedRun = !*policy || !strcmp(policy, "same") || !strcmp(policy, "dense") ||
                    !strcmp(policy, "all");
    CHECK(answer == (fusedRun ? PT2CRT_CONV_DONE_WITH_EPILOGUE : PT2CRT_CONV_DONE));
    CHECK(fakeFused() - fused == (fusedRun ? 1 : 0));
    CHECK(fake.run.error_code == PT2C_OK);
  }
  // A depthwise convolution by default: alone, the epilogue the caller's;
  // with "all" fused.
  unsetenv("PT2C_CUDNN_FUSED");
  FakeLibraryRun fake;
  Conv depthwise(1, 4, 5, 5, 4, 3, 3);
  depthwise.groups = 4;
  depthwise.prepare(0.0f);
  std::vector<float> depthwiseBias(4, 0.5f), depthwiseOut(depthwise.y.size(), 7.0f);
  long fused = fakeFused();
  CHECK(depthwise.callOn(0, addressOf(depthwise.x), addressOf(depthwise.filter),
                         addressOf(depthwise.y), false, -1, PT2CRT_CONV_BIAS | PT2CRT_CONV_RELU,
                         addressOf(depthwiseBias), 0,
                         addressOf(depthwiseOut)) == PT2CRT_CONV_DONE);
  CHECK(fakeFused() == fused);
  setenv("PT2C_CUDNN_FUSED", "all", 1);
  {
    FakeLibraryRun all;
    CHECK(depthwise.callOn(0, addressOf(depthwise.x), addressOf(depthwise.filter),
                           addressOf(depthwise.y), false, -1,
                           PT2CRT_CONV_BIAS | PT2CRT_CONV_RELU, addressOf(depthwiseBias), 0,
                           addressOf(depthwiseOut)) == PT2CRT_CONV_DONE_WITH_EPILOGUE);
    CHECK(fakeFused() == fused + 1);
  }
  unsetenv("PT2C_CUDNN_FUSED");
}
