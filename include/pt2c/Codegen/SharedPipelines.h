//===- SharedPipelines.h - Pass sequences the CPU and GPU pipelines share -===//
//
// addCPULoweringPasses (CPUPipeline.cpp) and addGPULoweringPasses
// (GPUPipeline.cpp) bufferize the same way and end with the same host-side
// conversion to the LLVM dialect; the pieces are built here once. Both
// pipelines are also registered under names (registerCPUCodegen,
// registerGPUCodegen) so `pt2c-opt` runs them, or a stage of them, on a
// file, and so are the shared pieces (registerSharedPipelines):
//   pt2c-opt x.mlir --pass-pipeline='builtin.module(pt2c-cpu-pipeline)'
//   pt2c-opt x.mlir --pass-pipeline='builtin.module(pt2c-gpu-kernels)'
//   pt2c-opt x.mlir --pass-pipeline='builtin.module(pt2c-bufferize-module)'
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CODEGEN_SHAREDPIPELINES_H
#define PT2C_CODEGEN_SHAREDPIPELINES_H

#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace pt2c {

/// One-shot bufferization of the whole module, function boundaries
/// included, with identity layouts (the C interface sees plain strided
/// memrefs); then results become out-parameters the runtime allocates
/// (`modify-public-functions`: forward is public), static allocations
/// hoisted into the caller's buffer instead of copied.
void addModuleBufferizationPasses(mlir::OpPassManager &pm);

/// What the host code calls besides the runtime's scratch allocator: the
/// CPU's OpenMP entry points (implemented by the runtime's pool) or the
/// GPU's mgpu* launch functions.
enum class HostCalls { OpenMP, GPULaunches };

/// The host code's conversion to the LLVM dialect: allocations through
/// MLIR's generic allocation functions (the runtime's scratch cache), math
/// ops to intrinsics first and libm for what has none (erf; libm has no
/// rsqrtf), then arith, control flow, functions, index and the `calls`.
void addHostToLLVMPasses(mlir::OpPassManager &pm, HostCalls calls);

/// Registers the two shared pieces by name, so `pt2c-opt` runs them alone:
///   --pass-pipeline='builtin.module(pt2c-bufferize-module)'
///   --pass-pipeline='builtin.module(pt2c-host-to-llvm{calls=openmp})' (or gpu)
/// registerCPUCodegen calls it.
void registerSharedPipelines();

/// Parses `pipeline` (a bare, comma-separated pass list) into `pm`; a
/// failure is a pt2c bug (a pass name MLIR changed), reported naming `what`.
void addPassList(mlir::OpPassManager &pm, const char *what, const std::string &pipeline);

} // namespace pt2c

#endif // PT2C_CODEGEN_SHAREDPIPELINES_H
