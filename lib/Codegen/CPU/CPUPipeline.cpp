//===- CPUPipeline.cpp - linalg on tensors -> LLVM dialect ----------------===//

#include "Contraction.h"

#include "pt2c/Codegen/CPU/CPUCodegen.h"
#include "pt2c/Codegen/Passes.h"
#include "pt2c/Codegen/SharedPipelines.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include "llvm/Support/FormatVariadic.h"

#include <limits>
#include <mutex>

namespace pt2c {

void registerCPUCodegen(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  // The pass registry is MLIR's own global table; fill it once.
  static std::once_flag passesRegistered;
  std::call_once(passesRegistered, [] {
    mlir::registerAllPasses();
    registerCodegenPasses();
    registerSharedPipelines();
    mlir::PassPipelineRegistration<>(
        "pt2c-cpu-pipeline",
        "pt2c's CPU lowering with default options: linalg on tensors to the LLVM dialect",
        [](mlir::OpPassManager &pm) { addCPULoweringPasses(pm, CPUCodegenOptions()); });
  });
}

int64_t weightPanelColumns(int64_t vectorBits) {
  return cpu::registerTile(vectorBits).columns;
}

void addCPULoweringPasses(mlir::OpPassManager &pm, const CPUCodegenOptions &options) {
  // The passes, in order, and why (the LLVM/MLIR 22 behaviour they work
  // around: docs/toolchain.md, "CPU code"):
  // 1. Scatters become loops over their updates (pt2c-scatter-loops),
  //    cumsums and cumprods loops along their rows (pt2c-scan-loops).
  //    A tensor added to a matmul's result (bias, residual) becomes the
  //    matmul's starting accumulator (pt2c-add-into-accumulator); then
  //    producer/consumer elementwise generics fuse into one loop nest,
  //    keeping contractions as lowered (pt2c-fuse-elementwise).
  //    A convolution with many output positions runs in chunks of whole
  //    output rows, each copying its own windows (pt2c-chunk-convolutions).
  // 2. Attention's q·kᵀ, softmax and p·v run in one chunked loop over
  //    heads and rows (pt2c-fuse-attention); a layer norm's or softmax's
  //    reductions and the elementwise ops that use them run in one chunked
  //    loop over rows (pt2c-fuse-rows).
  //    Split the other large ops into scf.forall chunks for the thread pool, then
  //    register-tile and vectorize the matmul/convolution contractions in
  //    each chunk (pt2c-tile-contractions; the chunks are whole tiles).
  //    Every returned tensor gets its own buffer (pt2c-distinct-results).
  //    First, every user of a shared fill gets its own (pt2c-private-fills):
  //    a shared zero fill would be copied into each matmul's output.
  // 3. Bufferize the whole module, function boundaries included, with
  //    identity layouts so the C interface sees plain strided memrefs.
  // 4. A chunk's own small buffers (a row group's intermediates) live on
  //    the stack (pt2c-chunk-buffers-on-stack), not in the scratch cache;
  //    once the chunks are an OpenMP loop, each thread makes them once
  //    (pt2c-thread-buffers).
  //    Results become out-parameters the runtime allocates
  //    (`modify-public-functions`: forward is public); static allocations
  //    are hoisted into the caller's buffer instead of copied. Every other
  //    allocation gets its dealloc (without it each run leaks its scratch).
  //    A result reshaped on its way out is computed straight into its
  //    out-param (pt2c-results-in-place), not copied there.
  //    Large copies and loops that bufferization added (a pad's fill) are
  //    split into chunks for the pool, strided copies written as loops
  //    (pt2c-parallelize-buffers).
  //    Each loop nest, parallel loop and copy is then bracketed by the
  //    runtime's profiler hooks, named after its graph nodes
  //    (pt2c-profile-points; free unless a run is profiled).
  //    Copies whose rows are contiguous (window copies) copy a row per
  //    vector load and store (pt2c-vectorize-copies); other linalg ops
  //    become scalar loops that LLVM vectorizes.
  // 5. Loops: chunks become an OpenMP parallel loop (the runtime implements
  //    the __kmpc_* entry points on its pool), the rest sequential loops.
  //    Outermost loops move into functions of their own (LLVM's outlining
  //    and register allocation see bounded functions), and those with the
  //    same body are merged: a deep model's repeated layers are lowered
  //    and compiled once.
  //    The tiles' n-d transfers become 1-d loads/stores (fully unrolled:
  //    a tile is a few rows); their vector.contracts become outer products,
  //    i.e. FMAs of a broadcast lhs element with rhs vectors.
  // 6. The LLVM dialect; allocations call the runtime's scratch cache
  //    (runtime/src/Scratch.h) through MLIR's generic allocation functions.
  //    Constant powers become multiplies (pt2c-constant-powers), erf and
  //    tanh polynomials (pt2c-approximate-math), so their loops
  //    vectorize; other math ops without an LLVM intrinsic call
  //    libm, which every model .so may use; the LLVM conversion goes first
  //    so libm only gets what has no intrinsic (libm has no rsqrtf).
  std::string parallelize =
      llvm::formatv("func.func(pt2c-fuse-attention{{min-work={0} vector-bits={1}}),"
                    "func.func(pt2c-fuse-rows{{min-work={0}}),"
                    "pt2c-parallelize{{min-work={0} vector-bits={1}},",
                    options.minParallelWork, options.vectorBits)
          .str();
  if (options.minParallelWork <= 0)
    parallelize.clear();
  // Without parallel chunks, copies stay on one thread (strided ones still
  // become vectorizable loops).
  int64_t copyWork = options.minParallelWork > 0 ? options.minParallelWork
                                                  : std::numeric_limits<int64_t>::max();
  addPassList(pm, "CPU fusion and tiling",
              llvm::formatv("func.func(pt2c-scatter-loops{{min-work={0}}),"
                            "func.func(pt2c-scan-loops{{min-work={0}}),",
                            copyWork)
                      .str() +
                  "func.func(pt2c-add-into-accumulator),func.func(pt2c-private-fills),"
                  "pt2c-fuse-elementwise," +
                  llvm::formatv("func.func(pt2c-chunk-convolutions{{vector-bits={0}}),",
                                options.vectorBits)
                      .str() +
                  parallelize +
                  llvm::formatv("pt2c-tile-contractions{{vector-bits={0}},", options.vectorBits).str() +
                  "func.func(pt2c-distinct-results)");
  addModuleBufferizationPasses(pm);
  addPassList(pm, "CPU loops",
              "func.func(scf-forall-to-parallel),"
              "pt2c-chunk-buffers-on-stack,"
              "buffer-deallocation-pipeline,"
              "canonicalize,cse,func.func(pt2c-results-in-place)," +
                  llvm::formatv("pt2c-parallelize-buffers{{min-work={0}},", copyWork).str() +
                  "pt2c-profile-points," +
                  llvm::formatv("func.func(pt2c-vectorize-copies{{vector-bits={0}}),",
                                options.vectorBits)
                      .str() +
                  "func.func(convert-linalg-to-loops),"
              "convert-vector-to-scf{full-unroll},"
              "pt2c-outline-parallel-loops,pt2c-merge-identical-functions,"
              "convert-scf-to-openmp,func.func(pt2c-thread-buffers),canonicalize,"
              "convert-scf-to-cf,expand-strided-metadata,lower-affine,"
              // float16/bfloat16 arithmetic and math in f32, rounded back after
              // each op (what x86 without AVX512-FP16 does anyway, made explicit
              // so math functions have an f32 form); then the bfloat16 <-> f32
              // conversions as integer ops: x86-64-v3 has no instruction for
              // them and LLVM would call compiler-rt helpers that no model links.
              "arith-emulate-unsupported-floats{source-types=bf16,f16 target-type=f32},"
              "math-extend-to-supported-types{target-type=f32},"
              "pt2c-constant-powers,pt2c-approximate-math,"
              "pt2c-expand-arith,"
              "convert-vector-to-llvm{vector-contract-lowering=outerproduct}");
  addHostToLLVMPasses(pm, HostCalls::OpenMP);
}

} // namespace pt2c
