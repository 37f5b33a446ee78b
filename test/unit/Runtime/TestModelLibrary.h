//===- TestModelLibrary.h - The test-double models, loaded with dlopen ----===//
//
// Tests reach the runtime only as a user does: dlopen a model library
// (RTLD_LOCAL) and call what dlsym finds. TestModel.c says what the
// double computes; expectedY() repeats it.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_TEST_UNIT_RUNTIME_TESTMODELLIBRARY_H
#define PT2C_TEST_UNIT_RUNTIME_TESTMODELLIBRARY_H

#include "pt2c/pt2c.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace pt2c::test {

#define PT2C_TEST_FUNCTIONS(X)                                                 \
  X(pt2c_abi_version)                                                          \
  X(pt2c_status_code)                                                          \
  X(pt2c_status_message)                                                       \
  X(pt2c_status_free)                                                          \
  X(pt2c_options_create)                                                       \
  X(pt2c_options_free)                                                         \
  X(pt2c_options_set_device)                                                   \
  X(pt2c_options_set_device_index)                                             \
  X(pt2c_options_set_cuda_stream)                                              \
  X(pt2c_options_set_cuda_graphs)                                              \
  X(pt2c_options_set_cuda_async)                                               \
  X(pt2c_options_set_cpu_threads)                                              \
  X(pt2c_options_set_weights_path)                                             \
  X(pt2c_options_set_profiling)                                                \
  X(pt2c_model_create)                                                         \
  X(pt2c_model_destroy)                                                        \
  X(pt2c_model_name)                                                           \
  X(pt2c_model_compile_options)                                                \
  X(pt2c_model_num_metadata)                                                   \
  X(pt2c_model_metadata_key)                                                   \
  X(pt2c_model_metadata_value)                                                 \
  X(pt2c_model_metadata)                                                       \
  X(pt2c_model_cpu_threads)                                                    \
  X(pt2c_model_num_inputs)                                                     \
  X(pt2c_model_num_outputs)                                                    \
  X(pt2c_model_input_name)                                                     \
  X(pt2c_model_output_name)                                                    \
  X(pt2c_model_input_dtype)                                                    \
  X(pt2c_model_output_dtype)                                                   \
  X(pt2c_model_input_rank)                                                     \
  X(pt2c_model_output_rank)                                                    \
  X(pt2c_model_input_shape)                                                    \
  X(pt2c_model_output_shape)                                                   \
  X(pt2c_model_input_dim_symbol)                                               \
  X(pt2c_model_output_dim_symbol)                                              \
  X(pt2c_model_num_symbols)                                                    \
  X(pt2c_model_symbol_name)                                                    \
  X(pt2c_model_symbol_range)                                                   \
  X(pt2c_model_symbol_is_data_dependent)                                       \
  X(pt2c_model_profile_size)                                                   \
  X(pt2c_model_profile_point)                                                  \
  X(pt2c_model_profile_runs)                                                   \
  X(pt2c_model_profile_reset)                                                  \
  X(pt2c_model_run)                                                            \
  X(pt2c_tensor_free)

/// The ABI of one loaded model library.
struct ModelApi {
#define PT2C_TEST_DECLARE(name) decltype(&::name) name = nullptr;
  PT2C_TEST_FUNCTIONS(PT2C_TEST_DECLARE)
#undef PT2C_TEST_DECLARE

  /// Code and message of `status`, which is freed. {PT2C_OK, ""} for NULL.
  std::pair<pt2c_code, std::string> take(pt2c_status *status) const;
};

/// Loads a library once per process (dlopen with RTLD_LOCAL); fails the
/// test if it or any function is missing.
const ModelApi &loadModelLibrary(const char *path);

/// The double of TestModel.c.
const ModelApi &testModel();

/// A model created with `threads` CPU threads (0: the default), destroyed
/// at scope exit.
class ModelHandle {
public:
  explicit ModelHandle(int threads = 0, const ModelApi &api = testModel());
  ~ModelHandle();
  pt2c_model *get() const { return model; }
  const ModelApi &api;

private:
  pt2c_model *model = nullptr;
};

/// Inputs of the double for `rows` rows: x = f(row, col, seed), shift = a
/// small integer per row.
struct DoubleInputs {
  std::vector<float> x;
  std::vector<int64_t> shift;
  std::vector<int64_t> xShape, shiftShape;
  DLTensor tensors[2];

  DoubleInputs(int64_t rows, int seed = 0);
  DoubleInputs(const DoubleInputs &) = delete;
};

/// What the double computes, in the same float operations as TestModel.c.
std::vector<float> expectedY(const DoubleInputs &inputs);

/// A DLTensor over caller memory, C order (strides NULL), on the CPU.
DLTensor makeTensor(void *data, DLDataType dtype, std::vector<int64_t> &shape);

constexpr DLDataType kFloat32{kDLFloat, 32, 1};
constexpr DLDataType kInt64{kDLInt, 64, 1};
constexpr DLDataType kBool{PT2C_DL_BOOL, 8, 1};

} // namespace pt2c::test

#endif // PT2C_TEST_UNIT_RUNTIME_TESTMODELLIBRARY_H
