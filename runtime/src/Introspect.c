/*===- Introspect.c - What a model takes and returns ---------------------===*
 *
 * Read-only views of the descriptor, checked at create time. Every getter
 * answers a fixed value for a NULL model or an index out of range, as
 * pt2c.h documents, rather than failing with a status: callers loop over
 * these and a status per call would be noise.
 *===----------------------------------------------------------------------===*/

#include "Format.h"
#include "Model.h"
#include "Status.h"

#include <string.h>

static const pt2c_tensor_desc *input_at(const pt2c_model *model, size_t index) {
  if (!model || index >= (size_t)model->desc->n_inputs)
    return NULL;
  return &model->desc->inputs[index];
}

static const pt2c_tensor_desc *output_at(const pt2c_model *model,
                                         size_t index) {
  if (!model || index >= (size_t)model->desc->n_outputs)
    return NULL;
  return &model->desc->outputs[index];
}

static DLDataType dtype_of(const pt2c_tensor_desc *tensor) {
  if (!tensor) {
    DLDataType none = {0, 0, 0};
    return none;
  }
  return pt2crt_dl_dtype(tensor->dtype);
}

static int32_t dim_symbol(const pt2c_tensor_desc *tensor, int32_t dim) {
  if (!tensor || dim < 0 || dim >= tensor->rank)
    return -1;
  return tensor->dims[dim].symbol;
}

PT2C_API const char *pt2c_model_name(const pt2c_model *model) {
  if (!model || !model->desc->model_name)
    return "";
  return model->desc->model_name;
}

PT2C_API const char *pt2c_model_compile_options(const pt2c_model *model) {
  if (!model || !model->desc->compile_options)
    return "";
  return model->desc->compile_options;
}

PT2C_API size_t pt2c_model_num_metadata(const pt2c_model *model) {
  return model ? (size_t)model->desc->n_metadata : 0;
}

PT2C_API const char *pt2c_model_metadata_key(const pt2c_model *model,
                                             size_t index) {
  if (!model || index >= (size_t)model->desc->n_metadata)
    return NULL;
  return model->desc->metadata[index].key;
}

PT2C_API const char *pt2c_model_metadata_value(const pt2c_model *model,
                                               size_t index) {
  if (!model || index >= (size_t)model->desc->n_metadata)
    return NULL;
  return model->desc->metadata[index].value;
}

/* A handful of pairs: a scan beats any index. */
PT2C_API const char *pt2c_model_metadata(const pt2c_model *model,
                                         const char *key) {
  if (!model || !key)
    return NULL;
  for (int32_t i = 0; i < model->desc->n_metadata; ++i)
    if (strcmp(model->desc->metadata[i].key, key) == 0)
      return model->desc->metadata[i].value;
  return NULL;
}

PT2C_API int32_t pt2c_model_cpu_threads(const pt2c_model *model) {
  return model ? pt2crt_pool_threads(model->pool) : 0;
}

PT2C_API size_t pt2c_model_num_inputs(const pt2c_model *model) {
  return model ? (size_t)model->desc->n_inputs : 0;
}

PT2C_API size_t pt2c_model_num_outputs(const pt2c_model *model) {
  return model ? (size_t)model->desc->n_outputs : 0;
}

PT2C_API const char *pt2c_model_input_name(const pt2c_model *model,
                                           size_t index) {
  const pt2c_tensor_desc *tensor = input_at(model, index);
  return tensor ? tensor->name : NULL;
}

PT2C_API const char *pt2c_model_output_name(const pt2c_model *model,
                                            size_t index) {
  const pt2c_tensor_desc *tensor = output_at(model, index);
  return tensor ? tensor->name : NULL;
}

PT2C_API DLDataType pt2c_model_input_dtype(const pt2c_model *model,
                                           size_t index) {
  return dtype_of(input_at(model, index));
}

PT2C_API DLDataType pt2c_model_output_dtype(const pt2c_model *model,
                                            size_t index) {
  return dtype_of(output_at(model, index));
}

PT2C_API int32_t pt2c_model_input_rank(const pt2c_model *model, size_t index) {
  const pt2c_tensor_desc *tensor = input_at(model, index);
  return tensor ? tensor->rank : -1;
}

PT2C_API int32_t pt2c_model_output_rank(const pt2c_model *model, size_t index) {
  const pt2c_tensor_desc *tensor = output_at(model, index);
  return tensor ? tensor->rank : -1;
}

PT2C_API const int64_t *pt2c_model_input_shape(const pt2c_model *model,
                                               size_t index) {
  if (!input_at(model, index))
    return NULL;
  return model->shapes[index];
}

PT2C_API const int64_t *pt2c_model_output_shape(const pt2c_model *model,
                                                size_t index) {
  if (!output_at(model, index))
    return NULL;
  return model->shapes[(size_t)model->desc->n_inputs + index];
}

PT2C_API int32_t pt2c_model_input_dim_symbol(const pt2c_model *model,
                                             size_t index, int32_t dim) {
  return dim_symbol(input_at(model, index), dim);
}

PT2C_API int32_t pt2c_model_output_dim_symbol(const pt2c_model *model,
                                              size_t index, int32_t dim) {
  return dim_symbol(output_at(model, index), dim);
}

PT2C_API size_t pt2c_model_num_symbols(const pt2c_model *model) {
  return model ? (size_t)model->desc->n_symbols : 0;
}

PT2C_API const char *pt2c_model_symbol_name(const pt2c_model *model,
                                            size_t symbol) {
  if (!model || symbol >= (size_t)model->desc->n_symbols)
    return NULL;
  return model->desc->symbols[symbol].name;
}

PT2C_API pt2c_status *pt2c_model_symbol_range(const pt2c_model *model,
                                              size_t symbol, int64_t *min,
                                              int64_t *max) {
  if (!model || !min || !max)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "pt2c_model_symbol_range: %s is NULL",
                        !model ? "model"
                        : !min ? "min"
                               : "max");
  if (symbol >= (size_t)model->desc->n_symbols)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "pt2c_model_symbol_range: symbol %zu is out of "
                        "range (the model has %d)",
                        symbol, (int)model->desc->n_symbols);
  *min = model->desc->symbols[symbol].min;
  *max = model->desc->symbols[symbol].max;
  return NULL;
}

PT2C_API int32_t pt2c_model_symbol_is_data_dependent(const pt2c_model *model,
                                                     size_t symbol) {
  if (!model || symbol >= (size_t)model->desc->n_symbols)
    return -1;
  return model->desc->symbols[symbol].data_dependent ? 1 : 0;
}
