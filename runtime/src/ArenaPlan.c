/*===- ArenaPlan.c - Offsets in one arena for a run's temporaries --------===*/

#include "ArenaPlan.h"

#include <stdlib.h>

static size_t size_of(const pt2crt_arena_request *request) {
  return request->size ? request->size : 1;
}

static int alive_together(const pt2crt_arena_request *a, const pt2crt_arena_request *b) {
  return a->begin < b->end && b->begin < a->end;
}

/* qsort's context-free comparators need the requests in a global; a
 * selection by hand keeps this reentrant instead (n is a few hundred). */
static void order_by_size(const pt2crt_arena_request *requests, size_t count,
                          size_t *order) {
  for (size_t i = 0; i < count; ++i)
    order[i] = i;
  /* Insertion sort: largest first, then earliest, so the result does not
   * depend on anything but the requests. */
  for (size_t i = 1; i < count; ++i) {
    size_t moving = order[i], j = i;
    while (j > 0) {
      const pt2crt_arena_request *a = &requests[moving], *b = &requests[order[j - 1]];
      if (size_of(a) < size_of(b) || (size_of(a) == size_of(b) && a->begin >= b->begin))
        break;
      order[j] = order[j - 1];
      --j;
    }
    order[j] = moving;
  }
}

size_t pt2crt_arena_plan(const pt2crt_arena_request *requests, size_t count,
                         size_t alignment, size_t *offsets) {
  if (count == 0)
    return 0;
  size_t *order = malloc(2 * count * sizeof *order);
  if (!order)
    return SIZE_MAX;
  size_t *placed = order + count; /* the requests placed so far, by offset */
  size_t n_placed = 0, arena = 0;
  order_by_size(requests, count, order);
  for (size_t k = 0; k < count; ++k) {
    size_t i = order[k], size = size_of(&requests[i]);
    if (size > SIZE_MAX - alignment) {
      free(order);
      return SIZE_MAX;
    }
    /* Walk the placed requests by offset; the first gap that fits wins. */
    size_t offset = 0;
    for (size_t p = 0; p < n_placed; ++p) {
      const pt2crt_arena_request *other = &requests[placed[p]];
      if (!alive_together(other, &requests[i]))
        continue;
      size_t start = offsets[placed[p]], stop = start + size_of(other);
      if (offset + size <= start)
        break;
      if (stop > offset)
        offset = (stop + alignment - 1) & ~(alignment - 1);
    }
    /* Keep `placed` sorted by offset. */
    size_t insert_at = 0;
    while (insert_at < n_placed && offsets[placed[insert_at]] <= offset)
      ++insert_at;
    for (size_t p = n_placed; p > insert_at; --p)
      placed[p] = placed[p - 1];
    placed[insert_at] = i;
    ++n_placed;
    offsets[i] = offset;
    if (offset + size > arena)
      arena = offset + size;
  }
  free(order);
  return arena;
}
