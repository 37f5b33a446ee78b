//===- GlibcBaseline.cpp - Bind generated libm calls to glibc 2.28 --------===//

#include "GlibcBaseline.h"

#include "llvm/IR/Module.h"

namespace pt2c {

// x86-64 libm functions whose default version is newer than GLIBC_2.28 on
// glibc 2.36 and that have an older one: glibc 2.29 re-versioned exp, exp2,
// log, log2 and pow (new implementations without the SVID error wrappers;
// the old ones compute the same values), 2.32 exp10f, 2.35 hypot/hypotf.
// Functions new after 2.28 (fmaximum, ...) have no older version to bind
// to; the code generator expands the operations they would serve inline.
static constexpr const char *kPinned[] = {"exp",    "exp2",  "log",   "log2",
                                          "pow",    "exp10f", "hypot", "hypotf"};

void pinGlibcBaseline(llvm::Module &module) {
  for (const char *name : kPinned)
    module.appendModuleInlineAsm(std::string(".symver ") + name + "," + name +
                                 "@GLIBC_2.2.5");
}

} // namespace pt2c
