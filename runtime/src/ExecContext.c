/*===- ExecContext.c - The free list of per-execution contexts -----------===*/

#include "ExecContext.h"
#include "CudaRun.h"
#include "Status.h"

#include <stdlib.h>

enum { kArenaAlignment = 64 };

int pt2crt_contexts_init(pt2crt_context_list *list,
                         const pt2c_model_desc *desc) {
  list->free = NULL;
  list->desc = desc;
  list->cuda_device = -1;
  return pthread_mutex_init(&list->mutex, NULL);
}

static void free_context(pt2crt_context *ctx) {
  pt2crt_cuda_context_destroy(ctx->cuda);
  pt2crt_scratch_destroy(&ctx->scratch);
  pt2crt_profile_run_free(&ctx->profile);
  free(ctx->arena);
  free(ctx);
}

void pt2crt_contexts_destroy(pt2crt_context_list *list) {
  pt2crt_context *ctx = list->free;
  while (ctx) {
    pt2crt_context *next = ctx->next;
    free_context(ctx);
    ctx = next;
  }
  list->free = NULL;
  pthread_mutex_destroy(&list->mutex);
}

/* One allocation holds the context and its fixed-size arrays, ordered by
 * alignment (int64, pointers, int32, bytes) so each stays aligned. */
static pt2crt_context *new_context(const pt2c_model_desc *desc) {
  size_t n_symbols = (size_t)desc->n_symbols;
  size_t n_inputs = (size_t)desc->n_inputs;
  size_t n_outputs = (size_t)desc->n_outputs;
  size_t total_output_rank = 0;
  for (size_t i = 0; i < n_outputs; ++i)
    total_output_rank += (size_t)desc->outputs[i].rank;

  size_t bytes = sizeof(pt2crt_context) +
                 (n_symbols + total_output_rank) * sizeof(int64_t) +
                 (n_inputs + n_outputs) * sizeof(void *) +
                 2 * n_symbols * sizeof(int32_t) + n_outputs;
  pt2crt_context *ctx = calloc(1, bytes);
  if (!ctx)
    return NULL;
  if (pt2crt_scratch_init(&ctx->scratch)) {
    free(ctx);
    return NULL;
  }
  char *cursor = (char *)(ctx + 1);
  ctx->symbols = (int64_t *)cursor;
  cursor += n_symbols * sizeof(int64_t);
  ctx->output_dims = (int64_t *)cursor;
  cursor += total_output_rank * sizeof(int64_t);
  ctx->inputs = (void **)cursor;
  cursor += n_inputs * sizeof(void *);
  ctx->outputs = (void **)cursor;
  cursor += n_outputs * sizeof(void *);
  ctx->bound_input = (int32_t *)cursor;
  cursor += n_symbols * sizeof(int32_t);
  ctx->bound_dim = (int32_t *)cursor;
  cursor += n_symbols * sizeof(int32_t);
  ctx->model_allocated = (uint8_t *)cursor;
  return ctx;
}

pt2crt_context *pt2crt_context_acquire(pt2crt_context_list *list) {
  pthread_mutex_lock(&list->mutex);
  pt2crt_context *ctx = list->free;
  if (ctx)
    list->free = ctx->next;
  pthread_mutex_unlock(&list->mutex);
  if (!ctx)
    ctx = new_context(list->desc);
  if (ctx) {
    ctx->next = NULL;
    ctx->cuda_device = list->cuda_device;
  }
  return ctx;
}

void pt2crt_context_release(pt2crt_context_list *list, pt2crt_context *ctx) {
  pthread_mutex_lock(&list->mutex);
  ctx->next = list->free;
  list->free = ctx;
  pthread_mutex_unlock(&list->mutex);
}

pt2c_status *pt2crt_context_reserve_arena(pt2crt_context *ctx, uint64_t bytes) {
  if (bytes <= ctx->arena_capacity)
    return NULL;
  /* Round up: aligned_alloc wants a multiple of the alignment. */
  if (bytes > UINT64_MAX - (kArenaAlignment - 1) || bytes > SIZE_MAX)
    return pt2crt_alloc_error("the scratch arena", bytes);
  uint64_t rounded =
      (bytes + kArenaAlignment - 1) & ~(uint64_t)(kArenaAlignment - 1);
  /* No realloc: the old contents are dead between runs. */
  free(ctx->arena);
  ctx->arena_capacity = 0;
  ctx->arena = aligned_alloc(kArenaAlignment, (size_t)rounded);
  if (!ctx->arena)
    return pt2crt_alloc_error("the scratch arena", bytes);
  ctx->arena_capacity = rounded;
  return NULL;
}
