/*===- CudaIndexKernel.c - The kernel that hands an index range over -----===*/

#include "CudaIndexKernel.h"
#include "CudaDevice.h"

#include <pthread.h>

/* sm_75 and PTX 6.4 (CUDA 10.1): the oldest GPU and driver CUDA 13 still
 * builds for; the driver compiles it for the device at load. Generic loads
 * and stores: the indices are device memory, the pair pinned host memory.
 *
 * PT2CRT_INDEX_KERNEL stores two values already reduced. PT2CRT_SCAN_KERNEL
 * reduces the indices itself, one block whose threads stride over the
 * elements (row-major over up to 4 dims, any strides, i32 or i64), each
 * keeping its smallest and largest, merged by shared-memory atomics; thread
 * 0 stores the pair. INT64_MAX and INT64_MIN when there are none, as the
 * generated reduction's initial values, which no check fails. */
static const char kPtx[] =
    ".version 6.4\n"
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
    "}\n"
    ".shared .align 8 .s64 lowest_all;\n"
    ".shared .align 8 .s64 highest_all;\n"
    ".visible .entry " PT2CRT_SCAN_KERNEL "(\n"
    "  .param .u64 pair, .param .u64 base, .param .u64 bytes,\n"
    "  .param .u64 n0, .param .u64 n1, .param .u64 n2, .param .u64 n3,\n"
    "  .param .u64 s0, .param .u64 s1, .param .u64 s2, .param .u64 s3)\n"
    "{\n"
    "  .reg .pred %first, %more, %wide;\n"
    "  .reg .b32 %t, %nt, %v32;\n"
    "  .reg .b64 %i, %step, %total, %lo, %hi, %v, %x, %q, %e, %p, %a;\n"
    "  .reg .b64 %pair, %base, %bytes, %n0, %n1, %n2, %n3, %s0, %s1, %s2, %s3;\n"
    "  ld.param.u64 %pair, [pair];\n"
    "  ld.param.u64 %base, [base];\n"
    "  ld.param.u64 %bytes, [bytes];\n"
    "  ld.param.u64 %n0, [n0];\n"
    "  ld.param.u64 %n1, [n1];\n"
    "  ld.param.u64 %n2, [n2];\n"
    "  ld.param.u64 %n3, [n3];\n"
    "  ld.param.u64 %s0, [s0];\n"
    "  ld.param.u64 %s1, [s1];\n"
    "  ld.param.u64 %s2, [s2];\n"
    "  ld.param.u64 %s3, [s3];\n"
    "  mov.u32 %t, %tid.x;\n"
    "  mov.u32 %nt, %ntid.x;\n"
    "  cvt.u64.u32 %i, %t;\n"
    "  cvt.u64.u32 %step, %nt;\n"
    "  setp.eq.u32 %first, %t, 0;\n"
    "  mov.b64 %lo, 0x7fffffffffffffff;\n"
    "  mov.b64 %hi, 0x8000000000000000;\n"
    "  @%first st.shared.u64 [lowest_all], %lo;\n"
    "  @%first st.shared.u64 [highest_all], %hi;\n"
    "  bar.sync 0;\n"
    "  mul.lo.u64 %total, %n0, %n1;\n"
    "  mul.lo.u64 %total, %total, %n2;\n"
    "  mul.lo.u64 %total, %total, %n3;\n"
    "  setp.eq.u64 %wide, %bytes, 8;\n"
    "LOOP:\n"
    "  setp.lt.u64 %more, %i, %total;\n"
    "  @!%more bra DONE;\n"
    "  rem.u64 %x, %i, %n3;\n"
    "  div.u64 %q, %i, %n3;\n"
    "  mul.lo.u64 %e, %x, %s3;\n"
    "  rem.u64 %x, %q, %n2;\n"
    "  div.u64 %q, %q, %n2;\n"
    "  mad.lo.u64 %e, %x, %s2, %e;\n"
    "  rem.u64 %x, %q, %n1;\n"
    "  div.u64 %q, %q, %n1;\n"
    "  mad.lo.u64 %e, %x, %s1, %e;\n"
    "  mad.lo.u64 %e, %q, %s0, %e;\n"
    "  mad.lo.u64 %p, %e, %bytes, %base;\n"
    "  @%wide ld.u64 %v, [%p];\n"
    "  @!%wide ld.u32 %v32, [%p];\n"
    "  @!%wide cvt.s64.s32 %v, %v32;\n"
    "  min.s64 %lo, %lo, %v;\n"
    "  max.s64 %hi, %hi, %v;\n"
    "  add.u64 %i, %i, %step;\n"
    "  bra LOOP;\n"
    "DONE:\n"
    "  atom.shared.min.s64 %a, [lowest_all], %lo;\n"
    "  atom.shared.max.s64 %a, [highest_all], %hi;\n"
    "  bar.sync 0;\n"
    "  @!%first bra END;\n"
    "  ld.shared.u64 %lo, [lowest_all];\n"
    "  ld.shared.u64 %hi, [highest_all];\n"
    "  st.u64 [%pair], %lo;\n"
    "  st.u64 [%pair+8], %hi;\n"
    "END:\n"
    "  ret;\n"
    "}\n";

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static CUfunction kernels[PT2CRT_MAX_CUDA_DEVICES][2];

CUfunction pt2crt_index_kernel(const pt2crt_cuda_driver *driver, int32_t device, int scan,
                               CUresult *result) {
  *result = PT2CRT_CUDA_SUCCESS;
  if (device < 0 || device >= PT2CRT_MAX_CUDA_DEVICES) {
    *result = 1; /* CUDA_ERROR_INVALID_VALUE */
    return NULL;
  }
  pthread_mutex_lock(&mutex);
  if (!kernels[device][0]) {
    CUmodule module = NULL;
    CUfunction loaded[2] = {NULL, NULL};
    *result = driver->cuModuleLoadData(&module, kPtx);
    if (*result == PT2CRT_CUDA_SUCCESS)
      *result = driver->cuModuleGetFunction(&loaded[0], module, PT2CRT_INDEX_KERNEL);
    if (*result == PT2CRT_CUDA_SUCCESS)
      *result = driver->cuModuleGetFunction(&loaded[1], module, PT2CRT_SCAN_KERNEL);
    /* A module without its functions stays loaded, unused: the driver table
     * has no unload, and this cannot happen with the PTX above. */
    if (*result == PT2CRT_CUDA_SUCCESS) {
      kernels[device][0] = loaded[0];
      kernels[device][1] = loaded[1];
    }
  }
  CUfunction kernel = kernels[device][scan ? 1 : 0];
  pthread_mutex_unlock(&mutex);
  return kernel;
}
