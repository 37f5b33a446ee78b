/*===- RunFailure.h - Failures the compiled CPU code reports --------------===*
 *
 * The generated code checks what it can only know while running (an index
 * gathered from the inputs: lib/Conversion/PrimToLinalg/IndexChecks.cpp)
 * and reports a violation through pt2crt_index_out_of_range, which has no
 * context argument: it finds the run it belongs to in a thread-local that
 * Run.c sets around the compiled code, and records the run's first
 * failure there. The compiled code goes on (its reads are clamped, so it
 * stays inside its tensors); Run.c then fails the run with the recorded
 * status, and the outputs of a failed run are unspecified.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_RUNFAILURE_H
#define PT2C_RUNTIME_RUNFAILURE_H

#include "pt2c/pt2c.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pt2crt_run_failure {
  pt2c_code code; /* PT2C_OK while nothing failed */
  char message[512];
} pt2crt_run_failure;

/* Makes `failure` the calling thread's current record (NULL: none) and
 * returns the previous one, to be put back. */
pt2crt_run_failure *pt2crt_run_failure_set_current(pt2crt_run_failure *failure);

/* Called by the generated code when an index read from a tensor lies
 * outside [0, size): `lowest` and `highest` are the smallest and largest
 * of the indices, `site` names them and the graph node ("input 'input_ids'
 * at embedding @ sparse.py:190"). Records PT2C_INVALID_ARGUMENT unless a
 * failure is recorded already; does nothing outside a run. */
void pt2crt_index_out_of_range(int64_t lowest, int64_t highest, int64_t size, const char *site);

/* The message of an index out of range, for the CPU report above and the
 * CUDA checks (CudaIndexChecks.h) alike: "index 1000000000 is out of range
 * for a dimension of size 1024 (valid: 0 to 1023; the indices ranged from
 * 94 to 1000000000): input 'input_ids' at embedding @ modeling_bert.py:99". */
void pt2crt_describe_index_failure(char *out, size_t size, int64_t lowest, int64_t highest,
                                   int64_t bound, const char *site);

/* The message of one index out of range, where only it is known (CUDA
 * kernels that check the indices they read): "index 1000000000 is out of
 * range for a dimension of size 1024 (valid: 0 to 1023): input 'input_ids'
 * at embedding @ modeling_bert.py:99". */
void pt2crt_describe_bad_index(char *out, size_t size, int64_t index, int64_t bound,
                               const char *site);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_RUNFAILURE_H */
