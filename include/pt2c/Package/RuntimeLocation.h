//===- RuntimeLocation.h - Where pt2c finds the runtime it links ----------===//
//
// Every model links the runtime archive (libpt2c_runtime.a) with its
// version script (pt2c.map). An installed pt2c keeps both in lib/pt2c next
// to its bin/ (`cmake --install`); a pt2c run from its build tree finds
// them where that tree has them.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_PACKAGE_RUNTIMELOCATION_H
#define PT2C_PACKAGE_RUNTIMELOCATION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace pt2c {

struct RuntimeFiles {
  std::string archive;       // libpt2c_runtime.a
  std::string versionScript; // pt2c.map
};

/// The runtime to link, looked for in order:
///  1. $PT2C_RUNTIME_DIR, holding both files (then nothing else is tried);
///  2. ../lib/pt2c from the folder of the running executable (the real path
///     of /proc/self/exe, so symbolic links to an installed pt2c work);
///  3. the build tree pt2c was built in.
/// The first place holding both files wins; an error names every place
/// tried and how to point pt2c at a runtime.
llvm::Expected<RuntimeFiles> findRuntime();

/// findRuntime with its inputs given: `environment` for $PT2C_RUNTIME_DIR,
/// `executable` for the running program's path, `buildTree` for 3.
llvm::Expected<RuntimeFiles> findRuntimeIn(const std::optional<std::string> &environment,
                                           llvm::StringRef executable,
                                           const RuntimeFiles &buildTree);

} // namespace pt2c

#endif // PT2C_PACKAGE_RUNTIMELOCATION_H
