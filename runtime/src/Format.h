/*===- Format.h - Text for dtypes, devices and shapes in messages --------===*/

#ifndef PT2C_RUNTIME_FORMAT_H
#define PT2C_RUNTIME_FORMAT_H

#include "pt2c/model_abi.h"
#include "pt2c/pt2c.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Big enough for any message fragment below; longer text is cut with "...". */
enum { PT2CRT_TEXT_SIZE = 160 };

typedef struct pt2crt_text {
  char text[PT2CRT_TEXT_SIZE];
} pt2crt_text;

/* "float32", "int64", "bool", "bfloat16"; otherwise "dtype(code 5, bits 64,
 * lanes 1)". */
pt2crt_text pt2crt_dtype_text(DLDataType dtype);

/* "cpu", "cuda:1", or "device type 7 id 0". */
pt2crt_text pt2crt_device_text(DLDevice device);

/* "[2, 4]" */
pt2crt_text pt2crt_dims_text(const int64_t *dims, int32_t rank);

/* "[s0, 4]": a descriptor's dims with symbol names. */
pt2crt_text pt2crt_desc_dims_text(const pt2c_model_desc *desc,
                                  const pt2c_tensor_desc *tensor);

/* "1024", or "inf" / "-inf" for an unbounded side. */
pt2crt_text pt2crt_bound_text(int64_t bound);

/* The DLPack type of a descriptor dtype: lanes 1, bool as 8 bits. */
DLDataType pt2crt_dl_dtype(pt2c_dtype_desc dtype);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_FORMAT_H */
