//===- GPUCodegen.h - linalg on tensors -> host code + CUDA kernels -------===//
//
// addGPULoweringPasses takes `func.func @forward` on tensors to the LLVM
// dialect for the host: every linalg op becomes a kernel (pt2c-map-to-gpu),
// kernels are compiled to PTX for each architecture (and to cubins when
// ptxas is at hand) and packed into kernel bundles (pt2c-bundle-kernels);
// the host function launches them through the runtime's mgpu* functions
// (runtime/include/pt2c/model_abi.h). The CPU object emitter then turns the
// host module into x86-64 code like any other.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CODEGEN_GPU_GPUCODEGEN_H
#define PT2C_CODEGEN_GPU_GPUCODEGEN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace pt2c {

/// Where the CUDA toolkit's pieces are; fields are empty when not found.
struct CUDAToolkit {
  std::string root;      // /usr/local/cuda
  std::string libdevice; // nvvm/libdevice/libdevice.10.bc (math functions)
  std::string ptxas;     // bin/ptxas (cubins)
};

/// Looks at $CUDA_HOME, $CUDA_PATH, $CUDA_ROOT, then /usr/local/cuda; the
/// first that holds libdevice wins.
CUDAToolkit findCUDAToolkit();

struct GPUCodegenOptions {
  /// GPU architectures, each with its cubin (when ptxas is found); the PTX
  /// is made once, for the lowest (ptxArch).
  std::vector<std::string> archs = {"sm_80", "sm_90"};
  CUDAToolkit toolkit = findCUDAToolkit();
  int64_t blockSize = 256;
  /// --allow-tf32: float32 matmuls and convolutions may run on TF32 tensor
  /// cores (torch's allow_tf32); attention and pt2c's own kernels stay
  /// float32.
  bool allowTF32 = false;
};

/// "sm_80,sm_90" -> {"sm_80", "sm_90"}; an error names a bad entry.
llvm::Expected<std::vector<std::string>> parseCUDAArchs(llvm::StringRef list);

/// Whether every architecture has the mma.sync tensor-core products with
/// float16/bfloat16 operands the generated kernels use (sm_80 and later).
bool allArchsHaveMma(const std::vector<std::string> &archs);

/// The one architecture the kernels' PTX is made for: the lowest of
/// `archs`, without an `a` suffix (sm_90a,sm_100 -> sm_90), since PTX runs
/// on its architecture and every later one and the kernels use nothing
/// architecture-specific. ptxas assembles it for each of `archs`.
std::string ptxArch(const std::vector<std::string> &archs);

/// Registers pt2c's GPU passes (the dialects and translations come with
/// registerCPUCodegen, which the driver calls anyway). Call once.
void registerGPUCodegen();

/// Appends the passes that take `func.func @forward_cuda` on tensors to the
/// host's LLVM dialect with the kernels embedded as bundles.
void addGPULoweringPasses(mlir::OpPassManager &pm, const GPUCodegenOptions &options);

/// The first part of addGPULoweringPasses: linalg on tensors to host code
/// whose ops are library calls and gpu.launch_func of kernels outlined into
/// one gpu.module (before NVVM). Registered as `pt2c-gpu-kernels`.
void addGPUKernelFormationPasses(mlir::OpPassManager &pm, const GPUCodegenOptions &options);

} // namespace pt2c

#endif // PT2C_CODEGEN_GPU_GPUCODEGEN_H
