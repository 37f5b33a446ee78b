/*===- Bfloat16.c - The float -> bfloat16 conversion LLVM may call --------===*
 *
 * The CPU pipeline writes bfloat16 conversions as integer arithmetic
 * (arith-expand), yet LLVM's optimized code can still hold a float ->
 * bfloat16 truncation, which on CPUs without AVX512-BF16 (the x86-64-v3
 * and -v4 baselines) becomes a call of compiler-rt's `__truncsfbf2`, and
 * no model links compiler-rt: a bfloat16 fill split into chunks for the
 * thread pool (the op corpus's factories-bf16) failed to link. The runtime
 * provides it, hidden like the rest (only the model's code in the same .so
 * calls it).
 *===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <string.h>

/* Round to nearest, ties to even; NaN stays NaN (quieted), as
 * compiler-rt's and torch's conversions do. */
__bf16 __truncsfbf2(float value);

__bf16 __truncsfbf2(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof bits);
  uint16_t rounded;
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    rounded = (uint16_t)((bits >> 16) | 0x0040u);
  else
    rounded = (uint16_t)((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
  __bf16 result;
  memcpy(&result, &rounded, sizeof result);
  return result;
}
