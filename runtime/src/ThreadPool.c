/*===- ThreadPool.c - pthread pool for the generated code's parallel loops ===*
 *
 * A job is one parallel_for call: it lives on its caller's stack and is
 * published in one of the pool's slots while it may have chunks left; its
 * chunks are claimed with an atomic counter by the caller and by every
 * worker that finds it. The caller works on its own job too, so a
 * parallel_for always progresses even when every worker is busy
 * (concurrent model runs, nested loops), and when every slot is taken it
 * simply runs the whole loop itself.
 *
 * A model run is hundreds of parallel loops, each a few microseconds to a
 * few milliseconds long, back to back, so what a loop costs beyond its
 * chunks decides the small ones. Two earlier designs paid for it:
 * workers sleeping on a condition variable between loops (a futex wake-up
 * of each worker per loop: a fifth of bert-base's CPU time in the
 * kernel's futex and scheduler paths on a 16-core Xeon), then spinning
 * workers that still took one mutex per worker and loop to find the job
 * (15 workers arriving at once queue on it in the kernel: about 20 us per
 * loop at 16 threads, which made every small layer-norm or transpose loop
 * of vit_b_16 cost 20 us). Now publishing, finding and finishing a job
 * touch only atomics:
 *
 *   caller: slot.job = job; generation++; run chunks; slot.job = NULL;
 *           wait until slot.holders == 0
 *   worker: see generation move; for a slot with a job: holders++,
 *           reload slot.job, run its chunks, holders--
 *
 * The worker counts itself in `holders` before it reloads the job pointer
 * and the caller clears the pointer before it reads `holders` (both
 * sequentially consistent), so a caller never returns while a worker may
 * still use its job. Idle workers (and a caller waiting for its last
 * chunks) spin for a while, watching an atomic counter, and only then
 * sleep on a condition variable; the mutex is only taken around sleeping
 * and waking. The spin time is PT2C_SPIN_US microseconds (default
 * kDefaultSpinMicros; 0: sleep at once), read when the pool is made.
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

/* Jobs published at once: one per concurrent parallel_for (model runs from
 * several threads, loops nested in a chunk). A caller that finds every
 * slot taken runs its loop alone, which is all it would get from a pool
 * that busy anyway. */
enum { kSlots = 16 };

enum { kCacheLine = 64 };

typedef struct pt2crt_job {
  pt2c_parallel_body body;
  void *ctx;
  int64_t n;
  int64_t chunk_size;
  int64_t n_chunks;
  /* The next chunk to claim, away from the fields every holder reads. */
  _Alignas(kCacheLine) atomic_int_fast64_t next_chunk;
} pt2crt_job;

typedef struct {
  /* The published job or NULL. */
  _Alignas(kCacheLine) _Atomic(pt2crt_job *) job;
  /* Workers that may be using `job`; the caller waits for 0 after it
   * cleared `job`. */
  atomic_int holders;
  atomic_int taken; /* a caller owns the slot */
} pt2crt_slot;

struct pt2crt_pool {
  pt2crt_slot slots[kSlots];
  _Alignas(kCacheLine) atomic_uint_fast64_t generation; /* bumped per published job */
  atomic_int stop;
  atomic_int sleeping_workers;
  atomic_int sleeping_callers;
  pthread_mutex_t mutex;   /* only around sleeping and waking */
  pthread_cond_t work;     /* sleeping workers: a job was published, or stop */
  pthread_cond_t finished; /* sleeping callers: a slot lost its last holder */
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

/* The last holder of a slot wakes its caller if it went to sleep. The
 * decrement and the caller's sleeping_callers increment are sequentially
 * consistent: either the caller sees 0 holders, or this sees it asleep and
 * wakes it under the mutex. */
static void release_slot(pt2crt_pool *pool, pt2crt_slot *slot) {
  if (atomic_fetch_sub(&slot->holders, 1) == 1 && atomic_load(&pool->sleeping_callers) > 0) {
    pthread_mutex_lock(&pool->mutex);
    pthread_cond_broadcast(&pool->finished);
    pthread_mutex_unlock(&pool->mutex);
  }
}

/* Works on every published job with chunks left; whether it found one. */
static int help_with_jobs(pt2crt_pool *pool) {
  int helped = 0;
  for (int i = 0; i < kSlots; ++i) {
    pt2crt_slot *slot = &pool->slots[i];
    /* A cheap look first: only slots with a job are worth an atomic
     * increment on their line. */
    if (!atomic_load_explicit(&slot->job, memory_order_relaxed))
      continue;
    atomic_fetch_add(&slot->holders, 1);
    pt2crt_job *job = atomic_load(&slot->job);
    if (job && atomic_load_explicit(&job->next_chunk, memory_order_relaxed) < job->n_chunks) {
      run_chunks(job);
      helped = 1;
    }
    release_slot(pool, slot);
  }
  return helped;
}

typedef struct {
  const pt2crt_pool *pool;
  uint_fast64_t seen;
} generation_watch;

static int generation_moved(const void *arg) {
  const generation_watch *watch = arg;
  return atomic_load(&watch->pool->generation) != watch->seen ||
         atomic_load_explicit(&watch->pool->stop, memory_order_relaxed);
}

static void *worker_main(void *arg) {
  pt2crt_pool *pool = arg;
  for (;;) {
    /* Read before looking at the slots: a job published after the look
     * moves the generation past it. */
    generation_watch watch = {pool, atomic_load(&pool->generation)};
    if (atomic_load_explicit(&pool->stop, memory_order_relaxed))
      return NULL;
    if (help_with_jobs(pool))
      continue;
    if (spin_until(pool, generation_moved, &watch))
      continue;
    /* Sequentially consistent with the publisher's generation bump and
     * sleeping_workers check: either this sees the generation move, or
     * the publisher sees this worker asleep and wakes it. */
    pthread_mutex_lock(&pool->mutex);
    atomic_fetch_add(&pool->sleeping_workers, 1);
    while (!generation_moved(&watch))
      pthread_cond_wait(&pool->work, &pool->mutex);
    atomic_fetch_sub(&pool->sleeping_workers, 1);
    pthread_mutex_unlock(&pool->mutex);
  }
}

static int slot_released(const void *arg) {
  return atomic_load(&((const pt2crt_slot *)arg)->holders) == 0;
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
  /* The slots sit on cache lines of their own: calloc aligns less. */
  size_t size = (sizeof(pt2crt_pool) + kCacheLine - 1) / kCacheLine * kCacheLine;
  pt2crt_pool *pool = aligned_alloc(kCacheLine, size);
  if (!pool)
    return pt2crt_out_of_memory();
  memset(pool, 0, size);
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
  for (int i = 0; i < kSlots; ++i) {
    atomic_init(&pool->slots[i].job, NULL);
    atomic_init(&pool->slots[i].holders, 0);
    atomic_init(&pool->slots[i].taken, 0);
  }
  atomic_init(&pool->generation, 0);
  atomic_init(&pool->stop, 0);
  atomic_init(&pool->sleeping_workers, 0);
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
  pt2crt_slot *slot = NULL;
  for (int i = 0; i < kSlots && !slot; ++i) {
    int free_slot = 0;
    if (!atomic_load_explicit(&pool->slots[i].taken, memory_order_relaxed) &&
        atomic_compare_exchange_strong(&pool->slots[i].taken, &free_slot, 1))
      slot = &pool->slots[i];
  }
  if (!slot) {
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

  atomic_store(&slot->job, &job);
  atomic_fetch_add(&pool->generation, 1);
  if (atomic_load(&pool->sleeping_workers) > 0) {
    pthread_mutex_lock(&pool->mutex);
    pthread_cond_broadcast(&pool->work);
    pthread_mutex_unlock(&pool->mutex);
  }

  run_chunks(&job);

  /* Every chunk is claimed: unpublish the job, then wait for the workers
   * that may still be using it. */
  atomic_store(&slot->job, NULL);
  if (!spin_until(pool, slot_released, slot)) {
    pthread_mutex_lock(&pool->mutex);
    atomic_fetch_add(&pool->sleeping_callers, 1);
    while (!slot_released(slot))
      pthread_cond_wait(&pool->finished, &pool->mutex);
    atomic_fetch_sub(&pool->sleeping_callers, 1);
    pthread_mutex_unlock(&pool->mutex);
  }
  atomic_store_explicit(&slot->taken, 0, memory_order_release);
}
