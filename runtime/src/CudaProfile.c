/*===- CudaProfile.c - CUDA events around a profiled run's work -----------===*/

#include "CudaProfile.h"

#include "CudaState.h"

#include <stdlib.h>

/* Room for one more event, creating it when the context has too few. */
static int reserve(pt2crt_cuda_marks *marks) {
  if (marks->count < marks->created)
    return 1;
  int32_t capacity = marks->created ? 2 * marks->created : 256;
  CUevent *events = realloc(marks->events, sizeof(CUevent) * (size_t)capacity);
  if (!events)
    return 0;
  marks->events = events;
  int32_t *ids = realloc(marks->marks, sizeof(int32_t) * (size_t)capacity);
  if (!ids)
    return 0;
  marks->marks = ids;
  while (marks->created < capacity) {
    /* Default flags: timing enabled, blocking sync off. */
    if (marks->driver->cuEventCreate(&marks->events[marks->created], 0) != PT2CRT_CUDA_SUCCESS)
      return marks->count < marks->created;
    ++marks->created;
  }
  return 1;
}

static void mark(void *cookie, int32_t id, int32_t end) {
  pt2crt_cuda_marks *marks = cookie;
  if (marks->failed)
    return;
  /* The run's stream, or the one capturing it into a graph: there the
   * record must become a node of the graph, timed when the graph runs. */
  pt2crt_cuda_run *run = pt2crt_cuda_current_run();
  CUstream stream = run ? run->stream : marks->stream;
  CUevent event = NULL;
  CUresult result = PT2CRT_CUDA_SUCCESS;
  if (reserve(marks)) {
    event = marks->events[marks->count];
    result = stream == marks->stream
                 ? marks->driver->cuEventRecord(event, stream)
                 : marks->driver->cuEventRecordWithFlags(event, stream,
                                                         PT2CRT_CU_EVENT_RECORD_EXTERNAL);
  }
  if (!event || result != PT2CRT_CUDA_SUCCESS) {
    marks->failed = 1;
    return;
  }
  marks->marks[marks->count++] = id * 2 + (end ? 1 : 0);
}

void pt2crt_cuda_marks_start(pt2crt_cuda_marks *marks, const pt2crt_cuda_driver *driver,
                             CUstream stream, pt2crt_profile_run *run) {
  marks->driver = driver;
  marks->stream = stream;
  marks->count = 0;
  marks->failed = 0;
  run->mark = mark;
  run->cookie = marks;
}

void pt2crt_cuda_marks_collect(pt2crt_cuda_marks *marks, pt2crt_profile_run *run) {
  run->mark = NULL;
  run->cookie = NULL;
  if (marks->failed) {
    run->failed = 1;
    return;
  }
  /* Points never nest (pt2c-profile-points brackets ops side by side), so
   * each begin is followed by its own end. */
  for (int32_t i = 0; i + 1 < marks->count; ++i) {
    int32_t begin = marks->marks[i], end = marks->marks[i + 1];
    if ((begin & 1) || end != begin + 1)
      continue;
    float ms = 0;
    if (marks->driver->cuEventElapsedTime(&ms, marks->events[i], marks->events[i + 1]) !=
        PT2CRT_CUDA_SUCCESS) {
      run->failed = 1;
      return;
    }
    pt2crt_profile_add(run, begin / 2, (uint64_t)((double)ms * 1e6));
    ++i;
  }
}

void pt2crt_cuda_marks_destroy(pt2crt_cuda_marks *marks) {
  for (int32_t i = 0; i < marks->created; ++i)
    marks->driver->cuEventDestroy(marks->events[i]);
  free(marks->events);
  free(marks->marks);
  marks->events = NULL;
  marks->marks = NULL;
  marks->created = marks->count = 0;
}
