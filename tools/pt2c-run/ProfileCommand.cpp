//===- ProfileCommand.cpp - pt2c-run bench --profile ----------------------===//
//
// A model created with profiling (pt2c_options_set_profiling) times every
// point of its compiled code: each loop nest, parallel loop or copy on the
// CPU, each kernel or library call on the GPU, named after the graph nodes
// it computes. This runs such a model like `bench` does and prints the
// points slowest first, then the time by kind of point ("parallel
// contraction", "kernel", "cuBLASLt gemm", ...).
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>

namespace pt2c::run {

namespace {

struct Point {
  std::string name;
  uint64_t calls;
  uint64_t nanoseconds;
};

/// "parallel contraction" of "parallel contraction: linear_3 @ x.py:4";
/// "kernel" of "kernel forward_kernel_12: add_3" (the kernel's own name
/// tells one launch from another, not what kind of work it is).
std::string kindOf(const std::string &name) {
  std::string kind = name.substr(0, name.find(':'));
  if (kind.rfind("kernel ", 0) == 0)
    return "kernel";
  return kind;
}

int readProfile(const Session &session, std::vector<Point> &points, std::string &error) {
  const Pt2cApi &api = session.api();
  size_t n = api.pt2c_model_profile_size(session.model());
  for (size_t i = 0; i < n; ++i) {
    const char *name = nullptr;
    Point point{};
    if (pt2c_status *status = api.pt2c_model_profile_point(session.model(), i, &name,
                                                           &point.calls, &point.nanoseconds)) {
      error = api.pt2c_status_message(status);
      api.pt2c_status_free(status);
      return kExitInternal;
    }
    point.name = name ? name : "";
    points.push_back(std::move(point));
  }
  return kExitSuccess;
}

void printTable(const std::vector<Point> &points, uint64_t runs, uint64_t wallNs, int limit,
                const std::string &where) {
  uint64_t inPoints = 0;
  for (const Point &point : points)
    inPoints += point.nanoseconds;
  double perRun = 1e-6 / double(runs);
  char line[512];
  std::snprintf(line, sizeof line,
                "profile: %llu runs (%s): %.4f ms per run, %.4f ms of it in %zu points "
                "(%.1f%%; the rest: copies of inputs and outputs, waiting, and what "
                "lies between points)",
                (unsigned long long)runs, where.c_str(), double(wallNs) * perRun,
                double(inPoints) * perRun, points.size(),
                wallNs ? 100.0 * double(inPoints) / double(wallNs) : 0.0);
  std::cout << line << "\n";

  std::vector<const Point *> order;
  for (const Point &point : points)
    order.push_back(&point);
  std::stable_sort(order.begin(), order.end(), [](const Point *a, const Point *b) {
    return a->nanoseconds > b->nanoseconds;
  });
  size_t shown = limit > 0 ? std::min(order.size(), size_t(limit)) : order.size();
  std::cout << "   share   ms/run  calls/run  point\n";
  for (size_t i = 0; i < shown; ++i) {
    const Point &point = *order[i];
    std::snprintf(line, sizeof line, "  %5.1f%%  %7.4f  %9.4g  ",
                  inPoints ? 100.0 * double(point.nanoseconds) / double(inPoints) : 0.0,
                  double(point.nanoseconds) * perRun, double(point.calls) / double(runs));
    std::cout << line << point.name << "\n";
  }
  if (shown < order.size()) {
    uint64_t rest = 0;
    for (size_t i = shown; i < order.size(); ++i)
      rest += order[i]->nanoseconds;
    std::snprintf(line, sizeof line, "  %5.1f%%  %7.4f             (%zu more points)",
                  inPoints ? 100.0 * double(rest) / double(inPoints) : 0.0,
                  double(rest) * perRun, order.size() - shown);
    std::cout << line << "\n";
  }

  std::map<std::string, std::pair<uint64_t, size_t>> byKind;
  for (const Point &point : points) {
    auto &entry = byKind[kindOf(point.name)];
    entry.first += point.nanoseconds;
    entry.second += 1;
  }
  std::vector<std::pair<std::string, std::pair<uint64_t, size_t>>> kinds(byKind.begin(),
                                                                         byKind.end());
  std::stable_sort(kinds.begin(), kinds.end(), [](const auto &a, const auto &b) {
    return a.second.first > b.second.first;
  });
  std::cout << "   share   ms/run  points  kind\n";
  for (const auto &[kind, entry] : kinds) {
    std::snprintf(line, sizeof line, "  %5.1f%%  %7.4f  %6zu  ",
                  inPoints ? 100.0 * double(entry.first) / double(inPoints) : 0.0,
                  double(entry.first) * perRun, entry.second);
    std::cout << line << kind << "\n";
  }
}

} // namespace

int profileCommand(const BenchOptions &options) {
  DeviceMemory memory;
  std::vector<std::vector<int64_t>> shapes;
  std::string error;
  SessionOptions sessionOptions = options.session;
  sessionOptions.profile = true;
  // Profiled runs always wait for their stream; a stream of ours adds nothing.
  sessionOptions.cudaStream = nullptr;
  sessionOptions.cudaAsync = false;
  if (options.resident && !memory.open(0, error)) {
    printError(error);
    return kExitBadInput;
  }
  Session session;
  if (int code = session.open(sessionOptions))
    return code;
  if (options.resident)
    if (int code = session.moveInputsTo(memory))
      return code;
  std::vector<DLTensor> outputs(session.numOutputs(), DLTensor{});
  if (int code = session.run(outputs))
    return code;
  for (int i = 0; i < options.warmup; ++i)
    if (int code = session.run(outputs)) {
      session.freeOutputs(outputs);
      return code;
    }
  const Pt2cApi &api = session.api();
  api.pt2c_model_profile_reset(session.model());
  int code = kExitSuccess;
  for (int i = 0; i < options.runs && code == kExitSuccess; ++i)
    code = session.run(outputs);
  session.freeOutputs(outputs);
  if (code != kExitSuccess)
    return code;

  uint64_t wallNs = 0;
  uint64_t runs = api.pt2c_model_profile_runs(session.model(), &wallNs);
  std::vector<Point> points;
  if (int failed = readProfile(session, points, error)) {
    printError("reading the profile: " + error);
    return failed;
  }
  if (runs == 0 || points.empty()) {
    printError("the model recorded no profile (was it compiled by a pt2c without "
               "profile points?)");
    return kExitBadInput;
  }
  int threads = int(api.pt2c_model_cpu_threads(session.model()));
  std::string where = options.session.device == "cuda"
                          ? std::string("cuda: GPU time between events around each kernel and "
                                        "library call, each run captured anew into a CUDA graph "
                                        "(unless --cuda-graphs off); the run's time includes the "
                                        "capture")
                          : std::to_string(threads) + (threads == 1 ? " CPU thread" : " CPU threads") +
                                ", wall time on the calling thread";
  printTable(points, runs, wallNs, options.profileLimit, where);
  return kExitSuccess;
}

} // namespace pt2c::run
