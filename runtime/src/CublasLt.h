/*===- CublasLt.h - cuBLASLt, opened with dlopen -------------------------===*
 *
 * Matmuls of CUDA models run through cuBLASLt when it can be opened
 * (CudaGemm.c); without it they run as pt2c's own kernels, so a model
 * never needs it. Like the driver (CudaDriver.h), the few types, values
 * and entry points used are declared here, so building needs no CUDA
 * headers; the values are cuBLASLt's documented, stable ABI.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUBLASLT_H
#define PT2C_RUNTIME_CUBLASLT_H

#include "CudaDriver.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int cublasStatus_t; /* CUBLAS_STATUS_SUCCESS is 0 */
typedef struct cublasLtContext *cublasLtHandle_t;
typedef struct pt2crt_cublaslt_opaque *cublasLtMatmulDesc_t;
typedef struct pt2crt_cublaslt_opaque *cublasLtMatrixLayout_t;
typedef struct pt2crt_cublaslt_opaque *cublasLtMatmulPreference_t;

typedef struct {
  uint64_t data[8];
} cublasLtMatmulAlgo_t;

typedef struct {
  cublasLtMatmulAlgo_t algo;
  size_t workspaceSize;
  cublasStatus_t state;
  float wavesCount;
  int reserved[4];
} cublasLtMatmulHeuristicResult_t;

enum {
  PT2CRT_CUBLAS_STATUS_SUCCESS = 0,
  PT2CRT_CUBLAS_OP_N = 0,
  PT2CRT_CUBLAS_OP_T = 1,
  PT2CRT_CUBLAS_COMPUTE_32F = 68, /* full float32: no TF32 */
  PT2CRT_CUBLAS_COMPUTE_32F_FAST_TF32 = 77, /* float32 on TF32 tensor cores */
  PT2CRT_CUDA_R_32F = 0,
  PT2CRT_CUDA_R_16F = 2,
  PT2CRT_CUDA_R_16BF = 14,
  PT2CRT_CUBLASLT_MATMUL_DESC_TRANSA = 3,       /* int32_t */
  PT2CRT_CUBLASLT_MATMUL_DESC_TRANSB = 4,       /* int32_t */
  PT2CRT_CUBLASLT_MATMUL_DESC_EPILOGUE = 7,     /* uint32_t */
  PT2CRT_CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8, /* const void * */
  PT2CRT_CUBLASLT_EPILOGUE_BIAS = 4,            /* D = A·B + C + bias (per row of D) */
  PT2CRT_CUBLASLT_EPILOGUE_RELU_BIAS = 6,       /* then max(x, 0) */
  PT2CRT_CUBLASLT_EPILOGUE_GELU = 32,           /* gelu(x), the tanh form */
  PT2CRT_CUBLASLT_EPILOGUE_GELU_BIAS = 36,      /* gelu(x + bias) */
  PT2CRT_CUBLASLT_EPILOGUE_HAS_BIAS = 4,        /* the bit of the kinds with a bias */
  PT2CRT_CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5, /* int32_t */
  PT2CRT_CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6, /* int64_t */
  PT2CRT_CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1,   /* uint64_t */
  PT2CRT_CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES = 5, /* uint32_t; B, C, D follow */
};

typedef struct pt2crt_cublaslt {
  cublasStatus_t (*cublasLtCreate)(cublasLtHandle_t *);
  cublasStatus_t (*cublasLtDestroy)(cublasLtHandle_t);
  const char *(*cublasLtGetStatusName)(cublasStatus_t);
  cublasStatus_t (*cublasLtMatmulDescCreate)(cublasLtMatmulDesc_t *, int compute,
                                             int scale_type);
  cublasStatus_t (*cublasLtMatmulDescDestroy)(cublasLtMatmulDesc_t);
  cublasStatus_t (*cublasLtMatmulDescSetAttribute)(cublasLtMatmulDesc_t, int,
                                                   const void *, size_t);
  cublasStatus_t (*cublasLtMatrixLayoutCreate)(cublasLtMatrixLayout_t *, int type,
                                               uint64_t rows, uint64_t cols, int64_t ld);
  cublasStatus_t (*cublasLtMatrixLayoutDestroy)(cublasLtMatrixLayout_t);
  cublasStatus_t (*cublasLtMatrixLayoutSetAttribute)(cublasLtMatrixLayout_t, int,
                                                     const void *, size_t);
  cublasStatus_t (*cublasLtMatmulPreferenceCreate)(cublasLtMatmulPreference_t *);
  cublasStatus_t (*cublasLtMatmulPreferenceDestroy)(cublasLtMatmulPreference_t);
  cublasStatus_t (*cublasLtMatmulPreferenceSetAttribute)(cublasLtMatmulPreference_t,
                                                         int, const void *, size_t);
  cublasStatus_t (*cublasLtMatmulAlgoGetHeuristic)(
      cublasLtHandle_t, cublasLtMatmulDesc_t, cublasLtMatrixLayout_t,
      cublasLtMatrixLayout_t, cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
      cublasLtMatmulPreference_t, int, cublasLtMatmulHeuristicResult_t *, int *);
  cublasStatus_t (*cublasLtMatmul)(cublasLtHandle_t, cublasLtMatmulDesc_t,
                                   const void *alpha, const void *a,
                                   cublasLtMatrixLayout_t, const void *b,
                                   cublasLtMatrixLayout_t, const void *beta,
                                   const void *c, cublasLtMatrixLayout_t, void *d,
                                   cublasLtMatrixLayout_t, const cublasLtMatmulAlgo_t *,
                                   void *workspace, size_t workspace_bytes, CUstream);
} pt2crt_cublaslt;

/* cuBLASLt, opened once for the rest of the process, or NULL. Tried:
 * $PT2C_CUBLASLT alone when set ("off" or "0": never use cuBLASLt), else
 * libcublasLt.so.13 and .so.12 on the loader's path, then under
 * /usr/local/cuda/lib64. Unlike the driver, a failure is remembered:
 * the answer is asked before every matmul. */
const pt2crt_cublaslt *pt2crt_cublaslt_get(void);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUBLASLT_H */
