/*===- CudaConv.h - Convolutions of CUDA runs through cuDNN ---------------===*
 *
 * The generated host code calls pt2crt_cuda_conv (CudaConv.c) in place of
 * each 2-d convolution it can hand over (pt2c-convolution-to-library) and
 * runs its own kernels (windows copied out, then a matmul) only when the
 * call declines. Per execution context (CudaLibraries.h) it keeps a cuDNN
 * handle and the plans of the shapes seen: descriptors and the algorithm
 * cuDNN's heuristic picked, so a static-shape model asks it once per
 * convolution.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDACONV_H
#define PT2C_RUNTIME_CUDACONV_H

#include "CudaDriver.h"

#include "pt2c/library_calls.h" /* the codes of the arguments and answers */

#ifdef __cplusplus
extern "C" {
#endif

struct pt2crt_conv_state; /* NULL until the context's first convolution */


/* y = conv(x, filter) (torch's conv2d: cross-correlation with zero
 * padding, strides, dilations and groups), or y += conv(x, filter) when
 * `accumulate` is nonzero. Addresses are device addresses; strides are in
 * elements.
 *
 * - x: n x c x h x w with strides x_n, x_c, x_h, x_w;
 * - filter: f x (c / groups) x kh x kw (or f x kh x kw x (c / groups)
 *   with the flag PT2CRT_CONV_FILTER_CHANNELS_LAST: what cuDNN's NHWC
 *   kernels read), read as the [groups, f / groups, c / groups * kh * kw] view the
 *   compiler holds, with strides filter_g, filter_f, filter_r: it must be
 *   packed (cuDNN's filters have no strides);
 * - y: n x f x oh x ow read as [n, groups, f / groups, oh * ow] with
 *   strides y_n, y_g, y_f, y_p.
 *
 * x's and y's strides say their layout: channels-last activations (x_c and
 * y_f 1) come with channels-last filters (pt2c-convolutions-channels-last).
 *
 * `type` is the element type of x, filter and y: 0 float32 (cuDNN's FMA
 * math: no TF32, unless the flag PT2CRT_CONV_ALLOW_TF32), 1 float16, 2 bfloat16 (both summed in float32 and
 * rounded once when written, on tensor cores where cuDNN picks them);
 * other types decline.
 * Returns PT2CRT_CONV_DONE when the convolution was queued on the run's
 * stream (also when the run failed already, or there is nothing to
 * compute), PT2CRT_CONV_DECLINED when the caller must compute it (no cuDNN,
 * a layout cuDNN cannot express, an unaligned operand, no algorithm that
 * fits the workspace). A cuDNN failure is the run's DEVICE_ERROR.
 *
 * With PT2CRT_CONV_BIAS in `flags` (and `accumulate` 0) an epilogue is
 * offered (library_calls.h): out = act(conv(x, filter) + z + bias[k]) for
 * output channel k, act ReLU with PT2CRT_CONV_RELU, z read only with
 * PT2CRT_CONV_RESIDUAL; `bias` holds f values of `type`, z and out are laid
 * out as y. cuDNN's cudnnConvolutionBiasActivationForward computes it in
 * float32 and rounds once; when it accepts, out is written (y is not) and
 * the answer is PT2CRT_CONV_DONE_WITH_EPILOGUE. When it refuses (a type,
 * layout or algorithm its fused kernels do not take; an identity
 * activation needs its IMPLICIT_PRECOMP_GEMM algorithm) the plan remembers
 * it and the convolution alone runs (PT2CRT_CONV_DONE). */
int32_t pt2crt_cuda_conv(int64_t type, int64_t x, int64_t n, int64_t c, int64_t h,
                         int64_t w, int64_t x_n, int64_t x_c, int64_t x_h, int64_t x_w,
                         int64_t filter, int64_t f, int64_t kh, int64_t kw,
                         int64_t filter_g, int64_t filter_f, int64_t filter_r, int64_t y,
                         int64_t oh, int64_t ow, int64_t y_n, int64_t y_g, int64_t y_f,
                         int64_t y_p, int64_t pad_h, int64_t pad_w, int64_t stride_h,
                         int64_t stride_w, int64_t dilation_h, int64_t dilation_w,
                         int64_t groups, int64_t accumulate, int64_t flags,
                         int64_t bias, int64_t z, int64_t out);

/* Frees the handle and plans; the device's context must be current. NULL
 * is a no-op. */
void pt2crt_conv_state_destroy(struct pt2crt_conv_state *state);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDACONV_H */
