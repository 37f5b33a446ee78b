/*===- TestModel.c - A hand-written stand-in for a compiled model --------===*
 *
 * What pt2c will generate for a tiny program, written by hand so the
 * runtime can be tested before the compiler emits code:
 *
 *   inputs:  x     float32[s0, 4]   s0 in [1, 64]
 *            shift int64[s0]
 *   weights: w = {0.5, -1, 2, 0.25} at offset 0, b = {1, 0, -0.5, 3} at 64
 *   outputs: y        float32[s0, 4] = x * w + b + shift[:, None]
 *            positive bool[s0, 4]    = y > 0
 *
 * x * w goes through the arena (so concurrent runs sharing one would show)
 * and both loops through parallel_for. A shift[0] of PT2C_TEST_FAIL_SHIFT
 * makes run() fail with PT2C_DEVICE_ERROR, to test how failures propagate;
 * one of PT2C_TEST_BAD_INDEX_SHIFT is reported as an index out of range
 * the way compiled code reports one (pt2crt_index_out_of_range, then the
 * run goes on to its end).
 * Built several times: as is, with PT2C_TEST_EXTERNAL_WEIGHTS (no embedded
 * blob: where the weights are in a .pt2 instead; also combined with
 * PT2C_TEST_GPU), with PT2C_TEST_ABI_VERSION (a descriptor of another version), with
 * PT2C_TEST_CUDA_ONLY (run_cuda instead of run, no kernels: only create's
 * checks are reached) and with PT2C_TEST_GPU (run and TestModelCuda.c's
 * run_cuda, like --target cpu,cuda).
 *===----------------------------------------------------------------------===*/

#include "pt2c/model_abi.h"

#include <stdint.h>

#define PT2C_TEST_FAIL_SHIFT (-12345)
#define PT2C_TEST_BAD_INDEX_SHIFT (-54321)

#ifndef PT2C_TEST_ABI_VERSION
#define PT2C_TEST_ABI_VERSION PT2C_MODEL_ABI_VERSION
#endif

enum { kCols = 4 };

static const pt2c_dim_desc kXDims[] = {{-1, 0}, {kCols, -1}};
static const pt2c_dim_desc kShiftDims[] = {{-1, 0}};
static const pt2c_dim_desc kYDims[] = {{-1, 0}, {kCols, -1}};

static const pt2c_tensor_desc kInputs[] = {
    {"x", {2, 32}, 2, kXDims},
    {"shift", {0, 64}, 1, kShiftDims},
};
static const pt2c_tensor_desc kOutputs[] = {
    {"y", {2, 32}, 2, kYDims},
    {"positive", {6, 8}, 2, kYDims},
};
static const pt2c_symbol_desc kSymbols[] = {{"s0", 1, 64}};
static const pt2c_weight_desc kWeights[] = {
    {"w", 0, kCols * sizeof(float)},
    {"b", 64, kCols * sizeof(float)},
};

/* The blob as the packager lays it out: 64-byte aligned weights. */
enum { kBlobBytes = 32 * sizeof(float) };
#ifndef PT2C_TEST_EXTERNAL_WEIGHTS
static _Alignas(64) const float kBlob[32] = {
    0.5f, -1.0f, 2.0f,  0.25f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1.0f, 0.0f,  -0.5f, 3.0f,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};
#else
/* --weights external, as if compiled from test_double.pt2 where
 *   data/weights/weight_0 = w, 16 bytes (recorded exactly: size, CRC-32
 *     0x1f7ba8ab = Python's zlib.crc32(struct.pack('<4f', 0.5, -1, 2, 0.25)));
 *   data/weights/weight_1 = {9, 1, -0.5, 0, 3}, of which b is the view
 *     sizes [2, 2], strides [1, 2], storage_offset 1 (a transposed one:
 *     row-major 1, 0, -0.5, 3), with only its size known (as from a
 *     graph-only archive): at least 5 floats.
 * ExternalWeightsTest.cpp writes archives like that. */
static const int64_t kWSizes[] = {4}, kWStrides[] = {1};
static const int64_t kBSizes[] = {2, 2}, kBStrides[] = {1, 2};
static const pt2c_archive_entry_desc kEntries[] = {
    {"data/weights/weight_0", 16, 16, 0x1f7ba8abu, 1},
    {"data/weights/weight_1", 20, 0, 0, 0},
};
static const pt2c_weight_source kSources[] = {
    {0, 1, kWSizes, kWStrides, 0, 4},
    {1, 2, kBSizes, kBStrides, 1, 4},
};
static const pt2c_external_weights_desc kExternal = {"test_double.pt2", 2,
                                                     kEntries, kSources, 0, NULL};
#endif

static void output_dims(const int64_t *symbols, int64_t *dims) {
  dims[0] = symbols[0];
  dims[1] = kCols;
  dims[2] = symbols[0];
  dims[3] = kCols;
}

static uint64_t arena_bytes(const int64_t *symbols) {
  return (uint64_t)symbols[0] * kCols * sizeof(float);
}

typedef struct rows {
  const float *x;
  const int64_t *shift;
  const float *w;
  const float *b;
  float *scaled; /* in the arena */
  float *y;
  uint8_t *positive;
} rows;

static void scale_rows(void *opaque, int64_t begin, int64_t end) {
  rows *r = opaque;
  for (int64_t i = begin; i < end; ++i)
    for (int j = 0; j < kCols; ++j)
      r->scaled[i * kCols + j] = r->x[i * kCols + j] * r->w[j];
}

static void finish_rows(void *opaque, int64_t begin, int64_t end) {
  rows *r = opaque;
  for (int64_t i = begin; i < end; ++i)
    for (int j = 0; j < kCols; ++j) {
      float y = r->scaled[i * kCols + j] + r->b[j] + (float)r->shift[i];
      r->y[i * kCols + j] = y;
      r->positive[i * kCols + j] = y > 0.0f;
    }
}

/* The runtime's profiler hooks (runtime/src/Profile.h), bracketing each
 * piece of work as pt2c-profile-points does in generated code, with its
 * table of names. */
void pt2crt_profile_begin(const char *table, int32_t id);
void pt2crt_profile_end(const char *table, int32_t id);
void pt2crt_index_out_of_range(int64_t lowest, int64_t highest, int64_t size, const char *site);
static const char kProfileTable[] = "parallel elementwise: mul_1 @ double.py:3\0"
                                    "parallel elementwise: add_2, gt_3 @ double.py:4\0";

static int32_t run(const pt2c_run_args *args) {
  int64_t n = args->symbols[0];
  rows r;
  r.x = args->inputs[0];
  r.shift = args->inputs[1];
  r.w = (const float *)(args->weights + kWeights[0].offset);
  r.b = (const float *)(args->weights + kWeights[1].offset);
  r.scaled = (float *)args->arena;
  r.y = args->outputs[0];
  r.positive = args->outputs[1];
  if (r.shift[0] == PT2C_TEST_FAIL_SHIFT)
    return 5; /* PT2C_DEVICE_ERROR */
  if (r.shift[0] == PT2C_TEST_BAD_INDEX_SHIFT) /* reported twice: the first one counts */
    for (int i = 0; i < 2; ++i)
      pt2crt_index_out_of_range(PT2C_TEST_BAD_INDEX_SHIFT, 7 + i, 10,
                                "input 'shift' at embedding @ double.py:2");
  pt2crt_profile_begin(kProfileTable, 0);
  args->parallel_for(args->pool, n, 1, scale_rows, &r);
  pt2crt_profile_end(kProfileTable, 0);
  pt2crt_profile_begin(kProfileTable, 1);
  args->parallel_for(args->pool, n, 1, finish_rows, &r);
  pt2crt_profile_end(kProfileTable, 1);
  return 0;
}

/* What pt2c records (pt2c.h, "Provenance"), in short. */
static const pt2c_metadata_desc kMetadata[] = {
    {"pt2c.version", "0.0.0-test"},
    {"owner", "team=vision"},
};

#ifdef PT2C_TEST_GPU
__attribute__((visibility("hidden"))) int32_t pt2c_test_run_cuda(const pt2c_run_args *args);
#endif

__attribute__((visibility("hidden")))
const pt2c_model_desc pt2c_model_descriptor = {
    PT2C_TEST_ABI_VERSION,
    "test_double",
    "--test-double",
    2,
    kInputs,
    2,
    kOutputs,
    1,
    kSymbols,
    2,
    kWeights,
#ifdef PT2C_TEST_EXTERNAL_WEIGHTS
    0,
#else
    (const uint8_t *)kBlob,
#endif
    kBlobBytes,
    output_dims,
    arena_bytes,
#if defined(PT2C_TEST_CUDA_ONLY)
    /* A stand-in for a --target cuda model: only create's checks and the
     * driver loading are reached without a GPU. */
    NULL,
    run,
#elif defined(PT2C_TEST_GPU)
    run,
    pt2c_test_run_cuda,
#else
    run,
    NULL,
#endif
#ifdef PT2C_TEST_EXTERNAL_WEIGHTS
    &kExternal,
#else
    NULL,
#endif
    0,
    NULL,
    2,
    kMetadata,
};
