/*===- CudaScratch.c - Device memory for the kernels' temporaries ---------===*/

#include "CudaScratch.h"
#include "CudaState.h"

#include <stdint.h>
#include <stdlib.h>

enum { kDeviceAlignment = 256 /* what cuMemAlloc guarantees */ };

void *pt2crt_device_scratch_alloc(pt2crt_cuda_run *run, size_t alignment, size_t size) {
  pt2crt_device_scratch *scratch = run->scratch;
  if (run->error_code != PT2C_OK)
    return NULL; /* nothing of this run will execute */
  if (alignment > kDeviceAlignment) {
    pt2crt_cuda_fail(run, PT2C_INTERNAL,
                     "cuda: the compiled code asks for %zu-byte aligned device "
                     "memory (at most %d is supported; a pt2c bug)",
                     alignment, kDeviceAlignment);
    return NULL;
  }
  for (size_t i = 0; i < scratch->count; ++i) {
    pt2crt_device_block *block = &scratch->blocks[i];
    if (!block->in_use && block->size == size) {
      block->in_use = 1;
      return (void *)(uintptr_t)block->ptr;
    }
  }
  if (scratch->count == scratch->capacity) {
    size_t capacity = scratch->capacity ? 2 * scratch->capacity : 32;
    pt2crt_device_block *grown = realloc(scratch->blocks, capacity * sizeof *grown);
    if (!grown) {
      pt2crt_cuda_fail(run, PT2C_OUT_OF_MEMORY,
                       "out of host memory for the table of device scratch blocks");
      return NULL;
    }
    scratch->blocks = grown;
    scratch->capacity = capacity;
  }
  CUdeviceptr ptr = 0;
  /* cuMemAlloc refuses 0 bytes; an empty memref still needs a pointer. */
  CUresult result = run->driver->cuMemAlloc(&ptr, size ? size : 1);
  if (result != PT2CRT_CUDA_SUCCESS) {
    char text[256];
    pt2crt_cuda_fail(run, pt2crt_cuda_code(result),
                     "cuda: allocating %zu bytes of device scratch: %s", size,
                     pt2crt_cuda_error_text(result, text, sizeof text));
    return NULL;
  }
  scratch->blocks[scratch->count++] = (pt2crt_device_block){ptr, size, 1};
  return (void *)(uintptr_t)ptr;
}

void pt2crt_device_scratch_free(pt2crt_cuda_run *run, void *ptr) {
  pt2crt_device_scratch *scratch = run->scratch;
  CUdeviceptr target = (CUdeviceptr)(uintptr_t)ptr;
  /* Newest first: temporaries mostly die soon after they are made. */
  for (size_t i = scratch->count; i-- > 0;)
    if (scratch->blocks[i].ptr == target) {
      scratch->blocks[i].in_use = 0;
      return;
    }
}

void pt2crt_device_scratch_reset(pt2crt_device_scratch *scratch) {
  for (size_t i = 0; i < scratch->count; ++i)
    scratch->blocks[i].in_use = 0;
}

void pt2crt_device_scratch_destroy(pt2crt_device_scratch *scratch,
                                   const pt2crt_cuda_driver *driver) {
  for (size_t i = 0; i < scratch->count; ++i)
    driver->cuMemFree(scratch->blocks[i].ptr);
  free(scratch->blocks);
  scratch->blocks = NULL;
  scratch->count = scratch->capacity = 0;
}
