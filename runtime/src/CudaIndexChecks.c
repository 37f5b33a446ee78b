/*===- CudaIndexChecks.c - The run-time index checks of CUDA code ---------===*/

#include "CudaIndexChecks.h"
#include "CudaIndexKernel.h"
#include "CudaState.h"
#include "RunFailure.h"

#include <stdlib.h>
#include <string.h>

#define PT2CRT_HIDDEN __attribute__((visibility("hidden")))

/* The pinned pair of check `index`, its block allocated on first use. */
static int64_t *pair_for(pt2crt_index_checks *checks, pt2crt_cuda_run *run, int32_t index) {
  int32_t block = index / PT2CRT_INDEX_BLOCK;
  if (!checks->blocks[block]) {
    const pt2crt_cuda_driver *driver = run->driver;
    if (!driver->cuMemAllocHost) {
      pt2crt_cuda_fail(run, PT2C_UNSUPPORTED,
                       "cuda: the driver has no cuMemAllocHost, which the model's index "
                       "checks need");
      return NULL;
    }
    void *memory = NULL;
    CUresult result =
        driver->cuMemAllocHost(&memory, 2 * sizeof(int64_t) * PT2CRT_INDEX_BLOCK);
    if (result != PT2CRT_CUDA_SUCCESS) {
      char text[256];
      pt2crt_cuda_fail(run, pt2crt_cuda_code(result),
                       "cuda: allocating pinned host memory for the index checks: %s",
                       pt2crt_cuda_error_text(result, text, sizeof text));
      return NULL;
    }
    checks->blocks[block] = memory;
  }
  return checks->blocks[block] + 2 * (index % PT2CRT_INDEX_BLOCK);
}

/* Room for one more call in `calls`. */
static int grow_calls(pt2crt_index_checks *checks) {
  if (checks->count < checks->capacity)
    return 1;
  int32_t capacity = checks->capacity ? 2 * checks->capacity : 16;
  pt2crt_index_check *calls = realloc(checks->calls, (size_t)capacity * sizeof *calls);
  if (!calls)
    return 0;
  checks->calls = calls;
  checks->capacity = capacity;
  return 1;
}

/* The pinned pair of the current run's next check, or NULL (none: beyond
 * the last block, or a failure recorded in the run). */
static int64_t *next_pair(pt2crt_cuda_run *run) {
  if (!run || run->error_code != PT2C_OK || !run->index_checks)
    return NULL;
  pt2crt_index_checks *checks = run->index_checks;
  /* Beyond the last block the reads stay clamped, unchecked (documented). */
  if (checks->count >= PT2CRT_INDEX_BLOCK * PT2CRT_INDEX_BLOCKS)
    return NULL;
  if (!grow_calls(checks)) {
    pt2crt_cuda_fail(run, PT2C_OUT_OF_MEMORY, "out of host memory for the index checks");
    return NULL;
  }
  return pair_for(checks, run, checks->count);
}

/* Remembers the current run's next check. */
static void record_check(pt2crt_index_checks *checks, int64_t size, int64_t site,
                         int32_t in_kernels) {
  pt2crt_index_check *check = &checks->calls[checks->count++];
  check->site = (const char *)(uintptr_t)site;
  check->size = size;
  check->in_kernels = in_kernels;
}

/* Launches kernel `scan` of CudaIndexKernel.h over `threads` threads, then
 * records the check whose pair it fills. */
static void launch_check(pt2crt_cuda_run *run, int scan, unsigned threads, void **params,
                         int64_t size, int64_t site) {
  const pt2crt_cuda_driver *driver = run->driver;
  CUresult result;
  CUfunction kernel = pt2crt_index_kernel(driver, run->device, scan, &result);
  if (kernel)
    result = driver->cuLaunchKernel(kernel, 1, 1, 1, threads, 1, 1, 0, run->stream, params,
                                    NULL);
  if (result != PT2CRT_CUDA_SUCCESS) {
    char text[256];
    pt2crt_cuda_fail(run, pt2crt_cuda_code(result), "cuda: checking an index range: %s",
                     pt2crt_cuda_error_text(result, text, sizeof text));
    return;
  }
  record_check(run->index_checks, size, site, 0);
}

PT2CRT_HIDDEN int32_t pt2crt_cuda_index_range(int64_t lowest, int64_t highest, int64_t size,
                                              int64_t site) {
  pt2crt_cuda_run *run = pt2crt_cuda_current_run();
  int64_t *pair = next_pair(run);
  if (!pair)
    return 0;
  /* One kernel stores both values into the pinned pair: one kernel node
   * in a graph instead of two device-to-host copies (CudaIndexKernel.h). */
  uint64_t to = (uint64_t)(uintptr_t)pair, from_lowest = (uint64_t)lowest,
           from_highest = (uint64_t)highest;
  void *params[] = {&to, &from_lowest, &from_highest};
  launch_check(run, 0, 1, params, size, site);
  return 0;
}

PT2CRT_HIDDEN int32_t pt2crt_cuda_index_scan(int64_t address, int64_t bytes, int64_t n0,
                                             int64_t n1, int64_t n2, int64_t n3, int64_t s0,
                                             int64_t s1, int64_t s2, int64_t s3, int64_t size,
                                             int64_t site) {
  pt2crt_cuda_run *run = pt2crt_cuda_current_run();
  if (run && run->error_code == PT2C_OK && bytes != 4 && bytes != 8) {
    pt2crt_cuda_fail(run, PT2C_INTERNAL,
                     "cuda: an index check of %lld-byte indices (a pt2c bug: only 4 and 8)",
                     (long long)bytes);
    return 0;
  }
  int64_t *pair = next_pair(run);
  if (!pair)
    return 0;
  uint64_t values[] = {(uint64_t)(uintptr_t)pair, (uint64_t)address, (uint64_t)bytes,
                       (uint64_t)n0, (uint64_t)n1, (uint64_t)n2, (uint64_t)n3,
                       (uint64_t)s0, (uint64_t)s1, (uint64_t)s2, (uint64_t)s3};
  void *params[sizeof values / sizeof *values];
  for (size_t i = 0; i < sizeof values / sizeof *values; ++i)
    params[i] = &values[i];
  launch_check(run, 1, PT2CRT_SCAN_THREADS, params, size, site);
  return 0;
}

PT2CRT_HIDDEN int64_t pt2crt_cuda_index_slot(int64_t size, int64_t site) {
  pt2crt_cuda_run *run = pt2crt_cuda_current_run();
  int64_t *pair = next_pair(run);
  if (!pair)
    return 0;
  /* The stream's earlier work is done with this pair: a run starts after
   * the context's previous one was waited for (a queued one by
   * take_pending), and each check of a run has its own pair. */
  pair[0] = 0;
  pair[1] = 0;
  record_check(run->index_checks, size, site, 1);
  return (int64_t)(uintptr_t)pair;
}

/* Check `i`'s pinned pair. */
static int64_t *pair_at(const pt2crt_index_checks *checks, int32_t i) {
  return checks->blocks[i / PT2CRT_INDEX_BLOCK] + 2 * (i % PT2CRT_INDEX_BLOCK);
}

void pt2crt_index_checks_rearm(pt2crt_index_checks *checks, const pt2crt_index_check *kept,
                               int32_t n) {
  for (int32_t i = 0; i < n; ++i)
    if (kept[i].in_kernels) {
      int64_t *pair = pair_at(checks, i);
      pair[0] = 0;
      pair[1] = 0;
    }
}

void pt2crt_index_checks_start(pt2crt_index_checks *checks) {
  checks->count = 0;
  checks->active = NULL;
  checks->n_active = 0;
}

pt2crt_index_check *pt2crt_index_checks_copy(const pt2crt_index_checks *checks) {
  if (checks->count == 0)
    return NULL;
  size_t bytes = (size_t)checks->count * sizeof *checks->calls;
  pt2crt_index_check *copy = malloc(bytes);
  if (copy)
    memcpy(copy, checks->calls, bytes);
  return copy;
}

void pt2crt_index_checks_use(pt2crt_index_checks *checks, const pt2crt_index_check *kept,
                             int32_t n) {
  checks->active = kept ? kept : checks->calls;
  checks->n_active = kept ? n : checks->count;
}

int pt2crt_index_checks_compare(const pt2crt_index_checks *checks, char *message, size_t size) {
  for (int32_t i = 0; i < checks->n_active; ++i) {
    const int64_t *pair = pair_at(checks, i);
    const pt2crt_index_check *check = &checks->active[i];
    if (check->in_kernels) {
      /* Any kernel thread that met a bad index stored it before the flag;
       * whichever store landed last, the value is one of them. */
      if (pair[1] != 0) {
        pt2crt_describe_bad_index(message, size, pair[0], check->size, check->site);
        return 1;
      }
    } else if (pair[0] < 0 || pair[1] >= check->size) {
      pt2crt_describe_index_failure(message, size, pair[0], pair[1], check->size, check->site);
      return 1;
    }
  }
  return 0;
}

void pt2crt_index_checks_defer(pt2crt_index_checks *checks, const pt2crt_cuda_driver *driver,
                               CUstream stream) {
  if (checks->n_active == 0)
    return;
  checks->pending = 1;
  /* An event lets the next run wait for this run alone, not for what the
   * caller queued after it. */
  if (driver->cuEventSynchronize && !checks->pending_done &&
      driver->cuEventCreate(&checks->pending_done, 0) != PT2CRT_CUDA_SUCCESS)
    checks->pending_done = NULL;
  if (checks->pending_done &&
      driver->cuEventRecord(checks->pending_done, stream) != PT2CRT_CUDA_SUCCESS) {
    driver->cuEventDestroy(checks->pending_done);
    checks->pending_done = NULL;
  }
}

int pt2crt_index_checks_take_pending(pt2crt_index_checks *checks,
                                     const pt2crt_cuda_driver *driver, CUstream stream,
                                     char *message, size_t size) {
  if (!checks->pending)
    return 0;
  checks->pending = 0;
  if (checks->pending_done)
    driver->cuEventSynchronize(checks->pending_done);
  else
    driver->cuStreamSynchronize(stream);
  static const char prefix[] = "an earlier queued run: ";
  if (size <= sizeof prefix)
    return 0;
  memcpy(message, prefix, sizeof prefix);
  return pt2crt_index_checks_compare(checks, message + sizeof prefix - 1,
                                     size - (sizeof prefix - 1));
}

void pt2crt_index_checks_destroy(pt2crt_index_checks *checks, const pt2crt_cuda_driver *driver) {
  for (int32_t i = 0; i < PT2CRT_INDEX_BLOCKS; ++i)
    if (checks->blocks[i])
      driver->cuMemFreeHost(checks->blocks[i]);
  if (checks->pending_done)
    driver->cuEventDestroy(checks->pending_done);
  free(checks->calls);
  memset(checks, 0, sizeof *checks);
}
