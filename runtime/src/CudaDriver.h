/*===- CudaDriver.h - The CUDA driver API, opened with dlopen ------------===*
 *
 * A model .so links no CUDA library, so it loads where there is no GPU;
 * the driver (libcuda.so.1) is opened the first time a CUDA model is
 * created. The few types and entry points the runtime uses are declared
 * here (the driver's ABI is stable), so building needs no CUDA headers.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDADRIVER_H
#define PT2C_RUNTIME_CUDADRIVER_H

#include "pt2c/pt2c.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int CUresult; /* CUDA_SUCCESS is 0 */
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUgraph_st *CUgraph;
typedef struct CUgraphExec_st *CUgraphExec;
typedef struct CUevent_st *CUevent;

enum {
  PT2CRT_CUDA_SUCCESS = 0,
  PT2CRT_CUDA_ERROR_OUT_OF_MEMORY = 2,
  PT2CRT_CU_DEVICE_ATTRIBUTE_CC_MAJOR = 75,
  PT2CRT_CU_DEVICE_ATTRIBUTE_CC_MINOR = 76,
  PT2CRT_CU_STREAM_NON_BLOCKING = 1,
  /* Other threads' CUDA calls are not restricted while a run captures. */
  PT2CRT_CU_STREAM_CAPTURE_MODE_RELAXED = 2,
  PT2CRT_CU_EVENT_RECORD_EXTERNAL = 1,
};

/* The entry points, under the driver's current names (the `_v2` ones where
 * the driver has them: the unsuffixed symbols are the old 32-bit ABI). */
typedef struct pt2crt_cuda_driver {
  CUresult (*cuInit)(unsigned int);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxPushCurrent)(CUcontext);
  CUresult (*cuCtxPopCurrent)(CUcontext *);
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr, const void *, size_t, CUstream);
  CUresult (*cuMemcpyDtoHAsync)(void *, CUdeviceptr, size_t, CUstream);
  CUresult (*cuStreamCreate)(CUstream *, unsigned int);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  /* CUDA graphs (CudaGraphs.h): all of them, or all NULL where the driver
   * lacks one; a model then runs without graphs. */
  CUresult (*cuStreamBeginCapture)(CUstream, int mode);
  CUresult (*cuStreamEndCapture)(CUstream, CUgraph *);
  CUresult (*cuGraphInstantiateWithFlags)(CUgraphExec *, CUgraph, unsigned long long);
  CUresult (*cuGraphLaunch)(CUgraphExec, CUstream);
  CUresult (*cuGraphExecDestroy)(CUgraphExec);
  CUresult (*cuGraphDestroy)(CUgraph);
  /* Events, for profiled runs (CudaProfile.h): all of them, or all NULL
   * where the driver lacks one; such a model cannot be profiled. */
  CUresult (*cuEventCreate)(CUevent *, unsigned int flags);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventElapsedTime)(float *ms, CUevent start, CUevent end);
  CUresult (*cuEventDestroy)(CUevent);
  /* With PT2CRT_CU_EVENT_RECORD_EXTERNAL, an event recorded on a stream
   * being captured becomes an event-record node of the graph (a plain
   * record there only orders streams). NULL where the driver lacks it:
   * profiled runs then launch their kernels one by one. */
  CUresult (*cuEventRecordWithFlags)(CUevent, CUstream, unsigned int flags);
  /* Pinned host memory, which the index checks' kernel stores into, also
   * from a captured graph (CudaIndexChecks.h): both, or both NULL. */
  CUresult (*cuMemAllocHost)(void **, size_t);
  CUresult (*cuMemFreeHost)(void *);
  /* Waiting for one event (a queued run's index checks); NULL where the
   * driver lacks it or events: the stream is waited for instead. */
  CUresult (*cuEventSynchronize)(CUevent);
} pt2crt_cuda_driver;

/* The driver, opened and initialised for the rest of the process: the path
 * in $PT2C_CUDA_DRIVER (then only that one), else libcuda.so.1 on the
 * loader's path, else the usual install places. NULL with *out_status set
 * (PT2C_DEVICE_ERROR, naming every path tried and why it failed) when there
 * is none; a failure is not remembered, so the next call tries again. */
const pt2crt_cuda_driver *pt2crt_cuda_driver_get(pt2c_status **out_status);

/* "CUDA_ERROR_OUT_OF_MEMORY: out of memory" into `buffer`. */
const char *pt2crt_cuda_error_text(CUresult result, char *buffer, size_t size);

/* PT2C_OUT_OF_MEMORY for the driver's out-of-memory, else DEVICE_ERROR. */
pt2c_code pt2crt_cuda_code(CUresult result);

/* "cuda: <what>: <error text>" with pt2crt_cuda_code's code. */
pt2c_status *pt2crt_cuda_error(CUresult result, const char *what);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDADRIVER_H */
