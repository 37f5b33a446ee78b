/* What the oneDNN reference programs of bench/ share (onednn_conv.c,
 * onednn_matmul.c): a status check, a one-thread oneDNN, seeded operands
 * and the median time of a primitive. Header-only: each program is one
 * C file built on its own where libdnnl-dev is installed. */
#ifndef PT2C_BENCH_ONEDNN_TIMING_H
#define PT2C_BENCH_ONEDNN_TIMING_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* setenv, execv */
#endif
#include <oneapi/dnnl/dnnl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The program's name in messages; each program defines it. */
extern const char *const program_name;

#define CHECK(call)                                                         \
  do {                                                                      \
    dnnl_status_t status_ = (call);                                         \
    if (status_ != dnnl_success) {                                          \
      fprintf(stderr, "%s: %s failed (status %d)\n", program_name, #call,  \
              (int)status_);                                                \
      exit(1);                                                              \
    }                                                                       \
  } while (0)

static inline double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static inline int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Fills a float32 memory with values in [-0.5, 0.5) from `seed`. */
static inline void fill(dnnl_memory_t memory, unsigned seed) {
  void *data = NULL;
  CHECK(dnnl_memory_get_data_handle(memory, &data));
  const dnnl_memory_desc_t *desc = NULL;
  CHECK(dnnl_memory_get_memory_desc(memory, &desc));
  size_t count = dnnl_memory_desc_get_size(desc) / sizeof(float);
  float *values = data;
  for (size_t i = 0; i < count; ++i) {
    seed = seed * 1664525u + 1013904223u;
    values[i] = (float)(seed >> 8) / (float)(1u << 24) - 0.5f;
  }
}

/* Median milliseconds of `runs` executions of `primitive` after three
 * warm-up ones. */
static inline double median_ms(dnnl_primitive_t primitive, dnnl_stream_t stream, int nargs,
                               const dnnl_exec_arg_t *args, int runs) {
  double *times = malloc(sizeof(double) * (size_t)runs);
  if (!times) {
    fprintf(stderr, "%s: out of memory\n", program_name);
    exit(1);
  }
  for (int i = -3; i < runs; ++i) {
    double start = now_ms();
    CHECK(dnnl_primitive_execute(primitive, stream, nargs, args));
    CHECK(dnnl_stream_wait(stream));
    if (i >= 0)
      times[i] = now_ms() - start;
  }
  qsort(times, (size_t)runs, sizeof(double), compare_doubles);
  double median = times[runs / 2];
  free(times);
  return median;
}

/* oneDNN's Debian build threads with OpenMP, which reads OMP_NUM_THREADS
 * when the library loads, so the program re-executes itself with it set to
 * 1 rather than trusting the caller's environment. Returns only when the
 * variable is 1. */
static inline void run_on_one_thread(char **argv) {
  const char *threads = getenv("OMP_NUM_THREADS");
  if (threads && strcmp(threads, "1") == 0)
    return;
  setenv("OMP_NUM_THREADS", "1", 1);
  execv("/proc/self/exe", argv);
  fprintf(stderr, "%s: re-executing with OMP_NUM_THREADS=1 failed\n", program_name);
  exit(1);
}

#endif /* PT2C_BENCH_ONEDNN_TIMING_H */
