/*===- CudaShim.c - The mgpu* functions the generated host code calls -----===*
 *
 * MLIR's gpu-to-llvm lowering launches kernels through these (the
 * signatures of MLIR's CudaRuntimeWrappers). Here they run on the stream of
 * the CUDA run current on the calling thread (CudaState.h): "stream
 * create" hands out that stream, "synchronize" and "destroy" do nothing
 * (the run synchronizes once at its end). Hidden symbols, like the rest of
 * the runtime, so a CUDA runtime in the host process is never involved.
 *===----------------------------------------------------------------------===*/

#include "CudaState.h"
#include "KernelBundle.h"
#include "Status.h"

#include "pt2c/model_abi.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

enum { kMaxModules = 16 };

typedef struct pt2crt_kernel_module {
  const void *bundle;
  uint64_t size;
  CUmodule loaded[PT2CRT_MAX_CUDA_DEVICES];
} pt2crt_kernel_module;

/* Filled by global constructors at dlopen, before any thread can run. */
static pt2crt_kernel_module modules[kMaxModules];
static int module_count;
static pthread_mutex_t load_mutex = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local pt2crt_cuda_run *current_run;

pt2crt_cuda_run *pt2crt_cuda_current_run(void) { return current_run; }
void pt2crt_cuda_set_current_run(pt2crt_cuda_run *run) { current_run = run; }

void pt2crt_cuda_fail(pt2crt_cuda_run *run, pt2c_code code, const char *message) {
  if (!run || run->error_code != PT2C_OK)
    return;
  run->error_code = code;
  snprintf(run->error, sizeof run->error, "%s", message);
}

pt2c_status *pt2crt_cuda_load_modules(const pt2crt_cuda_driver *driver,
                                      int32_t device, uint32_t sm) {
  pt2c_status *status = NULL;
  if (module_count == 0)
    return pt2crt_error(PT2C_INTERNAL,
                        "cuda: the library registered no kernels (its "
                        "constructors did not run?)");
  pthread_mutex_lock(&load_mutex);
  for (int i = 0; i < module_count && !status; ++i) {
    pt2crt_kernel_module *module = &modules[i];
    if (module->loaded[device])
      continue;
    pt2crt_kernel_image image;
    char forms[256];
    int chosen = pt2crt_kernel_bundle_select(module->bundle, module->size, sm,
                                             &image, forms, sizeof forms);
    if (chosen == 2) {
      status = pt2crt_error(PT2C_INTERNAL,
                            "cuda: the library's kernel bundle is malformed");
    } else if (chosen == 1) {
      status = pt2crt_error(PT2C_UNSUPPORTED,
                            "cuda: device %d is sm_%u; this model's kernels "
                            "were compiled for %s (compile with --cuda-arch "
                            "sm_%u)",
                            (int)device, (unsigned)sm, forms, (unsigned)sm);
    } else {
      CUresult result = driver->cuModuleLoadData(&module->loaded[device], image.data);
      if (result != 0) {
        char text[256];
        status = pt2crt_error(
            PT2C_DEVICE_ERROR, "cuda: the driver cannot load the %s for sm_%u: %s",
            image.kind == PT2C_KERNEL_CUBIN ? "cubin" : "PTX",
            (unsigned)image.sm, pt2crt_cuda_error_text(result, text, sizeof text));
        module->loaded[device] = NULL;
      }
    }
  }
  pthread_mutex_unlock(&load_mutex);
  return status;
}

__attribute__((visibility("hidden"))) void *mgpuModuleLoad(void *bundle,
                                                           size_t size) {
  if (module_count == kMaxModules)
    return NULL; /* pt2c emits one module per library */
  pt2crt_kernel_module *module = &modules[module_count++];
  module->bundle = bundle;
  module->size = size;
  return module;
}

__attribute__((visibility("hidden"))) void mgpuModuleUnload(void *handle) {
  /* Runs from a destructor at dlclose or exit, when the driver may be gone
   * already; the modules die with their contexts anyway. */
  (void)handle;
}

__attribute__((visibility("hidden"))) void *
mgpuModuleGetFunction(void *handle, const char *name) {
  pt2crt_cuda_run *run = current_run;
  pt2crt_kernel_module *module = handle;
  if (!run || run->error_code != PT2C_OK)
    return NULL;
  if (!module || !module->loaded[run->device]) {
    pt2crt_cuda_fail(run, PT2C_INTERNAL, "cuda: kernels were not loaded for this device");
    return NULL;
  }
  CUfunction function = NULL;
  CUresult result = run->driver->cuModuleGetFunction(&function, module->loaded[run->device], name);
  if (result != 0) {
    char text[256], message[512];
    snprintf(message, sizeof message, "cuda: kernel %s: %s", name,
             pt2crt_cuda_error_text(result, text, sizeof text));
    pt2crt_cuda_fail(run, PT2C_INTERNAL, message);
    return NULL;
  }
  return function;
}

__attribute__((visibility("hidden"))) void
mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                 intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                 int32_t sharedBytes, void *stream, void **params, void **extra,
                 size_t paramCount) {
  (void)paramCount;
  pt2crt_cuda_run *run = current_run;
  if (!run || run->error_code != PT2C_OK || !function)
    return;
  /* An empty iteration space is a legal launch of nothing. */
  if (gridX <= 0 || gridY <= 0 || gridZ <= 0)
    return;
  CUresult result = run->driver->cuLaunchKernel(
      (CUfunction)function, (unsigned)gridX, (unsigned)gridY, (unsigned)gridZ,
      (unsigned)blockX, (unsigned)blockY, (unsigned)blockZ,
      (unsigned)sharedBytes, (CUstream)stream, params, extra);
  if (result != 0) {
    char text[256], message[512];
    snprintf(message, sizeof message,
             "cuda: launching a kernel (grid %ld, block %ld) failed: %s",
             (long)gridX, (long)blockX, pt2crt_cuda_error_text(result, text, sizeof text));
    pt2crt_cuda_fail(run, PT2C_DEVICE_ERROR, message);
  }
}

__attribute__((visibility("hidden"))) void *mgpuStreamCreate(void) {
  return current_run ? current_run->stream : NULL;
}

__attribute__((visibility("hidden"))) void mgpuStreamSynchronize(void *stream) {
  (void)stream;
}

__attribute__((visibility("hidden"))) void mgpuStreamDestroy(void *stream) {
  (void)stream;
}
