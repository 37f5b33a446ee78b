/*===- CudaGraphs.c - Replaying a CUDA model's kernels as CUDA graphs -----===*/

#include "CudaGraphs.h"

#include <stdlib.h>
#include <string.h>

void pt2crt_graphs_init(pt2crt_cuda_graphs *graphs, const pt2crt_cuda_driver *driver,
                        int enabled, size_t key_words) {
  memset(graphs, 0, sizeof *graphs);
  graphs->key_words = key_words;
  graphs->disabled = !enabled || !driver->cuGraphLaunch;
}

static void clear_slot(pt2crt_graph_slot *slot, const pt2crt_cuda_driver *driver) {
  if (slot->exec)
    driver->cuGraphExecDestroy(slot->exec);
  free(slot->key);
  free(slot->index_checks);
  memset(slot, 0, sizeof *slot);
}

/* The key's slot, or NULL. */
static pt2crt_graph_slot *find(pt2crt_cuda_graphs *graphs, const int64_t *key) {
  size_t bytes = graphs->key_words * sizeof *key;
  for (size_t i = 0; i < PT2CRT_GRAPH_SLOTS; ++i) {
    pt2crt_graph_slot *slot = &graphs->slots[i];
    if (slot->key && memcmp(slot->key, key, bytes) == 0)
      return slot;
  }
  return NULL;
}

/* An empty slot, else the least recently used one emptied. */
static pt2crt_graph_slot *claim(pt2crt_cuda_graphs *graphs,
                                const pt2crt_cuda_driver *driver, CUstream stream) {
  pt2crt_graph_slot *oldest = &graphs->slots[0];
  for (size_t i = 0; i < PT2CRT_GRAPH_SLOTS; ++i) {
    pt2crt_graph_slot *slot = &graphs->slots[i];
    if (!slot->key)
      return slot;
    if (slot->last_use < oldest->last_use)
      oldest = slot;
  }
  if (oldest->exec)
    driver->cuStreamSynchronize(stream);
  clear_slot(oldest, driver);
  return oldest;
}

pt2crt_graph_action pt2crt_graphs_choose(pt2crt_cuda_graphs *graphs,
                                         const pt2crt_cuda_driver *driver, CUstream stream,
                                         const int64_t *key,
                                         pt2crt_graph_slot **out_slot) {
  *out_slot = NULL;
  if (graphs->disabled)
    return PT2CRT_GRAPH_NONE;
  pt2crt_graph_slot *slot = find(graphs, key);
  if (!slot) {
    size_t bytes = graphs->key_words * sizeof *key;
    int64_t *copy = malloc(bytes ? bytes : 1);
    if (!copy)
      return PT2CRT_GRAPH_NONE; /* only a missed speed-up */
    memcpy(copy, key, bytes);
    slot = claim(graphs, driver, stream);
    slot->key = copy;
  }
  slot->last_use = ++graphs->clock;
  *out_slot = slot;
  if (slot->exec)
    return PT2CRT_GRAPH_REPLAY;
  return slot->good_runs >= 1 ? PT2CRT_GRAPH_CAPTURE : PT2CRT_GRAPH_NONE;
}

void pt2crt_graphs_note_run(pt2crt_graph_slot *slot) {
  if (slot && slot->good_runs < UINT32_MAX)
    ++slot->good_runs;
}

CUstream pt2crt_graphs_begin(pt2crt_cuda_graphs *graphs, const pt2crt_cuda_driver *driver) {
  if (!graphs->capture_stream &&
      driver->cuStreamCreate(&graphs->capture_stream, PT2CRT_CU_STREAM_NON_BLOCKING) !=
          PT2CRT_CUDA_SUCCESS) {
    graphs->capture_stream = NULL;
    graphs->disabled = 1;
    return NULL;
  }
  /* Relaxed: the run may allocate (scratch of a new size, cuBLASLt's first
   * use), which the stricter modes forbid while any capture is under way. */
  if (driver->cuStreamBeginCapture(graphs->capture_stream,
                                   PT2CRT_CU_STREAM_CAPTURE_MODE_RELAXED) !=
      PT2CRT_CUDA_SUCCESS) {
    graphs->disabled = 1;
    return NULL;
  }
  return graphs->capture_stream;
}

int pt2crt_graphs_end(pt2crt_cuda_graphs *graphs, const pt2crt_cuda_driver *driver,
                      pt2crt_graph_slot *slot, int run_ok) {
  CUgraph graph = NULL;
  /* Always ended, also after a failure: the stream must leave capture. */
  CUresult result = driver->cuStreamEndCapture(graphs->capture_stream, &graph);
  CUgraphExec exec = NULL;
  if (result == PT2CRT_CUDA_SUCCESS && run_ok)
    result = driver->cuGraphInstantiateWithFlags(&exec, graph, 0);
  if (graph)
    driver->cuGraphDestroy(graph); /* the executable graph is independent */
  if (result != PT2CRT_CUDA_SUCCESS || !run_ok) {
    /* A failing run is rerun directly and reports its own error; a refused
     * capture would likely be refused again, so stop trying. */
    graphs->disabled = 1;
    return 1;
  }
  slot->exec = exec;
  return 0;
}

void pt2crt_graphs_clear(pt2crt_cuda_graphs *graphs, const pt2crt_cuda_driver *driver) {
  for (size_t i = 0; i < PT2CRT_GRAPH_SLOTS; ++i)
    if (graphs->slots[i].exec) {
      driver->cuGraphExecDestroy(graphs->slots[i].exec);
      graphs->slots[i].exec = NULL;
    }
}

void pt2crt_graphs_destroy(pt2crt_cuda_graphs *graphs, const pt2crt_cuda_driver *driver) {
  for (size_t i = 0; i < PT2CRT_GRAPH_SLOTS; ++i)
    clear_slot(&graphs->slots[i], driver);
  if (graphs->capture_stream)
    driver->cuStreamDestroy(graphs->capture_stream);
  graphs->capture_stream = NULL;
}
