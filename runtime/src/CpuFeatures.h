/*===- CpuFeatures.h - Which of a model's CPU entries this CPU can run ----===*/

#ifndef PT2C_RUNTIME_CPUFEATURES_H
#define PT2C_RUNTIME_CPUFEATURES_H

#include "Status.h"

#include "pt2c/model_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The PT2C_CPU_X86_64_V* levels this CPU and its operating system support
 * (cpuid, and xgetbv for the AVX / AVX-512 register state), each level
 * counted only with the ones below it. */
uint32_t pt2crt_cpu_features(void);

/* The entry of `desc` to run on a CPU with `features`: the first (best)
 * one whose features it has, unless `isa` (PT2C_CPU_ISA's value: "avx2",
 * "avx512"; NULL or "" for no preference) asks for another. A descriptor
 * without entries runs `run`. Sets *out_run, or fails with PT2C_UNSUPPORTED
 * naming what is missing, or PT2C_INVALID_ARGUMENT for an unknown `isa`. */
pt2c_status *pt2crt_choose_cpu_entry(const pt2c_model_desc *desc, uint32_t features,
                                     const char *isa,
                                     int32_t (**out_run)(const pt2c_run_args *));

#ifdef __cplusplus
}
#endif

#endif /* PT2C_RUNTIME_CPUFEATURES_H */
