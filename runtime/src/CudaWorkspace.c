/*===- CudaWorkspace.c - The device workspace library calls share ---------===*/

#include "CudaWorkspace.h"

#include <string.h>

#define WORKSPACE_BYTES ((size_t)32 << 20)

void pt2crt_cuda_workspace_get(pt2crt_cuda_workspace *workspace,
                               const pt2crt_cuda_driver *driver, CUdeviceptr *ptr,
                               size_t *bytes) {
  if (!workspace->tried) {
    workspace->tried = 1;
    for (size_t size = WORKSPACE_BYTES; size > 0; size /= 4) {
      if (driver->cuMemAlloc(&workspace->ptr, size) == PT2CRT_CUDA_SUCCESS) {
        workspace->bytes = size;
        break;
      }
      workspace->ptr = 0;
    }
  }
  *ptr = workspace->ptr;
  *bytes = workspace->bytes;
}

void pt2crt_cuda_workspace_free(pt2crt_cuda_workspace *workspace,
                                const pt2crt_cuda_driver *driver) {
  if (workspace->ptr)
    driver->cuMemFree(workspace->ptr);
  memset(workspace, 0, sizeof *workspace);
}
