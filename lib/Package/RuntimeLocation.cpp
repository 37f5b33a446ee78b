//===- RuntimeLocation.cpp - Where pt2c finds the runtime it links --------===//

#include "pt2c/Package/RuntimeLocation.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

namespace pt2c {

static RuntimeFiles inFolder(llvm::StringRef folder) {
  llvm::SmallString<256> archive(folder), script(folder);
  llvm::sys::path::append(archive, "libpt2c_runtime.a");
  llvm::sys::path::append(script, "pt2c.map");
  return {archive.str().str(), script.str().str()};
}

static bool complete(const RuntimeFiles &files) {
  return llvm::sys::fs::is_regular_file(files.archive) &&
         llvm::sys::fs::is_regular_file(files.versionScript);
}

static std::string describe(const RuntimeFiles &files) {
  return files.archive + " and " + files.versionScript;
}

llvm::Expected<RuntimeFiles> findRuntimeIn(const std::optional<std::string> &environment,
                                           llvm::StringRef executable,
                                           const RuntimeFiles &buildTree) {
  if (environment) {
    RuntimeFiles files = inFolder(*environment);
    if (complete(files))
      return files;
    return llvm::createStringError("the pt2c runtime is missing: PT2C_RUNTIME_DIR is '" +
                                   *environment + "', which does not hold " +
                                   describe(files));
  }
  std::string tried;
  if (!executable.empty()) {
    // bin/pt2c -> lib/pt2c, as cmake --install lays them out.
    llvm::SmallString<256> folder(llvm::sys::path::parent_path(executable));
    llvm::sys::path::append(folder, "..", "lib", "pt2c");
    llvm::sys::path::remove_dots(folder, /*remove_dot_dot=*/true);
    RuntimeFiles installed = inFolder(folder);
    if (complete(installed))
      return installed;
    tried = describe(installed) + " (next to " + executable.str() + "), ";
  }
  if (complete(buildTree))
    return buildTree;
  return llvm::createStringError(
      "the pt2c runtime is missing: tried " + tried + describe(buildTree) +
      " (the build tree); install pt2c with cmake --install, or set PT2C_RUNTIME_DIR to "
      "the folder holding libpt2c_runtime.a and pt2c.map");
}

llvm::Expected<RuntimeFiles> findRuntime() {
  llvm::SmallString<256> executable;
  if (llvm::sys::fs::real_path("/proc/self/exe", executable))
    executable.clear(); // no /proc: only the other two places
  return findRuntimeIn(llvm::sys::Process::GetEnv("PT2C_RUNTIME_DIR"), executable,
                       {PT2C_RUNTIME_ARCHIVE, PT2C_RUNTIME_VERSION_SCRIPT});
}

} // namespace pt2c
