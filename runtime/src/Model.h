/*===- Model.h - The contents of pt2c_model ------------------------------===*/

#ifndef PT2C_RUNTIME_MODEL_H
#define PT2C_RUNTIME_MODEL_H

#include "ExecContext.h"
#include "Profile.h"
#include "ThreadPool.h"

#include "pt2c/model_abi.h"
#include "pt2c/pt2c.h"

#include "ElementBytes.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pt2c_model {
  const pt2c_model_desc *desc;
  const uint8_t *weights; /* 64-byte aligned, desc->weights_bytes */
  uint8_t *owned_weights; /* external weights read at create; else NULL */
  pt2crt_pool *pool;
  /* The CPU entry this CPU runs (pt2crt_choose_cpu_entry); NULL on CUDA. */
  int32_t (*cpu_run)(const pt2c_run_args *args);
  struct pt2crt_cuda_model *cuda; /* NULL: the model runs on the CPU */
  pt2crt_context_list contexts;
  /* Created with profiling: the times of its runs (Profile.h); else NULL. */
  pt2crt_profile_totals *profile;
  /* Introspection: each input's, then each output's dims with -1 for
   * dynamic ones; shapes[i] points into one array. */
  const int64_t **shapes;
};

/* The descriptor the compiler put into this library. Hidden: each model
 * library has its own, and the runtime linked into it reads that one. */
extern __attribute__((visibility("hidden")))
const pt2c_model_desc pt2c_model_descriptor;

/* Checks that the descriptor is one this runtime can use: the ABI version,
 * then its internal consistency (counts, dims, symbols, weights), so the
 * run path can trust it. PT2C_UNSUPPORTED or PT2C_INTERNAL. */
pt2c_status *pt2crt_check_descriptor(const pt2c_model_desc *desc);

/* Whether the model computes a data-dependent size (nonzero's row count):
 * its outputs' shapes are reported after the run. */
int pt2crt_has_data_dependent_sizes(const pt2c_model_desc *desc);

/* The weights blob the compiled code reads, 64-byte aligned: the embedded
 * one, or for external weights one read from the options' weights path
 * into `*out_owned` (free() it; NULL when nothing was allocated). */
pt2c_status *pt2crt_load_weights(const pt2c_model_desc *desc,
                                 const struct pt2c_options *options,
                                 const uint8_t **out_weights,
                                 uint8_t **out_owned);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_MODEL_H */
