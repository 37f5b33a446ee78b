//===- Commands.h - The subcommands of pt2c-run -----------------*- C++ -*-===//

#ifndef PT2C_TOOLS_PT2C_RUN_COMMANDS_H
#define PT2C_TOOLS_PT2C_RUN_COMMANDS_H

#include "Compare.h"
#include "Session.h"

#include <optional>
#include <string>

namespace pt2c::run {

struct RunOptions {
  SessionOptions session;
  std::string expectPath;           ///< empty: just run and print the outputs
  std::string saveOutputsPath;      ///< non-empty: write out0.. there (.npz)
  std::optional<double> atol, rtol; ///< unset: the dtype's default
  int concurrency = 1; ///< threads running the model at once after the first run
  int repeat = 1;      ///< runs per thread in that phase
};

/// The tolerance `run` checks an output of `dtype` with.
Tolerance toleranceFor(DLDataType dtype, const RunOptions &options);

/// After the first checked run: `options.concurrency` threads each run the
/// model `options.repeat` times on the same inputs at once, every result
/// compared with `expected` (or, without expectations, with the first
/// run's outputs, bit for bit). Prints one summary line; an exit code.
int checkConcurrentRuns(Session &session, const std::vector<NpyArray> &expected,
                        const std::vector<DLTensor> &firstOutputs, const RunOptions &options);

/// `pt2c-run run`: returns the exit code.
int runCommand(const RunOptions &options);

struct BenchOptions {
  SessionOptions session;
  int warmup = 10;
  int runs = 100;
  bool resident = false; ///< --resident: inputs and outputs in GPU memory
  bool async = false;    ///< --cuda-async: the model on our stream, runs queued
  bool profile = false;  ///< --profile: then time each point in a profiled model
  int profileLimit = 40; ///< --profile-limit: the slowest points printed; 0: all
};

/// `bench --profile`: a second model of the library, created with
/// profiling, runs `options.warmup` times, then `options.runs` times with
/// its profile cleared in between; prints each point's share of the time,
/// slowest first, and the shares by kind. An exit code.
int profileCommand(const BenchOptions &options);

/// `pt2c-run bench`: returns the exit code.
int benchCommand(const BenchOptions &options);

} // namespace pt2c::run

#endif // PT2C_TOOLS_PT2C_RUN_COMMANDS_H
