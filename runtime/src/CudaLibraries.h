/*===- CudaLibraries.h - What library calls keep per execution context ----===*
 *
 * The generated host code hands matmuls to cuBLASLt (CudaGemm.h) and
 * convolutions to cuDNN (CudaConv.h) through the runtime. Each execution
 * context keeps, for those calls, the libraries' handles and plans, and one
 * device workspace they share (CudaWorkspace.h).
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDALIBRARIES_H
#define PT2C_RUNTIME_CUDALIBRARIES_H

#include "CudaDriver.h"
#include "CudaWorkspace.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pt2crt_gemm_state; /* CudaGemm.c */
struct pt2crt_conv_state; /* CudaConv.c */

typedef struct pt2crt_cuda_libraries {
  struct pt2crt_gemm_state *gemm; /* NULL until the context's first matmul */
  struct pt2crt_conv_state *conv; /* NULL until its first convolution */
  pt2crt_cuda_workspace workspace;
} pt2crt_cuda_libraries; /* all zero: empty */

/* Frees the handles, plans and workspace; the device's context must be
 * current. Leaves `libraries` empty. */
void pt2crt_cuda_libraries_destroy(pt2crt_cuda_libraries *libraries,
                                   const pt2crt_cuda_driver *driver);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDALIBRARIES_H */
