/*===- CudaIndexChecks.h - The run-time index checks of CUDA code ---------===*
 *
 * pt2c-device-index-checks turns each index check of the CUDA code (a
 * gather's or scatter's indices reduced to their smallest and largest
 * value: lib/Conversion/PrimToLinalg/IndexChecks.cpp) into a call of
 * pt2crt_cuda_index_range with the device addresses of the two values, the
 * dim's size and the site's name. The host cannot read device memory
 * without waiting for the stream, so the call queues a one-thread kernel
 * on the run's stream that stores the two values into pinned host memory
 * of the execution context (CudaIndexKernel.h), and remembers the size and
 * the site. The run compares them once
 * it has waited, and fails with PT2C_INVALID_ARGUMENT naming the first
 * check out of range, in the CPU code's words (RunFailure.h). Meanwhile the
 * kernels read clamped indices, so nothing outside a tensor is read.
 *
 * Where the kernels that read the indices do the check themselves
 * (pt2c-fold-index-checks), the host code asks for a slot instead
 * (pt2crt_cuda_index_slot): a pinned pair, zeroed, into which a kernel that
 * meets an index outside its dim stores {index, 1}; no kernel of the
 * runtime's is queued for it.
 *
 * - Graphs: a captured run's hand-over kernels are nodes of its graph, so
 *   every replay refreshes the values; the host code does not run on a replay, so the
 *   checks (sites and sizes) of the capture are kept with its graph slot;
 *   the kernels' slots are zeroed again before each replay. The pinned
 *   blocks never move for the context's life.
 * - Queued runs (cuda_async): nothing waits, so a queued run's checks are
 *   compared by the context's next run, which first waits for the queued
 *   run (an event recorded after it, else the stream) and, on a failure,
 *   fails with "an earlier queued run: ..." before it queues anything.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDAINDEXCHECKS_H
#define PT2C_RUNTIME_CUDAINDEXCHECKS_H

#include "CudaDriver.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  PT2CRT_INDEX_BLOCK = 256, /* checks per pinned block */
  PT2CRT_INDEX_BLOCKS = 16, /* more checks in one run are not compared (reads stay clamped) */
};

/* One check's site ("input 'input_ids' at embedding @ file.py:12") and size. */
typedef struct pt2crt_index_check {
  const char *site;
  int64_t size;
  /* 0: the pair holds the indices' smallest and largest value (the
   * runtime's kernels); 1: a slot the model's kernels write {index, 1}
   * into when they meet an index outside [0, size). */
  int32_t in_kernels;
} pt2crt_index_check;

/* An execution context's checks. */
typedef struct pt2crt_index_checks {
  int64_t *blocks[PT2CRT_INDEX_BLOCKS]; /* pinned: lowest, highest per check */
  pt2crt_index_check *calls; /* the current run's, in call order */
  int32_t count, capacity;
  /* What the finished run compares: `calls`, or a replayed slot's. */
  const pt2crt_index_check *active;
  int32_t n_active;
  /* A queued run whose checks are still to be compared. */
  int pending;
  CUevent pending_done; /* NULL: wait for the stream */
} pt2crt_index_checks;

/* The entry the generated host code calls: queues the kernel that stores
 * the two values at device addresses `lowest` and `highest` into the
 * check's pinned pair, on the current run's stream. Returns 0; a failure is recorded in the run (CudaState.h). */
int32_t pt2crt_cuda_index_range(int64_t lowest, int64_t highest, int64_t size, int64_t site);

/* The entry for indices the runtime reduces itself (what the generated
 * code calls where it can, CudaIndexKernel.h): the indices at device
 * address `address`, `bytes` each (4 or 8, signed), sizes n0..n3 and
 * strides s0..s3 in elements (row-major; missing dims of size 1). Queues
 * the one kernel that reduces them into the check's pinned pair. */
int32_t pt2crt_cuda_index_scan(int64_t address, int64_t bytes, int64_t n0, int64_t n1,
                               int64_t n2, int64_t n3, int64_t s0, int64_t s1, int64_t s2,
                               int64_t s3, int64_t size, int64_t site);

/* The entry for a check the model's kernels do (pt2c-fold-index-checks):
 * the device address of the check's pinned pair, zeroed, for the kernels
 * reading the indices to store an out-of-range index and a 1 into; 0 when
 * there is none (more than the blocks hold, or a failure recorded in the
 * run): the kernels then store nothing. */
int64_t pt2crt_cuda_index_slot(int64_t size, int64_t site);

/* Before a graph replays `n` checks `kept` at its capture: the kernels'
 * slots zeroed, as the host code did when it ran. */
void pt2crt_index_checks_rearm(pt2crt_index_checks *checks, const pt2crt_index_check *kept,
                               int32_t n);

/* The checks of a run about to call the compiled code: none yet. */
void pt2crt_index_checks_start(pt2crt_index_checks *checks);

/* A copy of the current run's checks, for a graph slot (NULL when there are
 * none or no memory: the replays then compare nothing). */
pt2crt_index_check *pt2crt_index_checks_copy(const pt2crt_index_checks *checks);

/* Which checks the run's wait makes comparable: the compiled code's, or
 * (a replay) the slot's `n` kept at its capture. */
void pt2crt_index_checks_use(pt2crt_index_checks *checks, const pt2crt_index_check *kept,
                             int32_t n);

/* After the run waited: writes the first failure into `message` and
 * returns 1, else 0. */
int pt2crt_index_checks_compare(const pt2crt_index_checks *checks, char *message, size_t size);

/* A queued run: its checks are compared by the next run (an event
 * recorded on `stream` when the driver has events). */
void pt2crt_index_checks_defer(pt2crt_index_checks *checks, const pt2crt_cuda_driver *driver,
                               CUstream stream);

/* At the start of a run: a queued run's checks, waited for and compared;
 * 1 with `message` when one failed. */
int pt2crt_index_checks_take_pending(pt2crt_index_checks *checks,
                                     const pt2crt_cuda_driver *driver, CUstream stream,
                                     char *message, size_t size);

/* Frees the pinned blocks and the event (device context current). */
void pt2crt_index_checks_destroy(pt2crt_index_checks *checks, const pt2crt_cuda_driver *driver);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDAINDEXCHECKS_H */
