/*===- CudaGraphs.h - Replaying a CUDA model's kernels as CUDA graphs -----===*
 *
 * Launching kernels one by one costs the host a few microseconds each,
 * which for small models is most of a run. An execution context therefore
 * captures what desc->run_cuda queues (kernels and cuBLASLt calls; never
 * the copies of host tensors, which stay outside the graph) into a CUDA
 * graph and replays it with one cuGraphLaunch.
 *
 * A graph bakes in every device address and every decision the host code
 * made, so it is keyed by the symbol values and the device pointers of
 * every input and output. Everything else it touches stays put for the
 * context's life: the weights, the scratch blocks (never freed before the
 * context), the cuBLASLt workspace. A key is captured on its second
 * successful run: the first warms the kernel, plan and scratch caches, and
 * a one-off shape, or a caller whose device buffers move every run, costs
 * no capture. The last PT2CRT_GRAPH_SLOTS keys are kept. A capture that
 * fails turns graphs off for the context, and its run goes on without.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDAGRAPHS_H
#define PT2C_RUNTIME_CUDAGRAPHS_H

#include "CudaDriver.h"
#include "CudaIndexChecks.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { PT2CRT_GRAPH_SLOTS = 8 };

typedef struct pt2crt_graph_slot {
  int64_t *key;       /* key_words words; NULL: an empty slot */
  CUgraphExec exec;   /* NULL: not captured yet */
  uint32_t good_runs; /* successful runs without a graph */
  uint64_t last_use;
  /* The index checks of the capture, which a replay compares (its host
   * code does not run): CudaIndexChecks.h. */
  pt2crt_index_check *index_checks;
  int32_t n_index_checks;
} pt2crt_graph_slot;

typedef struct pt2crt_cuda_graphs {
  int disabled;           /* by the options, the driver or a failed capture */
  size_t key_words;
  uint64_t clock;         /* for least-recently-used eviction */
  CUstream capture_stream; /* made on the first capture; only ever captured */
  pt2crt_graph_slot slots[PT2CRT_GRAPH_SLOTS];
} pt2crt_cuda_graphs;

typedef enum pt2crt_graph_action {
  PT2CRT_GRAPH_NONE,    /* launch the kernels directly */
  PT2CRT_GRAPH_CAPTURE, /* capture them (pt2crt_graphs_begin/end), then launch */
  PT2CRT_GRAPH_REPLAY,  /* launch slot->exec */
} pt2crt_graph_action;

/* Sets up an empty cache for keys of `key_words` words; `enabled` 0 (or a
 * driver without graphs) makes every choice NONE. */
void pt2crt_graphs_init(pt2crt_cuda_graphs *graphs, const pt2crt_cuda_driver *driver,
                        int enabled, size_t key_words);

/* What to do for `key`; *out_slot is the key's slot (NULL when disabled or
 * out of host memory, always with NONE). Evicting a slot destroys its
 * graph after waiting for `stream`, where a run that returned queued may
 * still be running it. */
pt2crt_graph_action pt2crt_graphs_choose(pt2crt_cuda_graphs *graphs,
                                         const pt2crt_cuda_driver *driver, CUstream stream,
                                         const int64_t *key,
                                         pt2crt_graph_slot **out_slot);

/* Counts a successful run of the slot's key made without a graph. */
void pt2crt_graphs_note_run(pt2crt_graph_slot *slot);

/* Starts capturing; the stream to queue the run's work on, or NULL when
 * that failed (graphs are then off for the context). */
CUstream pt2crt_graphs_begin(pt2crt_cuda_graphs *graphs, const pt2crt_cuda_driver *driver);

/* Ends the capture; `run_ok` says whether queuing the run succeeded.
 * 0 with slot->exec ready to launch; nonzero when there is no graph (the
 * run failed, or the driver refused the capture, and graphs are then off
 * for the context): nothing of the run executed, so it can be run again
 * directly. */
int pt2crt_graphs_end(pt2crt_cuda_graphs *graphs, const pt2crt_cuda_driver *driver,
                      pt2crt_graph_slot *slot, int run_ok);

/* Destroys every graph, keeping the keys and their run counts: addresses
 * they baked in are gone (CudaScratch.h's arena moved). The next run of a
 * key captures again. */
void pt2crt_graphs_clear(pt2crt_cuda_graphs *graphs, const pt2crt_cuda_driver *driver);

/* Destroys every graph and the capture stream (device context current). */
void pt2crt_graphs_destroy(pt2crt_cuda_graphs *graphs, const pt2crt_cuda_driver *driver);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDAGRAPHS_H */
