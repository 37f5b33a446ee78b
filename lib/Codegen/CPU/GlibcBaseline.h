//===- GlibcBaseline.h - Bind generated libm calls to glibc 2.28 ----------===//
//
// The generated code's counterpart of runtime/src/GlibcBaseline.h: a model
// library may need no symbol version newer than GLIBC_2.28, so it loads on
// systems as old as that (test/e2e/check_glibc_baseline.py).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CODEGEN_CPU_GLIBCBASELINE_H
#define PT2C_CODEGEN_CPU_GLIBCBASELINE_H

namespace llvm {
class Module;
} // namespace llvm

namespace pt2c {

/// Appends to `module`'s inline assembly a `.symver` for every libm
/// function whose default version on a newer glibc is after 2.28, naming
/// the version 2.28 has. Calls the code generator introduces itself (an
/// llvm.pow intrinsic becoming `pow`) are covered too: the directive binds
/// whatever reference to the name the object ends up with, and emits
/// nothing for a name it never references.
void pinGlibcBaseline(llvm::Module &module);

} // namespace pt2c

#endif // PT2C_CODEGEN_CPU_GLIBCBASELINE_H
