/*===- ExecContext.h - Per-execution scratch state of a model ------------===*
 *
 * Everything one pt2c_model_run needs besides the caller's tensors: the
 * bound symbol values, the data pointers handed to the compiled code, the
 * output shapes and the scratch arena. Runs take a context from a
 * mutex-protected free list and give it back, so concurrent runs never
 * share one and a steady stream of runs allocates nothing.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_EXECCONTEXT_H
#define PT2C_RUNTIME_EXECCONTEXT_H

#include "pt2c/model_abi.h"
#include "pt2c/pt2c.h"
#include "Profile.h"
#include "Scratch.h"

#include <pthread.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pt2crt_context {
  struct pt2crt_context *next; /* in the free list */
  int64_t *symbols;            /* n_symbols values */
  int32_t *bound_input;        /* per symbol: the input that bound it, or -1 */
  int32_t *bound_dim;          /* per symbol: that input's dim */
  void **inputs;               /* n_inputs data pointers */
  void **outputs;              /* n_outputs data pointers */
  uint8_t *model_allocated;    /* per output: allocated by this run */
  int64_t *output_dims;        /* every output's dims, in order */
  uint8_t *arena;              /* 64-byte aligned, arena_capacity bytes */
  uint64_t arena_capacity;
  pt2crt_scratch scratch;      /* the kernels' temporaries, kept for reuse */
  int32_t cuda_device;         /* a CUDA model's device index; -1: CPU */
  struct pt2crt_cuda_context *cuda; /* CUDA models: stream, staging, scratch */
  pt2crt_profile_run profile;  /* a profiled run's times (Profile.h) */
} pt2crt_context;

typedef struct pt2crt_context_list {
  pthread_mutex_t mutex;
  pt2crt_context *free; /* idle contexts */
  const pt2c_model_desc *desc;
  int32_t cuda_device;   /* -1 for a CPU model */
} pt2crt_context_list;

/* Nonzero on failure (a mutex could not be made). */
int pt2crt_contexts_init(pt2crt_context_list *list,
                         const pt2c_model_desc *desc);
/* Frees every idle context; none may be in use. */
void pt2crt_contexts_destroy(pt2crt_context_list *list);

/* An idle context, or a new one; NULL when out of memory. */
pt2crt_context *pt2crt_context_acquire(pt2crt_context_list *list);
void pt2crt_context_release(pt2crt_context_list *list, pt2crt_context *ctx);

/* Makes ctx->arena hold at least `bytes` (0 leaves it as it is). */
pt2c_status *pt2crt_context_reserve_arena(pt2crt_context *ctx, uint64_t bytes);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_EXECCONTEXT_H */
