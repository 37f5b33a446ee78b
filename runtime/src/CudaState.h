/*===- CudaState.h - The CUDA run current on a thread --------------------===*
 *
 * The generated host code calls the mgpu* functions (CudaShim.c) and the
 * memref allocation functions (Scratch.c) without any context argument;
 * they find the run they belong to in a thread-local that CudaRun.c sets
 * around desc->run_cuda. Those functions return nothing or a pointer, so
 * they record the run's first failure here; CudaRun.c turns it into the
 * run's status.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDASTATE_H
#define PT2C_RUNTIME_CUDASTATE_H

#include "CudaDriver.h"
#include "CudaLibraries.h"
#include "CudaScratch.h"
#include "KernelCache.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pt2crt_cuda_run {
  const pt2crt_cuda_driver *driver;
  int32_t device;                /* index, for the modules loaded there */
  CUstream stream;               /* every copy and launch of the run */
  pt2crt_device_scratch *scratch; /* the execution context's */
  pt2crt_kernel_cache *kernels;   /* the execution context's */
  pt2crt_cuda_libraries *libraries; /* the execution context's */
  struct pt2crt_index_checks *index_checks; /* the execution context's */
  int capturing; /* the work goes into a CUDA graph: no waiting */
  /* The first failure; later launches and allocations are skipped. */
  pt2c_code error_code;
  char error[512];
} pt2crt_cuda_run;

/* This thread's run, or NULL outside desc->run_cuda. */
pt2crt_cuda_run *pt2crt_cuda_current_run(void);
/* Returns the previous one, to be put back. */
pt2crt_cuda_run *pt2crt_cuda_set_current_run(pt2crt_cuda_run *run);

/* Records a printf-formatted failure unless one is recorded already. */
void pt2crt_cuda_fail(pt2crt_cuda_run *run, pt2c_code code, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDASTATE_H */
