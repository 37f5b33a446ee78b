//===- ObjectEmitter.cpp - LLVM dialect -> optimised x86-64 object --------===//

#include "pt2c/Codegen/CPU/CPUCodegen.h"

#include "GlibcBaseline.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <mutex>
#include <thread>

namespace pt2c {

static constexpr const char *kTriple = "x86_64-unknown-linux-gnu";

static const llvm::Target *x86Target(std::string &error) {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    // Module-level assembly (pinGlibcBaseline's .symver) is parsed.
    llvm::InitializeNativeTargetAsmParser();
  });
  return llvm::TargetRegistry::lookupTarget(llvm::Triple(kTriple), error);
}

static std::string resolveCPU(const std::string &cpu) {
  return cpu == "native" ? llvm::sys::getHostCPUName().str() : cpu;
}

bool isKnownCPU(const std::string &cpu) {
  std::string error;
  const llvm::Target *target = x86Target(error);
  if (!target)
    return false;
  std::string name = resolveCPU(cpu);
  // Asked of a generic subtarget: one made for an unknown CPU complains on
  // stderr.
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(llvm::Triple(kTriple), "", ""));
  return info && info->isCPUStringValid(name);
}

/// Whether `cpu` has every feature of `features` ("+avx2,+fma,...").
static bool cpuHas(const std::string &cpu, llvm::StringRef features) {
  std::string error;
  const llvm::Target *target = x86Target(error);
  if (!target || !isKnownCPU(cpu))
    return false;
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(llvm::Triple(kTriple), resolveCPU(cpu), ""));
  return info && info->checkFeatures(features);
}

// The x86-64 psABI's microarchitecture levels, as LLVM's feature names.
static constexpr const char *kLevelV2 = "+cx16,+sse3,+ssse3,+sse4.1,+sse4.2,+popcnt,+sahf";
static constexpr const char *kLevelV3 = "+avx,+avx2,+bmi,+bmi2,+f16c,+fma,+lzcnt,+movbe";
static constexpr const char *kLevelV4 = "+avx512f,+avx512bw,+avx512cd,+avx512dq,+avx512vl";

int64_t cpuVectorBits(const std::string &cpu) {
  return cpuHas(cpu, kLevelV4) ? 512 : 256;
}

uint32_t cpuFeatureLevels(const std::string &cpu) {
  // Values of PT2C_CPU_X86_64_V2/V3/V4 (runtime/include/pt2c/model_abi.h).
  uint32_t levels = 0;
  if (cpuHas(cpu, kLevelV2)) {
    levels |= 1u;
    if (cpuHas(cpu, kLevelV3)) {
      levels |= 2u;
      if (cpuHas(cpu, kLevelV4))
        levels |= 4u;
    }
  }
  return levels;
}

std::vector<CPUCodegenOptions> cpuCodeVariants(const CPUCodegenOptions &baseline) {
  std::vector<CPUCodegenOptions> variants;
  if (baseline.vectorBits < 512) {
    CPUCodegenOptions wide = baseline;
    wide.cpu = "x86-64-v4";
    wide.vectorBits = 512;
    variants.push_back(wide);
  }
  variants.push_back(baseline);
  return variants;
}

static llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const CPUCodegenOptions &options) {
  llvm::Triple triple(kTriple);
  std::string error;
  const llvm::Target *target = x86Target(error);
  if (!target)
    return llvm::createStringError("no x86-64 target in this LLVM: " + error);
  llvm::TargetOptions targetOptions;
  // Constructors (the CUDA kernels' registration) go to .init_array, which
  // the dynamic loader runs; the default, .ctors, needs crtbegin.o.
  targetOptions.UseInitArray = true;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, resolveCPU(options.cpu), /*Features=*/"", targetOptions, llvm::Reloc::PIC_,
      std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  if (!machine)
    return llvm::createStringError("unknown CPU '" + options.cpu + "'");
  return std::move(machine);
}

// The O3 pipeline of clang, with the target's cost model: this is what
// vectorizes the loops the lowering produced.
static void optimize(llvm::Module &module, llvm::TargetMachine &machine,
                     unsigned optLevel) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager cgscc;
  llvm::ModuleAnalysisManager modules;
  // No loop unrolling before the vectorizers: LLVM fully unrolls a loop of
  // 25 constant iterations (a 5x5 output plane) into scalar code that SLP
  // cannot vectorize (it cannot prove the buffers apart), where the loop
  // vectorizer would have versioned it with a runtime alias check. The
  // vectorizer still interleaves the loops it vectorizes.
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = false;
  llvm::PassBuilder builder(&machine, tuning);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(cgscc);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, cgscc, modules);
  llvm::OptimizationLevel level = optLevel >= 3   ? llvm::OptimizationLevel::O3
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                  : optLevel == 1 ? llvm::OptimizationLevel::O1
                                                  : llvm::OptimizationLevel::O0;
  if (level == llvm::OptimizationLevel::O0)
    return;
  builder.buildPerModuleDefaultPipeline(level).run(module, modules);
}

/// The library calls a model's forward through its C-interface wrapper
/// (`_mlir_ciface_forward`, memref descriptors by pointer), which calls the
/// expanded form (`forward`: every descriptor field an argument, thousands
/// for a model with hundreds of weights). Left external, that call passes
/// them all on the stack, and the DAG combiner's store merging over those
/// stores is quadratic: 3 of resnet50's 4 seconds of x86 code generation.
/// Internal, the optimiser drops the arguments that are only forwarded
/// (dead-argument elimination, fastcc) and the call is cheap to compile.
/// Nothing outside the module names the expanded form.
static void internalizeExpandedEntryPoints(llvm::Module &module) {
  for (llvm::Function &function : module) {
    if (function.isDeclaration() || function.hasLocalLinkage())
      continue;
    llvm::Function *wrapper = module.getFunction(("_mlir_ciface_" + function.getName()).str());
    if (wrapper && !wrapper->isDeclaration())
      function.setLinkage(llvm::GlobalValue::InternalLinkage);
  }
}

/// One host module translated into an LLVM context of its own, so that
/// several can be optimised and emitted on threads at once.
struct ObjectUnit {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  std::unique_ptr<llvm::TargetMachine> machine;
  unsigned optLevel = 3;
  std::string object;
  std::string error;
};

/// Optimises `unit`'s module and emits it as an object (or says why not).
static void compileUnit(ObjectUnit &unit) {
  optimize(*unit.module, *unit.machine, unit.optLevel);
  llvm::SmallString<0> object;
  llvm::raw_svector_ostream stream(object);
  llvm::legacy::PassManager codegen;
  if (unit.machine->addPassesToEmitFile(codegen, stream, nullptr,
                                        llvm::CodeGenFileType::ObjectFile)) {
    unit.error = "this LLVM cannot emit x86-64 objects";
    return;
  }
  codegen.run(*unit.module);
  unit.object = std::string(object.str());
}

llvm::Expected<std::vector<std::string>>
emitCPUObjects(llvm::ArrayRef<HostModule> modules, const CPUCodegenOptions &base,
               llvm::function_ref<llvm::Error(llvm::Module &)> extend) {
  if (modules.empty())
    return llvm::createStringError(std::make_error_code(std::errc::state_not_recoverable),
                                   "internal error: nothing to compile");
  std::vector<ObjectUnit> units(modules.size());
  for (auto [unit, host] : llvm::zip(units, modules)) {
    auto machine = createTargetMachine(base);
    if (!machine)
      return machine.takeError();
    unit.machine = std::move(*machine);
    unit.optLevel = base.optLevel;
    if (host.launchesOnly) {
      unit.optLevel = std::min(base.optLevel, 1u);
      unit.machine->setOptLevel(llvm::CodeGenOptLevel::None);
    }
    unit.context = std::make_unique<llvm::LLVMContext>();
    unit.module = mlir::translateModuleToLLVMIR(host.module, *unit.context, "pt2c_model");
    if (!unit.module)
      return llvm::createStringError(
          std::make_error_code(std::errc::state_not_recoverable),
          "internal error: the LLVM dialect module does not translate to LLVM IR");
    // Functions carry their module's CPU, so inlining and vectorization use
    // its features.
    for (llvm::Function &function : *unit.module) {
      if (function.isDeclaration())
        continue;
      function.addFnAttr("target-cpu", resolveCPU(host.options.cpu));
      // LLVM's tuning for Intel server CPUs prefers 256-bit vectors and
      // would split the 512-bit register tiles.
      if (host.options.vectorBits >= 512)
        function.addFnAttr("prefer-vector-width", "512");
    }
    internalizeExpandedEntryPoints(*unit.module);
    unit.module->setTargetTriple(unit.machine->getTargetTriple());
    unit.module->setDataLayout(unit.machine->createDataLayout());
  }
  // The descriptor and weights go with the first module; it names the other
  // forms' entry points, which the linker resolves between the objects.
  if (llvm::Error error = extend(*units.front().module))
    return std::move(error);
  for (ObjectUnit &unit : units)
    pinGlibcBaseline(*unit.module);

  // Each form on a thread of its own (the AVX-512 and AVX2 forms are about
  // half of a compile each; a 32-layer transformer's compile is mostly
  // theirs).
  std::vector<std::thread> threads;
  for (size_t i = 1; i < units.size(); ++i)
    threads.emplace_back(compileUnit, std::ref(units[i]));
  compileUnit(units.front());
  for (std::thread &thread : threads)
    thread.join();
  std::vector<std::string> objects;
  for (ObjectUnit &unit : units) {
    if (!unit.error.empty())
      return llvm::createStringError(unit.error);
    objects.push_back(std::move(unit.object));
  }
  return objects;
}

} // namespace pt2c
