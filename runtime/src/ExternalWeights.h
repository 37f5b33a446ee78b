/*===- ExternalWeights.h - The weights blob, read from a .pt2 at create ---===*
 *
 * A model compiled with `--weights external` carries, instead of its
 * weights, where each one is in the archive (model_abi.h,
 * pt2c_external_weights_desc). This builds from the .pt2 the caller names
 * the same blob an embedded model holds: every weight row-major and
 * contiguous at its 64-byte aligned offset, strided views gathered as the
 * compiler would have.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_EXTERNALWEIGHTS_H
#define PT2C_RUNTIME_EXTERNALWEIGHTS_H

#include "pt2c/model_abi.h"
#include "pt2c/pt2c.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reads the weights of `desc` from the archive at `path` into a new
 * 64-byte aligned allocation of desc->weights_bytes (rounded up to 64) that
 * the caller frees with free(). Each entry is checked before any weight
 * byte is read: present under the archive's root folder, STORED, and the
 * size (and CRC-32) the compiler recorded. Every failure is a status that
 * names the file and the entry: PT2C_INVALID_ARGUMENT for a wrong or
 * damaged file, PT2C_UNSUPPORTED for a compressed or encrypted entry,
 * PT2C_OUT_OF_MEMORY. */
pt2c_status *pt2crt_load_external_weights(const pt2c_model_desc *desc,
                                          const char *path,
                                          uint8_t **out_blob);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_EXTERNALWEIGHTS_H */
