//===- CudaTest.cpp - CUDA models without a GPU; kernel bundle choice -----===//
//
// CI has no GPU: what can be checked here is that CUDA models refuse
// cleanly (wrong device for what was compiled, no driver) and that the
// runtime picks the right kernel form for a GPU. The GPU numerics are
// bench/cuda_check.py's job on a GPU machine.
//
//===----------------------------------------------------------------------===//

#include "KernelBundle.h"
#include "KernelCache.h"
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

  auto put32 = [](std::vector<uint8_t> &b, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i)
      b[at + i] = uint8_t(v >> (8 * i));
  };
  auto empty = bundle({});
  pick(empty, 80, &code);
  CHECK(code == 2); // no entries: nothing to say what it was compiled for
  auto unknownKind = bundle({{7, 80, "x"}});
  pick(unknownKind, 80, &code);
  CHECK(code == 2);
  auto emptyCubin = bundle({{PT2C_KERNEL_CUBIN, 80, ""}});
  pick(emptyCubin, 80, &code);
  CHECK(code == 2);
  auto farOffset = bundle({{PT2C_KERNEL_CUBIN, 80, "sass"}});
  put32(farOffset, 16 + 12, 1); // offset += 2^32: far past the end
  pick(farOffset, 80, &code);
  CHECK(code == 2);
  auto hugeSize = bundle({{PT2C_KERNEL_CUBIN, 80, "sass"}});
  put32(hugeSize, 16 + 20, 0xffffffffu); // size near 2^64: offset + size wraps
  pick(hugeSize, 80, &code);
  CHECK(code == 2);
  auto hugeCount = good;
  put32(hugeCount, 8, 0xffffffffu);
  pick(hugeCount, 80, &code);
  CHECK(code == 2);
  CHECK(pt2crt_kernel_bundle_select(nullptr, 100, 80, nullptr, nullptr, 0) == 2);

  char forms[128];
  pt2crt_kernel_image image{};
  auto b = bundle({{PT2C_KERNEL_CUBIN, 90, "s"}, {PT2C_KERNEL_PTX, 90, kPtx90}});
  CHECK(pt2crt_kernel_bundle_select(b.data(), b.size(), 80, &image, forms, sizeof forms) == 1);
  CHECK(std::string(forms) == "cubin sm_90, ptx sm_90");
}

TEST_CASE("The kernel cache finds every kernel it was given, past its first size",
          "[runtime][cuda]") {
  pt2crt_kernel_cache cache{};
  static char names[1000][8];
  int modules[2];
  CHECK(pt2crt_kernel_cache_find(&cache, &modules[0], names[0]) == nullptr);
  for (int i = 0; i < 1000; ++i)
    pt2crt_kernel_cache_add(&cache, &modules[i % 2], names[i],
                            reinterpret_cast<CUfunction>(uintptr_t(i + 1)));
  CHECK(cache.count == 1000);
  CHECK(cache.capacity >= 2000); // at most half full
  for (int i = 0; i < 1000; ++i) {
    INFO("kernel " << i);
    REQUIRE(pt2crt_kernel_cache_find(&cache, &modules[i % 2], names[i]) ==
            reinterpret_cast<CUfunction>(uintptr_t(i + 1)));
    // Keyed by module too: the same name in the other module is another kernel.
    REQUIRE(pt2crt_kernel_cache_find(&cache, &modules[1 - i % 2], names[i]) == nullptr);
  }
  CHECK(pt2crt_kernel_cache_name(&cache, reinterpret_cast<CUfunction>(uintptr_t(500))) ==
        names[499]);
  CHECK(pt2crt_kernel_cache_name(&cache, reinterpret_cast<CUfunction>(uintptr_t(5000))) ==
        nullptr);
  pt2crt_kernel_cache_destroy(&cache);
  CHECK(pt2crt_kernel_cache_find(&cache, &modules[0], names[0]) == nullptr);
}
