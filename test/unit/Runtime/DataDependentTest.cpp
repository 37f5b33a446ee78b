//===- DataDependentTest.cpp - Outputs whose size the run computes --------===//
//
// Through the C ABI of TestModelDataDependent.c: x float32[s0] -> the
// positive elements [u0], their indices [u0, 1], 2 * x [s0], where u0 is
// computed by the run (pt2c.h, pt2c_model_symbol_is_data_dependent).
//
//===----------------------------------------------------------------------===//

#include "TestModelLibrary.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace pt2c::test;
using Catch::Matchers::Contains;

namespace {

const ModelApi &dataDependentModel() {
  return loadModelLibrary(PT2C_TEST_MODEL_DATA_DEPENDENT);
}

struct Input {
  std::vector<float> x;
  std::vector<int64_t> shape;
  DLTensor tensor;
  explicit Input(std::vector<float> values)
      : x(std::move(values)), shape{int64_t(x.size())},
        tensor(makeTensor(x.data(), kFloat32, shape)) {}
};

} // namespace

TEST_CASE("Data-dependent sizes: introspection", "[runtime]") {
  const ModelApi &api = dataDependentModel();
  ModelHandle model(1, api);
  REQUIRE(api.pt2c_model_num_symbols(model.get()) == 2);
  CHECK(std::string(api.pt2c_model_symbol_name(model.get(), 1)) == "u0");
  CHECK(api.pt2c_model_symbol_is_data_dependent(model.get(), 0) == 0);
  CHECK(api.pt2c_model_symbol_is_data_dependent(model.get(), 1) == 1);
  CHECK(api.pt2c_model_symbol_is_data_dependent(model.get(), 2) == -1);
  CHECK(api.pt2c_model_symbol_is_data_dependent(nullptr, 0) == -1);
  CHECK(api.pt2c_model_output_shape(model.get(), 0)[0] == -1);
  CHECK(api.pt2c_model_output_dim_symbol(model.get(), 0, 0) == 1);
  int64_t min = 0, max = 0;
  REQUIRE(api.pt2c_model_symbol_range(model.get(), 1, &min, &max) == nullptr);
  CHECK(min == 0);
  CHECK(max == 16);
}

TEST_CASE("Data-dependent sizes: model-allocated outputs get the actual shapes", "[runtime]") {
  const ModelApi &api = dataDependentModel();
  ModelHandle model(1, api);
  Input input({1.0f, -2.0f, 3.0f, 0.0f, 5.0f});
  DLTensor outputs[3] = {};
  auto [code, message] = api.take(api.pt2c_model_run(model.get(), &input.tensor, 1, outputs, 3));
  INFO(message);
  REQUIRE(code == PT2C_OK);
  REQUIRE(outputs[0].ndim == 1);
  CHECK(outputs[0].shape[0] == 3);
  auto *positives = static_cast<float *>(outputs[0].data);
  CHECK(std::vector<float>(positives, positives + 3) == std::vector<float>{1, 3, 5});
  REQUIRE(outputs[1].ndim == 2);
  CHECK(outputs[1].shape[0] == 3);
  CHECK(outputs[1].shape[1] == 1);
  auto *where = static_cast<int64_t *>(outputs[1].data);
  CHECK(std::vector<int64_t>(where, where + 3) == std::vector<int64_t>{0, 2, 4});
  CHECK(outputs[2].shape[0] == 5);

  // No positive element: empty outputs, still allocated.
  Input none({-1.0f, 0.0f});
  DLTensor empty[3] = {};
  REQUIRE(api.pt2c_model_run(model.get(), &none.tensor, 1, empty, 3) == nullptr);
  CHECK(empty[0].shape[0] == 0);
  CHECK(empty[1].shape[0] == 0);
  CHECK(empty[0].data != nullptr);
  for (DLTensor &output : outputs)
    api.pt2c_tensor_free(&output);
  for (DLTensor &output : empty)
    api.pt2c_tensor_free(&output);
}

TEST_CASE("Data-dependent sizes: caller-allocated outputs hold the maximum and get the size",
          "[runtime]") {
  const ModelApi &api = dataDependentModel();
  ModelHandle model(1, api);
  Input input({0.5f, 2.0f, -1.0f});
  std::vector<float> positives(16, -7.0f), doubled(3);
  std::vector<int64_t> where(20, -7);
  std::vector<int64_t> positivesShape{16}, whereShape{20, 1}, doubledShape{3};
  DLTensor outputs[3] = {makeTensor(positives.data(), kFloat32, positivesShape),
                         makeTensor(where.data(), kInt64, whereShape),
                         makeTensor(doubled.data(), kFloat32, doubledShape)};
  auto [code, message] = api.take(api.pt2c_model_run(model.get(), &input.tensor, 1, outputs, 3));
  INFO(message);
  REQUIRE(code == PT2C_OK);
  CHECK(positivesShape[0] == 2); // written back into the caller's shape
  CHECK(whereShape == std::vector<int64_t>{2, 1});
  CHECK(doubledShape[0] == 3);
  CHECK(positives[0] == 0.5f);
  CHECK(positives[1] == 2.0f);
  CHECK(where[0] == 0);
  CHECK(where[1] == 1);

  // Less room than the maximum: refused before anything runs.
  std::vector<int64_t> small{15};
  DLTensor tooSmall[3] = {makeTensor(positives.data(), kFloat32, small), outputs[1], outputs[2]};
  whereShape = {16, 1};
  auto refused = api.take(api.pt2c_model_run(model.get(), &input.tensor, 1, tooSmall, 3));
  CHECK(refused.first == PT2C_SHAPE_MISMATCH);
  CHECK_THAT(refused.second,
             Contains("output 0 ('positives'): dim 0 is 15, less than 16, the most that "
                      "data-dependent size u0 may reach"));
  CHECK(small[0] == 15); // a failed run leaves the caller's shape alone
}

TEST_CASE("Data-dependent sizes: a size past its range fails the run", "[runtime]") {
  const ModelApi &api = dataDependentModel();
  ModelHandle model(1, api);
  Input input({-999.0f, 1.0f});
  DLTensor outputs[3] = {};
  auto [code, message] = api.take(api.pt2c_model_run(model.get(), &input.tensor, 1, outputs, 3));
  CHECK(code == PT2C_INTERNAL);
  CHECK_THAT(message, Contains("computed 17 for data-dependent size u0, outside its range "
                               "[0, 16] (a pt2c bug)"));
  for (const DLTensor &output : outputs)
    CHECK(output.data == nullptr);
}

TEST_CASE("Data-dependent sizes: create refuses one without a finite maximum", "[runtime]") {
  const ModelApi &api = loadModelLibrary(PT2C_TEST_MODEL_UNBOUNDED);
  pt2c_options *options = nullptr;
  REQUIRE(api.pt2c_options_create(PT2C_ABI_VERSION, &options) == nullptr);
  pt2c_model *model = nullptr;
  auto [code, message] = api.take(api.pt2c_model_create(options, &model));
  api.pt2c_options_free(options);
  CHECK(code != PT2C_OK);
  CHECK(model == nullptr);
  CHECK_THAT(message, Contains("data-dependent symbol u0 has the range"));
}
