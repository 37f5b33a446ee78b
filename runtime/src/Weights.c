/*===- Weights.c - Where the compiled code finds its weights -------------===*
 *
 * Embedded weights live in the library's read-only data and are used in
 * place. Models compiled with `--weights external` carry only where the
 * weights are in their .pt2; they are read from the file the options name
 * into memory the model owns (ExternalWeights.c).
 *===----------------------------------------------------------------------===*/

#include "ExternalWeights.h"
#include "Model.h"
#include "Options.h"
#include "Status.h"

#include <inttypes.h>

pt2c_status *pt2crt_load_weights(const pt2c_model_desc *desc,
                                 const struct pt2c_options *options,
                                 const uint8_t **out_weights,
                                 uint8_t **out_owned) {
  *out_owned = NULL;
  if (!desc->external_weights || desc->weights_bytes == 0) {
    /* A model without weights (or only empty ones) may have no blob at all,
     * and then needs no file to read them from. */
    *out_weights = desc->weights_blob;
    return NULL;
  }
  const char *path = options ? options->weights_path : NULL;
  if (!path)
    return pt2crt_error(
        PT2C_INVALID_ARGUMENT,
        "model '%s' was compiled with --weights external (%" PRIu64
        " bytes of weights not embedded): name the archive to read them "
        "from (%s, or another copy of it) with pt2c_options_set_weights_path "
        "(pt2c-run: --weights PATH)",
        desc->model_name, desc->weights_bytes, desc->external_weights->archive);
  pt2c_status *status =
      pt2crt_load_external_weights(desc, path, out_owned);
  if (status)
    return status;
  *out_weights = *out_owned;
  return NULL;
}
