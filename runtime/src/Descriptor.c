/*===- Descriptor.c - Checks of the compiled model's descriptor ----------===*
 *
 * The descriptor is generated, so an inconsistency is a compiler bug; but
 * checking it once at create time lets validation and the run path index
 * its arrays without further checks, and turns a would-be crash into a
 * PT2C_INTERNAL status that says what is wrong.
 *===----------------------------------------------------------------------===*/

#include "Model.h"
#include "Status.h"

#include <inttypes.h>
#include <stdint.h>

#define BROKEN(...)                                                            \
  pt2crt_error(PT2C_INTERNAL,                                                  \
               "the compiled model's descriptor is inconsistent (a pt2c "      \
               "bug): " __VA_ARGS__)

static int valid_dtype(pt2c_dtype_desc dtype) {
  switch (dtype.code) {
  case kDLInt:
  case kDLUInt:
    return dtype.bits == 8 || dtype.bits == 16 || dtype.bits == 32 ||
           dtype.bits == 64;
  case kDLFloat:
    return dtype.bits == 16 || dtype.bits == 32 || dtype.bits == 64;
  case kDLBfloat:
    return dtype.bits == 16;
  case kDLComplex:
    return dtype.bits == 64 || dtype.bits == 128;
  case PT2C_DL_BOOL:
    return dtype.bits == 1 || dtype.bits == 8;
  default:
    return 0;
  }
}

static pt2c_status *check_tensors(const pt2c_model_desc *desc, const char *kind,
                                  int32_t count,
                                  const pt2c_tensor_desc *tensors,
                                  int allow_derived) {
  if (count < 0 || (count > 0 && !tensors))
    return BROKEN("%d %ss without an array", (int)count, kind);
  for (int32_t i = 0; i < count; ++i) {
    const pt2c_tensor_desc *tensor = &tensors[i];
    if (!tensor->name)
      return BROKEN("%s %d has no name", kind, (int)i);
    if (!valid_dtype(tensor->dtype))
      return BROKEN("%s %d ('%s') has dtype code %u bits %u", kind, (int)i,
                    tensor->name, (unsigned)tensor->dtype.code,
                    (unsigned)tensor->dtype.bits);
    if (tensor->rank < 0 || (tensor->rank > 0 && !tensor->dims))
      return BROKEN("%s %d ('%s') has rank %d without dims", kind, (int)i,
                    tensor->name, (int)tensor->rank);
    for (int32_t d = 0; d < tensor->rank; ++d) {
      pt2c_dim_desc dim = tensor->dims[d];
      int is_static = dim.size >= 0 && dim.symbol == -1;
      int is_dynamic =
          dim.size == -1 && dim.symbol >= 0 && dim.symbol < desc->n_symbols;
      int is_derived =
          allow_derived && dim.size == -1 && dim.symbol == PT2C_DIM_DERIVED;
      if (!is_static && !is_dynamic && !is_derived)
        return BROKEN("%s %d ('%s') dim %d has size %" PRId64
                      " and symbol %d of %d",
                      kind, (int)i, tensor->name, (int)d, dim.size,
                      (int)dim.symbol, (int)desc->n_symbols);
    }
  }
  return NULL;
}

/* Validation binds every symbol from the inputs' dims; a symbol no input
 * carries could never get a value. */
static int bound_by_inputs(const pt2c_model_desc *desc, int32_t symbol) {
  for (int32_t i = 0; i < desc->n_inputs; ++i)
    for (int32_t d = 0; d < desc->inputs[i].rank; ++d)
      if (desc->inputs[i].dims[d].symbol == symbol)
        return 1;
  return 0;
}

/* After check_tensors, which makes bound_by_inputs safe. */
static pt2c_status *check_symbols(const pt2c_model_desc *desc) {
  for (int32_t s = 0; s < desc->n_symbols; ++s) {
    const pt2c_symbol_desc *symbol = &desc->symbols[s];
    if (!symbol->name)
      return BROKEN("symbol %d has no name", (int)s);
    if (symbol->min > symbol->max)
      return BROKEN("symbol %s has the empty range [%" PRId64 ", %" PRId64 "]",
                    symbol->name, symbol->min, symbol->max);
    if (symbol->data_dependent) {
      if (bound_by_inputs(desc, s))
        return BROKEN("data-dependent symbol %s is the size of an input dim", symbol->name);
      if (symbol->max == INT64_MAX || symbol->min < 0)
        return BROKEN("data-dependent symbol %s has the range [%" PRId64 ", %" PRId64
                      "]: it needs a finite one from 0 up",
                      symbol->name, symbol->min, symbol->max);
    } else if (!bound_by_inputs(desc, s)) {
      return BROKEN("symbol %s is not the size of any input dim", symbol->name);
    }
  }
  return NULL;
}

static pt2c_status *check_weights(const pt2c_model_desc *desc) {
  if (desc->n_weights < 0 || (desc->n_weights > 0 && !desc->weights))
    return BROKEN("%d weights without an array", (int)desc->n_weights);
  for (int32_t w = 0; w < desc->n_weights; ++w) {
    const pt2c_weight_desc *weight = &desc->weights[w];
    const char *fqn = weight->fqn ? weight->fqn : "?";
    if (weight->offset % 64 != 0)
      return BROKEN("weight %d ('%s') is at offset %" PRIu64
                    ", not a multiple of 64",
                    (int)w, fqn, weight->offset);
    if (weight->offset > desc->weights_bytes ||
        weight->nbytes > desc->weights_bytes - weight->offset)
      return BROKEN("weight %d ('%s') [%" PRIu64 ", +%" PRIu64
                    ") ends beyond the %" PRIu64 "-byte blob",
                    (int)w, fqn, weight->offset, weight->nbytes,
                    desc->weights_bytes);
  }
  if (desc->weights_blob && (uintptr_t)desc->weights_blob % 64 != 0)
    return BROKEN("the weights blob is not 64-byte aligned");
  if (desc->weights_blob && desc->external_weights)
    return BROKEN("the weights are both embedded and external");
  if (!desc->weights_blob && !desc->external_weights && desc->weights_bytes > 0)
    return BROKEN("%" PRIu64 " bytes of weights, neither embedded nor external",
                  desc->weights_bytes);
  return NULL;
}

/* The bytes of `source`'s view: its element count, and the storage it
 * spans from element 0 of the entry; 0 on overflow or a bad geometry. */
static int view_extent(const pt2c_weight_source *source, uint64_t *nbytes,
                       uint64_t *needed) {
  if (source->rank < 0 || (source->rank > 0 && (!source->sizes || !source->strides)))
    return 0;
  if (source->element_bytes == 0 || source->element_bytes > 16 ||
      source->storage_offset < 0)
    return 0;
  int64_t numel = 1, last = source->storage_offset;
  for (int32_t d = 0; d < source->rank; ++d) {
    int64_t size = source->sizes[d], stride = source->strides[d], step;
    if (size < 0 || stride < 0 || __builtin_mul_overflow(numel, size, &numel))
      return 0;
    if (size > 0 && (__builtin_mul_overflow(size - 1, stride, &step) ||
                     __builtin_add_overflow(last, step, &last)))
      return 0;
  }
  uint64_t elements = (uint64_t)last + 1;
  if (__builtin_mul_overflow((uint64_t)numel, source->element_bytes, nbytes) ||
      __builtin_mul_overflow(elements, source->element_bytes, needed))
    return 0;
  if (numel == 0)
    *needed = 0;
  return 1;
}

/* Every source reads inside what its entry is checked to hold, and gives
 * exactly its weight's bytes, so the loader can trust the geometry. */
static pt2c_status *check_external_weights(const pt2c_model_desc *desc) {
  const pt2c_external_weights_desc *external = desc->external_weights;
  if (!external)
    return NULL;
  if (!external->archive || external->n_entries < 0 ||
      (external->n_entries > 0 && !external->entries) ||
      (desc->n_weights > 0 && !external->sources))
    return BROKEN("the external weights table is incomplete");
  for (int32_t e = 0; e < external->n_entries; ++e)
    if (!external->entries[e].name)
      return BROKEN("external weights entry %d has no name", (int)e);
  for (int32_t w = 0; w < desc->n_weights; ++w) {
    const pt2c_weight_source *source = &external->sources[w];
    const char *fqn = desc->weights[w].fqn ? desc->weights[w].fqn : "?";
    uint64_t nbytes = 0, needed = 0;
    if (source->entry < -1 || source->entry >= external->n_entries ||
        !view_extent(source, &nbytes, &needed))
      return BROKEN("weight %d ('%s') has a bad external source", (int)w, fqn);
    if (nbytes != desc->weights[w].nbytes ||
        (source->entry < 0 && nbytes != 0) ||
        (source->entry >= 0 && needed > external->entries[source->entry].min_bytes))
      return BROKEN("weight %d ('%s'): its external source gives %" PRIu64
                    " bytes spanning %" PRIu64 ", for %" PRIu64 " expected",
                    (int)w, fqn, nbytes, needed, desc->weights[w].nbytes);
  }
  if (external->n_folds < 0 || (external->n_folds > 0 && !external->folds))
    return BROKEN("%d weight folds without an array", (int)external->n_folds);
  for (int32_t f = 0; f < external->n_folds; ++f) {
    const char *why = pt2crt_check_weight_fold(&external->folds[f], desc->weights_bytes);
    if (why)
      return BROKEN("weight fold %d: %s", (int)f, why);
  }
  return NULL;
}

/* The introspection functions hand the pairs out as they are. */
static pt2c_status *check_metadata(const pt2c_model_desc *desc) {
  if (desc->n_metadata < 0 || (desc->n_metadata > 0 && !desc->metadata))
    return BROKEN("%d metadata pairs without an array", (int)desc->n_metadata);
  for (int32_t i = 0; i < desc->n_metadata; ++i)
    if (!desc->metadata[i].key || !desc->metadata[i].value)
      return BROKEN("metadata pair %d has no key or value", (int)i);
  return NULL;
}

pt2c_status *pt2crt_check_descriptor(const pt2c_model_desc *desc) {
  if (desc->abi_version != PT2C_MODEL_ABI_VERSION)
    return pt2crt_error(PT2C_UNSUPPORTED,
                        "the compiled model uses model ABI version %u, but "
                        "its runtime implements version %u (compile it "
                        "again with a matching pt2c)",
                        (unsigned)desc->abi_version,
                        (unsigned)PT2C_MODEL_ABI_VERSION);
  if (!desc->output_dims || !desc->arena_bytes || (!desc->run && !desc->run_cuda))
    return BROKEN("a function pointer is NULL");
  if (desc->n_symbols < 0 || (desc->n_symbols > 0 && !desc->symbols))
    return BROKEN("%d symbols without an array", (int)desc->n_symbols);
  if (desc->n_cpu_entries < 0 || (desc->n_cpu_entries > 0 && (!desc->cpu_entries || !desc->run)))
    return BROKEN("%d CPU entries without an array or a run", (int)desc->n_cpu_entries);
  for (int32_t i = 0; i < desc->n_cpu_entries; ++i)
    if (!desc->cpu_entries[i].run)
      return BROKEN("CPU entry %d has no function", (int)i);
  pt2c_status *status =
      check_tensors(desc, "input", desc->n_inputs, desc->inputs, 0);
  if (!status)
    status = check_tensors(desc, "output", desc->n_outputs, desc->outputs, 1);
  if (!status)
    status = check_symbols(desc);
  if (!status)
    status = check_weights(desc);
  if (!status)
    status = check_external_weights(desc);
  if (!status)
    status = check_metadata(desc);
  return status;
}

int pt2crt_has_data_dependent_sizes(const pt2c_model_desc *desc) {
  for (int32_t s = 0; s < desc->n_symbols; ++s)
    if (desc->symbols[s].data_dependent)
      return 1;
  return 0;
}
