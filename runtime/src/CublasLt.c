/*===- CublasLt.c - Opening cuBLASLt -------------------------------------===*/

#include "CublasLt.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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
  const char *explicit_path = getenv("PT2C_CUBLASLT");
  const char *defaults[] = {"libcublasLt.so.13", "libcublasLt.so.12",
                            "/usr/local/cuda/lib64/libcublasLt.so.13",
                            "/usr/local/cuda/lib64/libcublasLt.so.12"};
  const char *const *paths = defaults;
  size_t n_paths = sizeof defaults / sizeof *defaults;
  if (explicit_path && *explicit_path) {
    if (strcmp(explicit_path, "off") == 0 || strcmp(explicit_path, "0") == 0)
      return;
    paths = &explicit_path;
    n_paths = 1;
  }
  for (size_t i = 0; i < n_paths; ++i) {
    void *handle = dlopen(paths[i], RTLD_NOW | RTLD_LOCAL);
    if (!handle)
      continue;
    if (resolve_all(handle)) {
      loaded = &library;
      return;
    }
    /* Nothing of it ran yet, so closing it is safe. */
    dlclose(handle);
  }
}

const pt2crt_cublaslt *pt2crt_cublaslt_get(void) {
  pthread_once(&once, open_library);
  return loaded;
}
