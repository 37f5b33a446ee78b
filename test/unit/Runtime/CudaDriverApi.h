//===- CudaDriverApi.h - Device memory for tests, through a CUDA driver ---===//
//
// The CUDA run tests hand the model device tensors and read them back. They
// open the same driver the runtime uses (the fake one, or libcuda.so.1 on a
// GPU machine) with dlopen and work in the device's primary context, as a
// caller using the CUDA runtime or PyTorch would.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TEST_UNIT_RUNTIME_CUDADRIVERAPI_H
#define PT2C_TEST_UNIT_RUNTIME_CUDADRIVERAPI_H

#include <cstddef>
#include <string>

namespace pt2c::test {

class CudaDriverApi {
public:
  /// Opens `path` and retains device `device`'s primary context; fails
  /// the test when that does not work.
  CudaDriverApi(const std::string &path, int device);

  void *alloc(size_t bytes);
  void free(void *ptr);
  void toDevice(void *device, const void *host, size_t bytes);
  void toHost(void *host, const void *device, size_t bytes);
  void *createStream();
  void destroyStream(void *stream);

  /// A symbol of the driver (the fake driver's test functions).
  void *symbol(const char *name) const;

private:
  struct Scope; // the primary context pushed for one call
  void *library = nullptr;
  void *context = nullptr;
  int (*pushCurrent)(void *) = nullptr;
  int (*popCurrent)(void **) = nullptr;
  int (*memAlloc)(unsigned long long *, size_t) = nullptr;
  int (*memFree)(unsigned long long) = nullptr;
  int (*memcpyHtoD)(unsigned long long, const void *, size_t) = nullptr;
  int (*memcpyDtoH)(void *, unsigned long long, size_t) = nullptr;
  int (*streamCreate)(void **, unsigned) = nullptr;
  int (*streamDestroy)(void *) = nullptr;
};

} // namespace pt2c::test

#endif // PT2C_TEST_UNIT_RUNTIME_CUDADRIVERAPI_H
