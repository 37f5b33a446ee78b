/*===- CudaIndexKernel.c - The kernel that hands an index range over -----===*/

#include "CudaIndexKernel.h"
#include "CudaDevice.h"

#include <pthread.h>

/* sm_75 and PTX 6.4 (CUDA 10.1): the oldest GPU and driver CUDA 13 still
 * builds for; the driver compiles it for the device at load. Generic loads
 * and stores: the indices are device memory, the pair pinned host memory. */
static const char kPtx[] = ".version 6.4\n"
                           ".target sm_75\n"
                           ".address_size 64\n"
                           ".visible .entry " PT2CRT_INDEX_KERNEL "(\n"
                           "  .param .u64 pair,\n"
                           "  .param .u64 lowest,\n"
                           "  .param .u64 highest)\n"
                           "{\n"
                           "  .reg .b64 %rd<6>;\n"
                           "  ld.param.u64 %rd1, [pair];\n"
                           "  ld.param.u64 %rd2, [lowest];\n"
                           "  ld.param.u64 %rd3, [highest];\n"
                           "  ld.u64 %rd4, [%rd2];\n"
                           "  ld.u64 %rd5, [%rd3];\n"
                           "  st.u64 [%rd1], %rd4;\n"
                           "  st.u64 [%rd1+8], %rd5;\n"
                           "  ret;\n"
                           "}\n";

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static CUfunction kernels[PT2CRT_MAX_CUDA_DEVICES];

CUfunction pt2crt_index_kernel(const pt2crt_cuda_driver *driver, int32_t device,
                               CUresult *result) {
  *result = PT2CRT_CUDA_SUCCESS;
  if (device < 0 || device >= PT2CRT_MAX_CUDA_DEVICES) {
    *result = 1; /* CUDA_ERROR_INVALID_VALUE */
    return NULL;
  }
  pthread_mutex_lock(&mutex);
  CUfunction kernel = kernels[device];
  if (!kernel) {
    CUmodule module = NULL;
    *result = driver->cuModuleLoadData(&module, kPtx);
    if (*result == PT2CRT_CUDA_SUCCESS)
      *result = driver->cuModuleGetFunction(&kernel, module, PT2CRT_INDEX_KERNEL);
    /* A module without its function stays loaded, unused: the driver table
     * has no unload, and this cannot happen with the PTX above. */
    if (*result != PT2CRT_CUDA_SUCCESS)
      kernel = NULL;
    kernels[device] = kernel;
  }
  pthread_mutex_unlock(&mutex);
  return kernel;
}
