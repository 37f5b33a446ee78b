/*===- Run.c - pt2c_model_run and pt2c_tensor_free -----------------------===*
 *
 * A run: take a free execution context, validate the inputs (binding the
 * symbols), compute the output shapes, validate or allocate the outputs,
 * size the arena, call the compiled code, report the sizes it computed
 * (data-dependent outputs), give the context back. Nothing
 * the caller owns is modified unless the call succeeds, except the data of
 * caller-allocated outputs when the compiled code itself fails.
 *===----------------------------------------------------------------------===*/

#include "CudaRun.h"
#include "Format.h"
#include "Model.h"
#include "OpenMPShim.h"
#include "RunFailure.h"
#include "Status.h"
#include "Validate.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { kOutputAlignment = 64 };

static const char *code_name(int32_t code) {
  switch (code) {
  case PT2C_INVALID_ARGUMENT:
    return "invalid argument";
  case PT2C_SHAPE_MISMATCH:
    return "shape mismatch";
  case PT2C_UNSUPPORTED:
    return "unsupported";
  case PT2C_OUT_OF_MEMORY:
    return "out of memory";
  case PT2C_DEVICE_ERROR:
    return "device error";
  case PT2C_INTERNAL:
    return "internal error";
  default:
    return "unknown code";
  }
}

/* Releases what allocate_outputs gave this run, restoring data == NULL. */
static void free_model_outputs(const pt2c_model_desc *desc, DLTensor *outputs,
                               pt2crt_context *ctx) {
  for (int32_t i = 0; i < desc->n_outputs; ++i) {
    if (!ctx->model_allocated[i] || !outputs[i].data)
      continue;
    free(outputs[i].data);
    free(outputs[i].shape);
    outputs[i].data = NULL;
    outputs[i].shape = NULL;
    outputs[i].ndim = 0;
  }
}

static pt2c_status *allocate_output(const pt2c_tensor_desc *tensor,
                                    const int64_t *dims, DLTensor *output,
                                    void **out_data, int32_t index) {
  uint64_t bytes = pt2crt_element_bytes(tensor->dtype);
  for (int32_t d = 0; d < tensor->rank; ++d) {
    if (dims[d] < 0)
      return pt2crt_error(PT2C_INTERNAL,
                          "output %d ('%s'): the compiled code computed "
                          "shape %s (a pt2c bug)",
                          (int)index, tensor->name,
                          pt2crt_dims_text(dims, tensor->rank).text);
    if (__builtin_mul_overflow(bytes, (uint64_t)dims[d], &bytes))
      return pt2crt_error(
          PT2C_OUT_OF_MEMORY, "output %d ('%s'): shape %s is too large",
          (int)index, tensor->name, pt2crt_dims_text(dims, tensor->rank).text);
  }
  /* aligned_alloc wants a size that is a nonzero multiple of the
   * alignment; empty outputs still get a pointer, so data != NULL means
   * "allocated" to pt2c_tensor_free. */
  uint64_t rounded = bytes == 0 ? kOutputAlignment : bytes;
  if (rounded > SIZE_MAX - kOutputAlignment)
    return pt2crt_alloc_error("an output", bytes);
  rounded =
      (rounded + kOutputAlignment - 1) & ~(uint64_t)(kOutputAlignment - 1);
  int64_t *shape = malloc(sizeof(int64_t) * (tensor->rank ? tensor->rank : 1));
  void *data = aligned_alloc(kOutputAlignment, (size_t)rounded);
  if (!shape || !data) {
    free(shape);
    free(data);
    return pt2crt_error(PT2C_OUT_OF_MEMORY,
                        "out of memory: could not allocate %" PRIu64
                        " bytes for output %d ('%s')",
                        bytes, (int)index, tensor->name);
  }
  if (tensor->rank)
    memcpy(shape, dims, sizeof(int64_t) * (size_t)tensor->rank);
  output->data = data;
  output->device.device_type = kDLCPU;
  output->device.device_id = 0;
  output->ndim = tensor->rank;
  output->dtype = pt2crt_dl_dtype(tensor->dtype);
  output->shape = shape;
  output->strides = NULL;
  output->byte_offset = 0;
  *out_data = data;
  return NULL;
}

static pt2c_status *allocate_outputs(const pt2c_model_desc *desc,
                                     DLTensor *outputs, pt2crt_context *ctx) {
  const int64_t *dims = ctx->output_dims;
  for (int32_t i = 0; i < desc->n_outputs; ++i) {
    const pt2c_tensor_desc *tensor = &desc->outputs[i];
    if (ctx->model_allocated[i]) {
      pt2c_status *status =
          allocate_output(tensor, dims, &outputs[i], &ctx->outputs[i], i);
      if (status) {
        free_model_outputs(desc, outputs, ctx);
        return status;
      }
    }
    dims += tensor->rank;
  }
  return NULL;
}

static pt2c_status *execute(const pt2c_model *model, pt2crt_context *ctx,
                            const DLTensor *inputs, const DLTensor *outputs) {
  const pt2c_model_desc *desc = model->desc;
  if (model->cuda)
    return pt2crt_cuda_execute(model->cuda, desc, ctx, inputs, outputs);
  pt2c_status *status =
      pt2crt_context_reserve_arena(ctx, desc->arena_bytes(ctx->symbols));
  if (status)
    return status;
  pt2c_run_args args;
  args.inputs = ctx->inputs;
  args.outputs = ctx->outputs;
  args.symbols = ctx->symbols;
  args.weights = model->weights;
  args.arena = ctx->arena;
  args.pool = model->pool;
  args.parallel_for = pt2crt_parallel_for;
  /* Parallel regions in the compiled code run on the model's pool; its
   * temporaries come from (and go back to) this context's scratch cache. */
  pt2crt_pool *previous_pool = pt2crt_omp_set_pool(model->pool);
  pt2crt_scratch *previous_scratch = pt2crt_scratch_set_current(&ctx->scratch);
  /* What the compiled code finds wrong while it runs (an index out of
   * range) is recorded here: RunFailure.h. */
  pt2crt_run_failure failure = {PT2C_OK, {0}};
  pt2crt_run_failure *previous_failure = pt2crt_run_failure_set_current(&failure);
  int32_t code = model->cpu_run(&args);
  pt2crt_run_failure_set_current(previous_failure);
  pt2crt_scratch_set_current(previous_scratch);
  pt2crt_omp_set_pool(previous_pool);
  if (code == PT2C_OK && failure.code != PT2C_OK)
    return pt2crt_error(failure.code, "model '%s': %s", desc->model_name ? desc->model_name : "",
                        failure.message);
  if (code == PT2C_OK)
    return NULL;
  pt2c_code reported =
      code > PT2C_OK && code <= PT2C_INTERNAL ? (pt2c_code)code : PT2C_INTERNAL;
  return pt2crt_error(
      reported, "model '%s': the compiled code failed (%s, code %d)",
      desc->model_name ? desc->model_name : "", code_name(code), (int)code);
}

/* execute, timing each piece of work when the model profiles (Profile.h):
 * the context's profile run is the thread's current one meanwhile, and a
 * successful run adds its times to the model's. */
static pt2c_status *execute_profiled(const pt2c_model *model, pt2crt_context *ctx,
                                     const DLTensor *inputs, const DLTensor *outputs) {
  if (!model->profile)
    return execute(model, ctx, inputs, outputs);
  uint64_t started = pt2crt_now_ns();
  pt2crt_profile_run *previous = pt2crt_profile_set_current(&ctx->profile);
  pt2c_status *status = execute(model, ctx, inputs, outputs);
  pt2crt_profile_set_current(previous);
  if (!status)
    pt2crt_profile_totals_add(model->profile, &ctx->profile, pt2crt_now_ns() - started);
  return status;
}

/* After a run that computed data-dependent sizes: each within its range
 * (the outputs were sized for the maximum and the code writes no more, so
 * a size beyond it is a pt2c bug, reported), then every output's shape as
 * it is now: model-allocated ones get theirs whole, caller-allocated ones
 * their data-dependent dims (their data holds the output compact, row-major
 * from its start). */
static pt2c_status *report_data_dependent_sizes(const pt2c_model_desc *desc,
                                                DLTensor *outputs,
                                                pt2crt_context *ctx) {
  for (int32_t s = 0; s < desc->n_symbols; ++s) {
    const pt2c_symbol_desc *symbol = &desc->symbols[s];
    if (symbol->data_dependent &&
        (ctx->symbols[s] < symbol->min || ctx->symbols[s] > symbol->max))
      return pt2crt_error(PT2C_INTERNAL,
                          "model '%s': the compiled code computed %" PRId64
                          " for data-dependent size %s, outside its range "
                          "[%" PRId64 ", %" PRId64 "] (a pt2c bug)",
                          desc->model_name ? desc->model_name : "",
                          ctx->symbols[s], symbol->name, symbol->min,
                          symbol->max);
  }
  desc->output_dims(ctx->symbols, ctx->output_dims);
  const int64_t *dims = ctx->output_dims;
  for (int32_t i = 0; i < desc->n_outputs; ++i) {
    const pt2c_tensor_desc *tensor = &desc->outputs[i];
    for (int32_t d = 0; d < tensor->rank; ++d)
      if (ctx->model_allocated[i] ||
          (tensor->dims[d].symbol >= 0 &&
           desc->symbols[tensor->dims[d].symbol].data_dependent))
        outputs[i].shape[d] = dims[d];
    dims += tensor->rank;
  }
  return NULL;
}

static pt2c_status *check_counts(const pt2c_model_desc *desc,
                                 const DLTensor *inputs, size_t n_inputs,
                                 const DLTensor *outputs, size_t n_outputs) {
  if (n_inputs != (size_t)desc->n_inputs)
    return pt2crt_error(PT2C_INVALID_ARGUMENT, "expected %d inputs, got %zu",
                        (int)desc->n_inputs, n_inputs);
  if (n_outputs != (size_t)desc->n_outputs)
    return pt2crt_error(PT2C_INVALID_ARGUMENT, "expected %d outputs, got %zu",
                        (int)desc->n_outputs, n_outputs);
  if (n_inputs > 0 && !inputs)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "inputs is NULL (expected an array of %zu tensors)",
                        n_inputs);
  if (n_outputs > 0 && !outputs)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "outputs is NULL (expected an array of %zu tensors)",
                        n_outputs);
  return NULL;
}

PT2C_API pt2c_status *pt2c_model_run(pt2c_model *model, const DLTensor *inputs,
                                     size_t n_inputs, DLTensor *outputs,
                                     size_t n_outputs) {
  if (!model)
    return pt2crt_error(PT2C_INVALID_ARGUMENT, "pt2c_model_run: model is NULL");
  const pt2c_model_desc *desc = model->desc;
  pt2c_status *status =
      check_counts(desc, inputs, n_inputs, outputs, n_outputs);
  if (status)
    return status;

  pt2crt_context *ctx = pt2crt_context_acquire(&model->contexts);
  if (!ctx)
    return pt2crt_out_of_memory();
  status = pt2crt_validate_inputs(desc, inputs, ctx);
  if (!status) {
    desc->output_dims(ctx->symbols, ctx->output_dims);
    status = pt2crt_validate_outputs(desc, outputs, ctx);
  }
  if (!status)
    status = allocate_outputs(desc, outputs, ctx);
  if (!status) {
    status = execute_profiled(model, ctx, inputs, outputs);
    if (!status && pt2crt_has_data_dependent_sizes(desc))
      status = report_data_dependent_sizes(desc, outputs, ctx);
    if (status)
      free_model_outputs(desc, outputs, ctx);
  }
  pt2crt_context_release(&model->contexts, ctx);
  return status;
}

PT2C_API void pt2c_tensor_free(DLTensor *tensor) {
  if (!tensor || !tensor->data)
    return;
  free(tensor->data);
  free(tensor->shape);
  tensor->data = NULL;
  tensor->shape = NULL;
  tensor->ndim = 0;
}
