//===- ConcurrencyTest.cpp - Several threads running one model ------------===//

#include "TestModelLibrary.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <thread>

using namespace pt2c::test;

TEST_CASE("4 threads x 1000 runs on one model with every result checked",
          "[runtime]") {
  const ModelApi &api = testModel();
  ModelHandle model(4);
  constexpr int kThreads = 4, kRuns = 1000;
  // Catch2's assertions are not thread-safe: count here, check after.
  std::atomic<int> failedRuns{0}, wrongElements{0}, completed{0};
  std::atomic<int> firstError{-1};
  std::string errorMessage;

  auto worker = [&](int thread) {
    for (int run = 0; run < kRuns; ++run) {
      // Different sizes per run, so arenas of different sizes are reused
      // across threads.
      int64_t rows = 1 + (thread * 17 + run * 7) % 64;
      DoubleInputs inputs(rows, thread * kRuns + run);
      std::vector<float> y(size_t(rows) * 4);
      std::vector<int64_t> shape{rows, 4};
      DLTensor outputs[2] = {};
      if (run % 2) // alternate caller- and model-allocated y
        outputs[0] = makeTensor(y.data(), kFloat32, shape);
      pt2c_status *status =
          api.pt2c_model_run(model.get(), inputs.tensors, 2, outputs, 2);
      if (status) {
        int expected = -1;
        if (firstError.compare_exchange_strong(expected, thread))
          errorMessage = api.pt2c_status_message(status);
        api.pt2c_status_free(status);
        ++failedRuns;
        continue;
      }
      const float *got = static_cast<const float *>(outputs[0].data);
      const uint8_t *positive = static_cast<const uint8_t *>(outputs[1].data);
      std::vector<float> want = expectedY(inputs);
      for (size_t k = 0; k < want.size(); ++k)
        if (got[k] != want[k] || positive[k] != (want[k] > 0.0f))
          ++wrongElements;
      if (!(run % 2))
        api.pt2c_tensor_free(&outputs[0]);
      api.pt2c_tensor_free(&outputs[1]);
      ++completed;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back(worker, t);
  for (std::thread &thread : threads)
    thread.join();

  INFO("first error: " << errorMessage);
  CHECK(failedRuns == 0);
  CHECK(wrongElements == 0);
  CHECK(completed == kThreads * kRuns);
}
