/*===- PlanCache.c - Library plans of an execution context, by key -------===*/

#include "PlanCache.h"

#include <stdlib.h>
#include <string.h>

static size_t slot_bytes(const pt2crt_plan_cache *cache) {
  size_t bytes = cache->key_fields * sizeof(int64_t) + cache->plan_bytes;
  return (bytes + 15) / 16 * 16; /* plans hold pointers and 64-bit fields */
}

static int64_t *key_of(const pt2crt_plan_cache *cache, size_t slot) {
  return (int64_t *)(cache->memory + slot * slot_bytes(cache));
}

static void *plan_of(const pt2crt_plan_cache *cache, size_t slot) {
  return (unsigned char *)key_of(cache, slot) + cache->key_fields * sizeof(int64_t);
}

int pt2crt_plan_cache_init(pt2crt_plan_cache *cache, size_t key_fields, size_t plan_bytes,
                           pt2crt_plan_release release, const void *library) {
  memset(cache, 0, sizeof *cache);
  cache->key_fields = key_fields;
  cache->plan_bytes = plan_bytes;
  cache->release = release;
  cache->library = library;
  cache->memory = calloc(PT2CRT_PLAN_CACHE_SLOTS, slot_bytes(cache));
  return cache->memory != NULL;
}

void *pt2crt_plan_cache_find(const pt2crt_plan_cache *cache, const int64_t *key) {
  for (size_t slot = 0; slot < cache->count; ++slot)
    if (cache->filled[slot] &&
        memcmp(key_of(cache, slot), key, cache->key_fields * sizeof(int64_t)) == 0)
      return plan_of(cache, slot);
  return NULL;
}

void *pt2crt_plan_cache_add(pt2crt_plan_cache *cache, const int64_t *key) {
  size_t slot = cache->count < PT2CRT_PLAN_CACHE_SLOTS
                    ? cache->count++
                    : cache->next_replaced++ % PT2CRT_PLAN_CACHE_SLOTS;
  if (cache->filled[slot])
    cache->release(cache->library, plan_of(cache, slot));
  memcpy(key_of(cache, slot), key, cache->key_fields * sizeof(int64_t));
  memset(plan_of(cache, slot), 0, cache->plan_bytes);
  cache->filled[slot] = 1;
  return plan_of(cache, slot);
}

void pt2crt_plan_cache_discard(pt2crt_plan_cache *cache, void *plan) {
  size_t slot = (size_t)((unsigned char *)plan - cache->memory) / slot_bytes(cache);
  cache->release(cache->library, plan);
  cache->filled[slot] = 0;
}

void pt2crt_plan_cache_destroy(pt2crt_plan_cache *cache) {
  for (size_t slot = 0; slot < cache->count; ++slot)
    if (cache->filled[slot])
      cache->release(cache->library, plan_of(cache, slot));
  free(cache->memory);
  memset(cache, 0, sizeof *cache);
}
