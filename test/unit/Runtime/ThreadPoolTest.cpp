//===- ThreadPoolTest.cpp - parallel_for covers [0, n) exactly once -------===//
//
// The pool is internal to the runtime, so this links the runtime archive
// directly instead of going through a model library.
//
//===----------------------------------------------------------------------===//

#include "ThreadPool.h"
#include "Status.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace {

struct Pool {
  explicit Pool(int threads) {
    REQUIRE(pt2crt_pool_create(threads, &pool) == nullptr);
  }
  ~Pool() { pt2crt_pool_destroy(pool); }
  pt2crt_pool *pool = nullptr;
};

/// Counts visits per index and records the chunks and the threads used.
struct Coverage {
  explicit Coverage(int64_t n) : visits(size_t(n)) {
    for (auto &v : visits)
      v = 0;
  }
  std::vector<std::atomic<int>> visits;
  std::mutex mutex;
  std::vector<std::pair<int64_t, int64_t>> chunks;
  std::set<std::thread::id> threads;
  int64_t grain = 1;

  static void body(void *ctx, int64_t begin, int64_t end) {
    auto *self = static_cast<Coverage *>(ctx);
    for (int64_t i = begin; i < end; ++i)
      ++self->visits[size_t(i)];
    std::lock_guard<std::mutex> lock(self->mutex);
    self->chunks.emplace_back(begin, end);
    self->threads.insert(std::this_thread::get_id());
  }

  bool onceEach() const {
    for (const auto &v : visits)
      if (v != 1)
        return false;
    return true;
  }
};

} // namespace

TEST_CASE("parallel_for covers 0 to n exactly once", "[runtime]") {
  Pool pool(4);
  CHECK(pt2crt_pool_threads(pool.pool) == 4);
  for (int64_t n : {1, 2, 3, 15, 16, 17, 1000, 100003}) {
    for (int64_t grain : {1, 7, 64, 1000000}) {
      Coverage coverage(n);
      pt2crt_parallel_for(pool.pool, n, grain, Coverage::body, &coverage);
      INFO("n " << n << " grain " << grain);
      CHECK(coverage.onceEach());
      // Chunks are at least `grain` long, except the last.
      for (auto [begin, end] : coverage.chunks) {
        CHECK(begin < end);
        if (end != n)
          CHECK(end - begin >= grain);
      }
      CHECK(coverage.chunks.size() <= 16); // 4 chunks per thread at most
    }
  }
}

TEST_CASE("parallel_for with n <= 0 never calls the body", "[runtime]") {
  Pool pool(4);
  Coverage coverage(0);
  pt2crt_parallel_for(pool.pool, 0, 1, Coverage::body, &coverage);
  pt2crt_parallel_for(pool.pool, -5, 1, Coverage::body, &coverage);
  CHECK(coverage.chunks.empty());
}

TEST_CASE("A pool of 1 and a NULL pool run serially on the caller",
          "[runtime]") {
  Pool pool(1);
  CHECK(pt2crt_pool_threads(pool.pool) == 1);
  for (void *p :
       {static_cast<void *>(pool.pool), static_cast<void *>(nullptr)}) {
    Coverage coverage(1000);
    pt2crt_parallel_for(p, 1000, 1, Coverage::body, &coverage);
    CHECK(coverage.onceEach());
    REQUIRE(coverage.chunks.size() == 1);
    CHECK(coverage.chunks[0] == std::make_pair(int64_t(0), int64_t(1000)));
    CHECK(coverage.threads ==
          std::set<std::thread::id>{std::this_thread::get_id()});
  }
}

TEST_CASE("parallel_for uses the workers", "[runtime]") {
  Pool pool(4);
  // Slow chunks give the workers time to take some.
  struct Slow {
    std::mutex mutex;
    std::set<std::thread::id> threads;
    static void body(void *ctx, int64_t, int64_t) {
      auto *self = static_cast<Slow *>(ctx);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      std::lock_guard<std::mutex> lock(self->mutex);
      self->threads.insert(std::this_thread::get_id());
    }
  } slow;
  pt2crt_parallel_for(pool.pool, 16, 1, Slow::body, &slow);
  CHECK(slow.threads.size() > 1);
}

namespace {

struct Nested {
  std::vector<std::unique_ptr<Coverage>> inner;
  pt2crt_pool *pool;
  static void body(void *ctx, int64_t begin, int64_t end) {
    auto *self = static_cast<Nested *>(ctx);
    for (int64_t i = begin; i < end; ++i)
      pt2crt_parallel_for(self->pool, 100, 3, Coverage::body,
                          self->inner[size_t(i)].get());
  }
};

} // namespace

TEST_CASE("parallel_for nests and runs from several threads at once",
          "[runtime]") {
  Pool pool(3);
  constexpr int kCallers = 4, kOuter = 20;
  std::vector<Nested> nests(kCallers);
  for (Nested &nest : nests) {
    nest.pool = pool.pool;
    for (int i = 0; i < kOuter; ++i)
      nest.inner.push_back(std::make_unique<Coverage>(100));
  }
  std::vector<std::thread> callers;
  for (Nested &nest : nests)
    callers.emplace_back([&nest] {
      for (int repeat = 0; repeat < 10; ++repeat) {
        pt2crt_parallel_for(nest.pool, kOuter, 1, Nested::body, &nest);
      }
    });
  for (std::thread &caller : callers)
    caller.join();
  for (Nested &nest : nests)
    for (auto &coverage : nest.inner)
      for (const auto &v : coverage->visits)
        CHECK(v == 10);
}

TEST_CASE("Workers that sleep at once (PT2C_SPIN_US=0) and that spin both cover every job",
          "[runtime]") {
  // With no spinning every job wakes sleeping workers; with a long spin
  // they never sleep between jobs. Either way each index is visited once,
  // across jobs queued back to back and after idle gaps longer than the
  // spin.
  for (const char *spin : {"0", "50", "100000"}) {
    INFO("PT2C_SPIN_US=" << spin);
    setenv("PT2C_SPIN_US", spin, 1);
    Pool pool(4);
    unsetenv("PT2C_SPIN_US");
    for (int repeat = 0; repeat < 200; ++repeat) {
      Coverage coverage(257);
      pt2crt_parallel_for(pool.pool, 257, 1, Coverage::body, &coverage);
      REQUIRE(coverage.onceEach());
      if (repeat % 50 == 49)
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
}

TEST_CASE("More concurrent callers than the pool publishes jobs for still cover every index",
          "[runtime]") {
  // The pool publishes a bounded number of jobs at once; a caller that
  // finds no room runs its loop alone. 40 callers on a pool of 4, each with
  // slow chunks so that many loops overlap, must all see exact coverage.
  Pool pool(4);
  constexpr int kCallers = 40;
  struct SlowCoverage : Coverage {
    SlowCoverage() : Coverage(64) {}
    static void body(void *ctx, int64_t begin, int64_t end) {
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      Coverage::body(ctx, begin, end);
    }
  };
  std::vector<std::unique_ptr<SlowCoverage>> coverages;
  for (int i = 0; i < kCallers; ++i)
    coverages.push_back(std::make_unique<SlowCoverage>());
  std::vector<std::thread> callers;
  for (auto &coverage : coverages)
    callers.emplace_back([&pool, &coverage] {
      pt2crt_parallel_for(pool.pool, 64, 1, SlowCoverage::body, coverage.get());
    });
  for (std::thread &caller : callers)
    caller.join();
  for (auto &coverage : coverages)
    CHECK(coverage->onceEach());
}
