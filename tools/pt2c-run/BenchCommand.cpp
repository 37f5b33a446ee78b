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

/// This program's peak resident memory in KiB (-1 if unknown). VmHWM
/// belongs to the address space exec made, so `pt2c bench`, which runs
/// this program as a child of the compiler, reports the model's memory;
/// getrusage's ru_maxrss would carry over the compiler's 80 MB from before
/// the exec.
static long peakResidentKiB() {
  if (std::FILE *status = std::fopen("/proc/self/status", "r")) {
    char line[256];
    long peak = -1;
    while (std::fgets(line, sizeof(line), status))
      if (std::sscanf(line, "VmHWM: %ld kB", &peak) == 1)
        break;
    std::fclose(status);
    if (peak >= 0)
      return peak;
  }
  struct rusage usage;
  return getrusage(RUSAGE_SELF, &usage) == 0 ? usage.ru_maxrss : -1;
}

/// --resident: the outputs of the first run replaced by device buffers of
/// the same shapes (`shapes` keeps them), the host ones freed.
static int outputsToDevice(Session &session, DeviceMemory &memory,
                           std::vector<DLTensor> &outputs,
                           std::vector<std::vector<int64_t>> &shapes) {
  std::vector<DLTensor> device = outputs;
  shapes.resize(outputs.size());
  std::string error;
  for (size_t i = 0; i < outputs.size(); ++i) {
    shapes[i].assign(outputs[i].shape, outputs[i].shape + outputs[i].ndim);
    device[i].shape = shapes[i].data();
    device[i].strides = nullptr;
    device[i].byte_offset = 0;
    device[i].device = {kDLCUDA, 0};
    device[i].data = memory.allocate(tensorBytes(outputs[i]), nullptr, error);
    if (!device[i].data) {
      printError(error);
      return kExitBadInput;
    }
  }
  session.freeOutputs(outputs);
  outputs = device;
  return kExitSuccess;
}

int benchCommand(const BenchOptions &options) {
  if (options.resident && options.session.device != "cuda") {
    printError("--resident needs --device cuda");
    return kExitBadInput;
  }
  if (options.async && !options.resident) {
    printError("--cuda-async needs --resident (queued runs write device outputs)");
    return kExitBadInput;
  }
  // Declared before the session whose model uses its stream, and before
  // the outputs that point into it.
  DeviceMemory memory;
  std::vector<std::vector<int64_t>> deviceShapes;
  std::string error;
  SessionOptions sessionOptions = options.session;
  void *stream = nullptr;
  if (options.resident && !memory.open(0, error)) {
    printError(error);
    return kExitBadInput;
  }
  if (options.async) {
    if (!(stream = memory.createStream(error))) {
      printError(error);
      return kExitBadInput;
    }
    sessionOptions.cudaStream = stream;
    sessionOptions.cudaAsync = true;
  }
  Session session;
  if (int code = session.open(sessionOptions))
    return code;
  if (options.resident) {
    if (int code = session.moveInputsTo(memory))
      return code;
  }
  std::vector<DLTensor> outputs(session.numOutputs(), DLTensor{});
  if (int code = session.run(outputs))
    return code;
  if (options.resident)
    if (int code = outputsToDevice(session, memory, outputs, deviceShapes))
      return code;

  using Clock = std::chrono::steady_clock;
  std::vector<double> milliseconds;
  milliseconds.reserve(size_t(options.runs));
  int code = kExitSuccess;
  for (int i = 0; i < options.warmup + options.runs && code == kExitSuccess;
       ++i) {
    Clock::time_point start = Clock::now();
    code = session.run(outputs);
    if (stream && code == kExitSuccess && !memory.synchronize(stream)) {
      printError("the GPU failed running the model (at the stream's synchronization)");
      code = kExitBadInput;
    }
    std::chrono::duration<double, std::milli> elapsed = Clock::now() - start;
    if (i >= options.warmup)
      milliseconds.push_back(elapsed.count());
  }
  // Queued back to back, one wait at the end: what a server pipelining
  // requests on one stream sees per request.
  double backToBack = 0;
  if (stream && code == kExitSuccess) {
    Clock::time_point start = Clock::now();
    for (int i = 0; i < options.runs && code == kExitSuccess; ++i)
      code = session.run(outputs);
    if (code == kExitSuccess && !memory.synchronize(stream)) {
      printError("the GPU failed running the model (at the stream's synchronization)");
      code = kExitBadInput;
    }
    std::chrono::duration<double, std::milli> elapsed = Clock::now() - start;
    backToBack = elapsed.count() / options.runs;
  }
  if (!options.resident)
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
                "(%d warmup, %d threads%s)",
                session.api().pt2c_model_name(session.model()), median, p90,
                milliseconds.front(), n, options.warmup,
                int(session.api().pt2c_model_cpu_threads(session.model())),
                options.resident ? ", tensors resident on the GPU" : "");
  std::cout << line << "\n";
  if (stream) {
    std::snprintf(line, sizeof(line), "queued back to back: %.4f ms per run", backToBack);
    std::cout << line << "\n";
  }
  // The process's high-water mark: steady across run counts unless the
  // model leaks (test/e2e/check_steady_memory.py compares two counts).
  if (long peak = peakResidentKiB(); peak >= 0)
    std::cout << "peak RSS: " << peak << " KiB\n";
  return kExitSuccess;
}

} // namespace pt2c::run
