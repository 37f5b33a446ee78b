/*===- TestModelDataDependent.c - A stand-in for a model with nonzero -----===*
 *
 * What pt2c generates for a program whose outputs have a data-dependent
 * size, written by hand (model_abi.h, pt2c_symbol_desc):
 *
 *   inputs:  x          float32[s0]      s0 in [1, 16]
 *   outputs: positives  float32[u0]      the elements > 0, in order
 *            where      int64[u0, 1]     their indices (torch.nonzero)
 *            doubled    float32[s0]      2 * x
 *   u0 in [0, 16]: computed by the run, outputs allocated for 16.
 *
 * Like the generated code, run() writes each data-dependent output flat
 * and compact from the start of its buffer and stores u0 in its symbol
 * slot. An x[0] of PT2C_TEST_BAD_COUNT makes it report a u0 of 17, past
 * the range (a compiler bug the runtime must catch). Built again with
 * PT2C_TEST_UNBOUNDED (u0 without a finite maximum: create refuses it).
 *===----------------------------------------------------------------------===*/

#include "pt2c/model_abi.h"

#include <stdint.h>

#define PT2C_TEST_BAD_COUNT (-999.0f)

enum { kMaxRows = 16 };

static const pt2c_dim_desc kXDims[] = {{-1, 0}};
static const pt2c_dim_desc kPositivesDims[] = {{-1, 1}};
static const pt2c_dim_desc kWhereDims[] = {{-1, 1}, {1, -1}};

static const pt2c_tensor_desc kInputs[] = {{"x", {2, 32}, 1, kXDims}};
static const pt2c_tensor_desc kOutputs[] = {
    {"positives", {2, 32}, 1, kPositivesDims},
    {"where", {0, 64}, 2, kWhereDims},
    {"doubled", {2, 32}, 1, kXDims},
};
#ifdef PT2C_TEST_UNBOUNDED
static const pt2c_symbol_desc kSymbols[] = {{"s0", 1, kMaxRows, 0}, {"u0", 0, INT64_MAX, 1}};
#else
static const pt2c_symbol_desc kSymbols[] = {{"s0", 1, kMaxRows, 0}, {"u0", 0, kMaxRows, 1}};
#endif

static void output_dims(const int64_t *symbols, int64_t *dims) {
  dims[0] = symbols[1];
  dims[1] = symbols[1];
  dims[2] = 1;
  dims[3] = symbols[0];
}

static uint64_t arena_bytes(const int64_t *symbols) {
  (void)symbols;
  return 0;
}

static int32_t run(const pt2c_run_args *args) {
  const float *x = args->inputs[0];
  float *positives = args->outputs[0];
  int64_t *where = args->outputs[1];
  float *doubled = args->outputs[2];
  int64_t n = args->symbols[0], count = 0;
  for (int64_t i = 0; i < n; ++i) {
    doubled[i] = 2.0f * x[i];
    if (x[i] > 0.0f) {
      positives[count] = x[i];
      where[count] = i;
      ++count;
    }
  }
  args->symbols[1] = x[0] == PT2C_TEST_BAD_COUNT ? kMaxRows + 1 : count;
  return 0;
}

const pt2c_model_desc pt2c_model_descriptor = {
    .abi_version = PT2C_MODEL_ABI_VERSION,
    .model_name = "data_dependent_double",
    .compile_options = "",
    .n_inputs = 1,
    .inputs = kInputs,
    .n_outputs = 3,
    .outputs = kOutputs,
    .n_symbols = 2,
    .symbols = kSymbols,
    .n_weights = 0,
    .weights = 0,
    .weights_blob = 0,
    .weights_bytes = 0,
    .output_dims = output_dims,
    .arena_bytes = arena_bytes,
    .run = run,
};
