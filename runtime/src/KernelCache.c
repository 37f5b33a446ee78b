/*===- KernelCache.c - Kernel handles looked up once per context ---------===*/

#include "KernelCache.h"

#include <stdint.h>
#include <stdlib.h>

/* Far more kernels than a model has: past it, lookups go to the driver. */
enum { kInitialCapacity = 64, kMaxCapacity = 1 << 16 };

static size_t slot_of(const pt2crt_kernel_cache *cache, const void *module,
                      const char *name) {
  uint64_t key = (uint64_t)(uintptr_t)name ^ ((uint64_t)(uintptr_t)module << 7);
  key *= 0x9e3779b97f4a7c15ull; /* Fibonacci hashing: mixes the low bits up */
  return (size_t)(key >> 32) & (cache->capacity - 1);
}

CUfunction pt2crt_kernel_cache_find(const pt2crt_kernel_cache *cache,
                                    const void *module, const char *name) {
  if (!cache->capacity)
    return NULL;
  for (size_t i = slot_of(cache, module, name);; i = (i + 1) & (cache->capacity - 1)) {
    const pt2crt_kernel_entry *entry = &cache->entries[i];
    if (!entry->module)
      return NULL;
    if (entry->module == module && entry->name == name)
      return entry->function;
  }
}

static void insert(pt2crt_kernel_cache *cache, pt2crt_kernel_entry entry) {
  size_t i = slot_of(cache, entry.module, entry.name);
  while (cache->entries[i].module)
    i = (i + 1) & (cache->capacity - 1);
  cache->entries[i] = entry;
  ++cache->count;
}

/* Doubles the table (kept at most half full, so probes stay short). */
static int grow(pt2crt_kernel_cache *cache) {
  size_t capacity = cache->capacity ? 2 * cache->capacity : kInitialCapacity;
  if (capacity > kMaxCapacity)
    return 0;
  pt2crt_kernel_entry *entries = calloc(capacity, sizeof *entries);
  if (!entries)
    return 0;
  pt2crt_kernel_cache old = *cache;
  cache->entries = entries;
  cache->capacity = capacity;
  cache->count = 0;
  for (size_t i = 0; i < old.capacity; ++i)
    if (old.entries[i].module)
      insert(cache, old.entries[i]);
  free(old.entries);
  return 1;
}

void pt2crt_kernel_cache_add(pt2crt_kernel_cache *cache, const void *module,
                             const char *name, CUfunction function) {
  if (2 * (cache->count + 1) > cache->capacity && !grow(cache))
    return;
  insert(cache, (pt2crt_kernel_entry){module, name, function});
}

const char *pt2crt_kernel_cache_name(const pt2crt_kernel_cache *cache,
                                     CUfunction function) {
  for (size_t i = 0; i < cache->capacity; ++i)
    if (cache->entries[i].module && cache->entries[i].function == function)
      return cache->entries[i].name;
  return NULL;
}

void pt2crt_kernel_cache_destroy(pt2crt_kernel_cache *cache) {
  free(cache->entries);
  cache->entries = NULL;
  cache->capacity = cache->count = 0;
}
