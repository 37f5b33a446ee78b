//===- RunCommand.cpp - pt2c-run run: run once, compare with expectations -===//

#include "Commands.h"
#include "Compare.h"
#include "NpzWriter.h"

#include <cstdio>
#include <iostream>

namespace pt2c::run {
namespace {

std::string formatNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.3g", value);
  return text;
}

/// "out0 'y' float32[3, 4]"
std::string describe(size_t index, const std::string &name,
                     const DLTensor &output) {
  return "out" + std::to_string(index) + " '" + name + "' " +
         dtypeName(output.dtype) + shapeText(output.shape, output.ndim);
}

/// Compares one output and prints its line; true when it passes.
bool checkOutput(size_t index, const std::string &name, const DLTensor &output,
                 const NpyArray &expected, const RunOptions &options) {
  Tolerance tolerance = toleranceFor(output.dtype, options);
  bool exact = !isFloating(output.dtype);
  Comparison result = compareOutput(output, expected, tolerance);
  std::cout << describe(index, name, output);
  if (!result.shapeMatches) {
    std::cout << ": FAIL: expected shape "
              << shapeText(expected.shape.data(), expected.shape.size())
              << "\n";
    return false;
  }
  std::cout << "  max_abs_err " << formatNumber(result.maxAbsError)
            << "  max_rel_err " << formatNumber(result.maxRelError)
            << "  failing " << result.failing << "/" << result.elements;
  if (exact)
    std::cout << "  (exact)";
  else
    std::cout << "  (atol " << formatNumber(tolerance.atol) << ", rtol "
              << formatNumber(tolerance.rtol) << ")";
  if (result.failing)
    std::cout << "  first at flat index " << result.firstFailure << ": got "
              << formatNumber(result.firstGot) << ", expected "
              << formatNumber(result.firstExpected);
  std::cout << "\n";
  return result.failing == 0;
}

/// Every outK of the expectations must be an output of the model.
int checkExpectedKeys(const std::vector<NpyArray> &expected, size_t count,
                      const std::string &path) {
  for (size_t i = 0; i < count; ++i)
    if (!findArray(expected, "out" + std::to_string(i))) {
      printError(path + " has no 'out" + std::to_string(i) + "' for output " +
                 std::to_string(i) + " of the model");
      return kExitBadInput;
    }
  if (findArray(expected, "out" + std::to_string(count))) {
    printError(path + " has 'out" + std::to_string(count) +
               "', but the model has " + std::to_string(count) + " outputs");
    return kExitBadInput;
  }
  return kExitSuccess;
}

/// Writes the outputs as out0, out1, ... of an .npz (NpzWriter.h).
int saveOutputs(const std::vector<DLTensor> &outputs, const std::string &path) {
  std::vector<std::pair<std::string, std::vector<uint8_t>>> members;
  for (size_t i = 0; i < outputs.size(); ++i) {
    std::string name = "out" + std::to_string(i), error;
    members.push_back({name, {}});
    if (!encodeNpy(outputs[i], members.back().second, error)) {
      printError(path + ": " + name + " (" + dtypeName(outputs[i].dtype) + "): " + error);
      return kExitBadInput;
    }
  }
  std::string error;
  if (!writeNpz(path, members, error)) {
    printError(error);
    return kExitBadInput;
  }
  return kExitSuccess;
}

} // namespace

Tolerance toleranceFor(DLDataType dtype, const RunOptions &options) {
  Tolerance tolerance = defaultTolerance(dtype);
  if (isFloating(dtype) && options.atol)
    tolerance.atol = *options.atol;
  if (isFloating(dtype) && options.rtol)
    tolerance.rtol = *options.rtol;
  return tolerance;
}

int runCommand(const RunOptions &options) {
  Session session;
  if (int code = session.open(options.session))
    return code;

  std::vector<NpyArray> expected;
  if (!options.expectPath.empty()) {
    std::string error;
    if (!readNpz(options.expectPath, expected, error)) {
      printError(error);
      return kExitBadInput;
    }
    if (int code = checkExpectedKeys(expected, session.numOutputs(),
                                     options.expectPath))
      return code;
  }

  std::vector<DLTensor> outputs(session.numOutputs(), DLTensor{});
  if (int code = session.run(outputs))
    return code;
  if (!options.saveOutputsPath.empty())
    if (int code = saveOutputs(outputs, options.saveOutputsPath)) {
      session.freeOutputs(outputs);
      return code;
    }

  size_t failed = 0;
  for (size_t i = 0; i < outputs.size(); ++i) {
    std::string name = session.outputName(i);
    if (expected.empty()) {
      std::cout << describe(i, name, outputs[i]) << "\n";
      continue;
    }
    const NpyArray &want = *findArray(expected, "out" + std::to_string(i));
    if (!checkOutput(i, name, outputs[i], want, options))
      ++failed;
  }
  int concurrentCode = kExitSuccess;
  if (!failed && (options.concurrency > 1 || options.repeat > 1))
    concurrentCode = checkConcurrentRuns(session, expected, outputs, options);
  session.freeOutputs(outputs);
  if (concurrentCode != kExitSuccess)
    return concurrentCode;

  if (expected.empty())
    return kExitSuccess;
  if (failed) {
    std::cout << "FAIL: " << failed << " of " << outputs.size()
              << " outputs out of tolerance\n";
    return kExitCheckFailed;
  }
  std::cout << "PASS: " << outputs.size() << " outputs within tolerance\n";
  return kExitSuccess;
}

} // namespace pt2c::run
