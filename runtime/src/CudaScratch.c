/*===- CudaScratch.c - Device memory for the kernels' temporaries ---------===*/

#include "CudaScratch.h"
#include "CudaState.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { kDeviceAlignment = 256 /* what cuMemAlloc guarantees */ };

/*===------------------------------ Blocks ------------------------------===*/

/* A cached block of exactly `size` bytes, or a new one. */
static CUdeviceptr block_alloc(pt2crt_cuda_run *run, size_t size) {
  pt2crt_device_scratch *scratch = run->scratch;
  scratch->handed_blocks = 1;
  for (size_t i = 0; i < scratch->count; ++i) {
    pt2crt_device_block *block = &scratch->blocks[i];
    if (!block->in_use && block->size == size) {
      block->in_use = 1;
      return block->ptr;
    }
  }
  if (scratch->count == scratch->capacity) {
    size_t capacity = scratch->capacity ? 2 * scratch->capacity : 32;
    pt2crt_device_block *grown = realloc(scratch->blocks, capacity * sizeof *grown);
    if (!grown) {
      pt2crt_cuda_fail(run, PT2C_OUT_OF_MEMORY,
                       "out of host memory for the table of device scratch blocks");
      return 0;
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
    return 0;
  }
  scratch->blocks[scratch->count++] = (pt2crt_device_block){ptr, size, 1};
  return ptr;
}

static void block_free(pt2crt_device_scratch *scratch, CUdeviceptr ptr) {
  /* Newest first: temporaries mostly die soon after they are made. */
  for (size_t i = scratch->count; i-- > 0;)
    if (scratch->blocks[i].ptr == ptr) {
      scratch->blocks[i].in_use = 0;
      return;
    }
}

/* Frees every block; nonzero when a graph may have baked one in. */
static int blocks_release(pt2crt_device_scratch *scratch, const pt2crt_cuda_driver *driver) {
  for (size_t i = 0; i < scratch->count; ++i)
    driver->cuMemFree(scratch->blocks[i].ptr);
  int held = scratch->count > 0 && scratch->graphs_hold_blocks;
  scratch->count = 0;
  scratch->graphs_hold_blocks = 0;
  return held;
}

/*===----------------------------- Layouts ------------------------------===*/

static void layout_clear(pt2crt_arena_layout *layout) {
  free(layout->key);
  free(layout->sizes);
  memset(layout, 0, sizeof *layout);
}

static pt2crt_arena_layout *layout_find(pt2crt_device_scratch *scratch, const int64_t *key) {
  for (size_t i = 0; i < PT2CRT_ARENA_LAYOUTS; ++i) {
    pt2crt_arena_layout *layout = &scratch->layouts[i];
    if (layout->key && memcmp(layout->key, key, scratch->key_words * sizeof *key) == 0)
      return layout;
  }
  return NULL;
}

/* An empty slot, else the least recently used one emptied. */
static pt2crt_arena_layout *layout_claim(pt2crt_device_scratch *scratch) {
  pt2crt_arena_layout *oldest = &scratch->layouts[0];
  for (size_t i = 0; i < PT2CRT_ARENA_LAYOUTS; ++i) {
    pt2crt_arena_layout *layout = &scratch->layouts[i];
    if (!layout->key)
      return layout;
    if (layout->last_use < oldest->last_use)
      oldest = layout;
  }
  layout_clear(oldest);
  return oldest;
}

/* The recorded run as a layout, in a claimed slot; NULL when out of host
 * memory. */
static pt2crt_arena_layout *layout_from_trace(pt2crt_device_scratch *scratch) {
  size_t n = scratch->trace_count, key_bytes = scratch->key_words * sizeof(int64_t);
  int64_t *key = malloc(key_bytes ? key_bytes : 1);
  size_t *sizes = malloc(2 * (n ? n : 1) * sizeof *sizes);
  if (!key || !sizes) {
    free(key);
    free(sizes);
    return NULL;
  }
  size_t *offsets = sizes + n;
  size_t bytes = pt2crt_arena_plan(scratch->trace, n, kDeviceAlignment, offsets);
  if (bytes == SIZE_MAX) {
    free(key);
    free(sizes);
    return NULL;
  }
  for (size_t i = 0; i < n; ++i)
    sizes[i] = scratch->trace[i].size;
  memcpy(key, scratch->key, key_bytes);
  pt2crt_arena_layout *layout = layout_claim(scratch);
  *layout = (pt2crt_arena_layout){key, n, sizes, offsets, bytes, ++scratch->clock};
  return layout;
}

/*===------------------------------- Runs -------------------------------===*/

void pt2crt_device_scratch_begin(pt2crt_device_scratch *scratch, const int64_t *symbols) {
  scratch->key = symbols;
  scratch->replaying = layout_find(scratch, symbols);
  if (scratch->replaying)
    scratch->replaying->last_use = ++scratch->clock;
  pt2crt_device_scratch_rewind(scratch);
}

int pt2crt_device_scratch_replaying(const pt2crt_device_scratch *scratch) {
  return scratch->replaying && !scratch->diverged;
}

void pt2crt_device_scratch_rewind(pt2crt_device_scratch *scratch) {
  scratch->next = 0;
  scratch->diverged = 0;
  scratch->events = 0;
  scratch->trace_count = 0;
  scratch->trace_lost = 0;
  scratch->handed_blocks = 0;
  for (size_t i = 0; i < scratch->count; ++i)
    scratch->blocks[i].in_use = 0;
}

/* Notes a recording run's allocation. */
static void trace_alloc(pt2crt_device_scratch *scratch, size_t size, CUdeviceptr ptr) {
  if (scratch->trace_lost)
    return;
  if (scratch->trace_count == scratch->trace_capacity) {
    size_t capacity = scratch->trace_capacity ? 2 * scratch->trace_capacity : 64;
    pt2crt_arena_request *trace = realloc(scratch->trace, capacity * sizeof *trace);
    if (trace)
      scratch->trace = trace;
    CUdeviceptr *ptrs = realloc(scratch->trace_ptrs, capacity * sizeof *ptrs);
    if (ptrs)
      scratch->trace_ptrs = ptrs;
    if (!trace || !ptrs) {
      scratch->trace_lost = 1; /* this shape just records again next time */
      return;
    }
    scratch->trace_capacity = capacity;
  }
  scratch->trace[scratch->trace_count] =
      (pt2crt_arena_request){size, scratch->events++, PT2CRT_ARENA_ALIVE};
  scratch->trace_ptrs[scratch->trace_count++] = ptr;
}

static void trace_free(pt2crt_device_scratch *scratch, CUdeviceptr ptr) {
  if (scratch->trace_lost)
    return;
  /* A block freed earlier may be handed out again: the live one is the
   * newest with that address. */
  for (size_t i = scratch->trace_count; i-- > 0;)
    if (scratch->trace_ptrs[i] == ptr && scratch->trace[i].end == PT2CRT_ARENA_ALIVE) {
      scratch->trace[i].end = scratch->events++;
      return;
    }
}

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
  pt2crt_arena_layout *layout = scratch->replaying;
  if (layout && !scratch->diverged) {
    size_t k = scratch->next++;
    if (k < layout->count && layout->sizes[k] == size)
      return (void *)(uintptr_t)(scratch->arena + layout->offsets[k]);
    scratch->diverged = 1;
  }
  CUdeviceptr ptr = block_alloc(run, size);
  if (ptr && !layout)
    trace_alloc(scratch, size, ptr);
  return ptr ? (void *)(uintptr_t)ptr : NULL;
}

void pt2crt_device_scratch_free(pt2crt_cuda_run *run, void *ptr) {
  pt2crt_device_scratch *scratch = run->scratch;
  CUdeviceptr target = (CUdeviceptr)(uintptr_t)ptr;
  if (scratch->arena && target >= scratch->arena &&
      target - scratch->arena < scratch->arena_bytes)
    return; /* the layout knows when its bytes are free again */
  if (!scratch->replaying)
    trace_free(scratch, target);
  block_free(scratch, target);
}

int pt2crt_device_scratch_end(pt2crt_device_scratch *scratch,
                              const pt2crt_cuda_driver *driver, int succeeded) {
  pt2crt_arena_layout *replayed = scratch->replaying;
  scratch->replaying = NULL;
  for (size_t i = 0; i < scratch->count; ++i)
    scratch->blocks[i].in_use = 0;
  if (replayed) {
    if (scratch->diverged)
      layout_clear(replayed); /* recorded again next time */
    return 0;
  }
  if (!succeeded || scratch->trace_lost)
    return 0;
  pt2crt_arena_layout *layout = layout_from_trace(scratch);
  scratch->key = NULL; /* the run's; only valid until here */
  if (!layout)
    return 0;
  if (layout->bytes > scratch->arena_bytes) {
    /* The blocks go first: the memory they hold may be what the arena
     * needs. Nothing uses either now (the run synchronized). */
    blocks_release(scratch, driver);
    if (scratch->arena)
      driver->cuMemFree(scratch->arena);
    scratch->arena = 0;
    scratch->arena_bytes = 0;
    CUdeviceptr arena = 0;
    if (driver->cuMemAlloc(&arena, layout->bytes) != PT2CRT_CUDA_SUCCESS) {
      /* Out of device memory: every layout needs the arena; record again. */
      for (size_t i = 0; i < PT2CRT_ARENA_LAYOUTS; ++i)
        layout_clear(&scratch->layouts[i]);
      return 1;
    }
    scratch->arena = arena;
    scratch->arena_bytes = layout->bytes;
    return 1;
  }
  return blocks_release(scratch, driver);
}

void pt2crt_device_scratch_destroy(pt2crt_device_scratch *scratch,
                                   const pt2crt_cuda_driver *driver) {
  blocks_release(scratch, driver);
  if (scratch->arena)
    driver->cuMemFree(scratch->arena);
  for (size_t i = 0; i < PT2CRT_ARENA_LAYOUTS; ++i)
    layout_clear(&scratch->layouts[i]);
  free(scratch->blocks);
  free(scratch->trace);
  free(scratch->trace_ptrs);
  memset(scratch, 0, sizeof *scratch);
}
