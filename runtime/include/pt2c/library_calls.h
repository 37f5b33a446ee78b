/*===- library_calls.h - Contract of the runtime's library entry points ---===*
 *
 * Not a public header. Generated host code hands matmuls and convolutions
 * to the runtime's pt2crt_cuda_gemm (runtime/src/CudaGemm.h) and
 * pt2crt_cuda_conv (runtime/src/CudaConv.h), which call cuBLASLt and cuDNN
 * or decline so that the code runs its own kernels. The passes that emit
 * the calls (lib/Codegen/GPU/GemmToLibrary.cpp, ConvolutionToLibrary.cpp)
 * and the runtime both take the codes below from here, so the two sides
 * cannot disagree on what an argument or an answer means. Every argument
 * is an int64_t, every answer an int32_t; the argument lists are
 * documented with the functions.
 *
 * C99, no dependencies.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_LIBRARY_CALLS_H
#define PT2C_LIBRARY_CALLS_H

/* Element types of the operands (`type`, the first argument of both): A
 * and B of a matmul (C is float32 unless PT2CRT_GEMM_NARROW_OUTPUT), or x,
 * the filter and y of a convolution. */
enum {
  PT2CRT_TYPE_FLOAT32 = 0,
  PT2CRT_TYPE_FLOAT16 = 1,
  PT2CRT_TYPE_BFLOAT16 = 2,
};

/* pt2crt_cuda_gemm: its argument count, its answers, and its last
 * argument, the epilogue: a kind, with flags or'ed into it. */
#define PT2CRT_GEMM_PARAMETERS 23
enum {
  PT2CRT_GEMM_DECLINED = 0,          /* nothing was done: run the fallback */
  PT2CRT_GEMM_DONE = 1,              /* the product was; the epilogue is the caller's */
  PT2CRT_GEMM_DONE_WITH_EPILOGUE = 2, /* the product and the epilogue were */
};
enum {
  PT2CRT_GEMM_NO_EPILOGUE = 0,
  PT2CRT_GEMM_BIAS = 1,         /* C[i, j] += bias[j] after the product */
  PT2CRT_GEMM_RELU_BIAS = 2,    /* then C = max(C, 0) */
  /* With NARROW_OUTPUT only (done in float32, rounded once: cuBLASLt's GELU
   * is exact to a 16-bit result, not to float32's): C += bias[j], then C =
   * gelu(C) in its tanh form, 0.5 c (1 + tanh(sqrt(2/pi) (c + 0.044715
   * c^3))); GELU alone without the bias. */
  PT2CRT_GEMM_GELU_BIAS = 3,
  PT2CRT_GEMM_GELU = 4,
  PT2CRT_GEMM_EPILOGUE_KIND = 15, /* the bits of the kind */
  PT2CRT_GEMM_OVERWRITE = 16,   /* flag: C is not read, C = A·B (beta 0) */
  /* flag, with OVERWRITE: C has A's and B's 16-bit type, and so has the
   * bias; the float32 sum (plus the epilogue) is rounded to it once. The
   * call then does everything or nothing: it answers
   * PT2CRT_GEMM_DONE_WITH_EPILOGUE or PT2CRT_GEMM_DECLINED. */
  PT2CRT_GEMM_NARROW_OUTPUT = 32,
  /* flag: a float32 product may run on TF32 tensor cores (pt2c
   * --allow-tf32: torch's allow_tf32); ignored for the 16-bit types. */
  PT2CRT_GEMM_ALLOW_TF32 = 64,
};

/* pt2crt_cuda_conv: its argument count, its answers, and the flags of its
 * 33rd argument. Its last three are the epilogue's operands (0 without
 * one): the bias (f values of the type, contiguous), the residual z and
 * the epilogue's output, both of y's type laid out with y's strides. */
#define PT2CRT_CONV_PARAMETERS 36
enum {
  PT2CRT_CONV_DECLINED = 0,          /* nothing was done: run the fallback */
  PT2CRT_CONV_DONE = 1,              /* y = conv(x, w); the epilogue is the caller's */
  PT2CRT_CONV_DONE_WITH_EPILOGUE = 2, /* the epilogue's output was written, y was not */
};
enum {
  /* the filter is [f, kh, kw, c / groups] (channels-last) */
  PT2CRT_CONV_FILTER_CHANNELS_LAST = 1,
  /* a float32 convolution may run on TF32 tensor cores (--allow-tf32) */
  PT2CRT_CONV_ALLOW_TF32 = 2,
  /* an epilogue is offered: out = conv(x, w) + bias[channel], summed in
   * float32 and rounded to the type once, instead of y. The call answers
   * PT2CRT_CONV_DONE_WITH_EPILOGUE when it wrote out, or DONE (y written,
   * out not) or DECLINED, after which the caller computes out itself. */
  PT2CRT_CONV_BIAS = 4,
  PT2CRT_CONV_RESIDUAL = 8, /* with BIAS: + z[same point] before the activation */
  PT2CRT_CONV_RELU = 16,    /* with BIAS: then out = max(out, 0) */
  PT2CRT_CONV_EPILOGUE = PT2CRT_CONV_BIAS | PT2CRT_CONV_RESIDUAL | PT2CRT_CONV_RELU,
};

#endif /* PT2C_LIBRARY_CALLS_H */
