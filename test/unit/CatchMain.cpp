// The one main() of every Catch2 unit-test binary.
//
// Catch2 v2 cannot skip a test. Tests tagged [gpu] run on the machine's
// NVIDIA GPU; where there is none they could only pass without checking
// anything. So when every test a command line selects is tagged [gpu]
// (ctest runs each test case on its own) and no GPU can be opened, the
// binary runs nothing and exits with kSkipped, which ctest reports as
// skipped (SKIP_RETURN_CODE, test/unit/CMakeLists.txt).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <dlfcn.h>

#include <algorithm>
#include <iostream>
#include <vector>

namespace {

constexpr int kSkipped = 77;

/// Whether the NVIDIA driver opens and sees a GPU. The driver stays
/// loaded: the tests that run next load it again.
bool machineHasGpu() {
  void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!driver)
    return false;
  using Init = int (*)(unsigned);
  using DeviceCount = int (*)(int *);
  auto init = reinterpret_cast<Init>(dlsym(driver, "cuInit"));
  auto deviceCount = reinterpret_cast<DeviceCount>(dlsym(driver, "cuDeviceGetCount"));
  int devices = 0;
  return init && deviceCount && init(0) == 0 && deviceCount(&devices) == 0 && devices > 0;
}

/// Whether the command line selects tests, all of them tagged [gpu].
bool selectsOnlyGpuTests(Catch::Session &session) {
  const Catch::Config &config = session.config();
  std::vector<Catch::TestCase> selected =
      Catch::filterTests(Catch::getAllTestCasesSorted(config), config.testSpec(), config);
  return !selected.empty() &&
         std::all_of(selected.begin(), selected.end(), [](const Catch::TestCase &test) {
           const std::vector<std::string> &tags = test.getTestCaseInfo().lcaseTags;
           return std::find(tags.begin(), tags.end(), "gpu") != tags.end();
         });
}

} // namespace

int main(int argc, char *argv[]) {
  Catch::Session session;
  if (int code = session.applyCommandLine(argc, argv))
    return code;
  if (selectsOnlyGpuTests(session) && !machineHasGpu()) {
    std::cout << "skipped: the selected tests need an NVIDIA GPU, and this machine has none "
                 "(or no driver)\n";
    return kSkipped;
  }
  return session.run();
}
