//===- SharedPipelines.cpp - Pass sequences the CPU and GPU pipelines share ===//

#include "pt2c/Codegen/SharedPipelines.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/Support/ErrorHandling.h"

namespace pt2c {

void addPassList(mlir::OpPassManager &pm, const char *what, const std::string &pipeline) {
  // parsePassPipeline appends inside `pm`, so the string is the bare list
  // (a "builtin.module(...)" wrapper would nest it one level too deep).
  if (mlir::failed(mlir::parsePassPipeline(pipeline, pm)))
    llvm::report_fatal_error(llvm::Twine("pt2c: the ") + what +
                             " pass list does not parse (a pt2c bug: MLIR's pass "
                             "names changed?)");
}

void addModuleBufferizationPasses(mlir::OpPassManager &pm) {
  addPassList(pm, "bufferization",
              "one-shot-bufferize{bufferize-function-boundaries "
              "function-boundary-type-conversion=identity-layout-map},"
              "buffer-results-to-out-params{hoist-static-allocs modify-public-functions}");
}

void addHostToLLVMPasses(mlir::OpPassManager &pm, HostCalls calls) {
  std::string list = "finalize-memref-to-llvm{use-generic-functions},convert-math-to-llvm,"
                     "convert-math-to-libm,convert-arith-to-llvm,convert-cf-to-llvm,"
                     "convert-func-to-llvm,convert-index-to-llvm,";
  list += calls == HostCalls::OpenMP ? "convert-openmp-to-llvm,convert-ub-to-llvm,"
                                     : "gpu-to-llvm,";
  list += "reconcile-unrealized-casts";
  addPassList(pm, "host LLVM conversion", list);
}

} // namespace pt2c
