/*===- CudaLibraries.c - Library state and workspace of a context ---------===*/

#include "CudaLibraries.h"
#include "CudaConv.h"
#include "CudaGemm.h"

#include <string.h>

void pt2crt_cuda_libraries_destroy(pt2crt_cuda_libraries *libraries,
                                   const pt2crt_cuda_driver *driver) {
  pt2crt_gemm_state_destroy(libraries->gemm);
  pt2crt_conv_state_destroy(libraries->conv);
  pt2crt_cuda_workspace_free(&libraries->workspace, driver);
  memset(libraries, 0, sizeof *libraries);
}
