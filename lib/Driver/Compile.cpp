//===- Compile.cpp - The compile pipeline behind `pt2c MODEL.pt2` ---------===//

#include "pt2c/Driver/Compile.h"

#include "pt2c/Archive/Pt2Archive.h"
#include "pt2c/Import/Importer.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/Timer.h"

#include <chrono>

namespace pt2c {

const char *phaseName(Phase phase) {
  switch (phase) {
  case Phase::ATen:
    return "aten";
  }
  return "?";
}

std::optional<Phase> parsePhase(llvm::StringRef name) {
  if (name == "aten")
    return Phase::ATen;
  return std::nullopt;
}

std::vector<std::string> phaseNames() { return {"aten"}; }

namespace {
/// Reports how long a step took, when progress output is on.
class StepTimer {
public:
  StepTimer(const CompileOptions &options, std::string step)
      : options_(options), step_(std::move(step)),
        start_(std::chrono::steady_clock::now()) {}
  ~StepTimer() {
    if (!options_.progress)
      return;
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - start_)
                    .count();
    char text[64];
    snprintf(text, sizeof text, " (%.1f ms)", ms);
    options_.progress(step_ + text);
  }

private:
  const CompileOptions &options_;
  std::string step_;
  std::chrono::steady_clock::time_point start_;
};
} // namespace

llvm::Error compileAndEmit(const CompileOptions &options, llvm::raw_ostream &os) {
  auto registry = OpRegistry::createBuiltin();
  if (!registry)
    return registry.takeError();

  std::unique_ptr<archive::Pt2Archive> archive;
  {
    StepTimer timer(options, "read " + options.inputPath);
    auto opened = archive::Pt2Archive::open(options.inputPath);
    if (!opened)
      return opened.takeError();
    archive = std::move(*opened);
  }

  mlir::DialectRegistry dialects;
  registerImportDialects(dialects);
  mlir::MLIRContext context(dialects);
  mlir::OwningOpRef<mlir::ModuleOp> module;
  {
    StepTimer timer(options, "import to the aten form");
    auto imported = importArchive(context, *archive, *registry);
    if (!imported)
      return imported.takeError();
    module = std::move(*imported);
  }

  mlir::OpPrintingFlags flags;
  if (options.printDebugInfo)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->print(os, flags);
  os << "\n";
  return llvm::Error::success();
}

} // namespace pt2c
