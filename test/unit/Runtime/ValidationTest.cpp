//===- ValidationTest.cpp - Every bad input gets its code and message -----===//

#include "TestModelLibrary.h"

#include <catch2/catch.hpp>

using namespace pt2c::test;

namespace {

/// Three rows of valid inputs and model-allocated outputs, to be spoiled
/// one field at a time.
struct BadRun {
  const ModelApi &api = testModel();
  ModelHandle model{1};
  DoubleInputs inputs{3};
  DLTensor outputs[2] = {};

  std::pair<pt2c_code, std::string> run(size_t nInputs = 2,
                                        size_t nOutputs = 2) {
    return runWith(inputs.tensors, nInputs, outputs, nOutputs);
  }
  std::pair<pt2c_code, std::string> runWith(const DLTensor *in, size_t nIn,
                                            DLTensor *out, size_t nOut) {
    bool wasNull[2] = {outputs[0].data == nullptr, outputs[1].data == nullptr};
    auto result = api.take(api.pt2c_model_run(model.get(), in, nIn, out, nOut));
    // A refused run allocates nothing.
    for (int i = 0; i < 2; ++i)
      if (result.first != PT2C_OK && wasNull[i])
        CHECK(outputs[i].data == nullptr);
    return result;
  }
};

void expect(const std::pair<pt2c_code, std::string> &got, pt2c_code code,
            const std::string &message) {
  INFO("message: " << got.second);
  CHECK(got.first == code);
  CHECK(got.second == message);
}

} // namespace

TEST_CASE("Validation: counts and NULL arrays", "[runtime]") {
  BadRun bad;
  expect(bad.run(1, 2), PT2C_INVALID_ARGUMENT, "expected 2 inputs, got 1");
  expect(bad.run(3, 2), PT2C_INVALID_ARGUMENT, "expected 2 inputs, got 3");
  expect(bad.run(2, 1), PT2C_INVALID_ARGUMENT, "expected 2 outputs, got 1");
  expect(bad.runWith(nullptr, 2, bad.outputs, 2), PT2C_INVALID_ARGUMENT,
         "inputs is NULL (expected an array of 2 tensors)");
  expect(bad.runWith(bad.inputs.tensors, 2, nullptr, 2), PT2C_INVALID_ARGUMENT,
         "outputs is NULL (expected an array of 2 tensors)");
  expect(bad.api.take(bad.api.pt2c_model_run(nullptr, bad.inputs.tensors, 2,
                                             bad.outputs, 2)),
         PT2C_INVALID_ARGUMENT, "pt2c_model_run: model is NULL");
}

TEST_CASE("Validation: dtype and device", "[runtime]") {
  BadRun bad;
  bad.inputs.tensors[1].dtype = {kDLInt, 32, 1};
  expect(bad.run(), PT2C_INVALID_ARGUMENT,
         "input 1 ('shift'): dtype is int32, expected int64");
  bad.inputs.tensors[1].dtype = kInt64;

  bad.inputs.tensors[0].dtype = {kDLFloat, 32, 4};
  expect(bad.run(), PT2C_INVALID_ARGUMENT,
         "input 0 ('x'): dtype is float32x4, expected float32");
  bad.inputs.tensors[0].dtype = {kDLBfloat, 16, 1};
  expect(bad.run(), PT2C_INVALID_ARGUMENT,
         "input 0 ('x'): dtype is bfloat16, expected float32");
  bad.inputs.tensors[0].dtype = kFloat32;

  bad.inputs.tensors[0].device = {kDLCUDA, 1};
  expect(bad.run(), PT2C_INVALID_ARGUMENT,
         "input 0 ('x'): device is cuda:1, expected cpu");
}

TEST_CASE("Validation: rank and static dims and NULL shape", "[runtime]") {
  BadRun bad;
  std::vector<int64_t> rank3{3, 4, 1};
  bad.inputs.tensors[0].ndim = 3;
  bad.inputs.tensors[0].shape = rank3.data();
  expect(bad.run(), PT2C_SHAPE_MISMATCH,
         "input 0 ('x'): rank is 3, expected 2");

  std::vector<int64_t> wide{3, 5};
  bad.inputs.tensors[0].ndim = 2;
  bad.inputs.tensors[0].shape = wide.data();
  expect(bad.run(), PT2C_SHAPE_MISMATCH,
         "input 0 ('x'): dim 1 is 5, expected 4 (shape [3, 5], expected "
         "[s0, 4])");

  std::vector<int64_t> negative{-3, 4};
  bad.inputs.tensors[0].shape = negative.data();
  expect(bad.run(), PT2C_SHAPE_MISMATCH,
         "input 0 ('x'): dim 0 is -3, a negative size");

  bad.inputs.tensors[0].shape = nullptr;
  expect(bad.run(), PT2C_INVALID_ARGUMENT, "input 0 ('x'): shape is NULL");
}

TEST_CASE("Validation: dynamic dims in range and bound consistently",
          "[runtime]") {
  BadRun bad;
  std::vector<int64_t> big{65, 4}, bigShift{65};
  bad.inputs.tensors[0].shape = big.data();
  bad.inputs.tensors[1].shape = bigShift.data();
  expect(bad.run(), PT2C_SHAPE_MISMATCH,
         "input 0 ('x'): dim 0 is 65, outside the range [1, 64] of symbol s0");

  std::vector<int64_t> empty{0, 4};
  bad.inputs.tensors[0].shape = empty.data();
  expect(bad.run(), PT2C_SHAPE_MISMATCH,
         "input 0 ('x'): dim 0 is 0, outside the range [1, 64] of symbol s0");

  std::vector<int64_t> two{2};
  bad.inputs.tensors[0].shape = bad.inputs.xShape.data();
  bad.inputs.tensors[1].shape = two.data();
  expect(bad.run(), PT2C_SHAPE_MISMATCH,
         "input 1 ('shift'): dim 0 is 2, but symbol s0 is 3 from input 0 "
         "('x') dim 0");
}

TEST_CASE("Validation: strides and NULL data and alignment", "[runtime]") {
  BadRun bad;
  std::vector<int64_t> columnMajor{1, 3};
  bad.inputs.tensors[0].strides = columnMajor.data();
  expect(bad.run(), PT2C_UNSUPPORTED,
         "input 0 ('x'): strides [1, 3] are not compact row-major (expected "
         "[4, 1] or NULL)");
  std::vector<int64_t> padded{8, 1};
  bad.inputs.tensors[0].strides = padded.data();
  expect(bad.run(), PT2C_UNSUPPORTED,
         "input 0 ('x'): strides [8, 1] are not compact row-major (expected "
         "[4, 1] or NULL)");
  bad.inputs.tensors[0].strides = nullptr;

  bad.inputs.tensors[1].data = nullptr;
  expect(bad.run(), PT2C_INVALID_ARGUMENT, "input 1 ('shift'): data is NULL");
  bad.inputs.tensors[1].data = bad.inputs.shift.data();

  bad.inputs.tensors[1].byte_offset = 4;
  auto [code, message] = bad.run();
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(
      message,
      Catch::Matchers::StartsWith("input 1 ('shift'): data + byte_offset") &&
          Catch::Matchers::EndsWith("is not aligned to its 8-byte elements"));
}

TEST_CASE("Validation: caller-allocated outputs", "[runtime]") {
  BadRun bad;
  std::vector<float> y(12);
  std::vector<uint8_t> positive(12);
  std::vector<int64_t> shape{3, 4}, shortShape{2, 4};
  bad.outputs[0] = makeTensor(y.data(), kFloat32, shortShape);
  expect(bad.run(), PT2C_SHAPE_MISMATCH,
         "output 0 ('y'): dim 0 is 2, expected 3 (shape [2, 4], expected [3, "
         "4])");
  bad.outputs[0] = makeTensor(y.data(), kFloat32, shape);

  bad.outputs[1] = makeTensor(positive.data(), {kDLUInt, 8, 1}, shape);
  expect(bad.run(), PT2C_INVALID_ARGUMENT,
         "output 1 ('positive'): dtype is uint8, expected bool");
  bad.outputs[1] = makeTensor(positive.data(), kBool, shape);

  bad.outputs[1].device = {kDLCUDAHost, 0};
  expect(bad.run(), PT2C_INVALID_ARGUMENT,
         "output 1 ('positive'): device is cuda_host, expected cpu");
  bad.outputs[1].device = {kDLCPU, 0};

  std::vector<int64_t> transposed{1, 3};
  bad.outputs[0].strides = transposed.data();
  expect(bad.run(), PT2C_UNSUPPORTED,
         "output 0 ('y'): strides [1, 3] are not compact row-major (expected "
         "[4, 1] or NULL)");
  bad.outputs[0].strides = nullptr;

  bad.outputs[0].ndim = 1;
  expect(bad.run(), PT2C_SHAPE_MISMATCH,
         "output 0 ('y'): rank is 1, expected 2");
  bad.outputs[0].ndim = 2;

  REQUIRE(bad.run().first == PT2C_OK);
}
