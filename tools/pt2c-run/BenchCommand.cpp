//===- BenchCommand.cpp - pt2c-run bench: latency of repeated runs --------===//
//
// The first run lets the model allocate its outputs; later runs write into
// those same buffers (caller-allocated), so the timings hold the model's
// work and validation, not malloc.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include <sys/resource.h>

namespace pt2c::run {

int benchCommand(const BenchOptions &options) {
  Session session;
  if (int code = session.open(options.session))
    return code;
  std::vector<DLTensor> outputs(session.numOutputs(), DLTensor{});
  if (int code = session.run(outputs))
    return code;

  using Clock = std::chrono::steady_clock;
  std::vector<double> milliseconds;
  milliseconds.reserve(size_t(options.runs));
  int code = kExitSuccess;
  for (int i = 0; i < options.warmup + options.runs && code == kExitSuccess;
       ++i) {
    Clock::time_point start = Clock::now();
    code = session.run(outputs);
    std::chrono::duration<double, std::milli> elapsed = Clock::now() - start;
    if (i >= options.warmup)
      milliseconds.push_back(elapsed.count());
  }
  session.freeOutputs(outputs);
  if (code != kExitSuccess)
    return code;

  std::sort(milliseconds.begin(), milliseconds.end());
  size_t n = milliseconds.size();
  double median = n % 2 ? milliseconds[n / 2]
                        : (milliseconds[n / 2 - 1] + milliseconds[n / 2]) / 2;
  // Nearest rank: the smallest value with at least 90% of runs at or below.
  double p90 = milliseconds[(n * 9 + 9) / 10 - 1];
  char line[256];
  std::snprintf(line, sizeof(line),
                "%s: median %.4f ms, p90 %.4f ms, min %.4f ms over %zu runs "
                "(%d warmup, %d threads)",
                session.api().pt2c_model_name(session.model()), median, p90,
                milliseconds.front(), n, options.warmup,
                int(session.api().pt2c_model_cpu_threads(session.model())));
  std::cout << line << "\n";
  // The process's high-water mark: steady across run counts unless the
  // model leaks (test/e2e/check_steady_memory.py compares two counts).
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) == 0)
    std::cout << "peak RSS: " << usage.ru_maxrss << " KiB\n";
  return kExitSuccess;
}

} // namespace pt2c::run
