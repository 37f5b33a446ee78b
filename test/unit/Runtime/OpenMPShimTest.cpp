//===- OpenMPShimTest.cpp - The __kmpc_* shim and the team member --------===//
//
// Generated code picks a parallel loop's slot of a shared buffer by the
// team member running the iteration (pt2c-chunk-buffers-on-stack), on the
// promise that a member that runs any of a loop's iterations is below the
// iteration count and runs a contiguous range of them. These tests drive
// the shim the way LLVM's OpenMP lowering does and check that promise.
//
//===----------------------------------------------------------------------===//

#include "OpenMPShim.h"
#include "ThreadPool.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdarg>
#include <cstdint>
#include <mutex>
#include <vector>

extern "C" {
typedef void (*Microtask)(int32_t *gtid, int32_t *btid, ...);
void __kmpc_fork_call(void *loc, int32_t argc, Microtask task, ...);
void __kmpc_for_static_init_8(void *loc, int32_t gtid, int32_t schedule, int32_t *last,
                              int64_t *lower, int64_t *upper, int64_t *stride, int64_t incr,
                              int64_t chunk);
}

namespace {

/// Which member ran each iteration of a loop of `iterations`.
struct Loop {
  int64_t iterations;
  std::vector<int32_t> member;
  std::vector<int> runs;
  std::mutex mutex;
};

/// The outlined body LLVM emits: this member's static share, then the
/// iterations, each asking who runs it.
void body(int32_t *gtid, int32_t *, ...) {
  va_list args;
  va_start(args, gtid);
  auto *loop = static_cast<Loop *>(va_arg(args, void *));
  va_end(args);
  int32_t last = 0;
  int64_t lower = 0, upper = loop->iterations - 1, stride = 1;
  __kmpc_for_static_init_8(nullptr, *gtid, 34, &last, &lower, &upper, &stride, 1, 0);
  for (int64_t i = lower; i <= upper; ++i) {
    int32_t member = pt2crt_team_member();
    std::lock_guard<std::mutex> lock(loop->mutex);
    loop->member[size_t(i)] = member;
    ++loop->runs[size_t(i)];
  }
}

void runLoop(Loop &loop) {
  loop.member.assign(size_t(loop.iterations), -1);
  loop.runs.assign(size_t(loop.iterations), 0);
  __kmpc_fork_call(nullptr, 1, reinterpret_cast<Microtask>(&body), &loop);
}

} // namespace

TEST_CASE("pt2crt_team_member: each member below the iteration count, its iterations contiguous",
          "[runtime]") {
  pt2crt_pool *pool = nullptr;
  REQUIRE(pt2crt_pool_create(4, &pool) == nullptr);
  pt2crt_pool *previous = pt2crt_omp_set_pool(pool);
  CHECK(pt2crt_team_member() == 0); // outside a region

  // Fewer, as many and more iterations than the team of 4 members.
  for (int64_t iterations : {1, 3, 4, 14, 101}) {
    INFO("iterations " << iterations);
    Loop loop;
    loop.iterations = iterations;
    runLoop(loop);
    for (int64_t i = 0; i < iterations; ++i) {
      CHECK(loop.runs[size_t(i)] == 1);
      CHECK(loop.member[size_t(i)] >= 0);
      CHECK(loop.member[size_t(i)] < std::min<int64_t>(iterations, 4));
    }
    // Contiguous: the member never goes back to an earlier one.
    for (int64_t i = 1; i < iterations; ++i)
      CHECK(loop.member[size_t(i)] >= loop.member[size_t(i - 1)]);
  }
  CHECK(pt2crt_team_member() == 0); // and after one

  pt2crt_omp_set_pool(previous);
  pt2crt_pool_destroy(pool);
}

TEST_CASE("pt2crt_team_member: a pool of one runs every iteration as member 0", "[runtime]") {
  pt2crt_pool *pool = nullptr;
  REQUIRE(pt2crt_pool_create(1, &pool) == nullptr);
  pt2crt_pool *previous = pt2crt_omp_set_pool(pool);
  Loop loop;
  loop.iterations = 9;
  runLoop(loop);
  for (int64_t i = 0; i < loop.iterations; ++i) {
    CHECK(loop.runs[size_t(i)] == 1);
    CHECK(loop.member[size_t(i)] == 0);
  }
  pt2crt_omp_set_pool(previous);
  pt2crt_pool_destroy(pool);
}
