//===- CUDAArchsTest.cpp - --cuda-arch parsing and the PTX architecture ---===//
//
// The kernels' PTX is made once, for the lowest architecture asked for,
// and ptxas assembles it for each (pt2c-bundle-kernels): ptxArch must pick
// an architecture whose PTX every asked-for one can take.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/GPU/GPUCodegen.h"

#include <catch2/catch.hpp>

using pt2c::parseCUDAArchs;
using pt2c::ptxArch;

TEST_CASE("cuda archs: the PTX is made for the lowest architecture", "[codegen][cuda]") {
  CHECK(ptxArch({"sm_80", "sm_90"}) == "sm_80");
  CHECK(ptxArch({"sm_90", "sm_80"}) == "sm_80");
  CHECK(ptxArch({"sm_90"}) == "sm_90");
  CHECK(ptxArch({"sm_100", "sm_89", "sm_90"}) == "sm_89");
}

TEST_CASE("cuda archs: an architecture-specific target's PTX is not shared",
          "[codegen][cuda]") {
  // sm_90a PTX runs on sm_90a only; sm_90 PTX runs on sm_90a and sm_100.
  CHECK(ptxArch({"sm_90a", "sm_100"}) == "sm_90");
  CHECK(ptxArch({"sm_90a"}) == "sm_90");
}

TEST_CASE("cuda archs: --cuda-arch lists are checked", "[codegen][cuda]") {
  auto archs = parseCUDAArchs("sm_80, sm_90a");
  REQUIRE(static_cast<bool>(archs));
  CHECK(*archs == std::vector<std::string>{"sm_80", "sm_90a"});
  for (const char *bad : {"", "compute_80", "sm_30", "sm_x"}) {
    auto parsed = parseCUDAArchs(bad);
    CHECK_FALSE(static_cast<bool>(parsed));
    llvm::consumeError(parsed.takeError());
  }
}
