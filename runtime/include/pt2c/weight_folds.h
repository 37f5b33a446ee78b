/*===- weight_folds.h - Batch norms folded into the weights before a run ----===*
 *
 * An inference batch norm right after a convolution, y = (conv(x, W) + b)
 * * s + beta - mean * s with s = gamma / sqrt(var + eps) per output channel
 * (b the convolution's bias, if any), is the convolution of the filter
 * W * s plus the bias t = beta + (b - mean) * s. The
 * compiler (pt2c-fold-batch-norm) rewrites the program to read W and beta
 * as W * s and t, and records here how to turn the archive's values into
 * those: one pt2c_weight_fold per weight rewritten in place in the blob.
 *
 * The same code applies them on both sides, so the two blobs are equal to
 * the bit: the compiler, on the embedded blob (lib/Package links this
 * file's .c), and the runtime, on the blob it reads from the .pt2 when a
 * model compiled with --weights external is created (ExternalWeights.c).
 *
 * Folds only read weights no fold writes (the statistics) and each writes
 * a weight of its own, so their order does not matter. Arithmetic is in
 * double, rounded once to the weight's type.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_WEIGHT_FOLDS_H
#define PT2C_WEIGHT_FOLDS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  /* target[e] *= s[channel(e)]: a convolution's filter. */
  PT2C_FOLD_SCALE_FILTER = 1,
  /* target[c] += (b[c] - mean[c]) * s[c]: beta becomes the bias t. */
  PT2C_FOLD_SHIFT = 2,
};

/* No gamma (batch norm without an affine weight): s = 1 / sqrt(var + eps);
 * no bias (a convolution without one): b = 0. */
#define PT2C_FOLD_NO_GAMMA UINT64_MAX
#define PT2C_FOLD_NO_BIAS UINT64_MAX

typedef struct pt2c_weight_fold {
  int32_t kind; /* PT2C_FOLD_* */
  /* DLPack (code, bits) of the target and of the statistics (all of one
   * type): float32, float64, float16 (2, *) or bfloat16 (4, 16). */
  uint8_t target_code, target_bits, stats_code, stats_bits;
  /* Blob offsets: the weight rewritten, and the [channels] statistics and
   * convolution bias (mean and bias are read by PT2C_FOLD_SHIFT only). */
  uint64_t target, gamma, var, mean, bias;
  int64_t channels;
  double eps;
  /* PT2C_FOLD_SCALE_FILTER: the target as stored is `rank` dims of `sizes`,
   * row-major; its element at index i is the archive's storage element
   * e = sum(i[d] * strides[d]) + base (relative to the archive's first
   * element of the filter), which is of output channel
   * (e / channel_stride) % channels. This holds whatever the stored layout
   * (permuted, in panels), as the filter is dense in the archive (any
   * order of its dims: contiguous or channels-last), channel_stride being
   * its dim 0's stride there. */
  int32_t rank;
  const int64_t *sizes;
  const int64_t *strides;
  int64_t base;
  int64_t channel_stride;
} pt2c_weight_fold;

/* NULL when `fold` is consistent with a blob of `blob_bytes` (every read
 * and write inside it, every channel in range); else why not, a constant
 * string. Only what this checks is assumed by the apply below. */
const char *pt2crt_check_weight_fold(const pt2c_weight_fold *fold, uint64_t blob_bytes);

/* Applies `n` checked folds to `blob` in place. */
void pt2crt_apply_weight_folds(uint8_t *blob, int32_t n, const pt2c_weight_fold *folds);

#ifdef __cplusplus
}
#endif

#endif /* PT2C_WEIGHT_FOLDS_H */
