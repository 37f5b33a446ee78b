//===- Session.cpp - A model created and fed from an .npz -----------------===//

#include "Session.h"
#include "RandomInputs.h"
#include "Half.h"

#include <cstdint>
#include <cstring>
#include <iostream>

namespace pt2c::run {

void printError(const std::string &message) {
  std::cerr << "pt2c-run: error: " << message << "\n";
}

int exitCodeFor(pt2c_code code) {
  return code == PT2C_INTERNAL ? kExitInternal : kExitBadInput;
}

Session::~Session() {
  if (handle)
    api().pt2c_model_destroy(handle);
}

std::string Session::outputName(size_t index) const {
  const char *name = api().pt2c_model_output_name(handle, index);
  return name ? name : "?";
}

int Session::open(const SessionOptions &options) {
  std::string error;
  if (!options.randomInputs && options.inputsPath.empty()) {
    printError("--inputs X.npz or --random-inputs is required (--help lists the options)");
    return kExitBadInput;
  }
  library = ModelLibrary::load(options.modelPath, error);
  if (!library) {
    printError(error);
    return kExitBadInput;
  }
  std::map<std::string, std::vector<int64_t>> shapes;
  if (options.randomInputs ? !parseShapes(options.shapes, shapes, error)
                           : !readNpz(options.inputsPath, arrays, error)) {
    printError(error);
    return kExitBadInput;
  }

  const Pt2cApi &abi = api();
  pt2c_options *modelOptions = nullptr;
  std::string message;
  pt2c_status *status =
      abi.pt2c_options_create(PT2C_ABI_VERSION, &modelOptions);
  if (!status)
    status = abi.pt2c_options_set_device(
        modelOptions, options.device == "cuda" ? kDLCUDA : kDLCPU);
  if (!status && options.cudaStream)
    status = abi.pt2c_options_set_cuda_stream(modelOptions, options.cudaStream);
  if (!status && options.cudaAsync)
    status = abi.pt2c_options_set_cuda_async(modelOptions, 1);
  if (!status && options.cudaGraphs == "off")
    status = abi.pt2c_options_set_cuda_graphs(modelOptions, 0);
  if (!status && options.threads > 0)
    status = abi.pt2c_options_set_cpu_threads(modelOptions, options.threads);
  if (!status && options.profile)
    status = abi.pt2c_options_set_profiling(modelOptions, 1);
  if (!status && !options.weightsPath.empty())
    status = abi.pt2c_options_set_weights_path(modelOptions, options.weightsPath.c_str());
  if (!status)
    status = abi.pt2c_model_create(modelOptions, &handle);
  abi.pt2c_options_free(modelOptions);
  if (status) {
    pt2c_code code = library->consume(status, message);
    printError("cannot create the model of '" + options.modelPath +
               "': " + message);
    return exitCodeFor(code);
  }
  if (options.randomInputs && !randomInputs(abi, handle, options.seed, shapes, arrays, error)) {
    printError(error);
    return kExitBadInput;
  }
  return bindInputs(arrays);
}

/// The k of an "ink" key; SIZE_MAX for other keys ("out0"); larger than
/// any input count for absurd ones.
static size_t inputIndex(const std::string &key) {
  if (key.size() < 3 || key.compare(0, 2, "in") != 0 ||
      key.find_first_not_of("0123456789", 2) != std::string::npos)
    return SIZE_MAX;
  if (key.size() > 2 + 9)
    return SIZE_MAX - 1;
  return std::stoul(key.substr(2));
}

int Session::bindInputs(const std::vector<NpyArray> &arrays) {
  const Pt2cApi &abi = api();
  size_t count = abi.pt2c_model_num_inputs(handle);
  for (const NpyArray &array : arrays)
    if (size_t k = inputIndex(array.name); k != SIZE_MAX && k >= count) {
      printError("the inputs file has '" + array.name + "', but the model " +
                 "takes " + std::to_string(count) + " inputs");
      return kExitBadInput;
    }
  converted.resize(count);
  for (size_t i = 0; i < count; ++i) {
    std::string key = "in" + std::to_string(i);
    const NpyArray *array = findArray(arrays, key);
    if (!array) {
      const char *name = abi.pt2c_model_input_name(handle, i);
      printError("the inputs file has no '" + key + "' for input " +
                 std::to_string(i) + " ('" + (name ? name : "?") +
                 "') of the model");
      return kExitBadInput;
    }
    DLTensor tensor{};
    tensor.data = const_cast<uint8_t *>(array->data.data());
    tensor.device = {kDLCPU, 0};
    tensor.ndim = int(array->shape.size());
    tensor.dtype = array->dtype;
    tensor.shape = const_cast<int64_t *>(array->shape.data());
    DLDataType wanted = abi.pt2c_model_input_dtype(handle, i);
    // docs/design.md: bfloat16 is stored as float32 and converted here. Any
    // other difference is left for the model's validation to report.
    if (wanted.code == kDLBfloat && wanted.bits == 16 &&
        array->dtype.code == kDLFloat && array->dtype.bits == 32) {
      int64_t n = array->numElements();
      converted[i].resize(size_t(n) * 2);
      for (int64_t k = 0; k < n; ++k) {
        float value;
        std::memcpy(&value, array->data.data() + k * 4, 4);
        uint16_t bits = floatToBfloat16(value);
        std::memcpy(converted[i].data() + k * 2, &bits, 2);
      }
      tensor.data = converted[i].data();
      tensor.dtype = wanted;
    }
    inputs.push_back(tensor);
  }
  return kExitSuccess;
}

int Session::run(std::vector<DLTensor> &outputs) {
  // An output of data-dependent size that an earlier run allocated and
  // left at its actual size is given back its room (docs/runtime.md).
  const Pt2cApi &abi = api();
  for (size_t i = 0; i < outputs.size(); ++i)
    for (int d = 0; outputs[i].data && d < outputs[i].ndim; ++d) {
      int32_t symbol = abi.pt2c_model_output_dim_symbol(handle, i, d);
      int64_t least = 0, most = 0;
      if (symbol >= 0 && abi.pt2c_model_symbol_is_data_dependent(handle, size_t(symbol)) == 1 &&
          !abi.pt2c_model_symbol_range(handle, size_t(symbol), &least, &most))
        outputs[i].shape[d] = most;
    }
  pt2c_status *status = api().pt2c_model_run(
      handle, inputs.data(), inputs.size(), outputs.data(), outputs.size());
  if (!status)
    return kExitSuccess;
  std::string message;
  pt2c_code code = library->consume(status, message);
  printError("pt2c_model_run failed: " + message);
  return exitCodeFor(code);
}

size_t tensorBytes(const DLTensor &tensor) {
  size_t bytes = (size_t(tensor.dtype.bits) * tensor.dtype.lanes + 7) / 8;
  for (int d = 0; d < tensor.ndim; ++d)
    bytes *= size_t(tensor.shape[d]);
  return bytes;
}

int Session::moveInputsTo(DeviceMemory &memory) {
  std::string error;
  for (DLTensor &input : inputs) {
    void *copy = memory.allocate(tensorBytes(input), input.data, error);
    if (!copy) {
      printError(error);
      return kExitBadInput;
    }
    input.data = copy;
    input.device = {kDLCUDA, 0};
  }
  return kExitSuccess;
}

void Session::freeOutputs(std::vector<DLTensor> &outputs) {
  for (DLTensor &output : outputs)
    api().pt2c_tensor_free(&output);
}

} // namespace pt2c::run
