//===- Commands.h - The subcommands of pt2c-run -----------------*- C++ -*-===//

#ifndef PT2C_TOOLS_PT2C_RUN_COMMANDS_H
#define PT2C_TOOLS_PT2C_RUN_COMMANDS_H

#include "Session.h"

#include <optional>
#include <string>

namespace pt2c::run {

struct RunOptions {
  SessionOptions session;
  std::string expectPath;           ///< empty: just run and print the outputs
  std::optional<double> atol, rtol; ///< unset: the dtype's default
};

/// `pt2c-run run`: returns the exit code.
int runCommand(const RunOptions &options);

struct BenchOptions {
  SessionOptions session;
  int warmup = 10;
  int runs = 100;
};

/// `pt2c-run bench`: returns the exit code.
int benchCommand(const BenchOptions &options);

} // namespace pt2c::run

#endif // PT2C_TOOLS_PT2C_RUN_COMMANDS_H
