/*===- Profile.h - Per-node timing of a model's runs ----------------------===*
 *
 * The compiler brackets every piece of work of the generated code (a loop
 * nest, a parallel loop or copy on the CPU; a kernel launch or library call
 * on the GPU) with pt2crt_profile_begin/end(table, id), where `table` is
 * that code's list of point names ("kind: node, node @ file.py:41", NUL
 * separated, an empty name last: pt2c-profile-points) and `id` the point's
 * index in it. Each compiled form (AVX-512, AVX2, CUDA host code) has its
 * own table.
 *
 * The hooks do nothing unless the calling thread has a current profile run,
 * which Run.c sets around the compiled code of a model created with
 * pt2c_options_set_profiling(o, 1). On the CPU they read a monotonic
 * clock; on a CUDA run they record events on the run's stream through the
 * run's `mark` function, whose times are collected after the run waited
 * for its stream. A finished run adds its times to the model's totals
 * (pt2c_model_profile_*), under a mutex: runs on several threads at once
 * are profiled too (their points then overlap in time).
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_PROFILE_H
#define PT2C_RUNTIME_PROFILE_H

#include <pthread.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pt2crt_profile_point {
  uint64_t calls;
  uint64_t total_ns;
} pt2crt_profile_point;

/* One run's times, owned by its execution context and reused. */
typedef struct pt2crt_profile_run {
  const char *table; /* the table of the code that ran; NULL before */
  int32_t n_points;
  int32_t capacity;
  pt2crt_profile_point *points; /* n_points, this run's */
  uint64_t *started_ns;         /* CPU: each point's begin time */
  int32_t failed;               /* out of memory: the run is not counted */
  /* CUDA runs: called instead of reading the clock (`end` 0 at begin, 1 at
   * end); NULL on the CPU. */
  void (*mark)(void *cookie, int32_t id, int32_t end);
  void *cookie;
} pt2crt_profile_run;

/* A model's totals over its profiled runs. */
typedef struct pt2crt_profile_totals {
  pthread_mutex_t mutex;
  const char *table;
  int32_t n_points;
  pt2crt_profile_point *points;
  const char **names; /* n_points, into `table` */
  uint64_t runs;
  uint64_t wall_ns; /* the profiled runs' execution (inputs validated and outputs
                       allocated before it; on CUDA: copies and the wait) */
} pt2crt_profile_totals;

/* The generated code's hooks (hidden symbols like all of the runtime). */
void pt2crt_profile_begin(const char *table, int32_t id);
void pt2crt_profile_end(const char *table, int32_t id);

/* Makes `run` (or NULL) the calling thread's current profile run, clearing
 * its times; returns the previous one. */
pt2crt_profile_run *pt2crt_profile_set_current(pt2crt_profile_run *run);

/* Adds a point's time measured elsewhere (a CUDA event pair). */
void pt2crt_profile_add(pt2crt_profile_run *run, int32_t id, uint64_t ns);

void pt2crt_profile_run_free(pt2crt_profile_run *run);

/* Nonzero when the mutex could not be made. */
int pt2crt_profile_totals_init(pt2crt_profile_totals *totals);
void pt2crt_profile_totals_destroy(pt2crt_profile_totals *totals);
/* Adds a finished run (unless it failed) that took `wall_ns`. */
void pt2crt_profile_totals_add(pt2crt_profile_totals *totals,
                               const pt2crt_profile_run *run, uint64_t wall_ns);

uint64_t pt2crt_now_ns(void);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_PROFILE_H */
