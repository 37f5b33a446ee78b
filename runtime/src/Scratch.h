/*===- Scratch.h - The compiled code's scratch buffers, reused across runs -===*
 *
 * Kernels allocate their temporaries through the memref allocation entry
 * points (finalize-memref-to-llvm{use-generic-functions}), which Scratch.c
 * implements. Each execution context owns a cache of freed blocks: a run
 * of a static-shape model asks for the same sizes every time, so after the
 * first run every allocation is a reuse — no mmap, no page faults, no
 * zeroing by the kernel. (A planned arena would need less memory; this is
 * the step before it.)
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_SCRATCH_H
#define PT2C_RUNTIME_SCRATCH_H

#include <pthread.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pt2crt_block;

typedef struct pt2crt_scratch {
  pthread_mutex_t mutex; /* parallel chunks allocate from several threads */
  struct pt2crt_block *free; /* idle blocks, most recently freed first */
} pt2crt_scratch;

/* Nonzero on failure (a mutex could not be made). */
int pt2crt_scratch_init(pt2crt_scratch *scratch);
/* Frees the idle blocks; no block may be in use. */
void pt2crt_scratch_destroy(pt2crt_scratch *scratch);

/* The cache this thread's allocations use (NULL: plain malloc/free);
 * returns the previous one so the caller can put it back. */
pt2crt_scratch *pt2crt_scratch_set_current(pt2crt_scratch *scratch);
pt2crt_scratch *pt2crt_scratch_current(void);

/* The entry points the compiled code calls. */
void *_mlir_memref_to_llvm_alloc(size_t size);
void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size);
void _mlir_memref_to_llvm_free(void *ptr);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_SCRATCH_H */
