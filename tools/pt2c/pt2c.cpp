//===- pt2c.cpp - The pt2c command line -----------------------------------===//
//
//   pt2c MODEL.pt2 -o MODEL.so [--target ...] [--weights embed|external]
//   pt2c MODEL.pt2 --emit aten [-v]        compile, print a stage and stop
//   pt2c inspect MODEL.pt2 [--json]        what the archive holds
//   pt2c inspect MODEL.pt2 --coverage      which ops pt2c cannot compile yet
//   pt2c inspect MODEL.so [--json]         what a compiled library records
//
// Exit codes (docs/design.md, "Command line"): 0 success, 1 a check failed,
// 2 bad input or usage, 3 internal error.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Archive/Pt2Archive.h"
#include "pt2c/Driver/Compile.h"
#include "pt2c/Driver/Coverage.h"
#include "pt2c/Driver/ExitCodes.h"
#include "pt2c/Driver/Inspect.h"
#include "pt2c/Driver/InspectLibrary.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include "pt2c/Version.h"
#include "pt2c/pt2c.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace {

struct Arguments {
  std::string model;
  std::string modelName; // --model: one program of a multi-model archive
  std::string output;
  std::string emit;
  std::string target = "cpu";
  std::string cpu = "x86-64-v3";
  std::string cudaArchs = "sm_80,sm_90";
  std::string weights = "embed";
  std::string convLayout = "auto";
  bool allowTF32 = false;
  uint64_t seed = 0;
  std::vector<std::string> metadata;
  bool verbose = false;
  bool timePasses = false;
  bool debugInfo = false;
  std::string inspectModel;
  bool inspectJson = false;
  bool inspectCoverage = false;
};

/// `-o -`: the library goes to standard output. The linker writes files, so
/// it is linked into a temporary file first, then copied out and removed.
/// Its SONAME is the archive's stem + ".so" (`pt2c mlp.pt2 -o - > mlp.so`),
/// not the temporary file's name.
int compileToStandardOutput(pt2c::CompileOptions options) {
  options.soname = llvm::sys::path::stem(options.inputPath).str() + ".so";
  llvm::SmallString<128> path;
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile("pt2c-model", "so", path)) {
    llvm::errs() << "pt2c: error: cannot create a temporary file for -o -: " << ec.message()
                 << "\n";
    return pt2c::kExitInternal;
  }
  llvm::scope_exit removeTemporary([&] { llvm::sys::fs::remove(path); });
  if (llvm::Error error = pt2c::compileToLibrary(options, path.str().str()))
    return pt2c::reportError(std::move(error));
  auto library = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
  if (!library) {
    llvm::errs() << "pt2c: error: " << path << ": " << library.getError().message() << "\n";
    return pt2c::kExitInternal;
  }
  llvm::outs().SetUnbuffered();
  llvm::outs() << (*library)->getBuffer();
  llvm::outs().flush();
  if (llvm::outs().has_error()) {
    llvm::outs().clear_error();
    llvm::errs() << "pt2c: error: writing the library to standard output failed\n";
    return pt2c::kExitBadInput;
  }
  return pt2c::kExitSuccess;
}

/// `pt2c inspect MODEL.so`: the library's metadata, read from the file.
int inspectLibrary(const Arguments &args) {
  if (args.inspectCoverage || !args.modelName.empty()) {
    llvm::errs() << "pt2c: error: " << args.inspectModel << " is a compiled library: "
                 << (args.inspectCoverage ? "--coverage" : "--model")
                 << " applies to a .pt2 archive\n";
    return pt2c::kExitBadInput;
  }
  auto report = pt2c::readLibraryReport(args.inspectModel);
  if (!report)
    return pt2c::reportError(report.takeError());
  if (args.inspectJson)
    llvm::outs() << llvm::formatv("{0:2}", pt2c::libraryToJson(*report)) << "\n";
  else
    pt2c::printLibraryText(llvm::outs(), *report);
  return pt2c::kExitSuccess;
}

int runInspect(const Arguments &args) {
  if (pt2c::isELFFile(args.inspectModel))
    return inspectLibrary(args);
  auto registry = pt2c::OpRegistry::createBuiltin();
  if (!registry)
    return pt2c::reportError(registry.takeError());
  auto archive = pt2c::archive::Pt2Archive::open(args.inspectModel, args.modelName);
  if (!archive)
    return pt2c::reportError(archive.takeError());
  if (args.inspectCoverage) {
    pt2c::CoverageReport coverage =
        pt2c::checkCoverage((*archive)->program().graphModule.graph, *registry);
    if (args.inspectJson)
      llvm::outs() << llvm::formatv("{0:2}", pt2c::coverageToJson(coverage)) << "\n";
    else
      pt2c::printCoverageText(llvm::outs(), args.inspectModel, coverage);
    return coverage.complete() ? pt2c::kExitSuccess : pt2c::kExitCheckFailed;
  }
  pt2c::InspectReport report = pt2c::buildInspectReport(**archive, *registry);
  if (args.inspectJson)
    llvm::outs() << llvm::formatv("{0:2}", pt2c::inspectToJson(report)) << "\n";
  else
    pt2c::printInspectText(llvm::outs(), report);
  return pt2c::kExitSuccess;
}

int runCompile(const Arguments &args) {
  if (args.model.empty()) {
    llvm::errs() << "pt2c: error: no input archive (try: pt2c --help)\n";
    return pt2c::kExitBadInput;
  }
  pt2c::CompileOptions options;
  options.inputPath = args.model;
  options.model = args.modelName;
  options.printDebugInfo = args.debugInfo;
  options.targets = args.target;
  options.cpu = args.cpu;
  options.cudaArchs = args.cudaArchs;
  options.weights = args.weights;
  options.convLayout = args.convLayout;
  options.allowTF32 = args.allowTF32;
  options.seed = args.seed;
  options.metadata = args.metadata;
  options.timePasses = args.timePasses;
  if (args.verbose)
    options.progress = [](const std::string &line) { spdlog::info("{}", line); };
  if (args.emit.empty()) {
    if (args.output.empty()) {
      llvm::errs() << "pt2c: error: no output: give -o MODEL.so, or --emit STAGE "
                      "to print a stage\n";
      return pt2c::kExitBadInput;
    }
    if (args.output == "-")
      return compileToStandardOutput(options);
    if (llvm::Error error = pt2c::compileToLibrary(options, args.output))
      return pt2c::reportError(std::move(error));
    return pt2c::kExitSuccess;
  }
  options.emit = *pt2c::parsePhase(args.emit); // CLI11 checked the name

  std::error_code ec;
  std::unique_ptr<llvm::raw_fd_ostream> file;
  if (!args.output.empty() && args.output != "-") {
    file = std::make_unique<llvm::raw_fd_ostream>(args.output, ec);
    if (ec) {
      llvm::errs() << "pt2c: error: " << args.output << ": " << ec.message() << "\n";
      return pt2c::kExitBadInput;
    }
  }
  if (llvm::Error error = pt2c::compileAndEmit(options, file ? *file : llvm::outs()))
    return pt2c::reportError(std::move(error));
  return pt2c::kExitSuccess;
}

/// `pt2c run ...` and `pt2c bench ...` are pt2c-run's commands: it needs only
/// the runtime, so it also works where only model.so is installed. pt2c
/// forwards to the pt2c-run next to it and returns its exit code.
int forwardToRunner(int argc, char **argv) {
  std::string self = llvm::sys::fs::getMainExecutable(argv[0], (void *)&forwardToRunner);
  llvm::SmallString<256> runner(llvm::sys::path::parent_path(self));
  llvm::sys::path::append(runner, "pt2c-run");
  if (!llvm::sys::fs::can_execute(runner)) {
    llvm::errs() << "pt2c: error: " << runner << " not found; pt2c run and bench "
                 << "are provided by pt2c-run, installed next to pt2c\n";
    return pt2c::kExitBadInput;
  }
  std::vector<llvm::StringRef> arguments = {runner};
  for (int i = 1; i < argc; ++i)
    arguments.push_back(argv[i]);
  std::string error;
  int code = llvm::sys::ExecuteAndWait(runner, arguments, std::nullopt, {}, 0, 0, &error);
  if (code < 0) {
    llvm::errs() << "pt2c: error: running " << runner << ": " << error << "\n";
    return pt2c::kExitInternal;
  }
  return code;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  if (argc > 1 && (llvm::StringRef(argv[1]) == "run" || llvm::StringRef(argv[1]) == "bench"))
    return forwardToRunner(argc, argv);
  auto logger = spdlog::stderr_color_st("pt2c");
  logger->set_pattern("pt2c: %v");
  spdlog::set_default_logger(logger);

  Arguments args;
  CLI::App app{"pt2c: compiles a torch.export archive (.pt2) ahead of time.\n"
               "  pt2c MODEL.pt2 -o MODEL.so | --emit STAGE    compile\n"
               "  pt2c inspect MODEL.pt2 [--json]              what the archive holds\n"
               "  pt2c inspect MODEL.pt2 --coverage            ops pt2c cannot compile "
               "yet (exit 1 if any)\n"
               "  pt2c inspect MODEL.so [--json]               what a compiled library "
               "records (versions, archive SHA-256, --metadata)\n"
               "  pt2c run|bench MODEL.so ...                  run a compiled model "
               "(pt2c-run --help)\n"
               "Exit codes: 0 success, 1 a check failed, 2 bad input or "
               "usage, 3 internal error (a pt2c bug: please report it).",
               "pt2c"};
  app.set_version_flag("--version", "pt2c " PT2C_VERSION_STRING " (commit " PT2C_GIT_COMMIT
                                    "), LLVM " LLVM_VERSION_STRING ", model C ABI " +
                                        std::to_string(PT2C_ABI_VERSION_MAJOR) + "." +
                                        std::to_string(PT2C_ABI_VERSION_MINOR));
  app.add_option("model", args.model, "The archive written by torch.export.save")
      ->check(CLI::ExistingPath);
  app.add_option("--model", args.modelName,
                 "Which program of an archive that holds several (models/NAME.json); "
                 "default: 'model', as torch.export.save writes it");
  app.add_option("-o,--output", args.output,
                 "Where to write the result ('-' or none: standard output)");
  std::string phases;
  for (const std::string &name : pt2c::phaseNames())
    phases += (phases.empty() ? "" : "|") + name;
  app.add_option("--emit", args.emit,
                 "Print the program at this stage and stop (" + phases + ")")
      ->check(CLI::IsMember(pt2c::phaseNames()));
  app.add_option("--target", args.target,
                 "Where the library runs: cpu, cuda (NVIDIA GPUs) or cpu,cuda (both; "
                 "the caller picks with pt2c_options_set_device)")
      ->capture_default_str();
  app.add_option("--cpu", args.cpu,
                 "The least x86-64 CPU the library runs on (LLVM names: x86-64-v2, "
                 "x86-64-v3, x86-64-v4, znver4, native, ...). Without AVX-512 the "
                 "library also holds an AVX-512 (x86-64-v4) form, which CPUs that have "
                 "it run (chosen when the model is created; PT2C_CPU_ISA=avx2 forces "
                 "the baseline)")
      ->capture_default_str();
  app.add_option("--cuda-arch", args.cudaArchs,
                 "With --target cuda: GPU architectures, each compiled to SASS (when "
                 "ptxas is found) and PTX; newer GPUs run the PTX")
      ->capture_default_str();
  app.add_option("--weights", args.weights,
                 "embed: the weights go into the library. external: the compile reads "
                 "only their shapes and places (also from a graph-only archive), and "
                 "the library reads them from the .pt2 named when the model is created "
                 "(pt2c_options_set_weights_path; pt2c-run --weights PATH)")
      ->capture_default_str();
  app.add_option("--conv-layout", args.convLayout,
                 "Activation layout of 2-d convolutions. auto: channels-last (NHWC) for "
                 "float16/bfloat16 convolutions when the only target is cuda (what "
                 "cuDNN's tensor-core kernels read), torch's NCHW otherwise. nchw: "
                 "always NCHW. nhwc: NHWC for every eligible convolution, any float "
                 "type and target")
      ->check(CLI::IsMember({"auto", "nchw", "nhwc"}))
      ->capture_default_str();
  app.add_flag("--allow-tf32", args.allowTF32,
               "With --target cuda: float32 matmuls (cuBLASLt) and convolutions (cuDNN) "
               "may run on TF32 tensor cores, as torch with allow_tf32 (10-bit mantissa "
               "products: faster, about 1e-3 relative error). Off, float32 is exact");
  app.add_option("--seed", args.seed,
                 "Key of the generator that random ops (rand, randn, randint, normal, "
                 "bernoulli, dropout in training mode, ...) draw from: Philox4x32-10, the "
                 "same numbers on every run and on CPU and GPU (not torch's numbers)")
      ->capture_default_str();
  // One KEY=VALUE per --metadata: a list after one flag would swallow the
  // archive when it comes last.
  app.add_option("--metadata", args.metadata,
                 "Record KEY=VALUE in the library (repeatable), next to pt2c's own "
                 "provenance: pt2c_model_metadata, pt2c inspect MODEL.so. KEY: letters, "
                 "digits, '_', '.', '-', from a letter, not pt2c.*")
      ->allow_extra_args(false);
  app.add_flag("--print-locations", args.debugInfo,
               "With --emit: print each op's location (node name, source line)");
  app.add_flag("-v,--verbose", args.verbose, "Report each step and its time on stderr");
  app.add_flag("--time-passes", args.timePasses,
               "With -o: after each target's lowering, the time of every MLIR pass on stderr "
               "(where a slow compile spends its time)");

  CLI::App *inspect = app.add_subcommand(
      "inspect", "Signature, weights and op histogram of an archive; the recorded "
                 "metadata of a compiled library");
  inspect->add_option("model", args.inspectModel, "The .pt2 archive or the model .so")
      ->required();
  inspect->add_flag("--json", args.inspectJson, "Print the report as JSON");
  inspect->add_flag("--coverage", args.inspectCoverage,
                    "Only check that pt2c covers every op: name each node whose op has "
                    "no decomposition, with its source line; exit 1 if any");
  inspect->add_option("--model", args.modelName,
                      "Which program of an archive that holds several");

  // Command-line errors read like every other error of pt2c's, and point
  // at --help once.
  app.failure_message([](const CLI::App *, const CLI::Error &error) {
    return std::string("pt2c: error: ") + error.what() + "\n(pt2c --help lists the options)\n";
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion &e) {
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    app.exit(e);
    return pt2c::kExitBadInput;
  }
  if (inspect->parsed())
    return runInspect(args);
  return runCompile(args);
}
