/*===- CpuFeatures.c - Which of a model's CPU entries this CPU can run ----===*
 *
 * A model library holds its CPU code in up to a few forms (the compiler's
 * --cpu baseline, 256-bit AVX2 vectors by default, and an AVX-512 one with
 * 512-bit register tiles); the model runs the best its CPU has, chosen once
 * when it is created. A CPU below every form gets PT2C_UNSUPPORTED naming
 * the missing level instead of dying of SIGILL inside run.
 *===----------------------------------------------------------------------===*/

#include "CpuFeatures.h"

#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>

static uint64_t xgetbv0(void) {
  uint32_t eax, edx;
  __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
  return ((uint64_t)edx << 32) | eax;
}

uint32_t pt2crt_cpu_features(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d))
    return 0;
  unsigned c1 = c;
  unsigned b7 = 0;
  if (__get_cpuid_count(7, 0, &a, &b, &c, &d))
    b7 = b;
  unsigned cx = 0;
  if (__get_cpuid(0x80000001u, &a, &b, &c, &d))
    cx = c;
#define HAS(reg, bit) (((reg) >> (bit)) & 1u)
  /* x86-64-v2: CX16, SSE3, SSSE3, SSE4.1, SSE4.2, POPCNT (LAHF-SAHF). */
  int v2 = HAS(c1, 0) && HAS(c1, 9) && HAS(c1, 13) && HAS(c1, 19) && HAS(c1, 20) &&
           HAS(c1, 23) && HAS(cx, 0);
  /* x86-64-v3: AVX, AVX2, BMI1, BMI2, F16C, FMA, LZCNT, MOVBE, and the OS
   * saving the YMM state (OSXSAVE, XCR0 bits 1-2). */
  int os_ymm = HAS(c1, 27) && (xgetbv0() & 0x6u) == 0x6u;
  int v3 = v2 && os_ymm && HAS(c1, 28) && HAS(b7, 5) && HAS(b7, 3) && HAS(b7, 8) &&
           HAS(c1, 29) && HAS(c1, 12) && HAS(cx, 5) && HAS(c1, 22);
  /* x86-64-v4: AVX-512 F, BW, CD, DQ, VL, and the OS saving the opmask and
   * ZMM state (XCR0 bits 5-7). */
  int os_zmm = os_ymm && (xgetbv0() & 0xe0u) == 0xe0u;
  int v4 = v3 && os_zmm && HAS(b7, 16) && HAS(b7, 30) && HAS(b7, 28) && HAS(b7, 17) &&
           HAS(b7, 31);
#undef HAS
  return (v2 ? PT2C_CPU_X86_64_V2 : 0u) | (v3 ? PT2C_CPU_X86_64_V3 : 0u) |
         (v4 ? PT2C_CPU_X86_64_V4 : 0u);
}
#else
uint32_t pt2crt_cpu_features(void) { return 0; }
#endif

static const char *level_name(uint32_t features) {
  if (features & PT2C_CPU_X86_64_V4)
    return "x86-64-v4 (AVX-512 F, BW, CD, DQ, VL)";
  if (features & PT2C_CPU_X86_64_V3)
    return "x86-64-v3 (AVX2, FMA, BMI2)";
  if (features & PT2C_CPU_X86_64_V2)
    return "x86-64-v2 (SSE4.2, POPCNT)";
  return "x86-64";
}

pt2c_status *pt2crt_choose_cpu_entry(const pt2c_model_desc *desc, uint32_t features,
                                     const char *isa,
                                     int32_t (**out_run)(const pt2c_run_args *)) {
  if (desc->n_cpu_entries <= 0) {
    *out_run = desc->run;
    return NULL;
  }
  /* PT2C_CPU_ISA=avx2 keeps a CPU with AVX-512 on the 256-bit code (to
   * test it, or to compare); avx512 insists on the wide code. */
  uint32_t allowed = features;
  int insist_wide = 0;
  if (isa && *isa) {
    if (strcmp(isa, "avx2") == 0)
      allowed &= ~PT2C_CPU_X86_64_V4;
    else if (strcmp(isa, "avx512") == 0)
      insist_wide = 1;
    else
      return pt2crt_error(PT2C_INVALID_ARGUMENT,
                          "PT2C_CPU_ISA='%s': expected avx2 or avx512 (or unset)", isa);
  }
  for (int32_t i = 0; i < desc->n_cpu_entries; ++i) {
    const pt2c_cpu_entry *entry = &desc->cpu_entries[i];
    if ((entry->features & ~allowed) != 0)
      continue;
    if (insist_wide && !(entry->features & PT2C_CPU_X86_64_V4))
      break;
    *out_run = entry->run;
    return NULL;
  }
  const pt2c_cpu_entry *baseline = &desc->cpu_entries[desc->n_cpu_entries - 1];
  if (insist_wide)
    return pt2crt_error(PT2C_UNSUPPORTED,
                        "PT2C_CPU_ISA=avx512, but %s",
                        (features & PT2C_CPU_X86_64_V4)
                            ? "this model library has no AVX-512 code"
                            : "this CPU lacks x86-64-v4 (AVX-512 F, BW, CD, DQ, VL)");
  return pt2crt_error(PT2C_UNSUPPORTED,
                      "this CPU lacks %s, which this model library was compiled for "
                      "(its compile options: %s); recompile it with a lower --cpu",
                      level_name(baseline->features & ~features), desc->compile_options);
}
