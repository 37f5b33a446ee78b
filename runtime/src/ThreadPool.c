/*===- ThreadPool.c - pthread pool for the generated code's parallel loops ===*
 *
 * One mutex guards a queue of jobs. A job is one parallel_for call: it lives
 * on its caller's stack and is split into chunks handed out under the mutex.
 * The caller works on its own job too, so a parallel_for always progresses
 * even when every worker is busy (concurrent model runs, nested loops), and
 * it waits only for chunks that another thread is already running.
 * Chunks are few (about 4 per thread), so one lock per chunk is cheap next
 * to the work in it.
 *===----------------------------------------------------------------------===*/

#include "ThreadPool.h"
#include "Options.h"
#include "Status.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* More chunks than threads balances uneven chunks; more than this buys
 * little and costs locking. */
enum { kChunksPerThread = 4 };

typedef struct pt2crt_job {
  pt2c_parallel_body body;
  void *ctx;
  int64_t n;
  int64_t chunk_size;
  int64_t n_chunks;
  int64_t next_chunk; /* the next chunk to hand out */
  int64_t done;       /* chunks finished */
  struct pt2crt_job *next;
} pt2crt_job;

struct pt2crt_pool {
  pthread_mutex_t mutex;
  pthread_cond_t work;     /* workers: a job was queued, or stop */
  pthread_cond_t finished; /* callers: some chunk finished */
  pt2crt_job *jobs;        /* jobs with chunks left to hand out */
  int stop;
  int32_t n_workers;
  pthread_t *workers;
};

/* Hands out the next chunk of `job`; unqueues the job when that was its
 * last, so no thread can reach it any more once its caller returns.
 * Called with the mutex held and next_chunk < n_chunks. */
static int64_t take_chunk(pt2crt_pool *pool, pt2crt_job *job) {
  int64_t chunk = job->next_chunk++;
  if (job->next_chunk == job->n_chunks) {
    pt2crt_job **link = &pool->jobs;
    while (*link != job)
      link = &(*link)->next;
    *link = job->next;
  }
  return chunk;
}

static void run_chunk(const pt2crt_job *job, int64_t chunk) {
  int64_t begin = chunk * job->chunk_size;
  int64_t end =
      job->n - begin < job->chunk_size ? job->n : begin + job->chunk_size;
  job->body(job->ctx, begin, end);
}

/* Called with the mutex held; returns with it held. */
static void finish_chunk(pt2crt_pool *pool, pt2crt_job *job) {
  if (++job->done == job->n_chunks)
    pthread_cond_broadcast(&pool->finished);
}

static void *worker_main(void *arg) {
  pt2crt_pool *pool = arg;
  pthread_mutex_lock(&pool->mutex);
  for (;;) {
    while (!pool->stop && !pool->jobs)
      pthread_cond_wait(&pool->work, &pool->mutex);
    if (pool->stop)
      break;
    pt2crt_job *job = pool->jobs;
    int64_t chunk = take_chunk(pool, job);
    pthread_mutex_unlock(&pool->mutex);
    run_chunk(job, chunk);
    pthread_mutex_lock(&pool->mutex);
    finish_chunk(pool, job);
  }
  pthread_mutex_unlock(&pool->mutex);
  return NULL;
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
  /* Fewer workers than asked (thread limits) only costs speed. */
  pool->n_workers = wanted > 0 ? start_workers(pool, wanted) : 0;
  *out_pool = pool;
  return NULL;
}

void pt2crt_pool_destroy(pt2crt_pool *pool) {
  if (!pool)
    return;
  pthread_mutex_lock(&pool->mutex);
  pool->stop = 1;
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
  job.next_chunk = 0;
  job.done = 0;
  job.next = NULL;

  pthread_mutex_lock(&pool->mutex);
  pt2crt_job **tail = &pool->jobs;
  while (*tail)
    tail = &(*tail)->next;
  *tail = &job;
  pthread_cond_broadcast(&pool->work);
  while (job.next_chunk < job.n_chunks) {
    int64_t chunk = take_chunk(pool, &job);
    pthread_mutex_unlock(&pool->mutex);
    run_chunk(&job, chunk);
    pthread_mutex_lock(&pool->mutex);
    finish_chunk(pool, &job);
  }
  while (job.done < job.n_chunks)
    pthread_cond_wait(&pool->finished, &pool->mutex);
  pthread_mutex_unlock(&pool->mutex);
}
