/*===- CudaDevice.c - A GPU as the runtime uses it -----------------------===*/

#include "CudaDevice.h"
#include "Status.h"

#include <pthread.h>

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
/* Filled under the mutex; an entry never changes once `opened` is set. */
static pt2crt_cuda_device devices[PT2CRT_MAX_CUDA_DEVICES];
static int opened[PT2CRT_MAX_CUDA_DEVICES];

static pt2c_status *open_locked(const pt2crt_cuda_driver *driver, int32_t index) {
  int count = 0;
  CUresult result = driver->cuDeviceGetCount(&count);
  if (result != PT2CRT_CUDA_SUCCESS)
    return pt2crt_cuda_error(result, "counting the GPUs");
  if (index >= count)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "cuda: there is no device %d (%d GPU%s visible to this "
                        "process)",
                        (int)index, count, count == 1 ? "" : "s");
  pt2crt_cuda_device *device = &devices[index];
  int major = 0, minor = 0;
  device->index = index;
  if ((result = driver->cuDeviceGet(&device->device, index)) != PT2CRT_CUDA_SUCCESS ||
      (result = driver->cuDeviceGetAttribute(&major, PT2CRT_CU_DEVICE_ATTRIBUTE_CC_MAJOR,
                                             device->device)) != PT2CRT_CUDA_SUCCESS ||
      (result = driver->cuDeviceGetAttribute(&minor, PT2CRT_CU_DEVICE_ATTRIBUTE_CC_MINOR,
                                             device->device)) != PT2CRT_CUDA_SUCCESS)
    return pt2crt_cuda_error(result, "querying the device");
  device->sm = (uint32_t)(major * 10 + minor);
  /* Never released: see CudaDevice.h. */
  if ((result = driver->cuDevicePrimaryCtxRetain(&device->context, device->device)) !=
      PT2CRT_CUDA_SUCCESS)
    return pt2crt_cuda_error(result, "retaining the device's primary context");
  opened[index] = 1;
  return NULL;
}

pt2c_status *pt2crt_cuda_device_open(const pt2crt_cuda_driver *driver, int32_t index,
                                     const pt2crt_cuda_device **out_device) {
  if (index < 0 || index >= PT2CRT_MAX_CUDA_DEVICES)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "cuda: device index %d is out of range [0, %d)", (int)index,
                        PT2CRT_MAX_CUDA_DEVICES);
  pthread_mutex_lock(&mutex);
  pt2c_status *status = opened[index] ? NULL : open_locked(driver, index);
  pthread_mutex_unlock(&mutex);
  if (!status)
    *out_device = &devices[index];
  return status;
}

pt2c_status *pt2crt_cuda_enter(const pt2crt_cuda_driver *driver,
                               const pt2crt_cuda_device *device) {
  CUresult result = driver->cuCtxPushCurrent(device->context);
  return result == PT2CRT_CUDA_SUCCESS
             ? NULL
             : pt2crt_cuda_error(result, "making the device's context current");
}

int pt2crt_cuda_enter_quietly(const pt2crt_cuda_driver *driver,
                              const pt2crt_cuda_device *device) {
  return driver->cuCtxPushCurrent(device->context) != PT2CRT_CUDA_SUCCESS;
}

void pt2crt_cuda_leave(const pt2crt_cuda_driver *driver) {
  CUcontext popped;
  driver->cuCtxPopCurrent(&popped);
}
