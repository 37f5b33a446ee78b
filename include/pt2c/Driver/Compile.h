//===- Compile.h - The compile pipeline behind `pt2c MODEL.pt2` -----------===//
//
// The one place phases are chained (docs/design.md, "Architecture"), so the
// order of the stages is read in one file. compileToLibrary runs every
// stage; compileAndEmit stops after a Phase, the names `--emit` takes (a new
// stage to print extends the Phase enum and `--emit` together).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_DRIVER_COMPILE_H
#define PT2C_DRIVER_COMPILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pt2c {

/// Where a compile stops with `--emit`.
enum class Phase {
  ATen, // imported: one aten.call per node
  Prim,   // decomposed into the closed prim set
  Linalg, // lowered to linalg/tensor/arith/math on tensors
};

/// The spelling used by `--emit`.
const char *phaseName(Phase phase);
std::optional<Phase> parsePhase(llvm::StringRef name);
/// Every phase name, in pipeline order.
std::vector<std::string> phaseNames();

struct CompileOptions {
  std::string inputPath;
  std::string model; // --model: a program of a multi-model archive
  Phase emit = Phase::ATen;
  bool printDebugInfo = false; // print locations (node names, source lines)
  std::string targets = "cpu";          // --target: cpu, cuda or cpu,cuda
  std::string cpu = "x86-64-v3";        // --cpu: LLVM CPU name for x86 code
  std::string cudaArchs = "sm_80,sm_90"; // --cuda-arch
  /// --weights: "embed" (into the library) or "external" (read from the
  /// .pt2 when the model is created; the compile reads no weight bytes).
  std::string weights = "embed";
  /// --conv-layout: "auto" (channels-last for 16-bit convolutions of
  /// CUDA-only builds), "nchw" or "nhwc" (every eligible convolution).
  std::string convLayout = "auto";
  /// --allow-tf32: float32 matmuls and convolutions of the CUDA target may
  /// run on TF32 tensor cores (torch's allow_tf32); off, float32 is exact.
  bool allowTF32 = false;
  /// --seed: the key of the random nodes' generator (rand, randn, dropout in
  /// training mode, ...): Philox4x32-10, the same numbers on every run.
  uint64_t seed = 0;
  /// The library's DT_SONAME; empty: the output's file name.
  std::string soname;
  /// --metadata KEY=VALUE arguments, as given (checked by the compile).
  std::vector<std::string> metadata;
  /// --time-passes: MLIR's pass timing report of each target's lowering,
  /// on stderr.
  bool timePasses = false;
  /// Called with a line of progress text when verbose output is wanted.
  std::function<void(const std::string &)> progress;
};

/// Runs the pipeline up to `options.emit` and prints that stage to `os`.
llvm::Error compileAndEmit(const CompileOptions &options, llvm::raw_ostream &os);

/// Compiles `options.inputPath` into the shared library `outputPath`.
llvm::Error compileToLibrary(const CompileOptions &options, llvm::StringRef outputPath);

} // namespace pt2c

#endif // PT2C_DRIVER_COMPILE_H
