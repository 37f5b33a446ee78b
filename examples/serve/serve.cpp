// A minimal inference server loop over a pt2c model library: what a C++
// server's custom backend does. dlopen the model, resolve its C ABI, create
// the model once, then answer requests from several threads at once (runs on
// one model are thread-safe). Each request here is a deterministic input;
// every thread must get the same answer.
//
//   ./serve MODEL.so [threads] [requests-per-thread]     (README.md: building it)

#include <pt2c/pt2c.h>

#include <dlfcn.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

namespace {

// The C ABI, resolved from the library (RTLD_LOCAL: several models may be
// loaded side by side).
struct Api {
  decltype(&pt2c_abi_version) abiVersion;
  decltype(&pt2c_model_create) create;
  decltype(&pt2c_model_destroy) destroy;
  decltype(&pt2c_model_num_inputs) numInputs;
  decltype(&pt2c_model_input_rank) inputRank;
  decltype(&pt2c_model_input_shape) inputShape;
  decltype(&pt2c_model_input_dtype) inputDtype;
  decltype(&pt2c_model_run) run;
  decltype(&pt2c_tensor_free) tensorFree;
  decltype(&pt2c_status_message) statusMessage;
  decltype(&pt2c_status_free) statusFree;
};

template <typename T> bool resolve(void *library, const char *name, T &out) {
  out = reinterpret_cast<T>(dlsym(library, name));
  if (!out)
    std::fprintf(stderr, "serve: %s is missing from the model library\n", name);
  return out != nullptr;
}

// One request: a float32 input of the model's static shape (dynamic dims: 1),
// filled with a fixed pattern; returns a checksum of the first output that
// weights each element by its index (a plain sum would hide errors in, e.g.,
// softmax rows that always sum to 1).
bool answer(const Api &api, pt2c_model *model, double &checksum) {
  int32_t rank = api.inputRank(model, 0);
  const int64_t *declared = api.inputShape(model, 0);
  std::vector<int64_t> shape(declared, declared + rank);
  size_t count = 1;
  for (int64_t &dim : shape) {
    if (dim < 0)
      dim = 1;
    count *= static_cast<size_t>(dim);
  }
  std::vector<float> data(count);
  for (size_t i = 0; i < count; ++i)
    data[i] = static_cast<float>((i % 17) * 0.05 - 0.4);
  DLTensor input{};
  input.data = data.data();
  input.device = {kDLCPU, 0};
  input.ndim = rank;
  input.dtype = {kDLFloat, 32, 1};
  input.shape = shape.data();
  DLTensor output{}; // data == NULL: the model allocates it
  if (pt2c_status *status = api.run(model, &input, 1, &output, 1)) {
    std::fprintf(stderr, "serve: run failed: %s\n", api.statusMessage(status));
    api.statusFree(status);
    return false;
  }
  size_t outCount = 1;
  for (int i = 0; i < output.ndim; ++i)
    outCount *= static_cast<size_t>(output.shape[i]);
  checksum = 0;
  for (size_t i = 0; i < outCount; ++i)
    checksum += static_cast<const float *>(output.data)[i] * static_cast<double>(i + 1);
  api.tensorFree(&output);
  return true;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s MODEL.so [threads] [requests-per-thread]\n", argv[0]);
    return 2;
  }
  int threads = argc > 2 ? std::atoi(argv[2]) : 4;
  int requests = argc > 3 ? std::atoi(argv[3]) : 100;
  void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    std::fprintf(stderr, "serve: %s\n", dlerror());
    return 2;
  }
  Api api{};
  if (!resolve(library, "pt2c_abi_version", api.abiVersion) ||
      !resolve(library, "pt2c_model_create", api.create) ||
      !resolve(library, "pt2c_model_destroy", api.destroy) ||
      !resolve(library, "pt2c_model_num_inputs", api.numInputs) ||
      !resolve(library, "pt2c_model_input_rank", api.inputRank) ||
      !resolve(library, "pt2c_model_input_shape", api.inputShape) ||
      !resolve(library, "pt2c_model_input_dtype", api.inputDtype) ||
      !resolve(library, "pt2c_model_run", api.run) ||
      !resolve(library, "pt2c_tensor_free", api.tensorFree) ||
      !resolve(library, "pt2c_status_message", api.statusMessage) ||
      !resolve(library, "pt2c_status_free", api.statusFree))
    return 2;
  if ((api.abiVersion() >> 16) != PT2C_ABI_VERSION_MAJOR) {
    std::fprintf(stderr, "serve: model ABI %u.%u, this program was built for %d.x\n",
                 api.abiVersion() >> 16, api.abiVersion() & 0xffff, PT2C_ABI_VERSION_MAJOR);
    return 2;
  }
  pt2c_model *model = nullptr;
  if (pt2c_status *status = api.create(nullptr, &model)) {
    std::fprintf(stderr, "serve: cannot create the model: %s\n", api.statusMessage(status));
    api.statusFree(status);
    return 2;
  }
  if (api.numInputs(model) != 1 || api.inputDtype(model, 0).code != kDLFloat) {
    std::fprintf(stderr, "serve: this example serves models with one float input\n");
    api.destroy(model);
    return 2;
  }

  double reference = 0;
  if (!answer(api, model, reference))
    return 1;
  std::atomic<int> failures{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      for (int r = 0; r < requests; ++r) {
        double checksum;
        if (!answer(api, model, checksum) || checksum != reference)
          ++failures;
      }
    });
  for (std::thread &thread : pool)
    thread.join();
  api.destroy(model);
  std::printf("served %d requests on %d threads: %d failures, checksum %.6f\n",
              threads * requests, threads, failures.load(), reference);
  return failures ? 1 : 0;
}
