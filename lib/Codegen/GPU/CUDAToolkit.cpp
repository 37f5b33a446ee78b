//===- CUDAToolkit.cpp - Finding libdevice and ptxas; --cuda-arch ---------===//

#include "pt2c/Codegen/GPU/GPUCodegen.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

namespace pt2c {

CUDAToolkit findCUDAToolkit() {
  std::vector<std::string> roots;
  for (const char *variable : {"CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"})
    if (const char *value = std::getenv(variable); value && *value)
      roots.push_back(value);
  roots.push_back("/usr/local/cuda");
  for (const std::string &root : roots) {
    llvm::SmallString<256> libdevice(root);
    llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
    if (!llvm::sys::fs::exists(libdevice))
      continue;
    CUDAToolkit toolkit;
    toolkit.root = root;
    toolkit.libdevice = libdevice.str().str();
    llvm::SmallString<256> ptxas(root);
    llvm::sys::path::append(ptxas, "bin", "ptxas");
    if (llvm::sys::fs::can_execute(ptxas))
      toolkit.ptxas = ptxas.str().str();
    return toolkit;
  }
  return {};
}

/// sm_NN or sm_NNa -> NN; 0 for anything else.
static unsigned archNumber(llvm::StringRef arch) {
  unsigned number = 0;
  if (!arch.consume_front("sm_"))
    return 0;
  arch.consume_back("a");
  return arch.getAsInteger(10, number) ? 0 : number;
}

bool allArchsHaveMma(const std::vector<std::string> &archs) {
  return llvm::all_of(archs, [](const std::string &arch) { return archNumber(arch) >= 80; });
}

std::string ptxArch(const std::vector<std::string> &archs) {
  unsigned lowest = 0;
  for (const std::string &arch : archs)
    if (unsigned number = archNumber(arch); number && (!lowest || number < lowest))
      lowest = number;
  return "sm_" + std::to_string(lowest);
}

llvm::Expected<std::vector<std::string>> parseCUDAArchs(llvm::StringRef list) {
  std::vector<std::string> archs;
  llvm::SmallVector<llvm::StringRef> parts;
  list.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef part : parts) {
    part = part.trim();
    // sm_NN, or sm_NNa for an architecture-specific target (sm_90a).
    if (archNumber(part) < 50)
      return llvm::createStringError("--cuda-arch: '" + part +
                                     "' is not an architecture like sm_80 or sm_90a");
    archs.push_back(part.str());
  }
  if (archs.empty())
    return llvm::createStringError("--cuda-arch: no architecture given (e.g. sm_80,sm_90)");
  return archs;
}

} // namespace pt2c
