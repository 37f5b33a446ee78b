/*===- CudaGemm.h - Matmuls of CUDA runs through cuBLASLt ----------------===*
 *
 * The generated host code calls pt2crt_cuda_gemm (CudaGemm.c) before each
 * matmul-shaped op (pt2c-gemm-to-library) and runs its own kernel only
 * when the call declines. What the calls need from run to run lives in
 * the execution context (CudaLibraries.h): a cuBLASLt handle, the shared
 * device workspace, and the
 * plans (descriptors and the algorithm cuBLASLt's heuristic picked) of the
 * shapes seen, so a static-shape model asks the heuristic once per matmul.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_CUDAGEMM_H
#define PT2C_RUNTIME_CUDAGEMM_H

#include "CudaDriver.h"

#include "pt2c/library_calls.h" /* the codes of the arguments and answers */

#ifdef __cplusplus
extern "C" {
#endif

struct pt2crt_gemm_state; /* NULL until the context's first matmul */

/* C += A·B: A is m x k, B k x n, C m x n, each given by its device address
 * and its strides (in elements) along its rows and columns, repeated over
 * two outer loops (size 1 when unused) along which the operands advance by
 * their strides (0: the same matrix at every point). `type`: 0 float32
 * inputs, 1 float16, 2 bfloat16; C is float32.
 *
 * `epilogue` asks for more, fused into the same call where cuBLASLt can:
 * 0 nothing, PT2CRT_GEMM_BIAS C[i, j] += bias[j] after the product,
 * PT2CRT_GEMM_RELU_BIAS then C = max(C, 0); `bias` is the device address
 * of n contiguous floats, the same at every outer point. Or'ed into it,
 * PT2CRT_GEMM_OVERWRITE says C's values are not read: C = A·B (the
 * compiler passes it where C was just zero-filled, and moves the fill to
 * its fallback); with k = 0 that call declines, since C must be zeroed.
 * With it, PT2CRT_GEMM_NARROW_OUTPUT says C (and the bias) have A's
 * 16-bit type: the float32 sum plus the epilogue is rounded to it once,
 * and the call does all of it or declines (the compiler passes it where
 * the op after the matmul only rounds its float32 result, maybe after
 * adding a bias, so the float32 result never reaches memory).
 *
 * Returns PT2CRT_GEMM_DONE_WITH_EPILOGUE when the epilogue was done too,
 * PT2CRT_GEMM_DONE when the product was (the caller does the epilogue;
 * also when the run failed already and nothing was queued: the failure is
 * recorded), PT2CRT_GEMM_DECLINED when nothing was (no cuBLASLt, or a
 * layout it cannot express): then the caller runs its own kernels. The
 * generated host code calls it with a run current (pt2c-gemm-to-library). */
int32_t pt2crt_cuda_gemm(int64_t type, int64_t m, int64_t n, int64_t k, int64_t a,
                         int64_t a_rows, int64_t a_cols, int64_t b, int64_t b_rows,
                         int64_t b_cols, int64_t c, int64_t c_rows, int64_t c_cols,
                         int64_t outer0, int64_t a0, int64_t b0, int64_t c0, int64_t outer1,
                         int64_t a1, int64_t b1, int64_t c1, int64_t bias, int64_t epilogue);

/* Frees the handle and plans (the workspace is the context's,
 * CudaLibraries.h); the device's context must be current. NULL is a no-op. */
void pt2crt_gemm_state_destroy(struct pt2crt_gemm_state *state);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CUDAGEMM_H */
