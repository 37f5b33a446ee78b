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
  int32_t *spans = realloc(marks->spans, 2 * sizeof(int32_t) * (size_t)capacity);
  if (!spans)
    return 0;
  marks->spans = spans;
  while (marks->created < capacity) {
    /* Default flags: timing enabled, blocking sync off. */
    if (marks->driver->cuEventCreate(&marks->events[marks->created], 0) != PT2CRT_CUDA_SUCCESS)
      return marks->count < marks->created;
    ++marks->created;
  }
  return 1;
}

/* Records the next event on the run's stream, or on the stream capturing
 * it into a graph, where the record must become a node of the graph
 * (timed when the graph runs). Its index, or -1. */
static int32_t record(pt2crt_cuda_marks *marks) {
  pt2crt_cuda_run *run = pt2crt_cuda_current_run();
  CUstream stream = run ? run->stream : marks->stream;
  if (!reserve(marks))
    return -1;
  CUevent event = marks->events[marks->count];
  CUresult result =
      stream == marks->stream
          ? marks->driver->cuEventRecord(event, stream)
          : marks->driver->cuEventRecordWithFlags(event, stream, PT2CRT_CU_EVENT_RECORD_EXTERNAL);
  if (result != PT2CRT_CUDA_SUCCESS)
    return -1;
  marks->spans[2 * marks->count] = -1; /* no point ends here (yet) */
  return marks->count++;
}

/* In a captured run a point's begin shares the previous point's end event:
 * no GPU work lies between two points (every launch and library call is
 * one), and each event node costs the GPU about a microsecond, which one
 * per point instead of two halves. Launched directly, the GPU also waits
 * for the host between two points, which a shared event would add to the
 * second; there each begin records its own. */
static void mark(void *cookie, int32_t id, int32_t end) {
  pt2crt_cuda_marks *marks = cookie;
  if (marks->failed)
    return;
  if (!end) {
    pt2crt_cuda_run *run = pt2crt_cuda_current_run();
    int captured = run && run->stream != marks->stream;
    marks->open_id = id;
    marks->open_event =
        marks->last_was_end && captured ? marks->count - 1 : record(marks);
    marks->last_was_end = 0;
    if (marks->open_event < 0)
      marks->failed = 1;
    return;
  }
  int32_t closing = record(marks);
  if (closing < 0 || marks->open_id != id || marks->open_event < 0) {
    marks->failed = 1;
    return;
  }
  marks->spans[2 * closing] = id;
  marks->spans[2 * closing + 1] = marks->open_event;
  marks->open_event = -1;
  marks->last_was_end = 1;
}

void pt2crt_cuda_marks_start(pt2crt_cuda_marks *marks, const pt2crt_cuda_driver *driver,
                             CUstream stream, pt2crt_profile_run *run) {
  marks->driver = driver;
  marks->stream = stream;
  marks->count = 0;
  marks->failed = 0;
  marks->open_event = -1;
  marks->last_was_end = 0;
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
  for (int32_t e = 0; e < marks->count; ++e) {
    int32_t id = marks->spans[2 * e];
    if (id < 0)
      continue;
    float ms = 0;
    if (marks->driver->cuEventElapsedTime(&ms, marks->events[marks->spans[2 * e + 1]],
                                          marks->events[e]) != PT2CRT_CUDA_SUCCESS) {
      run->failed = 1;
      return;
    }
    pt2crt_profile_add(run, id, (uint64_t)((double)ms * 1e6));
  }
}

void pt2crt_cuda_marks_destroy(pt2crt_cuda_marks *marks) {
  for (int32_t i = 0; i < marks->created; ++i)
    marks->driver->cuEventDestroy(marks->events[i]);
  free(marks->events);
  free(marks->spans);
  marks->events = NULL;
  marks->spans = NULL;
  marks->created = marks->count = 0;
}
