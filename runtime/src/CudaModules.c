/*===- CudaModules.c - The model's kernel bundles, loaded per device -----===*/

#include "CudaModules.h"
#include "KernelBundle.h"
#include "Status.h"

#include "pt2c/model_abi.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* pt2c merges a model's kernels into one GPU module; a few spare. */
enum { kMaxModules = 16 };

typedef struct pt2crt_kernel_module {
  const void *bundle;
  size_t size;
  CUmodule loaded[PT2CRT_MAX_CUDA_DEVICES]; /* set under the mutex, at create */
} pt2crt_kernel_module;

/* Filled by global constructors while the library loads, before any of its
 * functions can be called, so registration needs no lock. */
static pt2crt_kernel_module modules[kMaxModules];
static int module_count;
static int overflowed;

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static int loaded_on[PT2CRT_MAX_CUDA_DEVICES];

void *pt2crt_modules_register(const void *bundle, size_t size) {
  if (module_count == kMaxModules) {
    overflowed = 1;
    return NULL;
  }
  pt2crt_kernel_module *module = &modules[module_count++];
  module->bundle = bundle;
  module->size = size;
  return module;
}

CUmodule pt2crt_modules_get(const void *handle, int32_t index) {
  const pt2crt_kernel_module *module = handle;
  if (!module || module < modules || module >= modules + module_count || index < 0 ||
      index >= PT2CRT_MAX_CUDA_DEVICES)
    return NULL;
  return module->loaded[index];
}

static const char *kind_name(uint32_t kind) {
  return kind == PT2C_KERNEL_CUBIN ? "cubin" : "PTX";
}

/* One bundle into one device. */
static pt2c_status *load_one(const pt2crt_cuda_driver *driver,
                             const pt2crt_cuda_device *device,
                             pt2crt_kernel_module *module) {
  pt2crt_kernel_image image;
  char forms[256];
  int chosen = pt2crt_kernel_bundle_select(module->bundle, module->size, device->sm,
                                           &image, forms, sizeof forms);
  if (chosen == PT2CRT_BUNDLE_MALFORMED)
    return pt2crt_error(PT2C_INTERNAL,
                        "cuda: the model's kernel bundle (%zu bytes) is malformed "
                        "(a pt2c bug)",
                        module->size);
  if (chosen == PT2CRT_BUNDLE_NO_FIT)
    return pt2crt_error(PT2C_UNSUPPORTED,
                        "cuda: device %d is sm_%u; this model's kernels were "
                        "compiled for %s (compile it with --cuda-arch sm_%u)",
                        (int)device->index, (unsigned)device->sm, forms,
                        (unsigned)device->sm);
  /* The payloads follow one another unpadded; the driver reads an ELF cubin
   * through aligned loads, so a misaligned one is loaded from a copy. */
  const void *data = image.data;
  void *copy = NULL;
  if ((uintptr_t)data % 16 != 0) {
    copy = malloc(image.size);
    if (!copy)
      return pt2crt_alloc_error("a copy of the kernels", image.size);
    memcpy(copy, image.data, image.size);
    data = copy;
  }
  CUresult result = driver->cuModuleLoadData(&module->loaded[device->index], data);
  free(copy);
  if (result != PT2CRT_CUDA_SUCCESS) {
    module->loaded[device->index] = NULL;
    char text[256];
    return pt2crt_error(pt2crt_cuda_code(result),
                        "cuda: the driver cannot load this model's kernels (%s for "
                        "sm_%u) on device %d (sm_%u): %s",
                        kind_name(image.kind), (unsigned)image.sm, (int)device->index,
                        (unsigned)device->sm,
                        pt2crt_cuda_error_text(result, text, sizeof text));
  }
  return NULL;
}

pt2c_status *pt2crt_modules_load(const pt2crt_cuda_driver *driver,
                                 const pt2crt_cuda_device *device) {
  if (overflowed)
    return pt2crt_error(PT2C_INTERNAL,
                        "cuda: the model registers more than %d kernel modules (a "
                        "pt2c bug)",
                        kMaxModules);
  pthread_mutex_lock(&mutex);
  pt2c_status *status = NULL;
  if (!loaded_on[device->index]) {
    /* Modules already loaded stay loaded after a failure: the next create
     * on this device loads only the rest. */
    for (int i = 0; i < module_count && !status; ++i)
      if (!modules[i].loaded[device->index])
        status = load_one(driver, device, &modules[i]);
    loaded_on[device->index] = status == NULL;
  }
  pthread_mutex_unlock(&mutex);
  return status;
}
