/*===- WeightFolds.c - Batch norms folded into the weights ----------------===*
 *
 * weight_folds.h says what and why. This file is compiled into the runtime
 * and into the compiler (lib/Package), so it uses nothing else of the
 * runtime. 16-bit values are converted by hand: a _Float16 or __bf16 cast
 * could become a compiler-rt call, and no model links compiler-rt
 * (Bfloat16.c).
 *===----------------------------------------------------------------------===*/

#include "pt2c/weight_folds.h"

#include <math.h>
#include <string.h>

enum { kFloat = 2, kBfloat = 4 };

static int supported(uint8_t code, uint8_t bits) {
  return (code == kFloat && (bits == 16 || bits == 32 || bits == 64)) ||
         (code == kBfloat && bits == 16);
}

static float float_of_bits(uint32_t bits) {
  float value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

static double half_to_double(uint16_t h) {
  int exponent = (h >> 10) & 0x1f;
  double mantissa = h & 0x3ff;
  double magnitude;
  if (exponent == 0)
    magnitude = ldexp(mantissa, -24);
  else if (exponent == 31)
    magnitude = mantissa != 0 ? NAN : INFINITY;
  else
    magnitude = ldexp(mantissa + 1024, exponent - 25);
  return (h & 0x8000) ? -magnitude : magnitude;
}

/* Round to nearest, ties to even, straight from double (no double rounding
 * through float). */
static uint16_t double_to_half(double value) {
  uint16_t sign = signbit(value) ? 0x8000 : 0;
  double magnitude = fabs(value);
  if (isnan(value))
    return (uint16_t)(sign | 0x7e00);
  if (magnitude >= 65520.0) /* rounds past the largest half, 65504 */
    return (uint16_t)(sign | 0x7c00);
  int exponent;
  frexp(magnitude, &exponent); /* magnitude = f * 2^exponent, f in [0.5, 1) */
  /* A normal half has 11 significant bits: units of 2^(exponent - 11);
   * subnormals (exponent < -13) units of 2^-24. */
  int unit = exponent - 11 < -24 ? -24 : exponent - 11;
  double units = nearbyint(ldexp(magnitude, -unit)); /* ties to even */
  double rounded = ldexp(units, unit);
  if (rounded == 0)
    return sign;
  frexp(rounded, &exponent);
  if (exponent - 1 < -14) /* subnormal: the units are the bits */
    return (uint16_t)(sign | (uint16_t)units);
  uint16_t biased = (uint16_t)(exponent - 1 + 15);
  uint16_t fraction = (uint16_t)(ldexp(rounded, 11 - exponent) - 1024);
  return (uint16_t)(sign | (biased << 10) | fraction);
}

/* Likewise for bfloat16: 8 significant bits, float's exponent range
 * (subnormal units 2^-133). The rounded value is exact in float, whose top
 * half is then the bfloat16. */
static uint16_t double_to_bfloat(double value) {
  if (isnan(value))
    return (uint16_t)(signbit(value) ? 0xffc0 : 0x7fc0);
  double magnitude = fabs(value);
  int exponent;
  frexp(magnitude, &exponent);
  int unit = exponent - 8 < -133 ? -133 : exponent - 8;
  double rounded = ldexp(nearbyint(ldexp(magnitude, -unit)), unit);
  float single = rounded > 3.3895313892515355e38 ? INFINITY : (float)rounded;
  uint32_t bits;
  memcpy(&bits, &single, sizeof bits);
  return (uint16_t)((bits >> 16) | (signbit(value) ? 0x8000u : 0u));
}

static double load(const uint8_t *p, uint8_t code, uint8_t bits) {
  if (bits == 64) {
    double v;
    memcpy(&v, p, sizeof v);
    return v;
  }
  if (bits == 32) {
    float v;
    memcpy(&v, p, sizeof v);
    return v;
  }
  uint16_t h;
  memcpy(&h, p, sizeof h);
  return code == kBfloat ? (double)float_of_bits((uint32_t)h << 16) : half_to_double(h);
}

static void store(uint8_t *p, uint8_t code, uint8_t bits, double value) {
  if (bits == 64) {
    memcpy(p, &value, sizeof value);
  } else if (bits == 32) {
    float v = (float)value;
    memcpy(p, &v, sizeof v);
  } else {
    uint16_t h = code == kBfloat ? double_to_bfloat(value) : double_to_half(value);
    memcpy(p, &h, sizeof h);
  }
}

static int inside(uint64_t offset, uint64_t bytes, uint64_t blob_bytes) {
  return offset <= blob_bytes && bytes <= blob_bytes - offset;
}

const char *pt2crt_check_weight_fold(const pt2c_weight_fold *fold, uint64_t blob_bytes) {
  if (fold->kind != PT2C_FOLD_SCALE_FILTER && fold->kind != PT2C_FOLD_SHIFT)
    return "an unknown kind of weight fold";
  if (!supported(fold->target_code, fold->target_bits) ||
      !supported(fold->stats_code, fold->stats_bits))
    return "a weight fold of an unsupported type";
  if (fold->channels < 1 || fold->channels > INT64_MAX / 8)
    return "a weight fold without channels";
  uint64_t stats = (uint64_t)fold->channels * (fold->stats_bits / 8);
  if ((fold->gamma != PT2C_FOLD_NO_GAMMA && !inside(fold->gamma, stats, blob_bytes)) ||
      !inside(fold->var, stats, blob_bytes) ||
      (fold->kind == PT2C_FOLD_SHIFT && !inside(fold->mean, stats, blob_bytes)) ||
      (fold->kind == PT2C_FOLD_SHIFT && fold->bias != PT2C_FOLD_NO_BIAS &&
       !inside(fold->bias, stats, blob_bytes)))
    return "a weight fold's statistics outside the blob";
  if (fold->kind == PT2C_FOLD_SHIFT) {
    uint64_t bytes = (uint64_t)fold->channels * (fold->target_bits / 8);
    return inside(fold->target, bytes, blob_bytes) ? NULL
                                                   : "a folded bias outside the blob";
  }
  if (fold->rank < 1 || fold->rank > 16 || !fold->sizes || !fold->strides ||
      fold->channel_stride < 1)
    return "a folded filter without a layout";
  /* The range of sum(i[d] * strides[d]) + base over the box, which must
   * not overflow nor go below 0 (a negative element would give a negative
   * channel), and the element count. */
  int64_t low = fold->base, high = fold->base;
  uint64_t numel = 1;
  for (int32_t d = 0; d < fold->rank; ++d) {
    int64_t size = fold->sizes[d], step;
    if (size < 1 || __builtin_mul_overflow(size - 1, fold->strides[d], &step) ||
        __builtin_add_overflow(step < 0 ? low : high, step, step < 0 ? &low : &high) ||
        __builtin_mul_overflow(numel, (uint64_t)size, &numel) || numel > (UINT64_MAX >> 8))
      return "a folded filter with a bad layout";
  }
  if (low < 0)
    return "a folded filter reaching before its storage";
  if (!inside(fold->target, numel * (fold->target_bits / 8), blob_bytes))
    return "a folded filter outside the blob";
  return NULL;
}

static double scale_of(const uint8_t *blob, const pt2c_weight_fold *fold, int64_t c) {
  size_t at = (size_t)c * (fold->stats_bits / 8);
  double var = load(blob + fold->var + at, fold->stats_code, fold->stats_bits);
  double gamma = fold->gamma == PT2C_FOLD_NO_GAMMA
                     ? 1.0
                     : load(blob + fold->gamma + at, fold->stats_code, fold->stats_bits);
  return gamma / sqrt(var + fold->eps);
}

static void scale_filter(uint8_t *blob, const pt2c_weight_fold *fold) {
  int64_t index[16] = {0};
  size_t bytes = fold->target_bits / 8;
  uint8_t *out = blob + fold->target;
  for (;;) {
    int64_t element = fold->base;
    for (int32_t d = 0; d < fold->rank; ++d)
      element += index[d] * fold->strides[d];
    double s = scale_of(blob, fold, (element / fold->channel_stride) % fold->channels);
    store(out, fold->target_code, fold->target_bits,
          load(out, fold->target_code, fold->target_bits) * s);
    out += bytes;
    int32_t d = fold->rank;
    while (d > 0 && ++index[d - 1] == fold->sizes[d - 1])
      index[--d] = 0;
    if (d == 0)
      return;
  }
}

static void shift(uint8_t *blob, const pt2c_weight_fold *fold) {
  size_t bytes = fold->target_bits / 8, stat = fold->stats_bits / 8;
  for (int64_t c = 0; c < fold->channels; ++c) {
    uint8_t *beta = blob + fold->target + (size_t)c * bytes;
    double mean = load(blob + fold->mean + (size_t)c * stat, fold->stats_code,
                       fold->stats_bits);
    double bias = fold->bias == PT2C_FOLD_NO_BIAS
                      ? 0.0
                      : load(blob + fold->bias + (size_t)c * stat, fold->stats_code,
                             fold->stats_bits);
    double t = load(beta, fold->target_code, fold->target_bits) +
               (bias - mean) * scale_of(blob, fold, c);
    store(beta, fold->target_code, fold->target_bits, t);
  }
}

void pt2crt_apply_weight_folds(uint8_t *blob, int32_t n, const pt2c_weight_fold *folds) {
  for (int32_t i = 0; i < n; ++i) {
    if (folds[i].kind == PT2C_FOLD_SCALE_FILTER)
      scale_filter(blob, &folds[i]);
    else
      shift(blob, &folds[i]);
  }
}
