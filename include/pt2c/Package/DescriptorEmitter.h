//===- DescriptorEmitter.h - The model descriptor, weights and entry points ===//
//
// Adds to the LLVM module of a compiled model what runtime/include/pt2c/
// model_abi.h promises: `pt2c_model_descriptor`, the weights blob, and the
// functions behind its run/output_dims/arena_bytes pointers. `run` builds a
// memref descriptor for every argument of `_mlir_ciface_forward` (weights
// from the blob, inputs and outputs from the runtime's pointers, dynamic
// sizes from the bound symbols) and calls it.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_PACKAGE_DESCRIPTOREMITTER_H
#define PT2C_PACKAGE_DESCRIPTOREMITTER_H

#include "pt2c/Package/ModelSignature.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace pt2c {
namespace archive {
class Pt2Archive;
} // namespace archive

/// The weights, each made contiguous, at 64-byte aligned offsets.
struct WeightsBlob {
  std::vector<uint8_t> bytes;
  std::vector<uint64_t> offsets; // per ModelSignature::weights entry
  std::vector<uint64_t> sizes;
};

/// Copies each weight of `signature` out of the archive (honouring strides
/// and storage offsets). Fails when the archive holds no weight bytes.
llvm::Expected<WeightsBlob> buildWeightsBlob(const archive::Pt2Archive &archive,
                                             const ModelSignature &signature);

struct DescriptorOptions {
  std::string modelName;
  std::string compileOptions; // recorded for reproducing the build
  /// The C interfaces `run` and `run_cuda` call; empty when the model is
  /// not compiled for that target (the descriptor's pointer is NULL).
  std::string forwardSymbol = "_mlir_ciface_forward";
  std::string cudaForwardSymbol;
};

/// Emits the descriptor and entry points into `module`, which must define
/// the forward symbols `options` names.
llvm::Error emitModelDescriptor(llvm::Module &module, const ModelSignature &signature,
                                const WeightsBlob &weights,
                                const DescriptorOptions &options);

} // namespace pt2c

#endif // PT2C_PACKAGE_DESCRIPTOREMITTER_H
