/*===- CudaDevice.h - A GPU as the runtime uses it -----------------------===*
 *
 * Every CUDA model of a device shares that device's primary context (the
 * one the CUDA runtime and PyTorch use too), so memory and streams of the
 * caller's and the model's mix freely. The runtime retains it on first use
 * and keeps it for the rest of the process, as the CUDA runtime does: the
 * kernel modules loaded into it then stay valid from one model to the next,
 * and so does memory the caller got from a model.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDADEVICE_H
#define PT2C_RUNTIME_CUDADEVICE_H

#include "CudaDriver.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { PT2CRT_MAX_CUDA_DEVICES = 64 };

typedef struct pt2crt_cuda_device {
  int32_t index;
  CUdevice device;
  CUcontext context; /* primary, retained for the process */
  uint32_t sm;       /* compute capability major x 10 + minor: 75, 90 */
} pt2crt_cuda_device;

/* Device `index`, opened once per process: PT2C_INVALID_ARGUMENT when there
 * is no such GPU, PT2C_DEVICE_ERROR when the driver fails. Thread-safe. */
pt2c_status *pt2crt_cuda_device_open(const pt2crt_cuda_driver *driver, int32_t index,
                                     const pt2crt_cuda_device **out_device);

/* Makes the device's context current on this thread until the matching
 * pt2crt_cuda_leave, which restores whatever the caller had current. */
pt2c_status *pt2crt_cuda_enter(const pt2crt_cuda_driver *driver,
                               const pt2crt_cuda_device *device);
void pt2crt_cuda_leave(const pt2crt_cuda_driver *driver);
/* pt2crt_cuda_enter for cleanup paths, which have no status to return:
 * nonzero when the context could not be made current. */
int pt2crt_cuda_enter_quietly(const pt2crt_cuda_driver *driver,
                              const pt2crt_cuda_device *device);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDADEVICE_H */
