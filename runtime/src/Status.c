/*===- Status.c - Error objects of the public ABI ------------------------===*/

#include "Status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Returned when nothing can be allocated. Const: nothing ever writes it, so
 * it is not mutable global state; pt2c_status_free skips it. */
static const pt2c_status kOutOfMemory = {PT2C_OUT_OF_MEMORY, 1,
                                         "out of memory"};

pt2c_status *pt2crt_out_of_memory(void) { return (pt2c_status *)&kOutOfMemory; }

pt2c_status *pt2crt_verror(pt2c_code code, const char *format, va_list args) {
  va_list copy;
  va_copy(copy, args);
  int length = vsnprintf(NULL, 0, format, copy);
  va_end(copy);
  if (length < 0)
    length = 0;
  pt2c_status *status = malloc(sizeof(pt2c_status) + (size_t)length + 1);
  if (!status)
    return pt2crt_out_of_memory();
  char *message = (char *)(status + 1);
  if (length > 0)
    vsnprintf(message, (size_t)length + 1, format, args);
  else
    message[0] = '\0';
  status->code = code;
  status->preallocated = 0;
  status->message = message;
  return status;
}

pt2c_status *pt2crt_error(pt2c_code code, const char *format, ...) {
  va_list args;
  va_start(args, format);
  pt2c_status *status = pt2crt_verror(code, format, args);
  va_end(args);
  return status;
}

pt2c_status *pt2crt_alloc_error(const char *what, uint64_t bytes) {
  return pt2crt_error(PT2C_OUT_OF_MEMORY,
                      "out of memory: could not allocate %llu bytes for %s",
                      (unsigned long long)bytes, what);
}

PT2C_API pt2c_code pt2c_status_code(const pt2c_status *status) {
  return status ? status->code : PT2C_OK;
}

PT2C_API const char *pt2c_status_message(const pt2c_status *status) {
  return status ? status->message : "";
}

PT2C_API void pt2c_status_free(pt2c_status *status) {
  if (status && !status->preallocated)
    free(status);
}
