//===- CudaDriverApi.cpp - Device memory for tests, through a CUDA driver -===//

#include "CudaDriverApi.h"

#include <catch2/catch.hpp>

#include <dlfcn.h>

namespace pt2c::test {

namespace {

template <typename F> void lookup(void *library, const char *name, F &out) {
  out = reinterpret_cast<F>(dlsym(library, name));
  if (!out)
    FAIL("the CUDA driver has no " << name);
}

} // namespace

struct CudaDriverApi::Scope {
  const CudaDriverApi &api;
  explicit Scope(const CudaDriverApi &api) : api(api) {
    REQUIRE(api.pushCurrent(api.context) == 0);
  }
  ~Scope() {
    void *popped = nullptr;
    api.popCurrent(&popped);
  }
};

CudaDriverApi::CudaDriverApi(const std::string &path, int device) {
  library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library)
    FAIL("dlopen " << path << ": " << dlerror());
  int (*init)(unsigned) = nullptr;
  int (*deviceGet)(int *, int) = nullptr;
  int (*retain)(void **, int) = nullptr;
  lookup(library, "cuInit", init);
  lookup(library, "cuDeviceGet", deviceGet);
  lookup(library, "cuDevicePrimaryCtxRetain", retain);
  lookup(library, "cuCtxPushCurrent_v2", pushCurrent);
  lookup(library, "cuCtxPopCurrent_v2", popCurrent);
  lookup(library, "cuMemAlloc_v2", memAlloc);
  lookup(library, "cuMemFree_v2", memFree);
  lookup(library, "cuMemcpyHtoD_v2", memcpyHtoD);
  lookup(library, "cuMemcpyDtoH_v2", memcpyDtoH);
  lookup(library, "cuStreamCreate", streamCreate);
  lookup(library, "cuStreamDestroy_v2", streamDestroy);
  REQUIRE(init(0) == 0);
  int handle = 0;
  REQUIRE(deviceGet(&handle, device) == 0);
  // Retained for the rest of the test process, like the runtime does.
  REQUIRE(retain(&context, handle) == 0);
}

void *CudaDriverApi::alloc(size_t bytes) {
  Scope scope(*this);
  unsigned long long ptr = 0;
  REQUIRE(memAlloc(&ptr, bytes) == 0);
  return reinterpret_cast<void *>(ptr);
}

void CudaDriverApi::free(void *ptr) {
  Scope scope(*this);
  REQUIRE(memFree(reinterpret_cast<unsigned long long>(ptr)) == 0);
}

void CudaDriverApi::toDevice(void *device, const void *host, size_t bytes) {
  Scope scope(*this);
  REQUIRE(memcpyHtoD(reinterpret_cast<unsigned long long>(device), host, bytes) == 0);
}

void CudaDriverApi::toHost(void *host, const void *device, size_t bytes) {
  Scope scope(*this);
  REQUIRE(memcpyDtoH(host, reinterpret_cast<unsigned long long>(device), bytes) == 0);
}

void *CudaDriverApi::createStream() {
  Scope scope(*this);
  void *stream = nullptr;
  REQUIRE(streamCreate(&stream, 1) == 0);
  return stream;
}

void CudaDriverApi::destroyStream(void *stream) {
  Scope scope(*this);
  REQUIRE(streamDestroy(stream) == 0);
}

void *CudaDriverApi::symbol(const char *name) const { return dlsym(library, name); }

} // namespace pt2c::test
