/*===- Validate.c - Checks of the caller's tensors before a run ----------===*
 *
 * Everything is checked before the compiled code runs: it trusts its
 * pointers and shapes completely. Every message starts with the tensor's
 * label, "input 0 ('x'): ", and says what was given and what was expected.
 *===----------------------------------------------------------------------===*/

#include "Validate.h"
#include "Format.h"
#include "Model.h"
#include "Status.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

/* Which tensor a message is about. */
typedef struct label {
  const char *kind; /* "input" or "output" */
  int32_t index;
  const char *name;
} label;

__attribute__((format(printf, 3, 4))) static pt2c_status *
tensor_error(pt2c_code code, label where, const char *format, ...) {
  char detail[512];
  va_list args;
  va_start(args, format);
  vsnprintf(detail, sizeof(detail), format, args);
  va_end(args);
  return pt2crt_error(code, "%s %d ('%s'): %s", where.kind, (int)where.index,
                      where.name, detail);
}

static int same_dtype(DLDataType a, DLDataType b) {
  return a.code == b.code && a.bits == b.bits && a.lanes == b.lanes;
}

/* Device, dtype, rank and a shape array to read: what must hold before the
 * dims can be looked at. */
static pt2c_status *check_header(label where, const pt2c_tensor_desc *tensor,
                                 const DLTensor *given, int32_t cuda_device) {
  DLDeviceType type = given->device.device_type;
  if (cuda_device < 0 && type != kDLCPU)
    return tensor_error(PT2C_INVALID_ARGUMENT, where,
                        "device is %s, expected cpu",
                        pt2crt_device_text(given->device).text);
  /* A CUDA model takes host memory (copied) or its own GPU's memory. */
  if (cuda_device >= 0 && type != kDLCPU && type != kDLCUDAHost &&
      !(type == kDLCUDA && given->device.device_id == cuda_device))
    return tensor_error(PT2C_INVALID_ARGUMENT, where,
                        "device is %s, expected cpu or cuda:%d",
                        pt2crt_device_text(given->device).text,
                        (int)cuda_device);
  DLDataType expected = pt2crt_dl_dtype(tensor->dtype);
  if (!same_dtype(given->dtype, expected))
    return tensor_error(
        PT2C_INVALID_ARGUMENT, where, "dtype is %s, expected %s",
        pt2crt_dtype_text(given->dtype).text, pt2crt_dtype_text(expected).text);
  if (given->ndim != tensor->rank)
    return tensor_error(PT2C_SHAPE_MISMATCH, where, "rank is %d, expected %d",
                        given->ndim, (int)tensor->rank);
  if (given->ndim > 0 && !given->shape)
    return tensor_error(PT2C_INVALID_ARGUMENT, where, "shape is NULL");
  return NULL;
}

/* Strides, size and data, once the dims are known to be right. Writes the
 * address of the first element to *out_data. */
static pt2c_status *check_layout(label where, const DLTensor *given,
                                 void **out_data) {
  uint64_t element_bytes = given->dtype.bits <= 8 ? 1 : given->dtype.bits / 8;
  uint64_t elements = 1;
  for (int32_t d = 0; d < given->ndim; ++d)
    if (__builtin_mul_overflow(elements, (uint64_t)given->shape[d], &elements))
      return tensor_error(PT2C_SHAPE_MISMATCH, where,
                          "shape %s has too many elements",
                          pt2crt_dims_text(given->shape, given->ndim).text);
  uint64_t bytes;
  if (__builtin_mul_overflow(elements, element_bytes, &bytes) ||
      bytes > (uint64_t)INT64_MAX)
    return tensor_error(PT2C_SHAPE_MISMATCH, where,
                        "shape %s has too many bytes",
                        pt2crt_dims_text(given->shape, given->ndim).text);

  if (given->strides && elements > 0) {
    /* Compact row-major; a dim of size 1 is never stepped over, so its
     * stride does not matter (PyTorch often reports odd ones there). */
    int64_t expected = 1;
    int compact = 1;
    for (int32_t d = given->ndim - 1; d >= 0; --d) {
      if (given->shape[d] != 1 && given->strides[d] != expected)
        compact = 0;
      expected *= given->shape[d];
    }
    if (!compact) {
      int64_t row_major[PT2CRT_TEXT_SIZE];
      int32_t shown =
          given->ndim < PT2CRT_TEXT_SIZE ? given->ndim : PT2CRT_TEXT_SIZE;
      int64_t step = 1;
      for (int32_t d = given->ndim - 1; d >= 0; --d) {
        if (d < shown)
          row_major[d] = step;
        step *= given->shape[d];
      }
      return tensor_error(
          PT2C_UNSUPPORTED, where,
          "strides %s are not compact row-major (expected %s or NULL)",
          pt2crt_dims_text(given->strides, given->ndim).text,
          pt2crt_dims_text(row_major, shown).text);
    }
  }

  if (!given->data) {
    /* Nothing is read from or written to an empty tensor. */
    if (elements > 0)
      return tensor_error(PT2C_INVALID_ARGUMENT, where, "data is NULL");
    *out_data = NULL;
    return NULL;
  }
  char *data = (char *)given->data + given->byte_offset;
  if ((uintptr_t)data % element_bytes != 0)
    return tensor_error(PT2C_INVALID_ARGUMENT, where,
                        "data + byte_offset (%p) is not aligned to its "
                        "%" PRIu64 "-byte elements",
                        (void *)data, element_bytes);
  *out_data = data;
  return NULL;
}

/* One input's dims: static ones equal, dynamic ones in range and equal to
 * what their symbol was already bound to. */
static pt2c_status *bind_dims(const pt2c_model_desc *desc, label where,
                              const pt2c_tensor_desc *tensor,
                              const DLTensor *given, pt2crt_context *ctx) {
  for (int32_t d = 0; d < tensor->rank; ++d) {
    int64_t size = given->shape[d];
    pt2c_dim_desc dim = tensor->dims[d];
    if (size < 0)
      return tensor_error(PT2C_SHAPE_MISMATCH, where,
                          "dim %d is %" PRId64 ", a negative size", (int)d,
                          size);
    if (dim.size >= 0) {
      if (size != dim.size)
        return tensor_error(PT2C_SHAPE_MISMATCH, where,
                            "dim %d is %" PRId64 ", expected %" PRId64
                            " (shape %s, expected %s)",
                            (int)d, size, dim.size,
                            pt2crt_dims_text(given->shape, given->ndim).text,
                            pt2crt_desc_dims_text(desc, tensor).text);
      continue;
    }
    const pt2c_symbol_desc *symbol = &desc->symbols[dim.symbol];
    if (size < symbol->min || size > symbol->max)
      return tensor_error(PT2C_SHAPE_MISMATCH, where,
                          "dim %d is %" PRId64
                          ", outside the range [%s, %s] of symbol %s",
                          (int)d, size, pt2crt_bound_text(symbol->min).text,
                          pt2crt_bound_text(symbol->max).text, symbol->name);
    int32_t source = ctx->bound_input[dim.symbol];
    if (source < 0) {
      ctx->symbols[dim.symbol] = size;
      ctx->bound_input[dim.symbol] = where.index;
      ctx->bound_dim[dim.symbol] = d;
    } else if (ctx->symbols[dim.symbol] != size) {
      return tensor_error(PT2C_SHAPE_MISMATCH, where,
                          "dim %d is %" PRId64 ", but symbol %s is %" PRId64
                          " from input %d ('%s') dim %d",
                          (int)d, size, symbol->name, ctx->symbols[dim.symbol],
                          (int)source, desc->inputs[source].name,
                          (int)ctx->bound_dim[dim.symbol]);
    }
  }
  return NULL;
}

pt2c_status *pt2crt_validate_inputs(const pt2c_model_desc *desc,
                                    const DLTensor *inputs,
                                    pt2crt_context *ctx) {
  for (int32_t s = 0; s < desc->n_symbols; ++s) {
    ctx->bound_input[s] = -1;
    /* Outputs are sized for the largest value until the run says. */
    if (desc->symbols[s].data_dependent)
      ctx->symbols[s] = desc->symbols[s].max;
  }
  for (int32_t i = 0; i < desc->n_inputs; ++i) {
    const pt2c_tensor_desc *tensor = &desc->inputs[i];
    label where = {"input", i, tensor->name};
    pt2c_status *status = check_header(where, tensor, &inputs[i], ctx->cuda_device);
    if (!status)
      status = bind_dims(desc, where, tensor, &inputs[i], ctx);
    if (!status)
      status = check_layout(where, &inputs[i], &ctx->inputs[i]);
    if (status)
      return status;
  }
  return NULL;
}

/* Static and input-bound dims equal; a data-dependent dim at least the
 * largest size its symbol may reach (expected[d] holds it before the run). */
static pt2c_status *check_output_dims(const pt2c_model_desc *desc, label where,
                                      const pt2c_tensor_desc *tensor,
                                      const DLTensor *given,
                                      const int64_t *expected) {
  for (int32_t d = 0; d < tensor->rank; ++d) {
    int32_t symbol = tensor->dims[d].symbol;
    if (symbol >= 0 && desc->symbols[symbol].data_dependent) {
      if (given->shape[d] < expected[d])
        return tensor_error(PT2C_SHAPE_MISMATCH, where,
                            "dim %d is %" PRId64 ", less than %" PRId64
                            ", the most that data-dependent size %s may reach",
                            (int)d, given->shape[d], expected[d],
                            desc->symbols[symbol].name);
      continue;
    }
    if (given->shape[d] != expected[d])
      return tensor_error(PT2C_SHAPE_MISMATCH, where,
                          "dim %d is %" PRId64 ", expected %" PRId64
                          " (shape %s, expected %s)",
                          (int)d, given->shape[d], expected[d],
                          pt2crt_dims_text(given->shape, given->ndim).text,
                          pt2crt_dims_text(expected, tensor->rank).text);
  }
  return NULL;
}

pt2c_status *pt2crt_validate_outputs(const pt2c_model_desc *desc,
                                     const DLTensor *outputs,
                                     pt2crt_context *ctx) {
  const int64_t *dims = ctx->output_dims;
  for (int32_t i = 0; i < desc->n_outputs; ++i) {
    const pt2c_tensor_desc *tensor = &desc->outputs[i];
    const int64_t *expected = dims;
    dims += tensor->rank;
    ctx->model_allocated[i] = outputs[i].data == NULL;
    ctx->outputs[i] = NULL;
    if (ctx->model_allocated[i])
      continue;
    label where = {"output", i, tensor->name};
    pt2c_status *status = check_header(where, tensor, &outputs[i], ctx->cuda_device);
    if (!status)
      status = check_output_dims(desc, where, tensor, &outputs[i], expected);
    if (!status)
      status = check_layout(where, &outputs[i], &ctx->outputs[i]);
    if (status)
      return status;
  }
  return NULL;
}
