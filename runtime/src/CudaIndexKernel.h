/*===- CudaIndexKernel.h - The kernel that hands an index range over -----===*
 *
 * An index check's smallest and largest index reach the host through one
 * launch of a kernel of the runtime, which stores them into the pinned host
 * memory of the execution context (CudaIndexChecks.h): the scan kernel
 * reduces the indices itself (pt2c-device-index-checks drops the generated
 * reduction, its fills and their launches where it can); the range kernel
 * takes the two values a generated reduction left in device memory. Pinned memory
 * from cuMemAllocHost is device-accessible at its host address wherever
 * addressing is unified (every 64-bit Linux device), so the kernel stores
 * there directly: one kernel node in a graph where two device-to-host
 * copies were (about 4 us a check with its reduction against 13 to 15 on
 * an H100, bench/README.md).
 *
 * The kernel is PTX the runtime carries (not part of a model's bundle), so
 * every model with index checks can use it; it is loaded once per device
 * at its first use and kept for the process, as the models' modules are.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDAINDEXKERNEL_H
#define PT2C_RUNTIME_CUDAINDEXKERNEL_H

#include "CudaDriver.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The kernel that stores two values reduced already; its parameters: the
 * pinned pair (two i64), then the device addresses of the smallest and the
 * largest index. One thread. */
#define PT2CRT_INDEX_KERNEL "pt2crt_index_range"

/* The kernel that reduces the indices itself: the pinned pair, the
 * indices' device address, their element bytes (4 or 8, signed), then 4
 * sizes and 4 strides (elements; row-major, missing dims of size 1). One
 * block of PT2CRT_SCAN_THREADS threads. */
#define PT2CRT_SCAN_KERNEL "pt2crt_index_scan"
enum { PT2CRT_SCAN_THREADS = 256 };

/* The kernel (`scan`: PT2CRT_SCAN_KERNEL, else PT2CRT_INDEX_KERNEL) on
 * `device` (its context current), loaded on first use; NULL with the
 * driver's result in `result` when it cannot be loaded. */
CUfunction pt2crt_index_kernel(const pt2crt_cuda_driver *driver, int32_t device, int scan,
                               CUresult *result);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDAINDEXKERNEL_H */
