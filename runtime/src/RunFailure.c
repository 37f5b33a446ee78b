/*===- RunFailure.c - Failures the compiled code reports ------------------===*/

#include "RunFailure.h"

#include <inttypes.h>
#include <stdio.h>

static _Thread_local pt2crt_run_failure *tls_failure;

pt2crt_run_failure *pt2crt_run_failure_set_current(pt2crt_run_failure *failure) {
  pt2crt_run_failure *previous = tls_failure;
  tls_failure = failure;
  return previous;
}

void pt2crt_describe_index_failure(char *out, size_t size, int64_t lowest, int64_t highest,
                                   int64_t bound, const char *site) {
  int64_t bad = lowest < 0 ? lowest : highest;
  snprintf(out, size,
           "index %" PRId64 " is out of range for a dimension of size %" PRId64
           " (valid: 0 to %" PRId64 "; the indices ranged from %" PRId64 " to %" PRId64
           "): %s",
           bad, bound, bound - 1, lowest, highest, site ? site : "unknown site");
}

void pt2crt_describe_bad_index(char *out, size_t size, int64_t index, int64_t bound,
                               const char *site) {
  snprintf(out, size,
           "index %" PRId64 " is out of range for a dimension of size %" PRId64
           " (valid: 0 to %" PRId64 "): %s",
           index, bound, bound - 1, site ? site : "unknown site");
}

void pt2crt_index_out_of_range(int64_t lowest, int64_t highest, int64_t size, const char *site) {
  pt2crt_run_failure *failure = tls_failure;
  if (!failure || failure->code != PT2C_OK)
    return;
  failure->code = PT2C_INVALID_ARGUMENT;
  pt2crt_describe_index_failure(failure->message, sizeof failure->message, lowest, highest,
                                size, site);
}
