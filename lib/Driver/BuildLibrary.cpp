//===- BuildLibrary.cpp - A lowered module + weights -> model.so ----------===//

#include "pt2c/Driver/BuildLibrary.h"

#include "pt2c/Driver/ExitCodes.h"
#include "pt2c/Package/Linker.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace pt2c {

llvm::Error buildSharedLibrary(mlir::ModuleOp module, const ModelSignature &signature,
                               const WeightsBlob &weights, const BuildOptions &options,
                               llvm::StringRef outputPath) {
  auto forward = module.lookupSymbol<mlir::func::FuncOp>("forward");
  if (!forward)
    return makeInternalError("the module to build has no @forward");
  // _mlir_ciface_forward takes memref descriptors by pointer: the ABI the
  // descriptor's run() calls.
  forward->setAttr("llvm.emit_c_interface", mlir::UnitAttr::get(module.getContext()));

  mlir::PassManager pm(module.getContext());
  addCPULoweringPasses(pm, options.cpu);
  std::string diagnostics;
  {
    llvm::raw_string_ostream stream(diagnostics);
    mlir::ScopedDiagnosticHandler handler(module.getContext(), [&](mlir::Diagnostic &d) {
      stream << d.getLocation() << ": " << d.str() << "\n";
      return mlir::success();
    });
    if (mlir::failed(pm.run(module)))
      return makeInternalError("lowering for the CPU failed:\n" + diagnostics);
  }

  auto object = emitCPUObject(module, options.cpu, [&](llvm::Module &llvmModule) {
    return emitModelDescriptor(llvmModule, signature, weights, options.descriptor);
  });
  if (!object)
    return object.takeError();

  // lld reads inputs from files: the object goes next to the output, under a
  // unique name, and is removed afterwards whatever happens.
  llvm::SmallString<256> objectPath;
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          outputPath + ".%%%%%%.o", fd, objectPath))
    return llvm::createStringError(outputPath + ": cannot write next to it: " +
                                   ec.message());
  {
    llvm::raw_fd_ostream stream(fd, /*shouldClose=*/true);
    stream << *object;
  }
  LinkOptions link;
  link.output = outputPath.str();
  link.objects = {objectPath.str().str()};
  link.runtimeArchive =
      options.runtimeArchive.empty() ? defaultRuntimeArchive() : options.runtimeArchive;
  link.versionScript =
      options.versionScript.empty() ? defaultVersionScript() : options.versionScript;
  llvm::Error linked = linkSharedLibrary(link);
  llvm::sys::fs::remove(objectPath);
  return linked;
}

} // namespace pt2c
