/*===- CudaScratch.h - Device memory for the kernels' temporaries ---------===*
 *
 * While a CUDA run is current, the generated code's memref allocations
 * (Scratch.c) are device memory of its execution context, from a
 * per-context arena planned once per shape:
 *
 * - The first run of a set of symbol values *records*: each allocation
 *   comes from a cache of blocks (handed out again by exact size once
 *   freed, so even this run allocates one block per size and lifetime
 *   overlap), and its size, allocation and free are noted.
 * - After it succeeds, ArenaPlan.h packs those lifetimes into one layout,
 *   the context's single arena grows to hold it if needed (one cuMemAlloc),
 *   and the blocks are freed.
 * - Later runs with those symbol values *replay*: the k-th allocation is
 *   arena + offset[k], frees cost nothing, and nothing touches the driver.
 *   Should the code ever ask for another size than recorded (it does not:
 *   sizes follow from the symbols), that allocation and the rest come from
 *   the blocks, and the layout is dropped to be recorded again.
 *
 * The layouts of the last PT2CRT_ARENA_LAYOUTS symbol tuples are kept, so
 * a dynamic batch replays too. Reusing bytes of a freed temporary within a
 * run is safe: every kernel of a run is queued on its one stream, so a
 * later kernel writing them starts after every earlier one that used them.
 * Offsets are multiples of 256, what cuMemAlloc guarantees. Device memory
 * cannot carry the CPU cache's header, so the tables are host-side.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDASCRATCH_H
#define PT2C_RUNTIME_CUDASCRATCH_H

#include "ArenaPlan.h"
#include "CudaDriver.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pt2crt_cuda_run;

enum { PT2CRT_ARENA_LAYOUTS = 8 };

typedef struct pt2crt_device_block {
  CUdeviceptr ptr;
  size_t size;
  int in_use;
} pt2crt_device_block;

typedef struct pt2crt_arena_layout {
  int64_t *key;     /* the symbol values; NULL: an empty slot */
  size_t count;     /* allocations of a run */
  size_t *sizes;    /* count sizes, then count offsets, one block */
  size_t *offsets;
  size_t bytes;
  uint64_t last_use;
} pt2crt_arena_layout;

typedef struct pt2crt_device_scratch {
  /* Blocks, for recording runs (and a replay that went its own way). */
  pt2crt_device_block *blocks;
  size_t count, capacity;
  /* The arena and its layouts. */
  CUdeviceptr arena;
  size_t arena_bytes;
  size_t key_words;
  uint64_t clock;
  pt2crt_arena_layout layouts[PT2CRT_ARENA_LAYOUTS];
  /* The run under way. */
  pt2crt_arena_layout *replaying; /* NULL: recording */
  const int64_t *key;             /* the run's symbol values */
  size_t next;                    /* allocations so far */
  int diverged;                   /* a replay met another size */
  uint32_t events;                /* allocations and frees so far */
  pt2crt_arena_request *trace;    /* recording: per allocation */
  CUdeviceptr *trace_ptrs;
  size_t trace_count, trace_capacity;
  int trace_lost;                 /* out of host memory: no layout */
  int handed_blocks;              /* this run got blocks, not arena bytes */
  /* A CUDA graph captured a run that got blocks: freeing them must drop
   * the graphs (CudaRun.c sets it). */
  int graphs_hold_blocks;
} pt2crt_device_scratch; /* all zero, then key_words set: empty */

/* Starts a run with these symbol values (key_words of them, unchanged
 * until pt2crt_device_scratch_end): replays their layout if there is one,
 * else records. */
void pt2crt_device_scratch_begin(pt2crt_device_scratch *scratch, const int64_t *symbols);

/* A block of `size` bytes aligned to `alignment` (at most 256) for `run`;
 * NULL with the failure recorded in the run. */
void *pt2crt_device_scratch_alloc(struct pt2crt_cuda_run *run, size_t alignment,
                                  size_t size);
/* Gives a block back for reuse; a pointer it did not hand out is ignored. */
void pt2crt_device_scratch_free(struct pt2crt_cuda_run *run, void *ptr);

/* Whether the run under way hands out arena bytes only (a layout it
 * follows so far): its end then frees nothing, so it need not wait. */
int pt2crt_device_scratch_replaying(const pt2crt_device_scratch *scratch);

/* Forgets what the run under way did, which never executed (a capture the
 * driver refused): it starts over from its first allocation. */
void pt2crt_device_scratch_rewind(pt2crt_device_scratch *scratch);

/* Ends the run after it has synchronized; `succeeded` says whether it did.
 * Nonzero when device addresses handed out before may be gone (the arena
 * grew, blocks were freed), so anything that baked them in (CUDA graphs)
 * must be dropped. Never fails: without memory for a layout or an arena,
 * the next run of that shape records again. */
int pt2crt_device_scratch_end(pt2crt_device_scratch *scratch,
                              const pt2crt_cuda_driver *driver, int succeeded);

/* Frees everything (the device's context current). */
void pt2crt_device_scratch_destroy(pt2crt_device_scratch *scratch,
                                   const pt2crt_cuda_driver *driver);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDASCRATCH_H */
