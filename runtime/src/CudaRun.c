/*===- CudaRun.c - Creating and running models compiled for CUDA ---------===*/

#include "CudaRun.h"
#include "CudaState.h"
#include "Model.h"
#include "Options.h"
#include "Status.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pt2crt_cuda_model {
  const pt2crt_cuda_driver *driver;
  int32_t device_index;
  CUdevice device;
  CUcontext context; /* the device's primary context, retained */
  CUdeviceptr weights;
  CUstream caller_stream; /* NULL: each execution context makes its own */
};

typedef struct pt2crt_device_buffer {
  CUdeviceptr ptr;
  size_t size;
} pt2crt_device_buffer;

typedef struct pt2crt_scratch_block {
  CUdeviceptr ptr;
  size_t size;
  int in_use;
} pt2crt_scratch_block;

struct pt2crt_cuda_context {
  const pt2crt_cuda_driver *driver;
  CUstream stream;
  int owns_stream;
  int32_t n_inputs, n_outputs;
  pt2crt_device_buffer *staging; /* n_inputs, then n_outputs */
  void **device_inputs;          /* what run_cuda gets */
  void **device_outputs;
  pt2crt_scratch_block *blocks; /* the kernels' temporaries, kept */
  size_t n_blocks, capacity;
  pt2crt_cuda_run run;
};

static pt2c_status *cuda_error(CUresult result, const char *what) {
  char text[256];
  pt2c_code code = result == 2 /* CUDA_ERROR_OUT_OF_MEMORY */ ? PT2C_OUT_OF_MEMORY
                                                               : PT2C_DEVICE_ERROR;
  return pt2crt_error(code, "cuda: %s: %s", what,
                      pt2crt_cuda_error_text(result, text, sizeof text));
}

int32_t pt2crt_cuda_model_device(const struct pt2crt_cuda_model *model) {
  return model->device_index;
}

pt2c_status *pt2crt_cuda_model_create(const pt2c_model_desc *desc,
                                      const uint8_t *weights,
                                      const struct pt2c_options *options,
                                      struct pt2crt_cuda_model **out_model) {
  pt2c_status *status = NULL;
  const pt2crt_cuda_driver *driver = pt2crt_cuda_driver_get(&status);
  if (!driver)
    return status;
  int32_t index = options ? options->device_index : 0;
  int count = 0;
  CUresult result = driver->cuDeviceGetCount(&count);
  if (result != 0)
    return cuda_error(result, "counting GPUs");
  if (index < 0 || index >= count || index >= PT2CRT_MAX_CUDA_DEVICES)
    return pt2crt_error(PT2C_INVALID_ARGUMENT,
                        "cuda: device index %d does not exist (%d GPU(s) visible)",
                        (int)index, count);
  struct pt2crt_cuda_model *model = calloc(1, sizeof *model);
  if (!model)
    return pt2crt_out_of_memory();
  model->driver = driver;
  model->device_index = index;
  model->caller_stream = options ? (CUstream)options->cuda_stream : NULL;
  int major = 0, minor = 0;
  if ((result = driver->cuDeviceGet(&model->device, index)) != 0 ||
      (result = driver->cuDeviceGetAttribute(&major, PT2CRT_CU_DEVICE_ATTRIBUTE_CC_MAJOR,
                                             model->device)) != 0 ||
      (result = driver->cuDeviceGetAttribute(&minor, PT2CRT_CU_DEVICE_ATTRIBUTE_CC_MINOR,
                                             model->device)) != 0) {
    free(model);
    return cuda_error(result, "querying the device");
  }
  if ((result = driver->cuDevicePrimaryCtxRetain(&model->context, model->device)) != 0) {
    free(model);
    return cuda_error(result, "retaining the device's primary context");
  }
  if ((result = driver->cuCtxSetCurrent(model->context)) != 0) {
    status = cuda_error(result, "making the device current");
  }
  if (!status)
    status = pt2crt_cuda_load_modules(driver, index, (uint32_t)(major * 10 + minor));
  if (!status && desc->weights_bytes > 0) {
    if ((result = driver->cuMemAlloc(&model->weights, desc->weights_bytes)) != 0)
      status = cuda_error(result, "allocating device memory for the weights");
    else if ((result = driver->cuMemcpyHtoD(model->weights, weights,
                                            desc->weights_bytes)) != 0)
      status = cuda_error(result, "copying the weights to the device");
  }
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
  if (model->weights)
    model->driver->cuMemFree(model->weights);
  model->driver->cuDevicePrimaryCtxRelease(model->device);
  free(model);
}

void pt2crt_cuda_context_destroy(struct pt2crt_cuda_context *cuda) {
  if (!cuda)
    return;
  const pt2crt_cuda_driver *driver = cuda->driver;
  for (int32_t i = 0; i < cuda->n_inputs + cuda->n_outputs; ++i)
    if (cuda->staging[i].ptr)
      driver->cuMemFree(cuda->staging[i].ptr);
  for (size_t i = 0; i < cuda->n_blocks; ++i)
    driver->cuMemFree(cuda->blocks[i].ptr);
  if (cuda->owns_stream && cuda->stream)
    driver->cuStreamDestroy(cuda->stream);
  free(cuda->blocks);
  free(cuda->staging);
  free(cuda->device_inputs);
  free(cuda->device_outputs);
  free(cuda);
}

static pt2c_status *context_for(struct pt2crt_cuda_model *model,
                                const pt2c_model_desc *desc, pt2crt_context *ctx) {
  if (ctx->cuda)
    return NULL;
  struct pt2crt_cuda_context *cuda = calloc(1, sizeof *cuda);
  if (!cuda)
    return pt2crt_out_of_memory();
  cuda->driver = model->driver;
  cuda->n_inputs = desc->n_inputs;
  cuda->n_outputs = desc->n_outputs;
  size_t tensors = (size_t)desc->n_inputs + (size_t)desc->n_outputs;
  cuda->staging = calloc(tensors + 1, sizeof *cuda->staging);
  cuda->device_inputs = calloc((size_t)desc->n_inputs + 1, sizeof(void *));
  cuda->device_outputs = calloc((size_t)desc->n_outputs + 1, sizeof(void *));
  if (!cuda->staging || !cuda->device_inputs || !cuda->device_outputs) {
    pt2crt_cuda_context_destroy(cuda);
    return pt2crt_out_of_memory();
  }
  if (model->caller_stream) {
    cuda->stream = model->caller_stream;
  } else {
    CUresult result = model->driver->cuStreamCreate(&cuda->stream, PT2CRT_CU_STREAM_NON_BLOCKING);
    if (result != 0) {
      pt2crt_cuda_context_destroy(cuda);
      return cuda_error(result, "creating a stream");
    }
    cuda->owns_stream = 1;
  }
  ctx->cuda = cuda;
  return NULL;
}

/* A staging buffer of at least `bytes` (grown, never shrunk). */
static pt2c_status *staging(struct pt2crt_cuda_context *cuda, size_t slot, size_t bytes,
                            CUdeviceptr *out) {
  pt2crt_device_buffer *buffer = &cuda->staging[slot];
  if (buffer->size < bytes) {
    if (buffer->ptr)
      cuda->driver->cuMemFree(buffer->ptr);
    buffer->ptr = 0;
    buffer->size = 0;
    CUresult result = cuda->driver->cuMemAlloc(&buffer->ptr, bytes);
    if (result != 0)
      return cuda_error(result, "allocating a staging buffer");
    buffer->size = bytes;
  }
  *out = buffer->ptr;
  return NULL;
}

static size_t tensor_bytes(const pt2c_tensor_desc *tensor, const int64_t *dims) {
  size_t bytes = pt2crt_element_bytes(tensor->dtype);
  for (int32_t d = 0; d < tensor->rank; ++d)
    bytes *= (size_t)dims[d]; /* validated: no overflow */
  return bytes;
}

static int on_device(const DLTensor *tensor) {
  return tensor->device.device_type == kDLCUDA;
}

pt2c_status *pt2crt_cuda_execute(struct pt2crt_cuda_model *model,
                                 const pt2c_model_desc *desc,
                                 pt2crt_context *ctx, const DLTensor *inputs,
                                 const DLTensor *outputs) {
  const pt2crt_cuda_driver *driver = model->driver;
  CUresult result = driver->cuCtxSetCurrent(model->context);
  if (result != 0)
    return cuda_error(result, "making the device current");
  pt2c_status *status = context_for(model, desc, ctx);
  if (status)
    return status;
  struct pt2crt_cuda_context *cuda = ctx->cuda;

  for (int32_t i = 0; i < desc->n_inputs && !status; ++i) {
    if (on_device(&inputs[i])) {
      cuda->device_inputs[i] = ctx->inputs[i];
      continue;
    }
    size_t bytes = tensor_bytes(&desc->inputs[i], inputs[i].shape);
    CUdeviceptr device = 0;
    if (bytes > 0 && !(status = staging(cuda, (size_t)i, bytes, &device)) &&
        (result = driver->cuMemcpyHtoDAsync(device, ctx->inputs[i], bytes, cuda->stream)) != 0)
      status = cuda_error(result, "copying an input to the device");
    cuda->device_inputs[i] = (void *)(uintptr_t)device;
  }
  const int64_t *dims = ctx->output_dims;
  for (int32_t i = 0; i < desc->n_outputs && !status; ++i) {
    size_t bytes = tensor_bytes(&desc->outputs[i], dims);
    dims += desc->outputs[i].rank;
    /* Model-allocated outputs are host memory (Run.c), like host ones. */
    if (!ctx->model_allocated[i] && on_device(&outputs[i])) {
      cuda->device_outputs[i] = ctx->outputs[i];
      continue;
    }
    CUdeviceptr device = 0;
    if (bytes > 0)
      status = staging(cuda, (size_t)desc->n_inputs + (size_t)i, bytes, &device);
    cuda->device_outputs[i] = (void *)(uintptr_t)device;
  }
  if (status)
    return status;

  pt2c_run_args args;
  memset(&args, 0, sizeof args);
  args.inputs = cuda->device_inputs;
  args.outputs = cuda->device_outputs;
  args.symbols = ctx->symbols;
  args.weights = (const uint8_t *)(uintptr_t)model->weights;
  memset(&cuda->run, 0, sizeof cuda->run);
  cuda->run.driver = driver;
  cuda->run.device = model->device_index;
  cuda->run.stream = cuda->stream;
  cuda->run.context = cuda;
  pt2crt_cuda_run *previous = pt2crt_cuda_current_run();
  pt2crt_cuda_set_current_run(&cuda->run);
  int32_t code = desc->run_cuda(&args);
  pt2crt_cuda_set_current_run(previous);

  dims = ctx->output_dims;
  for (int32_t i = 0; i < desc->n_outputs; ++i) {
    size_t bytes = tensor_bytes(&desc->outputs[i], dims);
    dims += desc->outputs[i].rank;
    if ((ctx->model_allocated[i] || !on_device(&outputs[i])) && bytes > 0 &&
        cuda->run.error_code == PT2C_OK &&
        (result = driver->cuMemcpyDtoHAsync(ctx->outputs[i],
                                            (CUdeviceptr)(uintptr_t)cuda->device_outputs[i],
                                            bytes, cuda->stream)) != 0)
      pt2crt_cuda_fail(&cuda->run, PT2C_DEVICE_ERROR, "cuda: copying an output back failed");
  }
  result = driver->cuStreamSynchronize(cuda->stream);
  if (cuda->run.error_code != PT2C_OK)
    return pt2crt_error(cuda->run.error_code, "model '%s': %s",
                        desc->model_name ? desc->model_name : "", cuda->run.error);
  if (result != 0)
    return cuda_error(result, "running the model's kernels");
  if (code != PT2C_OK)
    return pt2crt_error(PT2C_INTERNAL, "model '%s': the compiled code failed (code %d)",
                        desc->model_name ? desc->model_name : "", (int)code);
  return NULL;
}

int pt2crt_cuda_run_active(void) { return pt2crt_cuda_current_run() != NULL; }

void *pt2crt_cuda_scratch_alloc(size_t size) {
  pt2crt_cuda_run *run = pt2crt_cuda_current_run();
  struct pt2crt_cuda_context *cuda = run->context;
  for (size_t i = 0; i < cuda->n_blocks; ++i) {
    pt2crt_scratch_block *block = &cuda->blocks[i];
    if (!block->in_use && block->size == size) {
      block->in_use = 1;
      return (void *)(uintptr_t)block->ptr;
    }
  }
  if (cuda->n_blocks == cuda->capacity) {
    size_t capacity = cuda->capacity ? 2 * cuda->capacity : 64;
    pt2crt_scratch_block *grown = realloc(cuda->blocks, capacity * sizeof *grown);
    if (!grown) {
      pt2crt_cuda_fail(run, PT2C_OUT_OF_MEMORY, "out of host memory for scratch records");
      return NULL;
    }
    cuda->blocks = grown;
    cuda->capacity = capacity;
  }
  CUdeviceptr ptr = 0;
  CUresult result = run->driver->cuMemAlloc(&ptr, size ? size : 1);
  if (result != 0) {
    char text[256], message[512];
    snprintf(message, sizeof message, "cuda: allocating %zu bytes of scratch: %s", size,
             pt2crt_cuda_error_text(result, text, sizeof text));
    pt2crt_cuda_fail(run, result == 2 ? PT2C_OUT_OF_MEMORY : PT2C_DEVICE_ERROR, message);
    return NULL;
  }
  cuda->blocks[cuda->n_blocks++] = (pt2crt_scratch_block){ptr, size, 1};
  return (void *)(uintptr_t)ptr;
}

void pt2crt_cuda_scratch_free(void *ptr) {
  pt2crt_cuda_run *run = pt2crt_cuda_current_run();
  struct pt2crt_cuda_context *cuda = run->context;
  for (size_t i = 0; i < cuda->n_blocks; ++i)
    if (cuda->blocks[i].ptr == (CUdeviceptr)(uintptr_t)ptr) {
      /* Later kernels of this run are queued on the same stream, after
       * every kernel that used the block: reusing it at once is safe. */
      cuda->blocks[i].in_use = 0;
      return;
    }
}
