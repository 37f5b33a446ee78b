//===- CPUCodegen.h - linalg on tensors -> x86-64 object code -------------===//
//
// Two steps, both deterministic (same module and options -> same bytes):
//  1. addCPULoweringPasses: linalg/tensor/arith/math on tensors -> the LLVM
//     dialect (bufferize, results to out-params, loops, LLVM conversion).
//  2. emitCPUObject: LLVM dialect -> llvm::Module, optimised at O3 with a
//     real TargetMachine (triple, data layout, CPU and features set, or LLVM
//     vectorizes nothing), then an ELF object in memory.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CODEGEN_CPU_CPUCODEGEN_H
#define PT2C_CODEGEN_CPU_CPUCODEGEN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class ModuleOp;
class OpPassManager;
} // namespace mlir

namespace pt2c {

struct CPUCodegenOptions {
  /// LLVM CPU name; x86-64-v3 (AVX2, FMA) by default so objects do not
  /// depend on the build host.
  std::string cpu = "x86-64-v3";
  unsigned optLevel = 3;
  /// Ops with fewer iteration points run on one thread; 0 or less: all do.
  int64_t minParallelWork = 32768;
};

/// Whether LLVM's x86-64 backend knows `cpu` ("native": the build host's).
bool isKnownCPU(const std::string &cpu);

/// Registers what the CPU pipeline parses and runs: dialects with their
/// bufferization models, passes, and LLVM IR translations. Call once.
void registerCPUCodegen(mlir::DialectRegistry &registry);

/// Appends the passes that take `func.func @forward` on tensors to the LLVM
/// dialect. Results become out-parameters; `forward` gets a C interface
/// (`_mlir_ciface_forward`) taking memref descriptors.
void addCPULoweringPasses(mlir::OpPassManager &pm, const CPUCodegenOptions &options);

/// Translates LLVM-dialect modules (the CPU code, the CUDA host code) and
/// links them into one LLVM module (their private symbols may clash; the
/// linker renames them), lets `extend` add to it (the packager adds the
/// model descriptor and weights), optimises and emits an x86-64 ELF object.
llvm::Expected<std::string>
emitCPUObject(llvm::ArrayRef<mlir::ModuleOp> modules, const CPUCodegenOptions &options,
              llvm::function_ref<llvm::Error(llvm::Module &)> extend);

} // namespace pt2c

#endif // PT2C_CODEGEN_CPU_CPUCODEGEN_H
