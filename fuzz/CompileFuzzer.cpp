//===- CompileFuzzer.cpp - libFuzzer target: read, import, lower ----------===//
//
// An archive through everything `pt2c --emit linalg` runs: open, import to
// the aten form, pt2c-decompose-aten, pt2c-lower-prim-to-linalg (each with
// canonicalize and CSE, as lib/Driver/Compile.cpp runs them). A refusal
// with an error is the expected outcome for a bad archive; a finding is a
// crash, a sanitizer report, or a pt2c bug that the command line would
// report with exit 3: an internal error from the importer, or a pass that
// succeeds on a module that no longer verifies.
//
// Inputs are mutated by ModelJsonMutator (LLVMFuzzerCustomMutator): edits
// of the model JSON that keep the zip valid and the JSON well-typed, so
// most runs get past the reader into the decompositions.
//
//===----------------------------------------------------------------------===//

#include "MemoryFile.h"

#include "pt2c/Archive/Pt2Archive.h"
#include "pt2c/Conversion/Passes.h"
#include "pt2c/Dialect/Prim/PrimDialect.h"
#include "pt2c/Import/Importer.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include <cstdio>
#include <cstdlib>

namespace {

/// A pt2c bug: print why and abort, which libFuzzer reports as a crash.
[[noreturn]] void finding(const std::string &what) {
  std::fprintf(stderr, "pt2c-fuzz-compile: %s\n", what.c_str());
  std::abort();
}

/// True when `error` is one the command line reports as internal (exit 3).
bool isInternal(llvm::Error error) {
  bool internal = false;
  llvm::handleAllErrors(std::move(error), [&](const llvm::ErrorInfoBase &info) {
    if (info.convertToErrorCode() == std::errc::state_not_recoverable)
      internal = true;
  });
  return internal;
}

/// Runs `pass`, canonicalize and CSE on `module`; false when the pass
/// refused it (its diagnostics are the expected outcome for a bad archive).
/// The pass manager's verifier is off so that a pass which succeeds but
/// leaves an invalid module is told apart from one that refuses.
bool runStage(mlir::ModuleOp module, std::unique_ptr<mlir::Pass> pass, const char *name) {
  mlir::PassManager pm(module.getContext());
  pm.enableVerifier(false);
  pm.addPass(std::move(pass));
  if (mlir::failed(pm.run(module)))
    return false;
  if (mlir::failed(mlir::verify(module)))
    finding(std::string(name) + " succeeded but the module does not verify");
  mlir::PassManager cleanup(module.getContext());
  cleanup.addPass(mlir::createCanonicalizerPass());
  cleanup.addPass(mlir::createCSEPass());
  if (mlir::failed(cleanup.run(module)))
    finding(std::string("canonicalize/CSE after ") + name + " failed");
  return true;
}

/// How far the inputs got, printed when the fuzzer exits: a campaign whose
/// inputs all stop at the zip reader exercises nothing of the compiler.
struct StageCounts {
  uint64_t runs = 0, opened = 0, imported = 0, decomposed = 0, lowered = 0;
  ~StageCounts() {
    std::fprintf(stderr,
                 "pt2c-fuzz-compile: %llu inputs: %llu opened, %llu imported, %llu "
                 "decomposed, %llu lowered to linalg\n",
                 (unsigned long long)runs, (unsigned long long)opened,
                 (unsigned long long)imported, (unsigned long long)decomposed,
                 (unsigned long long)lowered);
  }
};
StageCounts stages;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const pt2c::OpRegistry *registry = [] {
    auto created = pt2c::OpRegistry::createBuiltin();
    if (!created)
      finding("the builtin op registry does not load");
    return new pt2c::OpRegistry(std::move(*created));
  }();
  static mlir::DialectRegistry *dialects = [] {
    auto *result = new mlir::DialectRegistry();
    pt2c::registerImportDialects(*result);
    pt2c::registerPrimDialect(*result);
    // What the driver registers (registerCPUCodegen): the upstream dialects
    // the lowering and canonicalization reach, with their interfaces.
    mlir::registerAllDialects(*result);
    mlir::registerAllExtensions(*result);
    return result;
  }();

  ++stages.runs;
  pt2c::fuzz::MemoryFile file(data, size);
  if (file.path().empty())
    return 0;
  auto archive = pt2c::archive::Pt2Archive::open(file.path());
  if (!archive) {
    llvm::consumeError(archive.takeError());
    return 0;
  }
  ++stages.opened;
  mlir::MLIRContext context(*dialects, mlir::MLIRContext::Threading::DISABLED);
  // Errors are the expected answer to a bad archive: not printed.
  mlir::ScopedDiagnosticHandler quiet(&context, [](mlir::Diagnostic &) { return mlir::success(); });
  auto module = pt2c::importArchive(context, **archive, *registry);
  if (!module) {
    if (isInternal(module.takeError()))
      finding("the importer reports an internal error (exit 3)");
    return 0;
  }
  ++stages.imported;
  if (!runStage(**module, pt2c::createDecomposeATen(), "pt2c-decompose-aten"))
    return 0;
  ++stages.decomposed;
  if (runStage(**module, pt2c::createLowerPrimToLinalg(), "pt2c-lower-prim-to-linalg"))
    ++stages.lowered;
  return 0;
}
