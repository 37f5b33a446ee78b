//===- RunTest.cpp - Running the test double: numerics and outputs --------===//

#include "TestModelLibrary.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace pt2c::test;
using Catch::Matchers::Contains;

namespace {

void checkOutputs(const DoubleInputs &inputs, const float *y,
                  const uint8_t *positive) {
  std::vector<float> want = expectedY(inputs);
  for (size_t k = 0; k < want.size(); ++k) {
    INFO("element " << k);
    REQUIRE(y[k] == want[k]);
    REQUIRE(positive[k] == (want[k] > 0.0f ? 1 : 0));
  }
}

} // namespace

TEST_CASE("Run with model-allocated outputs", "[runtime]") {
  const ModelApi &api = testModel();
  ModelHandle model(2);
  for (int64_t rows : {1, 3, 64}) {
    DoubleInputs inputs(rows, int(rows));
    DLTensor outputs[2] = {};
    auto [code, message] = api.take(
        api.pt2c_model_run(model.get(), inputs.tensors, 2, outputs, 2));
    INFO(message);
    REQUIRE(code == PT2C_OK);
    for (const DLTensor &output : outputs) {
      REQUIRE(output.data);
      CHECK(reinterpret_cast<uintptr_t>(output.data) % 64 == 0);
      CHECK(output.device.device_type == kDLCPU);
      CHECK(output.ndim == 2);
      REQUIRE(output.shape);
      CHECK(output.shape[0] == rows);
      CHECK(output.shape[1] == 4);
      CHECK(output.strides == nullptr);
      CHECK(output.byte_offset == 0);
    }
    CHECK((outputs[0].dtype.code == kDLFloat && outputs[0].dtype.bits == 32));
    CHECK(
        (outputs[1].dtype.code == PT2C_DL_BOOL && outputs[1].dtype.bits == 8));
    checkOutputs(inputs, static_cast<float *>(outputs[0].data),
                 static_cast<uint8_t *>(outputs[1].data));
    api.pt2c_tensor_free(&outputs[0]);
    api.pt2c_tensor_free(&outputs[1]);
    CHECK(outputs[0].data == nullptr);
    CHECK(outputs[0].shape == nullptr);
    api.pt2c_tensor_free(&outputs[0]); // twice: a no-op
    api.pt2c_tensor_free(nullptr);
  }
}

TEST_CASE("Run with caller-allocated and mixed outputs", "[runtime]") {
  const ModelApi &api = testModel();
  ModelHandle model(3);
  DoubleInputs inputs(5, 1);
  std::vector<float> y(20, -99.0f);
  std::vector<uint8_t> positive(20, 7);
  std::vector<int64_t> shape{5, 4};
  DLTensor outputs[2] = {makeTensor(y.data(), kFloat32, shape),
                         makeTensor(positive.data(), kBool, shape)};
  REQUIRE(api.pt2c_model_run(model.get(), inputs.tensors, 2, outputs, 2) ==
          nullptr);
  checkOutputs(inputs, y.data(), positive.data());

  // Explicit compact strides and a byte_offset are honoured too.
  std::vector<float> padded(21, -99.0f);
  std::vector<int64_t> strides{4, 1};
  outputs[0] = makeTensor(padded.data(), kFloat32, shape);
  outputs[0].strides = strides.data();
  outputs[0].byte_offset = sizeof(float);
  outputs[1] = DLTensor{}; // model-allocated
  REQUIRE(api.pt2c_model_run(model.get(), inputs.tensors, 2, outputs, 2) ==
          nullptr);
  CHECK(padded[0] == -99.0f);
  checkOutputs(inputs, padded.data() + 1,
               static_cast<uint8_t *>(outputs[1].data));
  api.pt2c_tensor_free(&outputs[1]);
}

TEST_CASE("Inputs with strides and offsets and size-1 dims are accepted",
          "[runtime]") {
  const ModelApi &api = testModel();
  ModelHandle model(1);
  DoubleInputs inputs(1);
  // A [1, 4] tensor: PyTorch may give the size-1 dim any stride.
  std::vector<int64_t> xStrides{17, 1}, shiftStrides{1};
  inputs.tensors[0].strides = xStrides.data();
  inputs.tensors[1].strides = shiftStrides.data();
  // The same values behind a byte_offset.
  std::vector<float> shifted(5);
  std::memcpy(shifted.data() + 1, inputs.x.data(), 4 * sizeof(float));
  inputs.tensors[0].data = shifted.data();
  inputs.tensors[0].byte_offset = sizeof(float);
  DLTensor outputs[2] = {};
  auto [code, message] =
      api.take(api.pt2c_model_run(model.get(), inputs.tensors, 2, outputs, 2));
  INFO(message);
  REQUIRE(code == PT2C_OK);
  checkOutputs(inputs, static_cast<float *>(outputs[0].data),
               static_cast<uint8_t *>(outputs[1].data));
  api.pt2c_tensor_free(&outputs[0]);
  api.pt2c_tensor_free(&outputs[1]);
}

/// A run whose compiled code fails (a shift[0] TestModel.c gives a
/// meaning) returns `code` and `message` and frees the model-allocated
/// outputs; the next run of the same model succeeds.
static void failThenRecover(int64_t shift, pt2c_code code, const std::string &message) {
  const ModelApi &api = testModel();
  ModelHandle model(2);
  DoubleInputs inputs(3);
  inputs.shift[0] = shift;
  DLTensor outputs[2] = {};
  auto [got, text] = api.take(api.pt2c_model_run(model.get(), inputs.tensors, 2, outputs, 2));
  CHECK(got == code);
  CHECK(text == message);
  CHECK(outputs[0].data == nullptr);
  CHECK(outputs[1].data == nullptr);

  // The model is still usable afterwards.
  inputs.shift[0] = 0;
  REQUIRE(api.pt2c_model_run(model.get(), inputs.tensors, 2, outputs, 2) == nullptr);
  checkOutputs(inputs, static_cast<float *>(outputs[0].data),
               static_cast<uint8_t *>(outputs[1].data));
  api.pt2c_tensor_free(&outputs[0]);
  api.pt2c_tensor_free(&outputs[1]);
}

TEST_CASE("An index out of range that the compiled code reports fails the run",
          "[runtime]") {
  // What pt2c's index checks call (lib/Conversion/PrimToLinalg/
  // IndexChecks.cpp): the run finishes, then fails with the first report.
  failThenRecover(-54321 /* PT2C_TEST_BAD_INDEX_SHIFT */, PT2C_INVALID_ARGUMENT,
                  "model 'test_double': index -54321 is out of range for a dimension of size 10 "
                  "(valid: 0 to 9; the indices ranged from -54321 to 7): input 'shift' at "
                  "embedding @ double.py:2");
}

TEST_CASE("A failure of the compiled code is reported and frees outputs",
          "[runtime]") {
  failThenRecover(-12345 /* PT2C_TEST_FAIL_SHIFT */, PT2C_DEVICE_ERROR,
                  "model 'test_double': the compiled code failed (device error, code 5)");
}
