/*===- ElementBytes.h - The size of a descriptor dtype's element ----------===*
 *
 * Its own header so that files needing only this (the CUDA run) do not
 * depend on Model.h, whose functions call into them.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_ELEMENTBYTES_H
#define PT2C_RUNTIME_ELEMENTBYTES_H

#include "pt2c/model_abi.h"

#include <stdint.h>

/* Element size in bytes of a descriptor dtype (bool: 1). */
static inline uint64_t pt2crt_element_bytes(pt2c_dtype_desc dtype) {
  return dtype.bits <= 8 ? 1 : dtype.bits / 8;
}

#endif /* PT2C_RUNTIME_ELEMENTBYTES_H */
