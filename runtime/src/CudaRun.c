/*===- CudaRun.c - Creating and running models compiled for CUDA ---------===*/

#include "CudaRun.h"
#include "CudaDevice.h"
#include "CudaLibraries.h"
#include "CudaGraphs.h"
#include "CudaIndexChecks.h"
#include "CudaModules.h"
#include "CudaProfile.h"
#include "CudaState.h"
#include "ElementBytes.h"
#include "Model.h"
#include "Options.h"
#include "Status.h"

#include <stdlib.h>
#include <string.h>

struct pt2crt_cuda_model {
  const pt2crt_cuda_driver *driver;
  const pt2crt_cuda_device *device;
  CUdeviceptr weights;    /* read-only, shared by every context */
  CUstream caller_stream; /* NULL: each execution context makes its own */
  int use_graphs;         /* the options' and PT2C_CUDA_GRAPHS's verdict */
  int async;              /* runs may return queued (caller's stream only) */
  int profiling;          /* events around each launch (CudaProfile.h) */
};

/* Device memory kept from run to run, grown when a run needs more. */
typedef struct pt2crt_device_buffer {
  CUdeviceptr ptr;
  size_t size;
} pt2crt_device_buffer;

struct pt2crt_cuda_context {
  const pt2crt_cuda_driver *driver;
  const pt2crt_cuda_device *device;
  CUstream stream;
  int owns_stream;
  int32_t n_tensors;
  pt2crt_device_buffer *staging; /* per input, then per output */
  void **device_inputs;          /* what run_cuda gets */
  void **device_outputs;
  pt2crt_device_scratch scratch;
  pt2crt_kernel_cache kernels;
  pt2crt_cuda_libraries libraries; /* cuBLASLt and cuDNN state */
  pt2crt_cuda_graphs graphs;
  int64_t *graph_key; /* symbols, then device inputs and outputs */
  pt2crt_cuda_marks marks; /* a profiled run's events */
  pt2crt_index_checks index_checks; /* CudaIndexChecks.h */
};

int32_t pt2crt_cuda_model_device(const struct pt2crt_cuda_model *model) {
  return model->device->index;
}

static pt2c_status *upload_weights(struct pt2crt_cuda_model *model,
                                   const pt2c_model_desc *desc, const uint8_t *weights) {
  if (desc->weights_bytes == 0)
    return NULL;
  if (desc->weights_bytes > SIZE_MAX)
    return pt2crt_alloc_error("the weights on the device", desc->weights_bytes);
  CUresult result = model->driver->cuMemAlloc(&model->weights, (size_t)desc->weights_bytes);
  if (result != PT2CRT_CUDA_SUCCESS) {
    model->weights = 0;
    return pt2crt_cuda_error(result, "allocating device memory for the weights");
  }
  result = model->driver->cuMemcpyHtoD(model->weights, weights, (size_t)desc->weights_bytes);
  if (result != PT2CRT_CUDA_SUCCESS)
    return pt2crt_cuda_error(result, "copying the weights to the device");
  return NULL;
}

/* PT2C_CUDA_GRAPHS=0 (or off, false, no) turns graphs off process-wide,
 * a switch for operators that needs no rebuild of the caller. */
static int graphs_off_in_environment(void) {
  const char *value = getenv("PT2C_CUDA_GRAPHS");
  if (!value)
    return 0;
  return strcmp(value, "0") == 0 || strcmp(value, "off") == 0 ||
         strcmp(value, "false") == 0 || strcmp(value, "no") == 0;
}

pt2c_status *pt2crt_cuda_model_create(const pt2c_model_desc *desc,
                                      const uint8_t *weights,
                                      const struct pt2c_options *options,
                                      struct pt2crt_cuda_model **out_model) {
  pt2c_status *status = NULL;
  const pt2crt_cuda_driver *driver = pt2crt_cuda_driver_get(&status);
  if (!driver)
    return status;
  const pt2crt_cuda_device *device = NULL;
  if ((status = pt2crt_cuda_device_open(driver, options->device_index, &device)))
    return status;
  struct pt2crt_cuda_model *model = calloc(1, sizeof *model);
  if (!model)
    return pt2crt_out_of_memory();
  model->driver = driver;
  model->device = device;
  model->caller_stream = (CUstream)options->cuda_stream;
  /* A data-dependent size is read back mid-run (CudaScalarReads.h). */
  model->use_graphs = options->cuda_graphs && !graphs_off_in_environment() &&
                      !pt2crt_has_data_dependent_sizes(desc);
  model->async = options->cuda_async && model->caller_stream;
  /* A profiled run times each launch with events, read after waiting. */
  model->profiling = options->profiling;
  if (model->profiling) {
    if (!driver->cuEventCreate) {
      free(model);
      return pt2crt_error(PT2C_UNSUPPORTED,
                          "cuda: profiling needs CUDA events, which this driver lacks");
    }
    /* Captured anew every run, events included (CudaProfile.h); without
     * external event records the kernels go one by one. */
    if (!driver->cuEventRecordWithFlags)
      model->use_graphs = 0;
    model->async = 0;
  }
  if ((status = pt2crt_cuda_enter(driver, device))) {
    free(model);
    return status;
  }
  status = pt2crt_modules_load(driver, device);
  if (!status)
    status = upload_weights(model, desc, weights);
  pt2crt_cuda_leave(driver);
  if (status) {
    pt2crt_cuda_model_destroy(model);
    return status;
  }
  *out_model = model;
  return NULL;
}

void pt2crt_cuda_model_destroy(struct pt2crt_cuda_model *model) {
  if (!model)
    return;
  if (model->weights && !pt2crt_cuda_enter_quietly(model->driver, model->device)) {
    model->driver->cuMemFree(model->weights);
    pt2crt_cuda_leave(model->driver);
  }
  free(model);
}

void pt2crt_cuda_context_destroy(struct pt2crt_cuda_context *cuda) {
  if (!cuda)
    return;
  const pt2crt_cuda_driver *driver = cuda->driver;
  /* Without the context (a driver shutting down) the memory goes with it. */
  if (!pt2crt_cuda_enter_quietly(driver, cuda->device)) {
    /* A run that returned queued may still be using all of it. */
    driver->cuStreamSynchronize(cuda->stream);
    for (int32_t i = 0; i < cuda->n_tensors; ++i)
      if (cuda->staging[i].ptr)
        driver->cuMemFree(cuda->staging[i].ptr);
    pt2crt_device_scratch_destroy(&cuda->scratch, driver);
    pt2crt_cuda_libraries_destroy(&cuda->libraries, driver);
    pt2crt_graphs_destroy(&cuda->graphs, driver);
    pt2crt_index_checks_destroy(&cuda->index_checks, driver);
    if (cuda->marks.created)
      pt2crt_cuda_marks_destroy(&cuda->marks);
    if (cuda->owns_stream)
      driver->cuStreamDestroy(cuda->stream);
    pt2crt_cuda_leave(driver);
  }
  pt2crt_kernel_cache_destroy(&cuda->kernels);
  /* Left by a driver shutting down (its events go with it). */
  free(cuda->marks.events);
  free(cuda->marks.spans);
  free(cuda->index_checks.calls); /* NULL when destroyed above */
  free(cuda->staging);
  free(cuda->graph_key);
  free(cuda);
}

/* The context's CUDA half, made on its first run (device context current). */
static pt2c_status *context_for(struct pt2crt_cuda_model *model,
                                const pt2c_model_desc *desc, pt2crt_context *ctx) {
  if (ctx->cuda)
    return NULL;
  size_t n_inputs = (size_t)desc->n_inputs, n_outputs = (size_t)desc->n_outputs;
  size_t n_tensors = n_inputs + n_outputs;
  size_t key_words = (size_t)desc->n_symbols + n_tensors;
  /* One block: the struct, the staging table, the two pointer arrays. */
  struct pt2crt_cuda_context *cuda =
      calloc(1, sizeof *cuda + n_tensors * sizeof(void *));
  pt2crt_device_buffer *staging = calloc(n_tensors + 1, sizeof *staging);
  int64_t *graph_key = calloc(key_words + 1, sizeof *graph_key);
  if (!cuda || !staging || !graph_key) {
    free(cuda);
    free(staging);
    free(graph_key);
    return pt2crt_out_of_memory();
  }
  cuda->graph_key = graph_key;
  cuda->scratch.key_words = (size_t)desc->n_symbols;
  pt2crt_graphs_init(&cuda->graphs, model->driver, model->use_graphs, key_words);
  cuda->driver = model->driver;
  cuda->device = model->device;
  cuda->n_tensors = (int32_t)n_tensors;
  cuda->staging = staging;
  cuda->device_inputs = (void **)(cuda + 1);
  cuda->device_outputs = cuda->device_inputs + n_inputs;
  if (model->caller_stream) {
    cuda->stream = model->caller_stream;
  } else {
    /* Non-blocking: no implicit synchronization with the legacy default
     * stream, which other work in the process may use. */
    CUresult result =
        model->driver->cuStreamCreate(&cuda->stream, PT2CRT_CU_STREAM_NON_BLOCKING);
    if (result != PT2CRT_CUDA_SUCCESS) {
      free(cuda->staging);
      free(cuda->graph_key);
      free(cuda);
      return pt2crt_cuda_error(result, "creating a stream");
    }
    cuda->owns_stream = 1;
  }
  ctx->cuda = cuda;
  return NULL;
}

/* Staging buffer `slot`, holding at least `bytes`. */
static pt2c_status *staging(struct pt2crt_cuda_context *cuda, size_t slot, size_t bytes,
                            CUdeviceptr *out) {
  pt2crt_device_buffer *buffer = &cuda->staging[slot];
  if (buffer->size < bytes) {
    /* A run that returned queued may still read it: wait for the stream
     * (nothing else is queued there by this run yet, or only its own
     * earlier input copies). */
    if (buffer->ptr) {
      cuda->driver->cuStreamSynchronize(cuda->stream);
      cuda->driver->cuMemFree(buffer->ptr);
    }
    buffer->ptr = 0;
    buffer->size = 0;
    CUresult result = cuda->driver->cuMemAlloc(&buffer->ptr, bytes);
    if (result != PT2CRT_CUDA_SUCCESS) {
      buffer->ptr = 0;
      return pt2crt_cuda_error(result, "allocating a device buffer for a host tensor");
    }
    buffer->size = bytes;
  }
  *out = buffer->ptr;
  return NULL;
}

static size_t tensor_bytes(const pt2c_tensor_desc *tensor, const int64_t *dims) {
  size_t bytes = (size_t)pt2crt_element_bytes(tensor->dtype);
  for (int32_t d = 0; d < tensor->rank; ++d)
    bytes *= (size_t)dims[d]; /* validated: no overflow */
  return bytes;
}

/* Validation let through host memory (kDLCPU, kDLCUDAHost: staged) and
 * memory of the model's GPU (used in place). */
static int on_device(const DLTensor *tensor) {
  return tensor->device.device_type == kDLCUDA;
}

/* Device pointers for every input (host ones copied in on the stream) and
 * output (host and model-allocated ones computed into staging). */
static pt2c_status *bind_tensors(struct pt2crt_cuda_context *cuda,
                                 const pt2c_model_desc *desc, pt2crt_context *ctx,
                                 const DLTensor *inputs, const DLTensor *outputs) {
  const pt2crt_cuda_driver *driver = cuda->driver;
  for (int32_t i = 0; i < desc->n_inputs; ++i) {
    if (on_device(&inputs[i])) {
      cuda->device_inputs[i] = ctx->inputs[i];
      continue;
    }
    size_t bytes = tensor_bytes(&desc->inputs[i], inputs[i].shape);
    CUdeviceptr device = 0;
    if (bytes > 0) {
      pt2c_status *status = staging(cuda, (size_t)i, bytes, &device);
      if (status)
        return status;
      CUresult result =
          driver->cuMemcpyHtoDAsync(device, ctx->inputs[i], bytes, cuda->stream);
      if (result != PT2CRT_CUDA_SUCCESS)
        return pt2crt_cuda_error(result, "copying an input to the device");
    }
    cuda->device_inputs[i] = (void *)(uintptr_t)device;
  }
  const int64_t *dims = ctx->output_dims;
  for (int32_t i = 0; i < desc->n_outputs; ++i) {
    size_t bytes = tensor_bytes(&desc->outputs[i], dims);
    dims += desc->outputs[i].rank;
    if (!ctx->model_allocated[i] && on_device(&outputs[i])) {
      cuda->device_outputs[i] = ctx->outputs[i];
      continue;
    }
    CUdeviceptr device = 0;
    if (bytes > 0) {
      pt2c_status *status =
          staging(cuda, (size_t)desc->n_inputs + (size_t)i, bytes, &device);
      if (status)
        return status;
    }
    cuda->device_outputs[i] = (void *)(uintptr_t)device;
  }
  return NULL;
}

/* Whether every output is caller-allocated device memory. */
static int outputs_on_device(const pt2c_model_desc *desc, const pt2crt_context *ctx,
                             const DLTensor *outputs) {
  for (int32_t i = 0; i < desc->n_outputs; ++i)
    if (ctx->model_allocated[i] || !on_device(&outputs[i]))
      return 0;
  return 1;
}

/* Queues the copies of staged outputs back to the host. */
static void copy_outputs_back(struct pt2crt_cuda_context *cuda,
                              const pt2c_model_desc *desc, pt2crt_context *ctx,
                              const DLTensor *outputs, pt2crt_cuda_run *run) {
  const int64_t *dims = ctx->output_dims;
  for (int32_t i = 0; i < desc->n_outputs && run->error_code == PT2C_OK; ++i) {
    size_t bytes = tensor_bytes(&desc->outputs[i], dims);
    dims += desc->outputs[i].rank;
    if ((!ctx->model_allocated[i] && on_device(&outputs[i])) || bytes == 0)
      continue;
    CUresult result = cuda->driver->cuMemcpyDtoHAsync(
        ctx->outputs[i], (CUdeviceptr)(uintptr_t)cuda->device_outputs[i], bytes,
        cuda->stream);
    if (result != PT2CRT_CUDA_SUCCESS) {
      char text[256];
      pt2crt_cuda_fail(run, pt2crt_cuda_code(result),
                       "cuda: copying output %d ('%s') to the host: %s", (int)i,
                       desc->outputs[i].name,
                       pt2crt_cuda_error_text(result, text, sizeof text));
    }
  }
}

/* The graph key of this run (CudaGraphs.h): the symbol values, then the
 * device pointers bind_tensors chose. */
static pt2crt_graph_action choose_graph(struct pt2crt_cuda_context *cuda,
                                        const pt2c_model_desc *desc,
                                        const pt2crt_context *ctx,
                                        pt2crt_graph_slot **out_slot) {
  int64_t *key = cuda->graph_key;
  size_t k = 0;
  for (int32_t i = 0; i < desc->n_symbols; ++i)
    key[k++] = ctx->symbols[i];
  for (int32_t i = 0; i < desc->n_inputs; ++i)
    key[k++] = (int64_t)(uintptr_t)cuda->device_inputs[i];
  for (int32_t i = 0; i < desc->n_outputs; ++i)
    key[k++] = (int64_t)(uintptr_t)cuda->device_outputs[i];
  return pt2crt_graphs_choose(&cuda->graphs, cuda->driver, cuda->stream, key, out_slot);
}

/* The compiled code, with `run` current on this thread. */
static int32_t call_compiled(const pt2c_model_desc *desc, pt2c_run_args *args,
                             pt2crt_cuda_run *run) {
  pt2crt_cuda_run *previous = pt2crt_cuda_set_current_run(run);
  int32_t code = desc->run_cuda(args);
  pt2crt_cuda_set_current_run(previous);
  return code;
}

static void launch_graph(struct pt2crt_cuda_context *cuda, const pt2crt_graph_slot *slot,
                         pt2crt_cuda_run *run) {
  pt2crt_index_checks_rearm(&cuda->index_checks, slot->index_checks, slot->n_index_checks);
  CUresult result = cuda->driver->cuGraphLaunch(slot->exec, cuda->stream);
  if (result != PT2CRT_CUDA_SUCCESS) {
    char text[256];
    pt2crt_cuda_fail(run, pt2crt_cuda_code(result),
                     "cuda: launching the model's CUDA graph: %s",
                     pt2crt_cuda_error_text(result, text, sizeof text));
  }
}

/* Captures the compiled code's work into the slot's graph and launches it
 * on the context's stream. 0 when no graph came of it: nothing of the run
 * executed and nothing is recorded in `run`, so it can run directly. */
static int run_captured(struct pt2crt_cuda_context *cuda, const pt2c_model_desc *desc,
                        pt2c_run_args *args, pt2crt_cuda_run *run,
                        pt2crt_graph_slot *slot) {
  CUstream capture = pt2crt_graphs_begin(&cuda->graphs, cuda->driver);
  if (!capture)
    return 0;
  run->stream = capture;
  run->capturing = 1;
  int32_t code = call_compiled(desc, args, run);
  run->capturing = 0;
  run->stream = cuda->stream;
  int run_ok = code == PT2C_OK && run->error_code == PT2C_OK;
  if (pt2crt_graphs_end(&cuda->graphs, cuda->driver, slot, run_ok)) {
    run->error_code = PT2C_OK;
    run->error[0] = '\0';
    pt2crt_device_scratch_rewind(&cuda->scratch);
    pt2crt_index_checks_start(&cuda->index_checks);
    return 0;
  }
  /* The replays compare what this capture's copies write. */
  free(slot->index_checks);
  slot->index_checks = pt2crt_index_checks_copy(&cuda->index_checks);
  slot->n_index_checks = slot->index_checks ? cuda->index_checks.count : 0;
  if (cuda->scratch.handed_blocks)
    cuda->scratch.graphs_hold_blocks = 1;
  launch_graph(cuda, slot, run);
  return 1;
}

/* Everything of a run between entering the device's context and leaving
 * it: bind, call the compiled code, copy back, wait. */
static pt2c_status *run_on_device(struct pt2crt_cuda_model *model,
                                  const pt2c_model_desc *desc, pt2crt_context *ctx,
                                  const DLTensor *inputs, const DLTensor *outputs) {
  pt2c_status *status = context_for(model, desc, ctx);
  if (status)
    return status;
  struct pt2crt_cuda_context *cuda = ctx->cuda;
  const char *name = desc->model_name ? desc->model_name : "";
  /* A queued run's index checks, before this run queues anything. */
  char failure[512];
  if (pt2crt_index_checks_take_pending(&cuda->index_checks, model->driver, cuda->stream, failure,
                                       sizeof failure))
    return pt2crt_error(PT2C_INVALID_ARGUMENT, "model '%s': %s", name, failure);
  status = bind_tensors(cuda, desc, ctx, inputs, outputs);
  if (status) {
    /* Input copies may be queued: let them finish before the buffers are
     * reused or freed. */
    model->driver->cuStreamSynchronize(cuda->stream);
    return status;
  }

  pt2c_run_args args;
  memset(&args, 0, sizeof args);
  args.inputs = cuda->device_inputs;
  args.outputs = cuda->device_outputs;
  args.symbols = ctx->symbols;
  args.weights = (const uint8_t *)(uintptr_t)model->weights;
  pt2crt_cuda_run run;
  memset(&run, 0, sizeof run);
  run.driver = model->driver;
  run.device = model->device->index;
  run.stream = cuda->stream;
  run.scratch = &cuda->scratch;
  run.kernels = &cuda->kernels;
  run.libraries = &cuda->libraries;
  run.index_checks = &cuda->index_checks;
  pt2crt_index_checks_start(&cuda->index_checks);
  pt2crt_graph_slot *slot = NULL;
  /* A replayed graph would run without the hooks: a profiled run captures
   * its own (its key's second run on), so the events are its nodes. */
  if (model->profiling)
    pt2crt_graphs_clear(&cuda->graphs, model->driver);
  pt2crt_graph_action action = choose_graph(cuda, desc, ctx, &slot);
  int32_t code = PT2C_OK;
  /* A replayed graph allocates nothing; the compiled code's temporaries
   * come from the arena's layout for these symbol values. */
  int compiled = action != PT2CRT_GRAPH_REPLAY;
  /* Keyed by the symbol values as the run starts: graph_key's first words,
   * which stay put, while the compiled code overwrites ctx->symbols'
   * data-dependent slots with the sizes it computed (the next run looks
   * its layout up with their maxima again). */
  if (compiled)
    pt2crt_device_scratch_begin(&cuda->scratch, cuda->graph_key);
  if (model->profiling)
    pt2crt_cuda_marks_start(&cuda->marks, model->driver, cuda->stream, &ctx->profile);
  if (!compiled)
    launch_graph(cuda, slot, &run);
  else if (action != PT2CRT_GRAPH_CAPTURE || !run_captured(cuda, desc, &args, &run, slot))
    code = call_compiled(desc, &args, &run);
  if (code == PT2C_OK)
    copy_outputs_back(cuda, desc, ctx, outputs, &run);
  /* A replay compares the checks its capture made. */
  pt2crt_index_checks_use(&cuda->index_checks, compiled ? NULL : slot->index_checks,
                          compiled ? 0 : slot->n_index_checks);

  /* Also after a failure: queued work may still use the buffers. Unless
   * the caller asked for queued runs and nothing here needs the results:
   * every output is the caller's device memory and no temporaries are
   * being laid out (a replay or a graph). */
  int queued = model->async && code == PT2C_OK && run.error_code == PT2C_OK &&
               outputs_on_device(desc, ctx, outputs) &&
               (!compiled || pt2crt_device_scratch_replaying(&cuda->scratch));
  CUresult result =
      queued ? PT2CRT_CUDA_SUCCESS : model->driver->cuStreamSynchronize(cuda->stream);
  int succeeded = code == PT2C_OK && run.error_code == PT2C_OK && result == PT2CRT_CUDA_SUCCESS;
  if (model->profiling)
    pt2crt_cuda_marks_collect(&cuda->marks, &ctx->profile);
  if (compiled && pt2crt_device_scratch_end(&cuda->scratch, model->driver, succeeded))
    pt2crt_graphs_clear(&cuda->graphs, model->driver);
  if (run.error_code != PT2C_OK)
    return pt2crt_error(run.error_code, "model '%s': %s", name, run.error);
  if (result != PT2CRT_CUDA_SUCCESS) {
    char text[256];
    return pt2crt_error(pt2crt_cuda_code(result), "model '%s': cuda: running its kernels: %s",
                        name, pt2crt_cuda_error_text(result, text, sizeof text));
  }
  if (code != PT2C_OK) {
    pt2c_code reported =
        code > PT2C_OK && code <= PT2C_INTERNAL ? (pt2c_code)code : PT2C_INTERNAL;
    return pt2crt_error(reported, "model '%s': the compiled code failed (code %d)", name,
                        (int)code);
  }
  /* Indices out of range: the values are on the host now, or, for a
   * queued run, once the next run on this context has waited for it. */
  if (queued)
    pt2crt_index_checks_defer(&cuda->index_checks, model->driver, cuda->stream);
  else if (pt2crt_index_checks_compare(&cuda->index_checks, failure, sizeof failure))
    return pt2crt_error(PT2C_INVALID_ARGUMENT, "model '%s': %s", name, failure);
  if (action == PT2CRT_GRAPH_NONE)
    pt2crt_graphs_note_run(slot);
  return NULL;
}

pt2c_status *pt2crt_cuda_execute(struct pt2crt_cuda_model *model,
                                 const pt2c_model_desc *desc,
                                 pt2crt_context *ctx, const DLTensor *inputs,
                                 const DLTensor *outputs) {
  pt2c_status *status = pt2crt_cuda_enter(model->driver, model->device);
  if (status)
    return status;
  status = run_on_device(model, desc, ctx, inputs, outputs);
  pt2crt_cuda_leave(model->driver);
  return status;
}
