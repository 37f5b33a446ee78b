//===- Linker.cpp - Link a model object and the runtime into a .so --------===//

#include "pt2c/Package/Linker.h"

#include "lld/Common/Driver.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

LLD_HAS_DRIVER(elf)

namespace pt2c {

llvm::Error linkSharedLibrary(const LinkOptions &options) {
  for (const std::string &input : {options.runtimeArchive, options.versionScript})
    if (!llvm::sys::fs::exists(input))
      return llvm::createStringError("the pt2c runtime is missing: " + input);

  std::string versionScript = "--version-script=" + options.versionScript;
  // A program linked against the model records this name, not the path it
  // was linked from, so the library can move (found through the rpath or
  // LD_LIBRARY_PATH like any other).
  std::string soname = options.soname.empty()
                           ? llvm::sys::path::filename(options.output).str()
                           : options.soname;
  std::vector<const char *> args = {
      "ld.lld", "-shared", "-o", options.output.c_str(), "-soname", soname.c_str(),
      // Hardening every distribution expects of a shared library.
      "-z", "noexecstack", "-z", "relro", "-z", "now", "--hash-style=gnu",
#ifndef PT2C_SANITIZED
      // An undefined symbol is a compile-time error, not a dlopen failure.
      // (Not in the sanitizer build: its instrumented runtime calls the
      // sanitizers' functions, which the executable loading the model
      // provides.)
      "-z", "defs",
#endif
      "--eh-frame-hdr", versionScript.c_str(),
  };
  for (const std::string &object : options.objects)
    args.push_back(object.c_str());
  // All of the runtime: nothing in the model object calls the public
  // pt2c_* functions, so without --whole-archive lld would pull none of them.
  // Then the only system libraries a model may need; --as-needed drops the
  // ones nothing references. libpthread.so.0 and libdl.so.2 are needed
  // whatever is referenced: the runtime calls pthread_create, dlopen, ...
  // at their glibc 2.28 versions (runtime/src/GlibcBaseline.h), which a
  // glibc older than 2.34 defines there, not in libc.so.6 (on a newer one
  // they are empty and cost nothing). Named by file: glibc >= 2.34 has no
  // libpthread.so to find with -lpthread.
  args.insert(args.end(), {"--whole-archive", options.runtimeArchive.c_str(),
                           "--no-whole-archive",
                           "-L/lib/x86_64-linux-gnu", "-L/usr/lib/x86_64-linux-gnu",
                           "--no-as-needed", "-l:libpthread.so.0", "-l:libdl.so.2",
                           "--as-needed", "-lm", "-lc"});

  std::string out, err;
  llvm::raw_string_ostream outStream(out), errStream(err);
  lld::Result result =
      lld::lldMain(args, outStream, errStream, {{lld::Gnu, &lld::elf::link}});
  if (result.retCode != 0)
    return llvm::createStringError(
        std::make_error_code(std::errc::state_not_recoverable),
        "internal error: linking " + options.output + " failed:\n" + err);
  return llvm::Error::success();
}

} // namespace pt2c
