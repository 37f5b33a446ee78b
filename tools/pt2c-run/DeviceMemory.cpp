//===- DeviceMemory.cpp - GPU buffers for `bench --resident` --------------===//

#include "DeviceMemory.h"

#include <cstdlib>

#include <dlfcn.h>

namespace pt2c::run {

DeviceMemory::~DeviceMemory() {
  for (void *stream : streams) {
    cuStreamSynchronize(stream);
    cuStreamDestroy(stream);
  }
  for (unsigned long long buffer : buffers)
    cuMemFree(buffer);
  // The driver stays loaded: the model's runtime holds it too.
}

template <typename Function>
static bool resolve(void *library, const char *name, Function &slot) {
  slot = reinterpret_cast<Function>(dlsym(library, name));
  return slot != nullptr;
}

bool DeviceMemory::open(int index, std::string &error) {
  const char *path = std::getenv("PT2C_CUDA_DRIVER");
  if (!path || !*path)
    path = "libcuda.so.1";
  library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    error = std::string("--resident: cannot load the NVIDIA driver ") + path + ": " + dlerror();
    return false;
  }
  if (!resolve(library, "cuInit", cuInit) || !resolve(library, "cuDeviceGet", cuDeviceGet) ||
      !resolve(library, "cuDevicePrimaryCtxRetain", cuDevicePrimaryCtxRetain) ||
      !resolve(library, "cuCtxSetCurrent", cuCtxSetCurrent) ||
      !resolve(library, "cuMemAlloc_v2", cuMemAlloc) ||
      !resolve(library, "cuMemFree_v2", cuMemFree) ||
      !resolve(library, "cuMemcpyHtoD_v2", cuMemcpyHtoD) ||
      !resolve(library, "cuStreamCreate", cuStreamCreate) ||
      !resolve(library, "cuStreamSynchronize", cuStreamSynchronize) ||
      !resolve(library, "cuStreamDestroy_v2", cuStreamDestroy)) {
    error = std::string("--resident: ") + path + " lacks a driver entry point (too old a driver?)";
    return false;
  }
  int device = 0;
  void *context = nullptr;
  if (cuInit(0) != 0 || cuDeviceGet(&device, index) != 0 ||
      cuDevicePrimaryCtxRetain(&context, device) != 0 || cuCtxSetCurrent(context) != 0) {
    error = "--resident: cannot open CUDA device " + std::to_string(index);
    return false;
  }
  return true;
}

void *DeviceMemory::allocate(size_t bytes, const void *source, std::string &error) {
  unsigned long long buffer = 0;
  // cuMemAlloc refuses 0 bytes; an empty tensor still needs a pointer.
  if (cuMemAlloc(&buffer, bytes ? bytes : 1) != 0) {
    error = "--resident: cannot allocate " + std::to_string(bytes) + " bytes on the device";
    return nullptr;
  }
  buffers.push_back(buffer);
  if (source && bytes && cuMemcpyHtoD(buffer, source, bytes) != 0) {
    error = "--resident: cannot copy an input to the device";
    return nullptr;
  }
  return reinterpret_cast<void *>(buffer);
}

void *DeviceMemory::createStream(std::string &error) {
  void *stream = nullptr;
  if (cuStreamCreate(&stream, 1 /* CU_STREAM_NON_BLOCKING */) != 0) {
    error = "--cuda-async: cannot create a CUDA stream";
    return nullptr;
  }
  streams.push_back(stream);
  return stream;
}

bool DeviceMemory::synchronize(void *stream) { return cuStreamSynchronize(stream) == 0; }

} // namespace pt2c::run
