//===- DeviceMemory.h - GPU buffers for `bench --resident` ------*- C++ -*-===//
//
// A server keeps its tensors on the GPU; timing a CUDA model fed from host
// memory measures the PCIe copies as much as the model. With --resident,
// `pt2c-run bench` copies the inputs to the device once and passes device
// DLTensors in and out. pt2c-run links no CUDA library either: the driver
// is opened with dlopen, as the model's runtime does ($PT2C_CUDA_DRIVER,
// else libcuda.so.1), and the device's primary context is the one the
// runtime uses, so its pointers are valid there. With --cuda-async it also
// makes the stream the model runs on, and waits for it.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TOOLS_PT2C_RUN_DEVICEMEMORY_H
#define PT2C_TOOLS_PT2C_RUN_DEVICEMEMORY_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace pt2c::run {

class DeviceMemory {
public:
  DeviceMemory() = default;
  ~DeviceMemory();
  DeviceMemory(const DeviceMemory &) = delete;
  DeviceMemory &operator=(const DeviceMemory &) = delete;

  /// Opens the driver and makes device `index`'s primary context current
  /// on this thread; false with `error` set when it cannot.
  bool open(int index, std::string &error);
  /// `bytes` of device memory (freed with this object), filled from
  /// `source` when given; nullptr with `error` set on failure.
  void *allocate(size_t bytes, const void *source, std::string &error);
  /// A stream of this device (destroyed with this object), for a model
  /// created with it; nullptr with `error` set on failure.
  void *createStream(std::string &error);
  /// Waits for everything queued on `stream`; false if the GPU reports a
  /// failure.
  bool synchronize(void *stream);

private:
  using Result = int;
  void *library = nullptr;
  Result (*cuInit)(unsigned) = nullptr;
  Result (*cuDeviceGet)(int *, int) = nullptr;
  Result (*cuDevicePrimaryCtxRetain)(void **, int) = nullptr;
  Result (*cuCtxSetCurrent)(void *) = nullptr;
  Result (*cuMemAlloc)(unsigned long long *, size_t) = nullptr;
  Result (*cuMemFree)(unsigned long long) = nullptr;
  Result (*cuMemcpyHtoD)(unsigned long long, const void *, size_t) = nullptr;
  Result (*cuStreamCreate)(void **, unsigned) = nullptr;
  Result (*cuStreamSynchronize)(void *) = nullptr;
  Result (*cuStreamDestroy)(void *) = nullptr;
  std::vector<unsigned long long> buffers;
  std::vector<void *> streams;
};

} // namespace pt2c::run

#endif // PT2C_TOOLS_PT2C_RUN_DEVICEMEMORY_H
