//===- CudaWorkspaceTest.cpp - The workspace library calls share ----------===//

#include "CudaWorkspace.h"

#include <catch2/catch.hpp>

#include <vector>

namespace {

// A driver whose device has `room` bytes for one allocation; it records the
// sizes asked for and what was freed.
size_t room;
std::vector<size_t> asked;
std::vector<CUdeviceptr> freed;

CUresult allocate(CUdeviceptr *ptr, size_t bytes) {
  asked.push_back(bytes);
  if (bytes > room)
    return PT2CRT_CUDA_ERROR_OUT_OF_MEMORY;
  *ptr = 0x1000;
  return PT2CRT_CUDA_SUCCESS;
}

CUresult release(CUdeviceptr ptr) {
  freed.push_back(ptr);
  return PT2CRT_CUDA_SUCCESS;
}

struct Got {
  CUdeviceptr ptr = 1;
  size_t bytes = 1;
};

Got get(pt2crt_cuda_workspace &workspace, const pt2crt_cuda_driver &driver) {
  Got got;
  pt2crt_cuda_workspace_get(&workspace, &driver, &got.ptr, &got.bytes);
  return got;
}

pt2crt_cuda_driver fakeDriver() {
  pt2crt_cuda_driver driver{};
  driver.cuMemAlloc = allocate;
  driver.cuMemFree = release;
  asked.clear();
  freed.clear();
  return driver;
}

} // namespace

TEST_CASE("cuda workspace: 32 MiB once, the same on every later call", "[runtime][cuda]") {
  pt2crt_cuda_driver driver = fakeDriver();
  room = size_t(64) << 20;
  pt2crt_cuda_workspace workspace{};
  Got first = get(workspace, driver);
  CHECK(first.ptr == 0x1000);
  CHECK(first.bytes == size_t(32) << 20);
  Got again = get(workspace, driver);
  CHECK(again.ptr == 0x1000);
  CHECK(again.bytes == size_t(32) << 20);
  CHECK(asked.size() == 1);
  pt2crt_cuda_workspace_free(&workspace, &driver);
  CHECK(freed == std::vector<CUdeviceptr>{0x1000});
  CHECK(workspace.ptr == 0);
  CHECK(workspace.bytes == 0);
  CHECK(workspace.tried == 0);
}

TEST_CASE("cuda workspace: a quarter at a time while the device has less room",
          "[runtime][cuda]") {
  pt2crt_cuda_driver driver = fakeDriver();
  room = size_t(3) << 20;
  pt2crt_cuda_workspace workspace{};
  Got got = get(workspace, driver);
  CHECK(asked == std::vector<size_t>{size_t(32) << 20, size_t(8) << 20, size_t(2) << 20});
  CHECK(got.bytes == size_t(2) << 20);
  pt2crt_cuda_workspace_free(&workspace, &driver);
  CHECK(freed.size() == 1);
}

TEST_CASE("cuda workspace: none at all is tried once and then given as 0 bytes",
          "[runtime][cuda]") {
  pt2crt_cuda_driver driver = fakeDriver();
  room = 0;
  pt2crt_cuda_workspace workspace{};
  Got got = get(workspace, driver);
  CHECK(got.ptr == 0);
  CHECK(got.bytes == 0);
  size_t tries = asked.size();
  CHECK(tries > 1);
  get(workspace, driver);
  CHECK(asked.size() == tries);
  pt2crt_cuda_workspace_free(&workspace, &driver);
  CHECK(freed.empty());
}
