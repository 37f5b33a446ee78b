/*===- FakeCudnn.c - A stand-in for libcudnn.so for CudaConvTest ----------===*
 *
 * Opened through PT2C_CUDNN. Implements the entry points the runtime uses
 * (runtime/src/Cudnn.h) on host memory (the fake driver's "device memory"
 * is host memory): descriptors hold what was set, the output size is
 * cuDNN's formula, and cudnnConvolutionForward is a plain cross-correlation
 * with zero padding, strides, dilations and groups, read and written
 * through the descriptors' strides, y = alpha·conv + beta·y.
 *
 * Tensors and filters are float32, float16 or bfloat16 (all of one
 * convolution alike); sums are taken in double and rounded once when
 * written (to nearest even).
 *
 * Its heuristic ranks four algorithms the way a real one might mislead a
 * careless caller: a tensor-core one first (TF32: must be skipped for
 * float32; it runs only for 16-bit types with tensor-op math set), then a
 * failing one, then one needing 64 MiB of workspace (more than the
 * runtime's 32 MiB), then algorithm 0, which needs none. The tests read
 * what ran (fake_cudnn_*). $FAKE_CUDNN_REFUSE lists algorithms (",5,0,")
 * whose cudnnConvolutionForward refuses with cuDNN 9's BAD_PARAM (2000),
 * as the real one does for some operands its heuristic offered.
 *
 * cudnnConvolutionBiasActivationForward computes act(alpha1·conv + alpha2·z
 * + bias[k]) in double and rounds once; like cuDNN's documentation says, an
 * identity activation takes algorithm 1 (IMPLICIT_PRECOMP_GEMM) only, which
 * this heuristic offers with more workspace than the runtime has: bias
 * alone is always refused. $FAKE_CUDNN_REFUSE_FUSED set refuses every fused
 * call (NOT_SUPPORTED), as cuDNN does for configurations its fused kernels
 * lack.
 *===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

enum { SUCCESS = 0, BAD_PARAM = 3, NOT_SUPPORTED = 9 };
enum { FLOAT = 0, HALF = 2, BFLOAT16 = 9 };
enum { NCHW = 0, NHWC = 1, CROSS_CORRELATION = 1, TENSOR_OP_MATH = 1, FMA_MATH = 3 };

typedef struct tensor {
  int type, dims[4], strides[4];
} tensor;
typedef struct filter {
  int type, format, k, c, h, w;
} filter;

/* Whether $FAKE_CUDNN_REFUSE names `algo`. */
static int refused(int algo) {
  const char *list = getenv("FAKE_CUDNN_REFUSE");
  char name[16];
  snprintf(name, sizeof name, ",%d,", algo);
  return list && strstr(list, name);
}

static int known_type(int type) { return type == FLOAT || type == HALF || type == BFLOAT16; }

/* Element `index` of `base` as a float. */
static float load(int type, const void *base, int64_t index) {
  if (type == FLOAT)
    return ((const float *)base)[index];
  if (type == HALF)
    return (float)((const _Float16 *)base)[index];
  uint32_t bits = (uint32_t)((const uint16_t *)base)[index] << 16;
  float value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

/* Writes `value` rounded to the type (to nearest even). */
static void store(int type, void *base, int64_t index, double value) {
  if (type == FLOAT) {
    ((float *)base)[index] = (float)value;
  } else if (type == HALF) {
    ((_Float16 *)base)[index] = (_Float16)value;
  } else {
    float narrowed = (float)value;
    uint32_t bits;
    memcpy(&bits, &narrowed, sizeof bits);
    bits += 0x7fffu + ((bits >> 16) & 1u);
    ((uint16_t *)base)[index] = (uint16_t)(bits >> 16);
  }
}
typedef struct conv {
  int pad[2], stride[2], dilation[2], groups, math;
} conv;
typedef struct {
  int algo;
  int status;
  float time;
  size_t memory;
  int determinism;
  int mathType;
  int reserved[3];
} perf;

static long convolutions, handles, fused_convolutions, fused_refusals;
static int last_algo = -1, last_math = -1;
static long heuristic_calls;
static void *last_stream;

EXPORT void *fake_cudnn_last_stream(void) { return last_stream; }
EXPORT long fake_cudnn_heuristic_calls(void) { return heuristic_calls; }

EXPORT long fake_cudnn_convolutions(void) { return convolutions; }
EXPORT int fake_cudnn_last_algo(void) { return last_algo; }
EXPORT int fake_cudnn_last_math(void) { return last_math; }
EXPORT long fake_cudnn_handles(void) { return handles; }
EXPORT long fake_cudnn_fused_convolutions(void) { return fused_convolutions; }
EXPORT long fake_cudnn_fused_refusals(void) { return fused_refusals; }

typedef struct activation {
  int mode, nan;
  double coefficient;
} activation;
enum { RELU = 1, IDENTITY = 5 };
EXPORT int cudnnCreateActivationDescriptor(activation **out) {
  *out = calloc(1, sizeof **out);
  return SUCCESS;
}
EXPORT int cudnnSetActivationDescriptor(activation *a, int mode, int nan, double coefficient) {
  if (mode != RELU && mode != IDENTITY)
    return BAD_PARAM;
  a->mode = mode, a->nan = nan, a->coefficient = coefficient;
  return SUCCESS;
}
EXPORT int cudnnDestroyActivationDescriptor(activation *a) {
  free(a);
  return SUCCESS;
}

EXPORT size_t cudnnGetVersion(void) { return 91400; }
EXPORT const char *cudnnGetErrorString(int status) {
  return status == SUCCESS ? "CUDNN_STATUS_SUCCESS" : "CUDNN_STATUS_BAD_PARAM";
}
EXPORT int cudnnCreate(void **handle) {
  *handle = malloc(sizeof(void *));
  ++handles;
  return SUCCESS;
}
EXPORT int cudnnDestroy(void *handle) {
  free(handle);
  --handles;
  return SUCCESS;
}
EXPORT int cudnnSetStream(void **handle, void *stream) {
  *handle = stream;
  return SUCCESS;
}
EXPORT int cudnnCreateTensorDescriptor(tensor **out) {
  *out = calloc(1, sizeof **out);
  return SUCCESS;
}
EXPORT int cudnnSetTensor4dDescriptorEx(tensor *t, int type, int n, int c, int h, int w,
                                        int ns, int cs, int hs, int ws) {
  if (!known_type(type) || n <= 0 || c <= 0 || h <= 0 || w <= 0)
    return BAD_PARAM;
  t->type = type;
  int dims[4] = {n, c, h, w}, strides[4] = {ns, cs, hs, ws};
  memcpy(t->dims, dims, sizeof dims);
  memcpy(t->strides, strides, sizeof strides);
  return SUCCESS;
}
EXPORT int cudnnDestroyTensorDescriptor(tensor *t) {
  free(t);
  return SUCCESS;
}
EXPORT int cudnnCreateFilterDescriptor(filter **out) {
  *out = calloc(1, sizeof **out);
  return SUCCESS;
}
EXPORT int cudnnSetFilter4dDescriptor(filter *f, int type, int format, int k, int c, int h,
                                      int w) {
  if (!known_type(type) || (format != NCHW && format != NHWC))
    return BAD_PARAM;
  f->type = type, f->format = format, f->k = k, f->c = c, f->h = h, f->w = w;
  return SUCCESS;
}
EXPORT int cudnnDestroyFilterDescriptor(filter *f) {
  free(f);
  return SUCCESS;
}
EXPORT int cudnnCreateConvolutionDescriptor(conv **out) {
  *out = calloc(1, sizeof **out);
  (*out)->groups = 1;
  return SUCCESS;
}
EXPORT int cudnnSetConvolution2dDescriptor(conv *d, int ph, int pw, int sh, int sw, int dh,
                                           int dw, int mode, int compute) {
  if (mode != CROSS_CORRELATION || compute != FLOAT || sh <= 0 || sw <= 0 || dh <= 0 ||
      dw <= 0 || ph < 0 || pw < 0)
    return BAD_PARAM;
  d->pad[0] = ph, d->pad[1] = pw, d->stride[0] = sh, d->stride[1] = sw;
  d->dilation[0] = dh, d->dilation[1] = dw;
  return SUCCESS;
}
EXPORT int cudnnSetConvolutionGroupCount(conv *d, int groups) {
  d->groups = groups;
  return SUCCESS;
}
EXPORT int cudnnSetConvolutionMathType(conv *d, int math) {
  d->math = math;
  return SUCCESS;
}
EXPORT int cudnnDestroyConvolutionDescriptor(conv *d) {
  free(d);
  return SUCCESS;
}

static int output_size(int in, int pad, int k, int stride, int dilation) {
  return (in + 2 * pad - dilation * (k - 1) - 1) / stride + 1;
}

EXPORT int cudnnGetConvolution2dForwardOutputDim(const conv *d, const tensor *x,
                                                 const filter *f, int *n, int *c, int *h,
                                                 int *w) {
  if (x->dims[1] != f->c * d->groups || f->k % d->groups)
    return BAD_PARAM;
  *n = x->dims[0];
  *c = f->k;
  *h = output_size(x->dims[2], d->pad[0], f->h, d->stride[0], d->dilation[0]);
  *w = output_size(x->dims[3], d->pad[1], f->w, d->stride[1], d->dilation[1]);
  return SUCCESS;
}

EXPORT int cudnnGetConvolutionForwardAlgorithm_v7(void *handle, const tensor *x,
                                                  const filter *f, const conv *d,
                                                  const tensor *y, int requested,
                                                  int *returned, perf *results) {
  (void)handle, (void)x, (void)f, (void)d, (void)y;
  ++heuristic_calls;
  perf ranked[4] = {{5, SUCCESS, 0.1f, 0, 0, TENSOR_OP_MATH, {0}},
                    {6, NOT_SUPPORTED, 0.2f, 0, 0, FMA_MATH, {0}},
                    {1, SUCCESS, 0.3f, (size_t)64 << 20, 0, FMA_MATH, {0}},
                    {0, SUCCESS, 0.4f, 0, 0, FMA_MATH, {0}}};
  int count = requested < 4 ? requested : 4;
  memcpy(results, ranked, (size_t)count * sizeof *results);
  *returned = count;
  return SUCCESS;
}

static int64_t at(const tensor *t, int n, int c, int h, int w) {
  return (int64_t)n * t->strides[0] + (int64_t)c * t->strides[1] +
         (int64_t)h * t->strides[2] + (int64_t)w * t->strides[3];
}

/* Checks the call as cuDNN would; then, for each output point, writes
 * alpha·conv + extra(point) (rounded once) through `finish`. */
typedef double (*finish_fn)(const void *context, int64_t out, int k, double sum);

static int convolve(void **handle, const tensor *xd, const void *x, const filter *fd,
                    const void *w, const conv *d, int algo, void *workspace,
                    size_t workspace_bytes, const tensor *yd, void *y, finish_fn finish,
                    const void *context) {
  if (!*handle)
    return BAD_PARAM; /* no stream set */
  if (refused(algo))
    return 2000;
  int type = xd->type;
  if (yd->type != type || fd->type != type)
    return BAD_PARAM;
  /* The tensor-core algorithm needs tensor-op math (for float32: TF32). */
  int tensor_cores = d->math == TENSOR_OP_MATH;
  if ((algo == 5 && !tensor_cores) || algo == 6 ||
      (algo == 1 && workspace_bytes < ((size_t)64 << 20)) || (workspace_bytes && !workspace))
    return NOT_SUPPORTED;
  int on, oc, oh, ow;
  if (cudnnGetConvolution2dForwardOutputDim(d, xd, fd, &on, &oc, &oh, &ow) != SUCCESS ||
      yd->dims[0] != on || yd->dims[1] != oc || yd->dims[2] != oh || yd->dims[3] != ow)
    return BAD_PARAM;
  last_algo = algo;
  last_math = d->math;
  last_stream = *handle;
  int per_group_in = fd->c, per_group_out = fd->k / d->groups;
  for (int n = 0; n < on; ++n)
    for (int k = 0; k < oc; ++k)
      for (int i = 0; i < oh; ++i)
        for (int j = 0; j < ow; ++j) {
          int g = k / per_group_out;
          double sum = 0;
          for (int c = 0; c < per_group_in; ++c)
            for (int r = 0; r < fd->h; ++r)
              for (int s = 0; s < fd->w; ++s) {
                int row = i * d->stride[0] - d->pad[0] + r * d->dilation[0];
                int col = j * d->stride[1] - d->pad[1] + s * d->dilation[1];
                if (row < 0 || col < 0 || row >= xd->dims[2] || col >= xd->dims[3])
                  continue;
                float value = load(type, x, at(xd, n, g * per_group_in + c, row, col));
                int64_t at_weight = fd->format == NHWC
                                        ? (((int64_t)k * fd->h + r) * fd->w + s) * fd->c + c
                                        : (((int64_t)k * fd->c + c) * fd->h + r) * fd->w + s;
                float weight = load(type, w, at_weight);
                sum += (double)value * weight;
              }
          int64_t out = at(yd, n, k, i, j);
          store(type, y, out, finish(context, out, k, sum));
        }
  return SUCCESS;
}

typedef struct {
  float alpha, beta;
  int type;
  const void *y;
} plain_context;

static double finish_plain(const void *context, int64_t out, int k, double sum) {
  (void)k;
  const plain_context *c = context;
  return c->alpha * sum + (c->beta == 0.0f ? 0.0 : c->beta * (double)load(c->type, c->y, out));
}

EXPORT int cudnnConvolutionForward(void **handle, const float *alpha, const tensor *xd,
                                   const void *x, const filter *fd, const void *w,
                                   const conv *d, int algo, void *workspace,
                                   size_t workspace_bytes, const float *beta,
                                   const tensor *yd, void *y) {
  plain_context context = {*alpha, *beta, xd->type, y};
  int status = convolve(handle, xd, x, fd, w, d, algo, workspace, workspace_bytes, yd, y,
                        finish_plain, &context);
  if (status == SUCCESS)
    ++convolutions;
  return status;
}

typedef struct {
  float alpha1, alpha2;
  int type, relu;
  const void *z, *bias;
} fused_context;

static double finish_fused(const void *context, int64_t out, int k, double sum) {
  const fused_context *c = context;
  double value = c->alpha1 * sum + (double)load(c->type, c->bias, k);
  if (c->alpha2 != 0.0f)
    value += c->alpha2 * (double)load(c->type, c->z, out);
  return c->relu && value < 0 ? 0.0 : value;
}

EXPORT int cudnnConvolutionBiasActivationForward(
    void **handle, const float *alpha1, const tensor *xd, const void *x, const filter *fd,
    const void *w, const conv *d, int algo, void *workspace, size_t workspace_bytes,
    const float *alpha2, const tensor *zd, const void *z, const tensor *bd, const void *bias,
    const activation *act, const tensor *yd, void *y) {
  if (getenv("FAKE_CUDNN_REFUSE_FUSED") || (act->mode == IDENTITY && algo != 1)) {
    ++fused_refusals;
    return NOT_SUPPORTED;
  }
  /* The bias is [1, k, 1, 1] of the output's type; z is laid out as y. */
  if (bd->type != yd->type || bd->dims[0] != 1 || bd->dims[1] != yd->dims[1] ||
      bd->dims[2] != 1 || bd->dims[3] != 1 || bd->strides[1] != 1 || zd->type != yd->type ||
      memcmp(zd->dims, yd->dims, sizeof zd->dims) ||
      memcmp(zd->strides, yd->strides, sizeof zd->strides))
    return BAD_PARAM;
  fused_context context = {*alpha1, *alpha2, xd->type, act->mode == RELU, z, bias};
  int status = convolve(handle, xd, x, fd, w, d, algo, workspace, workspace_bytes, yd, y,
                        finish_fused, &context);
  if (status == SUCCESS)
    ++fused_convolutions;
  else
    ++fused_refusals;
  return status;
}
