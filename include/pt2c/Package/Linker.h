//===- Linker.h - Link a model object and the runtime into a .so ----------===//
//
// lld runs in-process (liblld-22): no external linker or compiler driver is
// needed at compile time. The result needs only libc, libm, libpthread and
// libdl, at symbol versions glibc 2.28 has, and exports only pt2c_*
// (runtime/pt2c.map).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_PACKAGE_LINKER_H
#define PT2C_PACKAGE_LINKER_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace pt2c {

struct LinkOptions {
  std::string output;            // model.so
  /// DT_SONAME, the name a program linking the library records as needed;
  /// empty: the output's file name.
  std::string soname;
  std::vector<std::string> objects;
  std::string runtimeArchive;    // libpt2c_runtime.a (RuntimeLocation.h)
  std::string versionScript;     // pt2c.map
};

/// Links a shared library. lld can run once per process (it keeps global
/// state), which is all the pt2c command needs.
llvm::Error linkSharedLibrary(const LinkOptions &options);

} // namespace pt2c

#endif // PT2C_PACKAGE_LINKER_H
