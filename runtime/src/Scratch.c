/*===- Scratch.c - The compiled code's scratch buffers, reused across runs -===*
 *
 * Every block starts with a header in the 64 bytes (or `alignment` bytes,
 * if larger) before the pointer handed out, so free() finds the cache the
 * block belongs to, or that it has none, whichever thread frees it.
 *===----------------------------------------------------------------------===*/

#include "Scratch.h"

#include "CudaState.h"

#include <stdint.h>
#include <stdlib.h>

enum { kHeaderBytes = 64 };

typedef struct pt2crt_block {
  pt2crt_scratch *owner;     /* NULL: allocated outside any run */
  struct pt2crt_block *next; /* in the owner's free list */
  void *raw;                 /* what aligned_alloc returned */
  size_t size;               /* bytes asked for */
  size_t alignment;          /* header space, a power of two >= 64 */
} pt2crt_block;

_Static_assert(sizeof(pt2crt_block) <= kHeaderBytes, "block header too large");

static _Thread_local pt2crt_scratch *tls_scratch;

pt2crt_scratch *pt2crt_scratch_set_current(pt2crt_scratch *scratch) {
  pt2crt_scratch *previous = tls_scratch;
  tls_scratch = scratch;
  return previous;
}

pt2crt_scratch *pt2crt_scratch_current(void) { return tls_scratch; }

int pt2crt_scratch_init(pt2crt_scratch *scratch) {
  scratch->free = NULL;
  return pthread_mutex_init(&scratch->mutex, NULL);
}

void pt2crt_scratch_destroy(pt2crt_scratch *scratch) {
  pt2crt_block *block = scratch->free;
  while (block) {
    pt2crt_block *next = block->next;
    free(block->raw);
    block = next;
  }
  scratch->free = NULL;
  pthread_mutex_destroy(&scratch->mutex);
}

static void *payload(pt2crt_block *block) {
  return (char *)block + kHeaderBytes;
}

static pt2crt_block *header(void *ptr) {
  return (pt2crt_block *)((char *)ptr - kHeaderBytes);
}

/* A freed block of exactly this size and alignment, taken off the list. */
static pt2crt_block *reuse(pt2crt_scratch *scratch, size_t size,
                           size_t alignment) {
  pthread_mutex_lock(&scratch->mutex);
  pt2crt_block **link = &scratch->free;
  while (*link && ((*link)->size != size || (*link)->alignment != alignment))
    link = &(*link)->next;
  pt2crt_block *block = *link;
  if (block)
    *link = block->next;
  pthread_mutex_unlock(&scratch->mutex);
  return block;
}

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size) {
  /* A CUDA model's host code allocates only what its kernels use. */
  pt2crt_cuda_run *cuda = pt2crt_cuda_current_run();
  if (cuda)
    return pt2crt_device_scratch_alloc(cuda, alignment, size);
  if (alignment < kHeaderBytes)
    alignment = kHeaderBytes;
  if (alignment & (alignment - 1))
    return NULL; /* not a power of two: no valid layout asks for it */
  pt2crt_scratch *scratch = tls_scratch;
  if (scratch) {
    pt2crt_block *block = reuse(scratch, size, alignment);
    if (block)
      return payload(block);
  }
  /* The header sits in the last 64 bytes of the `alignment` bytes before
   * the payload; aligned_alloc wants a multiple of the alignment. */
  size_t total = alignment + size;
  if (total < size)
    return NULL;
  total = (total + alignment - 1) & ~(alignment - 1);
  void *raw = aligned_alloc(alignment, total);
  if (!raw)
    return NULL;
  pt2crt_block *block =
      (pt2crt_block *)((char *)raw + alignment - kHeaderBytes);
  block->owner = scratch;
  block->next = NULL;
  block->raw = raw;
  block->size = size;
  block->alignment = alignment;
  return payload(block);
}

void *_mlir_memref_to_llvm_alloc(size_t size) {
  return _mlir_memref_to_llvm_aligned_alloc(kHeaderBytes, size);
}

void _mlir_memref_to_llvm_free(void *ptr) {
  if (!ptr)
    return;
  pt2crt_cuda_run *cuda = pt2crt_cuda_current_run();
  if (cuda) {
    pt2crt_device_scratch_free(cuda, ptr);
    return;
  }
  pt2crt_block *block = header(ptr);
  pt2crt_scratch *owner = block->owner;
  if (!owner) {
    free(block->raw);
    return;
  }
  pthread_mutex_lock(&owner->mutex);
  block->next = owner->free;
  owner->free = block;
  pthread_mutex_unlock(&owner->mutex);
}
