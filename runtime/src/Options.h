/*===- Options.h - The contents of pt2c_options --------------------------===*/

#ifndef PT2C_RUNTIME_OPTIONS_H
#define PT2C_RUNTIME_OPTIONS_H

#include "pt2c/pt2c.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pt2c_options {
  uint32_t abi_version; /* the caller's PT2C_ABI_VERSION */
  DLDeviceType device;
  int32_t device_index;
  void *cuda_stream;
  int32_t cuda_graphs;  /* 1: capture and replay CUDA graphs (CudaGraphs.h) */
  int32_t cuda_async;   /* 1: runs on the caller's stream may return queued */
  int32_t cpu_threads; /* 0: number of online CPUs */
  char *weights_path;  /* owned; NULL: embedded weights */
  int32_t profiling;   /* 1: time every piece of work (Profile.h) */
};

/* The largest pool size the setter accepts: more threads than this is a
 * mistake (a negative number cast), not a machine. */
#define PT2CRT_MAX_CPU_THREADS 1024

/* Fills `options` with the defaults pt2c_options_create documents. */
void pt2crt_options_defaults(struct pt2c_options *options);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_OPTIONS_H */
