//===- ModelLibrary.h - A model .so opened through the public C ABI -*- C++
//-*-===//
//
// pt2c-run uses a model the way any program would: dlopen with RTLD_LOCAL
// and dlsym for each pt2c_* function of include/pt2c/pt2c.h, so nothing
// of the tool and the model's runtime can interpose on each other.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TOOLS_PT2C_RUN_MODELLIBRARY_H
#define PT2C_TOOLS_PT2C_RUN_MODELLIBRARY_H

#include "pt2c/pt2c.h"

#include <memory>
#include <string>

namespace pt2c::run {

/// Every function of the ABI that pt2c-run calls.
#define PT2C_RUN_FUNCTIONS(X)                                                  \
  X(pt2c_abi_version)                                                          \
  X(pt2c_status_code)                                                          \
  X(pt2c_status_message)                                                       \
  X(pt2c_status_free)                                                          \
  X(pt2c_options_create)                                                       \
  X(pt2c_options_free)                                                         \
  X(pt2c_options_set_device)                                                   \
  X(pt2c_options_set_cpu_threads)                                              \
  X(pt2c_options_set_cuda_graphs)                                              \
  X(pt2c_options_set_cuda_stream)                                              \
  X(pt2c_options_set_cuda_async)                                               \
  X(pt2c_options_set_weights_path)                                             \
  X(pt2c_options_set_profiling)                                                \
  X(pt2c_model_create)                                                         \
  X(pt2c_model_destroy)                                                        \
  X(pt2c_model_name)                                                           \
  X(pt2c_model_cpu_threads)                                                    \
  X(pt2c_model_num_inputs)                                                     \
  X(pt2c_model_num_outputs)                                                    \
  X(pt2c_model_input_name)                                                     \
  X(pt2c_model_input_dtype)                                                    \
  X(pt2c_model_input_rank)                                                     \
  X(pt2c_model_input_shape)                                                    \
  X(pt2c_model_input_dim_symbol)                                               \
  X(pt2c_model_symbol_name)                                                    \
  X(pt2c_model_symbol_range)                                                   \
  X(pt2c_model_symbol_is_data_dependent)                                       \
  X(pt2c_model_output_dim_symbol)                                              \
  X(pt2c_model_output_name)                                                    \
  X(pt2c_model_profile_size)                                                   \
  X(pt2c_model_profile_point)                                                  \
  X(pt2c_model_profile_runs)                                                   \
  X(pt2c_model_profile_reset)                                                  \
  X(pt2c_model_run)                                                            \
  X(pt2c_tensor_free)

struct Pt2cApi {
#define PT2C_RUN_DECLARE(name) decltype(&::name) name = nullptr;
  PT2C_RUN_FUNCTIONS(PT2C_RUN_DECLARE)
#undef PT2C_RUN_DECLARE
};

/// A loaded model library. dlclose on destruction.
class ModelLibrary {
public:
  /// Loads `path` and looks up the ABI; checks that the library implements
  /// the major version of this header and at least its minor.
  static std::unique_ptr<ModelLibrary> load(const std::string &path,
                                            std::string &error);
  ~ModelLibrary();
  ModelLibrary(const ModelLibrary &) = delete;
  ModelLibrary &operator=(const ModelLibrary &) = delete;

  const Pt2cApi &api() const { return functions; }

  /// Takes ownership of `status`: its code and message, then frees it.
  pt2c_code consume(pt2c_status *status, std::string &message) const;

private:
  explicit ModelLibrary(void *handle) : handle(handle) {}
  void *handle;
  Pt2cApi functions;
};

} // namespace pt2c::run

#endif // PT2C_TOOLS_PT2C_RUN_MODELLIBRARY_H
