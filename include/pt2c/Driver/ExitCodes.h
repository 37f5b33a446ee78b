//===- ExitCodes.h - Process exit codes shared by every pt2c command ------===//

#ifndef PT2C_DRIVER_EXITCODES_H
#define PT2C_DRIVER_EXITCODES_H

#include "llvm/Support/Error.h"

namespace pt2c {

/// docs/design.md "Command line": the same codes for every command.
enum ExitCode : int {
  kExitSuccess = 0,
  kExitCheckFailed = 1, // a check failed (tolerance, coverage)
  kExitBadInput = 2,    // unreadable archive, unsupported content, bad flag
  kExitInternal = 3,    // a pt2c bug
};

/// Errors carrying std::errc::state_not_recoverable are pt2c bugs.
llvm::Error makeInternalError(const llvm::Twine &message);

/// Prints `pt2c: error: <message>` for each error and returns the exit code:
/// kExitInternal for internal errors, kExitBadInput otherwise.
int reportError(llvm::Error error);

} // namespace pt2c

#endif // PT2C_DRIVER_EXITCODES_H
