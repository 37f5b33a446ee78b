/*===- CudaLibraries.h - What library calls keep per execution context ----===*
 *
 * The generated host code hands matmuls to cuBLASLt (CudaGemm.h) and
 * convolutions to cuDNN (CudaConv.h) through the runtime. Each execution
 * context keeps, for those calls, the libraries' handles and plans, and one
 * device workspace they share: every call of a run is queued on the run's
 * one stream, so a call never overlaps the one before it. The workspace is
 * allocated on first use and never moves (CUDA graphs bake its address in).
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDALIBRARIES_H
#define PT2C_RUNTIME_CUDALIBRARIES_H

#include "CudaDriver.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pt2crt_cuda_run;
struct pt2crt_gemm_state; /* CudaGemm.c */
struct pt2crt_conv_state; /* CudaConv.c */

typedef struct pt2crt_cuda_libraries {
  struct pt2crt_gemm_state *gemm; /* NULL until the context's first matmul */
  struct pt2crt_conv_state *conv; /* NULL until its first convolution */
  CUdeviceptr workspace;
  size_t workspace_bytes;
  int workspace_tried; /* allocated once, or given up on once */
} pt2crt_cuda_libraries; /* all zero: empty */

/* The run's workspace: 32 MiB (cuBLASLt's recommendation for Hopper), less
 * when the device has no room, down to none (then *bytes is 0 and the
 * libraries pick algorithms that need none). */
void pt2crt_cuda_library_workspace(struct pt2crt_cuda_run *run, CUdeviceptr *ptr,
                                   size_t *bytes);

/* Frees the handles, plans and workspace; the device's context must be
 * current. Leaves `libraries` empty. */
void pt2crt_cuda_libraries_destroy(pt2crt_cuda_libraries *libraries,
                                   const pt2crt_cuda_driver *driver);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDALIBRARIES_H */
