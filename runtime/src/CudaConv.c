/*===- CudaConv.c - pt2crt_cuda_conv: convolutions through cuDNN ----------===*
 *
 * A convolution is described to cuDNN once per shape (a plan: tensor,
 * filter and convolution descriptors and the algorithm its heuristic
 * ranks first among those that fit), then queued on the run's stream with
 * the context's shared workspace. float32 uses CUDNN_FMA_MATH and skips
 * algorithms that report tensor-core math, so results stay within
 * float32's error of a plain sum (torch with TF32 off does the same).
 * float16 and bfloat16 are cuDNN's "pseudo" configurations: 16-bit tensors
 * summed in float32 (the convolution's compute type), with tensor-core
 * math allowed, as torch runs them. float32 with PT2CRT_CONV_ALLOW_TF32
 * (--allow-tf32) gets tensor-op math too: TF32, as torch's
 * cudnn.allow_tf32.
 *
 * A convolution offered an epilogue (bias, maybe a residual, maybe ReLU:
 * PT2CRT_CONV_BIAS) is tried first with cudnnConvolutionBiasActivationForward,
 * which sums everything in float32 and rounds once; where cuDNN refuses
 * it for a plan (types, layouts or algorithms its fused kernels do not
 * take) the plan remembers that, and from then on the convolution runs
 * alone and the generated code does the epilogue. Grouped convolutions are
 * not fused: on the H100 cuDNN 9.19's fused depthwise float32 kernels took
 * twice the time of the plain ones plus pt2c's elementwise kernel
 * (mobilenet_v3_large float32 2.29 -> 2.55 ms; bench/README.md).
 * PT2C_CUDNN_FUSED says which fused calls are tried: unset or "dense",
 * those of groups 1, with any candidate algorithm; "all", grouped ones
 * too; "same", only with the algorithm the convolution alone runs;
 * "precomp", IMPLICIT_PRECOMP_GEMM only (the one cuDNN documents as fused
 * for every activation); "off" or "0", none. PT2C_CUDNN_DEBUG=1 prints each
 * plan's fused algorithm or refusal (cuDNN's status) to stderr.
 *===----------------------------------------------------------------------===*/

#include "CudaConv.h"
#include "CudaLibraries.h"
#include "CudaWorkspace.h"
#include "CudaState.h"
#include "Cudnn.h"
#include "PlanCache.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PT2CRT_HIDDEN __attribute__((visibility("hidden")))

enum { KEY_FIELDS = 26 };

/* The algorithms a plan may use, the heuristic's order kept: the first
 * one cuDNN accepts at run time is used from then on. */
typedef struct pt2crt_conv_plan {
  int usable; /* 0: no algorithm fits or runs; declined */
  cudnnTensorDescriptor_t x, y;
  cudnnFilterDescriptor_t filter;
  cudnnConvolutionDescriptor_t conv;
  int algos[PT2CRT_CUDNN_FWD_ALGO_COUNT];
  size_t algo_bytes[PT2CRT_CUDNN_FWD_ALGO_COUNT]; /* the workspace each needs */
  int n_algos, current;
  /* With an epilogue (PT2CRT_CONV_BIAS in the key): the bias's descriptor
   * [1, f, 1, 1], the activation's, and the candidate (index in algos)
   * the fused call accepted: FUSED_UNTRIED until the first call,
   * FUSED_REFUSED once none was. */
  cudnnTensorDescriptor_t bias;
  cudnnActivationDescriptor_t activation;
  int fused;
} pt2crt_conv_plan;

enum { FUSED_UNTRIED = -1, FUSED_REFUSED = -2 };

struct pt2crt_conv_state {
  const pt2crt_cudnn *dnn;
  cudnnHandle_t handle;
  int broken; /* cudnnCreate failed: every call declines */
  CUdeviceptr workspace; /* the context's (CudaLibraries.h) */
  size_t workspace_bytes;
  pt2crt_plan_cache plans; /* pt2crt_conv_plan, by the key below */
  int fused_policy;         /* FUSED_* below, from $PT2C_CUDNN_FUSED */
  int debug;                /* $PT2C_CUDNN_DEBUG set */
};

enum { FUSED_ALL, FUSED_SAME, FUSED_DENSE, FUSED_PRECOMP, FUSED_NEVER };

static int fused_policy(void) {
  const char *value = getenv("PT2C_CUDNN_FUSED");
  if (!value || !*value || !strcmp(value, "dense"))
    return FUSED_DENSE;
  if (!strcmp(value, "all"))
    return FUSED_ALL;
  if (!strcmp(value, "same"))
    return FUSED_SAME;
  if (!strcmp(value, "precomp"))
    return FUSED_PRECOMP;
  return FUSED_NEVER;
}

static void destroy_plan(const pt2crt_cudnn *dnn, pt2crt_conv_plan *plan) {
  if (plan->x)
    dnn->cudnnDestroyTensorDescriptor(plan->x);
  if (plan->y)
    dnn->cudnnDestroyTensorDescriptor(plan->y);
  if (plan->filter)
    dnn->cudnnDestroyFilterDescriptor(plan->filter);
  if (plan->conv)
    dnn->cudnnDestroyConvolutionDescriptor(plan->conv);
  if (plan->bias)
    dnn->cudnnDestroyTensorDescriptor(plan->bias);
  if (plan->activation)
    dnn->cudnnDestroyActivationDescriptor(plan->activation);
  memset(plan, 0, sizeof *plan);
}

static void release_plan(const void *library, void *plan) {
  destroy_plan((const pt2crt_cudnn *)library, (pt2crt_conv_plan *)plan);
}

void pt2crt_conv_state_destroy(struct pt2crt_conv_state *state) {
  if (!state)
    return;
  pt2crt_plan_cache_destroy(&state->plans);
  if (state->handle)
    state->dnn->cudnnDestroy(state->handle);
  free(state);
}

/* The context's state, made on its first convolution; NULL: decline. */
static struct pt2crt_conv_state *state_for(pt2crt_cuda_run *run, const pt2crt_cudnn *dnn) {
  struct pt2crt_conv_state *state = run->libraries->conv;
  if (!state) {
    state = calloc(1, sizeof *state);
    if (!state)
      return NULL;
    state->dnn = dnn;
    state->fused_policy = fused_policy();
    state->debug = getenv("PT2C_CUDNN_DEBUG") != NULL;
    if (!pt2crt_plan_cache_init(&state->plans, KEY_FIELDS, sizeof(pt2crt_conv_plan),
                                release_plan, dnn)) {
      free(state);
      return NULL;
    }
    if (dnn->cudnnCreate(&state->handle) != PT2CRT_CUDNN_STATUS_SUCCESS) {
      state->handle = NULL;
      state->broken = 1;
    } else {
      pt2crt_cuda_workspace_get(&run->libraries->workspace, run->driver, &state->workspace,
                                &state->workspace_bytes);
    }
    run->libraries->conv = state;
  }
  return state->broken ? NULL : state;
}

/* Everything a plan depends on, in the order of the key (output size
 * included: cuDNN must agree on it). */
enum {
  K_TYPE, K_N, K_C, K_H, K_W, K_XN, K_XC, K_XH, K_XW, K_F, K_KH, K_KW, K_YN, K_YC,
  K_YH, K_YW, K_PAD_H, K_PAD_W, K_STRIDE_H, K_STRIDE_W, K_DIL_H, K_DIL_W, K_GROUPS,
  K_OH, K_OW, K_FLAGS
};

static int fits_int(const int64_t *key) {
  for (int i = 0; i < KEY_FIELDS; ++i)
    if (key[i] < 0 || key[i] > INT_MAX)
      return 0;
  return 1;
}

/* cuDNN's data type for the runtime's element type code. */
static int cudnn_data_type(int64_t type) {
  return type == PT2CRT_TYPE_FLOAT16    ? PT2CRT_CUDNN_DATA_HALF
         : type == PT2CRT_TYPE_BFLOAT16 ? PT2CRT_CUDNN_DATA_BFLOAT16
                                 : PT2CRT_CUDNN_DATA_FLOAT;
}

/* Whether TF32 tensor cores may run a float32 convolution of `key`. */
static int allows_tf32(const int64_t *key) {
  return key[K_TYPE] == PT2CRT_TYPE_FLOAT32 && (key[K_FLAGS] & PT2CRT_CONV_ALLOW_TF32);
}

/* Whether an algorithm's math may run for the key: tensor cores only for
 * the 16-bit types (for float32 they would be TF32), or with --allow-tf32. */
static int math_allowed(const int64_t *key, int math) {
  if (key[K_TYPE] != PT2CRT_TYPE_FLOAT32 || allows_tf32(key))
    return 1;
  return math != PT2CRT_CUDNN_TENSOR_OP_MATH &&
         math != PT2CRT_CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION;
}

/* Fills `plan` for `key`: its descriptors, and the algorithm (none:
 * plan->usable stays 0). Returns 0 when a descriptor cannot be made. */
static int make_plan(struct pt2crt_conv_state *state, const int64_t *key,
                     pt2crt_conv_plan *plan) {
  const pt2crt_cudnn *dnn = state->dnn;
#define K(i) ((int)key[i])
  if (dnn->cudnnCreateTensorDescriptor(&plan->x) != 0) {
    plan->x = NULL;
    return 0;
  }
  if (dnn->cudnnCreateTensorDescriptor(&plan->y) != 0) {
    plan->y = NULL;
    return 0;
  }
  if (dnn->cudnnCreateFilterDescriptor(&plan->filter) != 0) {
    plan->filter = NULL;
    return 0;
  }
  if (dnn->cudnnCreateConvolutionDescriptor(&plan->conv) != 0) {
    plan->conv = NULL;
    return 0;
  }
  int data = cudnn_data_type(key[K_TYPE]);
  int math = key[K_TYPE] == PT2CRT_TYPE_FLOAT32 && !allows_tf32(key)
                 ? PT2CRT_CUDNN_FMA_MATH
                 : PT2CRT_CUDNN_TENSOR_OP_MATH;
  int ok =
      dnn->cudnnSetTensor4dDescriptorEx(plan->x, data, K(K_N), K(K_C), K(K_H), K(K_W),
                                        K(K_XN), K(K_XC), K(K_XH), K(K_XW)) == 0 &&
      dnn->cudnnSetTensor4dDescriptorEx(plan->y, data, K(K_N), K(K_F), K(K_OH), K(K_OW),
                                        K(K_YN), K(K_YC), K(K_YH), K(K_YW)) == 0 &&
      dnn->cudnnSetFilter4dDescriptor(plan->filter, data,
                                      (key[K_FLAGS] & PT2CRT_CONV_FILTER_CHANNELS_LAST)
                                          ? PT2CRT_CUDNN_TENSOR_NHWC
                                          : PT2CRT_CUDNN_TENSOR_NCHW,
                                      K(K_F),
                                      K(K_C) / K(K_GROUPS), K(K_KH), K(K_KW)) == 0 &&
      dnn->cudnnSetConvolution2dDescriptor(plan->conv, K(K_PAD_H), K(K_PAD_W),
                                           K(K_STRIDE_H), K(K_STRIDE_W), K(K_DIL_H),
                                           K(K_DIL_W), PT2CRT_CUDNN_CROSS_CORRELATION,
                                           PT2CRT_CUDNN_DATA_FLOAT) == 0 &&
      dnn->cudnnSetConvolutionGroupCount(plan->conv, K(K_GROUPS)) == 0 &&
      dnn->cudnnSetConvolutionMathType(plan->conv, math) == 0;
#undef K
  if (!ok)
    return 1; /* cuDNN refuses the geometry: not usable */
  /* cuDNN must agree on the output's size (it does for torch's geometry;
   * an asymmetric padding the caller could not pass would not). */
  int on, oc, ohd, owd;
  if (dnn->cudnnGetConvolution2dForwardOutputDim(plan->conv, plan->x, plan->filter, &on,
                                                 &oc, &ohd, &owd) != 0 ||
      on != key[K_N] || oc != key[K_F] || ohd != key[K_OH] || owd != key[K_OW])
    return 1;
  pt2crt_cudnn_algo_perf results[PT2CRT_CUDNN_FWD_ALGO_COUNT];
  int returned = 0;
  if (dnn->cudnnGetConvolutionForwardAlgorithm_v7(state->handle, plan->x, plan->filter,
                                                  plan->conv, plan->y,
                                                  PT2CRT_CUDNN_FWD_ALGO_COUNT, &returned,
                                                  results) != 0)
    return 1;
  /* Ranked fastest first by the heuristic: the first that works, fits the
   * workspace and uses math the type allows. */
  for (int i = 0; i < returned && i < PT2CRT_CUDNN_FWD_ALGO_COUNT; ++i) {
    const pt2crt_cudnn_algo_perf *result = &results[i];
    if (result->status != PT2CRT_CUDNN_STATUS_SUCCESS ||
        result->memory > state->workspace_bytes ||
        !math_allowed(key, result->mathType))
      continue;
    plan->algos[plan->n_algos] = result->algo;
    plan->algo_bytes[plan->n_algos] = result->memory;
    ++plan->n_algos;
  }
  plan->usable = plan->n_algos > 0;
  plan->fused = FUSED_REFUSED;
  if (plan->usable && (key[K_FLAGS] & PT2CRT_CONV_BIAS) && pt2crt_cudnn_has_fused(dnn)) {
    if (dnn->cudnnCreateTensorDescriptor(&plan->bias) != 0) {
      plan->bias = NULL;
      return 1;
    }
    if (dnn->cudnnCreateActivationDescriptor(&plan->activation) != 0) {
      plan->activation = NULL;
      return 1;
    }
    if (dnn->cudnnSetTensor4dDescriptorEx(plan->bias, data, 1, (int)key[K_F], 1, 1,
                                          (int)key[K_F], 1, 1, 1) == 0 &&
        dnn->cudnnSetActivationDescriptor(plan->activation,
                                          (key[K_FLAGS] & PT2CRT_CONV_RELU)
                                              ? PT2CRT_CUDNN_ACTIVATION_RELU
                                              : PT2CRT_CUDNN_ACTIVATION_IDENTITY,
                                          PT2CRT_CUDNN_PROPAGATE_NAN, 0.0) == 0)
      plan->fused = FUSED_UNTRIED;
  }
  return 1;
}

/* The plan for `key`, made when new; NULL when none can be made. */
static pt2crt_conv_plan *plan_for(struct pt2crt_conv_state *state, const int64_t *key) {
  pt2crt_conv_plan *plan = pt2crt_plan_cache_find(&state->plans, key);
  if (plan)
    return plan;
  plan = pt2crt_plan_cache_add(&state->plans, key);
  if (!make_plan(state, key, plan)) {
    pt2crt_plan_cache_discard(&state->plans, plan);
    return NULL;
  }
  return plan;
}

/* Whether every address is a multiple of 16 bytes: what cuDNN's vectorized
 * kernels assume, and what pt2c's buffers (arena, weights, staging) give. */
static int aligned(int64_t x, int64_t filter, int64_t y) {
  return (x | filter | y) % 16 == 0;
}

/* Status of forward_first_accepted when every algorithm refused. */
#define PT2CRT_CUDNN_STATUS_DECLINED (-1)

/* Queues the convolution with the plan's current algorithm. The heuristic
 * can offer an algorithm that refuses the operands when called (seen for
 * bfloat16 with 3 input channels); a refusal queues nothing, so the next
 * candidate becomes current. With none left the plan is unusable and the
 * answer PT2CRT_CUDNN_STATUS_DECLINED; any other failure is cuDNN's. */
static cudnnStatus_t forward_first_accepted(struct pt2crt_conv_state *state,
                                            pt2crt_conv_plan *plan, int64_t x,
                                            int64_t filter, int64_t y, int64_t accumulate) {
  const float one = 1.0f, beta = accumulate ? 1.0f : 0.0f;
  for (; plan->current < plan->n_algos; ++plan->current) {
    size_t bytes = plan->algo_bytes[plan->current];
    cudnnStatus_t status = state->dnn->cudnnConvolutionForward(
        state->handle, &one, plan->x, (const void *)(uintptr_t)x, plan->filter,
        (const void *)(uintptr_t)filter, plan->conv, plan->algos[plan->current],
        bytes ? (void *)(uintptr_t)state->workspace : NULL, bytes, &beta, plan->y,
        (void *)(uintptr_t)y);
    if (!pt2crt_cudnn_refused(status))
      return status;
  }
  plan->usable = 0;
  return PT2CRT_CUDNN_STATUS_DECLINED;
}

/* Queues out = act(conv(x) + z + bias) with the candidate the fused call
 * accepted, or, on the plan's first epilogue, with the first one it
 * accepts (an identity activation takes IMPLICIT_PRECOMP_GEMM only). A
 * refusal queues nothing; with no candidate left the plan's epilogue is
 * refused for good and the answer PT2CRT_CUDNN_STATUS_DECLINED. */
static cudnnStatus_t fused_first_accepted(struct pt2crt_conv_state *state,
                                          pt2crt_conv_plan *plan, const int64_t *key,
                                          int64_t x, int64_t filter, int64_t bias, int64_t z,
                                          int64_t out) {
  const float one = 1.0f, alpha2 = (key[K_FLAGS] & PT2CRT_CONV_RESIDUAL) ? 1.0f : 0.0f;
  int precomp_only = !(key[K_FLAGS] & PT2CRT_CONV_RELU) || state->fused_policy == FUSED_PRECOMP;
  int first = plan->fused >= 0 ? plan->fused : plan->current;
  int last = plan->fused >= 0 || state->fused_policy == FUSED_SAME ? first + 1 : plan->n_algos;
  if (state->fused_policy == FUSED_DENSE && key[K_GROUPS] != 1)
    last = first; /* grouped: never */
  cudnnStatus_t status = PT2CRT_CUDNN_STATUS_SUCCESS;
  for (int i = first; i < last; ++i) {
    if (precomp_only && plan->algos[i] != PT2CRT_CUDNN_FWD_ALGO_IMPLICIT_PRECOMP_GEMM)
      continue;
    size_t bytes = plan->algo_bytes[i];
    /* z is read only with alpha2 1; otherwise out stands in for it. */
    status = state->dnn->cudnnConvolutionBiasActivationForward(
        state->handle, &one, plan->x, (const void *)(uintptr_t)x, plan->filter,
        (const void *)(uintptr_t)filter, plan->conv, plan->algos[i],
        bytes ? (void *)(uintptr_t)state->workspace : NULL, bytes, &alpha2, plan->y,
        (const void *)(uintptr_t)(alpha2 != 0.0f ? z : out), plan->bias,
        (const void *)(uintptr_t)bias, plan->activation, plan->y, (void *)(uintptr_t)out);
    if (!pt2crt_cudnn_refused(status)) {
      if (state->debug && plan->fused == FUSED_UNTRIED)
        fprintf(stderr,
                "pt2c: cuDNN fused convolution (type %d, %dx%dx%dx%d input, %d filters of "
                "%dx%d, groups %d, epilogue %d): algorithm %d (alone: %d)\n",
                (int)key[K_TYPE], (int)key[K_N], (int)key[K_C], (int)key[K_H], (int)key[K_W],
                (int)key[K_F], (int)key[K_KH], (int)key[K_KW], (int)key[K_GROUPS],
                (int)(key[K_FLAGS] & PT2CRT_CONV_EPILOGUE), plan->algos[i],
                plan->algos[plan->current]);
      plan->fused = i;
      return status;
    }
  }
  if (state->debug)
    fprintf(stderr,
            "pt2c: cuDNN refused the fused convolution (type %d, %dx%dx%dx%d input, %d "
            "filters of %dx%d, groups %d, epilogue %d; alone: algorithm %d): %s\n",
            (int)key[K_TYPE], (int)key[K_N], (int)key[K_C], (int)key[K_H], (int)key[K_W],
            (int)key[K_F], (int)key[K_KH], (int)key[K_KW], (int)key[K_GROUPS],
            (int)(key[K_FLAGS] & PT2CRT_CONV_EPILOGUE), plan->algos[plan->current],
            status == PT2CRT_CUDNN_STATUS_SUCCESS ? "no candidate algorithm"
                                                  : state->dnn->cudnnGetErrorString(status));
  plan->fused = FUSED_REFUSED;
  return PT2CRT_CUDNN_STATUS_DECLINED;
}

/* CudaConv.h says what it does. */
PT2CRT_HIDDEN int32_t pt2crt_cuda_conv(
    int64_t type, int64_t x, int64_t n, int64_t c, int64_t h, int64_t w, int64_t x_n,
    int64_t x_c, int64_t x_h, int64_t x_w, int64_t filter, int64_t f, int64_t kh, int64_t kw,
    int64_t filter_g, int64_t filter_f, int64_t filter_r, int64_t y, int64_t oh, int64_t ow,
    int64_t y_n, int64_t y_g, int64_t y_f, int64_t y_p, int64_t pad_h, int64_t pad_w,
    int64_t stride_h, int64_t stride_w, int64_t dilation_h, int64_t dilation_w,
    int64_t groups, int64_t accumulate, int64_t flags, int64_t bias, int64_t z,
    int64_t out) {
  pt2crt_cuda_run *run = pt2crt_cuda_current_run();
  if (!run || run->error_code != PT2C_OK)
    return PT2CRT_CONV_DONE;
  if (n == 0 || f == 0 || oh == 0 || ow == 0)
    return PT2CRT_CONV_DONE; /* no output element */
  if ((type != PT2CRT_TYPE_FLOAT32 && type != PT2CRT_TYPE_FLOAT16 &&
       type != PT2CRT_TYPE_BFLOAT16) ||
      n < 0 || c <= 0 || h <= 0 || w <= 0 || f < 0 || kh <= 0 || kw <= 0 ||
      oh < 0 || ow < 0 || groups <= 0 || c % groups || f % groups)
    return PT2CRT_CONV_DECLINED;
  /* cuDNN's filter is packed [f, c / groups, kh, kw]; its output strides
   * are per NCHW dim, so the [groups, f / groups] channel split must be one
   * stride and the oh * ow positions row-major. */
  int64_t reduction = c / groups * kh * kw;
  if (filter_r != 1 || filter_f != reduction ||
      (groups > 1 && filter_g != f / groups * reduction) ||
      (groups > 1 && y_g != f / groups * y_f))
    return PT2CRT_CONV_DECLINED;
  if (!aligned(x, filter, y))
    return PT2CRT_CONV_DECLINED;
  /* The epilogue is offered only where it can run: no accumulation, its
   * operands aligned like the others. */
  int64_t epilogue = flags & PT2CRT_CONV_EPILOGUE;
  if (!(epilogue & PT2CRT_CONV_BIAS) || accumulate || !bias || !out ||
      ((epilogue & PT2CRT_CONV_RESIDUAL) && !z) ||
      !aligned(bias, out, (epilogue & PT2CRT_CONV_RESIDUAL) ? z : 0))
    epilogue = 0;
  const pt2crt_cudnn *dnn = pt2crt_cudnn_get();
  if (!dnn)
    return PT2CRT_CONV_DECLINED;
  struct pt2crt_conv_state *state = state_for(run, dnn);
  if (!state)
    return PT2CRT_CONV_DECLINED;
  if (state->fused_policy == FUSED_NEVER)
    epilogue = 0;
  int64_t key[KEY_FIELDS] = {type,     n,        c,         h,          w,
                             x_n,      x_c,      x_h,       x_w,        f,
                             kh,       kw,       y_n,       y_f,        ow * y_p,
                             y_p,      pad_h,    pad_w,     stride_h,   stride_w,
                             dilation_h, dilation_w, groups,   oh,         ow,
                             (flags & (PT2CRT_CONV_FILTER_CHANNELS_LAST |
                                       PT2CRT_CONV_ALLOW_TF32)) | epilogue};
  if (!fits_int(key))
    return PT2CRT_CONV_DECLINED;
  pt2crt_conv_plan *plan = plan_for(state, key);
  if (!plan || !plan->usable)
    return PT2CRT_CONV_DECLINED;
  cudnnStatus_t status = dnn->cudnnSetStream(state->handle, run->stream);
  int32_t answer = PT2CRT_CONV_DONE;
  if (status == PT2CRT_CUDNN_STATUS_SUCCESS && epilogue && plan->fused != FUSED_REFUSED) {
    status = fused_first_accepted(state, plan, key, x, filter, bias, z, out);
    if (status != PT2CRT_CUDNN_STATUS_DECLINED)
      answer = PT2CRT_CONV_DONE_WITH_EPILOGUE;
    else
      status = PT2CRT_CUDNN_STATUS_SUCCESS; /* the convolution alone, below */
  }
  if (status == PT2CRT_CUDNN_STATUS_SUCCESS && answer == PT2CRT_CONV_DONE)
    status = forward_first_accepted(state, plan, x, filter, y, accumulate);
  if (status == PT2CRT_CUDNN_STATUS_DECLINED)
    return PT2CRT_CONV_DECLINED;
  if (status != PT2CRT_CUDNN_STATUS_SUCCESS)
    pt2crt_cuda_fail(run, PT2C_DEVICE_ERROR,
                     "cuda: cuDNN convolution (%lldx%lldx%lldx%lld input, %lld filters of "
                     "%lldx%lld, groups %lld): %s",
                     (long long)n, (long long)c, (long long)h, (long long)w, (long long)f,
                     (long long)kh, (long long)kw, (long long)groups,
                     dnn->cudnnGetErrorString(status));
  return answer;
}
