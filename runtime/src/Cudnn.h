/*===- Cudnn.h - cuDNN, opened with dlopen --------------------------------===*
 *
 * Convolutions of CUDA models run through cuDNN when it can be opened
 * (CudaConv.c); without it they run as pt2c's own kernels, so a model
 * never needs it. As for the driver and cuBLASLt, the few types, values
 * and entry points used are declared here, so building needs no cuDNN
 * headers. They are cuDNN's convolution API of versions 8 and 9 (its
 * "legacy" API in 9: present, marked deprecated in favour of the graph
 * API; where a future cuDNN drops a symbol, opening fails and
 * convolutions run as pt2c's own kernels).
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDNN_H
#define PT2C_RUNTIME_CUDNN_H

#include "CudaDriver.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int cudnnStatus_t; /* CUDNN_STATUS_SUCCESS is 0 */
typedef struct cudnnContext *cudnnHandle_t;
typedef struct pt2crt_cudnn_opaque *cudnnTensorDescriptor_t;
typedef struct pt2crt_cudnn_opaque *cudnnFilterDescriptor_t;
typedef struct pt2crt_cudnn_opaque *cudnnConvolutionDescriptor_t;
typedef struct pt2crt_cudnn_opaque *cudnnActivationDescriptor_t;

/* cudnnConvolutionFwdAlgoPerf_t */
typedef struct {
  int algo;
  cudnnStatus_t status;
  float time;
  size_t memory;
  int determinism;
  int mathType;
  int reserved[3];
} pt2crt_cudnn_algo_perf;

enum {
  PT2CRT_CUDNN_STATUS_SUCCESS = 0,
  PT2CRT_CUDNN_DATA_FLOAT = 0,
  PT2CRT_CUDNN_DATA_HALF = 2,
  PT2CRT_CUDNN_DATA_BFLOAT16 = 9,
  PT2CRT_CUDNN_TENSOR_NCHW = 0,
  PT2CRT_CUDNN_TENSOR_NHWC = 1,
  PT2CRT_CUDNN_CROSS_CORRELATION = 1, /* torch's convolution */
  PT2CRT_CUDNN_DEFAULT_MATH = 0,
  PT2CRT_CUDNN_TENSOR_OP_MATH = 1,
  PT2CRT_CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION = 2,
  PT2CRT_CUDNN_FMA_MATH = 3, /* float32 without TF32 tensor cores */
  PT2CRT_CUDNN_FWD_ALGO_COUNT = 8,
  /* what cudnnConvolutionBiasActivationForward takes */
  PT2CRT_CUDNN_FWD_ALGO_IMPLICIT_PRECOMP_GEMM = 1, /* the one for an identity activation */
  PT2CRT_CUDNN_ACTIVATION_RELU = 1,
  PT2CRT_CUDNN_ACTIVATION_IDENTITY = 5,
  PT2CRT_CUDNN_PROPAGATE_NAN = 1,
};

typedef struct pt2crt_cudnn {
  size_t (*cudnnGetVersion)(void);
  const char *(*cudnnGetErrorString)(cudnnStatus_t);
  cudnnStatus_t (*cudnnCreate)(cudnnHandle_t *);
  cudnnStatus_t (*cudnnDestroy)(cudnnHandle_t);
  cudnnStatus_t (*cudnnSetStream)(cudnnHandle_t, CUstream);
  cudnnStatus_t (*cudnnCreateTensorDescriptor)(cudnnTensorDescriptor_t *);
  cudnnStatus_t (*cudnnSetTensor4dDescriptorEx)(cudnnTensorDescriptor_t, int type, int n,
                                                int c, int h, int w, int n_stride,
                                                int c_stride, int h_stride, int w_stride);
  cudnnStatus_t (*cudnnDestroyTensorDescriptor)(cudnnTensorDescriptor_t);
  cudnnStatus_t (*cudnnCreateFilterDescriptor)(cudnnFilterDescriptor_t *);
  cudnnStatus_t (*cudnnSetFilter4dDescriptor)(cudnnFilterDescriptor_t, int type,
                                              int format, int k, int c, int h, int w);
  cudnnStatus_t (*cudnnDestroyFilterDescriptor)(cudnnFilterDescriptor_t);
  cudnnStatus_t (*cudnnCreateConvolutionDescriptor)(cudnnConvolutionDescriptor_t *);
  cudnnStatus_t (*cudnnSetConvolution2dDescriptor)(cudnnConvolutionDescriptor_t, int pad_h,
                                                   int pad_w, int stride_h, int stride_w,
                                                   int dilation_h, int dilation_w,
                                                   int mode, int compute_type);
  cudnnStatus_t (*cudnnSetConvolutionGroupCount)(cudnnConvolutionDescriptor_t, int);
  cudnnStatus_t (*cudnnSetConvolutionMathType)(cudnnConvolutionDescriptor_t, int);
  cudnnStatus_t (*cudnnDestroyConvolutionDescriptor)(cudnnConvolutionDescriptor_t);
  cudnnStatus_t (*cudnnGetConvolution2dForwardOutputDim)(cudnnConvolutionDescriptor_t,
                                                         cudnnTensorDescriptor_t,
                                                         cudnnFilterDescriptor_t, int *n,
                                                         int *c, int *h, int *w);
  cudnnStatus_t (*cudnnGetConvolutionForwardAlgorithm_v7)(
      cudnnHandle_t, cudnnTensorDescriptor_t, cudnnFilterDescriptor_t,
      cudnnConvolutionDescriptor_t, cudnnTensorDescriptor_t, int requested, int *returned,
      pt2crt_cudnn_algo_perf *results);
  cudnnStatus_t (*cudnnConvolutionForward)(cudnnHandle_t, const void *alpha,
                                           cudnnTensorDescriptor_t, const void *x,
                                           cudnnFilterDescriptor_t, const void *w,
                                           cudnnConvolutionDescriptor_t, int algo,
                                           void *workspace, size_t workspace_bytes,
                                           const void *beta, cudnnTensorDescriptor_t,
                                           void *y);
  /* The fused convolution, bias, residual and activation: optional (NULL
   * when the library lacks one of them; convolutions then run alone). */
  cudnnStatus_t (*cudnnCreateActivationDescriptor)(cudnnActivationDescriptor_t *);
  cudnnStatus_t (*cudnnSetActivationDescriptor)(cudnnActivationDescriptor_t, int mode,
                                                int nan_propagation, double coefficient);
  cudnnStatus_t (*cudnnDestroyActivationDescriptor)(cudnnActivationDescriptor_t);
  cudnnStatus_t (*cudnnConvolutionBiasActivationForward)(
      cudnnHandle_t, const void *alpha1, cudnnTensorDescriptor_t, const void *x,
      cudnnFilterDescriptor_t, const void *w, cudnnConvolutionDescriptor_t, int algo,
      void *workspace, size_t workspace_bytes, const void *alpha2, cudnnTensorDescriptor_t z_desc,
      const void *z, cudnnTensorDescriptor_t bias_desc, const void *bias,
      cudnnActivationDescriptor_t, cudnnTensorDescriptor_t y_desc, void *y);
} pt2crt_cudnn;

/* Whether `dnn` has the fused entry points (pt2crt_cudnn's last four). */
static inline int pt2crt_cudnn_has_fused(const struct pt2crt_cudnn *dnn) {
  return dnn->cudnnCreateActivationDescriptor && dnn->cudnnSetActivationDescriptor &&
         dnn->cudnnDestroyActivationDescriptor && dnn->cudnnConvolutionBiasActivationForward;
}

/* Whether `status` says cuDNN refused the call's parameters before doing
 * anything (bad parameter, not supported): cuDNN 8's codes 3 and 9, cuDNN
 * 9's families 2000-2999 and 3000-3999. */
static inline int pt2crt_cudnn_refused(cudnnStatus_t status) {
  return status == 3 || status == 9 || (status >= 2000 && status < 4000);
}

/* cuDNN, opened once for the rest of the process, or NULL. Tried:
 * $PT2C_CUDNN alone when set ("off" or "0": never use cuDNN), else
 * libcudnn.so.9 and .so.8 on the loader's path, then under
 * /usr/local/cuda/lib64. A failure is remembered, like cuBLASLt's. */
const pt2crt_cudnn *pt2crt_cudnn_get(void);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDNN_H */
