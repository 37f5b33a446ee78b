/*===- LibraryLoader.h - Opening an optional CUDA library -----------------===*
 *
 * cuBLASLt and cuDNN are opened the same way: the path in an environment
 * variable alone when it is set ("off" or "0": not at all), else a list of
 * sonames and install paths, the first that opens and has every entry
 * point winning.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_LIBRARYLOADER_H
#define PT2C_RUNTIME_LIBRARYLOADER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opens the library as described above; `resolve` fills the caller's table
 * from a handle and returns 0 when an entry point is missing (that handle
 * is then closed and the next path tried). NULL when none fits. */
void *pt2crt_open_library(const char *environment_variable, const char *const *defaults,
                          size_t n_defaults, int (*resolve)(void *handle));

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_LIBRARYLOADER_H */
