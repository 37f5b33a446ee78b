/*===- CudaRun.h - Models compiled with --target cuda ---------------------===*
 *
 * A CUDA model keeps its weights in device memory (uploaded once at
 * create, read-only, shared by every run) and its kernels loaded in the
 * device's primary context. Each execution context gets its own stream (or
 * uses the caller's), staging buffers for host tensors, a cache of device
 * scratch blocks and of kernel handles, so concurrent runs never share a
 * stream or a buffer. A run queues the copies and kernels on its stream and
 * waits for them at its end; from a shape's second run on, the kernels go
 * as one CUDA graph (CudaGraphs.h).
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDARUN_H
#define PT2C_RUNTIME_CUDARUN_H

#include "ExecContext.h"

#include "pt2c/model_abi.h"
#include "pt2c/pt2c.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pt2c_options;
struct pt2crt_cuda_model;
struct pt2crt_cuda_context;

/* Opens the driver and the device, loads the kernels for it, uploads the
 * weights. Clear statuses for: no driver, no such device, no kernel form
 * for its architecture, out of device memory. */
pt2c_status *pt2crt_cuda_model_create(const pt2c_model_desc *desc,
                                      const uint8_t *weights,
                                      const struct pt2c_options *options,
                                      struct pt2crt_cuda_model **out_model);
/* NULL is a no-op. Every execution context must be destroyed first. */
void pt2crt_cuda_model_destroy(struct pt2crt_cuda_model *model);
int32_t pt2crt_cuda_model_device(const struct pt2crt_cuda_model *model);

/* Frees a context's stream (when its own), staging and scratch; NULL ok. */
void pt2crt_cuda_context_destroy(struct pt2crt_cuda_context *cuda);

/* Runs desc->run_cuda for validated tensors: ctx->inputs/outputs hold the
 * caller's data pointers (host or device, as `inputs`/`outputs` say), and
 * model-allocated outputs are host memory already allocated. */
pt2c_status *pt2crt_cuda_execute(struct pt2crt_cuda_model *model,
                                 const pt2c_model_desc *desc,
                                 pt2crt_context *ctx, const DLTensor *inputs,
                                 const DLTensor *outputs);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDARUN_H */
