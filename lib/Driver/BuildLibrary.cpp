//===- BuildLibrary.cpp - A lowered module + weights -> model.so ----------===//

#include "pt2c/Driver/BuildLibrary.h"

#include "pt2c/Driver/ExitCodes.h"
#include "pt2c/Package/Linker.h"
#include "pt2c/Package/RuntimeLocation.h"

#include "StepTimer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>

namespace pt2c {

/// Runs a target's lowering; its diagnostics become an internal error (the
/// decomposition already refused what the lowering cannot take).
static llvm::Error runLowering(mlir::PassManager &pm, mlir::ModuleOp module,
                               llvm::StringRef target, bool timePasses) {
  std::string diagnostics;
  llvm::raw_string_ostream stream(diagnostics);
  mlir::ScopedDiagnosticHandler handler(module.getContext(), [&](mlir::Diagnostic &d) {
    stream << d.getLocation() << ": " << d.str() << "\n";
    return mlir::success();
  });
  if (timePasses)
    pm.enableTiming(); // the report goes to stderr when `pm` is destroyed
  if (mlir::failed(pm.run(module)))
    return makeInternalError("lowering for " + target + " failed:\n" + diagnostics);
  return llvm::Error::success();
}

llvm::Error buildSharedLibrary(mlir::ModuleOp module, const ModelSignature &signature,
                               const WeightsBlob &weights, const BuildOptions &options,
                               llvm::StringRef outputPath) {
  auto forward = module.lookupSymbol<mlir::func::FuncOp>("forward");
  if (!forward)
    return makeInternalError("the module to build has no @forward");
  // _mlir_ciface_forward takes memref descriptors by pointer: the ABI the
  // descriptor's run() calls.
  forward->setAttr("llvm.emit_c_interface", mlir::UnitAttr::get(module.getContext()));

  DescriptorOptions descriptor = options.descriptor;
  std::vector<mlir::OwningOpRef<mlir::ModuleOp>> clones;
  std::vector<HostModule> lowered;
  if (options.forCUDA) {
    // The CUDA host code is a second module with its own forward, linked
    // next to the CPU one; lowering a clone leaves `module` for the CPU.
    mlir::OwningOpRef<mlir::ModuleOp> cudaModule = module.clone();
    auto cudaForward = cudaModule->lookupSymbol<mlir::func::FuncOp>("forward");
    cudaForward.setSymName("forward_cuda");
    StepTimer timer(options.progress, "lower for CUDA (kernels to PTX and cubins)");
    mlir::PassManager pm(module.getContext());
    addGPULoweringPasses(pm, options.gpu);
    if (llvm::Error error = runLowering(pm, *cudaModule, "CUDA", options.timePasses))
      return error;
    lowered.push_back({*cudaModule, options.cpu, /*launchesOnly=*/true});
    clones.push_back(std::move(cudaModule));
    descriptor.cudaForwardSymbol = "_mlir_ciface_forward_cuda";
  }
  if (options.forCPU) {
    // Each wider form of the CPU code (AVX-512) lowers a clone whose
    // forward is renamed after it; the baseline (--cpu) lowers `module`.
    std::vector<CPUCodegenOptions> variants = cpuCodeVariants(options.cpu);
    for (const CPUCodegenOptions &variant : llvm::ArrayRef(variants).drop_back()) {
      std::string name = "forward_" + variant.cpu;
      std::replace(name.begin(), name.end(), '-', '_');
      StepTimer timer(options.progress, "lower for the CPU (" + variant.cpu + ")");
      mlir::OwningOpRef<mlir::ModuleOp> clone = module.clone();
      clone->lookupSymbol<mlir::func::FuncOp>("forward").setSymName(name);
      mlir::PassManager pm(module.getContext());
      addCPULoweringPasses(pm, variant);
      if (llvm::Error error = runLowering(pm, *clone, "the CPU (" + variant.cpu + ")",
                                              options.timePasses))
        return error;
      lowered.insert(lowered.begin(), {*clone, variant});
      clones.push_back(std::move(clone));
      descriptor.widerForwards.push_back({"_mlir_ciface_" + name, cpuFeatureLevels(variant.cpu)});
    }
    {
      StepTimer timer(options.progress, "lower for the CPU (" + options.cpu.cpu + ")");
      mlir::PassManager pm(module.getContext());
      addCPULoweringPasses(pm, options.cpu);
      if (llvm::Error error = runLowering(pm, module, "the CPU", options.timePasses))
        return error;
    }
    lowered.insert(lowered.begin(), {module, options.cpu});
    descriptor.forwardFeatures = cpuFeatureLevels(options.cpu.cpu);
  } else {
    descriptor.forwardSymbol.clear();
  }

  auto objects = [&] {
    StepTimer timer(options.progress, "compile the host code to x86-64 objects");
    return emitCPUObjects(lowered, options.cpu, [&](llvm::Module &llvmModule) {
      return emitModelDescriptor(llvmModule, signature, weights, descriptor);
    });
  }();
  if (!objects)
    return objects.takeError();

  // lld reads inputs from files: the objects go next to the output, under
  // unique names, and are removed afterwards whatever happens.
  std::vector<std::string> objectPaths;
  auto removeObjects = [&] {
    // PT2C_SAVE_TEMPS=1 keeps the objects next to the library, for debugging.
    if (!std::getenv("PT2C_SAVE_TEMPS"))
      for (const std::string &path : objectPaths)
        llvm::sys::fs::remove(path);
  };
  for (const std::string &object : *objects) {
    llvm::SmallString<256> objectPath;
    int fd;
    if (std::error_code ec = llvm::sys::fs::createUniqueFile(
            outputPath + ".%%%%%%.o", fd, objectPath)) {
      removeObjects();
      return llvm::createStringError(outputPath + ": cannot write next to it: " +
                                     ec.message());
    }
    objectPaths.push_back(objectPath.str().str());
    llvm::raw_fd_ostream stream(fd, /*shouldClose=*/true);
    stream << object;
  }
  LinkOptions link;
  link.output = outputPath.str();
  link.soname = options.soname;
  link.objects = objectPaths;
  link.runtimeArchive = options.runtimeArchive;
  link.versionScript = options.versionScript;
  llvm::Error linked = llvm::Error::success();
  if (link.runtimeArchive.empty() || link.versionScript.empty()) {
    auto runtime = findRuntime();
    if (runtime) {
      link.runtimeArchive = runtime->archive;
      link.versionScript = runtime->versionScript;
    } else {
      linked = runtime.takeError();
    }
  }
  if (!linked) {
    StepTimer timer(options.progress, "link");
    linked = linkSharedLibrary(link);
  }
  removeObjects();
  return linked;
}

} // namespace pt2c
