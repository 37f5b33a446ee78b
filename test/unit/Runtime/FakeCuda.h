/*===- FakeCuda.h - What tests ask the fake CUDA driver -------------------===*
 *
 * FakeCuda.c is a stand-in for libcuda.so.1 that the runtime opens through
 * PT2C_CUDA_DRIVER, so the CUDA path runs in CI without a GPU. Its
 * "device memory" is host memory it tracks; its kernels are the two of
 * TestModelCuda.c, run on the calling thread. Stream capture records
 * launches into a graph instead of running them; a launched graph runs
 * them then. Besides the driver entry
 * points it exports these, for tests (looked up with dlsym).
 *
 * Devices: 0 is sm_90, 1 is sm_50 (older than every kernel form of the
 * test model), 2 is sm_86.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_TEST_UNIT_RUNTIME_FAKECUDA_H
#define PT2C_TEST_UNIT_RUNTIME_FAKECUDA_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fake_cuda_stats {
  long live_allocations; /* cuMemAlloc'd, not yet freed */
  long allocations;      /* cuMemAlloc calls that succeeded, ever */
  long live_streams;     /* created, not yet destroyed */
  long launches;         /* kernels that ran */
  long function_lookups; /* cuModuleGetFunction calls */
  long module_loads;     /* cuModuleLoadData calls that succeeded */
  /* Misuse: a pointer outside every allocation, no current context, an
   * unknown stream, a pop without a push... Each one also sets `misuse`. */
  long bad_calls;
  char misuse[256];
  void *last_stream; /* of the last launch */
  long captured_launches; /* kernels recorded into a graph, not run */
  long captures;          /* cuStreamEndCapture calls that made a graph */
  long graph_launches;    /* cuGraphLaunch calls that ran (their kernels
                             count in `launches` too) */
  long live_graphs;       /* graphs and executable graphs not destroyed */
  long synchronizes;      /* cuStreamSynchronize calls that succeeded */
  long live_events;       /* cuEventCreate'd, not yet destroyed */
  long event_records;     /* cuEventRecord calls that succeeded */
  long event_waits;       /* cuEventSynchronize calls that succeeded */
  long live_pinned;       /* cuMemAllocHost'd blocks, not yet freed */
} fake_cuda_stats;

/* A snapshot of the counters. */
void fake_cuda_get_stats(fake_cuda_stats *out);

/* The next call of `function` (its exported name, e.g. "cuLaunchKernel" or
 * "cuMemAlloc_v2") returns `result` and does nothing. One at a time. */
void fake_cuda_fail_next(const char *function, int result);

/* How many contexts this thread has pushed and not popped. */
int fake_cuda_context_depth(void);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_TEST_UNIT_RUNTIME_FAKECUDA_H */
