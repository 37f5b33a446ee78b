/*===- KernelCache.h - Kernel handles looked up once per context ---------===*
 *
 * MLIR's host code asks for the kernel (mgpuModuleGetFunction) before every
 * launch. The driver's lookup is a string search under its lock; this cache
 * answers repeats from a small hash table. One per execution context, so a
 * run (one thread) uses it without a lock. Keyed by the module handle and
 * the address of the name: the generated code passes the address of a
 * constant string, the same one at every launch of a kernel.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_KERNELCACHE_H
#define PT2C_RUNTIME_KERNELCACHE_H

#include "CudaDriver.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pt2crt_kernel_entry {
  const void *module; /* NULL: an empty slot */
  const char *name;
  CUfunction function;
} pt2crt_kernel_entry;

typedef struct pt2crt_kernel_cache {
  pt2crt_kernel_entry *entries; /* `capacity` slots, a power of two */
  size_t capacity, count;
} pt2crt_kernel_cache; /* all zero: empty */

/* The cached function, or NULL. */
CUfunction pt2crt_kernel_cache_find(const pt2crt_kernel_cache *cache,
                                    const void *module, const char *name);

/* Remembers a lookup; when out of memory it just does not (the caller then
 * asks the driver again next time). `module` must not be NULL. */
void pt2crt_kernel_cache_add(pt2crt_kernel_cache *cache, const void *module,
                             const char *name, CUfunction function);

/* The name `function` was looked up by, for messages; NULL if unknown. */
const char *pt2crt_kernel_cache_name(const pt2crt_kernel_cache *cache,
                                     CUfunction function);

void pt2crt_kernel_cache_destroy(pt2crt_kernel_cache *cache);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_KERNELCACHE_H */
