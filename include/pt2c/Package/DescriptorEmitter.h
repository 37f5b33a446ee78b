//===- DescriptorEmitter.h - The model descriptor, weights and entry points ===//
//
// Adds to the LLVM module of a compiled model what runtime/include/pt2c/
// model_abi.h promises: `pt2c_model_descriptor`, the weights blob (or, for
// external weights, where they are in the archive), and the
// functions behind its run/output_dims/arena_bytes pointers. `run` builds a
// memref descriptor for every argument of `_mlir_ciface_forward` (weights
// from the blob, inputs and outputs from the runtime's pointers, dynamic
// sizes from the bound symbols) and calls it.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_PACKAGE_DESCRIPTOREMITTER_H
#define PT2C_PACKAGE_DESCRIPTOREMITTER_H

#include "pt2c/Package/ModelSignature.h"
#include "pt2c/Package/Weights.h"

#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace pt2c {

struct DescriptorOptions {
  std::string modelName;
  std::string compileOptions; // recorded for reproducing the build
  /// Provenance and user metadata, in order (model_abi.h's metadata, also
  /// written to the library's .pt2c.metadata section). Neither keys nor
  /// values may hold a NUL.
  std::vector<std::pair<std::string, std::string>> metadata;
  /// The C interfaces `run` and `run_cuda` call; empty when the model is
  /// not compiled for that target (the descriptor's pointer is NULL).
  std::string forwardSymbol = "_mlir_ciface_forward";
  std::string cudaForwardSymbol;
  /// PT2C_CPU_* levels the code behind forwardSymbol needs (its --cpu).
  uint32_t forwardFeatures = 0;
  /// Other compiled forms of the CPU forward (AVX-512), best first; the
  /// runtime prefers them to forwardSymbol on a CPU that has their levels.
  struct CPUEntry {
    std::string symbol;
    uint32_t features;
  };
  std::vector<CPUEntry> widerForwards;
};

/// Emits the descriptor and entry points into `module`, which must define
/// the forward symbols `options` names.
llvm::Error emitModelDescriptor(llvm::Module &module, const ModelSignature &signature,
                                const WeightsBlob &weights,
                                const DescriptorOptions &options);

} // namespace pt2c

#endif // PT2C_PACKAGE_DESCRIPTOREMITTER_H
