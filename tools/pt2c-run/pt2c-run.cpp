//===- pt2c-run.cpp - Run and time a compiled model through the C ABI -----===//
//
//   pt2c-run run MODEL.so --inputs X.npz | --random-inputs [--seed N]
//                [--shapes NAME=2x128] [--expect Y.npz] [--atol A]
//                [--save-outputs OUT.npz]
//                [--rtol R] [--device cpu|cuda] [--threads N]
//                [--concurrency C --repeat R] [--weights ARCHIVE.pt2]
//                [--cuda-graphs on|off]
//   pt2c-run bench MODEL.so --inputs X.npz | --random-inputs [--seed N]
//                [--shapes NAME=2x128] [--warmup N] [--runs N]
//                [--device cuda [--resident [--cuda-async]]]
//                [--threads N] [--device cpu|cuda] [--weights ARCHIVE.pt2]
//                [--cuda-graphs on|off] [--profile [--profile-limit N]]
//
// Built from the public header alone (no LLVM, no MLIR), so it works on a
// host that only has the model. Exit codes (docs/design.md, "Command
// line"): 0 success, 1 a check failed, 2 bad input or usage, 3 internal
// error.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include "pt2c/Version.h"
#include "pt2c/pt2c.h"

#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>

using namespace pt2c::run;

namespace {

void addSessionOptions(CLI::App &command, SessionOptions &options) {
  command.add_option("model", options.modelPath, "Model library (.so)")
      ->required();
  CLI::Option *inputs = command.add_option("--inputs", options.inputsPath,
                                           ".npz with in0, in1, ... (np.savez)");
  CLI::Option *random =
      command.add_flag("--random-inputs", options.randomInputs,
                       "Instead of --inputs: one array per input of the model, its dtype, "
                       "floats uniform in [-1, 1), integers 0 or 1, bools fair");
  inputs->excludes(random);
  command.add_option("--seed", options.seed, "Seed of --random-inputs (default 0)")
      ->needs(random);
  command
      .add_option("--shapes", options.shapes,
                  "With --random-inputs: the whole shape of an input with dynamic dims, "
                  "NAME=DIMxDIM... (input_ids=2x128; several, or comma-separated); a "
                  "dynamic dim not given takes its symbol's least size")
      ->needs(random);
  command.add_option("--device", options.device, "cpu or cuda")
      ->check(CLI::IsMember({"cpu", "cuda"}));
  command.add_option("--weights", options.weightsPath,
                     "For a model compiled with --weights external: the .pt2 to read "
                     "its weights from (the one it was compiled from, or a copy)");
  command
      .add_option("--cuda-graphs", options.cudaGraphs,
                  "With --device cuda: on (default) replays the model's kernels as "
                  "CUDA graphs from the second run of a shape; off launches them one "
                  "by one")
      ->check(CLI::IsMember({"on", "off"}));
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"pt2c-run: run and time pt2c model libraries"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "pt2c-run " PT2C_VERSION_STRING " (commit " PT2C_GIT_COMMIT
                                    "), model C ABI " +
                                        std::to_string(PT2C_ABI_VERSION_MAJOR) + "." +
                                        std::to_string(PT2C_ABI_VERSION_MINOR));

  RunOptions run;
  double atol = 0, rtol = 0;
  CLI::App *runApp =
      app.add_subcommand("run", "Run once; compare with --expect if given");
  addSessionOptions(*runApp, run.session);
  runApp->add_option("--expect", run.expectPath,
                     ".npz with out0, out1, ... (may be the --inputs file)");
  runApp->add_option("--save-outputs", run.saveOutputsPath,
                     "Write the outputs to this .npz as out0, out1, ... (bfloat16 as "
                     "float32), readable by numpy.load and by --expect");
  CLI::Option *atolOption =
      runApp->add_option("--atol", atol, "Absolute tolerance (floats)")
          ->check(CLI::NonNegativeNumber);
  CLI::Option *rtolOption =
      runApp->add_option("--rtol", rtol, "Relative tolerance (floats)")
          ->check(CLI::NonNegativeNumber);

  runApp
      ->add_option("--threads", run.session.threads,
                   "CPU threads of the model's pool (default: one per online CPU)")
      ->check(CLI::Range(1, 1024));
  runApp
      ->add_option("--concurrency", run.concurrency,
                   "Then run from this many threads at once, checking every result "
                   "(against --expect, else against the first run bit for bit)")
      ->check(CLI::Range(1, 256));
  runApp->add_option("--repeat", run.repeat, "Runs per thread in that phase")
      ->check(CLI::Range(1, 1000000));

  BenchOptions bench;
  CLI::App *benchApp =
      app.add_subcommand("bench", "Print median and p90 latency");
  addSessionOptions(*benchApp, bench.session);
  benchApp->add_option("--warmup", bench.warmup, "Untimed runs first")
      ->check(CLI::Range(0, 1000000));
  benchApp->add_option("--runs", bench.runs, "Timed runs")
      ->check(CLI::Range(1, 1000000));
  benchApp->add_flag("--resident", bench.resident,
                     "With --device cuda: inputs copied to the GPU once and outputs "
                     "left there (device DLTensors), so the times hold no host copies");
  benchApp->add_flag("--cuda-async", bench.async,
                     "With --resident: the model runs on a stream of pt2c-run's, its runs "
                     "return queued (pt2c_options_set_cuda_async) and each is timed to the "
                     "end of a stream synchronization; also prints the time per run of "
                     "runs queued back to back with one synchronization at the end");
  benchApp->add_flag("--profile", bench.profile,
                     "Then time every piece of work of the model (CPU: each loop nest, "
                     "parallel loop and copy; CUDA: each kernel and cuBLASLt/cuDNN call, "
                     "with events and without CUDA graphs) in a second, profiled model "
                     "over the same warm-up and runs, and print each one's share of the "
                     "time, slowest first, named after the graph nodes it computes and "
                     "their source line, then the shares by kind");
  benchApp
      ->add_option("--profile-limit", bench.profileLimit,
                   "With --profile: how many of the slowest points to print (0: all)")
      ->check(CLI::Range(0, 1000000));
  benchApp
      ->add_option("--threads", bench.session.threads,
                   "CPU threads (default: one per online CPU)")
      ->check(CLI::Range(1, 1024));

  // Command-line errors start like every other error of pt2c-run's, and
  // point at --help once.
  app.failure_message([](const CLI::App *, const CLI::Error &error) {
    return std::string("pt2c-run: error: ") + error.what() +
           "\n(pt2c-run --help, pt2c-run run --help and pt2c-run bench --help list the "
           "options)\n";
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &error) {
    int code = app.exit(error);
    return code == 0 ? kExitSuccess : kExitBadInput;
  }

  try {
    if (runApp->parsed()) {
      if (atolOption->count())
        run.atol = atol;
      if (rtolOption->count())
        run.rtol = rtol;
      return runCommand(run);
    }
    int code = benchCommand(bench);
    if (code == kExitSuccess && bench.profile)
      code = profileCommand(bench);
    return code;
  } catch (const std::exception &error) {
    printError(std::string("internal error: ") + error.what() +
               " (a bug in pt2c-run: please report it)");
    return kExitInternal;
  }
}
