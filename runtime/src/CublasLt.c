/*===- CublasLt.c - Opening cuBLASLt -------------------------------------===*/

#include "CublasLt.h"
#include "LibraryLoader.h"

#include <dlfcn.h>
#include <pthread.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pt2crt_cublaslt library;
static const pt2crt_cublaslt *loaded;

/* Fills `library` from `handle`; 0 when a symbol is missing. */
static int resolve_all(void *handle) {
#define RESOLVE(name)                                                          \
  if (!(*(void **)&library.name = dlsym(handle, #name)))                       \
    return 0;
  RESOLVE(cublasLtCreate)
  RESOLVE(cublasLtDestroy)
  RESOLVE(cublasLtGetStatusName)
  RESOLVE(cublasLtMatmulDescCreate)
  RESOLVE(cublasLtMatmulDescDestroy)
  RESOLVE(cublasLtMatmulDescSetAttribute)
  RESOLVE(cublasLtMatrixLayoutCreate)
  RESOLVE(cublasLtMatrixLayoutDestroy)
  RESOLVE(cublasLtMatrixLayoutSetAttribute)
  RESOLVE(cublasLtMatmulPreferenceCreate)
  RESOLVE(cublasLtMatmulPreferenceDestroy)
  RESOLVE(cublasLtMatmulPreferenceSetAttribute)
  RESOLVE(cublasLtMatmulAlgoGetHeuristic)
  RESOLVE(cublasLtMatmul)
#undef RESOLVE
  return 1;
}

static void open_library(void) {
  static const char *const defaults[] = {"libcublasLt.so.13", "libcublasLt.so.12",
                                         "/usr/local/cuda/lib64/libcublasLt.so.13",
                                         "/usr/local/cuda/lib64/libcublasLt.so.12"};
  if (pt2crt_open_library("PT2C_CUBLASLT", defaults, sizeof defaults / sizeof *defaults,
                          resolve_all))
    loaded = &library;
}

const pt2crt_cublaslt *pt2crt_cublaslt_get(void) {
  pthread_once(&once, open_library);
  return loaded;
}
