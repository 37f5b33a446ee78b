/*===- Options.c - pt2c_options_* of the public ABI ----------------------===*/

#include "Options.h"
#include "Status.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void pt2crt_options_defaults(struct pt2c_options *options) {
  options->abi_version = PT2C_ABI_VERSION;
  options->device = kDLCPU;
  options->device_index = 0;
  options->cuda_stream = NULL;
  options->cuda_graphs = 1;
  options->cuda_async = 0;
  options->cpu_threads = 0;
  options->weights_path = NULL;
  options->profiling = 0;
}

PT2C_API pt2c_status *pt2c_options_create(uint32_t abi_version,
                                          pt2c_options **out_options) {
  if (!out_options)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "pt2c_options_create: out_options is NULL");
  pt2c_options *options = malloc(sizeof(pt2c_options));
  if (!options)
    return pt2crt_out_of_memory();
  pt2crt_options_defaults(options);
  /* Recorded, not checked: pt2c_model_create reports a mismatch with both
   * versions, which is where a caller looks for it. */
  options->abi_version = abi_version;
  *out_options = options;
  return NULL;
}

PT2C_API void pt2c_options_free(pt2c_options *options) {
  if (!options)
    return;
  free(options->weights_path);
  free(options);
}

static pt2c_status *null_options(const char *setter) {
  return pt2crt_error(PT2C_INVALID_ARGUMENT, "%s: options is NULL", setter);
}

PT2C_API pt2c_status *pt2c_options_set_device(pt2c_options *options,
                                              DLDeviceType device_type) {
  if (!options)
    return null_options("pt2c_options_set_device");
  if (device_type != kDLCPU && device_type != kDLCUDA)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "pt2c_options_set_device: device type %d is neither "
                        "kDLCPU (1) nor kDLCUDA (2)",
                        (int)device_type);
  options->device = device_type;
  return NULL;
}

PT2C_API pt2c_status *pt2c_options_set_device_index(pt2c_options *options,
                                                    int32_t device_index) {
  if (!options)
    return null_options("pt2c_options_set_device_index");
  if (device_index < 0)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "pt2c_options_set_device_index: index %d is negative",
                        (int)device_index);
  options->device_index = device_index;
  return NULL;
}

PT2C_API pt2c_status *pt2c_options_set_cuda_stream(pt2c_options *options,
                                                   void *stream) {
  if (!options)
    return null_options("pt2c_options_set_cuda_stream");
  options->cuda_stream = stream;
  return NULL;
}

/* The setters of 0/1 switches: `field` of `options`, named `setter`. */
static pt2c_status *set_switch(pt2c_options *options, int32_t enabled, const char *setter,
                               size_t field) {
  if (!options)
    return null_options(setter);
  if (enabled != 0 && enabled != 1)
    return pt2crt_error(PT2C_INVALID_ARGUMENT, "%s: %d is neither 0 nor 1", setter,
                        (int)enabled);
  memcpy((char *)options + field, &enabled, sizeof enabled);
  return NULL;
}

PT2C_API pt2c_status *pt2c_options_set_cuda_graphs(pt2c_options *options,
                                                   int32_t enabled) {
  return set_switch(options, enabled, "pt2c_options_set_cuda_graphs",
                    offsetof(struct pt2c_options, cuda_graphs));
}

PT2C_API pt2c_status *pt2c_options_set_cuda_async(pt2c_options *options,
                                                  int32_t enabled) {
  return set_switch(options, enabled, "pt2c_options_set_cuda_async",
                    offsetof(struct pt2c_options, cuda_async));
}

PT2C_API pt2c_status *pt2c_options_set_cpu_threads(pt2c_options *options,
                                                   int32_t threads) {
  if (!options)
    return null_options("pt2c_options_set_cpu_threads");
  if (threads < 0 || threads > PT2CRT_MAX_CPU_THREADS)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "pt2c_options_set_cpu_threads: %d threads is outside "
                        "[0, %d] (0: one per online CPU)",
                        (int)threads, PT2CRT_MAX_CPU_THREADS);
  options->cpu_threads = threads;
  return NULL;
}

PT2C_API pt2c_status *pt2c_options_set_weights_path(pt2c_options *options,
                                                    const char *path) {
  if (!options)
    return null_options("pt2c_options_set_weights_path");
  char *copy = NULL;
  if (path) {
    size_t length = strlen(path);
    copy = malloc(length + 1);
    if (!copy)
      return pt2crt_out_of_memory();
    memcpy(copy, path, length + 1);
  }
  free(options->weights_path);
  options->weights_path = copy;
  return NULL;
}

PT2C_API pt2c_status *pt2c_options_set_profiling(pt2c_options *options,
                                                 int32_t enabled) {
  return set_switch(options, enabled, "pt2c_options_set_profiling",
                    offsetof(struct pt2c_options, profiling));
}
