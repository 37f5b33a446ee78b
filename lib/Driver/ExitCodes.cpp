//===- ExitCodes.cpp - Turning errors into messages and exit codes --------===//

#include "pt2c/Driver/ExitCodes.h"

#include "llvm/Support/WithColor.h"

namespace pt2c {

llvm::Error makeInternalError(const llvm::Twine &message) {
  return llvm::createStringError(std::make_error_code(std::errc::state_not_recoverable),
                                 "internal error: " + message);
}

int reportError(llvm::Error error) {
  int code = kExitBadInput;
  llvm::handleAllErrors(std::move(error), [&](const llvm::ErrorInfoBase &info) {
    if (info.convertToErrorCode() ==
        std::make_error_code(std::errc::state_not_recoverable))
      code = kExitInternal;
    llvm::WithColor::error(llvm::errs(), "pt2c") << info.message() << "\n";
  });
  return code;
}

} // namespace pt2c
