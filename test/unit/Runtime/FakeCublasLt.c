/*===- FakeCublasLt.c - A stand-in for libcublasLt.so for CudaGemmTest ---===*
 *
 * Opened through PT2C_CUBLASLT. Implements the entry points the runtime
 * uses (runtime/src/CublasLt.h) with a plain column-major
 * D = alpha·op(A)·op(B) + beta·C (float32 or float16 A and B, float32 C
 * and D, or float16 ones with float16 A and B) on host memory (the fake driver's "device
 * memory" is host memory), honouring transposes, leading dimensions and
 * strided batches as cuBLASLt documents them, and the BIAS and RELU_BIAS
 * epilogues (a bias per row of D). Counts its matmuls for the tests
 * (fake_cublaslt_matmuls).
 *===----------------------------------------------------------------------===*/

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

enum { SUCCESS = 0, NOT_SUPPORTED = 15, INVALID_VALUE = 7 };
enum { R_32F = 0, R_16F = 2, TRANSA = 3, TRANSB = 4, BATCH_COUNT = 5, BATCH_STRIDE = 6 };
enum {
  EPILOGUE = 7,
  BIAS_POINTER = 8,
  EPILOGUE_BIAS = 4,
  EPILOGUE_RELU_BIAS = 6,
  EPILOGUE_GELU = 32,
  EPILOGUE_GELU_BIAS = 36
};

typedef struct desc {
  int compute; /* the compute type it was made with */
  int32_t trans[2];
  uint32_t epilogue; /* 0 (default), EPILOGUE_BIAS or EPILOGUE_RELU_BIAS */
  const void *bias; /* one per row of D, of D's type */
} desc;
typedef struct layout {
  int type;
  uint64_t rows, cols;
  int64_t ld;
  int32_t batch;
  int64_t stride;
} layout;
typedef struct {
  uint64_t data[8];
} algo;
typedef struct {
  algo algorithm;
  size_t workspace;
  int state;
  float waves;
  int reserved[4];
} heuristic;

static long matmuls;
static int last_compute = -1;

EXPORT long fake_cublaslt_matmuls(void) { return matmuls; }
/* The compute type of the last matmul's descriptor (68: float32, 77: TF32). */
EXPORT int fake_cublaslt_last_compute(void) { return last_compute; }

EXPORT int cublasLtCreate(void **handle) {
  *handle = malloc(1);
  return SUCCESS;
}
EXPORT int cublasLtDestroy(void *handle) {
  free(handle);
  return SUCCESS;
}
EXPORT const char *cublasLtGetStatusName(int status) {
  return status == SUCCESS ? "CUBLAS_STATUS_SUCCESS" : "CUBLAS_STATUS_NOT_SUPPORTED";
}
EXPORT int cublasLtMatmulDescCreate(desc **out, int compute, int scale) {
  (void)scale;
  *out = calloc(1, sizeof **out);
  (*out)->compute = compute;
  return SUCCESS;
}
EXPORT int cublasLtMatmulDescDestroy(desc *d) {
  free(d);
  return SUCCESS;
}
EXPORT int cublasLtMatmulDescSetAttribute(desc *d, int attribute, const void *value,
                                          size_t size) {
  if (attribute == EPILOGUE && size == sizeof(uint32_t)) {
    memcpy(&d->epilogue, value, size);
    return d->epilogue == 1 || d->epilogue == EPILOGUE_BIAS ||
                   d->epilogue == EPILOGUE_RELU_BIAS || d->epilogue == EPILOGUE_GELU ||
                   d->epilogue == EPILOGUE_GELU_BIAS
               ? SUCCESS
               : NOT_SUPPORTED;
  }
  if (attribute == BIAS_POINTER && size == sizeof(void *)) {
    memcpy(&d->bias, value, size);
    return SUCCESS;
  }
  if ((attribute != TRANSA && attribute != TRANSB) || size != sizeof(int32_t))
    return SUCCESS; /* others are not used for the arithmetic */
  memcpy(&d->trans[attribute - TRANSA], value, size);
  return SUCCESS;
}
EXPORT int cublasLtMatrixLayoutCreate(layout **out, int type, uint64_t rows, uint64_t cols,
                                      int64_t ld) {
  if (ld < (int64_t)rows)
    return INVALID_VALUE;
  *out = calloc(1, sizeof **out);
  **out = (layout){type, rows, cols, ld, 1, 0};
  return SUCCESS;
}
EXPORT int cublasLtMatrixLayoutDestroy(layout *l) {
  free(l);
  return SUCCESS;
}
EXPORT int cublasLtMatrixLayoutSetAttribute(layout *l, int attribute, const void *value,
                                            size_t size) {
  if (attribute == BATCH_COUNT && size == sizeof(int32_t))
    memcpy(&l->batch, value, size);
  else if (attribute == BATCH_STRIDE && size == sizeof(int64_t))
    memcpy(&l->stride, value, size);
  else
    return INVALID_VALUE;
  return SUCCESS;
}
EXPORT int cublasLtMatmulPreferenceCreate(void **out) {
  *out = malloc(1);
  return SUCCESS;
}
EXPORT int cublasLtMatmulPreferenceDestroy(void *p) {
  free(p);
  return SUCCESS;
}
EXPORT int cublasLtMatmulPreferenceSetAttribute(void *p, int attribute, const void *value,
                                                size_t size) {
  (void)p;
  (void)attribute;
  (void)value;
  (void)size;
  return SUCCESS;
}
EXPORT int cublasLtMatmulAlgoGetHeuristic(void *handle, desc *d, layout *a, layout *b,
                                          layout *c, layout *dd, void *preference,
                                          int requested, heuristic *results, int *found) {
  (void)handle, (void)d, (void)c, (void)dd, (void)preference;
  *found = 0;
  if (requested < 1 || (a->type != R_32F && a->type != R_16F) || b->type != a->type ||
      (c->type != R_32F && c->type != a->type))
    return NOT_SUPPORTED; /* float32 or float16 inputs, float32 or their type out */
  memset(results, 0, sizeof *results);
  *found = 1;
  return SUCCESS;
}

/* A float16's value (normal numbers and zero: what the tests use). */
static float from_half(uint16_t h) {
  int exponent = (h >> 10) & 31;
  float magnitude = exponent ? (float)(1024 + (h & 1023)) / 1024.0f : 0.0f;
  for (int e = exponent; e > 15; --e)
    magnitude *= 2.0f;
  for (int e = exponent; e < 15 && exponent; ++e)
    magnitude /= 2.0f;
  return (h & 0x8000) ? -magnitude : magnitude;
}

/* The float16 nearest `value` (ties away from zero: the tests' values are
 * exact in float16 or halfway at most), for normal numbers and zero. */
static uint16_t to_half(float value) {
  uint16_t sign = value < 0.0f ? 0x8000 : 0;
  float magnitude = value < 0.0f ? -value : value;
  if (magnitude == 0.0f)
    return sign;
  int exponent = 15;
  while (magnitude >= 2.0f) {
    magnitude /= 2.0f;
    ++exponent;
  }
  while (magnitude < 1.0f) {
    magnitude *= 2.0f;
    --exponent;
  }
  uint32_t fraction = (uint32_t)((magnitude - 1.0f) * 1024.0f + 0.5f);
  if (fraction == 1024) {
    fraction = 0;
    ++exponent;
  }
  return (uint16_t)(sign | exponent << 10 | fraction);
}

/* Element (r, k) of op(M) for a column-major M whose batch starts at
 * element `offset`. */
static float at(const void *m, const layout *l, int64_t offset, int32_t trans, uint64_t r,
                uint64_t k) {
  int64_t i = offset + (int64_t)(trans ? k + r * (uint64_t)l->ld : r + k * (uint64_t)l->ld);
  return l->type == R_16F ? from_half(((const uint16_t *)m)[i]) : ((const float *)m)[i];
}

EXPORT int cublasLtMatmul(void *handle, desc *d, const float *alpha, const void *a,
                          layout *la, const void *b, layout *lb, const float *beta,
                          const void *c, layout *lc, void *out, layout *ld,
                          const void *algorithm, void *workspace, size_t workspace_bytes,
                          void *stream) {
  (void)handle, (void)algorithm, (void)workspace, (void)workspace_bytes, (void)stream;
  if (c != out || lc != ld)
    return NOT_SUPPORTED; /* the runtime only ever accumulates in place */
  last_compute = d->compute;
  uint64_t rows = ld->rows, cols = ld->cols;
  uint64_t depth = d->trans[0] ? la->rows : la->cols;
  int narrow = ld->type == R_16F; /* D and the bias float16 */
  for (int32_t batch = 0; batch < ld->batch; ++batch) {
    int64_t first = batch * ld->stride;
    for (uint64_t i = 0; i < rows; ++i)
      for (uint64_t j = 0; j < cols; ++j) {
        double sum = 0;
        for (uint64_t k = 0; k < depth; ++k)
          sum += (double)at(a, la, batch * la->stride, d->trans[0], i, k) *
                 at(b, lb, batch * lb->stride, d->trans[1], k, j);
        int64_t target = first + (int64_t)(i + j * (uint64_t)ld->ld);
        /* As cuBLASLt: with beta 0, C is not read (it may hold NaN). */
        float value = (float)(*alpha * sum +
                              (*beta == 0.0f ? 0.0 : *beta * at(out, ld, target, 0, 0, 0)));
        if (d->epilogue == EPILOGUE_BIAS || d->epilogue == EPILOGUE_RELU_BIAS ||
            d->epilogue == EPILOGUE_GELU_BIAS)
          value += narrow ? from_half(((const uint16_t *)d->bias)[i])
                          : ((const float *)d->bias)[i]; /* the same for every batch */
        if (d->epilogue == EPILOGUE_RELU_BIAS && value < 0.0f)
          value = 0.0f;
        if (d->epilogue == EPILOGUE_GELU || d->epilogue == EPILOGUE_GELU_BIAS)
          value = 0.5f * value *
                  (1.0f + tanhf(0.7978845608f * (value + 0.044715f * value * value * value)));
        if (narrow)
          ((uint16_t *)out)[target] = to_half(value);
        else
          ((float *)out)[target] = value;
      }
  }
  ++matmuls;
  return SUCCESS;
}
