//===- ArenaPlanTest.cpp - Packing a run's temporaries into one arena -----===//

#include "ArenaPlan.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

namespace {

constexpr uint32_t kAlive = PT2CRT_ARENA_ALIVE;

std::vector<size_t> plan(const std::vector<pt2crt_arena_request> &requests, size_t &bytes,
                         size_t alignment = 256) {
  std::vector<size_t> offsets(requests.size(), SIZE_MAX);
  bytes = pt2crt_arena_plan(requests.data(), requests.size(), alignment, offsets.data());
  return offsets;
}

bool aliveTogether(const pt2crt_arena_request &a, const pt2crt_arena_request &b) {
  return a.begin < b.end && b.begin < a.end;
}

/// Every pair alive together is apart in bytes; every offset aligned and
/// inside the arena.
void checkLayout(const std::vector<pt2crt_arena_request> &requests,
                 const std::vector<size_t> &offsets, size_t bytes, size_t alignment) {
  for (size_t i = 0; i < requests.size(); ++i) {
    size_t size = std::max<size_t>(requests[i].size, 1);
    INFO("request " << i);
    CHECK(offsets[i] % alignment == 0);
    CHECK(offsets[i] + size <= bytes);
    for (size_t j = i + 1; j < requests.size(); ++j) {
      if (!aliveTogether(requests[i], requests[j]))
        continue;
      size_t other = std::max<size_t>(requests[j].size, 1);
      INFO("and request " << j);
      CHECK((offsets[i] + size <= offsets[j] || offsets[j] + other <= offsets[i]));
    }
  }
}

} // namespace

TEST_CASE("Arena plan: temporaries freed before the next share its bytes", "[arena]") {
  // a [0,1) then b [2,3) then c [4, end): one after another.
  std::vector<pt2crt_arena_request> requests = {{100, 0, 1}, {300, 2, 3}, {50, 4, kAlive}};
  size_t bytes = 0;
  std::vector<size_t> offsets = plan(requests, bytes);
  CHECK(offsets == std::vector<size_t>{0, 0, 0});
  CHECK(bytes == 300);
}

TEST_CASE("Arena plan: temporaries alive together are apart and aligned", "[arena]") {
  // A chain x -> y -> z where each is freed after the next is made, and a
  // long-lived w: the largest goes first, at 0.
  std::vector<pt2crt_arena_request> requests = {
      {1000, 0, 3}, {10, 1, kAlive}, {4096, 2, 5}, {700, 4, 6}};
  size_t bytes = 0;
  std::vector<size_t> offsets = plan(requests, bytes);
  checkLayout(requests, offsets, bytes, 256);
  CHECK(offsets[2] == 0);          // 4096, the largest
  CHECK(offsets[0] == 4096);       // alive with it
  CHECK(offsets[3] == 4096);       // after x is freed, x's bytes
  CHECK(offsets[1] == 4096 + 1024); // alive with x, past x aligned to 256
  CHECK(bytes == 4096 + 1024 + 10);
}

TEST_CASE("Arena plan: empty, zero-size and overflowing requests", "[arena]") {
  size_t bytes = 1;
  CHECK(plan({}, bytes).empty());
  CHECK(bytes == 0);
  std::vector<pt2crt_arena_request> zero = {{0, 0, kAlive}, {0, 1, kAlive}};
  std::vector<size_t> offsets = plan(zero, bytes);
  CHECK(offsets == std::vector<size_t>{0, 256});
  CHECK(bytes == 257);
  std::vector<pt2crt_arena_request> huge = {{SIZE_MAX - 10, 0, kAlive}};
  plan(huge, bytes);
  CHECK(bytes == SIZE_MAX);
}

TEST_CASE("Arena plan: random traces never overlap live temporaries", "[arena]") {
  std::mt19937 random(7);
  for (int trial = 0; trial < 200; ++trial) {
    // A trace as the generated code makes one: allocations and frees in
    // order, some never freed.
    std::vector<pt2crt_arena_request> requests;
    std::vector<size_t> live;
    uint32_t event = 0;
    int steps = 1 + int(random() % 60);
    for (int step = 0; step < steps; ++step) {
      if (!live.empty() && random() % 3 == 0) {
        size_t k = random() % live.size();
        requests[live[k]].end = event++;
        live.erase(live.begin() + long(k));
        continue;
      }
      requests.push_back({size_t(random() % 5000), event++, kAlive});
      live.push_back(requests.size() - 1);
    }
    size_t alignment = size_t(1) << (random() % 9);
    size_t bytes = 0;
    std::vector<size_t> offsets = plan(requests, bytes, alignment);
    INFO("trial " << trial);
    checkLayout(requests, offsets, bytes, alignment);
    size_t total = 0;
    for (const pt2crt_arena_request &request : requests)
      total += (std::max<size_t>(request.size, 1) + alignment - 1) / alignment * alignment;
    CHECK(bytes <= total);
  }
}
