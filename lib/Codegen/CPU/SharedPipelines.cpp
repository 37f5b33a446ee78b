//===- SharedPipelines.cpp - Pass sequences the CPU and GPU pipelines share ===//

#include "pt2c/Codegen/SharedPipelines.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
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

namespace {

/// pt2c-host-to-llvm's option: which calls the host code makes.
struct HostToLLVMOptions : mlir::PassPipelineOptions<HostToLLVMOptions> {
  Option<HostCalls> calls{
      *this, "calls", llvm::cl::desc("The host code's other calls"),
      llvm::cl::init(HostCalls::OpenMP),
      llvm::cl::values(clEnumValN(HostCalls::OpenMP, "openmp",
                                  "the CPU's OpenMP entry points (the runtime's pool)"),
                       clEnumValN(HostCalls::GPULaunches, "gpu",
                                  "the GPU's mgpu* launch functions"))};
};

} // namespace

void registerSharedPipelines() {
  mlir::PassPipelineRegistration<>(
      "pt2c-bufferize-module",
      "pt2c's bufferization, shared by the CPU and GPU pipelines: one-shot, function "
      "boundaries included, identity layouts, results as out-parameters",
      [](mlir::OpPassManager &pm) { addModuleBufferizationPasses(pm); });
  mlir::PassPipelineRegistration<HostToLLVMOptions>(
      "pt2c-host-to-llvm",
      "pt2c's host-side conversion to the LLVM dialect, shared by the CPU and GPU pipelines",
      [](mlir::OpPassManager &pm, const HostToLLVMOptions &options) {
        addHostToLLVMPasses(pm, options.calls);
      });
}

} // namespace pt2c
