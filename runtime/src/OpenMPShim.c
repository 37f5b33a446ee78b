/*===- OpenMPShim.c - The __kmpc_* entry points, on the model's pool -----===*
 *
 * What LLVM's OpenMPIRBuilder emits for `omp.parallel { omp.wsloop }`:
 *
 *   __kmpc_fork_call(loc, 1, outlined, &captures)
 *     outlined(&gtid, &btid, &captures):
 *       __kmpc_for_static_init_8u(loc, gtid, 34, &last, &lb, &ub, &stride, 1, 0)
 *       for (i = lb; i <= ub; ++i) body
 *       __kmpc_for_static_fini(loc, gtid); __kmpc_barrier(loc, gtid)
 *
 * Here a team has one member per pool thread. fork_call hands the members
 * to pt2crt_parallel_for, which may run several members one after another
 * on one thread when workers are busy with other runs. That is only
 * correct because nothing follows the loop inside a region pt2c generates,
 * so the closing barrier has nothing to order and is a no-op here (a real
 * barrier could deadlock members waiting on members not yet started).
 * fork_call itself returns after every member has finished.
 *===----------------------------------------------------------------------===*/

#include "OpenMPShim.h"
#include "Scratch.h"

#include <stdarg.h>
#include <stdint.h>

/* libomp's names; visibility is hidden (runtime/CMakeLists.txt), so these
 * bind inside the model .so and never to a libomp the process may load. */
typedef void (*pt2crt_microtask)(int32_t *gtid, int32_t *btid, ...);

enum { kMaxCaptureArgs = 4 };

/* The pool this thread's regions run on, and the team member it is now. */
static _Thread_local pt2crt_pool *tls_pool;
static _Thread_local int32_t tls_member;
static _Thread_local int32_t tls_team_size = 1;
static _Thread_local int tls_in_team;

pt2crt_pool *pt2crt_omp_set_pool(pt2crt_pool *pool) {
  pt2crt_pool *previous = tls_pool;
  tls_pool = pool;
  return previous;
}

typedef struct {
  pt2crt_microtask task;
  int32_t argc;
  void *args[kMaxCaptureArgs];
  int32_t team_size;
  pt2crt_scratch *scratch; /* the forking run's, for the members' allocations */
} pt2crt_fork;

static void call_member(const pt2crt_fork *fork, int32_t member) {
  int32_t saved_member = tls_member, saved_size = tls_team_size;
  int saved_in_team = tls_in_team;
  pt2crt_scratch *saved_scratch = pt2crt_scratch_set_current(fork->scratch);
  tls_member = member;
  tls_team_size = fork->team_size;
  tls_in_team = 1;
  int32_t gtid = member, btid = member;
  void *const *a = fork->args;
  switch (fork->argc) {
  case 0: fork->task(&gtid, &btid); break;
  case 1: fork->task(&gtid, &btid, a[0]); break;
  case 2: fork->task(&gtid, &btid, a[0], a[1]); break;
  case 3: fork->task(&gtid, &btid, a[0], a[1], a[2]); break;
  default: fork->task(&gtid, &btid, a[0], a[1], a[2], a[3]); break;
  }
  tls_member = saved_member;
  tls_team_size = saved_size;
  tls_in_team = saved_in_team;
  pt2crt_scratch_set_current(saved_scratch);
}

static void run_members(void *ctx, int64_t begin, int64_t end) {
  for (int64_t member = begin; member < end; ++member)
    call_member(ctx, (int32_t)member);
}

void __kmpc_fork_call(void *loc, int32_t argc, pt2crt_microtask task, ...) {
  (void)loc;
  pt2crt_fork fork;
  fork.task = task;
  fork.scratch = pt2crt_scratch_current();
  /* OpenMPIRBuilder packs every capture into one struct: argc is 1. */
  fork.argc = argc < 0 ? 0 : argc > kMaxCaptureArgs ? kMaxCaptureArgs : argc;
  va_list list;
  va_start(list, task);
  for (int32_t i = 0; i < fork.argc; ++i)
    fork.args[i] = va_arg(list, void *);
  va_end(list);
  /* A region inside a region (pt2c does not generate one) runs on the
   * member that reached it, as a team of one. */
  fork.team_size = tls_in_team ? 1 : pt2crt_pool_threads(tls_pool);
  if (fork.team_size <= 1) {
    fork.team_size = 1;
    call_member(&fork, 0);
    return;
  }
  pt2crt_parallel_for(tls_pool, fork.team_size, 1, run_members, &fork);
}

int32_t __kmpc_global_thread_num(void *loc) {
  (void)loc;
  return tls_in_team ? tls_member : 0;
}

int32_t pt2crt_team_member(void) { return tls_in_team ? tls_member : 0; }

/* This member's share of the inclusive range [*lower, *upper]: contiguous,
 * sizes differing by at most one, as libomp's static schedule. */
static void static_share(int32_t member, int32_t *last, int64_t *lower_io,
                         int64_t *upper_io, int64_t *stride, int64_t incr,
                         int is_unsigned) {
  int32_t team = tls_in_team ? tls_team_size : 1;
  uint64_t lower = (uint64_t)*lower_io, upper = (uint64_t)*upper_io;
  int empty = is_unsigned ? upper < lower : *upper_io < *lower_io;
  if (team <= 1 || incr != 1 || empty) {
    /* One member, a non-unit step (OpenMPIRBuilder normalizes loops to
     * step 1) or nothing to share: member 0 takes all. */
    *last = member == 0;
    if (member != 0) {
      *lower_io = (int64_t)(upper + 1);
      *upper_io = (int64_t)upper;
    }
    *stride = (int64_t)(upper - lower + 1);
    return;
  }
  uint64_t trip = upper - lower + 1;
  uint64_t small = trip / (uint64_t)team, extras = trip % (uint64_t)team;
  uint64_t m = (uint64_t)member;
  uint64_t first = lower + m * small + (m < extras ? m : extras);
  uint64_t count = small + (m < extras ? 1 : 0);
  *lower_io = (int64_t)first;
  *upper_io = (int64_t)(first + count - 1); /* first - 1 when count is 0 */
  *last = member == team - 1;
  *stride = (int64_t)trip;
}

void __kmpc_for_static_init_8u(void *loc, int32_t gtid, int32_t schedule,
                               int32_t *last, uint64_t *lower, uint64_t *upper,
                               int64_t *stride, int64_t incr, int64_t chunk) {
  (void)loc, (void)schedule, (void)chunk;
  int64_t lo = (int64_t)*lower, hi = (int64_t)*upper;
  static_share(gtid, last, &lo, &hi, stride, incr, 1);
  *lower = (uint64_t)lo;
  *upper = (uint64_t)hi;
}

void __kmpc_for_static_init_8(void *loc, int32_t gtid, int32_t schedule,
                              int32_t *last, int64_t *lower, int64_t *upper,
                              int64_t *stride, int64_t incr, int64_t chunk) {
  (void)loc, (void)schedule, (void)chunk;
  static_share(gtid, last, lower, upper, stride, incr, 0);
}

/* The 32-bit forms share in 64 bits, where no 32-bit bound wraps; an empty
 * share is first..first-1 with first > the range's lower bound, so it
 * stays empty when narrowed back. */
void __kmpc_for_static_init_4u(void *loc, int32_t gtid, int32_t schedule,
                               int32_t *last, uint32_t *lower, uint32_t *upper,
                               int32_t *stride, int32_t incr, int32_t chunk) {
  (void)loc, (void)schedule, (void)chunk;
  int64_t lo = *lower, hi = *upper, wide_stride = 0;
  static_share(gtid, last, &lo, &hi, &wide_stride, incr, 0);
  *lower = (uint32_t)lo;
  *upper = (uint32_t)hi;
  *stride = (int32_t)wide_stride;
}

void __kmpc_for_static_init_4(void *loc, int32_t gtid, int32_t schedule,
                              int32_t *last, int32_t *lower, int32_t *upper,
                              int32_t *stride, int32_t incr, int32_t chunk) {
  (void)loc, (void)schedule, (void)chunk;
  int64_t lo = *lower, hi = *upper, wide_stride = 0;
  static_share(gtid, last, &lo, &hi, &wide_stride, incr, 0);
  *lower = (int32_t)lo;
  *upper = (int32_t)hi;
  *stride = (int32_t)wide_stride;
}

void __kmpc_for_static_fini(void *loc, int32_t gtid) { (void)loc, (void)gtid; }

void __kmpc_barrier(void *loc, int32_t gtid) { (void)loc, (void)gtid; }
