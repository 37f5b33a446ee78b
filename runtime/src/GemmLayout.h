/*===- GemmLayout.h - A strided matmul as a column-major BLAS call -------===*
 *
 * BLAS libraries are column-major; pt2c's matrices have any strides. A
 * matrix whose rows or columns are contiguous is a column-major matrix or
 * the transpose of one, so C += A·B is written as column-major
 * D = op(P)·op(Q) + D: with C's rows contiguous, D = Cᵀ = Bᵀ·Aᵀ (P is B,
 * Q is A); with C's columns contiguous, D = C = A·B. Pure arithmetic,
 * kept apart from the cuBLASLt calls so it is tested without a GPU.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_GEMMLAYOUT_H
#define PT2C_RUNTIME_GEMMLAYOUT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { PT2CRT_GEMM_OP_N = 0, PT2CRT_GEMM_OP_T = 1 }; /* BLAS's values */

/* Column-major storage of one operand: `rows` x `cols` with leading
 * dimension `ld`, used as is (op N) or transposed (op T). */
typedef struct pt2crt_stored_matrix {
  int32_t op;
  int64_t rows, cols, ld;
} pt2crt_stored_matrix;

typedef struct pt2crt_gemm_layout {
  pt2crt_stored_matrix p, q, d;
  int swapped; /* 1: P is B and Q is A (D is Cᵀ); 0: P is A, Q is B */
} pt2crt_gemm_layout;

/* A is m x k with element (i, j) at i*a_rows + j*a_cols (strides in
 * elements), B k x n, C m x n likewise; sizes at least 1. Returns 0 when
 * some operand has no contiguous dimension (or C is not addressable as a
 * column-major D without a transpose, which BLAS does not offer for D). */
int pt2crt_gemm_layout_of(int64_t m, int64_t n, int64_t k, int64_t a_rows, int64_t a_cols,
                          int64_t b_rows, int64_t b_cols, int64_t c_rows, int64_t c_cols,
                          pt2crt_gemm_layout *out);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_GEMMLAYOUT_H */
