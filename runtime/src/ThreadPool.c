/*===- ThreadPool.c - pthread pool for the generated code's parallel loops ===*
 *
 * A job is one parallel_for call: it lives on its caller's stack, sits in
 * the pool's queue while it may have chunks left, and its chunks are
 * claimed with an atomic counter by the caller and by every worker that
 * picked it up. The caller works on its own job too, so a parallel_for
 * always progresses even when every worker is busy (concurrent model runs,
 * nested loops).
 *
 * A model run is hundreds of parallel loops, each a few microseconds to a
 * few milliseconds long, back to back. Workers that slept on a condition
 * variable between them made every loop pay a futex wake-up of each worker
 * and contend for the pool's mutex once per chunk: on a 16-core Xeon a
 * fifth of bert-base's CPU time went to the kernel's futex and scheduler
 * paths. So idle workers (and a caller waiting for its last chunks) spin
 * for a while first, watching an atomic counter, and only then sleep; the
 * mutex is taken once per worker and job, not per chunk. The spin time is
 * PT2C_SPIN_US microseconds (default kDefaultSpinMicros; 0: sleep at
 * once), read when the pool is made.
 *===----------------------------------------------------------------------===*/

#include "ThreadPool.h"
#include "Options.h"
#include "Status.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* More chunks than threads balances uneven chunks; more than this buys
 * little. */
enum { kChunksPerThread = 4 };

/* Long enough to bridge the gaps between the loops of one run and between
 * back-to-back runs, short enough that an idle server's threads go to
 * sleep within a couple of milliseconds. */
enum { kDefaultSpinMicros = 2000 };

typedef struct pt2crt_job {
  pt2c_parallel_body body;
  void *ctx;
  int64_t n;
  int64_t chunk_size;
  int64_t n_chunks;
  atomic_int_fast64_t next_chunk; /* the next chunk to claim */
  /* Workers that picked the job up from the queue and may still touch it;
   * the caller returns once it is unqueued and this is 0. */
  atomic_int holders;
  struct pt2crt_job *next; /* queue link, under the mutex */
} pt2crt_job;

struct pt2crt_pool {
  pthread_mutex_t mutex;
  pthread_cond_t work;     /* sleeping workers: a job was queued, or stop */
  pthread_cond_t finished; /* sleeping callers: a job lost its last holder */
  pt2crt_job *jobs;        /* queued jobs, under the mutex */
  atomic_uint_fast64_t generation; /* bumped for each queued job */
  atomic_int stop;
  int32_t sleeping_workers;  /* under the mutex */
  atomic_int sleeping_callers;
  int64_t spin_ns;
  int32_t n_workers;
  pthread_t *workers;
};

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* Spins until `done(arg)` or the pool's spin time is over; whether done. */
static int spin_until(const pt2crt_pool *pool, int (*done)(const void *), const void *arg) {
  if (done(arg))
    return 1;
  if (pool->spin_ns <= 0)
    return 0;
  int64_t deadline = now_ns() + pool->spin_ns;
  for (;;) {
    for (int i = 0; i < 64; ++i) {
      cpu_relax();
      if (done(arg))
        return 1;
    }
    if (now_ns() > deadline)
      return 0;
  }
}

static void run_chunks(pt2crt_job *job) {
  for (;;) {
    int64_t chunk = atomic_fetch_add_explicit(&job->next_chunk, 1, memory_order_relaxed);
    if (chunk >= job->n_chunks)
      return;
    int64_t begin = chunk * job->chunk_size;
    int64_t end = job->n - begin < job->chunk_size ? job->n : begin + job->chunk_size;
    job->body(job->ctx, begin, end);
  }
}

/* A queued job with chunks left to claim, or NULL. Under the mutex. */
static pt2crt_job *job_with_work(const pt2crt_pool *pool) {
  for (pt2crt_job *job = pool->jobs; job; job = job->next)
    if (atomic_load_explicit(&job->next_chunk, memory_order_relaxed) < job->n_chunks)
      return job;
  return NULL;
}

typedef struct {
  const pt2crt_pool *pool;
  uint_fast64_t seen;
} generation_watch;

static int generation_moved(const void *arg) {
  const generation_watch *watch = arg;
  return atomic_load_explicit(&watch->pool->generation, memory_order_acquire) != watch->seen ||
         atomic_load_explicit(&watch->pool->stop, memory_order_relaxed);
}

/* Returns a job to work on, with the mutex released and the job held, or
 * NULL once the pool stops. */
static pt2crt_job *wait_for_job(pt2crt_pool *pool) {
  pthread_mutex_lock(&pool->mutex);
  for (;;) {
    if (atomic_load_explicit(&pool->stop, memory_order_relaxed)) {
      pthread_mutex_unlock(&pool->mutex);
      return NULL;
    }
    pt2crt_job *job = job_with_work(pool);
    if (job) {
      atomic_fetch_add(&job->holders, 1);
      pthread_mutex_unlock(&pool->mutex);
      return job;
    }
    generation_watch watch = {pool, atomic_load(&pool->generation)};
    pthread_mutex_unlock(&pool->mutex);
    int moved = spin_until(pool, generation_moved, &watch);
    pthread_mutex_lock(&pool->mutex);
    if (moved)
      continue;
    ++pool->sleeping_workers;
    while (!generation_moved(&watch))
      pthread_cond_wait(&pool->work, &pool->mutex);
    --pool->sleeping_workers;
  }
}

static void release_job(pt2crt_pool *pool, pt2crt_job *job) {
  /* The job may be gone once holders drops to 0: only the pool after it.
   * Sequentially consistent with the caller's sleeping_callers increment
   * and holders check: either the caller sees 0, or this sees the caller
   * asleep and wakes it under the mutex. */
  if (atomic_fetch_sub(&job->holders, 1) == 1 && atomic_load(&pool->sleeping_callers) > 0) {
    pthread_mutex_lock(&pool->mutex);
    pthread_cond_broadcast(&pool->finished);
    pthread_mutex_unlock(&pool->mutex);
  }
}

static void *worker_main(void *arg) {
  pt2crt_pool *pool = arg;
  pt2crt_job *job;
  while ((job = wait_for_job(pool)) != NULL) {
    run_chunks(job);
    release_job(pool, job);
  }
  return NULL;
}

static int job_released(const void *arg) {
  return atomic_load_explicit(&((const pt2crt_job *)arg)->holders, memory_order_acquire) == 0;
}

static int64_t spin_ns_from_environment(void) {
  const char *value = getenv("PT2C_SPIN_US");
  if (!value || !*value)
    return (int64_t)kDefaultSpinMicros * 1000;
  char *end = NULL;
  long long micros = strtoll(value, &end, 10);
  if (*end != '\0' || micros < 0)
    return (int64_t)kDefaultSpinMicros * 1000;
  if (micros > 1000000) /* a second at most */
    micros = 1000000;
  return (int64_t)micros * 1000;
}

int32_t pt2crt_online_cpus(void) {
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  if (cpus < 1)
    return 1;
  return cpus > PT2CRT_MAX_CPU_THREADS ? PT2CRT_MAX_CPU_THREADS : (int32_t)cpus;
}

/* Workers start with every signal blocked: signals are the application's
 * business and must not land on threads it does not know about. */
static int32_t start_workers(pt2crt_pool *pool, int32_t wanted) {
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  int32_t started = 0;
  while (started < wanted &&
         pthread_create(&pool->workers[started], NULL, worker_main, pool) == 0)
    ++started;
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
  return started;
}

pt2c_status *pt2crt_pool_create(int32_t threads, pt2crt_pool **out_pool) {
  if (threads < 1)
    threads = 1;
  pt2crt_pool *pool = calloc(1, sizeof(pt2crt_pool));
  if (!pool)
    return pt2crt_out_of_memory();
  int32_t wanted = threads - 1;
  if (wanted > 0) {
    pool->workers = calloc((size_t)wanted, sizeof(pthread_t));
    if (!pool->workers) {
      free(pool);
      return pt2crt_out_of_memory();
    }
  }
  if (pthread_mutex_init(&pool->mutex, NULL) != 0) {
    free(pool->workers);
    free(pool);
    return pt2crt_error(PT2C_INTERNAL, "could not create a mutex");
  }
  pthread_cond_init(&pool->work, NULL);
  pthread_cond_init(&pool->finished, NULL);
  atomic_init(&pool->generation, 0);
  atomic_init(&pool->stop, 0);
  atomic_init(&pool->sleeping_callers, 0);
  pool->spin_ns = spin_ns_from_environment();
  /* Fewer workers than asked (thread limits) only costs speed. */
  pool->n_workers = wanted > 0 ? start_workers(pool, wanted) : 0;
  *out_pool = pool;
  return NULL;
}

void pt2crt_pool_destroy(pt2crt_pool *pool) {
  if (!pool)
    return;
  pthread_mutex_lock(&pool->mutex);
  atomic_store(&pool->stop, 1);
  pthread_cond_broadcast(&pool->work);
  pthread_mutex_unlock(&pool->mutex);
  for (int32_t i = 0; i < pool->n_workers; ++i)
    pthread_join(pool->workers[i], NULL);
  pthread_cond_destroy(&pool->finished);
  pthread_cond_destroy(&pool->work);
  pthread_mutex_destroy(&pool->mutex);
  free(pool->workers);
  free(pool);
}

int32_t pt2crt_pool_threads(const pt2crt_pool *pool) {
  return pool ? pool->n_workers + 1 : 1;
}

void pt2crt_parallel_for(void *opaque_pool, int64_t n, int64_t grain,
                         pt2c_parallel_body body, void *ctx) {
  if (n <= 0)
    return;
  if (grain < 1)
    grain = 1;
  pt2crt_pool *pool = opaque_pool;
  int64_t max_chunks = (int64_t)pt2crt_pool_threads(pool) * kChunksPerThread;
  int64_t n_chunks = (n - 1) / grain + 1;
  if (n_chunks > max_chunks)
    n_chunks = max_chunks;
  if (!pool || pool->n_workers == 0 || n_chunks < 2) {
    body(ctx, 0, n);
    return;
  }
  pt2crt_job job;
  job.body = body;
  job.ctx = ctx;
  job.n = n;
  job.chunk_size = (n - 1) / n_chunks + 1;
  if (job.chunk_size < grain) /* rounding n_chunks up can undercut it */
    job.chunk_size = grain;
  job.n_chunks = (n - 1) / job.chunk_size + 1;
  atomic_init(&job.next_chunk, 0);
  atomic_init(&job.holders, 0);
  job.next = NULL;

  pthread_mutex_lock(&pool->mutex);
  pt2crt_job **tail = &pool->jobs;
  while (*tail)
    tail = &(*tail)->next;
  *tail = &job;
  atomic_fetch_add_explicit(&pool->generation, 1, memory_order_release);
  if (pool->sleeping_workers > 0)
    pthread_cond_broadcast(&pool->work);
  pthread_mutex_unlock(&pool->mutex);

  run_chunks(&job);

  /* Every chunk is claimed: unqueue the job, so no worker picks it up any
   * more, then wait for those that did. */
  pthread_mutex_lock(&pool->mutex);
  pt2crt_job **link = &pool->jobs;
  while (*link != &job)
    link = &(*link)->next;
  *link = job.next;
  pthread_mutex_unlock(&pool->mutex);
  if (spin_until(pool, job_released, &job))
    return;
  pthread_mutex_lock(&pool->mutex);
  atomic_fetch_add(&pool->sleeping_callers, 1);
  while (!job_released(&job))
    pthread_cond_wait(&pool->finished, &pool->mutex);
  atomic_fetch_sub(&pool->sleeping_callers, 1);
  pthread_mutex_unlock(&pool->mutex);
}
