//===- CudaGemmTest.cpp - pt2crt_cuda_gemm on fake cuBLASLt and driver ----===//
//
// The generated code hands matmuls of any strides to pt2crt_cuda_gemm,
// which rewrites them as column-major cuBLASLt calls (GemmLayout.h), merges
// or loops over outer dimensions and caches plans. Here it runs on
// FakeCublasLt.c (a plain column-major gemm with cuBLASLt's conventions)
// and FakeCuda.c, and every result is compared with a direct evaluation of
// C += A·B from the same strides.
//
//===----------------------------------------------------------------------===//

#include "CudaGemm.h"
#include "FakeLibraryRun.h"
#include "GemmLayout.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace {

/// One operand: its data and its strides along rows, columns and the two
/// outer loops (0: not indexed by that loop).
struct Operand {
  std::vector<float> data;
  int64_t rows, cols, outer0 = 0, outer1 = 0;
  int64_t address() const { return int64_t(reinterpret_cast<uintptr_t>(data.data())); }
};

struct Problem {
  int64_t m, n, k, count0 = 1, count1 = 1;
  Operand a, b, c;
};

/// C += A·B evaluated from the strides, in double.
std::vector<float> reference(const Problem &p) {
  std::vector<float> c = p.c.data;
  for (int64_t o0 = 0; o0 < p.count0; ++o0)
    for (int64_t o1 = 0; o1 < p.count1; ++o1)
      for (int64_t i = 0; i < p.m; ++i)
        for (int64_t j = 0; j < p.n; ++j) {
          double sum = 0;
          for (int64_t l = 0; l < p.k; ++l)
            sum += double(p.a.data[o0 * p.a.outer0 + o1 * p.a.outer1 + i * p.a.rows +
                                   l * p.a.cols]) *
                   p.b.data[o0 * p.b.outer0 + o1 * p.b.outer1 + l * p.b.rows + j * p.b.cols];
          c[o0 * p.c.outer0 + o1 * p.c.outer1 + i * p.c.rows + j * p.c.cols] += float(sum);
        }
  return c;
}

void fill(std::vector<float> &data, size_t size, float seed) {
  data.resize(size);
  for (size_t i = 0; i < size; ++i)
    data[i] = float((i * 7 + 3) % 11) * 0.25f - 1.0f + seed;
}

/// A run on the fake driver (FakeLibraryRun.h) with a gemm helper.
struct FakeRun : FakeLibraryRun {
  int32_t gemm(Problem &p, int64_t bias = 0, int64_t epilogue = 0) {
    return pt2crt_cuda_gemm(0, p.m, p.n, p.k, p.a.address(), p.a.rows, p.a.cols,
                            p.b.address(), p.b.rows, p.b.cols, p.c.address(), p.c.rows,
                            p.c.cols, p.count0, p.a.outer0, p.b.outer0, p.c.outer0,
                            p.count1, p.a.outer1, p.b.outer1, p.c.outer1, bias, epilogue);
  }
};

/// The fake's matmul count; 0 before the runtime first opened it.
long fakeMatmuls() { return fakeLibraryQuery(PT2C_FAKE_CUBLASLT, "fake_cublaslt_matmuls"); }

/// Runs `p` through pt2crt_cuda_gemm; checks it was done in `calls`
/// cuBLASLt calls and matches the reference.
void checkGemm(Problem p, long calls) {
  FakeRun fake;
  std::vector<float> want = reference(p);
  long before = fakeMatmuls();
  REQUIRE(fake.gemm(p) == 1);
  REQUIRE(fake.run.error_code == PT2C_OK);
  CHECK(fakeMatmuls() - before == calls);
  REQUIRE(p.c.data.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i)
    CHECK(p.c.data[i] == Approx(want[i]).epsilon(1e-5));
}

/// A linear layer C = x·Wᵀ over two batches sharing W and the bias
/// (filled into `bias`), C zero.
Problem linearLayer(std::vector<float> &bias) {
  Problem p{3, 5, 4, 2, 1, {{}, 4, 1, 12, 0}, {{}, 1, 4, 0, 0}, {{}, 5, 1, 15, 0}};
  fill(p.a.data, 24, 0.0f);
  fill(p.b.data, 20, -0.5f);
  p.c.data.assign(30, 0.0f);
  fill(bias, 5, -0.75f);
  return p;
}

} // namespace

TEST_CASE("gemm layout: row-major, transposed and column-major operands", "[runtime][gemm]") {
  pt2crt_gemm_layout layout;
  // Row-major everything: D = Cᵀ = Bᵀ·Aᵀ, no transposes.
  REQUIRE(pt2crt_gemm_layout_of(3, 5, 4, 4, 1, 5, 1, 5, 1, &layout));
  CHECK(layout.swapped == 1);
  CHECK((layout.p.op == PT2CRT_GEMM_OP_N && layout.p.rows == 5 && layout.p.cols == 4 &&
         layout.p.ld == 5));
  CHECK((layout.q.op == PT2CRT_GEMM_OP_N && layout.q.rows == 4 && layout.q.cols == 3 &&
         layout.q.ld == 4));
  CHECK((layout.d.rows == 5 && layout.d.cols == 3 && layout.d.ld == 5));
  // B read as linear's W [n, k] (columns strided by k): transposed.
  REQUIRE(pt2crt_gemm_layout_of(3, 5, 4, 4, 1, 1, 4, 5, 1, &layout));
  CHECK((layout.p.op == PT2CRT_GEMM_OP_T && layout.p.rows == 4 && layout.p.ld == 4));
  // A column-major C: D = C = A·B.
  REQUIRE(pt2crt_gemm_layout_of(3, 5, 4, 4, 1, 5, 1, 1, 3, &layout));
  CHECK(layout.swapped == 0);
  CHECK((layout.d.rows == 3 && layout.d.cols == 5 && layout.d.ld == 3));
  CHECK(layout.p.op == PT2CRT_GEMM_OP_T);
  // Neither dimension of A contiguous: declined.
  CHECK_FALSE(pt2crt_gemm_layout_of(3, 5, 4, 8, 2, 5, 1, 5, 1, &layout));
  // A leading dimension shorter than a row: declined.
  CHECK_FALSE(pt2crt_gemm_layout_of(3, 5, 4, 2, 1, 5, 1, 5, 1, &layout));
  // Size-1 dimensions take any stride.
  REQUIRE(pt2crt_gemm_layout_of(1, 5, 4, 0, 1, 5, 1, 0, 1, &layout));
}

TEST_CASE("cuda gemm: row-major C += A·B accumulates", "[runtime][gemm]") {
  Problem p{3, 5, 4, 1, 1, {{}, 4, 1}, {{}, 5, 1}, {{}, 5, 1}};
  fill(p.a.data, 12, 0.0f);
  fill(p.b.data, 20, 0.5f);
  fill(p.c.data, 15, 1.0f); // not zero: the call must add to it
  checkGemm(p, 1);
}

TEST_CASE("cuda gemm: with OVERWRITE, C = A·B without reading C", "[runtime][gemm]") {
  Problem p{3, 5, 4, 1, 1, {{}, 4, 1}, {{}, 1, 4}, {{}, 5, 1}};
  fill(p.a.data, 12, 0.0f);
  fill(p.b.data, 20, 0.5f);
  p.c.data.assign(15, 0.0f);
  std::vector<float> want = reference(p); // A·B onto zeros
  p.c.data.assign(15, std::numeric_limits<float>::quiet_NaN());
  FakeRun fake;
  REQUIRE(fake.gemm(p, 0, PT2CRT_GEMM_OVERWRITE) == PT2CRT_GEMM_DONE);
  for (size_t i = 0; i < want.size(); ++i)
    CHECK(p.c.data[i] == Approx(want[i]).epsilon(1e-5));
  // With the bias epilogue too: bias + A·B.
  std::vector<float> bias(5);
  for (size_t j = 0; j < bias.size(); ++j)
    bias[j] = 0.5f * float(j) - 1.0f;
  p.c.data.assign(15, std::numeric_limits<float>::quiet_NaN());
  int64_t biasAddress = int64_t(reinterpret_cast<uintptr_t>(bias.data()));
  REQUIRE(fake.gemm(p, biasAddress, PT2CRT_GEMM_BIAS | PT2CRT_GEMM_OVERWRITE) ==
          PT2CRT_GEMM_DONE_WITH_EPILOGUE);
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t j = 0; j < 5; ++j)
      CHECK(p.c.data[size_t(i * 5 + j)] ==
            Approx(want[size_t(i * 5 + j)] + bias[size_t(j)]).epsilon(1e-5));
  // An empty sum must still zero C: left to the caller's fill.
  Problem empty{3, 5, 0, 1, 1, {{}, 1, 1}, {{}, 5, 1}, {{}, 5, 1}};
  empty.a.data.assign(1, 0.0f), empty.b.data.assign(5, 0.0f), empty.c.data.assign(15, 3.0f);
  CHECK(fake.gemm(empty, 0, PT2CRT_GEMM_OVERWRITE) == PT2CRT_GEMM_DECLINED);
  CHECK(fake.gemm(empty) == PT2CRT_GEMM_DONE);
  CHECK(empty.c.data == std::vector<float>(15, 3.0f));
  CHECK(fake.run.error_code == PT2C_OK);
}

TEST_CASE("cuda gemm: linear's transposed weight and a column-major C", "[runtime][gemm]") {
  Problem linear{3, 5, 4, 1, 1, {{}, 4, 1}, {{}, 1, 4}, {{}, 5, 1}};
  fill(linear.a.data, 12, 0.0f);
  fill(linear.b.data, 20, -0.5f);
  fill(linear.c.data, 15, 0.0f);
  checkGemm(linear, 1);
  Problem columns{3, 5, 4, 1, 1, {{}, 4, 1}, {{}, 5, 1}, {{}, 1, 3}};
  fill(columns.a.data, 12, 0.0f);
  fill(columns.b.data, 20, 0.25f);
  fill(columns.c.data, 15, 0.0f);
  checkGemm(columns, 1);
}

TEST_CASE("cuda gemm: outer loops merge into one batch when they can", "[runtime][gemm]") {
  // Attention's [2, 3] heads: both outer loops contiguous, one batch of 6.
  Problem heads{4, 2, 3, 2, 3, {{}, 3, 1, 36, 12}, {{}, 2, 1, 18, 6}, {{}, 2, 1, 24, 8}};
  fill(heads.a.data, 72, 0.0f);
  fill(heads.b.data, 36, 0.5f);
  fill(heads.c.data, 48, 0.0f);
  checkGemm(heads, 1);
}

TEST_CASE("cuda gemm: outer loops an operand does not have", "[runtime][gemm]") {
  // im2col convolution: weights [F=4, R=3] shared by N=2 images (stride 0
  // along N), windows [N, R, P=5], output [N, F, P]: one batch of 2.
  Problem conv{4, 5, 3, 2, 1, {{}, 3, 1, 0, 0}, {{}, 5, 1, 15, 0}, {{}, 5, 1, 20, 0}};
  fill(conv.a.data, 12, 0.0f);
  fill(conv.b.data, 30, 0.5f);
  fill(conv.c.data, 40, 0.0f);
  checkGemm(conv, 1);
  // Grouped: G=2 groups of weights [G, F, R], windows [N, G, R, P], output
  // [N, G, F, P]. The loops over N and G do not merge (the weights do not
  // advance along N): a batch of G per image, one call per image.
  Problem grouped{4, 5, 3, 2, 2, {{}, 3, 1, 0, 12}, {{}, 5, 1, 30, 15}, {{}, 5, 1, 40, 20}};
  fill(grouped.a.data, 24, 0.0f);
  fill(grouped.b.data, 60, 0.5f);
  fill(grouped.c.data, 80, 0.0f);
  checkGemm(grouped, 2);
}

TEST_CASE("cuda gemm: a layout cuBLASLt cannot express is declined", "[runtime][gemm]") {
  FakeRun fake;
  Problem p{3, 5, 4, 1, 1, {{}, 8, 2}, {{}, 5, 1}, {{}, 5, 1}};
  fill(p.a.data, 24, 0.0f);
  fill(p.b.data, 20, 0.0f);
  fill(p.c.data, 15, 1.0f);
  std::vector<float> before = p.c.data;
  CHECK(fake.gemm(p) == 0);
  CHECK(p.c.data == before);
  // Nothing to add (k = 0): done, C unchanged.
  Problem empty{3, 5, 0, 1, 1, {{}, 1, 1}, {{}, 5, 1}, {{}, 5, 1}};
  fill(empty.c.data, 15, 1.0f);
  before = empty.c.data;
  CHECK(fake.gemm(empty) == 1);
  CHECK(empty.c.data == before);
}

TEST_CASE("cuda gemm: bias and ReLU epilogues", "[runtime][gemm]") {
  // A linear layer's C = x·Wᵀ (+ b, then ReLU), with outer batches sharing
  // the bias: the reference adds bias[j] and clamps at 0 after the product.
  for (int64_t epilogue : {PT2CRT_GEMM_BIAS, PT2CRT_GEMM_RELU_BIAS}) {
    INFO("epilogue " << epilogue);
    std::vector<float> bias;
    Problem p = linearLayer(bias);
    std::vector<float> want = reference(p);
    for (size_t i = 0; i < want.size(); ++i) {
      want[i] += bias[i % 5];
      if (epilogue == PT2CRT_GEMM_RELU_BIAS)
        want[i] = std::max(want[i], 0.0f);
    }
    FakeRun fake;
    long before = fakeMatmuls();
    REQUIRE(fake.gemm(p, int64_t(reinterpret_cast<uintptr_t>(bias.data())), epilogue) ==
            PT2CRT_GEMM_DONE_WITH_EPILOGUE);
    CHECK(fakeMatmuls() - before == 1);
    for (size_t i = 0; i < want.size(); ++i)
      CHECK(p.c.data[i] == Approx(want[i]).epsilon(1e-5));
  }
}

TEST_CASE("cuda gemm: an epilogue cuBLASLt cannot fuse is left to the caller",
          "[runtime][gemm]") {
  FakeRun fake;
  std::vector<float> bias(5, 1.0f);
  int64_t address = int64_t(reinterpret_cast<uintptr_t>(bias.data()));
  // A column-major C: cuBLASLt's bias would run along C's rows, not its
  // columns. The product is done, the epilogue is not.
  Problem columns{3, 5, 4, 1, 1, {{}, 4, 1}, {{}, 5, 1}, {{}, 1, 3}};
  fill(columns.a.data, 12, 0.0f);
  fill(columns.b.data, 20, 0.25f);
  columns.c.data.assign(15, 0.0f);
  std::vector<float> want = reference(columns);
  CHECK(fake.gemm(columns, address, PT2CRT_GEMM_BIAS) == PT2CRT_GEMM_DONE);
  for (size_t i = 0; i < want.size(); ++i)
    CHECK(columns.c.data[i] == Approx(want[i]).epsilon(1e-5));
  // A bias that is not float-aligned, and an unknown epilogue: likewise.
  Problem rows{3, 5, 4, 1, 1, {{}, 4, 1}, {{}, 5, 1}, {{}, 5, 1}};
  fill(rows.a.data, 12, 0.0f);
  fill(rows.b.data, 20, 0.5f);
  rows.c.data.assign(15, 0.0f);
  CHECK(fake.gemm(rows, address + 2, PT2CRT_GEMM_BIAS) == PT2CRT_GEMM_DONE);
  CHECK(fake.gemm(rows, address, 7) == PT2CRT_GEMM_DONE);
}

namespace {

/// The float16 bits of `value`, a normal number or zero that float16
/// holds exactly (the tests' multiples of 1/4).
uint16_t toHalf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  uint16_t sign = uint16_t((bits >> 16) & 0x8000);
  if ((bits & 0x7fffffff) == 0)
    return sign;
  int32_t exponent = int32_t((bits >> 23) & 255) - 127 + 15;
  return uint16_t(sign | (exponent << 10) | ((bits >> 13) & 1023));
}

/// The value of float16 bits (any finite one).
double fromHalf(uint16_t bits) {
  int exponent = (bits >> 10) & 31, mantissa = bits & 1023;
  double magnitude = exponent == 0 ? std::ldexp(mantissa, -24)
                                   : std::ldexp(1024 + mantissa, exponent - 25);
  return (bits & 0x8000) ? -magnitude : magnitude;
}

std::vector<uint16_t> toHalves(const std::vector<float> &values) {
  std::vector<uint16_t> halves;
  for (float value : values)
    halves.push_back(toHalf(value));
  return halves;
}

/// linearLayer in float16, with its output C (NaN: never read) and the
/// call of pt2crt_cuda_gemm on it with a bias address and an epilogue.
struct HalfLinearLayer {
  std::vector<float> bias;
  Problem p = linearLayer(bias);
  std::vector<uint16_t> a = toHalves(p.a.data), b = toHalves(p.b.data),
                        bias16 = toHalves(bias), c = std::vector<uint16_t>(30, 0x7e00);

  static int64_t address(const std::vector<uint16_t> &v) {
    return int64_t(reinterpret_cast<uintptr_t>(v.data()));
  }
  int32_t call(int64_t biasAddress, int64_t epilogue) {
    return pt2crt_cuda_gemm(1, p.m, p.n, p.k, address(a), p.a.rows, p.a.cols, address(b),
                            p.b.rows, p.b.cols, address(c), p.c.rows, p.c.cols, p.count0,
                            p.a.outer0, p.b.outer0, p.c.outer0, p.count1, p.a.outer1,
                            p.b.outer1, p.c.outer1, biasAddress, epilogue);
  }
};

} // namespace

TEST_CASE("cuda gemm: float16 operands with outer loops that do not merge",
          "[runtime][gemm]") {
  // The grouped convolution of the float32 case above with float16 weights
  // and windows: one call per image, and C (float32) must advance by its
  // own element size between them, not the operands'.
  Problem grouped{4, 5, 3, 2, 2, {{}, 3, 1, 0, 12}, {{}, 5, 1, 30, 15}, {{}, 5, 1, 40, 20}};
  fill(grouped.a.data, 24, 0.0f);
  fill(grouped.b.data, 60, 0.5f);
  fill(grouped.c.data, 80, 0.0f);
  std::vector<float> want = reference(grouped);
  std::vector<uint16_t> a = toHalves(grouped.a.data), b = toHalves(grouped.b.data);
  auto address = [](const std::vector<uint16_t> &v) {
    return int64_t(reinterpret_cast<uintptr_t>(v.data()));
  };
  FakeRun fake;
  long before = fakeMatmuls();
  Problem &p = grouped;
  REQUIRE(pt2crt_cuda_gemm(1, p.m, p.n, p.k, address(a), p.a.rows, p.a.cols, address(b),
                           p.b.rows, p.b.cols, p.c.address(), p.c.rows, p.c.cols, p.count0,
                           p.a.outer0, p.b.outer0, p.c.outer0, p.count1, p.a.outer1,
                           p.b.outer1, p.c.outer1, 0, 0) == PT2CRT_GEMM_DONE);
  CHECK(fakeMatmuls() - before == 2);
  for (size_t i = 0; i < want.size(); ++i)
    CHECK(p.c.data[i] == Approx(want[i]).epsilon(1e-5));
}

TEST_CASE("cuda gemm: NARROW_OUTPUT writes A's 16-bit type, bias and all, or declines",
          "[runtime][gemm]") {
  // A float16 linear layer whose float32 result the compiler would round
  // to float16 right after adding the bias: the call writes the float16
  // result itself, rounding once (the values are multiples of 1/4 that
  // float16 holds exactly, so the rounding is exact too).
  HalfLinearLayer layer;
  Problem &p = layer.p;
  std::vector<uint16_t> &c = layer.c;
  std::vector<float> want = reference(p);
  for (size_t i = 0; i < want.size(); ++i)
    want[i] += layer.bias[i % 5];
  auto address = HalfLinearLayer::address;
  auto call = [&](int64_t biasAddress, int64_t epilogue) { return layer.call(biasAddress, epilogue); };
  std::vector<uint16_t> &bias16 = layer.bias16;
  FakeRun fake;
  long before = fakeMatmuls();
  const int64_t narrow = PT2CRT_GEMM_OVERWRITE | PT2CRT_GEMM_NARROW_OUTPUT;
  REQUIRE(call(address(bias16), PT2CRT_GEMM_BIAS | narrow) == PT2CRT_GEMM_DONE_WITH_EPILOGUE);
  CHECK(fakeMatmuls() - before == 1);
  for (size_t i = 0; i < want.size(); ++i)
    CHECK(c[i] == toHalf(want[i]));
  // Without a bias: the rounded product alone, still done in full.
  REQUIRE(call(0, narrow) == PT2CRT_GEMM_DONE_WITH_EPILOGUE);
  std::vector<float> product = reference(p);
  for (size_t i = 0; i < product.size(); ++i)
    CHECK(c[i] == toHalf(product[i]));
  // All or nothing: a bias cuBLASLt cannot take (misaligned), a C that is
  // read (no OVERWRITE), or float32 operands are declined, never half done.
  before = fakeMatmuls();
  CHECK(call(address(bias16) + 1, PT2CRT_GEMM_BIAS | narrow) == PT2CRT_GEMM_DECLINED);
  CHECK(call(0, PT2CRT_GEMM_NARROW_OUTPUT) == PT2CRT_GEMM_DECLINED);
  CHECK(fakeMatmuls() == before);
}

TEST_CASE("cuda gemm: the tanh GELU epilogue, with the bias or without, 16-bit output only",
          "[runtime][gemm]") {
  // The float16 linear layer above followed by GPT-2's GELU: the call
  // writes gelu(A·B + bias) in float16, computed in float32 and rounded
  // once (FakeCublasLt computes it as cuBLASLt documents it).
  HalfLinearLayer layer;
  std::vector<float> &bias = layer.bias;
  std::vector<uint16_t> &c = layer.c, &bias16 = layer.bias16;
  std::vector<float> product = reference(layer.p);
  auto address = HalfLinearLayer::address;
  auto call = [&](int64_t biasAddress, int64_t epilogue) { return layer.call(biasAddress, epilogue); };
  auto gelu = [](double x) {
    return 0.5 * x * (1.0 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
  };
  FakeRun fake;
  const int64_t narrow = PT2CRT_GEMM_OVERWRITE | PT2CRT_GEMM_NARROW_OUTPUT;
  REQUIRE(call(address(bias16), PT2CRT_GEMM_GELU_BIAS | narrow) ==
          PT2CRT_GEMM_DONE_WITH_EPILOGUE);
  for (size_t i = 0; i < product.size(); ++i) {
    INFO("element " << i);
    CHECK(fromHalf(c[i]) == Approx(gelu(product[i] + bias[i % 5])).epsilon(1e-3).margin(1e-3));
  }
  REQUIRE(call(0, PT2CRT_GEMM_GELU | narrow) == PT2CRT_GEMM_DONE_WITH_EPILOGUE);
  for (size_t i = 0; i < product.size(); ++i)
    CHECK(fromHalf(c[i]) == Approx(gelu(product[i])).epsilon(1e-3).margin(1e-3));
  // Not offered for a float32 C: the product is done, the GELU left to
  // the caller (DONE), as for any epilogue cuBLASLt does not take.
  std::vector<float> bias32 = bias;
  Problem q = linearLayer(bias32);
  std::fill(q.c.data.begin(), q.c.data.end(), 0.0f);
  REQUIRE(fake.gemm(q, int64_t(reinterpret_cast<uintptr_t>(bias32.data())),
                    PT2CRT_GEMM_GELU_BIAS) == PT2CRT_GEMM_DONE);
  for (size_t i = 0; i < product.size(); ++i)
    CHECK(q.c.data[i] == Approx(product[i]).epsilon(1e-5));
  // All or nothing with a narrow C: a misaligned bias declines.
  CHECK(call(address(bias16) + 1, PT2CRT_GEMM_GELU_BIAS | narrow) == PT2CRT_GEMM_DECLINED);
}

TEST_CASE("cuda gemm: rows that are not a multiple of 16 bytes go as an aligned bulk and a rest",
          "[runtime][gemm]") {
  // C = x·Wᵀ with 4099 output columns (float32: 3 past a multiple of 4),
  // overwritten: two cuBLASLt calls (the 3 columns, then 4096), and the
  // result is the whole product.
  const int64_t n = 4099;
  Problem p{2, n, 3, 1, 1, {{}, 3, 1}, {{}, 1, 3}, {{}, n, 1}};
  fill(p.a.data, 6, 0.0f);
  fill(p.b.data, size_t(n) * 3, 0.5f);
  p.c.data.assign(size_t(2 * n), 0.0f);
  std::vector<float> want = reference(p);
  p.c.data.assign(size_t(2 * n), 7.0f); // not read
  FakeRun fake;
  long before = fakeMatmuls();
  REQUIRE(fake.gemm(p, 0, PT2CRT_GEMM_OVERWRITE) == PT2CRT_GEMM_DONE);
  CHECK(fakeMatmuls() - before == 2);
  for (size_t i = 0; i < want.size(); ++i)
    CHECK(p.c.data[i] == Approx(want[i]).epsilon(1e-5));
  // Accumulating into C, the product stays one call.
  before = fakeMatmuls();
  REQUIRE(fake.gemm(p) == PT2CRT_GEMM_DONE);
  CHECK(fakeMatmuls() - before == 1);
}

TEST_CASE("cuda gemm: float32 is full float32 unless ALLOW_TF32", "[runtime][gemm]") {
  // torch's allow_tf32 semantics (pt2c --allow-tf32): TF32 tensor cores only
  // when the compiler asked, and a plan of each kind.
  Problem plain{3, 5, 4, 1, 1, {{}, 4, 1}, {{}, 5, 1}, {{}, 5, 1}};
  fill(plain.a.data, 12, 0.0f);
  fill(plain.b.data, 20, 0.5f);
  plain.c.data.assign(15, 0.0f);
  Problem tf32 = plain;
  std::vector<float> want = reference(tf32); // C += A·B from C = 0
  FakeRun fake;
  REQUIRE(fake.gemm(plain) == PT2CRT_GEMM_DONE);
  CHECK(fakeLibraryQuery<int>(PT2C_FAKE_CUBLASLT, "fake_cublaslt_last_compute") == 68);
  REQUIRE(fake.gemm(tf32, 0, PT2CRT_GEMM_ALLOW_TF32) == PT2CRT_GEMM_DONE);
  CHECK(fakeLibraryQuery<int>(PT2C_FAKE_CUBLASLT, "fake_cublaslt_last_compute") == 77);
  REQUIRE(fake.gemm(plain) == PT2CRT_GEMM_DONE);
  CHECK(fakeLibraryQuery<int>(PT2C_FAKE_CUBLASLT, "fake_cublaslt_last_compute") == 68);
  // The fake computes in double either way: both products are exact here.
  for (size_t i = 0; i < want.size(); ++i)
    CHECK(tf32.c.data[i] == Approx(want[i]).epsilon(1e-5));
}
