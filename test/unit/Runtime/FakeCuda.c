/*===- FakeCuda.c - A stand-in for libcuda.so.1, for tests without a GPU --===*
 *
 * Implements the driver entry points the runtime resolves (CudaDriver.c),
 * strictly enough to catch misuse: every pointer handed to a copy or a
 * kernel must lie inside a live allocation, every call that needs a
 * current context must have one, streams must exist, pushes and pops must
 * match. Misuse does not crash the test: it is counted (FakeCuda.h) and
 * the tests check the count is 0. Copies and kernels run synchronously,
 * which is one legal ordering of a stream.
 *===----------------------------------------------------------------------===*/

#include "FakeCuda.h"

#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

enum {
  kSuccess = 0,
  kInvalidValue = 1,
  kOutOfMemory = 2,
  kInvalidContext = 201,
  kInvalidPtx = 218,
  kInvalidHandle = 400,
  kNotFound = 500,
  kIllegalAddress = 700,
  kLaunchFailed = 719,
};

enum { kDevices = 3, kMaxDepth = 16, kMaxStreams = 256, kMaxAllocations = 4096 };
static const int kComputeCapability[kDevices][2] = {{9, 0}, {5, 0}, {8, 6}};

typedef struct fake_context {
  int device;
  int retains;
} fake_context;

typedef struct fake_module {
  int device;
} fake_module;

typedef struct fake_allocation {
  char *base;
  size_t size;
} fake_allocation;

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static fake_context contexts[kDevices] = {{0, 0}, {1, 0}, {2, 0}};
static fake_allocation allocations[kMaxAllocations];
static int n_allocations;
static void *streams[kMaxStreams];
static int n_streams;
static fake_cuda_stats stats;
static long live_events;
static char fail_function[64];
static CUresult fail_result;

static _Thread_local fake_context *stack[kMaxDepth];
static _Thread_local int depth;

/* Under the mutex. */
__attribute__((format(printf, 1, 2))) static CUresult misuse(const char *format, ...) {
  ++stats.bad_calls;
  va_list args;
  va_start(args, format);
  vsnprintf(stats.misuse, sizeof stats.misuse, format, args);
  va_end(args);
  return kInvalidValue;
}

/* Takes the mutex; returns an injected failure (mutex released) or 0. */
static CUresult enter(const char *function, int needs_context) {
  pthread_mutex_lock(&mutex);
  if (fail_function[0] && strcmp(fail_function, function) == 0) {
    fail_function[0] = '\0';
    CUresult result = fail_result;
    pthread_mutex_unlock(&mutex);
    return result;
  }
  if (needs_context && depth == 0) {
    misuse("%s without a current context", function);
    pthread_mutex_unlock(&mutex);
    return kInvalidContext;
  }
  return kSuccess;
}

static CUresult leave(CUresult result) {
  pthread_mutex_unlock(&mutex);
  return result;
}

/* Under the mutex: whether [p, p + bytes) lies in a live allocation. */
static int inside(const void *p, size_t bytes) {
  const char *c = p;
  for (int i = 0; i < n_allocations; ++i)
    if (c >= allocations[i].base && bytes <= allocations[i].size &&
        c - allocations[i].base <= (ptrdiff_t)(allocations[i].size - bytes))
      return 1;
  return 0;
}

/* Pinned host memory (cuMemAllocHost): plain host memory, tracked. */
enum { kMaxPinned = 64 };
static fake_allocation pinned_blocks[kMaxPinned];
static int n_pinned;

/* Under the mutex: whether [p, p + bytes) lies in a live pinned block. */
static int pinned(const void *p, size_t bytes) {
  const char *c = p;
  for (int i = 0; i < n_pinned; ++i)
    if (c >= pinned_blocks[i].base && bytes <= pinned_blocks[i].size &&
        c - pinned_blocks[i].base <= (ptrdiff_t)(pinned_blocks[i].size - bytes))
      return 1;
  return 0;
}

static int known_stream(void *stream) {
  for (int i = 0; i < n_streams; ++i)
    if (streams[i] == stream)
      return 1;
  return 0;
}

/*===------------------------- For the tests -------------------------===*/

void fake_cuda_get_stats(fake_cuda_stats *out) {
  pthread_mutex_lock(&mutex);
  *out = stats;
  out->live_allocations = n_allocations;
  out->live_streams = n_streams;
  out->live_events = live_events;
  pthread_mutex_unlock(&mutex);
}

void fake_cuda_fail_next(const char *function, int result) {
  pthread_mutex_lock(&mutex);
  snprintf(fail_function, sizeof fail_function, "%s", function);
  fail_result = result;
  pthread_mutex_unlock(&mutex);
}

int fake_cuda_context_depth(void) { return depth; }

/*===------------------------ Devices, contexts -----------------------===*/

CUresult cuInit(unsigned int flags) { return flags == 0 ? kSuccess : kInvalidValue; }

CUresult cuDeviceGetCount(int *count) {
  *count = kDevices;
  return kSuccess;
}

CUresult cuDeviceGet(int *device, int ordinal) {
  if (ordinal < 0 || ordinal >= kDevices)
    return 101; /* CUDA_ERROR_INVALID_DEVICE */
  *device = ordinal;
  return kSuccess;
}

CUresult cuDeviceGetAttribute(int *value, int attribute, int device) {
  if (device < 0 || device >= kDevices || (attribute != 75 && attribute != 76))
    return kInvalidValue;
  *value = kComputeCapability[device][attribute == 75 ? 0 : 1];
  return kSuccess;
}

CUresult cuDevicePrimaryCtxRetain(void **context, int device) {
  CUresult result = enter("cuDevicePrimaryCtxRetain", 0);
  if (result)
    return result;
  if (device < 0 || device >= kDevices)
    return leave(misuse("cuDevicePrimaryCtxRetain of device %d", device));
  ++contexts[device].retains;
  *context = &contexts[device];
  return leave(kSuccess);
}

CUresult cuCtxPushCurrent_v2(void *context) {
  CUresult result = enter("cuCtxPushCurrent_v2", 0);
  if (result)
    return result;
  fake_context *c = context;
  if (c < contexts || c >= contexts + kDevices || c->retains == 0 || depth == kMaxDepth)
    return leave(misuse("cuCtxPushCurrent_v2 of a context not retained"));
  stack[depth++] = c;
  return leave(kSuccess);
}

CUresult cuCtxPopCurrent_v2(void **context) {
  CUresult result = enter("cuCtxPopCurrent_v2", 0);
  if (result)
    return result;
  if (depth == 0)
    return leave(misuse("cuCtxPopCurrent_v2 without a push"));
  *context = stack[--depth];
  return leave(kSuccess);
}

/*===---------------------------- Modules -----------------------------===*/

/* The kernels of TestModelCuda.c, as the PTX there computes them. */
typedef struct fake_kernel {
  const char *name;
  int n_params; /* each 8 bytes: a pointer or an i64 */
  int (*check)(void **params); /* under the mutex: pointers in bounds */
  void (*run)(void **params, long long i);
} fake_kernel;

static int check_scale(void **params) {
  long long n = *(long long *)params[3];
  return inside(*(void **)params[0], (size_t)n * 4) && inside(*(void **)params[1], 16) &&
         inside(*(void **)params[2], (size_t)n * 4);
}

static void run_scale(void **params, long long i) {
  const float *x = *(const float **)params[0], *w = *(const float **)params[1];
  float *scaled = *(float **)params[2];
  if (i < *(long long *)params[3])
    scaled[i] = x[i] * w[i & 3];
}

static int check_finish(void **params) {
  long long n = *(long long *)params[5];
  return inside(*(void **)params[0], (size_t)n * 4) && inside(*(void **)params[1], 16) &&
         inside(*(void **)params[2], (size_t)n / 4 * 8) &&
         inside(*(void **)params[3], (size_t)n * 4) && inside(*(void **)params[4], (size_t)n);
}

static void run_finish(void **params, long long i) {
  const float *scaled = *(const float **)params[0], *b = *(const float **)params[1];
  const long long *shift = *(const long long **)params[2];
  float *y = *(float **)params[3];
  unsigned char *positive = *(unsigned char **)params[4];
  if (i < *(long long *)params[5]) {
    float sum = scaled[i] + b[i & 3];
    float v = sum + (float)shift[i >> 2];
    y[i] = v;
    positive[i] = v > 0.0f;
  }
}

/* The double's kernel-side index check (TestModelCuda.c): shift[0] and
 * shift[1] against the size, an outside one stored into the runtime's
 * pinned slot (or nowhere, when the runtime gave none). */
static int check_check(void **params) {
  void *slot = *(void **)params[1];
  return inside(*(void **)params[0], 16) && (!slot || pinned(slot, 16));
}

static void run_check(void **params, long long i) {
  const long long *shift = *(const long long **)params[0];
  long long *slot = *(long long **)params[1];
  unsigned long long size = *(unsigned long long *)params[2];
  if (i < 2 && slot && (unsigned long long)shift[i] >= size) {
    slot[0] = shift[i];
    slot[1] = 1;
  }
}

/* The runtime's own kernel (CudaIndexKernel.c): an index range, from
 * device memory into pinned host memory, which the device can address. */
static int check_index_range(void **params) {
  return pinned(*(void **)params[0], 16) && inside(*(void **)params[1], 8) &&
         inside(*(void **)params[2], 8);
}

static void run_index_range(void **params, long long i) {
  long long *pair = *(long long **)params[0];
  if (i == 0) {
    pair[0] = **(const long long **)params[1];
    pair[1] = **(const long long **)params[2];
  }
}

/* The runtime's scan (CudaIndexKernel.c): the smallest and largest of up
 * to 4-d strided i32 or i64 indices into the pinned pair. */
static long long scan_index(void **params, long long i) {
  long long offset = 0;
  for (int d = 3; d >= 0; --d) {
    long long n = *(long long *)params[3 + d];
    offset += i % n * *(long long *)params[7 + d];
    i /= n;
  }
  return offset * *(long long *)params[2];
}

static long long scan_count(void **params) {
  long long total = 1;
  for (int d = 0; d < 4; ++d)
    total *= *(long long *)params[3 + d];
  return total;
}

static int check_index_scan(void **params) {
  long long bytes = *(long long *)params[2], total = scan_count(params);
  if (!pinned(*(void **)params[0], 16) || (bytes != 4 && bytes != 8))
    return 0;
  const char *base = *(const char **)params[1];
  for (long long i = 0; i < total; ++i)
    if (!inside(base + scan_index(params, i), (size_t)bytes))
      return 0;
  return 1;
}

static void run_index_scan(void **params, long long i) {
  if (i != 0)
    return;
  long long *pair = *(long long **)params[0];
  const char *base = *(const char **)params[1];
  long long lowest = LLONG_MAX, highest = LLONG_MIN, total = scan_count(params);
  for (long long k = 0; k < total; ++k) {
    const char *p = base + scan_index(params, k);
    long long v = *(long long *)params[2] == 8 ? *(const long long *)p : *(const int *)p;
    lowest = v < lowest ? v : lowest;
    highest = v > highest ? v : highest;
  }
  pair[0] = lowest;
  pair[1] = highest;
}

static fake_kernel kernels[] = {{"pt2c_test_scale", 4, check_scale, run_scale},
                                {"pt2c_test_finish", 6, check_finish, run_finish},
                                {"pt2c_test_check", 3, check_check, run_check},
                                {"pt2crt_index_range", 3, check_index_range, run_index_range},
                                {"pt2crt_index_scan", 11, check_index_scan, run_index_scan}};
static fake_module modules[64];
static int n_modules;

CUresult cuModuleLoadData(void **module, const void *image) {
  CUresult result = enter("cuModuleLoadData", 1);
  if (result)
    return result;
  /* The test model's bundle holds PTX only, as does the runtime's module
   * of the index-check kernel. */
  if ((!strstr(image, ".entry pt2c_test_scale") && !strstr(image, ".entry pt2crt_index_range")) ||
      n_modules == 64)
    return leave(kInvalidPtx);
  modules[n_modules].device = stack[depth - 1]->device;
  *module = &modules[n_modules++];
  ++stats.module_loads;
  return leave(kSuccess);
}

CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  CUresult result = enter("cuModuleGetFunction", 1);
  if (result)
    return result;
  ++stats.function_lookups;
  fake_module *m = module;
  if (m < modules || m >= modules + n_modules)
    return leave(misuse("cuModuleGetFunction of an unknown module"));
  if (m->device != stack[depth - 1]->device)
    return leave(misuse("cuModuleGetFunction of a module of another device"));
  for (size_t i = 0; i < sizeof kernels / sizeof *kernels; ++i)
    if (strcmp(kernels[i].name, name) == 0) {
      *function = &kernels[i];
      return leave(kSuccess);
    }
  return leave(kNotFound);
}

/*===------------------------- Graphs (part 1) ------------------------===*/

enum { kMaxNodes = 64, kMaxCaptures = 64, kMaxParams = 12 };

/* A kernel launch as recorded: the parameters' values, copied; or (kernel
 * NULL) an external event record, or a copy into pinned host memory
 * (copy_to set). */
typedef struct fake_node {
  fake_kernel *kernel;
  void *event;
  void *copy_to;
  const void *copy_from;
  size_t copy_bytes;
  long long threads;
  long long values[kMaxParams];
} fake_node;

typedef struct fake_graph {
  int n_nodes;
  fake_node nodes[kMaxNodes];
} fake_graph;

/* Streams being captured, and the graph each is recording into. */
static struct {
  void *stream;
  fake_graph *graph;
} captures[kMaxCaptures];
static int n_captures;

/* Under the mutex: the graph `stream` is recording into, or NULL. */
static fake_graph *capturing(void *stream) {
  for (int i = 0; i < n_captures; ++i)
    if (captures[i].stream == stream)
      return captures[i].graph;
  return NULL;
}

/* Under the mutex: runs one kernel over `threads` threads, if its pointers
 * are in bounds. */
static CUresult run_kernel(fake_kernel *kernel, void **params, long long threads,
                           void *stream) {
  if (!kernel->check(params))
    return misuse("cuLaunchKernel of %s with a pointer outside device memory",
                  kernel->name);
  for (long long i = 0; i < threads; ++i)
    kernel->run(params, i);
  ++stats.launches;
  stats.last_stream = stream;
  return kSuccess;
}

CUresult cuLaunchKernel(void *function, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned shared, void *stream,
                        void **params, void **extra) {
  CUresult result = enter("cuLaunchKernel", 1);
  if (result)
    return result;
  fake_kernel *kernel = function;
  if (kernel < kernels || kernel >= kernels + sizeof kernels / sizeof *kernels)
    return leave(misuse("cuLaunchKernel of an unknown function"));
  if (!known_stream(stream))
    return leave(misuse("cuLaunchKernel on unknown stream %p", stream));
  if (gx == 0 || gy == 0 || gz == 0 || bx == 0 || by == 0 || bz == 0 || extra || !params)
    return leave(misuse("cuLaunchKernel of %s with grid %u block %u", kernel->name, gx, bx));
  long long threads = (long long)gx * gy * gz * bx * by * bz;
  (void)shared;
  fake_graph *graph = capturing(stream);
  if (!graph)
    return leave(run_kernel(kernel, params, threads, stream));
  /* Captured: checked now (the addresses are baked in), run at launch. */
  if (!kernel->check(params))
    return leave(misuse("captured cuLaunchKernel of %s with a pointer outside device "
                        "memory",
                        kernel->name));
  if (graph->n_nodes == kMaxNodes)
    return leave(kOutOfMemory);
  fake_node *node = &graph->nodes[graph->n_nodes++];
  node->kernel = kernel;
  node->event = NULL;
  node->threads = threads;
  for (int i = 0; i < kernel->n_params; ++i)
    memcpy(&node->values[i], params[i], sizeof node->values[i]);
  ++stats.captured_launches;
  return leave(kSuccess);
}

/*===---------------------------- Memory ------------------------------===*/

CUresult cuMemAlloc_v2(CUdeviceptr *ptr, size_t size) {
  CUresult result = enter("cuMemAlloc_v2", 1);
  if (result)
    return result;
  if (size == 0)
    return leave(kInvalidValue); /* as the driver */
  if (n_allocations == kMaxAllocations)
    return leave(kOutOfMemory);
  char *base = aligned_alloc(256, (size + 255) / 256 * 256);
  if (!base)
    return leave(kOutOfMemory);
  allocations[n_allocations++] = (fake_allocation){base, size};
  ++stats.allocations;
  *ptr = (CUdeviceptr)(uintptr_t)base;
  return leave(kSuccess);
}

CUresult cuMemFree_v2(CUdeviceptr ptr) {
  CUresult result = enter("cuMemFree_v2", 1);
  if (result)
    return result;
  for (int i = 0; i < n_allocations; ++i)
    if (allocations[i].base == (char *)(uintptr_t)ptr) {
      free(allocations[i].base);
      allocations[i] = allocations[--n_allocations];
      return leave(kSuccess);
    }
  return leave(misuse("cuMemFree_v2 of %p, not an allocation", (void *)(uintptr_t)ptr));
}

CUresult cuMemAllocHost_v2(void **ptr, size_t size) {
  CUresult result = enter("cuMemAllocHost_v2", 1);
  if (result)
    return result;
  if (size == 0)
    return leave(kInvalidValue);
  if (n_pinned == kMaxPinned)
    return leave(kOutOfMemory);
  char *base = aligned_alloc(64, (size + 63) / 64 * 64);
  if (!base)
    return leave(kOutOfMemory);
  pinned_blocks[n_pinned++] = (fake_allocation){base, size};
  ++stats.live_pinned;
  *ptr = base;
  return leave(kSuccess);
}

CUresult cuMemFreeHost(void *ptr) {
  CUresult result = enter("cuMemFreeHost", 1);
  if (result)
    return result;
  for (int i = 0; i < n_pinned; ++i)
    if (pinned_blocks[i].base == ptr) {
      free(pinned_blocks[i].base);
      pinned_blocks[i] = pinned_blocks[--n_pinned];
      --stats.live_pinned;
      return leave(kSuccess);
    }
  return leave(misuse("cuMemFreeHost of %p, not pinned memory", ptr));
}

static CUresult copy(const char *function, void *to, const void *from, size_t bytes,
                     const void *device, void *stream, int async) {
  CUresult result = enter(function, 1);
  if (result)
    return result;
  if (!inside(device, bytes))
    return leave(misuse("%s of %zu bytes outside device memory", function, bytes));
  if (async && !known_stream(stream))
    return leave(misuse("%s on unknown stream %p", function, stream));
  fake_graph *graph = async ? capturing(stream) : NULL;
  if (graph) {
    /* The real driver captures a copy into pinned memory only (a pageable
     * one fails the capture); the runtime captures none but the index
     * checks' (CudaIndexChecks.h). */
    if (!pinned(to, bytes))
      return leave(misuse("%s on a stream being captured, not into pinned memory", function));
    if (graph->n_nodes == kMaxNodes)
      return leave(kOutOfMemory);
    fake_node *node = &graph->nodes[graph->n_nodes++];
    memset(node, 0, sizeof *node);
    node->copy_to = to;
    node->copy_from = from;
    node->copy_bytes = bytes;
    return leave(kSuccess);
  }
  memcpy(to, from, bytes);
  return leave(kSuccess);
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr to, const void *from, size_t bytes) {
  void *device = (void *)(uintptr_t)to;
  return copy("cuMemcpyHtoD_v2", device, from, bytes, device, NULL, 0);
}

CUresult cuMemcpyDtoH_v2(void *to, CUdeviceptr from, size_t bytes) {
  void *device = (void *)(uintptr_t)from;
  return copy("cuMemcpyDtoH_v2", to, device, bytes, device, NULL, 0);
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr to, const void *from, size_t bytes,
                              void *stream) {
  void *device = (void *)(uintptr_t)to;
  return copy("cuMemcpyHtoDAsync_v2", device, from, bytes, device, stream, 1);
}

CUresult cuMemcpyDtoHAsync_v2(void *to, CUdeviceptr from, size_t bytes, void *stream) {
  void *device = (void *)(uintptr_t)from;
  return copy("cuMemcpyDtoHAsync_v2", to, device, bytes, device, stream, 1);
}

/*===---------------------------- Streams -----------------------------===*/

CUresult cuStreamCreate(void **stream, unsigned int flags) {
  CUresult result = enter("cuStreamCreate", 1);
  if (result)
    return result;
  if (n_streams == kMaxStreams)
    return leave(kOutOfMemory);
  streams[n_streams++] = *stream = malloc(1);
  (void)flags;
  return leave(kSuccess);
}

CUresult cuStreamDestroy_v2(void *stream) {
  CUresult result = enter("cuStreamDestroy_v2", 1);
  if (result)
    return result;
  for (int i = 0; i < n_streams; ++i)
    if (streams[i] == stream) {
      free(stream);
      streams[i] = streams[--n_streams];
      return leave(kSuccess);
    }
  return leave(misuse("cuStreamDestroy_v2 of unknown stream %p", stream));
}

CUresult cuStreamSynchronize(void *stream) {
  CUresult result = enter("cuStreamSynchronize", 1);
  if (result)
    return result;
  if (capturing(stream))
    return leave(misuse("cuStreamSynchronize of a stream being captured"));
  if (!known_stream(stream))
    return leave(misuse("cuStreamSynchronize of unknown stream %p", stream));
  ++stats.synchronizes;
  return leave(kSuccess);
}

/*===------------------------------ Events ----------------------------===*/

/* Kernels run when launched, so an event's time is the host's clock when
 * it is recorded. */
typedef struct fake_event {
  double ms;
  int recorded;
} fake_event;


CUresult cuEventCreate(void **event, unsigned int flags) {
  CUresult result = enter("cuEventCreate", 1);
  if (result)
    return result;
  if (flags != 0)
    return leave(misuse("cuEventCreate with flags %u", flags));
  *event = calloc(1, sizeof(fake_event));
  ++live_events;
  return leave(*event ? kSuccess : kOutOfMemory);
}

/* Under the mutex. */
static void record_event(void *event) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  fake_event *e = event;
  e->ms = (double)now.tv_sec * 1e3 + (double)now.tv_nsec * 1e-6;
  e->recorded = 1;
  ++stats.event_records;
}

CUresult cuEventRecord(void *event, void *stream) {
  CUresult result = enter("cuEventRecord", 1);
  if (result)
    return result;
  if (!known_stream(stream))
    return leave(misuse("cuEventRecord on unknown stream %p", stream));
  /* In a capture a plain record only orders streams: never what pt2c wants. */
  if (capturing(stream))
    return leave(misuse("cuEventRecord on a stream being captured"));
  record_event(event);
  return leave(kSuccess);
}

/* CU_EVENT_RECORD_EXTERNAL (1) on a stream being captured: an event-record
 * node, timed when the graph runs. */
CUresult cuEventRecordWithFlags(void *event, void *stream, unsigned int flags) {
  CUresult result = enter("cuEventRecordWithFlags", 1);
  if (result)
    return result;
  if (!known_stream(stream))
    return leave(misuse("cuEventRecordWithFlags on unknown stream %p", stream));
  fake_graph *graph = capturing(stream);
  if (!graph) {
    record_event(event);
    return leave(kSuccess);
  }
  if (flags != 1)
    return leave(misuse("cuEventRecordWithFlags(%u) on a stream being captured", flags));
  if (graph->n_nodes == kMaxNodes)
    return leave(kOutOfMemory);
  fake_node *node = &graph->nodes[graph->n_nodes++];
  memset(node, 0, sizeof *node);
  node->event = event;
  return leave(kSuccess);
}

/* Kernels run when launched: a recorded event is always complete. */
CUresult cuEventSynchronize(void *event) {
  CUresult result = enter("cuEventSynchronize", 1);
  if (result)
    return result;
  if (!event)
    return leave(misuse("cuEventSynchronize of NULL"));
  ++stats.event_waits;
  return leave(kSuccess);
}

CUresult cuEventElapsedTime_v2(float *ms, void *start, void *end) {
  CUresult result = enter("cuEventElapsedTime_v2", 1);
  if (result)
    return result;
  const fake_event *a = start, *b = end;
  if (!a->recorded || !b->recorded)
    return leave(misuse("cuEventElapsedTime_v2 of an event never recorded"));
  *ms = (float)(b->ms - a->ms);
  return leave(kSuccess);
}

CUresult cuEventDestroy_v2(void *event) {
  CUresult result = enter("cuEventDestroy_v2", 1);
  if (result)
    return result;
  free(event);
  --live_events;
  return leave(kSuccess);
}

/*===------------------------- Graphs (part 2) ------------------------===*/

CUresult cuStreamBeginCapture_v2(void *stream, int mode) {
  CUresult result = enter("cuStreamBeginCapture_v2", 1);
  if (result)
    return result;
  if (!known_stream(stream) || capturing(stream) || mode < 0 || mode > 2)
    return leave(misuse("cuStreamBeginCapture_v2 of stream %p, mode %d", stream, mode));
  fake_graph *graph = calloc(1, sizeof *graph);
  if (!graph || n_captures == kMaxCaptures) {
    free(graph);
    return leave(kOutOfMemory);
  }
  captures[n_captures].stream = stream;
  captures[n_captures++].graph = graph;
  return leave(kSuccess);
}

CUresult cuStreamEndCapture(void *stream, void **out_graph) {
  CUresult result = enter("cuStreamEndCapture", 1);
  if (result) {
    /* An injected failure still ends the capture, as the driver's would
     * (an invalidated capture ends with an error and no graph). */
    pthread_mutex_lock(&mutex);
    for (int i = 0; i < n_captures; ++i)
      if (captures[i].stream == stream) {
        free(captures[i].graph);
        captures[i] = captures[--n_captures];
      }
    pthread_mutex_unlock(&mutex);
    *out_graph = NULL;
    return result;
  }
  for (int i = 0; i < n_captures; ++i)
    if (captures[i].stream == stream) {
      *out_graph = captures[i].graph;
      captures[i] = captures[--n_captures];
      ++stats.captures;
      ++stats.live_graphs;
      return leave(kSuccess);
    }
  return leave(misuse("cuStreamEndCapture of a stream not being captured"));
}

CUresult cuGraphInstantiateWithFlags(void **exec, void *graph, unsigned long long flags) {
  CUresult result = enter("cuGraphInstantiateWithFlags", 1);
  if (result)
    return result;
  fake_graph *copy = malloc(sizeof *copy);
  if (!graph || flags != 0 || !copy) {
    free(copy);
    return leave(graph ? kOutOfMemory : misuse("cuGraphInstantiateWithFlags of NULL"));
  }
  memcpy(copy, graph, sizeof *copy);
  ++stats.live_graphs;
  *exec = copy;
  return leave(kSuccess);
}

CUresult cuGraphLaunch(void *exec, void *stream) {
  CUresult result = enter("cuGraphLaunch", 1);
  if (result)
    return result;
  if (!known_stream(stream) || capturing(stream))
    return leave(misuse("cuGraphLaunch on stream %p", stream));
  fake_graph *graph = exec;
  for (int i = 0; i < graph->n_nodes; ++i) {
    fake_node *node = &graph->nodes[i];
    if (node->copy_to) {
      memcpy(node->copy_to, node->copy_from, node->copy_bytes);
      continue;
    }
    if (!node->kernel) {
      record_event(node->event);
      continue;
    }
    void *params[kMaxParams];
    for (int p = 0; p < node->kernel->n_params; ++p)
      params[p] = &node->values[p];
    if ((result = run_kernel(node->kernel, params, node->threads, stream)))
      return leave(result);
  }
  ++stats.graph_launches;
  return leave(kSuccess);
}

static CUresult destroy_graph(const char *function, void *graph) {
  CUresult result = enter(function, 0);
  if (result)
    return result;
  if (!graph)
    return leave(misuse("%s of NULL", function));
  free(graph);
  --stats.live_graphs;
  return leave(kSuccess);
}

CUresult cuGraphExecDestroy(void *exec) { return destroy_graph("cuGraphExecDestroy", exec); }

CUresult cuGraphDestroy(void *graph) { return destroy_graph("cuGraphDestroy", graph); }

/*===---------------------------- Errors ------------------------------===*/

static const struct {
  CUresult code;
  const char *name, *text;
} kErrors[] = {
    {kSuccess, "CUDA_SUCCESS", "no error"},
    {kInvalidValue, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {kOutOfMemory, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {kInvalidContext, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {kInvalidPtx, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
    {kInvalidHandle, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {kNotFound, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {kIllegalAddress, "CUDA_ERROR_ILLEGAL_ADDRESS", "an illegal memory access was encountered"},
    {kLaunchFailed, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
};

CUresult cuGetErrorName(CUresult error, const char **name) {
  for (size_t i = 0; i < sizeof kErrors / sizeof *kErrors; ++i)
    if (kErrors[i].code == error) {
      *name = kErrors[i].name;
      return kSuccess;
    }
  *name = NULL;
  return kInvalidValue;
}

CUresult cuGetErrorString(CUresult error, const char **text) {
  for (size_t i = 0; i < sizeof kErrors / sizeof *kErrors; ++i)
    if (kErrors[i].code == error) {
      *text = kErrors[i].text;
      return kSuccess;
    }
  *text = NULL;
  return kInvalidValue;
}
