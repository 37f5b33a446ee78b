/*===- CudaState.h - What CudaRun.c and CudaShim.c share ------------------===*
 *
 * The generated host code calls the mgpu* functions (CudaShim.c) without
 * any context argument; they find the run they belong to in a
 * thread-local that CudaRun.c sets around desc->run_cuda.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDASTATE_H
#define PT2C_RUNTIME_CUDASTATE_H

#include "CudaDriver.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { PT2CRT_MAX_CUDA_DEVICES = 64 };

typedef struct pt2crt_cuda_run {
  const pt2crt_cuda_driver *driver;
  int32_t device;
  CUstream stream;
  struct pt2crt_cuda_context *context; /* scratch blocks */
  /* The first failure of the run (later launches are skipped). */
  pt2c_code error_code;
  char error[512];
} pt2crt_cuda_run;

pt2crt_cuda_run *pt2crt_cuda_current_run(void);
void pt2crt_cuda_set_current_run(pt2crt_cuda_run *run);

/* Records `message` as the run's failure unless one is recorded. */
void pt2crt_cuda_fail(pt2crt_cuda_run *run, pt2c_code code, const char *message);

/* Loads every kernel bundle this library registered into `device` (whose
 * primary context is current), picking the form for compute capability
 * `sm`. Idempotent per device. */
pt2c_status *pt2crt_cuda_load_modules(const pt2crt_cuda_driver *driver,
                                      int32_t device, uint32_t sm);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDASTATE_H */
