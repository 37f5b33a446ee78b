//===- ModelLibrary.cpp - A model .so opened through the public C ABI -----===//

#include "ModelLibrary.h"

#include <dlfcn.h>

namespace pt2c::run {

std::unique_ptr<ModelLibrary> ModelLibrary::load(const std::string &path,
                                                 std::string &error) {
  // A path without a slash would make dlopen search the library path.
  std::string where = path.find('/') == std::string::npos ? "./" + path : path;
  void *handle = dlopen(where.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *reason = dlerror();
    error =
        "cannot load '" + path + "': " + (reason ? reason : "dlopen failed");
    return nullptr;
  }
  std::unique_ptr<ModelLibrary> library(new ModelLibrary(handle));
  Pt2cApi &api = library->functions;
#define PT2C_RUN_LOOKUP(name)                                                  \
  api.name = reinterpret_cast<decltype(api.name)>(dlsym(handle, #name));       \
  if (!api.name) {                                                             \
    error = "'" + path +                                                       \
            "' is not a pt2c model library: it does not export " #name;        \
    return nullptr;                                                            \
  }
  PT2C_RUN_FUNCTIONS(PT2C_RUN_LOOKUP)
#undef PT2C_RUN_LOOKUP

  uint32_t version = api.pt2c_abi_version();
  uint32_t major = version >> 16, minor = version & 0xffff;
  if (major != PT2C_ABI_VERSION_MAJOR || minor < PT2C_ABI_VERSION_MINOR) {
    error = "'" + path + "' implements pt2c ABI " + std::to_string(major) +
            "." + std::to_string(minor) + ", but pt2c-run needs " +
            std::to_string(PT2C_ABI_VERSION_MAJOR) + "." +
            std::to_string(PT2C_ABI_VERSION_MINOR) + " or a later " +
            std::to_string(PT2C_ABI_VERSION_MAJOR) + ".x";
    return nullptr;
  }
  return library;
}

ModelLibrary::~ModelLibrary() { dlclose(handle); }

pt2c_code ModelLibrary::consume(pt2c_status *status,
                                std::string &message) const {
  pt2c_code code = functions.pt2c_status_code(status);
  message = functions.pt2c_status_message(status);
  functions.pt2c_status_free(status);
  return code;
}

} // namespace pt2c::run
