//===- ProfileTest.cpp - pt2c_options_set_profiling and pt2c_model_profile_*
//
// The test double's code brackets its two parallel loops with the
// runtime's profiler hooks, as generated code does (TestModel.c). A model
// created with profiling counts each point once per run and times it; one
// created without answers "no profile".
//
//===----------------------------------------------------------------------===//

#include "TestModelLibrary.h"

#include <catch2/catch.hpp>

#include <string>

using namespace pt2c::test;
using Catch::Matchers::Contains;

namespace {

/// A double created with `profiling` and 2 threads.
pt2c_model *createDouble(const ModelApi &api, int32_t profiling) {
  pt2c_options *options = nullptr;
  REQUIRE(api.pt2c_options_create(PT2C_ABI_VERSION, &options) == nullptr);
  REQUIRE(api.pt2c_options_set_cpu_threads(options, 2) == nullptr);
  REQUIRE(api.pt2c_options_set_profiling(options, profiling) == nullptr);
  pt2c_model *model = nullptr;
  auto [code, message] = api.take(api.pt2c_model_create(options, &model));
  api.pt2c_options_free(options);
  INFO(message);
  REQUIRE(code == PT2C_OK);
  return model;
}

void runDouble(const ModelApi &api, pt2c_model *model, int64_t rows) {
  DoubleInputs inputs(rows);
  DLTensor outputs[2] = {};
  auto [code, message] = api.take(api.pt2c_model_run(model, inputs.tensors, 2, outputs, 2));
  INFO(message);
  REQUIRE(code == PT2C_OK);
  api.pt2c_tensor_free(&outputs[0]);
  api.pt2c_tensor_free(&outputs[1]);
}

} // namespace

TEST_CASE("A profiled model times each point of its runs", "[runtime][profile]") {
  const ModelApi &api = testModel();
  pt2c_model *model = createDouble(api, 1);
  CHECK(api.pt2c_model_profile_size(model) == 0); // no run yet
  for (int run = 0; run < 3; ++run)
    runDouble(api, model, 64);

  REQUIRE(api.pt2c_model_profile_size(model) == 2);
  uint64_t wall = 0;
  CHECK(api.pt2c_model_profile_runs(model, &wall) == 3);
  const char *names[2] = {};
  uint64_t calls[2] = {}, nanoseconds[2] = {};
  for (size_t i = 0; i < 2; ++i)
    REQUIRE(api.pt2c_model_profile_point(model, i, &names[i], &calls[i], &nanoseconds[i]) ==
            nullptr);
  CHECK(std::string(names[0]) == "parallel elementwise: mul_1 @ double.py:3");
  CHECK(std::string(names[1]) == "parallel elementwise: add_2, gt_3 @ double.py:4");
  CHECK(calls[0] == 3);
  CHECK(calls[1] == 3);
  CHECK(nanoseconds[0] > 0);
  CHECK(nanoseconds[1] > 0);
  // The points are part of the runs' execution.
  CHECK(wall >= nanoseconds[0] + nanoseconds[1]);

  // A failed run adds nothing.
  DoubleInputs failing(2);
  failing.shift[0] = -12345; // PT2C_TEST_FAIL_SHIFT: run() fails
  DLTensor outputs[2] = {};
  CHECK(api.take(api.pt2c_model_run(model, failing.tensors, 2, outputs, 2)).first ==
        PT2C_DEVICE_ERROR);
  CHECK(api.pt2c_model_profile_runs(model, nullptr) == 3);

  api.pt2c_model_profile_reset(model);
  CHECK(api.pt2c_model_profile_runs(model, &wall) == 0);
  CHECK(wall == 0);
  REQUIRE(api.pt2c_model_profile_point(model, 1, nullptr, &calls[1], &nanoseconds[1]) == nullptr);
  CHECK(calls[1] == 0);
  CHECK(nanoseconds[1] == 0);
  runDouble(api, model, 1);
  REQUIRE(api.pt2c_model_profile_point(model, 0, nullptr, &calls[0], nullptr) == nullptr);
  CHECK(calls[0] == 1);

  auto [code, message] = api.take(api.pt2c_model_profile_point(model, 2, nullptr, nullptr, nullptr));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("index 2 is out of range (2 points)"));
  api.pt2c_model_destroy(model);
}

TEST_CASE("A model without profiling has no profile", "[runtime][profile]") {
  const ModelApi &api = testModel();
  pt2c_model *model = createDouble(api, 0);
  runDouble(api, model, 4);
  CHECK(api.pt2c_model_profile_size(model) == 0);
  uint64_t wall = 7;
  CHECK(api.pt2c_model_profile_runs(model, &wall) == 0);
  CHECK(wall == 0);
  auto [code, message] = api.take(api.pt2c_model_profile_point(model, 0, nullptr, nullptr, nullptr));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("without profiling"));
  api.pt2c_model_profile_reset(model); // a no-op
  api.pt2c_model_destroy(model);

  CHECK(api.pt2c_model_profile_size(nullptr) == 0);
  CHECK(api.take(api.pt2c_model_profile_point(nullptr, 0, nullptr, nullptr, nullptr)).first ==
        PT2C_INVALID_ARGUMENT);
  pt2c_options *options = nullptr;
  REQUIRE(api.pt2c_options_create(PT2C_ABI_VERSION, &options) == nullptr);
  auto [badCode, badMessage] = api.take(api.pt2c_options_set_profiling(options, 2));
  CHECK(badCode == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(badMessage, Contains("2 is neither 0 nor 1"));
  api.pt2c_options_free(options);
}
