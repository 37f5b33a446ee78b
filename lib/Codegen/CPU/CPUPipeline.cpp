//===- CPUPipeline.cpp - linalg on tensors -> LLVM dialect ----------------===//

#include "pt2c/Codegen/CPU/CPUCodegen.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include <mutex>

namespace pt2c {

void registerCPUCodegen(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  // The pass registry is MLIR's own global table; fill it once.
  static std::once_flag passesRegistered;
  std::call_once(passesRegistered, [] { mlir::registerAllPasses(); });
}

void addCPULoweringPasses(mlir::OpPassManager &pm, const CPUCodegenOptions &options) {
  // The passes, in order, and why (docs/toolchain.md §4 has the pitfalls):
  // 1. Fuse producer/consumer elementwise generics into one loop nest.
  // 2. Bufferize the whole module, function boundaries included, with
  //    identity layouts so the C interface sees plain strided memrefs.
  // 3. Results become out-parameters the runtime allocates
  //    (`modify-public-functions`: forward is public); static allocations
  //    are hoisted into the caller's buffer instead of copied.
  // 4. Loops, then the LLVM dialect. math ops without an LLVM intrinsic
  //    (erf, ...) call libm, which every model .so may use; the LLVM
  //    conversion goes first so libm only gets what has no intrinsic (libm
  //    has no rsqrtf).
  const char *pipeline =
      "linalg-fuse-elementwise-ops,"
      "one-shot-bufferize{bufferize-function-boundaries "
      "function-boundary-type-conversion=identity-layout-map},"
      "buffer-results-to-out-params{hoist-static-allocs modify-public-functions},"
      "canonicalize,cse,"
      "func.func(convert-linalg-to-loops),"
      "convert-scf-to-cf,expand-strided-metadata,lower-affine,"
      "finalize-memref-to-llvm,convert-math-to-llvm,convert-math-to-libm,"
      "convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,"
      "convert-index-to-llvm,reconcile-unrealized-casts";
  (void)options;
  // parsePassPipeline appends inside `pm`, so the string is the bare list
  // (a "builtin.module(...)" wrapper would nest it one level too deep).
  if (mlir::failed(mlir::parsePassPipeline(pipeline, pm)))
    llvm::report_fatal_error("pt2c: the CPU pass pipeline does not parse "
                             "(a pt2c bug: MLIR's pass names changed?)");
}

} // namespace pt2c
