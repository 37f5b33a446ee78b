/*===- CudaScalarReads.c - Host reads of device scalars in a CUDA run -----===*/

#include "CudaScalarReads.h"
#include "CudaState.h"

#define PT2CRT_HIDDEN __attribute__((visibility("hidden")))

PT2CRT_HIDDEN int64_t pt2crt_cuda_read_scalar(int64_t address, int64_t bytes) {
  pt2crt_cuda_run *run = pt2crt_cuda_current_run();
  if (!run || run->error_code != PT2C_OK)
    return 0;
  if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8) {
    pt2crt_cuda_fail(run, PT2C_INTERNAL,
                     "cuda: a read of a %lld-byte value from the device (a pt2c bug: only "
                     "1, 2, 4 and 8)",
                     (long long)bytes);
    return 0;
  }
  if (run->capturing) {
    /* Waiting would end the capture; the failed capture runs directly. */
    pt2crt_cuda_fail(run, PT2C_UNSUPPORTED,
                     "cuda: a data-dependent size cannot be read inside a CUDA graph");
    return 0;
  }
  const pt2crt_cuda_driver *driver = run->driver;
  /* Pageable memory: the copy is complete once the stream has waited. */
  uint64_t value = 0;
  CUresult result = driver->cuMemcpyDtoHAsync(&value, (CUdeviceptr)(uint64_t)address,
                                              (size_t)bytes, run->stream);
  if (result == PT2CRT_CUDA_SUCCESS)
    result = driver->cuStreamSynchronize(run->stream);
  if (result != PT2CRT_CUDA_SUCCESS) {
    char text[256];
    pt2crt_cuda_fail(run, pt2crt_cuda_code(result),
                     "cuda: reading a data-dependent size from the device: %s",
                     pt2crt_cuda_error_text(result, text, sizeof text));
    return 0;
  }
  /* Little-endian: the low `bytes` bytes of `value` hold the element. */
  uint64_t mask = bytes == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * bytes)) - 1);
  return (int64_t)(value & mask);
}
