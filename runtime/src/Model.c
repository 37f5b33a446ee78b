/*===- Model.c - pt2c_model_create / pt2c_model_destroy ------------------===*/

#include "CudaRun.h"
#include "Model.h"
#include "CpuFeatures.h"
#include "Options.h"
#include "Status.h"

#include <stdlib.h>

/* The introspection shapes: one array of every input's then every output's
 * dims, -1 for dynamic ones, with pointers into it. One spare entry so that
 * rank-0 tensors get a valid, non-NULL pointer too. */
static const int64_t **make_shapes(const pt2c_model_desc *desc) {
  size_t n_tensors = (size_t)desc->n_inputs + (size_t)desc->n_outputs;
  size_t total_rank = 1;
  for (int32_t i = 0; i < desc->n_inputs; ++i)
    total_rank += (size_t)desc->inputs[i].rank;
  for (int32_t i = 0; i < desc->n_outputs; ++i)
    total_rank += (size_t)desc->outputs[i].rank;
  const int64_t **shapes =
      malloc(n_tensors * sizeof(int64_t *) + total_rank * sizeof(int64_t));
  if (!shapes)
    return NULL;
  int64_t *cursor = (int64_t *)(shapes + n_tensors);
  for (size_t t = 0; t < n_tensors; ++t) {
    const pt2c_tensor_desc *tensor = t < (size_t)desc->n_inputs
                                         ? &desc->inputs[t]
                                         : &desc->outputs[t - desc->n_inputs];
    shapes[t] = cursor;
    for (int32_t d = 0; d < tensor->rank; ++d)
      *cursor++ = tensor->dims[d].size;
  }
  *cursor = 0;
  return shapes;
}

static pt2c_status *check_options(const pt2c_options *options,
                                  const pt2c_model_desc *desc) {
  int cuda = options && options->device == kDLCUDA;
  if (cuda && !desc->run_cuda)
    return pt2crt_error(PT2C_UNSUPPORTED,
                        "this model was compiled for the CPU only; compile "
                        "it with --target cuda (or cpu,cuda)");
  if (!cuda && !desc->run)
    return pt2crt_error(PT2C_UNSUPPORTED,
                        "this model was compiled for CUDA only; create it "
                        "with device cuda, or compile it with --target cpu,cuda");
  if (!options)
    return NULL;
  uint32_t caller_major = options->abi_version >> 16;
  if (caller_major != PT2C_ABI_VERSION_MAJOR)
    return pt2crt_error(
        PT2C_UNSUPPORTED,
        "the caller was built against pt2c ABI %u.%u, this "
        "model library implements %u.%u",
        (unsigned)caller_major, (unsigned)(options->abi_version & 0xffffu),
        (unsigned)PT2C_ABI_VERSION_MAJOR, (unsigned)PT2C_ABI_VERSION_MINOR);
  return NULL;
}

PT2C_API pt2c_status *pt2c_model_create(const pt2c_options *options,
                                        pt2c_model **out_model) {
  if (!out_model)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "pt2c_model_create: out_model is NULL");
  const pt2c_model_desc *desc = &pt2c_model_descriptor;
  pt2c_status *status = pt2crt_check_descriptor(desc);
  if (!status)
    status = check_options(options, desc);
  /* The CPU code's form, chosen before the weights are read: a CPU below
   * the library's baseline fails here, naming what it lacks. */
  int32_t (*cpu_run)(const pt2c_run_args *) = NULL;
  if (!status && !(options && options->device == kDLCUDA))
    status = pt2crt_choose_cpu_entry(desc, pt2crt_cpu_features(), getenv("PT2C_CPU_ISA"),
                                     &cpu_run);
  const uint8_t *weights = NULL;
  uint8_t *owned_weights = NULL;
  if (!status)
    status = pt2crt_load_weights(desc, options, &weights, &owned_weights);
  if (status)
    return status;

  pt2c_model *model = calloc(1, sizeof(pt2c_model));
  if (!model) {
    free(owned_weights);
    return pt2crt_out_of_memory();
  }
  model->desc = desc;
  model->cpu_run = cpu_run;
  model->weights = weights;
  model->owned_weights = owned_weights;
  if (options && options->device == kDLCUDA) {
    status = pt2crt_cuda_model_create(desc, weights, options, &model->cuda);
    /* A CUDA model runs on its device copy; the host one read from the
     * archive is not needed any more. */
    if (model->owned_weights) {
      free(model->owned_weights);
      model->owned_weights = NULL;
      model->weights = NULL;
    }
    if (status) {
      free(model);
      return status;
    }
  }
  model->shapes = make_shapes(desc);
  if (!model->shapes) {
    pt2crt_cuda_model_destroy(model->cuda);
    free(model->owned_weights);
    free(model);
    return pt2crt_out_of_memory();
  }
  if (pt2crt_contexts_init(&model->contexts, desc) != 0) {
    pt2crt_cuda_model_destroy(model->cuda);
    free(model->owned_weights);
    free(model->shapes);
    free(model);
    return pt2crt_error(PT2C_INTERNAL, "could not create a mutex");
  }
  if (model->cuda)
    model->contexts.cuda_device = pt2crt_cuda_model_device(model->cuda);
  int32_t threads = options ? options->cpu_threads : 0;
  if (threads == 0)
    threads = pt2crt_online_cpus();
  if (model->cuda)
    threads = 1; /* the host code only queues work */
  status = pt2crt_pool_create(threads, &model->pool);
  if (status) {
    pt2crt_contexts_destroy(&model->contexts);
    pt2crt_cuda_model_destroy(model->cuda);
    free(model->owned_weights);
    free(model->shapes);
    free(model);
    return status;
  }
  if (options && options->profiling) {
    model->profile = malloc(sizeof(*model->profile));
    if (!model->profile || pt2crt_profile_totals_init(model->profile) != 0) {
      free(model->profile);
      model->profile = NULL;
      pt2c_model_destroy(model);
      return pt2crt_error(PT2C_OUT_OF_MEMORY, "out of memory: the model's profile");
    }
  }
  *out_model = model;
  return NULL;
}

PT2C_API void pt2c_model_destroy(pt2c_model *model) {
  if (!model)
    return;
  pt2crt_pool_destroy(model->pool);
  pt2crt_contexts_destroy(&model->contexts);
  pt2crt_cuda_model_destroy(model->cuda);
  free(model->owned_weights);
  free(model->shapes);
  if (model->profile) {
    pt2crt_profile_totals_destroy(model->profile);
    free(model->profile);
  }
  free(model);
}
