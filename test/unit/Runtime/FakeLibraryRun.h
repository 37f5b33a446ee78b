//===- FakeLibraryRun.h - A CUDA run on the fake driver and libraries ----===//
//
// The library calls (pt2crt_cuda_gemm, pt2crt_cuda_conv) find their run
// through a thread-local, as the generated code's calls do. FakeLibraryRun
// makes one on the fake driver's device 0 (FakeCuda.c), on a stream of its
// own, with the fake cuBLASLt and cuDNN chosen, and undoes it all at the
// end. The libraries are opened once per process (pthread_once), so the
// environment is set before the first call of the test binary.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TEST_RUNTIME_FAKELIBRARYRUN_H
#define PT2C_TEST_RUNTIME_FAKELIBRARYRUN_H

#include "CudaDevice.h"
#include "CudaLibraries.h"
#include "CudaState.h"

#include <catch2/catch.hpp>

#include <dlfcn.h>

#include <cstdlib>

struct FakeLibraryRun {
  const pt2crt_cuda_driver *driver = nullptr;
  pt2crt_cuda_libraries libraries{};
  pt2crt_cuda_run run{};
  pt2crt_cuda_run *previous = nullptr;

  FakeLibraryRun() {
    setenv("PT2C_CUDA_DRIVER", PT2C_FAKE_CUDA, 1);
    setenv("PT2C_CUBLASLT", PT2C_FAKE_CUBLASLT, 1);
    setenv("PT2C_CUDNN", PT2C_FAKE_CUDNN, 1);
    pt2c_status *status = nullptr;
    driver = pt2crt_cuda_driver_get(&status);
    REQUIRE(driver);
    const pt2crt_cuda_device *device = nullptr;
    REQUIRE(pt2crt_cuda_device_open(driver, 0, &device) == nullptr);
    REQUIRE(pt2crt_cuda_enter(driver, device) == nullptr);
    REQUIRE(driver->cuStreamCreate(&run.stream, PT2CRT_CU_STREAM_NON_BLOCKING) ==
            PT2CRT_CUDA_SUCCESS);
    run.driver = driver;
    run.libraries = &libraries;
    previous = pt2crt_cuda_set_current_run(&run);
  }
  ~FakeLibraryRun() {
    pt2crt_cuda_set_current_run(previous);
    pt2crt_cuda_libraries_destroy(&libraries, driver);
    driver->cuStreamDestroy(run.stream);
    pt2crt_cuda_leave(driver);
  }
};

/// `name()` of a fake library the runtime opened, as a long (0 before it
/// was first opened).
template <typename Result = long>
Result fakeLibraryQuery(const char *path, const char *name) {
  void *library = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
  if (!library)
    return Result();
  auto query = reinterpret_cast<Result (*)(void)>(dlsym(library, name));
  REQUIRE(query);
  Result result = query();
  dlclose(library);
  return result;
}

#endif // PT2C_TEST_RUNTIME_FAKELIBRARYRUN_H
