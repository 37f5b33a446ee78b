/*===- Status.h - Making pt2c_status errors inside the runtime -----------===*/

#ifndef PT2C_RUNTIME_STATUS_H
#define PT2C_RUNTIME_STATUS_H

#include "pt2c/pt2c.h"

#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pt2c_status {
  pt2c_code code;
  /* Nonzero for the static out-of-memory status, which is never freed. A
   * flag rather than an address compare, so that a status made by another
   * model library's copy of the runtime is recognised too. */
  int32_t preallocated;
  const char *message; /* points just past the struct, or at a literal */
};

/* A status with a printf-formatted message; falls back to the static
 * out-of-memory status when even the message cannot be allocated. */
pt2c_status *pt2crt_error(pt2c_code code, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
pt2c_status *pt2crt_verror(pt2c_code code, const char *format, va_list args);

/* The preallocated out-of-memory status (no allocation). */
pt2c_status *pt2crt_out_of_memory(void);

/* Out of memory while allocating `bytes` for `what`; tries to say so. */
pt2c_status *pt2crt_alloc_error(const char *what, uint64_t bytes);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_STATUS_H */
