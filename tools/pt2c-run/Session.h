//===- Session.h - A model created and fed from an .npz ---------*- C++ -*-===//
//
// What `run` and `bench` share: load the library, create the model with
// the requested device and threads, turn the .npz inputs into DLTensors
// (bfloat16 inputs from their float32 copies), run, and map every failure
// to an exit code after printing it.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TOOLS_PT2C_RUN_SESSION_H
#define PT2C_TOOLS_PT2C_RUN_SESSION_H

#include "DeviceMemory.h"
#include "ModelLibrary.h"
#include "Npz.h"

#include <memory>
#include <string>
#include <vector>

namespace pt2c::run {

/// docs/design.md "Command line".
enum ExitCode : int {
  kExitSuccess = 0,
  kExitCheckFailed = 1,
  kExitBadInput = 2,
  kExitInternal = 3,
};

/// The bytes of a dense tensor's data.
size_t tensorBytes(const DLTensor &tensor);

/// Prints "pt2c-run: error: <message>" to stderr.
void printError(const std::string &message);

/// The exit code for a failed pt2c call: 3 for PT2C_INTERNAL (a bug),
/// 2 for everything else (the inputs, the host or the model's options).
int exitCodeFor(pt2c_code code);

struct SessionOptions {
  std::string modelPath;
  std::string inputsPath;
  std::string device = "cpu";
  int threads = 0; ///< 0: the model's default
  std::string weightsPath; ///< --weights: the .pt2 of a --weights external model
  std::string cudaGraphs = "on"; ///< --cuda-graphs: on or off
  void *cudaStream = nullptr;    ///< the caller's stream for the model, if any
  bool cudaAsync = false;        ///< runs on it may return queued
  bool profile = false;          ///< time each point of every run (Profile.cpp)
  bool randomInputs = false;     ///< --random-inputs instead of --inputs
  uint64_t seed = 0;             ///< --seed of the random inputs
  std::vector<std::string> shapes; ///< --shapes NAME=2x128 items
};

class Session {
public:
  Session() = default;
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  /// Everything up to a model ready to run; an exit code (0 on success).
  int open(const SessionOptions &options);

  /// Runs on the inputs. `outputs` must have numOutputs() entries; those
  /// with data == NULL are allocated by the model (release them with
  /// freeOutputs). Returns an exit code, printing the failure.
  int run(std::vector<DLTensor> &outputs);
  void freeOutputs(std::vector<DLTensor> &outputs);

  /// Points the inputs at copies in `memory` (bench --resident); an exit
  /// code, printing the failure.
  int moveInputsTo(DeviceMemory &memory);

  const Pt2cApi &api() const { return library->api(); }
  pt2c_model *model() const { return handle; }
  size_t numOutputs() const { return api().pt2c_model_num_outputs(handle); }
  std::string outputName(size_t index) const;

private:
  int bindInputs(const std::vector<NpyArray> &arrays);

  std::unique_ptr<ModelLibrary> library;
  pt2c_model *handle = nullptr;
  std::vector<NpyArray> arrays;
  std::vector<std::vector<uint8_t>> converted; ///< bfloat16 copies
  std::vector<DLTensor> inputs;
};

} // namespace pt2c::run

#endif // PT2C_TOOLS_PT2C_RUN_SESSION_H
