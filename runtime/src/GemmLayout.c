/*===- GemmLayout.c - A strided matmul as a column-major BLAS call -------===*/

#include "GemmLayout.h"

/* A logical rows x cols matrix with element (i, j) at i*s_rows + j*s_cols
 * as a column-major matrix (op N) or, when `allow_transpose`, the
 * transpose of one (op T). The stride of a size-1 dimension does not
 * matter; the leading dimension must cover the stored rows. */
static int store(int64_t rows, int64_t cols, int64_t s_rows, int64_t s_cols,
                 int allow_transpose, pt2crt_stored_matrix *out) {
  if ((rows == 1 || s_rows == 1) && (cols == 1 || s_cols >= rows)) {
    *out = (pt2crt_stored_matrix){PT2CRT_GEMM_OP_N, rows, cols, cols == 1 ? rows : s_cols};
    return 1;
  }
  if (allow_transpose && (cols == 1 || s_cols == 1) && (rows == 1 || s_rows >= cols)) {
    *out = (pt2crt_stored_matrix){PT2CRT_GEMM_OP_T, cols, rows, rows == 1 ? cols : s_rows};
    return 1;
  }
  return 0;
}

int pt2crt_gemm_layout_of(int64_t m, int64_t n, int64_t k, int64_t a_rows, int64_t a_cols,
                          int64_t b_rows, int64_t b_cols, int64_t c_rows, int64_t c_cols,
                          pt2crt_gemm_layout *out) {
  if (m < 1 || n < 1 || k < 1)
    return 0;
  /* Cᵀ (n x m) has element (j, i) at j*c_cols + i*c_rows; Bᵀ and Aᵀ alike. */
  if (store(n, m, c_cols, c_rows, 0, &out->d)) {
    out->swapped = 1;
    return store(n, k, b_cols, b_rows, 1, &out->p) && store(k, m, a_cols, a_rows, 1, &out->q);
  }
  if (store(m, n, c_rows, c_cols, 0, &out->d)) {
    out->swapped = 0;
    return store(m, k, a_rows, a_cols, 1, &out->p) && store(k, n, b_rows, b_cols, 1, &out->q);
  }
  return 0;
}
