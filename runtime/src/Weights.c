/*===- Weights.c - Where the compiled code finds its weights -------------===*
 *
 * Embedded weights live in the library's read-only data and are used in
 * place. Models compiled with `--weights external` (weights_blob == NULL)
 * will read them from a .pt2 or a weights file at create time; until that
 * lands they are refused with a message that says so.
 *===----------------------------------------------------------------------===*/

#include "Model.h"
#include "Options.h"
#include "Status.h"

#include <inttypes.h>

pt2c_status *pt2crt_load_weights(const pt2c_model_desc *desc,
                                 const struct pt2c_options *options,
                                 const uint8_t **out_weights) {
  if (desc->weights_blob || desc->weights_bytes == 0) {
    /* A model without weights may have no blob at all. */
    *out_weights = desc->weights_blob;
    return NULL;
  }
  const char *path = options ? options->weights_path : NULL;
  return pt2crt_error(
      PT2C_UNSUPPORTED,
      "this model was compiled with --weights external (%" PRIu64
      " bytes of weights not embedded), which this runtime cannot load "
      "yet%s%s%s;"
      " compile it with --weights embed",
      desc->weights_bytes, path ? " (weights path '" : "", path ? path : "",
      path ? "')" : "");
}
