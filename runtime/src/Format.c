/*===- Format.c - Text for dtypes, devices and shapes in messages --------===*/

#include "Format.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Appends to `out` at *length, marking truncation with "...". */
static void append(pt2crt_text *out, size_t *length, const char *piece) {
  size_t room = sizeof(out->text) - *length;
  size_t piece_length = strlen(piece);
  if (piece_length < room) {
    memcpy(out->text + *length, piece, piece_length + 1);
    *length += piece_length;
    return;
  }
  /* Cut, leaving "..." and the terminator. */
  size_t keep = sizeof(out->text) - 4;
  if (*length < keep)
    memcpy(out->text + *length, piece, keep - *length);
  memcpy(out->text + keep, "...", 4);
  *length = sizeof(out->text) - 1;
}

DLDataType pt2crt_dl_dtype(pt2c_dtype_desc dtype) {
  DLDataType result;
  result.code = dtype.code;
  /* model_abi.h allows bool as 1 bit "stored in 8"; DLPack says 8. */
  result.bits = dtype.code == PT2C_DL_BOOL ? 8 : dtype.bits;
  result.lanes = 1;
  return result;
}

pt2crt_text pt2crt_dtype_text(DLDataType dtype) {
  pt2crt_text out;
  const char *base = NULL;
  char name[32];
  switch (dtype.code) {
  case kDLInt:
    base = "int";
    break;
  case kDLUInt:
    base = "uint";
    break;
  case kDLFloat:
    base = "float";
    break;
  case kDLBfloat:
    base = "bfloat";
    break;
  case kDLComplex:
    base = "complex";
    break;
  default:
    break;
  }
  if (dtype.code == PT2C_DL_BOOL && dtype.bits == 8)
    snprintf(name, sizeof(name), "bool");
  else if (base)
    snprintf(name, sizeof(name), "%s%u", base, (unsigned)dtype.bits);
  else
    name[0] = '\0';
  if (!name[0])
    snprintf(out.text, sizeof(out.text), "dtype(code %u, bits %u, lanes %u)",
             (unsigned)dtype.code, (unsigned)dtype.bits, (unsigned)dtype.lanes);
  else if (dtype.lanes != 1)
    snprintf(out.text, sizeof(out.text), "%sx%u", name, (unsigned)dtype.lanes);
  else
    snprintf(out.text, sizeof(out.text), "%s", name);
  return out;
}

pt2crt_text pt2crt_device_text(DLDevice device) {
  pt2crt_text out;
  switch ((int)device.device_type) {
  case kDLCPU:
    snprintf(out.text, sizeof(out.text), "cpu");
    break;
  case kDLCUDA:
    snprintf(out.text, sizeof(out.text), "cuda:%d", device.device_id);
    break;
  case kDLCUDAHost:
    snprintf(out.text, sizeof(out.text), "cuda_host");
    break;
  case kDLCUDAManaged:
    snprintf(out.text, sizeof(out.text), "cuda_managed:%d", device.device_id);
    break;
  default:
    snprintf(out.text, sizeof(out.text), "device type %d id %d",
             (int)device.device_type, device.device_id);
    break;
  }
  return out;
}

pt2crt_text pt2crt_dims_text(const int64_t *dims, int32_t rank) {
  pt2crt_text out;
  size_t length = 0;
  out.text[0] = '\0';
  append(&out, &length, "[");
  for (int32_t d = 0; d < rank; ++d) {
    char piece[32];
    snprintf(piece, sizeof(piece), "%s%" PRId64, d ? ", " : "", dims[d]);
    append(&out, &length, piece);
  }
  append(&out, &length, "]");
  return out;
}

pt2crt_text pt2crt_desc_dims_text(const pt2c_model_desc *desc,
                                  const pt2c_tensor_desc *tensor) {
  pt2crt_text out;
  size_t length = 0;
  out.text[0] = '\0';
  append(&out, &length, "[");
  for (int32_t d = 0; d < tensor->rank; ++d) {
    const pt2c_dim_desc *dim = &tensor->dims[d];
    if (d)
      append(&out, &length, ", ");
    if (dim->size >= 0) {
      char piece[24];
      snprintf(piece, sizeof(piece), "%" PRId64, dim->size);
      append(&out, &length, piece);
    } else {
      append(&out, &length, desc->symbols[dim->symbol].name);
    }
  }
  append(&out, &length, "]");
  return out;
}

pt2crt_text pt2crt_bound_text(int64_t bound) {
  pt2crt_text out;
  if (bound == INT64_MAX)
    snprintf(out.text, sizeof(out.text), "inf");
  else if (bound == INT64_MIN)
    snprintf(out.text, sizeof(out.text), "-inf");
  else
    snprintf(out.text, sizeof(out.text), "%" PRId64, bound);
  return out;
}
