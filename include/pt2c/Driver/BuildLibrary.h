//===- BuildLibrary.h - A lowered module + weights -> model.so ------------===//

#ifndef PT2C_DRIVER_BUILDLIBRARY_H
#define PT2C_DRIVER_BUILDLIBRARY_H

#include "pt2c/Codegen/CPU/CPUCodegen.h"
#include "pt2c/Codegen/GPU/GPUCodegen.h"
#include "pt2c/Package/DescriptorEmitter.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <string>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace pt2c {

struct BuildOptions {
  bool forCPU = true;   // --target cpu: desc->run
  bool forCUDA = false; // --target cuda: desc->run_cuda
  bool externalWeights = false; // --weights external
  CPUCodegenOptions cpu;
  GPUCodegenOptions gpu;
  DescriptorOptions descriptor;
  std::string runtimeArchive; // empty: findRuntime()'s
  std::string versionScript;  // empty: findRuntime()'s
  std::string soname;         // empty: the output's file name
  bool timePasses = false; // MLIR's pass timing of each lowering, on stderr
  /// Called with "STEP (N ms)" after each step of the build (-v); may be empty.
  std::function<void(const std::string &)> progress;
};

/// `module` holds `func.func @forward` on tensors in linalg/tensor/arith/
/// math, with the signature's arguments (weights, then inputs) and results.
/// Lowers it for each target asked for (the CPU, CUDA: host code that
/// launches kernels), adds the descriptor and weights, and links
/// `outputPath`. The module is modified.
llvm::Error buildSharedLibrary(mlir::ModuleOp module, const ModelSignature &signature,
                               const WeightsBlob &weights, const BuildOptions &options,
                               llvm::StringRef outputPath);

} // namespace pt2c

#endif // PT2C_DRIVER_BUILDLIBRARY_H
