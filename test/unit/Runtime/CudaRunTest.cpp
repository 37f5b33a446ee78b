//===- CudaRunTest.cpp - Running a CUDA model: fake driver, and real GPUs -===//
//
// The test double compiled for cpu and cuda (TestModelCuda.c) runs here
// twice over:
//  - "[cuda]" against FakeCuda.c (PT2C_CUDA_DRIVER), so CI covers the whole
//    CUDA path without a GPU: staging, device tensors, streams, scratch
//    reuse, kernel lookups, failures injected into the driver, and that the
//    runtime misuses nothing and leaks nothing;
//  - "[gpu]" against the machine's NVIDIA driver, the same scenarios on a
//    real GPU (real PTX, JIT-compiled). Without a driver ctest reports
//    them skipped (CatchMain.cpp); in a run of the whole binary they pass
//    with a warning.
// Each backend has its own copy of the model library, so each has its own
// runtime with its own driver.
//
//===----------------------------------------------------------------------===//

#include "CudaDriverApi.h"
#include "DoubleArchive.h"
#include "FakeCuda.h"
#include "ScratchFile.h"
#include "TestModelLibrary.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <memory>
#include <thread>

using namespace pt2c::test;
using Catch::Matchers::Contains;

namespace {

struct Backend {
  const char *library;
  std::string driver; ///< PT2C_CUDA_DRIVER while creating; "" for the real one
  bool fake;
  std::string weightsPath = {}; ///< for a model with external weights

  const ModelApi &api() const { return loadModelLibrary(library); }

  /// A CUDA model on `device`, or the failure.
  std::pair<pt2c_code, std::string> create(pt2c_model **model, int device = 0,
                                           void *stream = nullptr, int graphs = 1,
                                           int async = 0, int profiling = 0) const {
    const ModelApi &a = api();
    pt2c_options *options = nullptr;
    REQUIRE(a.pt2c_options_create(PT2C_ABI_VERSION, &options) == nullptr);
    REQUIRE(a.pt2c_options_set_device(options, kDLCUDA) == nullptr);
    REQUIRE(a.pt2c_options_set_device_index(options, device) == nullptr);
    REQUIRE(a.pt2c_options_set_cuda_stream(options, stream) == nullptr);
    REQUIRE(a.pt2c_options_set_cuda_graphs(options, graphs) == nullptr);
    REQUIRE(a.pt2c_options_set_cuda_async(options, async) == nullptr);
    REQUIRE(a.pt2c_options_set_profiling(options, profiling) == nullptr);
    if (!weightsPath.empty())
      REQUIRE(a.pt2c_options_set_weights_path(options, weightsPath.c_str()) == nullptr);
    if (fake)
      setenv("PT2C_CUDA_DRIVER", driver.c_str(), 1);
    else
      unsetenv("PT2C_CUDA_DRIVER");
    auto result = a.take(a.pt2c_model_create(options, model));
    unsetenv("PT2C_CUDA_DRIVER");
    a.pt2c_options_free(options);
    return result;
  }

  CudaDriverApi &driverApi() const {
    static std::map<std::string, std::unique_ptr<CudaDriverApi>> opened;
    std::string path = fake ? driver : "libcuda.so.1";
    auto &api = opened[path];
    if (!api)
      api = std::make_unique<CudaDriverApi>(path, 0);
    return *api;
  }
};

const Backend &fakeBackend() {
  static const Backend backend{PT2C_TEST_MODEL_GPU, PT2C_FAKE_CUDA, true};
  return backend;
}

/// The machine's GPU, or NULL (with a warning) when it has none.
const Backend *gpuBackend() {
  static const Backend backend{PT2C_TEST_MODEL_GPU_REAL, "", false};
  static const bool present = [] {
    pt2c_model *model = nullptr;
    auto [code, message] = backend.create(&model);
    backend.api().pt2c_model_destroy(model);
    if (code == PT2C_OK)
      return true;
    bool noDriver = message.find("cannot load the NVIDIA driver") != std::string::npos ||
                    message.find("does not initialise") != std::string::npos;
    if (!noDriver)
      FAIL("creating the model on the GPU failed: " << message);
    return false;
  }();
  if (!present)
    WARN("no NVIDIA driver or GPU here: the [gpu] checks did not run");
  return present ? &backend : nullptr;
}

/// Destroys the model at scope exit.
struct CudaModel {
  const Backend &backend;
  pt2c_model *model = nullptr;
  explicit CudaModel(const Backend &backend, int device = 0, void *stream = nullptr,
                     int graphs = 1, int async = 0)
      : backend(backend) {
    auto [code, message] = backend.create(&model, device, stream, graphs, async);
    INFO(message);
    REQUIRE(code == PT2C_OK);
  }
  ~CudaModel() { backend.api().pt2c_model_destroy(model); }
  std::pair<pt2c_code, std::string> run(DLTensor *inputs, DLTensor *outputs) const {
    const ModelApi &api = backend.api();
    return api.take(api.pt2c_model_run(model, inputs, 2, outputs, 2));
  }
};

void checkOutputs(const DoubleInputs &inputs, const float *y, const uint8_t *positive) {
  std::vector<float> want = expectedY(inputs);
  for (size_t k = 0; k < want.size(); ++k) {
    INFO("element " << k);
    REQUIRE(y[k] == want[k]);
    REQUIRE(positive[k] == (want[k] > 0.0f ? 1 : 0));
  }
}

/// Host inputs; caller-allocated host outputs, then model-allocated ones.
void checkHostTensors(const Backend &backend) {
  CudaModel model(backend);
  const ModelApi &api = backend.api();
  for (int64_t rows : {1, 5, 64, 5}) {
    DoubleInputs inputs(rows, int(rows));
    std::vector<float> y(size_t(rows) * 4, -99.0f);
    std::vector<uint8_t> positive(size_t(rows) * 4, 7);
    std::vector<int64_t> shape{rows, 4};
    DLTensor outputs[2] = {makeTensor(y.data(), kFloat32, shape),
                           makeTensor(positive.data(), kBool, shape)};
    auto [code, message] = model.run(inputs.tensors, outputs);
    INFO(message);
    REQUIRE(code == PT2C_OK);
    checkOutputs(inputs, y.data(), positive.data());

    DLTensor allocated[2] = {};
    std::tie(code, message) = model.run(inputs.tensors, allocated);
    REQUIRE(code == PT2C_OK);
    for (const DLTensor &output : allocated) {
      REQUIRE(output.data);
      CHECK(output.device.device_type == kDLCPU);
      CHECK(output.shape[0] == rows);
    }
    checkOutputs(inputs, static_cast<float *>(allocated[0].data),
                 static_cast<uint8_t *>(allocated[1].data));
    api.pt2c_tensor_free(&allocated[0]);
    api.pt2c_tensor_free(&allocated[1]);
  }
}

/// Inputs and outputs in device memory, used in place; then a mix.
void checkDeviceTensors(const Backend &backend) {
  CudaModel model(backend);
  CudaDriverApi &driver = backend.driverApi();
  constexpr int64_t rows = 9;
  DoubleInputs inputs(rows, 3);
  size_t n = size_t(rows) * 4;
  void *x = driver.alloc(n * 4), *shift = driver.alloc(rows * 8);
  void *y = driver.alloc(n * 4), *positive = driver.alloc(n);
  driver.toDevice(x, inputs.x.data(), n * 4);
  driver.toDevice(shift, inputs.shift.data(), rows * 8);
  DLTensor deviceInputs[2] = {inputs.tensors[0], inputs.tensors[1]};
  deviceInputs[0].data = x;
  deviceInputs[1].data = shift;
  std::vector<int64_t> shape{rows, 4};
  DLTensor outputs[2] = {makeTensor(y, kFloat32, shape), makeTensor(positive, kBool, shape)};
  for (DLTensor *tensor : {&deviceInputs[0], &deviceInputs[1], &outputs[0], &outputs[1]})
    tensor->device = {kDLCUDA, 0};
  auto [code, message] = model.run(deviceInputs, outputs);
  INFO(message);
  REQUIRE(code == PT2C_OK);
  std::vector<float> hostY(n);
  std::vector<uint8_t> hostPositive(n);
  driver.toHost(hostY.data(), y, n * 4);
  driver.toHost(hostPositive.data(), positive, n);
  checkOutputs(inputs, hostY.data(), hostPositive.data());

  // x on the host, shift on the device; y on the host, positive on it.
  std::vector<float> mixedY(n, -99.0f);
  DLTensor mixedInputs[2] = {inputs.tensors[0], deviceInputs[1]};
  DLTensor mixedOutputs[2] = {makeTensor(mixedY.data(), kFloat32, shape), outputs[1]};
  driver.toDevice(positive, std::vector<uint8_t>(n, 7).data(), n);
  std::tie(code, message) = model.run(mixedInputs, mixedOutputs);
  REQUIRE(code == PT2C_OK);
  driver.toHost(hostPositive.data(), positive, n);
  checkOutputs(inputs, mixedY.data(), hostPositive.data());

  // Another GPU's memory is refused before anything runs.
  deviceInputs[0].device.device_id = 1;
  std::tie(code, message) = model.run(deviceInputs, outputs);
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK(message == "input 0 ('x'): device is cuda:1, expected cpu or cuda:0");
  for (void *ptr : {x, shift, y, positive})
    driver.free(ptr);
}

/// 4 threads at once on one model, each run a different size.
void checkThreads(const Backend &backend, int runs) {
  CudaModel model(backend);
  const ModelApi &api = backend.api();
  std::atomic<int> failed{0}, wrong{0}, completed{0};
  std::string firstError;
  std::atomic<bool> haveError{false};
  auto worker = [&](int thread) {
    for (int run = 0; run < runs; ++run) {
      int64_t rows = 1 + (thread * 17 + run * 7) % 64;
      if (rows == 63 || rows == 61 || rows == 59) // the double's missing-kernel and index-check triggers
        rows = 62;
      DoubleInputs inputs(rows, thread * runs + run);
      DLTensor outputs[2] = {};
      pt2c_status *status = api.pt2c_model_run(model.model, inputs.tensors, 2, outputs, 2);
      if (status) {
        if (!haveError.exchange(true))
          firstError = api.pt2c_status_message(status);
        api.pt2c_status_free(status);
        ++failed;
        continue;
      }
      std::vector<float> want = expectedY(inputs);
      const float *y = static_cast<const float *>(outputs[0].data);
      const uint8_t *positive = static_cast<const uint8_t *>(outputs[1].data);
      for (size_t k = 0; k < want.size(); ++k)
        if (y[k] != want[k] || positive[k] != (want[k] > 0.0f))
          ++wrong;
      api.pt2c_tensor_free(&outputs[0]);
      api.pt2c_tensor_free(&outputs[1]);
      ++completed;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back(worker, t);
  for (std::thread &thread : threads)
    thread.join();
  INFO("first error: " << firstError);
  CHECK(failed == 0);
  CHECK(wrong == 0);
  CHECK(completed == 4 * runs);
}

/// The caller's stream, for every run.
void checkCallerStream(const Backend &backend) {
  CudaDriverApi &driver = backend.driverApi();
  void *stream = driver.createStream();
  {
    CudaModel model(backend, 0, stream);
    DoubleInputs inputs(7, 2);
    DLTensor outputs[2] = {};
    auto [code, message] = model.run(inputs.tensors, outputs);
    INFO(message);
    REQUIRE(code == PT2C_OK);
    checkOutputs(inputs, static_cast<float *>(outputs[0].data),
                 static_cast<uint8_t *>(outputs[1].data));
    backend.api().pt2c_tensor_free(&outputs[0]);
    backend.api().pt2c_tensor_free(&outputs[1]);
  }
  driver.destroyStream(stream);
}

/// A kernel the module lacks: named in the status; the model runs on.
void checkMissingKernel(const Backend &backend) {
  CudaModel model(backend);
  DoubleInputs inputs(63);
  DLTensor outputs[2] = {};
  auto [code, message] = model.run(inputs.tensors, outputs);
  CHECK(code == PT2C_INTERNAL);
  CHECK_THAT(message, Contains("model 'test_double': cuda: kernel pt2c_test_missing") &&
                          Contains("CUDA_ERROR_NOT_FOUND"));
  CHECK(outputs[0].data == nullptr);
  CHECK(outputs[1].data == nullptr);
  DoubleInputs next(5);
  std::tie(code, message) = model.run(next.tensors, outputs);
  INFO(message);
  REQUIRE(code == PT2C_OK);
  checkOutputs(next, static_cast<float *>(outputs[0].data),
               static_cast<uint8_t *>(outputs[1].data));
  backend.api().pt2c_tensor_free(&outputs[0]);
  backend.api().pt2c_tensor_free(&outputs[1]);
}

/// The double's index check (TestModelCuda.c, 61 rows): shift[0] and
/// shift[1] stand for the smallest and largest index into a dim of 50,
/// which the runtime's scan reduces. With 59 rows a kernel of the model
/// checks them itself and writes an outside one into the runtime's slot
/// (pt2c-fold-index-checks' form).
constexpr int64_t kIndexRows = 61;
constexpr int64_t kKernelCheckRows = 59;

/// Runs of an index-checking shape, good and bad in turn: each bad one
/// fails with the value, the size and the site, whether it ran directly,
/// was captured (the second run, the key's first good one before it) or
/// replayed; every good one in between succeeds with the right results
/// (after a failed replay, the kernel's slot must have been cleared).
void checkIndexChecks(const Backend &backend, int graphs, int64_t rows = kIndexRows) {
  CudaModel model(backend, 0, nullptr, graphs);
  const ModelApi &api = backend.api();
  auto runWith = [&](int64_t lowest, int64_t highest) {
    DoubleInputs inputs(rows, 2);
    inputs.shift[0] = lowest;
    inputs.shift[1] = highest;
    DLTensor outputs[2] = {};
    auto result = model.run(inputs.tensors, outputs);
    if (result.first == PT2C_OK) {
      checkOutputs(inputs, static_cast<float *>(outputs[0].data),
                   static_cast<uint8_t *>(outputs[1].data));
      api.pt2c_tensor_free(&outputs[0]);
      api.pt2c_tensor_free(&outputs[1]);
    } else {
      CHECK(outputs[0].data == nullptr); // a failed run's are freed
    }
    return result;
  };
  const std::string site = "input 'shift' at test_index @ double.py:5";
  struct Case {
    int64_t lowest, highest;
    std::optional<int64_t> bad; // none when the run succeeds
  } cases[] = {{0, 49, {}}, {0, 50, 50}, {3, 7, {}}, {-5, 3, -5},
               {1, 2, {}},  {0, 1000000000, 1000000000}, {49, 49, {}}};
  for (const Case &c : cases) {
    INFO("indices " << c.lowest << " to " << c.highest << ", graphs " << graphs << ", rows "
                    << rows);
    auto [code, message] = runWith(c.lowest, c.highest);
    if (!c.bad) {
      INFO(message);
      CHECK(code == PT2C_OK);
      continue;
    }
    // The scan knows the indices' range; a kernel only the index it met.
    std::string range = rows == kIndexRows ? "; the indices ranged from " +
                                                 std::to_string(c.lowest) + " to " +
                                                 std::to_string(c.highest)
                                           : "";
    CHECK(code == PT2C_INVALID_ARGUMENT);
    CHECK(message == "model 'test_double': index " + std::to_string(*c.bad) +
                         " is out of range for a dimension of size 50 (valid: 0 to 49" +
                         range + "): " + site);
  }
}

/// One run of `rows` rows of inputs from `seed` into model-allocated
/// outputs: it succeeds with the double's results; the outputs are freed.
void runIntoModelOutputs(const CudaModel &model, int64_t rows, int seed) {
  DoubleInputs inputs(rows, seed);
  DLTensor outputs[2] = {};
  auto [code, message] = model.run(inputs.tensors, outputs);
  INFO("rows " << rows << ", seed " << seed << ": " << message);
  REQUIRE(code == PT2C_OK);
  checkOutputs(inputs, static_cast<float *>(outputs[0].data),
               static_cast<uint8_t *>(outputs[1].data));
  model.backend.api().pt2c_tensor_free(&outputs[0]);
  model.backend.api().pt2c_tensor_free(&outputs[1]);
}

constexpr int64_t kScalarReadRows = 57;

/// Runs of the double that read values back from the device mid-run, as
/// the host code of a data-dependent size does (TestModelCuda.c): each run
/// succeeds only if its reads saw what the kernels before them wrote.
void checkScalarReads(const Backend &backend, int graphs) {
  CudaModel model(backend, 0, nullptr, graphs);
  for (int run = 0; run < 4; ++run) {
    INFO("run " << run << ", graphs " << graphs);
    runIntoModelOutputs(model, kScalarReadRows, 30 + run);
  }
}

/// Runs of one shape with new data each time (the graph must read the new
/// inputs), a second shape in between, device outputs at two addresses in
/// turn: every result right, whether it ran directly, captured or replayed.
void checkGraphRuns(const Backend &backend, int graphs = 1) {
  CudaModel model(backend, 0, nullptr, graphs);
  for (int seed = 0; seed < 4; ++seed)
    runIntoModelOutputs(model, 10, seed);
  runIntoModelOutputs(model, 3, 9);
  runIntoModelOutputs(model, 10, 11);

  CudaDriverApi &driver = backend.driverApi();
  constexpr int64_t rows = 6;
  constexpr size_t n = size_t(rows) * 4;
  void *y[2] = {driver.alloc(n * 4), driver.alloc(n * 4)};
  void *positive[2] = {driver.alloc(n), driver.alloc(n)};
  std::vector<int64_t> shape{rows, 4};
  for (int run = 0; run < 6; ++run) {
    DoubleInputs inputs(rows, 20 + run);
    DLTensor outputs[2] = {makeTensor(y[run % 2], kFloat32, shape),
                           makeTensor(positive[run % 2], kBool, shape)};
    outputs[0].device = outputs[1].device = {kDLCUDA, 0};
    auto [code, message] = model.run(inputs.tensors, outputs);
    INFO("device outputs, run " << run << ": " << message);
    REQUIRE(code == PT2C_OK);
    std::vector<float> hostY(n);
    std::vector<uint8_t> hostPositive(n);
    driver.toHost(hostY.data(), y[run % 2], n * 4);
    driver.toHost(hostPositive.data(), positive[run % 2], n);
    checkOutputs(inputs, hostY.data(), hostPositive.data());
  }
  for (void *ptr : {y[0], y[1], positive[0], positive[1]})
    driver.free(ptr);
}

// ---- The fake driver's view ------------------------------------------------

fake_cuda_stats fakeStats() {
  auto get = reinterpret_cast<decltype(&fake_cuda_get_stats)>(
      fakeBackend().driverApi().symbol("fake_cuda_get_stats"));
  REQUIRE(get);
  fake_cuda_stats stats{};
  get(&stats);
  return stats;
}

void fakeFailNext(const char *function, int result) {
  auto fail = reinterpret_cast<decltype(&fake_cuda_fail_next)>(
      fakeBackend().driverApi().symbol("fake_cuda_fail_next"));
  REQUIRE(fail);
  fail(function, result);
}

int fakeContextDepth() {
  auto depth = reinterpret_cast<decltype(&fake_cuda_context_depth)>(
      fakeBackend().driverApi().symbol("fake_cuda_context_depth"));
  REQUIRE(depth);
  return depth();
}

/// Wraps a fake-driver test: no misuse, nothing left allocated or pushed.
struct FakeDriverCheck {
  fake_cuda_stats before = fakeStats();
  ~FakeDriverCheck() {
    fake_cuda_stats after = fakeStats();
    INFO("last misuse: " << after.misuse);
    CHECK(after.bad_calls == before.bad_calls);
    CHECK(after.live_allocations == before.live_allocations);
    CHECK(after.live_streams == before.live_streams);
    CHECK(after.live_graphs == before.live_graphs);
    CHECK(after.live_events == before.live_events);
    CHECK(after.live_pinned == before.live_pinned);
    CHECK(fakeContextDepth() == 0);
  }
};

} // namespace

TEST_CASE("CUDA model on the fake driver: host and device tensors", "[runtime][cuda]") {
  FakeDriverCheck check;
  checkHostTensors(fakeBackend());
  checkDeviceTensors(fakeBackend());
}

TEST_CASE("CUDA model on the fake driver: external weights read, then uploaded",
          "[runtime][cuda]") {
  // The double with --weights external (TestModel.c): its blob is built from
  // the archive on the host, then copied to the device like an embedded one.
  ScratchFile archive(DoubleArchive().bytes());
  Backend external{PT2C_TEST_MODEL_GPU_EXTERNAL, PT2C_FAKE_CUDA, true, archive.path()};
  FakeDriverCheck check;
  checkHostTensors(external);
  checkDeviceTensors(external);

  external.weightsPath = "/no/such/weights.pt2";
  pt2c_model *model = nullptr;
  auto [code, message] = external.create(&model);
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("weights file '/no/such/weights.pt2': cannot open it"));
}

TEST_CASE("CUDA model on the fake driver: 4 threads at once", "[runtime][cuda]") {
  FakeDriverCheck check;
  checkThreads(fakeBackend(), 200);
  // Each thread took its own context, hence its own stream: all destroyed.
}

TEST_CASE("CUDA model on the fake driver: the caller's stream", "[runtime][cuda]") {
  FakeDriverCheck check;
  long streamsBefore = fakeStats().live_streams;
  CudaDriverApi &driver = fakeBackend().driverApi();
  void *stream = driver.createStream();
  {
    CudaModel model(fakeBackend(), 0, stream);
    DoubleInputs inputs(3);
    DLTensor outputs[2] = {};
    REQUIRE(model.run(inputs.tensors, outputs).first == PT2C_OK);
    fake_cuda_stats stats = fakeStats();
    CHECK(stats.last_stream == stream);
    CHECK(stats.live_streams == streamsBefore + 1); // no stream of its own
    fakeBackend().api().pt2c_tensor_free(&outputs[0]);
    fakeBackend().api().pt2c_tensor_free(&outputs[1]);
  }
  driver.destroyStream(stream);
  checkCallerStream(fakeBackend());
}

TEST_CASE("CUDA model on the fake driver: steady runs allocate and look up nothing",
          "[runtime][cuda]") {
  FakeDriverCheck check;
  CudaModel model(fakeBackend());
  DoubleInputs inputs(12);
  DLTensor outputs[2] = {};
  auto runOnce = [&] {
    REQUIRE(model.run(inputs.tensors, outputs).first == PT2C_OK);
    checkOutputs(inputs, static_cast<float *>(outputs[0].data),
                 static_cast<uint8_t *>(outputs[1].data));
    fakeBackend().api().pt2c_tensor_free(&outputs[0]);
    fakeBackend().api().pt2c_tensor_free(&outputs[1]);
  };
  runOnce();
  fake_cuda_stats first = fakeStats();
  for (int i = 0; i < 5; ++i)
    runOnce();
  fake_cuda_stats later = fakeStats();
  // Staging buffers and scratch blocks are kept, kernel handles cached.
  CHECK(later.allocations == first.allocations);
  CHECK(later.function_lookups == first.function_lookups);
  // Two kernels a run; the empty launch never reaches the driver.
  CHECK(later.launches == first.launches + 5 * 2);
}

TEST_CASE("CUDA model on the fake driver: temporaries in one arena per context",
          "[runtime][cuda][arena]") {
  FakeDriverCheck check;
  fake_cuda_stats start = fakeStats();
  {
    // Graphs off: every run calls the compiled code, which allocates.
    CudaModel model(fakeBackend(), 0, nullptr, 0);
    const ModelApi &api = fakeBackend().api();
    auto runRows = [&](int64_t rows) {
      DoubleInputs inputs(rows, int(rows));
      DLTensor outputs[2] = {};
      auto [code, message] = model.run(inputs.tensors, outputs);
      INFO(message);
      REQUIRE(code == PT2C_OK);
      checkOutputs(inputs, static_cast<float *>(outputs[0].data),
                   static_cast<uint8_t *>(outputs[1].data));
      api.pt2c_tensor_free(&outputs[0]);
      api.pt2c_tensor_free(&outputs[1]);
    };
    fake_cuda_stats created = fakeStats();
    // The first run of 12 rows records its two temporaries (8 bytes, freed
    // at once, then 192) in blocks, then lays them out in one arena and
    // frees the blocks: what stays is 4 staging buffers and the arena.
    runRows(12);
    fake_cuda_stats first = fakeStats();
    CHECK(first.live_allocations - created.live_allocations == 4 + 1);
    CHECK(first.allocations - created.allocations == 4 + 2 + 1);
    runRows(12);
    runRows(12);
    CHECK(fakeStats().allocations == first.allocations);
    // 40 rows: recorded again (two blocks, larger staging), then the arena
    // grows: still one arena.
    runRows(40);
    fake_cuda_stats grown = fakeStats();
    CHECK(grown.live_allocations == first.live_allocations);
    // Both shapes replay now: nothing more is allocated.
    runRows(12);
    runRows(40);
    runRows(12);
    CHECK(fakeStats().allocations == grown.allocations);
  }
  CHECK(fakeStats().live_allocations == start.live_allocations);
}

TEST_CASE("CUDA model on the fake driver: a kernel that is not there", "[runtime][cuda]") {
  FakeDriverCheck check;
  checkMissingKernel(fakeBackend());
}

TEST_CASE("CUDA model on the fake driver: driver failures become statuses",
          "[runtime][cuda]") {
  FakeDriverCheck check;
  CudaModel model(fakeBackend());
  const ModelApi &api = fakeBackend().api();
  DoubleInputs inputs(6);
  auto failingRun = [&](const char *function, int result, DLTensor *tensors) {
    fakeFailNext(function, result);
    DLTensor outputs[2] = {};
    auto status = model.run(tensors, outputs);
    CHECK(outputs[0].data == nullptr); // nothing to free after a failure
    CHECK(outputs[1].data == nullptr);
    return status;
  };

  auto [code, message] = failingRun("cuLaunchKernel", 719, inputs.tensors);
  CHECK(code == PT2C_DEVICE_ERROR);
  CHECK(message == "model 'test_double': cuda: launching kernel pt2c_test_scale (grid "
                   "[1, 1, 1], block [128, 1, 1]): CUDA_ERROR_LAUNCH_FAILED: unspecified "
                   "launch failure");

  std::tie(code, message) = failingRun("cuStreamSynchronize", 700, inputs.tensors);
  CHECK(code == PT2C_DEVICE_ERROR);
  CHECK(message == "model 'test_double': cuda: running its kernels: "
                   "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered");

  // A new size: the first allocation is the staging buffer of input 0.
  DoubleInputs bigger(40);
  std::tie(code, message) = failingRun("cuMemAlloc_v2", 2, bigger.tensors);
  CHECK(code == PT2C_OUT_OF_MEMORY);
  CHECK_THAT(message, Contains("allocating a device buffer for a host tensor") &&
                          Contains("CUDA_ERROR_OUT_OF_MEMORY"));

  // Device inputs and outputs need no staging: the first allocation of a
  // new size is the kernels' scratch.
  CudaDriverApi &driver = fakeBackend().driverApi();
  DoubleInputs other(17);
  size_t n = 17 * 4;
  void *x = driver.alloc(n * 4), *shift = driver.alloc(17 * 8);
  void *y = driver.alloc(n * 4), *positive = driver.alloc(n);
  driver.toDevice(x, other.x.data(), n * 4);
  driver.toDevice(shift, other.shift.data(), 17 * 8);
  DLTensor deviceInputs[2] = {other.tensors[0], other.tensors[1]};
  deviceInputs[0].data = x;
  deviceInputs[1].data = shift;
  std::vector<int64_t> shape{17, 4};
  DLTensor deviceOutputs[2] = {makeTensor(y, kFloat32, shape),
                               makeTensor(positive, kBool, shape)};
  for (DLTensor *tensor : {&deviceInputs[0], &deviceInputs[1], &deviceOutputs[0],
                           &deviceOutputs[1]})
    tensor->device = {kDLCUDA, 0};
  fakeFailNext("cuMemAlloc_v2", 2);
  std::tie(code, message) = model.run(deviceInputs, deviceOutputs);
  CHECK(code == PT2C_OUT_OF_MEMORY);
  CHECK(message == "model 'test_double': cuda: allocating 272 bytes of device scratch: "
                   "CUDA_ERROR_OUT_OF_MEMORY: out of memory");
  REQUIRE(model.run(deviceInputs, deviceOutputs).first == PT2C_OK);
  // The fake's device memory is host memory: read it in place.
  checkOutputs(other, static_cast<float *>(y), static_cast<uint8_t *>(positive));

  // The model is fine afterwards.
  DLTensor outputs[2] = {};
  std::tie(code, message) = model.run(deviceInputs, outputs);
  INFO(message);
  REQUIRE(code == PT2C_OK);
  checkOutputs(other, static_cast<float *>(outputs[0].data),
               static_cast<uint8_t *>(outputs[1].data));
  api.pt2c_tensor_free(&outputs[0]);
  api.pt2c_tensor_free(&outputs[1]);
  for (void *ptr : {x, shift, y, positive})
    driver.free(ptr);
}

TEST_CASE("CUDA model on the fake driver: devices it cannot use", "[runtime][cuda]") {
  FakeDriverCheck check;
  const Backend &backend = fakeBackend();
  pt2c_model *model = nullptr;
  auto [code, message] = backend.create(&model, 7);
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK(message == "cuda: there is no device 7 (3 GPUs visible to this process)");

  // Device 1 is sm_50, older than the bundle's only form.
  std::tie(code, message) = backend.create(&model, 1);
  CHECK(code == PT2C_UNSUPPORTED);
  CHECK(message == "cuda: device 1 is sm_50; this model's kernels were compiled for "
                   "ptx sm_60 (compile it with --cuda-arch sm_50)");

  // The driver rejects the kernels on device 2; a later create tries again.
  fakeFailNext("cuModuleLoadData", 218);
  std::tie(code, message) = backend.create(&model, 2);
  CHECK(code == PT2C_DEVICE_ERROR);
  CHECK(message == "cuda: the driver cannot load this model's kernels (PTX for sm_60) on "
                   "device 2 (sm_86): CUDA_ERROR_INVALID_PTX: a PTX JIT compilation failed");
  CHECK(model == nullptr);
  CudaModel onDevice2(backend, 2);
  DoubleInputs inputs(4);
  DLTensor outputs[2] = {};
  REQUIRE(onDevice2.run(inputs.tensors, outputs).first == PT2C_OK);
  checkOutputs(inputs, static_cast<float *>(outputs[0].data),
               static_cast<uint8_t *>(outputs[1].data));
  backend.api().pt2c_tensor_free(&outputs[0]);
  backend.api().pt2c_tensor_free(&outputs[1]);
}

TEST_CASE("CUDA model on the fake driver: the same library on the CPU", "[runtime][cuda]") {
  const ModelApi &api = fakeBackend().api();
  ModelHandle model(2, api);
  DoubleInputs inputs(5);
  DLTensor outputs[2] = {};
  REQUIRE(api.pt2c_model_run(model.get(), inputs.tensors, 2, outputs, 2) == nullptr);
  checkOutputs(inputs, static_cast<float *>(outputs[0].data),
               static_cast<uint8_t *>(outputs[1].data));
  api.pt2c_tensor_free(&outputs[0]);
  api.pt2c_tensor_free(&outputs[1]);
}

// ---- A real GPU --------------------------------------------------------------

TEST_CASE("CUDA model on the fake driver: graphs captured on a key's second run",
          "[runtime][cuda][graphs]") {
  FakeDriverCheck check;
  fake_cuda_stats before = fakeStats();
  checkGraphRuns(fakeBackend());
  fake_cuda_stats after = fakeStats();
  // rows 10: run directly, captured, replayed twice; rows 3 once directly;
  // rows 10 again replayed. Device outputs at two addresses in turn: each
  // key run directly, captured, replayed.
  CHECK(after.captures - before.captures == 3);
  CHECK(after.graph_launches - before.graph_launches == 3 + 1 + 4);
  CHECK(after.captured_launches - before.captured_launches == 3 * 2);
  // Every run executed its two kernels exactly once.
  CHECK(after.launches - before.launches == 2 * (4 + 1 + 1 + 6));
}

TEST_CASE("CUDA model on the fake driver: graphs off", "[runtime][cuda][graphs]") {
  FakeDriverCheck check;
  fake_cuda_stats before = fakeStats();
  checkGraphRuns(fakeBackend(), 0);
  setenv("PT2C_CUDA_GRAPHS", "0", 1);
  checkGraphRuns(fakeBackend(), 1);
  unsetenv("PT2C_CUDA_GRAPHS");
  fake_cuda_stats after = fakeStats();
  CHECK(after.captures == before.captures);
  CHECK(after.graph_launches == before.graph_launches);

  const ModelApi &api = fakeBackend().api();
  pt2c_options *options = nullptr;
  REQUIRE(api.pt2c_options_create(PT2C_ABI_VERSION, &options) == nullptr);
  auto [code, message] = api.take(api.pt2c_options_set_cuda_graphs(options, 2));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK(message == "pt2c_options_set_cuda_graphs: 2 is neither 0 nor 1");
  api.pt2c_options_free(options);
}

TEST_CASE("CUDA model on the fake driver: a refused capture, a failing graph launch",
          "[runtime][cuda][graphs]") {
  FakeDriverCheck check;
  const ModelApi &api = fakeBackend().api();
  auto runOnce = [&](CudaModel &model, int seed) {
    DoubleInputs inputs(5, seed);
    DLTensor outputs[2] = {};
    auto result = model.run(inputs.tensors, outputs);
    if (result.first == PT2C_OK) {
      checkOutputs(inputs, static_cast<float *>(outputs[0].data),
                   static_cast<uint8_t *>(outputs[1].data));
      api.pt2c_tensor_free(&outputs[0]);
      api.pt2c_tensor_free(&outputs[1]);
    }
    return result;
  };
  {
    // The driver refuses the capture: that run and later ones go direct.
    CudaModel model(fakeBackend());
    REQUIRE(runOnce(model, 1).first == PT2C_OK);
    fake_cuda_stats before = fakeStats();
    fakeFailNext("cuStreamEndCapture", 900); // CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED
    for (int seed = 2; seed < 6; ++seed) {
      auto [code, message] = runOnce(model, seed);
      INFO(message);
      REQUIRE(code == PT2C_OK);
    }
    fake_cuda_stats after = fakeStats();
    CHECK(after.captures == before.captures);
    CHECK(after.graph_launches == before.graph_launches);
    CHECK(after.launches - before.launches == 4 * 2);
  }
  {
    CudaModel model(fakeBackend());
    for (int seed = 0; seed < 2; ++seed) // direct, then captured
      REQUIRE(runOnce(model, seed).first == PT2C_OK);
    fakeFailNext("cuGraphLaunch", 719);
    auto [code, message] = runOnce(model, 7);
    CHECK(code == PT2C_DEVICE_ERROR);
    CHECK(message == "model 'test_double': cuda: launching the model's CUDA graph: "
                     "CUDA_ERROR_LAUNCH_FAILED: unspecified launch failure");
    std::tie(code, message) = runOnce(model, 8);
    INFO(message);
    CHECK(code == PT2C_OK);
  }
}

TEST_CASE("CUDA model on the fake driver: queued runs on the caller's stream",
          "[runtime][cuda][async]") {
  FakeDriverCheck check;
  CudaDriverApi &driver = fakeBackend().driverApi();
  void *stream = driver.createStream();
  constexpr int64_t rows = 5;
  constexpr size_t n = size_t(rows) * 4;
  void *y = driver.alloc(n * 4), *positive = driver.alloc(n);
  std::vector<int64_t> shape{rows, 4};
  for (int async : {1, 0}) {
    INFO("async " << async);
    CudaModel model(fakeBackend(), 0, stream, 1, async);
    // Runs into device outputs: the first records its temporaries and
    // waits; from the second on (a replay, then the graph) they return
    // queued when asked to. The fake runs everything at once, so results
    // are there either way.
    for (int run = 0; run < 4; ++run) {
      DoubleInputs inputs(rows, 40 + run);
      DLTensor outputs[2] = {makeTensor(y, kFloat32, shape), makeTensor(positive, kBool, shape)};
      outputs[0].device = outputs[1].device = {kDLCUDA, 0};
      long before = fakeStats().synchronizes;
      auto [code, message] = model.run(inputs.tensors, outputs);
      INFO("run " << run << ": " << message);
      REQUIRE(code == PT2C_OK);
      CHECK(fakeStats().synchronizes - before == (async && run > 0 ? 0 : 1));
      std::vector<float> hostY(n);
      std::vector<uint8_t> hostPositive(n);
      driver.toHost(hostY.data(), y, n * 4);
      driver.toHost(hostPositive.data(), positive, n);
      checkOutputs(inputs, hostY.data(), hostPositive.data());
    }
    // Host outputs are only there once the stream is done: that run waits.
    DoubleInputs inputs(rows, 50);
    DLTensor outputs[2] = {};
    long before = fakeStats().synchronizes;
    REQUIRE(model.run(inputs.tensors, outputs).first == PT2C_OK);
    CHECK(fakeStats().synchronizes - before == 1);
    checkOutputs(inputs, static_cast<float *>(outputs[0].data),
                 static_cast<uint8_t *>(outputs[1].data));
    fakeBackend().api().pt2c_tensor_free(&outputs[0]);
    fakeBackend().api().pt2c_tensor_free(&outputs[1]);
  }
  driver.free(y);
  driver.free(positive);
  driver.destroyStream(stream);

  const ModelApi &api = fakeBackend().api();
  pt2c_options *options = nullptr;
  REQUIRE(api.pt2c_options_create(PT2C_ABI_VERSION, &options) == nullptr);
  auto [code, message] = api.take(api.pt2c_options_set_cuda_async(options, -1));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK(message == "pt2c_options_set_cuda_async: -1 is neither 0 nor 1");
  api.pt2c_options_free(options);
}

TEST_CASE("CUDA model on the fake driver: indices out of range fail the run",
          "[runtime][cuda][graphs]") {
  FakeDriverCheck check;
  fake_cuda_stats before = fakeStats();
  checkIndexChecks(fakeBackend(), 1);
  fake_cuda_stats after = fakeStats();
  // The second run was captured and the five after it replayed. The
  // check's hand-over is one kernel node (the runtime's pt2crt_index_range,
  // beside the double's scale and finish), which every replay runs: 3
  // kernels in the direct first run and in each of the 6 graph launches.
  CHECK(after.captures - before.captures == 1);
  CHECK(after.graph_launches - before.graph_launches == 6);
  CHECK(after.captured_launches - before.captured_launches == 3);
  CHECK(after.launches - before.launches == 3 + 6 * 3);
  before = fakeStats();
  checkIndexChecks(fakeBackend(), 0);
  after = fakeStats();
  // Graphs off: the 7 runs launch their 3 kernels each.
  CHECK(after.launches - before.launches == 7 * 3);
}

TEST_CASE("CUDA model on the fake driver: indices a kernel finds out of range fail the run",
          "[runtime][cuda][graphs]") {
  FakeDriverCheck check;
  // The model's own check kernel takes the place of the runtime's scan:
  // again 3 kernels a run, captured once and replayed 6 times; each replay
  // clears the slot first, or the good runs after a bad one would fail.
  fake_cuda_stats before = fakeStats();
  checkIndexChecks(fakeBackend(), 1, kKernelCheckRows);
  fake_cuda_stats after = fakeStats();
  CHECK(after.captures - before.captures == 1);
  CHECK(after.graph_launches - before.graph_launches == 6);
  CHECK(after.launches - before.launches == 3 + 6 * 3);
  checkIndexChecks(fakeBackend(), 0, kKernelCheckRows);
}

TEST_CASE("CUDA model on the fake driver: a queued run's bad index fails the next run",
          "[runtime][cuda][async]") {
  FakeDriverCheck check;
  CudaDriverApi &driver = fakeBackend().driverApi();
  void *stream = driver.createStream();
  constexpr size_t n = size_t(kIndexRows) * 4;
  void *y = driver.alloc(n * 4), *positive = driver.alloc(n);
  std::vector<int64_t> shape{kIndexRows, 4};
  {
    CudaModel model(fakeBackend(), 0, stream, 1, /*async=*/1);
    auto runWith = [&](int64_t highest) {
      DoubleInputs inputs(kIndexRows, 4);
      inputs.shift[0] = 0;
      inputs.shift[1] = highest;
      DLTensor outputs[2] = {makeTensor(y, kFloat32, shape), makeTensor(positive, kBool, shape)};
      outputs[0].device = outputs[1].device = {kDLCUDA, 0};
      return model.run(inputs.tensors, outputs);
    };
    // The shape's first run waits, and reports at once.
    auto [code, message] = runWith(50);
    CHECK(code == PT2C_INVALID_ARGUMENT);
    CHECK_THAT(message, Contains("index 50 is out of range"));
    REQUIRE(runWith(3).first == PT2C_OK);
    // Queued: it returns before its checks are compared ...
    std::tie(code, message) = runWith(77);
    INFO(message);
    REQUIRE(code == PT2C_OK);
    // ... so the next run on the context waits for it (its event) and fails
    // naming it, before it queues anything; the one after runs.
    long waits = fakeStats().event_waits;
    std::tie(code, message) = runWith(3);
    CHECK(code == PT2C_INVALID_ARGUMENT);
    CHECK(message == "model 'test_double': an earlier queued run: index 77 is out of range "
                     "for a dimension of size 50 (valid: 0 to 49; the indices ranged from 0 "
                     "to 77): input 'shift' at test_index @ double.py:5");
    CHECK(fakeStats().event_waits - waits == 1);
    std::tie(code, message) = runWith(3);
    INFO(message);
    CHECK(code == PT2C_OK);
  }
  driver.free(y);
  driver.free(positive);
  driver.destroyStream(stream);
}

TEST_CASE("CUDA model on the fake driver: values read back mid-run",
          "[runtime][cuda][graphs]") {
  FakeDriverCheck check;
  fake_cuda_stats before = fakeStats();
  checkScalarReads(fakeBackend(), 1);
  fake_cuda_stats after = fakeStats();
  // The second run's capture fails at its first read (waiting would end
  // the capture) and runs directly; graphs stay off for the context. Each
  // run's two kernels ran once, each of its 6 reads waited for the stream.
  CHECK(after.graph_launches == before.graph_launches);
  CHECK(after.launches - before.launches == 4 * 2);
  CHECK(after.synchronizes - before.synchronizes >= 4 * 6);
  checkScalarReads(fakeBackend(), 0);

  // A copy the driver refuses fails the run, saying what it was reading;
  // the next run reads again.
  CudaModel model(fakeBackend());
  const ModelApi &api = fakeBackend().api();
  for (bool failing : {true, false}) {
    DoubleInputs inputs(kScalarReadRows, 3);
    DLTensor outputs[2] = {};
    if (failing)
      fakeFailNext("cuMemcpyDtoHAsync_v2", 700);
    auto [code, message] = model.run(inputs.tensors, outputs);
    INFO(message);
    if (failing) {
      CHECK(code != PT2C_OK);
      CHECK_THAT(message, Contains("reading a data-dependent size from the device"));
      continue;
    }
    REQUIRE(code == PT2C_OK);
    api.pt2c_tensor_free(&outputs[0]);
    api.pt2c_tensor_free(&outputs[1]);
  }
}

TEST_CASE("CUDA model on a GPU: values read back mid-run", "[runtime][gpu]") {
  if (const Backend *gpu = gpuBackend()) {
    checkScalarReads(*gpu, 1);
    checkScalarReads(*gpu, 0);
  }
}

TEST_CASE("CUDA model on a GPU: indices out of range fail the run", "[runtime][gpu]") {
  if (const Backend *gpu = gpuBackend()) {
    checkIndexChecks(*gpu, 1);
    checkIndexChecks(*gpu, 0);
    checkIndexChecks(*gpu, 1, kKernelCheckRows);
    checkIndexChecks(*gpu, 0, kKernelCheckRows);
  }
}

TEST_CASE("CUDA model on a GPU: graphs", "[runtime][gpu]") {
  if (const Backend *gpu = gpuBackend()) {
    checkGraphRuns(*gpu);
    checkGraphRuns(*gpu, 0);
  }
}

TEST_CASE("CUDA model on a GPU: host and device tensors", "[runtime][gpu]") {
  if (const Backend *gpu = gpuBackend()) {
    checkHostTensors(*gpu);
    checkDeviceTensors(*gpu);
  }
}

TEST_CASE("CUDA model on a GPU: 4 threads at once", "[runtime][gpu]") {
  if (const Backend *gpu = gpuBackend())
    checkThreads(*gpu, 500);
}

TEST_CASE("CUDA model on a GPU: the caller's stream", "[runtime][gpu]") {
  if (const Backend *gpu = gpuBackend())
    checkCallerStream(*gpu);
}

TEST_CASE("CUDA model on a GPU: a kernel that is not there", "[runtime][gpu]") {
  if (const Backend *gpu = gpuBackend())
    checkMissingKernel(*gpu);
}

TEST_CASE("CUDA model on the fake driver: a profiled run times each launch with events",
          "[runtime][cuda][profile]") {
  for (int graphs : {1, 0}) {
    INFO("CUDA graphs " << graphs);
    FakeDriverCheck check;
    const ModelApi &api = fakeBackend().api();
    fake_cuda_stats start = fakeStats();
    pt2c_model *model = nullptr;
    auto [code, message] = fakeBackend().create(&model, 0, nullptr, graphs, 0,
                                                /*profiling=*/1);
    INFO(message);
    REQUIRE(code == PT2C_OK);
    DoubleInputs inputs(12);
    for (int run = 0; run < 3; ++run) {
      DLTensor outputs[2] = {};
      REQUIRE(api.take(api.pt2c_model_run(model, inputs.tensors, 2, outputs, 2)).first ==
              PT2C_OK);
      checkOutputs(inputs, static_cast<float *>(outputs[0].data),
                   static_cast<uint8_t *>(outputs[1].data));
      api.pt2c_tensor_free(&outputs[0]);
      api.pt2c_tensor_free(&outputs[1]);
    }
    fake_cuda_stats after = fakeStats();
    // With graphs, the first run launches its kernels directly and each
    // later one is captured anew, its events as nodes of the graph, and
    // launched whole (a replayed graph would skip the hooks; launched one
    // by one, a big model's kernels wait for the host between events).
    // Either way every kernel ran between two recorded events: in a
    // captured run a point's begin shares the event that ended the one
    // before (3 points, 4 events), launched directly each point records
    // two (6 events).
    CHECK(after.captures == start.captures + (graphs ? 2 : 0));
    CHECK(after.graph_launches == start.graph_launches + (graphs ? 2 : 0));
    CHECK(after.launches == start.launches + 3 * 2);
    CHECK(after.event_records == start.event_records + (graphs ? 6 + 2 * 4 : 3 * 6));
    REQUIRE(api.pt2c_model_profile_size(model) == 3);
    CHECK(api.pt2c_model_profile_runs(model, nullptr) == 3);
    const char *name = nullptr;
    uint64_t calls = 0, nanoseconds = 0;
    REQUIRE(api.pt2c_model_profile_point(model, 2, &name, &calls, &nanoseconds) == nullptr);
    CHECK(std::string(name) == "kernel pt2c_test_finish: add_2, gt_3 @ double.py:4");
    CHECK(calls == 3);
    CHECK(nanoseconds > 0);
    api.pt2c_model_destroy(model);
    CHECK(fakeStats().live_events == start.live_events);
  }
}

TEST_CASE("CUDA model on a GPU: a profiled run times each launch with events",
          "[runtime][gpu][profile]") {
  const Backend *gpu = gpuBackend();
  if (!gpu)
    return;
  const ModelApi &api = gpu->api();
  for (int graphs : {1, 0}) {
    INFO("CUDA graphs " << graphs);
    pt2c_model *model = nullptr;
    auto [code, message] = gpu->create(&model, 0, nullptr, graphs, 0, /*profiling=*/1);
    INFO(message);
    REQUIRE(code == PT2C_OK);
    DoubleInputs inputs(64);
    for (int run = 0; run < 4; ++run) {
      DLTensor outputs[2] = {};
      auto [runCode, runMessage] =
          api.take(api.pt2c_model_run(model, inputs.tensors, 2, outputs, 2));
      INFO(runMessage);
      REQUIRE(runCode == PT2C_OK);
      checkOutputs(inputs, static_cast<float *>(outputs[0].data),
                   static_cast<uint8_t *>(outputs[1].data));
      api.pt2c_tensor_free(&outputs[0]);
      api.pt2c_tensor_free(&outputs[1]);
    }
    REQUIRE(api.pt2c_model_profile_size(model) == 3);
    CHECK(api.pt2c_model_profile_runs(model, nullptr) == 4);
    for (size_t point : {0, 2}) {
      uint64_t calls = 0, nanoseconds = 0;
      REQUIRE(api.pt2c_model_profile_point(model, point, nullptr, &calls, &nanoseconds) ==
              nullptr);
      CHECK(calls == 4);
      CHECK(nanoseconds > 0);
    }
    api.pt2c_model_destroy(model);
  }
}
