/*===- pool_overhead.c - what one parallel loop costs beyond its work ----===*
 *
 * A model run is hundreds of parallel loops back to back; the small ones
 * (a layer norm's rows, a transpose of a [197, 768] tensor) are decided by
 * what publishing a loop, waking the workers and waiting for the last
 * chunk cost. This times pt2crt_parallel_for the way generated code calls
 * it (one chunk per thread, as the OpenMP shim forks a team) on two
 * bodies: an empty one (the pure fork-join cost) and one that adds 1 to a
 * float array of 600 KB (a [197, 768] activation), and prints a Markdown
 * table of the median per loop over many loops, for each thread count.
 *
 *   pt2c-bench-pool [max-threads] [loops]
 *
 * A benchmark, never a test: run it on the machine whose numbers you
 * quote (bench/README.md says where they came from).
 *===----------------------------------------------------------------------===*/

#include "ThreadPool.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { kElements = 197 * 768 };

typedef struct {
  float *data;
  int64_t threads;
} touch_context;

static void empty_body(void *ctx, int64_t begin, int64_t end) {
  (void)ctx, (void)begin, (void)end;
}

/* Member i of `threads` adds 1 to its contiguous share of the array. */
static void touch_body(void *ctx, int64_t begin, int64_t end) {
  const touch_context *touch = ctx;
  for (int64_t member = begin; member < end; ++member) {
    int64_t first = kElements * member / touch->threads;
    int64_t last = kElements * (member + 1) / touch->threads;
    for (int64_t i = first; i < last; ++i)
      touch->data[i] += 1.0f;
  }
}

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Median microseconds per loop over `rounds` rounds of `loops` loops. */
static double median_loop_us(pt2crt_pool *pool, int32_t threads, int loops,
                             pt2c_parallel_body body, void *ctx) {
  enum { kRounds = 21 };
  double per_loop[kRounds];
  for (int round = 0; round < kRounds; ++round) {
    double start = now_us();
    for (int i = 0; i < loops; ++i)
      pt2crt_parallel_for(pool, threads, 1, body, ctx);
    per_loop[round] = (now_us() - start) / loops;
  }
  qsort(per_loop, kRounds, sizeof(double), by_value);
  return per_loop[kRounds / 2];
}

int main(int argc, char **argv) {
  int32_t max_threads = argc > 1 ? atoi(argv[1]) : pt2crt_online_cpus();
  int loops = argc > 2 ? atoi(argv[2]) : 2000;
  if (max_threads < 1 || loops < 1) {
    fprintf(stderr, "usage: %s [max-threads] [loops]\n", argv[0]);
    return 2;
  }
  float *data = calloc(kElements, sizeof(float));
  if (!data)
    return 1;
  printf("| threads | empty loop us | add 1 to 600 KB us |\n|---|---|---|\n");
  for (int32_t threads = 1; threads <= max_threads; threads *= 2) {
    pt2crt_pool *pool = NULL;
    pt2c_status *status = pt2crt_pool_create(threads, &pool);
    if (status) {
      fprintf(stderr, "could not make a pool of %d threads\n", threads);
      return 1;
    }
    touch_context touch = {data, threads};
    double empty = median_loop_us(pool, threads, loops, empty_body, NULL);
    double touched = median_loop_us(pool, threads, loops, touch_body, &touch);
    printf("| %d | %.2f | %.2f |\n", threads, empty, touched);
    pt2crt_pool_destroy(pool);
    if (threads < max_threads && threads * 2 > max_threads)
      threads = max_threads / 2; /* end on max_threads itself */
  }
  free(data);
  return 0;
}
