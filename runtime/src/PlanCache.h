/*===- PlanCache.h - Library plans of an execution context, by key -------===*
 *
 * cuBLASLt matmuls (CudaGemm.c) and cuDNN convolutions (CudaConv.c) are
 * described to their library once per problem: a plan (descriptors, the
 * algorithm picked). Each context keeps its plans here, found by a key of
 * int64 fields that must hold everything a plan depends on, so two
 * problems that differ in anything get two plans. At most
 * PT2CRT_PLAN_CACHE_SLOTS plans are kept; past that the oldest slot is
 * reused (a model with very many shapes). The cache owns the plans'
 * memory; what a plan holds (library descriptors) is freed through the
 * `release` function its user passes.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_PLANCACHE_H
#define PT2C_RUNTIME_PLANCACHE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PT2CRT_PLAN_CACHE_SLOTS 64

/* Frees what `plan` holds (not its memory); `library` is the user's. */
typedef void (*pt2crt_plan_release)(const void *library, void *plan);

typedef struct pt2crt_plan_cache {
  size_t key_fields, plan_bytes;
  pt2crt_plan_release release;
  const void *library;
  unsigned char *memory; /* SLOTS x (key, plan) */
  unsigned char filled[PT2CRT_PLAN_CACHE_SLOTS];
  size_t count, next_replaced;
} pt2crt_plan_cache;

/* Sets the cache up for keys of `key_fields` fields and plans of
 * `plan_bytes`; returns 0 when out of memory. */
int pt2crt_plan_cache_init(pt2crt_plan_cache *cache, size_t key_fields, size_t plan_bytes,
                           pt2crt_plan_release release, const void *library);

/* The plan made for `key`, or NULL. */
void *pt2crt_plan_cache_find(const pt2crt_plan_cache *cache, const int64_t *key);

/* A zeroed plan under `key` for the caller to fill (the plan a full cache
 * replaces is released first). */
void *pt2crt_plan_cache_add(pt2crt_plan_cache *cache, const int64_t *key);

/* The plan `add` returned could not be made: released, and its slot
 * matches no key. */
void pt2crt_plan_cache_discard(pt2crt_plan_cache *cache, void *plan);

/* Releases every plan and the memory. */
void pt2crt_plan_cache_destroy(pt2crt_plan_cache *cache);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_PLANCACHE_H */
