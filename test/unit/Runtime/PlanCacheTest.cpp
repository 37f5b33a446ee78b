//===- PlanCacheTest.cpp - The per-context cache of library plans ---------===//

#include "PlanCache.h"

#include <catch2/catch.hpp>

#include <vector>

namespace {

struct Plan {
  int id;
  int *resource; // stands for a library descriptor
};

/// Counts releases in the int the cache's library pointer points at.
void release(const void *library, void *plan) {
  ++*static_cast<int *>(const_cast<void *>(library));
  static_cast<Plan *>(plan)->resource = nullptr;
}

} // namespace

TEST_CASE("plan cache: plans found by their whole key, each released once",
          "[runtime][plans]") {
  int released = 0;
  pt2crt_plan_cache cache;
  REQUIRE(pt2crt_plan_cache_init(&cache, 3, sizeof(Plan), release, &released));
  int64_t a[3] = {1, 2, 3}, b[3] = {1, 2, 4};
  CHECK(pt2crt_plan_cache_find(&cache, a) == nullptr);
  auto *planA = static_cast<Plan *>(pt2crt_plan_cache_add(&cache, a));
  CHECK((planA->id == 0 && planA->resource == nullptr)); // zeroed
  planA->id = 7;
  CHECK(pt2crt_plan_cache_find(&cache, a) == planA);
  CHECK(pt2crt_plan_cache_find(&cache, b) == nullptr); // one field differs
  auto *planB = static_cast<Plan *>(pt2crt_plan_cache_add(&cache, b));
  CHECK(planB != planA);
  CHECK(static_cast<Plan *>(pt2crt_plan_cache_find(&cache, a))->id == 7);
  // A plan that could not be made is released and found no more.
  pt2crt_plan_cache_discard(&cache, planB);
  CHECK(released == 1);
  CHECK(pt2crt_plan_cache_find(&cache, b) == nullptr);
  pt2crt_plan_cache_destroy(&cache);
  CHECK(released == 2); // planA; planB's slot was emptied already
}

TEST_CASE("plan cache: full, the oldest slot is released and reused", "[runtime][plans]") {
  int released = 0;
  pt2crt_plan_cache cache;
  REQUIRE(pt2crt_plan_cache_init(&cache, 1, sizeof(Plan), release, &released));
  for (int64_t k = 0; k < PT2CRT_PLAN_CACHE_SLOTS; ++k)
    static_cast<Plan *>(pt2crt_plan_cache_add(&cache, &k))->id = int(k);
  CHECK(released == 0);
  int64_t extra = 1000;
  auto *plan = static_cast<Plan *>(pt2crt_plan_cache_add(&cache, &extra));
  CHECK(released == 1);
  int64_t first = 0, second = 1;
  CHECK(pt2crt_plan_cache_find(&cache, &first) == nullptr); // replaced
  CHECK(pt2crt_plan_cache_find(&cache, &extra) == plan);
  CHECK(static_cast<Plan *>(pt2crt_plan_cache_find(&cache, &second))->id == 1);
  pt2crt_plan_cache_destroy(&cache);
  CHECK(released == PT2CRT_PLAN_CACHE_SLOTS + 1);
}
