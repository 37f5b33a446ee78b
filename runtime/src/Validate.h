/*===- Validate.h - Checks of the caller's tensors before a run ----------===*/

#ifndef PT2C_RUNTIME_VALIDATE_H
#define PT2C_RUNTIME_VALIDATE_H

#include "ExecContext.h"

#include "pt2c/model_abi.h"
#include "pt2c/pt2c.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Checks every input against the descriptor (device, dtype, rank, dims,
 * symbol ranges and bindings, strides, data) and fills ctx->symbols and
 * ctx->inputs. `inputs` holds desc->n_inputs tensors. */
pt2c_status *pt2crt_validate_inputs(const pt2c_model_desc *desc,
                                    const DLTensor *inputs,
                                    pt2crt_context *ctx);

/* Checks every caller-allocated output (data != NULL) against the dims in
 * ctx->output_dims and sets its ctx->outputs entry; marks the others in
 * ctx->model_allocated. `outputs` holds desc->n_outputs tensors. */
pt2c_status *pt2crt_validate_outputs(const pt2c_model_desc *desc,
                                     const DLTensor *outputs,
                                     pt2crt_context *ctx);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_VALIDATE_H */
