//===- ConcurrentRuns.cpp - pt2c-run run --concurrency N --repeat R -------===//
//
// What an inference server does to a model: several threads run it at
// once, over and over. Every result must still be right; a race in the
// runtime or the generated code shows up here as a wrong output.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include <atomic>
#include <cstring>
#include <iostream>
#include <thread>

namespace pt2c::run {
namespace {

size_t byteSize(const DLTensor &tensor) {
  size_t elements = 1;
  for (int32_t d = 0; d < tensor.ndim; ++d)
    elements *= static_cast<size_t>(tensor.shape[d]);
  return elements * ((tensor.dtype.bits * tensor.dtype.lanes + 7) / 8);
}

/// True when `got` matches: the expectation within tolerance if there is
/// one, else the first run's output bit for bit (runs are deterministic).
bool matches(const DLTensor &got, const DLTensor &first, const NpyArray *expected,
             const RunOptions &options) {
  if (expected) {
    Comparison result = compareOutput(got, *expected, toleranceFor(got.dtype, options));
    return result.shapeMatches && result.failing == 0;
  }
  return got.ndim == first.ndim &&
         std::memcmp(got.shape, first.shape, sizeof(int64_t) * got.ndim) == 0 &&
         std::memcmp(got.data, first.data, byteSize(first)) == 0;
}

} // namespace

int checkConcurrentRuns(Session &session, const std::vector<NpyArray> &expected,
                        const std::vector<DLTensor> &firstOutputs, const RunOptions &options) {
  std::atomic<long> wrong{0}, failedRuns{0};
  auto worker = [&] {
    for (int r = 0; r < options.repeat; ++r) {
      std::vector<DLTensor> outputs(session.numOutputs(), DLTensor{});
      if (session.run(outputs) != kExitSuccess) {
        ++failedRuns;
        continue;
      }
      for (size_t i = 0; i < outputs.size(); ++i) {
        const NpyArray *want =
            expected.empty() ? nullptr : findArray(expected, "out" + std::to_string(i));
        if (!matches(outputs[i], firstOutputs[i], want, options))
          ++wrong;
      }
      session.freeOutputs(outputs);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < options.concurrency; ++t)
    threads.emplace_back(worker);
  for (std::thread &thread : threads)
    thread.join();
  long total = long(options.concurrency) * options.repeat;
  std::cout << "concurrent: " << options.concurrency << " threads x " << options.repeat
            << " runs: ";
  if (failedRuns || wrong) {
    std::cout << "FAIL: " << failedRuns << " runs failed, " << wrong
              << " outputs wrong of " << total << " runs\n";
    return failedRuns ? kExitInternal : kExitCheckFailed;
  }
  std::cout << "all " << total << " runs "
            << (expected.empty() ? "identical to the first" : "within tolerance") << "\n";
  return kExitSuccess;
}

} // namespace pt2c::run
