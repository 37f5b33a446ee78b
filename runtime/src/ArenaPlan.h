/*===- ArenaPlan.h - Offsets in one arena for a run's temporaries --------===*
 *
 * A CUDA run's temporaries (CudaScratch.h) are planned once per shape:
 * the first run records each allocation's size and lifetime, this packs
 * them into one arena so that two never share bytes while both are alive,
 * and later runs hand out arena + offset in the same order. Pure
 * arithmetic, no CUDA: unit-tested on its own.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_ARENAPLAN_H
#define PT2C_RUNTIME_ARENAPLAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Never freed within the run: alive to its end. */
#define PT2CRT_ARENA_ALIVE UINT32_MAX

typedef struct pt2crt_arena_request {
  size_t size;    /* bytes; 0 is treated as 1 */
  uint32_t begin; /* the event count when allocated */
  uint32_t end;   /* when freed (> begin), or PT2CRT_ARENA_ALIVE */
} pt2crt_arena_request;

/* Writes offsets[i], multiples of `alignment` (a power of two), so that
 * requests whose [begin, end) overlap never overlap in bytes. Largest
 * first, each at the lowest offset that fits: a freed temporary's bytes
 * go to later ones. Returns the arena's size in bytes, or SIZE_MAX when
 * out of host memory or the sizes overflow (offsets then undefined). */
size_t pt2crt_arena_plan(const pt2crt_arena_request *requests, size_t count,
                         size_t alignment, size_t *offsets);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_ARENAPLAN_H */
