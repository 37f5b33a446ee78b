/*===- OpenMPShim.h - The __kmpc_* entry points, on the model's pool -----===*
 *
 * The CPU pipeline turns each parallel chunk loop into an OpenMP region
 * (MLIR's convert-scf-to-openmp), which LLVM lowers to calls of libomp's
 * __kmpc_* ABI. Rather than depend on libomp, the runtime implements the
 * few entry points that code uses (OpenMPShim.c) on top of the model's own
 * thread pool. Run.c names the pool for the calling thread around each run.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_OPENMPSHIM_H
#define PT2C_RUNTIME_OPENMPSHIM_H

#include "ThreadPool.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Makes `pool` the one parallel regions started by this thread use (NULL:
 * run them on this thread) and returns the previous one, for
 * pt2crt_omp_set_pool(previous) when the run ends. */
pt2crt_pool *pt2crt_omp_set_pool(pt2crt_pool *pool);

/* The team member running the calling code: 0 .. team size - 1 inside a
 * parallel region, 0 outside one. Generated code calls it to pick a
 * parallel loop's per-member slot of a shared buffer
 * (pt2c-chunk-buffers-on-stack): the static schedule gives each member a
 * contiguous run of iterations, which then reuse one slot. */
int32_t pt2crt_team_member(void);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_OPENMPSHIM_H */
