/*===- CudaWorkspace.h - The device workspace library calls share ---------===*
 *
 * cuBLASLt (CudaGemm.c) and cuDNN (CudaConv.c) calls take scratch device
 * memory. An execution context keeps one workspace for both: every call of
 * a run is queued on the run's one stream, so a call never overlaps the one
 * before it. It is allocated on first use and never moves (CUDA graphs bake
 * its address in). The library call files get it from here; CudaLibraries.c,
 * which ends a context's library state, frees it: neither calls the other.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDAWORKSPACE_H
#define PT2C_RUNTIME_CUDAWORKSPACE_H

#include "CudaDriver.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pt2crt_cuda_workspace {
  CUdeviceptr ptr;
  size_t bytes;
  int tried; /* allocated once, or given up on once */
} pt2crt_cuda_workspace; /* all zero: not yet allocated */

/* The workspace, allocated at the first call: 32 MiB, or a quarter of the
 * last size tried while the device has less free; 0 bytes when none could
 * be had (the libraries then pick algorithms that need none). */
void pt2crt_cuda_workspace_get(pt2crt_cuda_workspace *workspace,
                               const pt2crt_cuda_driver *driver, CUdeviceptr *ptr,
                               size_t *bytes);

/* Frees it and makes it all zero again. */
void pt2crt_cuda_workspace_free(pt2crt_cuda_workspace *workspace,
                                const pt2crt_cuda_driver *driver);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDAWORKSPACE_H */
