/*===- CudaScratch.h - Device memory for the kernels' temporaries ---------===*
 *
 * While a CUDA run is current, the generated code's memref allocations
 * (Scratch.c) are device memory from its execution context's cache: blocks
 * freed are handed out again by exact size, so after the first run of a
 * static-shape model nothing is allocated. cuMemAlloc blocks are 256-byte
 * aligned. Device memory cannot carry the CPU cache's header, so the cache
 * keeps a host-side table of its blocks.
 *
 * A freed block is reused within the same run at once: every kernel of a
 * run is queued on its one stream, so a later kernel writing the block
 * starts after every earlier kernel that used it has finished.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDASCRATCH_H
#define PT2C_RUNTIME_CUDASCRATCH_H

#include "CudaDriver.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pt2crt_cuda_run;

typedef struct pt2crt_device_block {
  CUdeviceptr ptr;
  size_t size;
  int in_use;
} pt2crt_device_block;

typedef struct pt2crt_device_scratch {
  pt2crt_device_block *blocks;
  size_t count, capacity;
} pt2crt_device_scratch; /* all zero: empty */

/* A block of `size` bytes aligned to `alignment` (at most 256) for `run`;
 * NULL with the failure recorded in the run. */
void *pt2crt_device_scratch_alloc(struct pt2crt_cuda_run *run, size_t alignment,
                                  size_t size);
/* Gives a block back for reuse; a pointer it did not hand out is ignored. */
void pt2crt_device_scratch_free(struct pt2crt_cuda_run *run, void *ptr);
/* After a run has synchronized: every block is idle again, including any
 * the generated code did not free. */
void pt2crt_device_scratch_reset(pt2crt_device_scratch *scratch);
/* Frees every block (the device's context current). */
void pt2crt_device_scratch_destroy(pt2crt_device_scratch *scratch,
                                   const pt2crt_cuda_driver *driver);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDASCRATCH_H */
