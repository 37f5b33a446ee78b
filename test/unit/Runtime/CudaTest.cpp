//===- CudaTest.cpp - CUDA models without a GPU; kernel bundle choice -----===//
//
// CI has no GPU: what can be checked here is that CUDA models refuse
// cleanly (wrong device for what was compiled, no driver) and that the
// runtime picks the right kernel form for a GPU. The GPU numerics are
// bench/cuda_check.py's job on a GPU machine.
//
//===----------------------------------------------------------------------===//

#include "KernelBundle.h"
#include "TestModelLibrary.h"

#include "pt2c/model_abi.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace pt2c::test;
using Catch::Matchers::Contains;

namespace {

std::pair<pt2c_code, std::string> createOn(const ModelApi &api, DLDeviceType device) {
  pt2c_options *options = nullptr;
  REQUIRE(api.pt2c_options_create(PT2C_ABI_VERSION, &options) == nullptr);
  REQUIRE(api.pt2c_options_set_device(options, device) == nullptr);
  pt2c_model *model = nullptr;
  auto result = api.take(api.pt2c_model_create(options, &model));
  api.pt2c_options_free(options);
  CHECK(model == nullptr);
  return result;
}

struct Entry {
  uint32_t kind, sm;
  std::string bytes;
};

std::vector<uint8_t> bundle(const std::vector<Entry> &entries) {
  const char *magic = PT2C_KERNEL_BUNDLE_MAGIC;
  std::vector<uint8_t> out(magic, magic + 8);
  auto put = [&](uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i)
      out.push_back(uint8_t(value >> (8 * i)));
  };
  put(entries.size(), 4);
  put(0, 4);
  uint64_t offset = 16 + 24 * entries.size();
  for (const Entry &entry : entries) {
    put(entry.kind, 4);
    put(entry.sm, 4);
    put(offset, 8);
    put(entry.bytes.size(), 8);
    offset += entry.bytes.size();
  }
  for (const Entry &entry : entries)
    out.insert(out.end(), entry.bytes.begin(), entry.bytes.end());
  return out;
}

const std::string kPtx80("ptx-80\0", 7), kPtx90("ptx-90\0", 7);

std::string pick(const std::vector<uint8_t> &b, uint32_t sm, int *code = nullptr) {
  pt2crt_kernel_image image{};
  int result = pt2crt_kernel_bundle_select(b.data(), b.size(), sm, &image, nullptr, 0);
  if (code)
    *code = result;
  if (result != 0)
    return "";
  return std::string(reinterpret_cast<const char *>(image.data), image.size);
}

} // namespace

TEST_CASE("A CUDA-only model refuses the CPU, and CUDA without a driver", "[runtime][cuda]") {
  const ModelApi &cuda = loadModelLibrary(PT2C_TEST_MODEL_CUDA);
  auto [code, message] = createOn(cuda, kDLCPU);
  CHECK(code == PT2C_UNSUPPORTED);
  CHECK_THAT(message, Contains("compiled for CUDA only"));

  // An explicit driver path is the only one tried, so this fails the same
  // way on machines with a GPU.
  setenv("PT2C_CUDA_DRIVER", "/nonexistent/libcuda.so.1", 1);
  std::tie(code, message) = createOn(cuda, kDLCUDA);
  unsetenv("PT2C_CUDA_DRIVER");
  CHECK(code == PT2C_DEVICE_ERROR);
  CHECK_THAT(message, Contains("cannot load the NVIDIA driver") &&
                          Contains("/nonexistent/libcuda.so.1") &&
                          Contains("PT2C_CUDA_DRIVER"));
}

TEST_CASE("A CPU model refuses CUDA and says how to compile for it", "[runtime][cuda]") {
  auto [code, message] = createOn(testModel(), kDLCUDA);
  CHECK(code == PT2C_UNSUPPORTED);
  CHECK_THAT(message, Contains("--target cuda"));
}

TEST_CASE("The kernel bundle gives each GPU the best form it can run", "[runtime][cuda]") {
  auto b = bundle({{PT2C_KERNEL_CUBIN, 80, "sass-80"},
                   {PT2C_KERNEL_CUBIN, 90, "sass-90"},
                   {PT2C_KERNEL_PTX, 80, kPtx80},
                   {PT2C_KERNEL_PTX, 90, kPtx90}});
  CHECK(pick(b, 80) == "sass-80");
  CHECK(pick(b, 86) == "sass-80"); // same major, newer minor: SASS runs
  CHECK(pick(b, 90) == "sass-90");
  CHECK(pick(b, 100) == kPtx90);   // newer major: the newest PTX, JIT-compiled
  CHECK(pick(b, 89) == "sass-80");
  int code = 0;
  CHECK(pick(b, 75, &code).empty());
  CHECK(code == 1); // nothing fits an older GPU

  auto ptxOnly = bundle({{PT2C_KERNEL_PTX, 80, kPtx80}});
  CHECK(pick(ptxOnly, 90) == kPtx80);
}

TEST_CASE("Malformed kernel bundles are refused, not read past", "[runtime][cuda]") {
  auto good = bundle({{PT2C_KERNEL_PTX, 80, kPtx80}});
  int code = 0;
  auto truncated = good;
  truncated.resize(good.size() - 3); // payload runs past the end
  CHECK(pick(truncated, 80, &code).empty());
  CHECK(code == 2);
  auto badMagic = good;
  badMagic[0] = 'X';
  pick(badMagic, 80, &code);
  CHECK(code == 2);
  auto noNul = bundle({{PT2C_KERNEL_PTX, 80, "ptx-80"}});
  pick(noNul, 80, &code);
  CHECK(code == 2);
  std::vector<uint8_t> header(good.begin(), good.begin() + 16);
  header[8] = 200; // 200 entries in a 16-byte bundle
  pick(header, 80, &code);
  CHECK(code == 2);
  pick(std::vector<uint8_t>(4, 0), 80, &code);
  CHECK(code == 2);

  char forms[128];
  pt2crt_kernel_image image{};
  auto b = bundle({{PT2C_KERNEL_CUBIN, 90, "s"}, {PT2C_KERNEL_PTX, 90, kPtx90}});
  CHECK(pt2crt_kernel_bundle_select(b.data(), b.size(), 80, &image, forms, sizeof forms) == 1);
  CHECK(std::string(forms) == "cubin sm_90, ptx sm_90");
}
