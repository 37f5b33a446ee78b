/*===- CudaLibraries.c - Library state and workspace of a context ---------===*/

#include "CudaLibraries.h"
#include "CudaConv.h"
#include "CudaGemm.h"
#include "CudaState.h"

#include <string.h>

#define WORKSPACE_BYTES ((size_t)32 << 20)

void pt2crt_cuda_library_workspace(struct pt2crt_cuda_run *run, CUdeviceptr *ptr,
                                   size_t *bytes) {
  pt2crt_cuda_libraries *libraries = run->libraries;
  if (!libraries->workspace_tried) {
    libraries->workspace_tried = 1;
    for (size_t size = WORKSPACE_BYTES; size > 0; size /= 4) {
      if (run->driver->cuMemAlloc(&libraries->workspace, size) == PT2CRT_CUDA_SUCCESS) {
        libraries->workspace_bytes = size;
        break;
      }
      libraries->workspace = 0;
    }
  }
  *ptr = libraries->workspace;
  *bytes = libraries->workspace_bytes;
}

void pt2crt_cuda_libraries_destroy(pt2crt_cuda_libraries *libraries,
                                   const pt2crt_cuda_driver *driver) {
  pt2crt_gemm_state_destroy(libraries->gemm);
  pt2crt_conv_state_destroy(libraries->conv);
  if (libraries->workspace)
    driver->cuMemFree(libraries->workspace);
  memset(libraries, 0, sizeof *libraries);
}
