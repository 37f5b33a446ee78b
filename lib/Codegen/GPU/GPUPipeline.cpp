//===- GPUPipeline.cpp - linalg on tensors -> host code + kernel bundles --===//

#include "pt2c/Codegen/GPU/GPUCodegen.h"
#include "pt2c/Codegen/GPU/Passes.h"
#include "pt2c/Codegen/SharedPipelines.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <mutex>

namespace pt2c {

void registerGPUCodegen() {
  static std::once_flag registered;
  std::call_once(registered, [] {
    registerGPUCodegenPasses();
    mlir::PassPipelineRegistration<>(
        "pt2c-gpu-kernels",
        "pt2c's GPU lowering up to outlined kernels (library calls, flash attention, "
        "one gpu.launch per remaining op, kernels in one gpu.module), default options "
        "(sm_80 and sm_90: tensor cores)",
        [](mlir::OpPassManager &pm) {
          addGPUKernelFormationPasses(pm, GPUCodegenOptions());
        });
  });
}

void addGPUKernelFormationPasses(mlir::OpPassManager &pm, const GPUCodegenOptions &options) {
  // Steps 0-2 of addGPULoweringPasses: up to outlined kernels.
  std::string tf32 = options.allowTF32 ? "true" : "false";
  // Attention kernels are formed and emitted with the same tensor-core
  // setting: it decides which head dims a kernel can take.
  std::string tensorCores = allArchsHaveMma(options.archs) ? "true" : "false";
  addPassList(pm, "GPU fusion",
              "pt2c-device-index-checks,pt2c-convolution-to-library{allow-tf32=" + tf32 +
                  "},pt2c-attention-to-kernel{tensor-cores=" + tensorCores + "},"
              "func.func(pt2c-concatenations-to-generics,pt2c-slices-before-transposes),canonicalize,"
              "pt2c-device-scalar-reads,pt2c-fuse-elementwise{broadcast-into-contractions=false "
              "generalize-reductions=true generalize-transposes=true "
              "recompute-cheap-producers=true},"
              "func.func(pt2c-distinct-results)");
  addModuleBufferizationPasses(pm);
  addPassList(pm, "GPU kernels",
              "func.func(pt2c-host-shape-buffers),buffer-deallocation-pipeline,canonicalize,cse,"
              "pt2c-convolution-epilogue,pt2c-gemm-to-library{allow-tf32=" + tf32 + "}," +
                  llvm::formatv("pt2c-emit-flash-attention{{tensor-cores={0}},"
                                "func.func(pt2c-results-in-place),pt2c-constant-powers,"
                                "func.func(pt2c-scatter-atomics{{block-size={1}},"
                                "pt2c-map-to-gpu{{block-size={1}}),pt2c-fold-index-checks,",
                                tensorCores, options.blockSize)
                      .str() +
                  "func.func(gpu-launch-sink-index-computations),gpu-kernel-outlining,"
                  "pt2c-merge-gpu-modules,pt2c-merge-identical-functions");
}

void addGPULoweringPasses(mlir::OpPassManager &pm, const GPUCodegenOptions &options) {
  // The passes, in order, and why (the LLVM/MLIR 22 behaviour they work
  // around: docs/toolchain.md, "CUDA code"):
  // 0. On tensors, before anything fuses into them: the host-side index
  //    checks become calls of the runtime, which copies the indices'
  //    range from device memory and compares it after the run has waited
  //    (pt2c-device-index-checks); 2-d convolutions call
  //    the runtime's cuDNN entry, their windows-and-matmul chain kept
  //    behind its answer (pt2c-convolution-to-library); decomposed
  //    attention becomes one flash-attention kernel
  //    (pt2c-attention-to-kernel). A concatenation of a few pieces becomes
  //    a generic that selects by index (pt2c-concatenations-to-generics),
  //    so what makes its pieces and what reads it fuse with it; a slice of
  //    a transpose becomes a transpose of a slice
  //    (pt2c-slices-before-transposes), so the transpose fuses into the
  //    slice's reader instead of being a kernel of its own. Once
  //    canonicalization has dropped the checks' unused extracts, each value
  //    the host reads from a kernel's result (a data-dependent size) is
  //    read back through the runtime (pt2c-device-scalar-reads).
  // 1. Fuse elementwise chains (one kernel each; nothing computed is fused
  //    into a matmul, which stays a library call; reductions written as
  //    generics so their producers fuse in), bufferize with identity
  //    layouts, results to out-params, shape buffers of dynamic reshapes
  //    on the host stack (pt2c-host-shape-buffers), deallocations (freed
  //    device scratch is reused later in the same stream, which is safe).
  // 2. The elementwise op after a cuDNN convolution (bias, residual,
  //    ReLU) is offered to its call as cuDNN's fused epilogue, kept behind
  //    the answer (pt2c-convolution-epilogue). Matmul-shaped ops call the runtime's cuBLASLt gemm, keeping the op
  //    for when it declines (pt2c-gemm-to-library); attention's stand-in
  //    calls become the flash-attention kernel (pt2c-emit-flash-attention,
  //    after deallocations: they refuse its barriers), on tensor cores for
  //    16-bit operands when every target is sm_80 or later. Constant
  //    powers become multiplies (pt2c-constant-powers: libdevice's powf is
  //    a long routine). A scatter becomes a kernel with a thread per
  //    update combining it atomically (pt2c-scatter-atomics: before
  //    pt2c-map-to-gpu, which would fold a fill or the next op into it).
  //    Every linalg op
  //    becomes one gpu.launch (pt2c-map-to-gpu); an index check whose
  //    gathers all became kernels is done by them instead of the
  //    runtime's scan (pt2c-fold-index-checks); then
  //    kernels are outlined into a gpu.module with their captured memrefs
  //    as parameters, identical kernels (a model's repeated layers) merged
  //    into one (pt2c-merge-identical-functions); each launch and library call of the host code is
  //    bracketed by the runtime's profiler hooks (pt2c-profile-points).
  // 3. Kernels: NVVM for the PTX architecture, libdevice linked for math
  //    functions; the host: LLVM dialect with allocations through the
  //    runtime's scratch (device memory during a CUDA run) and launches
  //    through mgpu* calls.
  // 4. PTX for the lowest architecture (ptxArch), assembled to a cubin for
  //    each architecture by ptxas when present (in parallel), packed with
  //    the PTX into one kernel bundle per module.
  addGPUKernelFormationPasses(pm, options);
  // Every launch and library call of the host code is bracketed by the
  // runtime's profiler hooks (events on the run's stream when profiled).
  addPassList(pm, "GPU profile points", "pt2c-profile-points");
  addPassList(pm, "GPU kernels to NVVM",
              llvm::formatv("nvvm-attach-target{{chip={0} features=+ptx80 O=3},",
                            ptxArch(options.archs))
                      .str() +
                  "lower-affine,convert-scf-to-cf,expand-strided-metadata,"
                  "gpu.module(convert-gpu-to-nvvm,canonicalize,cse,reconcile-unrealized-casts)");
  addHostToLLVMPasses(pm, HostCalls::GPULaunches);
  std::string toolkit =
      options.toolkit.root.empty() ? "" : " toolkit=" + options.toolkit.root;
  addPassList(pm, "GPU binaries",
              "gpu-module-to-binary{format=isa" + toolkit + "}," +
                  "pt2c-bundle-kernels{ptxas=" + options.toolkit.ptxas +
                  " archs=" + llvm::join(options.archs, ",") + "}");
}

} // namespace pt2c
