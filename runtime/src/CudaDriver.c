/*===- CudaDriver.c - Opening libcuda.so.1 -------------------------------===*/

#include "CudaDriver.h"
#include "Status.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pt2crt_cuda_driver driver;
static const pt2crt_cuda_driver *loaded;
static char failure[1024];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Resolves `name` (or `name`_v2, the current ABI of the memory and stream
 * functions) into *slot; nonzero when missing. */
static int resolve(void *library, const char *name, const char *v2, void **slot) {
  *slot = v2 ? dlsym(library, v2) : NULL;
  if (!*slot)
    *slot = dlsym(library, name);
  if (!*slot) {
    snprintf(failure, sizeof failure,
             "cuda: the NVIDIA driver has no %s (too old a driver?)", name);
    return 1;
  }
  return 0;
}

static void open_driver(void) {
  const char *candidates[] = {getenv("PT2C_CUDA_DRIVER"), "libcuda.so.1",
                              "/usr/lib/x86_64-linux-gnu/libcuda.so.1",
                              "/usr/lib64/libcuda.so.1",
                              "/usr/local/cuda/compat/libcuda.so.1"};
  void *library = NULL;
  char tried[512] = "";
  size_t first = candidates[0] && *candidates[0] ? 0 : 1;
  /* An explicit path is the only one tried: a wrong one must not be
   * silently replaced by another driver. */
  size_t last = first == 0 ? 1 : sizeof candidates / sizeof *candidates;
  const char *error = "";
  for (size_t i = first; i < last && !library; ++i) {
    library = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      const char *text = dlerror();
      error = text ? text : "";
      size_t used = strlen(tried);
      snprintf(tried + used, sizeof tried - used, "%s%s", used ? ", " : "",
               candidates[i]);
    }
  }
  if (!library) {
    snprintf(failure, sizeof failure,
             "cuda: cannot load the NVIDIA driver (tried %s: %s); is a GPU "
             "driver installed? Set PT2C_CUDA_DRIVER to libcuda.so.1's path",
             tried, error);
    return;
  }
#define RESOLVE(field, v2)                                                     \
  if (resolve(library, #field, v2, (void **)&driver.field))                    \
    return;
  RESOLVE(cuInit, NULL)
  RESOLVE(cuDeviceGetCount, NULL)
  RESOLVE(cuDeviceGet, NULL)
  RESOLVE(cuDeviceGetAttribute, NULL)
  RESOLVE(cuDevicePrimaryCtxRetain, NULL)
  RESOLVE(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2")
  RESOLVE(cuCtxSetCurrent, NULL)
  RESOLVE(cuCtxGetCurrent, NULL)
  RESOLVE(cuModuleLoadData, NULL)
  RESOLVE(cuModuleUnload, NULL)
  RESOLVE(cuModuleGetFunction, NULL)
  RESOLVE(cuLaunchKernel, NULL)
  RESOLVE(cuMemAlloc, "cuMemAlloc_v2")
  RESOLVE(cuMemFree, "cuMemFree_v2")
  RESOLVE(cuMemcpyHtoD, "cuMemcpyHtoD_v2")
  RESOLVE(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2")
  RESOLVE(cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2")
  RESOLVE(cuStreamCreate, NULL)
  RESOLVE(cuStreamDestroy, "cuStreamDestroy_v2")
  RESOLVE(cuStreamSynchronize, NULL)
  RESOLVE(cuGetErrorName, NULL)
  RESOLVE(cuGetErrorString, NULL)
#undef RESOLVE
  CUresult result = driver.cuInit(0);
  if (result != 0) {
    char text[256];
    snprintf(failure, sizeof failure,
             "cuda: the NVIDIA driver does not initialise (%s); is a GPU "
             "visible to this process?",
             pt2crt_cuda_error_text(result, text, sizeof text));
    return;
  }
  loaded = &driver;
}

const pt2crt_cuda_driver *pt2crt_cuda_driver_get(pt2c_status **out_status) {
  pthread_once(&once, open_driver);
  if (!loaded)
    *out_status = pt2crt_error(PT2C_DEVICE_ERROR, "%s", failure);
  return loaded;
}

const pt2crt_cuda_driver *pt2crt_cuda_driver_loaded(void) { return loaded; }

const char *pt2crt_cuda_error_text(CUresult result, char *buffer, size_t size) {
  const char *name = NULL, *text = NULL;
  if (driver.cuGetErrorName)
    driver.cuGetErrorName(result, &name);
  if (driver.cuGetErrorString)
    driver.cuGetErrorString(result, &text);
  snprintf(buffer, size, "%s: %s", name ? name : "CUDA error",
           text ? text : "unknown");
  return buffer;
}
