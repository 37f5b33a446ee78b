//===- CpuFeaturesTest.cpp - Which CPU entry a model runs ------------------===//
//
// pt2crt_choose_cpu_entry on descriptors with the forms a library holds
// (an AVX-512 form, an AVX2 baseline), for CPUs with and without the
// levels, and PT2C_CPU_ISA's choices. Links the runtime archive directly.
//
//===----------------------------------------------------------------------===//

#include "CpuFeatures.h"

#include <catch2/catch.hpp>

#include <string>

namespace {

int32_t runWide(const pt2c_run_args *) { return 512; }
int32_t runBaseline(const pt2c_run_args *) { return 256; }

constexpr uint32_t kV2 = PT2C_CPU_X86_64_V2, kV3 = PT2C_CPU_X86_64_V3, kV4 = PT2C_CPU_X86_64_V4;

const pt2c_cpu_entry kEntries[] = {{kV2 | kV3 | kV4, runWide}, {kV2 | kV3, runBaseline}};

pt2c_model_desc twoForms() {
  pt2c_model_desc desc{};
  desc.compile_options = "--target cpu --cpu x86-64-v3";
  desc.run = runBaseline;
  desc.n_cpu_entries = 2;
  desc.cpu_entries = kEntries;
  return desc;
}

/// The entry chosen, called (512 or 256), or the failure's message.
std::string choose(const pt2c_model_desc &desc, uint32_t features, const char *isa) {
  int32_t (*run)(const pt2c_run_args *) = nullptr;
  pt2c_status *status = pt2crt_choose_cpu_entry(&desc, features, isa, &run);
  if (status) {
    std::string message = pt2c_status_message(status);
    pt2c_status_free(status);
    return message;
  }
  return std::to_string(run(nullptr));
}

} // namespace

TEST_CASE("The best CPU form the CPU has runs", "[runtime]") {
  pt2c_model_desc desc = twoForms();
  CHECK(choose(desc, kV2 | kV3 | kV4, nullptr) == "512");
  CHECK(choose(desc, kV2 | kV3 | kV4, "") == "512");
  CHECK(choose(desc, kV2 | kV3, nullptr) == "256");
  // PT2C_CPU_ISA=avx2 keeps an AVX-512 CPU on the 256-bit form.
  CHECK(choose(desc, kV2 | kV3 | kV4, "avx2") == "256");
  CHECK(choose(desc, kV2 | kV3 | kV4, "avx512") == "512");
}

TEST_CASE("A CPU below every form is refused, naming what it lacks", "[runtime]") {
  pt2c_model_desc desc = twoForms();
  std::string message = choose(desc, kV2, nullptr);
  CHECK(message.find("x86-64-v3") != std::string::npos);
  CHECK(message.find("AVX2") != std::string::npos);
  CHECK(message.find("--cpu x86-64-v3") != std::string::npos); // its compile options
  CHECK(choose(desc, 0, nullptr).find("x86-64-v3") != std::string::npos);
  // avx512 where the CPU has none, or the library has no such form.
  CHECK(choose(desc, kV2 | kV3, "avx512").find("lacks x86-64-v4") != std::string::npos);
  pt2c_model_desc narrow = twoForms();
  narrow.n_cpu_entries = 1;
  narrow.cpu_entries = &kEntries[1];
  CHECK(choose(narrow, kV2 | kV3 | kV4, "avx512").find("no AVX-512 code") != std::string::npos);
  CHECK(choose(narrow, kV2 | kV3 | kV4, nullptr) == "256");
  CHECK(choose(desc, kV2 | kV3 | kV4, "sse2").find("PT2C_CPU_ISA='sse2'") != std::string::npos);
}

TEST_CASE("A descriptor without CPU entries runs its run unchecked", "[runtime]") {
  pt2c_model_desc desc = twoForms();
  desc.n_cpu_entries = 0;
  desc.cpu_entries = nullptr;
  CHECK(choose(desc, 0, nullptr) == "256");
}

TEST_CASE("This CPU's levels are cumulative", "[runtime]") {
  uint32_t features = pt2crt_cpu_features();
  if (features & kV4)
    CHECK((features & kV3));
  if (features & kV3)
    CHECK((features & kV2));
  // The build and CI machines are x86-64-v3 at least (the default --cpu).
  CHECK((features & kV3));
}
