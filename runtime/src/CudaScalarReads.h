/*===- CudaScalarReads.h - Host reads of device scalars in a CUDA run -----===*
 *
 * A data-dependent size (nonzero's row count, masked_select's length) is
 * computed by a kernel into device memory, and the host code needs it:
 * it sizes the allocations after it and is written to the symbol's slot
 * the runtime reports (Run.c). pt2c-device-scalar-reads makes the host
 * code call pt2crt_cuda_read_scalar for each such value. The read copies
 * the element on the run's stream and waits for it, so everything queued
 * before has finished; it cannot be part of a CUDA graph, so models with
 * data-dependent sizes run without graphs (CudaRun.c), and a read while
 * capturing fails the capture, which then runs directly (CudaGraphs.h).
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDASCALARREADS_H
#define PT2C_RUNTIME_CUDASCALARREADS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The entry the generated host code calls: the `bytes` (1, 2, 4 or 8)
 * bytes at device address `address`, zero-extended, once the current
 * run's earlier work has finished. 0 after a failure, which is recorded
 * in the run (CudaState.h): the code goes on with a size of 0 and the run
 * reports the failure. */
int64_t pt2crt_cuda_read_scalar(int64_t address, int64_t bytes);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDASCALARREADS_H */
