//===- TestModelLibrary.cpp - The test-double models, loaded with dlopen --===//

#include "TestModelLibrary.h"

#include <catch2/catch.hpp>

#include <dlfcn.h>

#include <map>
#include <memory>
#include <mutex>

namespace pt2c::test {

std::pair<pt2c_code, std::string> ModelApi::take(pt2c_status *status) const {
  std::pair<pt2c_code, std::string> result{pt2c_status_code(status),
                                           pt2c_status_message(status)};
  pt2c_status_free(status);
  return result;
}

const ModelApi &loadModelLibrary(const char *path) {
  // Libraries stay loaded for the whole test binary: the thread tests hold
  // function pointers into them.
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<ModelApi>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<ModelApi> &api = loaded[path];
  if (api)
    return *api;
  void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    FAIL("dlopen " << path << ": " << dlerror());
  auto table = std::make_unique<ModelApi>();
#define PT2C_TEST_LOOKUP(name)                                                 \
  table->name = reinterpret_cast<decltype(table->name)>(dlsym(handle, #name)); \
  if (!table->name)                                                            \
    FAIL(path << " does not export " #name);
  PT2C_TEST_FUNCTIONS(PT2C_TEST_LOOKUP)
#undef PT2C_TEST_LOOKUP
  api = std::move(table);
  return *api;
}

const ModelApi &testModel() { return loadModelLibrary(PT2C_TEST_MODEL); }

ModelHandle::ModelHandle(int threads, const ModelApi &api) : api(api) {
  pt2c_options *options = nullptr;
  REQUIRE(api.pt2c_options_create(PT2C_ABI_VERSION, &options) == nullptr);
  if (threads)
    REQUIRE(api.pt2c_options_set_cpu_threads(options, threads) == nullptr);
  auto [code, message] = api.take(api.pt2c_model_create(options, &model));
  api.pt2c_options_free(options);
  INFO(message);
  REQUIRE(code == PT2C_OK);
  REQUIRE(model != nullptr);
}

ModelHandle::~ModelHandle() { api.pt2c_model_destroy(model); }

DLTensor makeTensor(void *data, DLDataType dtype, std::vector<int64_t> &shape) {
  DLTensor tensor{};
  tensor.data = data;
  tensor.device = {kDLCPU, 0};
  tensor.ndim = int(shape.size());
  tensor.dtype = dtype;
  tensor.shape = shape.data();
  return tensor;
}

DoubleInputs::DoubleInputs(int64_t rows, int seed)
    : x(size_t(rows) * 4),
      shift(size_t(rows)), xShape{rows, 4}, shiftShape{rows} {
  for (int64_t i = 0; i < rows; ++i) {
    shift[size_t(i)] = (i + seed) % 7 - 3;
    for (int64_t j = 0; j < 4; ++j)
      x[size_t(i * 4 + j)] = float((i * 4 + j + seed) % 13) * 0.37f - 2.0f;
  }
  tensors[0] = makeTensor(x.data(), kFloat32, xShape);
  tensors[1] = makeTensor(shift.data(), kInt64, shiftShape);
}

std::vector<float> expectedY(const DoubleInputs &inputs) {
  const float w[4] = {0.5f, -1.0f, 2.0f, 0.25f};
  const float b[4] = {1.0f, 0.0f, -0.5f, 3.0f};
  std::vector<float> y(inputs.x.size());
  for (size_t i = 0; i < inputs.shift.size(); ++i)
    for (size_t j = 0; j < 4; ++j) {
      float scaled = inputs.x[i * 4 + j] * w[j];
      y[i * 4 + j] = scaled + b[j] + float(inputs.shift[i]);
    }
  return y;
}

} // namespace pt2c::test
