/*===- CudaDriver.c - Opening libcuda.so.1 -------------------------------===*/

#include "CudaDriver.h"
#include "Status.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Written once, under the mutex; never changed after `loaded` is set. */
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static pt2crt_cuda_driver driver;
static const pt2crt_cuda_driver *loaded;

/* Appends "; path: why" to `tried`. A missing file is the common case and
 * dlerror's wording of it is long; anything else (a wrong architecture, a
 * missing dependency) is worth quoting. */
static void note_failure(char *tried, size_t size, const char *path) {
  const char *why = dlerror();
  if (!why)
    why = "unknown error";
  else if (strstr(why, "No such file or directory"))
    why = "not found";
  else if (strncmp(why, path, strlen(path)) == 0 && why[strlen(path)] == ':')
    why += strlen(path) + 2; /* dlerror repeats the path */
  size_t used = strlen(tried);
  snprintf(tried + used, size - used, "%s%s: %s", used ? "; " : "", path, why);
}

/* Resolves `v2` (when the driver has it) or `name` into *slot. */
static int resolve(void *library, const char *name, const char *v2, void **slot) {
  *slot = v2 ? dlsym(library, v2) : NULL;
  if (!*slot)
    *slot = dlsym(library, name);
  return *slot != NULL;
}

/* One entry point of an optional group. */
typedef struct optional_symbol {
  const char *name;
  const char *v2;
  void **slot;
} optional_symbol;

/* Resolves a group of optional entry points all or none (every slot NULL
 * when one is missing), so one check of the first suffices. */
static int resolve_group(void *library, const optional_symbol *group, size_t n) {
  size_t found = 0;
  while (found < n && resolve(library, group[found].name, group[found].v2, group[found].slot))
    ++found;
  if (found == n)
    return 1;
  for (size_t i = 0; i < n; ++i)
    *group[i].slot = NULL;
  return 0;
}

/* CUDA graphs (CudaGraphs.h), events (CudaProfile.h) and pinned host
 * memory (CudaIndexChecks.h); an event record that makes graph nodes, and
 * an event wait, only where events exist at all. */
static void resolve_optional(void *library) {
  const optional_symbol graphs[] = {
      {"cuStreamBeginCapture", "cuStreamBeginCapture_v2", (void **)&driver.cuStreamBeginCapture},
      {"cuStreamEndCapture", NULL, (void **)&driver.cuStreamEndCapture},
      {"cuGraphInstantiateWithFlags", NULL, (void **)&driver.cuGraphInstantiateWithFlags},
      {"cuGraphLaunch", NULL, (void **)&driver.cuGraphLaunch},
      {"cuGraphExecDestroy", NULL, (void **)&driver.cuGraphExecDestroy},
      {"cuGraphDestroy", NULL, (void **)&driver.cuGraphDestroy},
  };
  const optional_symbol events[] = {
      {"cuEventCreate", NULL, (void **)&driver.cuEventCreate},
      {"cuEventRecord", NULL, (void **)&driver.cuEventRecord},
      {"cuEventElapsedTime", "cuEventElapsedTime_v2", (void **)&driver.cuEventElapsedTime},
      {"cuEventDestroy", "cuEventDestroy_v2", (void **)&driver.cuEventDestroy},
  };
  const optional_symbol external_records[] = {
      {"cuEventRecordWithFlags", NULL, (void **)&driver.cuEventRecordWithFlags},
  };
  const optional_symbol pinned[] = {
      {"cuMemAllocHost", "cuMemAllocHost_v2", (void **)&driver.cuMemAllocHost},
      {"cuMemFreeHost", NULL, (void **)&driver.cuMemFreeHost},
  };
  const optional_symbol event_waits[] = {
      {"cuEventSynchronize", NULL, (void **)&driver.cuEventSynchronize},
  };
  resolve_group(library, graphs, sizeof graphs / sizeof *graphs);
  resolve_group(library, pinned, sizeof pinned / sizeof *pinned);
  if (resolve_group(library, events, sizeof events / sizeof *events)) {
    resolve_group(library, external_records, 1);
    resolve_group(library, event_waits, 1);
  } else {
    driver.cuEventRecordWithFlags = NULL;
    driver.cuEventSynchronize = NULL;
  }
}

/* Fills `driver` from `library`; the missing symbol's name, or NULL. */
static const char *resolve_all(void *library) {
#define RESOLVE(field, v2)                                                     \
  if (!resolve(library, #field, v2, (void **)&driver.field))                   \
    return v2 ? v2 : #field;
  RESOLVE(cuInit, NULL)
  RESOLVE(cuDeviceGetCount, NULL)
  RESOLVE(cuDeviceGet, NULL)
  RESOLVE(cuDeviceGetAttribute, NULL)
  RESOLVE(cuDevicePrimaryCtxRetain, NULL)
  RESOLVE(cuCtxPushCurrent, "cuCtxPushCurrent_v2")
  RESOLVE(cuCtxPopCurrent, "cuCtxPopCurrent_v2")
  RESOLVE(cuModuleLoadData, NULL)
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
  resolve_optional(library);
  return NULL;
}

/* Under the mutex. An explicit $PT2C_CUDA_DRIVER is the only path tried:
 * a wrong one must not be silently replaced by another driver. */
static pt2c_status *open_driver(void) {
  const char *explicit_path = getenv("PT2C_CUDA_DRIVER");
  const char *defaults[] = {"libcuda.so.1", "/usr/lib/x86_64-linux-gnu/libcuda.so.1",
                            "/usr/lib64/libcuda.so.1",
                            "/usr/local/cuda/compat/libcuda.so.1"};
  const char *const *paths = defaults;
  size_t n_paths = sizeof defaults / sizeof *defaults;
  if (explicit_path && *explicit_path) {
    paths = &explicit_path;
    n_paths = 1;
  }
  char tried[1024] = "";
  void *library = NULL;
  const char *path = NULL;
  for (size_t i = 0; i < n_paths && !library; ++i) {
    path = paths[i];
    library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library)
      note_failure(tried, sizeof tried, path);
  }
  if (!library)
    return pt2crt_error(PT2C_DEVICE_ERROR,
                        "cuda: cannot load the NVIDIA driver (%s); is an NVIDIA "
                        "driver installed? Set PT2C_CUDA_DRIVER to the path of "
                        "its libcuda.so.1",
                        tried);
  const char *missing = resolve_all(library);
  if (missing) {
    /* Nothing of it ran yet, so closing it is safe. */
    dlclose(library);
    return pt2crt_error(PT2C_DEVICE_ERROR,
                        "cuda: %s is not a usable NVIDIA driver: it has no %s "
                        "(too old a driver?)",
                        path, missing);
  }
  CUresult result = driver.cuInit(0);
  if (result != PT2CRT_CUDA_SUCCESS) {
    /* Kept open: the driver may have started threads in cuInit. */
    char text[256];
    return pt2crt_error(PT2C_DEVICE_ERROR,
                        "cuda: the NVIDIA driver (%s) does not initialise: %s; "
                        "is a GPU visible to this process?",
                        path, pt2crt_cuda_error_text(result, text, sizeof text));
  }
  loaded = &driver;
  return NULL;
}

const pt2crt_cuda_driver *pt2crt_cuda_driver_get(pt2c_status **out_status) {
  pthread_mutex_lock(&mutex);
  pt2c_status *status = loaded ? NULL : open_driver();
  const pt2crt_cuda_driver *result = loaded;
  pthread_mutex_unlock(&mutex);
  if (status)
    *out_status = status;
  return result;
}

const char *pt2crt_cuda_error_text(CUresult result, char *buffer, size_t size) {
  const char *name = NULL, *text = NULL;
  if (driver.cuGetErrorName)
    driver.cuGetErrorName(result, &name);
  if (driver.cuGetErrorString)
    driver.cuGetErrorString(result, &text);
  if (name)
    snprintf(buffer, size, "%s: %s", name, text ? text : "no description");
  else
    snprintf(buffer, size, "CUDA error %d", (int)result);
  return buffer;
}

pt2c_code pt2crt_cuda_code(CUresult result) {
  return result == PT2CRT_CUDA_ERROR_OUT_OF_MEMORY ? PT2C_OUT_OF_MEMORY
                                                   : PT2C_DEVICE_ERROR;
}

pt2c_status *pt2crt_cuda_error(CUresult result, const char *what) {
  char text[256];
  return pt2crt_error(pt2crt_cuda_code(result), "cuda: %s: %s", what,
                      pt2crt_cuda_error_text(result, text, sizeof text));
}
