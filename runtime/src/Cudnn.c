/*===- Cudnn.c - Opening cuDNN ---------------------------------------------===*/

#include "Cudnn.h"
#include "LibraryLoader.h"

#include <dlfcn.h>
#include <pthread.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pt2crt_cudnn library;
static const pt2crt_cudnn *loaded;

/* Fills `library` from `handle`; 0 when a symbol is missing. */
static int resolve_all(void *handle) {
#define RESOLVE(name)                                                          \
  if (!(*(void **)&library.name = dlsym(handle, #name)))                       \
    return 0;
  RESOLVE(cudnnGetVersion)
  RESOLVE(cudnnGetErrorString)
  RESOLVE(cudnnCreate)
  RESOLVE(cudnnDestroy)
  RESOLVE(cudnnSetStream)
  RESOLVE(cudnnCreateTensorDescriptor)
  RESOLVE(cudnnSetTensor4dDescriptorEx)
  RESOLVE(cudnnDestroyTensorDescriptor)
  RESOLVE(cudnnCreateFilterDescriptor)
  RESOLVE(cudnnSetFilter4dDescriptor)
  RESOLVE(cudnnDestroyFilterDescriptor)
  RESOLVE(cudnnCreateConvolutionDescriptor)
  RESOLVE(cudnnSetConvolution2dDescriptor)
  RESOLVE(cudnnSetConvolutionGroupCount)
  RESOLVE(cudnnSetConvolutionMathType)
  RESOLVE(cudnnDestroyConvolutionDescriptor)
  RESOLVE(cudnnGetConvolution2dForwardOutputDim)
  RESOLVE(cudnnGetConvolutionForwardAlgorithm_v7)
  RESOLVE(cudnnConvolutionForward)
#undef RESOLVE
  /* Optional: the fused convolution (pt2crt_cudnn_has_fused). */
#define RESOLVE_OPTIONAL(name) *(void **)&library.name = dlsym(handle, #name);
  RESOLVE_OPTIONAL(cudnnCreateActivationDescriptor)
  RESOLVE_OPTIONAL(cudnnSetActivationDescriptor)
  RESOLVE_OPTIONAL(cudnnDestroyActivationDescriptor)
  RESOLVE_OPTIONAL(cudnnConvolutionBiasActivationForward)
#undef RESOLVE_OPTIONAL
  /* Groups and math types came with cuDNN 7; older ones lack the _v7 call
   * anyway, so this only guards against a mislabelled library. */
  return library.cudnnGetVersion() >= 7000;
}

static void open_library(void) {
  static const char *const defaults[] = {"libcudnn.so.9", "libcudnn.so.8",
                                         "/usr/local/cuda/lib64/libcudnn.so.9",
                                         "/usr/local/cuda/lib64/libcudnn.so.8"};
  if (pt2crt_open_library("PT2C_CUDNN", defaults, sizeof defaults / sizeof *defaults,
                          resolve_all))
    loaded = &library;
}

const pt2crt_cudnn *pt2crt_cudnn_get(void) {
  pthread_once(&once, open_library);
  return loaded;
}
