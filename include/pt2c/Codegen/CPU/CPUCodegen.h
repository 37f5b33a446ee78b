//===- CPUCodegen.h - linalg on tensors -> x86-64 object code -------------===//
//
// Two steps, both deterministic (same module and options -> same bytes):
//  1. addCPULoweringPasses: linalg/tensor/arith/math on tensors -> the LLVM
//     dialect (bufferize, results to out-params, loops, LLVM conversion).
//  2. emitCPUObjects: LLVM dialect -> one llvm::Module per form, each
//     optimised at O3 with a real TargetMachine (triple, data layout, CPU
//     and features set, or LLVM vectorizes nothing) and emitted as an ELF
//     object in memory, the forms on threads at once.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CODEGEN_CPU_CPUCODEGEN_H
#define PT2C_CODEGEN_CPU_CPUCODEGEN_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir {
class DialectRegistry;
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
  /// The vector registers the code is written for: 256 (AVX2) or 512
  /// (AVX-512; the functions then also prefer 512-bit vectors, which LLVM's
  /// tuning for Intel server CPUs would otherwise avoid). cpuVectorBits
  /// gives the widest `cpu` has.
  int64_t vectorBits = 256;
};

/// Whether LLVM's x86-64 backend knows `cpu` ("native": the build host's).
bool isKnownCPU(const std::string &cpu);

/// The PT2C_CPU_X86_64_V* levels (runtime/include/pt2c/model_abi.h) whose
/// features `cpu` has: what code compiled for it needs at run time.
uint32_t cpuFeatureLevels(const std::string &cpu);

/// The forms a library's CPU code is compiled in, best first: for a
/// `baseline` without AVX-512 an x86-64-v4 form with 512-bit tiles, then
/// the baseline; for one with AVX-512, the baseline alone. The runtime
/// picks the first the CPU it runs on has (cpuid).
std::vector<CPUCodegenOptions> cpuCodeVariants(const CPUCodegenOptions &baseline);

/// 512 if `cpu` has AVX-512 (F, BW, DQ, VL: x86-64-v4), else 256.
int64_t cpuVectorBits(const std::string &cpu);

/// Columns of the weight panels the register tiles of `vectorBits` read
/// (pt2c-pack-weight-panels' `panel`).
int64_t weightPanelColumns(int64_t vectorBits);

/// Registers what the CPU pipeline parses and runs: dialects with their
/// bufferization models, passes, and LLVM IR translations. Call once.
void registerCPUCodegen(mlir::DialectRegistry &registry);

/// Appends the passes that take `func.func @forward` on tensors to the LLVM
/// dialect. Results become out-parameters; `forward` gets a C interface
/// (`_mlir_ciface_forward`) taking memref descriptors.
void addCPULoweringPasses(mlir::OpPassManager &pm, const CPUCodegenOptions &options);

/// An LLVM-dialect module and the CPU its functions are compiled for.
struct HostModule {
  mlir::ModuleOp module;
  CPUCodegenOptions options;
  /// Host code that only queues GPU work (the CUDA forward): LLVM's O1 and
  /// its fast instruction selection, a fraction of O3's time for a long
  /// function of argument packing and launches. Its speed hardly matters:
  /// a CUDA graph replays what it queued, without running it.
  bool launchesOnly = false;
};

/// Translates LLVM-dialect modules (the CPU code in each of its forms, the
/// CUDA host code), each function carrying its module's CPU; lets `extend`
/// add to the first (the packager adds the model descriptor and weights,
/// compiled for `base`); optimises and emits each as an x86-64 ELF object,
/// on threads at once. The objects are linked together: one names the
/// others' entry points.
llvm::Expected<std::vector<std::string>>
emitCPUObjects(llvm::ArrayRef<HostModule> modules, const CPUCodegenOptions &base,
               llvm::function_ref<llvm::Error(llvm::Module &)> extend);

} // namespace pt2c

#endif // PT2C_CODEGEN_CPU_CPUCODEGEN_H
