//===- BundleKernels.cpp - The pt2c-bundle-kernels pass -------------------===//
//
// gpu-module-to-binary gives one PTX object per NVVM target, and the host
// lowering would embed just one of them. The runtime wants every form so it
// can pick per device (SASS for the listed archs, PTX for newer ones), so
// this pass packs them into one kernel bundle (model_abi.h) that the host
// code hands to mgpuModuleLoad. The pipeline makes PTX for the lowest
// architecture only and has it assembled for every listed one (`archs`),
// as nvcc's -gencode arch=compute_80,code=[sm_80,sm_90] does: LLVM's
// NVPTX code generation is half a large model's compile, and the sm_90
// SASS of sm_80 PTX is the same as that of sm_90 PTX (resnet50's kernels:
// one byte of the ELF header apart).
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/GPU/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <optional>
#include <thread>

namespace pt2c {

#define GEN_PASS_DEF_BUNDLEKERNELS
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;

constexpr uint32_t kCubin = 0; // PT2C_KERNEL_CUBIN
constexpr uint32_t kPtx = 1;   // PT2C_KERNEL_PTX

struct BundleEntry {
  uint32_t kind;
  uint32_t sm;
  std::string bytes;
};

/// "sm_90" -> 90; "sm_90a" -> 90.
std::optional<uint32_t> smNumber(llvm::StringRef chip) {
  if (!chip.consume_front("sm_"))
    return std::nullopt;
  chip = chip.take_while([](char c) { return c >= '0' && c <= '9'; });
  uint32_t number;
  if (chip.getAsInteger(10, number))
    return std::nullopt;
  return number;
}

/// The bundle layout of runtime/include/pt2c/model_abi.h.
std::string writeBundle(llvm::ArrayRef<BundleEntry> entries) {
  std::string out = "PT2CKRN1";
  auto put32 = [&](uint32_t v) {
    char b[4];
    llvm::support::endian::write32le(b, v);
    out.append(b, 4);
  };
  auto put64 = [&](uint64_t v) {
    char b[8];
    llvm::support::endian::write64le(b, v);
    out.append(b, 8);
  };
  put32(entries.size());
  put32(0);
  uint64_t offset = 16 + 24 * entries.size();
  for (const BundleEntry &entry : entries) {
    put32(entry.kind);
    put32(entry.sm);
    put64(offset);
    put64(entry.bytes.size());
    offset += entry.bytes.size();
  }
  for (const BundleEntry &entry : entries)
    out += entry.bytes;
  return out;
}

/// Runs ptxas on `ptx` for `chip`; the cubin, or an error with its output.
llvm::Expected<std::string> assemble(llvm::StringRef ptxas, llvm::StringRef ptx,
                                     llvm::StringRef chip) {
  llvm::SmallString<128> ptxPath, cubinPath, logPath;
  if (auto ec = llvm::sys::fs::createTemporaryFile("pt2c-kernels", "ptx", ptxPath))
    return llvm::createStringError(ec, "cannot create a temporary file");
  llvm::sys::fs::createTemporaryFile("pt2c-kernels", "cubin", cubinPath);
  llvm::sys::fs::createTemporaryFile("pt2c-ptxas", "log", logPath);
  llvm::scope_exit cleanup([&] {
    llvm::sys::fs::remove(ptxPath);
    llvm::sys::fs::remove(cubinPath);
    llvm::sys::fs::remove(logPath);
  });
  {
    std::error_code ec;
    llvm::raw_fd_ostream stream(ptxPath, ec);
    if (ec)
      return llvm::createStringError(ec, "cannot write " + ptxPath);
    stream << ptx.rtrim('\0');
  }
  std::string arch = ("-arch=" + chip).str();
  llvm::StringRef args[] = {ptxas, arch, "-O3", ptxPath, "-o", cubinPath};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, logPath.str(), logPath.str()};
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects, 0, 0, &message);
  if (rc != 0) {
    std::string log;
    if (auto buffer = llvm::MemoryBuffer::getFile(logPath))
      log = (*buffer)->getBuffer().str();
    return llvm::createStringError(std::make_error_code(std::errc::io_error),
                                   "ptxas -arch=" + chip + " failed: " + message + log);
  }
  auto cubin = llvm::MemoryBuffer::getFile(cubinPath, /*IsText=*/false);
  if (!cubin)
    return llvm::createStringError(cubin.getError(), "cannot read " + cubinPath);
  return (*cubin)->getBuffer().str();
}

struct BundleKernelsPass : impl::BundleKernelsBase<BundleKernelsPass> {
  using BundleKernelsBase::BundleKernelsBase;

  void runOnOperation() override {
    WalkResult result = getOperation().walk([&](gpu::BinaryOp binary) {
      return succeeded(bundle(binary)) ? WalkResult::advance() : WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  /// The architectures `object`'s PTX is assembled for: its own, and each
  /// of `archs`.
  FailureOr<std::vector<std::string>> cubinArchs(gpu::BinaryOp binary, llvm::StringRef chip,
                                                 uint32_t sm) {
    std::vector<std::string> chips = {chip.str()};
    for (const std::string &arch : archs) {
      if (llvm::is_contained(chips, arch))
        continue;
      std::optional<uint32_t> number = smNumber(arch);
      // PTX of one architecture assembles for that one and every later one
      // (an `a` target's for itself only).
      if (!number || *number < sm || chip.ends_with("a"))
        return binary.emitOpError("PTX for ")
               << chip << " cannot be assembled for " << arch
               << " (its PTX must be for the lowest architecture, not architecture-specific)";
      chips.push_back(arch);
    }
    return chips;
  }

  LogicalResult bundle(gpu::BinaryOp binary) {
    // What ptxas is asked to do: one PTX text for one architecture.
    struct Job {
      llvm::StringRef ptx;
      std::string chip;
      uint32_t sm;
      std::string cubin, error;
    };
    std::vector<Job> jobs;
    std::vector<BundleEntry> ptxs;
    Attribute firstTarget;
    for (Attribute attr : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(attr);
      auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget());
      if (!target || object.getFormat() != gpu::CompilationTarget::Assembly)
        return binary.emitOpError("expected PTX objects for NVVM targets");
      std::optional<uint32_t> sm = smNumber(target.getChip());
      if (!sm)
        return binary.emitOpError("unknown CUDA architecture ") << target.getChip();
      llvm::StringRef ptx = object.getObject().getValue();
      // An unresolved libdevice function would only fail when the driver
      // loads the module, on the user's machine: refuse it here.
      size_t external = ptx.find(".extern .func");
      if (external != llvm::StringRef::npos)
        return binary.emitOpError("kernels call functions that were not linked (")
               << ptx.substr(external, ptx.find('\n', external) - external)
               << "): libdevice was not found; install the CUDA toolkit or set CUDA_HOME";
      if (!firstTarget)
        firstTarget = target;
      std::string text = ptx.str();
      if (text.empty() || text.back() != '\0')
        text.push_back('\0');
      if (!ptxas.empty()) {
        auto chips = cubinArchs(binary, target.getChip(), *sm);
        if (failed(chips))
          return failure();
        for (const std::string &chip : *chips)
          jobs.push_back({ptx, chip, *smNumber(chip), "", ""});
      }
      ptxs.push_back({kPtx, *sm, std::move(text)});
    }
    if (!firstTarget)
      return binary.emitOpError("has no objects");
    // ptxas takes seconds for a large model's kernels: the architectures
    // are assembled at once, each by its own process.
    std::vector<std::thread> threads;
    for (Job &job : jobs)
      threads.emplace_back([this, &job] {
        auto cubin = assemble(ptxas, job.ptx, job.chip);
        if (cubin)
          job.cubin = std::move(*cubin);
        else
          job.error = llvm::toString(cubin.takeError());
      });
    for (std::thread &thread : threads)
      thread.join();
    std::vector<BundleEntry> entries;
    for (Job &job : jobs) {
      if (!job.error.empty())
        return binary.emitOpError(job.error);
      entries.push_back({kCubin, job.sm, std::move(job.cubin)});
    }
    for (BundleEntry &entry : ptxs)
      entries.push_back(std::move(entry));
    std::string bytes = writeBundle(entries);
    auto object = gpu::ObjectAttr::get(&getContext(), firstTarget, gpu::CompilationTarget::Binary,
                                       StringAttr::get(&getContext(), bytes),
                                       /*properties=*/nullptr, /*kernels=*/nullptr);
    binary.setObjectsAttr(ArrayAttr::get(&getContext(), {object}));
    return success();
  }
};

} // namespace

} // namespace pt2c
