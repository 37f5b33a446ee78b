/*===- CudaGemm.c - pt2crt_cuda_gemm: C += A·B through cuBLASLt ----------===*
 *
 * Each problem is written as a column-major D = op(P)·op(Q) + D
 * (GemmLayout.h); a layout that fits none (an operand without a
 * contiguous dimension) is declined and pt2c's own kernel runs instead.
 *
 * Float32 runs with CUBLAS_COMPUTE_32F, i.e. without TF32 (unless the
 * compiler passed PT2CRT_GEMM_ALLOW_TF32: --allow-tf32), so results stay
 * within float32's error of a plain sum; f16/bf16 inputs accumulate in
 * float32 and write float32, as pt2c's CPU code does, or their own type
 * when the compiler fused the rounding (PT2CRT_GEMM_NARROW_OUTPUT).
 *===----------------------------------------------------------------------===*/

#include "CudaGemm.h"
#include "CublasLt.h"
#include "CudaLibraries.h"
#include "CudaWorkspace.h"
#include "CudaState.h"
#include "PlanCache.h"
#include "GemmLayout.h"

#include <stdlib.h>
#include <string.h>

#define PT2CRT_HIDDEN __attribute__((visibility("hidden")))

enum { KEY_FIELDS = 19 };

typedef struct pt2crt_gemm_plan {
  int usable; /* 0: the heuristic found no algorithm; declined */
  cublasLtMatmulDesc_t desc;
  cublasLtMatrixLayout_t p, q, d;
  cublasLtMatmulAlgo_t algo;
} pt2crt_gemm_plan;

struct pt2crt_gemm_state {
  const pt2crt_cublaslt *lt;
  cublasLtHandle_t handle;
  int broken; /* cublasLtCreate failed: every call declines */
  CUdeviceptr workspace; /* the context's (CudaLibraries.h) */
  size_t workspace_bytes;
  pt2crt_plan_cache plans; /* pt2crt_gemm_plan, by the key in pt2crt_cuda_gemm */
};

/* The largest power of two dividing `address`, at most 256 (what the
 * heuristic may assume about a pointer). */
static int64_t alignment_of(int64_t address) {
  int64_t alignment = 1;
  while (alignment < 256 && address % (alignment * 2) == 0)
    alignment *= 2;
  return alignment;
}

static void destroy_plan(const pt2crt_cublaslt *lt, pt2crt_gemm_plan *plan) {
  if (plan->desc)
    lt->cublasLtMatmulDescDestroy(plan->desc);
  if (plan->p)
    lt->cublasLtMatrixLayoutDestroy(plan->p);
  if (plan->q)
    lt->cublasLtMatrixLayoutDestroy(plan->q);
  if (plan->d)
    lt->cublasLtMatrixLayoutDestroy(plan->d);
  memset(plan, 0, sizeof *plan);
}

static void release_plan(const void *library, void *plan) {
  destroy_plan((const pt2crt_cublaslt *)library, (pt2crt_gemm_plan *)plan);
}

void pt2crt_gemm_state_destroy(struct pt2crt_gemm_state *state) {
  if (!state)
    return;
  pt2crt_plan_cache_destroy(&state->plans);
  if (state->handle)
    state->lt->cublasLtDestroy(state->handle);
  free(state);
}

/* The context's state, made on its first matmul; NULL: decline. */
static struct pt2crt_gemm_state *state_for(pt2crt_cuda_run *run,
                                           const pt2crt_cublaslt *lt) {
  struct pt2crt_gemm_state *state = run->libraries->gemm;
  if (!state) {
    state = calloc(1, sizeof *state);
    if (!state)
      return NULL;
    state->lt = lt;
    if (!pt2crt_plan_cache_init(&state->plans, KEY_FIELDS, sizeof(pt2crt_gemm_plan),
                                release_plan, lt)) {
      free(state);
      return NULL;
    }
    if (lt->cublasLtCreate(&state->handle) != PT2CRT_CUBLAS_STATUS_SUCCESS) {
      state->handle = NULL;
      state->broken = 1;
    }
    if (!state->broken)
      pt2crt_cuda_workspace_get(&run->libraries->workspace, run->driver, &state->workspace,
                                &state->workspace_bytes);
    run->libraries->gemm = state;
  }
  return state->broken ? NULL : state;
}

static int set_batch(const pt2crt_cublaslt *lt, cublasLtMatrixLayout_t layout,
                     int32_t count, int64_t stride) {
  return lt->cublasLtMatrixLayoutSetAttribute(
             layout, PT2CRT_CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count,
             sizeof count) == PT2CRT_CUBLAS_STATUS_SUCCESS &&
         lt->cublasLtMatrixLayoutSetAttribute(
             layout, PT2CRT_CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride,
             sizeof stride) == PT2CRT_CUBLAS_STATUS_SUCCESS;
}

/* Fills the zeroed `plan` for a problem: its descriptors, and the
 * algorithm the heuristic picks (none: plan->usable stays 0). Returns 0
 * when a descriptor cannot be made. */
static int make_plan(struct pt2crt_gemm_state *state, int compute_type, int input_type,
                     int output_type, int32_t batch,
                     const pt2crt_stored_matrix *p,
                     const pt2crt_stored_matrix *q, const pt2crt_stored_matrix *d,
                     const int64_t batch_strides[3], const int64_t alignments[3],
                     uint32_t epilogue, int64_t bias, pt2crt_gemm_plan *plan) {
  const pt2crt_cublaslt *lt = state->lt;
  if (lt->cublasLtMatmulDescCreate(&plan->desc, compute_type,
                                   PT2CRT_CUDA_R_32F) != PT2CRT_CUBLAS_STATUS_SUCCESS) {
    plan->desc = NULL;
    return 0;
  }
  int ok =
      lt->cublasLtMatmulDescSetAttribute(plan->desc, PT2CRT_CUBLASLT_MATMUL_DESC_TRANSA,
                                         &p->op, sizeof p->op) == 0 &&
      lt->cublasLtMatmulDescSetAttribute(plan->desc, PT2CRT_CUBLASLT_MATMUL_DESC_TRANSB,
                                         &q->op, sizeof q->op) == 0;
  /* The bias pointer is set again before each call; the heuristic reads
   * this one's alignment, the same as every call's (it is in the key). */
  const void *bias_pointer = (const void *)(uintptr_t)bias;
  if (ok && epilogue)
    ok = lt->cublasLtMatmulDescSetAttribute(plan->desc, PT2CRT_CUBLASLT_MATMUL_DESC_EPILOGUE,
                                            &epilogue, sizeof epilogue) == 0;
  if (ok && (epilogue & PT2CRT_CUBLASLT_EPILOGUE_HAS_BIAS))
    ok = lt->cublasLtMatmulDescSetAttribute(plan->desc,
                                            PT2CRT_CUBLASLT_MATMUL_DESC_BIAS_POINTER,
                                            &bias_pointer, sizeof bias_pointer) == 0;
  const pt2crt_stored_matrix *matrices[3] = {p, q, d};
  cublasLtMatrixLayout_t *layouts[3] = {&plan->p, &plan->q, &plan->d};
  for (int i = 0; i < 3 && ok; ++i) {
    int type = i < 2 ? input_type : output_type;
    ok = lt->cublasLtMatrixLayoutCreate(layouts[i], type, matrices[i]->rows,
                                        matrices[i]->cols, matrices[i]->ld) == 0;
    if (!ok)
      *layouts[i] = NULL;
    else if (batch > 1)
      ok = set_batch(lt, *layouts[i], batch, batch_strides[i]);
  }
  cublasLtMatmulPreference_t preference = NULL;
  ok = ok && lt->cublasLtMatmulPreferenceCreate(&preference) == 0;
  if (!ok) {
    preference = NULL;
    return 0;
  }
  uint64_t workspace = state->workspace_bytes;
  ok = lt->cublasLtMatmulPreferenceSetAttribute(
           preference, PT2CRT_CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace,
           sizeof workspace) == 0;
  /* A, B, C and D in attribute order; C is D. */
  for (int i = 0; i < 4 && ok; ++i) {
    uint32_t alignment = (uint32_t)alignments[i < 3 ? i : 2];
    ok = lt->cublasLtMatmulPreferenceSetAttribute(
             preference, PT2CRT_CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES + i,
             &alignment, sizeof alignment) == 0;
  }
  cublasLtMatmulHeuristicResult_t result;
  int found = 0;
  if (ok && lt->cublasLtMatmulAlgoGetHeuristic(state->handle, plan->desc, plan->p, plan->q,
                                               plan->d, plan->d, preference, 1, &result,
                                               &found) == 0 &&
      found > 0 && result.state == PT2CRT_CUBLAS_STATUS_SUCCESS) {
    plan->algo = result.algo;
    plan->usable = 1;
  }
  lt->cublasLtMatmulPreferenceDestroy(preference);
  return 1;
}

/* The plan for `key`, made when new; NULL when none can be made. The
 * other arguments are what the key's fields were computed from. */
static pt2crt_gemm_plan *plan_for(struct pt2crt_gemm_state *state, const int64_t *key,
                                  int compute_type, int input_type, int output_type,
                                  int32_t batch,
                                  const pt2crt_stored_matrix *p,
                                  const pt2crt_stored_matrix *q, const pt2crt_stored_matrix *d,
                                  const int64_t batch_strides[3],
                                  const int64_t alignments[3], uint32_t epilogue,
                                  int64_t bias) {
  pt2crt_gemm_plan *plan = pt2crt_plan_cache_find(&state->plans, key);
  if (plan)
    return plan;
  plan = pt2crt_plan_cache_add(&state->plans, key);
  if (!make_plan(state, compute_type, input_type, output_type, batch, p, q, d, batch_strides,
                 alignments, epilogue, bias, plan)) {
    pt2crt_plan_cache_discard(&state->plans, plan);
    return NULL;
  }
  return plan;
}

/* The outer loops of a call: each a size and A's, B's and C's strides. */
typedef struct outer_loop {
  int64_t size, a, b, c;
} outer_loop;

/* CudaGemm.h says what it does. */
PT2CRT_HIDDEN int32_t pt2crt_cuda_gemm(int64_t type, int64_t m, int64_t n, int64_t k,
                                       int64_t a, int64_t a_rows, int64_t a_cols,
                                       int64_t b, int64_t b_rows, int64_t b_cols,
                                       int64_t c, int64_t c_rows, int64_t c_cols,
                                       int64_t outer0, int64_t a0, int64_t b0, int64_t c0,
                                       int64_t outer1, int64_t a1, int64_t b1, int64_t c1,
                                       int64_t bias, int64_t epilogue) {
  pt2crt_cuda_run *run = pt2crt_cuda_current_run();
  if (!run || run->error_code != PT2C_OK)
    return PT2CRT_GEMM_DONE;
  int overwrite = (epilogue & PT2CRT_GEMM_OVERWRITE) != 0;
  int narrow = (epilogue & PT2CRT_GEMM_NARROW_OUTPUT) != 0;
  int tf32 = (epilogue & PT2CRT_GEMM_ALLOW_TF32) != 0 && type == PT2CRT_TYPE_FLOAT32;
  epilogue &= PT2CRT_GEMM_EPILOGUE_KIND;
  /* A narrow C is all or nothing, and only ever overwritten. */
  if (narrow && (!overwrite || type == 0))
    return PT2CRT_GEMM_DECLINED;
  /* Nothing to compute, or nothing to add to C: the caller's epilogue
   * still runs. An empty sum that must overwrite C is the caller's fill. */
  if (outer0 <= 0 || outer1 <= 0 || m <= 0 || n <= 0)
    return narrow ? PT2CRT_GEMM_DONE_WITH_EPILOGUE : PT2CRT_GEMM_DONE;
  if (k <= 0)
    return overwrite ? PT2CRT_GEMM_DECLINED : PT2CRT_GEMM_DONE;
  static const int input_types[] = {PT2CRT_CUDA_R_32F, PT2CRT_CUDA_R_16F,
                                    PT2CRT_CUDA_R_16BF};
  if (type < 0 || type > 2 || a_rows < 0 || a_cols < 0 || b_rows < 0 || b_cols < 0 ||
      c_rows < 0 || c_cols < 0 || a0 < 0 || b0 < 0 || c0 < 0 || a1 < 0 || b1 < 0 || c1 < 0)
    return PT2CRT_GEMM_DECLINED;
  const pt2crt_cublaslt *lt = pt2crt_cublaslt_get();
  if (!lt)
    return PT2CRT_GEMM_DECLINED;

  /* cuBLASLt's batch is the inner loop, merged with the outer one when
   * every operand steps through both evenly; else the outer one is a loop
   * of calls here. */
  outer_loop loop = {outer0, a0, b0, c0}, batch = {outer1, a1, b1, c1};
  if (batch.size == 1) {
    batch = loop;
    loop = (outer_loop){1, 0, 0, 0};
  } else if (loop.size > 1 && loop.a == batch.size * batch.a &&
             loop.b == batch.size * batch.b && loop.c == batch.size * batch.c) {
    batch.size *= loop.size;
    loop = (outer_loop){1, 0, 0, 0};
  }
  if (batch.size > INT32_MAX)
    return PT2CRT_GEMM_DECLINED;

  pt2crt_gemm_layout layout;
  if (!pt2crt_gemm_layout_of(m, n, k, a_rows, a_cols, b_rows, b_cols, c_rows, c_cols,
                             &layout))
    return PT2CRT_GEMM_DECLINED;
  const pt2crt_stored_matrix *p = &layout.p, *q = &layout.q, *d = &layout.d;
  int64_t element = type == 0 ? 4 : 2;          /* A's and B's */
  int64_t c_element = narrow ? element : 4;      /* C's and the bias's */
  /* D's contiguous dimension (its rows, column-major) not a multiple of 16
   * bytes: cuBLASLt then runs its one-element-at-a-time kernels over the
   * whole product (gpt2's 50257 logits: 1.05 of 3.4 ms). Its aligned bulk
   * and the few rows left go as two calls instead, the small one first:
   * once it succeeds, the large one can only decline as a whole, and C is
   * overwritten (the caller's fallback recomputes all of it). Only where
   * the two answers cannot differ: no epilogue, or a narrow C. */
  int64_t per_vector = 16 / c_element, left = d->rows % per_vector;
  if (left != 0 && d->rows >= 4096 && overwrite && loop.size == 1 &&
      (narrow || epilogue == PT2CRT_GEMM_NO_EPILOGUE)) {
    int64_t bulk = d->rows - left;
    /* D's rows are C's columns (n) when swapped, C's rows (m) otherwise;
     * the bias runs along C's columns. */
    int64_t flags = epilogue | PT2CRT_GEMM_OVERWRITE | (narrow ? PT2CRT_GEMM_NARROW_OUTPUT : 0) |
                    (tf32 ? PT2CRT_GEMM_ALLOW_TF32 : 0);
    int32_t answers[2];
    for (int part = 1; part >= 0; --part) {
      int64_t first = part == 0 ? 0 : bulk, count = part == 0 ? bulk : left;
      int64_t a_at = a, b_at = b, c_at = c, bias_at = bias, mm = m, nn = n;
      if (layout.swapped) {
        b_at += first * b_cols * element;
        c_at += first * c_cols * c_element;
        bias_at += bias ? first * c_element : 0;
        nn = count;
      } else {
        a_at += first * a_rows * element;
        c_at += first * c_rows * c_element;
        mm = count;
      }
      answers[part] = pt2crt_cuda_gemm(type, mm, nn, k, a_at, a_rows, a_cols, b_at, b_rows,
                                       b_cols, c_at, c_rows, c_cols, outer0, a0, b0, c0, outer1,
                                       a1, b1, c1, bias_at, flags);
      if (answers[part] == PT2CRT_GEMM_DECLINED)
        return PT2CRT_GEMM_DECLINED;
    }
    return answers[0];
  }
  /* cuBLASLt adds the bias along D's rows: C's columns when D is Cᵀ, which
   * it is for a row-major C. The bias has C's type and is aligned to it. */
  int bias_fits = layout.swapped && bias != 0 && bias % c_element == 0;
  uint32_t lt_epilogue = 0;
  if (epilogue == PT2CRT_GEMM_BIAS && bias_fits)
    lt_epilogue = PT2CRT_CUBLASLT_EPILOGUE_BIAS;
  else if (epilogue == PT2CRT_GEMM_RELU_BIAS && bias_fits)
    lt_epilogue = PT2CRT_CUBLASLT_EPILOGUE_RELU_BIAS;
  else if (epilogue == PT2CRT_GEMM_GELU_BIAS && bias_fits && narrow)
    lt_epilogue = PT2CRT_CUBLASLT_EPILOGUE_GELU_BIAS;
  else if (epilogue == PT2CRT_GEMM_GELU && narrow)
    lt_epilogue = PT2CRT_CUBLASLT_EPILOGUE_GELU;
  int with_bias = (lt_epilogue & PT2CRT_CUBLASLT_EPILOGUE_HAS_BIAS) != 0;
  if (narrow && epilogue != PT2CRT_GEMM_NO_EPILOGUE && !lt_epilogue)
    return PT2CRT_GEMM_DECLINED;
  struct pt2crt_gemm_state *state = state_for(run, lt);
  if (!state)
    return PT2CRT_GEMM_DECLINED;
  int output_type = narrow ? input_types[type] : PT2CRT_CUDA_R_32F;
  int64_t p_batch = layout.swapped ? batch.b : batch.a;
  int64_t q_batch = layout.swapped ? batch.a : batch.b;
  int64_t c_batch = batch.c;
  if (batch.size == 1)
    p_batch = q_batch = c_batch = 0;
  int64_t batch_strides[3] = {p_batch, q_batch, c_batch};
  int64_t p_address = layout.swapped ? b : a, q_address = layout.swapped ? a : b;
  int64_t p_step = (layout.swapped ? loop.b : loop.a) * element;
  int64_t q_step = (layout.swapped ? loop.a : loop.b) * element;
  int64_t c_step = loop.c * c_element;
  /* The alignment every call of the loop keeps. */
  int64_t alignments[3] = {alignment_of(p_address | p_step), alignment_of(q_address | q_step),
                           alignment_of(c | c_step)};
  /* Everything the plan depends on. */
  int compute_type = tf32 ? PT2CRT_CUBLAS_COMPUTE_32F_FAST_TF32 : PT2CRT_CUBLAS_COMPUTE_32F;
  int64_t key[KEY_FIELDS] = {type | narrow << 8 | tf32 << 9, batch.size, k,       p->op,   p->ld,   p->rows,
                             p->cols, q->op,      q->ld,   d->ld,   d->rows, d->cols,
                             p_batch, q_batch,    c_batch, alignments[0] | alignments[1] << 16,
                             alignments[2], lt_epilogue, with_bias ? alignment_of(bias) : 0};
  pt2crt_gemm_plan *plan = plan_for(state, key, compute_type, input_types[type], output_type,
                                    (int32_t)batch.size, p, q, d, batch_strides, alignments,
                                    lt_epilogue, with_bias ? bias : 0);
  if (lt_epilogue && (!plan || !plan->usable)) {
    if (narrow)
      return PT2CRT_GEMM_DECLINED; /* all or nothing */
    /* No algorithm with that epilogue: the product alone, epilogue after. */
    lt_epilogue = 0;
    key[KEY_FIELDS - 2] = key[KEY_FIELDS - 1] = 0;
    plan = plan_for(state, key, compute_type, input_types[type], output_type,
                    (int32_t)batch.size, p, q,
                    d, batch_strides, alignments, 0, 0);
  }
  if (!plan || !plan->usable)
    return PT2CRT_GEMM_DECLINED;
  const void *bias_pointer = (const void *)(uintptr_t)bias;
  if (lt_epilogue && with_bias &&
      lt->cublasLtMatmulDescSetAttribute(plan->desc, PT2CRT_CUBLASLT_MATMUL_DESC_BIAS_POINTER,
                                         &bias_pointer, sizeof bias_pointer) != 0)
    return PT2CRT_GEMM_DECLINED;
  const float one = 1.0f, beta = overwrite ? 0.0f : 1.0f;
  for (int64_t i = 0; i < loop.size; ++i) {
    void *target = (void *)(uintptr_t)(c + i * c_step);
    cublasStatus_t status = lt->cublasLtMatmul(
        state->handle, plan->desc, &one, (const void *)(uintptr_t)(p_address + i * p_step),
        plan->p, (const void *)(uintptr_t)(q_address + i * q_step), plan->q, &beta, target,
        plan->d, target, plan->d, &plan->algo, (void *)(uintptr_t)state->workspace,
        state->workspace_bytes, run->stream);
    if (status != PT2CRT_CUBLAS_STATUS_SUCCESS) {
      pt2crt_cuda_fail(run, PT2C_DEVICE_ERROR,
                       "cuda: cuBLASLt matmul (%lld x %lld x %lld, batch %lld): %s",
                       (long long)m, (long long)k, (long long)n, (long long)batch.size,
                       lt->cublasLtGetStatusName(status));
      break;
    }
  }
  return lt_epilogue || narrow ? PT2CRT_GEMM_DONE_WITH_EPILOGUE : PT2CRT_GEMM_DONE;
}
