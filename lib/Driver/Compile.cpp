//===- Compile.cpp - The compile pipeline behind `pt2c MODEL.pt2` ---------===//

#include "pt2c/Driver/Compile.h"

#include "pt2c/Archive/Pt2Archive.h"
#include "pt2c/Codegen/Passes.h"
#include "pt2c/Conversion/Passes.h"
#include "pt2c/Dialect/Prim/PrimDialect.h"
#include "pt2c/Dialect/ATen/ATenOps.h"
#include "pt2c/Driver/BuildLibrary.h"
#include "pt2c/Driver/ExitCodes.h"
#include "pt2c/Driver/Metadata.h"
#include "pt2c/Package/ModelSignature.h"
#include "pt2c/Package/RuntimeLocation.h"
#include "pt2c/Import/Importer.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include "StepTimer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/DialectRegistry.h"

namespace pt2c {

const char *phaseName(Phase phase) {
  switch (phase) {
  case Phase::ATen:
    return "aten";
  case Phase::Prim:
    return "prim";
  case Phase::Linalg:
    return "linalg";
  }
  return "?";
}

std::optional<Phase> parsePhase(llvm::StringRef name) {
  if (name == "aten")
    return Phase::ATen;
  if (name == "prim")
    return Phase::Prim;
  if (name == "linalg")
    return Phase::Linalg;
  return std::nullopt;
}

std::vector<std::string> phaseNames() { return {"aten", "prim", "linalg"}; }


namespace {
/// The archive and its program in the aten form.
struct Imported {
  std::unique_ptr<archive::Pt2Archive> archive;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};
} // namespace

static llvm::Expected<Imported> readAndImport(const CompileOptions &options,
                                              mlir::MLIRContext &context) {
  auto registry = OpRegistry::createBuiltin();
  if (!registry)
    return registry.takeError();
  Imported result;
  {
    StepTimer timer(options.progress, "read " + options.inputPath);
    auto opened = archive::Pt2Archive::open(options.inputPath, options.model);
    if (!opened)
      return opened.takeError();
    result.archive = std::move(*opened);
  }
  {
    StepTimer timer(options.progress, "import to the aten form");
    auto imported = importArchive(context, *result.archive, *registry);
    if (!imported)
      return imported.takeError();
    result.module = std::move(*imported);
  }
  return std::move(result);
}

/// Runs `pass` then canonicalize and CSE on `module`. The pass's
/// diagnostics (an op it cannot handle, at its node and source line) become
/// the lines of the error, after "<archive>: cannot <what>:".
static llvm::Error runStage(mlir::ModuleOp module, llvm::StringRef archivePath,
                            llvm::StringRef what, std::unique_ptr<mlir::Pass> pass) {
  mlir::PassManager pm(module.getContext());
  pm.addPass(std::move(pass));
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  std::string diagnostics;
  llvm::raw_string_ostream stream(diagnostics);
  mlir::ScopedDiagnosticHandler handler(module.getContext(), [&](mlir::Diagnostic &d) {
    stream << "\n  " << d.getLocation() << ": " << d.str();
    return mlir::success();
  });
  if (mlir::failed(pm.run(module)))
    return llvm::createStringError(archivePath + ": cannot " + what + ":" + diagnostics);
  return llvm::Error::success();
}

/// Convolutions on channels-last activations (pt2c-convolutions-channels-
/// last): by default where cuDNN's tensor-core kernels want them, 16-bit
/// convolutions of CUDA-only builds. Layouts are chosen on linalg, before
/// the weights are laid out, so per graph: a cpu,cuda build shares one
/// graph and keeps torch's layouts unless --conv-layout nhwc.
static llvm::Error chooseLayouts(mlir::ModuleOp module, const CompileOptions &options) {
  bool onlyCUDA = llvm::StringRef(options.targets).trim() == "cuda";
  if (options.convLayout == "nchw" || (options.convLayout == "auto" && !onlyCUDA))
    return llvm::Error::success();
  ConvolutionsChannelsLastOptions passOptions;
  passOptions.allTypes = options.convLayout == "nhwc";
  mlir::PassManager pm(module.getContext());
  pm.addNestedPass<mlir::func::FuncOp>(createConvolutionsChannelsLast(passOptions));
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  if (mlir::failed(pm.run(module)))
    return llvm::createStringError("internal error: pt2c-convolutions-channels-last failed");
  return llvm::Error::success();
}

/// The weights' stored layout, decided once for the blob that every target
/// of the library shares, so before their pipelines: weights read only
/// transposed are stored transposed (pt2c-permute-weights), and in a
/// CPU-only library matmul weights are stored as the column panels the
/// register tiles read (pt2c-pack-weight-panels), convolution filters too
/// where the convolution is vectorized along its filters
/// (pt2c-convolutions-along-filters).
static llvm::Error layOutWeights(mlir::ModuleOp module, mlir::func::FuncOp forward,
                                 const BuildOptions &build, ModelSignature &signature) {
  mlir::PassManager pm(module.getContext());
  int64_t panel = weightPanelColumns(cpuCodeVariants(build.cpu).front().vectorBits);
  if (build.forCPU && !build.forCUDA) {
    // Convolutions over few positions read their filters transposed from
    // here on: before the permutation is decided.
    ConvolutionsAlongFiltersOptions alongFilters;
    alongFilters.vectorBits = cpuCodeVariants(build.cpu).front().vectorBits;
    alongFilters.panel = panel;
    pm.addNestedPass<mlir::func::FuncOp>(createConvolutionsAlongFilters(alongFilters));
  }
  PermuteWeightsOptions permuting;
  permuting.duplicateShared = build.forCPU && !build.forCUDA;
  pm.addNestedPass<mlir::func::FuncOp>(createPermuteWeights(permuting));
  pm.addPass(mlir::createCanonicalizerPass());
  if (build.forCPU && !build.forCUDA) {
    PackWeightPanelsOptions packing;
    // The panels are shared by every form of the CPU code: the widest
    // tile's (an AVX2 tile reads half of an AVX-512 panel).
    packing.panel = panel;
    pm.addNestedPass<mlir::func::FuncOp>(createPackWeightPanels(packing));
  }
  if (mlir::failed(pm.run(module)))
    return llvm::createStringError("internal error: laying out the weights failed");
  readWeightLayouts(forward, signature);
  return readWeightFolds(forward, signature);
}

/// aten form -> prim.
static llvm::Error decompose(mlir::ModuleOp module, const CompileOptions &options) {
  DecomposeATenOptions passOptions;
  passOptions.allowPartial = false;
  passOptions.seed = options.seed;
  llvm::StringRef archivePath = options.inputPath;
  return runStage(module, archivePath, "decompose the program",
                  createDecomposeATen(passOptions));
}

/// An inference batch norm after a convolution folded into its filter and
/// beta (pt2c-fold-batch-norm), on prim where the batch norm is still
/// recognizable; the packager then folds the weights themselves.
static llvm::Error foldBatchNorms(mlir::ModuleOp module, llvm::StringRef archivePath) {
  mlir::PassManager pm(module.getContext());
  pm.addNestedPass<mlir::func::FuncOp>(createFoldBatchNorm());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  if (mlir::failed(pm.run(module)))
    return llvm::createStringError(archivePath + ": internal error: pt2c-fold-batch-norm failed");
  return llvm::Error::success();
}

/// prim -> linalg on tensors. Long integer scans (running counts) are cut
/// into blocks only when the library has GPU code: the CPU runs each scan
/// as one loop along its row (pt2c-scan-loops), for which the blocks are
/// extra passes over memory (float rows keep them for their rounding).
static llvm::Error lowerToLinalg(mlir::ModuleOp module, llvm::StringRef archivePath,
                                 bool forCUDA) {
  LowerPrimToLinalgOptions lowering;
  lowering.blockIntegerScans = forCUDA;
  return runStage(module, archivePath, "lower the program", createLowerPrimToLinalg(lowering));
}

/// Which targets --target names: {cpu, cuda}; a usage error otherwise.
static llvm::Expected<std::pair<bool, bool>> parseTargets(llvm::StringRef list) {
  llvm::SmallVector<llvm::StringRef> targets;
  list.split(targets, ',', -1, /*KeepEmpty=*/false);
  bool forCPU = false, forCUDA = false;
  for (llvm::StringRef target : targets) {
    target = target.trim();
    if (target == "cpu")
      forCPU = true;
    else if (target == "cuda")
      forCUDA = true;
    else
      return llvm::createStringError("--target: unknown target '" + target +
                                     "' (expected cpu, cuda or cpu,cuda)");
  }
  if (!forCPU && !forCUDA)
    return llvm::createStringError("--target: no target given (expected cpu, cuda or cpu,cuda)");
  return std::make_pair(forCPU, forCUDA);
}

/// --target, --cpu and --cuda-arch into build options; errors are usage
/// errors, found before any work.
static llvm::Expected<BuildOptions> buildOptionsFor(const CompileOptions &options) {
  BuildOptions build;
  auto targets = parseTargets(options.targets);
  if (!targets)
    return targets.takeError();
  std::tie(build.forCPU, build.forCUDA) = *targets;
  build.cpu.cpu = options.cpu;
  if (!isKnownCPU(options.cpu))
    return llvm::createStringError("--cpu: '" + options.cpu +
                                   "' is not an x86-64 CPU LLVM knows (e.g. x86-64-v3, "
                                   "x86-64-v4, skylake-avx512, znver4, native)");
  build.cpu.vectorBits = cpuVectorBits(options.cpu);
  if (options.weights == "external")
    build.externalWeights = true;
  else if (options.weights != "embed")
    return llvm::createStringError("--weights: unknown mode '" + options.weights +
                                   "' (expected embed or external)");
  std::string recorded = "--target " + options.targets + " --cpu " + options.cpu;
  if (build.externalWeights)
    recorded += " --weights external";
  if (options.convLayout != "auto" && options.convLayout != "nchw" &&
      options.convLayout != "nhwc")
    return llvm::createStringError("--conv-layout: unknown layout '" + options.convLayout +
                                   "' (expected auto, nchw or nhwc)");
  if (options.convLayout != "auto")
    recorded += " --conv-layout " + options.convLayout;
  if (options.seed != 0)
    recorded += " --seed " + std::to_string(options.seed);
  if (build.forCUDA) {
    auto archs = parseCUDAArchs(options.cudaArchs);
    if (!archs)
      return archs.takeError();
    build.gpu.archs = *archs;
    build.gpu.allowTF32 = options.allowTF32;
    if (build.gpu.toolkit.libdevice.empty())
      return llvm::createStringError(
          "--target cuda: the CUDA toolkit's libdevice (nvvm/libdevice/libdevice.10.bc) "
          "is not under $CUDA_HOME, $CUDA_PATH, $CUDA_ROOT or /usr/local/cuda; kernels "
          "need it for math functions");
    recorded += " --cuda-arch " + options.cudaArchs;
    if (options.allowTF32)
      recorded += " --allow-tf32";
  }
  build.descriptor.compileOptions = recorded;
  build.soname = options.soname;
  // The user's pairs now; pt2c's own go before them once the archive is read.
  auto metadata = parseMetadataArguments(options.metadata);
  if (!metadata)
    return metadata.takeError();
  build.descriptor.metadata = std::move(*metadata);
  // Before any work: a missing runtime would otherwise show only at the link.
  auto runtime = findRuntime();
  if (!runtime)
    return runtime.takeError();
  build.runtimeArchive = runtime->archive;
  build.versionScript = runtime->versionScript;
  return build;
}

llvm::Error compileToLibrary(const CompileOptions &options, llvm::StringRef outputPath) {
  auto build = buildOptionsFor(options);
  if (!build)
    return build.takeError();
  // The archive's SHA-256 (provenance), hashed while the compile runs.
  BackgroundSha256 archiveHash(options.inputPath);
  if (options.progress)
    options.progress("runtime " + build->runtimeArchive);
  if (options.progress && build->forCUDA)
    options.progress(build->gpu.toolkit.ptxas.empty()
                         ? "cuda: no ptxas next to libdevice: PTX only (the driver "
                           "compiles it when the model is created)"
                         : "cuda: kernels for " + options.cudaArchs + " (cubins by " +
                               build->gpu.toolkit.ptxas + ", plus PTX)");
  mlir::DialectRegistry dialects;
  registerImportDialects(dialects);
  registerCPUCodegen(dialects);
  registerGPUCodegen();
  mlir::MLIRContext context(dialects);
  auto imported = readAndImport(options, context);
  if (!imported)
    return imported.takeError();
  mlir::ModuleOp module = *imported->module;
  auto forward = module.lookupSymbol<mlir::func::FuncOp>("forward");
  auto signature = extractSignature(forward);
  if (!signature)
    return llvm::createStringError(options.inputPath + ": " +
                                   llvm::toString(signature.takeError()));
  {
    StepTimer timer(options.progress, "decompose to prim and lower to linalg");
    if (llvm::Error error = decompose(module, options))
      return error;
    if (llvm::Error error = foldBatchNorms(module, options.inputPath))
      return error;
    if (llvm::Error error = lowerToLinalg(module, options.inputPath, build->forCUDA))
      return error;
    if (llvm::Error error = chooseLayouts(module, options))
      return error;
  }
  if (llvm::Error error = layOutWeights(module, forward, *build, *signature))
    return error;
  auto weights = build->externalWeights
                     ? describeExternalWeights(*imported->archive, *signature)
                     : buildWeightsBlob(*imported->archive, *signature);
  if (!weights)
    return weights.takeError();
  build->descriptor.modelName = imported->archive->modelName().str();
  {
    StepTimer timer(options.progress, "finish hashing the archive (SHA-256)");
    auto sha256 = archiveHash.get();
    if (!sha256)
      return sha256.takeError();
    std::vector<MetadataPair> recorded = provenance(
        *sha256, imported->archive->program().torchVersion, build->descriptor.compileOptions);
    std::vector<MetadataPair> &metadata = build->descriptor.metadata;
    metadata.insert(metadata.begin(), recorded.begin(), recorded.end());
  }
  build->progress = options.progress;
  build->timePasses = options.timePasses;
  StepTimer timer(options.progress, "generate code and link " + outputPath.str());
  return buildSharedLibrary(module, *signature, *weights, *build, outputPath);
}

llvm::Error compileAndEmit(const CompileOptions &options, llvm::raw_ostream &os) {
  mlir::DialectRegistry dialects;
  registerImportDialects(dialects);
  registerCPUCodegen(dialects);
  mlir::MLIRContext context(dialects);
  auto imported = readAndImport(options, context);
  if (!imported)
    return imported.takeError();
  mlir::OwningOpRef<mlir::ModuleOp> module = std::move(imported->module);
  auto targets = parseTargets(options.targets);
  if (!targets)
    return targets.takeError();
  if (options.emit >= Phase::Prim) {
    StepTimer timer(options.progress, "decompose to prim");
    if (llvm::Error error = decompose(*module, options))
      return error;
  }
  if (options.emit >= Phase::Linalg) {
    StepTimer timer(options.progress, "lower to linalg");
    if (llvm::Error error = foldBatchNorms(*module, options.inputPath))
      return error;
    if (llvm::Error error = lowerToLinalg(*module, options.inputPath, targets->second))
      return error;
    if (llvm::Error error = chooseLayouts(*module, options))
      return error;
  }

  mlir::OpPrintingFlags flags;
  if (options.printDebugInfo)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->print(os, flags);
  os << "\n";
  return llvm::Error::success();
}

} // namespace pt2c
