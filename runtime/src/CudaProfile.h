/*===- CudaProfile.h - CUDA events around a profiled run's work -----------===*
 *
 * On a profiled CUDA run (Profile.h) the generated host code's hooks record
 * an event on the run's stream before and after each kernel launch and
 * library call; once the run has waited for its stream, the time between
 * each pair is the point's time. The events belong to the execution
 * context and are reused from run to run (created the first time a run
 * needs more of them).
 *
 * Launched one by one, the kernels of a large model leave the GPU waiting
 * for the host (cuDNN and cuBLASLt calls cost the host more than the GPU
 * time of a small layer), and an event pair would time that wait too:
 * resnet50 in bfloat16 measured 6.4 ms of points for a 1.7 ms run (2.1 ms
 * captured; an event node costs the GPU about a microsecond, so in a
 * captured run a point's begin shares the previous point's end event). So a
 * profiled run is captured into a CUDA graph, events as external
 * event-record nodes, and launched whole (CudaRun.c captures every
 * profiled run anew); only where graphs are off do the events go straight
 * on the stream.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDAPROFILE_H
#define PT2C_RUNTIME_CUDAPROFILE_H

#include "CudaDriver.h"
#include "Profile.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pt2crt_cuda_marks {
  const pt2crt_cuda_driver *driver;
  CUstream stream;
  CUevent *events; /* `created` of them */
  /* Per recorded event e: spans[2e] the point that ends there (-1: none),
   * spans[2e + 1] the event it began at. */
  int32_t *spans;
  int32_t count;   /* recorded this run */
  int32_t created;
  int32_t failed;  /* an event could not be made or recorded */
  int32_t open_id; /* the point begun and not yet ended */
  int32_t open_event;
  int32_t last_was_end; /* the last event recorded ended a point */
} pt2crt_cuda_marks;

/* Makes `run`'s hooks record events of `marks` on `stream`. */
void pt2crt_cuda_marks_start(pt2crt_cuda_marks *marks, const pt2crt_cuda_driver *driver,
                             CUstream stream, pt2crt_profile_run *run);

/* After the stream was waited for: adds each begin/end pair's time to
 * `run` (a run whose events failed counts as failed) and unhooks it. */
void pt2crt_cuda_marks_collect(pt2crt_cuda_marks *marks, pt2crt_profile_run *run);

/* Frees the events (the device context current) and the arrays. */
void pt2crt_cuda_marks_destroy(pt2crt_cuda_marks *marks);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDAPROFILE_H */
