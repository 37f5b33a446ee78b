/*===- CudaShim.c - The mgpu* functions the generated host code calls -----===*
 *
 * MLIR's gpu-to-llvm lowering launches kernels through these (the
 * signatures of MLIR's CudaRuntimeWrappers, model_abi.h). Here they work on
 * the CUDA run current on the calling thread (CudaState.h): "stream create"
 * hands out the run's stream, "synchronize" and "destroy" do nothing (the
 * run synchronizes once at its end), and launches go to the run's stream.
 * They return nothing or a pointer, so a failure is recorded in the run and
 * later launches are skipped. Hidden symbols, like the rest of the runtime:
 * a CUDA runtime library in the host process is never involved.
 *===----------------------------------------------------------------------===*/

#include "CudaModules.h"
#include "CudaState.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#define PT2CRT_HIDDEN __attribute__((visibility("hidden")))

static _Thread_local pt2crt_cuda_run *current_run;

pt2crt_cuda_run *pt2crt_cuda_current_run(void) { return current_run; }

pt2crt_cuda_run *pt2crt_cuda_set_current_run(pt2crt_cuda_run *run) {
  pt2crt_cuda_run *previous = current_run;
  current_run = run;
  return previous;
}

void pt2crt_cuda_fail(pt2crt_cuda_run *run, pt2c_code code, const char *format, ...) {
  if (!run || run->error_code != PT2C_OK)
    return;
  run->error_code = code;
  va_list args;
  va_start(args, format);
  vsnprintf(run->error, sizeof run->error, format, args);
  va_end(args);
}

/* From a global constructor while the library loads: only remembers. */
PT2CRT_HIDDEN void *mgpuModuleLoad(void *bundle, size_t size) {
  return pt2crt_modules_register(bundle, size);
}

/* From a global destructor, at dlclose or exit, when the driver may be shut
 * down already: nothing to do, the modules live as long as the device's
 * primary context (CudaDevice.h). */
PT2CRT_HIDDEN void mgpuModuleUnload(void *module) { (void)module; }

PT2CRT_HIDDEN void *mgpuModuleGetFunction(void *module, const char *name) {
  pt2crt_cuda_run *run = current_run;
  if (!run || run->error_code != PT2C_OK)
    return NULL;
  CUfunction function = pt2crt_kernel_cache_find(run->kernels, module, name);
  if (function)
    return function;
  CUmodule loaded = pt2crt_modules_get(module, run->device);
  if (!loaded) {
    pt2crt_cuda_fail(run, PT2C_INTERNAL,
                     "cuda: kernel %s: its module is not loaded on device %d (a "
                     "pt2c bug)",
                     name ? name : "?", (int)run->device);
    return NULL;
  }
  CUresult result = run->driver->cuModuleGetFunction(&function, loaded, name);
  if (result != PT2CRT_CUDA_SUCCESS) {
    char text[256];
    pt2crt_cuda_fail(run, PT2C_INTERNAL, "cuda: kernel %s: %s", name ? name : "?",
                     pt2crt_cuda_error_text(result, text, sizeof text));
    return NULL;
  }
  pt2crt_kernel_cache_add(run->kernels, module, name, function);
  return function;
}

/* For messages only: a scan of the cache. */
static const char *kernel_name(const pt2crt_cuda_run *run, void *function) {
  const char *name = pt2crt_kernel_cache_name(run->kernels, (CUfunction)function);
  return name ? name : "?";
}

static int fits_unsigned(intptr_t value) {
  return value >= 0 && (uintmax_t)value <= UINT32_MAX;
}

PT2CRT_HIDDEN void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                                    intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                                    intptr_t blockZ, int32_t sharedBytes,
                                    void *stream, void **params, void **extra,
                                    size_t paramCount) {
  (void)stream; /* mgpuStreamCreate's, i.e. the run's */
  (void)paramCount;
  pt2crt_cuda_run *run = current_run;
  /* No function: its lookup failed and was recorded. */
  if (!run || run->error_code != PT2C_OK || !function)
    return;
  /* An empty iteration space is a legal launch of nothing. */
  if (gridX <= 0 || gridY <= 0 || gridZ <= 0)
    return;
  if (!fits_unsigned(gridX) || !fits_unsigned(gridY) || !fits_unsigned(gridZ) ||
      blockX <= 0 || blockY <= 0 || blockZ <= 0 || !fits_unsigned(blockX) ||
      !fits_unsigned(blockY) || !fits_unsigned(blockZ) || sharedBytes < 0) {
    const char *name = kernel_name(run, function);
    pt2crt_cuda_fail(run, PT2C_INTERNAL,
                     "cuda: kernel %s: grid [%ld, %ld, %ld], block [%ld, %ld, %ld], "
                     "%d bytes of shared memory cannot be launched (a pt2c bug)",
                     name, (long)gridX, (long)gridY, (long)gridZ,
                     (long)blockX, (long)blockY, (long)blockZ, (int)sharedBytes);
    return;
  }
  CUresult result = run->driver->cuLaunchKernel(
      (CUfunction)function, (unsigned)gridX, (unsigned)gridY, (unsigned)gridZ,
      (unsigned)blockX, (unsigned)blockY, (unsigned)blockZ, (unsigned)sharedBytes,
      run->stream, params, extra);
  if (result != PT2CRT_CUDA_SUCCESS) {
    char text[256];
    const char *name = kernel_name(run, function);
    pt2crt_cuda_fail(run, pt2crt_cuda_code(result),
                     "cuda: launching kernel %s (grid [%ld, %ld, %ld], block [%ld, "
                     "%ld, %ld]): %s",
                     name, (long)gridX, (long)gridY, (long)gridZ,
                     (long)blockX, (long)blockY, (long)blockZ,
                     pt2crt_cuda_error_text(result, text, sizeof text));
  }
}

PT2CRT_HIDDEN void *mgpuStreamCreate(void) {
  return current_run ? current_run->stream : NULL;
}

PT2CRT_HIDDEN void mgpuStreamSynchronize(void *stream) { (void)stream; }

PT2CRT_HIDDEN void mgpuStreamDestroy(void *stream) { (void)stream; }
