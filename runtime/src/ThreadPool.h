/*===- ThreadPool.h - The CPU thread pool behind pt2c_parallel_for_fn ----===*/

#ifndef PT2C_RUNTIME_THREADPOOL_H
#define PT2C_RUNTIME_THREADPOOL_H

#include "pt2c/model_abi.h"
#include "pt2c/pt2c.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pt2crt_pool pt2crt_pool;

/* A pool of `threads` threads counting the caller of parallel_for, so
 * `threads - 1` workers; 1 runs everything on the caller. If the system
 * refuses to start some workers the pool works with those it got. */
pt2c_status *pt2crt_pool_create(int32_t threads, pt2crt_pool **out_pool);

/* Joins the workers. No parallel_for may be running. NULL is a no-op. */
void pt2crt_pool_destroy(pt2crt_pool *pool);

/* Threads that take part in a parallel_for, counting the caller. */
int32_t pt2crt_pool_threads(const pt2crt_pool *pool);

/* pt2c_parallel_for_fn: calls body on disjoint chunks of at least `grain`
 * iterations (but the last) covering [0, n) once, on the workers and the
 * calling thread, and returns when all have finished. Safe to call from
 * several threads at once and from inside a body. A NULL pool runs
 * serially. */
void pt2crt_parallel_for(void *pool, int64_t n, int64_t grain,
                         pt2c_parallel_body body, void *ctx);

/* The number of online CPUs (at least 1). */
int32_t pt2crt_online_cpus(void);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_THREADPOOL_H */
