//===- ApiTest.cpp - Version, statuses, options, create and introspection -===//

#include "TestModelLibrary.h"

#include <catch2/catch.hpp>

#include <unistd.h>

using namespace pt2c::test;
using Catch::Matchers::Contains;

TEST_CASE("ABI version is 1.4 in the header and the library", "[runtime]") {
  STATIC_REQUIRE(PT2C_ABI_VERSION_MAJOR == 1);
  STATIC_REQUIRE(PT2C_ABI_VERSION_MINOR == 4); // 1.4: pt2c_model_symbol_is_data_dependent
  STATIC_REQUIRE(PT2C_ABI_VERSION == ((1u << 16) | PT2C_ABI_VERSION_MINOR));
  CHECK(testModel().pt2c_abi_version() == PT2C_ABI_VERSION);
}

TEST_CASE("A NULL status is success", "[runtime]") {
  const ModelApi &api = testModel();
  CHECK(api.pt2c_status_code(nullptr) == PT2C_OK);
  CHECK(std::string(api.pt2c_status_message(nullptr)).empty());
  api.pt2c_status_free(nullptr);
}

TEST_CASE("Options setters accept valid values and reject the rest",
          "[runtime]") {
  const ModelApi &api = testModel();
  pt2c_options *options = nullptr;
  REQUIRE(api.pt2c_options_create(PT2C_ABI_VERSION, &options) == nullptr);
  REQUIRE(options);

  CHECK(api.pt2c_options_set_device(options, kDLCPU) == nullptr);
  CHECK(api.pt2c_options_set_device(options, kDLCUDA) == nullptr);
  CHECK(api.pt2c_options_set_device_index(options, 3) == nullptr);
  int stream = 0;
  CHECK(api.pt2c_options_set_cuda_stream(options, &stream) == nullptr);
  CHECK(api.pt2c_options_set_cuda_stream(options, nullptr) == nullptr);
  CHECK(api.pt2c_options_set_cpu_threads(options, 0) == nullptr);
  CHECK(api.pt2c_options_set_cpu_threads(options, 1024) == nullptr);
  CHECK(api.pt2c_options_set_weights_path(options, "/tmp/w.pt2") == nullptr);
  CHECK(api.pt2c_options_set_weights_path(options, "/tmp/other") == nullptr);
  CHECK(api.pt2c_options_set_weights_path(options, nullptr) == nullptr);

  auto [code, message] =
      api.take(api.pt2c_options_set_device(options, kDLVulkan));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("device type 7"));
  std::tie(code, message) =
      api.take(api.pt2c_options_set_device_index(options, -1));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("index -1 is negative"));
  std::tie(code, message) =
      api.take(api.pt2c_options_set_cpu_threads(options, -2));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("-2 threads is outside [0, 1024]"));
  std::tie(code, message) =
      api.take(api.pt2c_options_set_cpu_threads(options, 1025));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  std::tie(code, message) =
      api.take(api.pt2c_options_set_cpu_threads(nullptr, 1));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("options is NULL"));
  std::tie(code, message) =
      api.take(api.pt2c_options_create(PT2C_ABI_VERSION, nullptr));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  api.pt2c_options_free(options);
  api.pt2c_options_free(nullptr);
}

TEST_CASE("Create honours the thread count and defaults to online CPUs",
          "[runtime]") {
  const ModelApi &api = testModel();
  for (int threads : {1, 3}) {
    ModelHandle model(threads);
    CHECK(api.pt2c_model_cpu_threads(model.get()) == threads);
  }
  ModelHandle byDefault;
  CHECK(api.pt2c_model_cpu_threads(byDefault.get()) ==
        int(sysconf(_SC_NPROCESSORS_ONLN)));

  // NULL options: the defaults.
  pt2c_model *model = nullptr;
  REQUIRE(api.pt2c_model_create(nullptr, &model) == nullptr);
  CHECK(api.pt2c_model_cpu_threads(model) >= 1);
  api.pt2c_model_destroy(model);
  api.pt2c_model_destroy(nullptr);
}

namespace {

std::pair<pt2c_code, std::string>
createWith(const ModelApi &api, uint32_t version,
           void (*configure)(const ModelApi &, pt2c_options *)) {
  pt2c_options *options = nullptr;
  REQUIRE(api.pt2c_options_create(version, &options) == nullptr);
  if (configure)
    configure(api, options);
  pt2c_model *model = nullptr;
  auto result = api.take(api.pt2c_model_create(options, &model));
  api.pt2c_options_free(options);
  if (result.first == PT2C_OK)
    api.pt2c_model_destroy(model);
  else
    CHECK(model == nullptr); // untouched on failure
  return result;
}

} // namespace

TEST_CASE("Create refuses cuda and another ABI major and NULL out_model",
          "[runtime]") {
  const ModelApi &api = testModel();
  auto [code, message] = createWith(
      api, PT2C_ABI_VERSION, [](const ModelApi &api, pt2c_options *o) {
        REQUIRE(api.pt2c_options_set_device(o, kDLCUDA) == nullptr);
      });
  CHECK(code == PT2C_UNSUPPORTED);
  CHECK(message == "this model was compiled for the CPU only; compile it with "
                   "--target cuda (or cpu,cuda)");

  std::tie(code, message) = createWith(api, 2u << 16, nullptr);
  CHECK(code == PT2C_UNSUPPORTED);
  CHECK_THAT(message, Contains("built against pt2c ABI 2.0") &&
                          Contains("implements 1.4"));

  // Another minor of the same major is fine.
  std::tie(code, message) = createWith(api, (1u << 16) | 7u, nullptr);
  CHECK(code == PT2C_OK);

  std::tie(code, message) = api.take(api.pt2c_model_create(nullptr, nullptr));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("out_model is NULL"));
}

TEST_CASE("Create refuses another descriptor version", "[runtime]") {
  const ModelApi &abi2 = loadModelLibrary(PT2C_TEST_MODEL_ABI2);
  auto [code, message] = createWith(abi2, PT2C_ABI_VERSION, nullptr);
  CHECK(code == PT2C_UNSUPPORTED);
  CHECK_THAT(message, Contains("model ABI version 99") &&
                          Contains("implements version 7"));
}

TEST_CASE("Introspection reports names and dtypes and dims and symbols",
          "[runtime]") {
  const ModelApi &api = testModel();
  ModelHandle handle(1);
  pt2c_model *model = handle.get();

  CHECK(std::string(api.pt2c_model_name(model)) == "test_double");
  CHECK(std::string(api.pt2c_model_compile_options(model)) == "--test-double");
  REQUIRE(api.pt2c_model_num_inputs(model) == 2);
  REQUIRE(api.pt2c_model_num_outputs(model) == 2);

  CHECK(std::string(api.pt2c_model_input_name(model, 0)) == "x");
  CHECK(std::string(api.pt2c_model_input_name(model, 1)) == "shift");
  CHECK(std::string(api.pt2c_model_output_name(model, 0)) == "y");
  CHECK(std::string(api.pt2c_model_output_name(model, 1)) == "positive");

  DLDataType dtype = api.pt2c_model_input_dtype(model, 0);
  CHECK((dtype.code == kDLFloat && dtype.bits == 32 && dtype.lanes == 1));
  dtype = api.pt2c_model_input_dtype(model, 1);
  CHECK((dtype.code == kDLInt && dtype.bits == 64 && dtype.lanes == 1));
  dtype = api.pt2c_model_output_dtype(model, 1);
  CHECK((dtype.code == PT2C_DL_BOOL && dtype.bits == 8 && dtype.lanes == 1));

  CHECK(api.pt2c_model_input_rank(model, 0) == 2);
  CHECK(api.pt2c_model_input_rank(model, 1) == 1);
  CHECK(api.pt2c_model_output_rank(model, 0) == 2);
  const int64_t *shape = api.pt2c_model_input_shape(model, 0);
  REQUIRE(shape);
  CHECK(shape[0] == -1);
  CHECK(shape[1] == 4);
  shape = api.pt2c_model_output_shape(model, 1);
  REQUIRE(shape);
  CHECK(shape[0] == -1);
  CHECK(shape[1] == 4);

  CHECK(api.pt2c_model_input_dim_symbol(model, 0, 0) == 0);
  CHECK(api.pt2c_model_input_dim_symbol(model, 0, 1) == -1);
  CHECK(api.pt2c_model_input_dim_symbol(model, 1, 0) == 0);
  CHECK(api.pt2c_model_output_dim_symbol(model, 0, 0) == 0);
  REQUIRE(api.pt2c_model_num_symbols(model) == 1);
  CHECK(std::string(api.pt2c_model_symbol_name(model, 0)) == "s0");
  int64_t min = 0, max = 0;
  REQUIRE(api.pt2c_model_symbol_range(model, 0, &min, &max) == nullptr);
  CHECK(min == 1);
  CHECK(max == 64);
}

TEST_CASE("Metadata pairs are listed in order and found by key", "[runtime]") {
  const ModelApi &api = testModel();
  ModelHandle handle(1);
  pt2c_model *model = handle.get();
  REQUIRE(api.pt2c_model_num_metadata(model) == 2);
  CHECK(std::string(api.pt2c_model_metadata_key(model, 0)) == "pt2c.version");
  CHECK(std::string(api.pt2c_model_metadata_value(model, 0)) == "0.0.0-test");
  CHECK(std::string(api.pt2c_model_metadata_key(model, 1)) == "owner");
  CHECK(std::string(api.pt2c_model_metadata_value(model, 1)) == "team=vision");
  CHECK(std::string(api.pt2c_model_metadata(model, "owner")) == "team=vision");
  CHECK(std::string(api.pt2c_model_metadata(model, "pt2c.version")) == "0.0.0-test");
  // Absent keys, prefixes of keys, NULLs and indices past the end.
  CHECK(api.pt2c_model_metadata(model, "own") == nullptr);
  CHECK(api.pt2c_model_metadata(model, "pt2c.commit") == nullptr);
  CHECK(api.pt2c_model_metadata(model, nullptr) == nullptr);
  CHECK(api.pt2c_model_metadata(nullptr, "owner") == nullptr);
  CHECK(api.pt2c_model_metadata_key(model, 2) == nullptr);
  CHECK(api.pt2c_model_metadata_value(model, 2) == nullptr);
  CHECK(api.pt2c_model_num_metadata(nullptr) == 0);
  CHECK(api.pt2c_model_metadata_key(nullptr, 0) == nullptr);
}

TEST_CASE("Introspection out of range gives the documented values",
          "[runtime]") {
  const ModelApi &api = testModel();
  ModelHandle handle(1);
  pt2c_model *model = handle.get();
  CHECK(api.pt2c_model_input_name(model, 2) == nullptr);
  CHECK(api.pt2c_model_output_name(model, 9) == nullptr);
  CHECK(api.pt2c_model_input_rank(model, 2) == -1);
  CHECK(api.pt2c_model_input_shape(model, 2) == nullptr);
  CHECK(api.pt2c_model_output_shape(model, 2) == nullptr);
  DLDataType none = api.pt2c_model_input_dtype(model, 2);
  CHECK((none.code == 0 && none.bits == 0 && none.lanes == 0));
  CHECK(api.pt2c_model_input_dim_symbol(model, 0, 2) == -1);
  CHECK(api.pt2c_model_input_dim_symbol(model, 0, -1) == -1);
  CHECK(api.pt2c_model_symbol_name(model, 1) == nullptr);
  CHECK(api.pt2c_model_num_inputs(nullptr) == 0);
  CHECK(std::string(api.pt2c_model_name(nullptr)).empty());

  int64_t min = 0, max = 0;
  auto [code, message] =
      api.take(api.pt2c_model_symbol_range(model, 1, &min, &max));
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("symbol 1 is out of range"));
  std::tie(code, message) =
      api.take(api.pt2c_model_symbol_range(model, 0, nullptr, &max));
  CHECK(code == PT2C_INVALID_ARGUMENT);
}
