/*===- LibraryLoader.c - Opening an optional CUDA library -----------------===*/

#include "LibraryLoader.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

void *pt2crt_open_library(const char *environment_variable, const char *const *defaults,
                          size_t n_defaults, int (*resolve)(void *handle)) {
  const char *explicit_path = getenv(environment_variable);
  const char *const *paths = defaults;
  size_t n_paths = n_defaults;
  if (explicit_path && *explicit_path) {
    if (strcmp(explicit_path, "off") == 0 || strcmp(explicit_path, "0") == 0)
      return NULL;
    paths = &explicit_path;
    n_paths = 1;
  }
  for (size_t i = 0; i < n_paths; ++i) {
    void *handle = dlopen(paths[i], RTLD_NOW | RTLD_LOCAL);
    if (!handle)
      continue;
    if (resolve(handle))
      return handle;
    /* Nothing of it ran yet, so closing it is safe. */
    dlclose(handle);
  }
  return NULL;
}
