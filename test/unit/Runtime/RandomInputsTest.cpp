//===- RandomInputsTest.cpp - pt2c-run's inputs from a model's signature --===//
//
// The test double (TestModel.c) takes x: float32 [s0, 4] and shift: int64
// [s0], s0 in [1, 64]; loaded through pt2c-run's ModelLibrary as the
// runner loads a compiled model.
//
//===----------------------------------------------------------------------===//

#include "ModelLibrary.h"
#include "RandomInputs.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <memory>

using namespace pt2c::run;

namespace {

struct LoadedDouble {
  LoadedDouble() {
    std::string error;
    library = ModelLibrary::load(PT2C_TEST_MODEL, error);
    REQUIRE(library);
    const Pt2cApi &api = library->api();
    pt2c_options *options = nullptr;
    REQUIRE(api.pt2c_options_create(PT2C_ABI_VERSION, &options) == nullptr);
    REQUIRE(api.pt2c_model_create(options, &model) == nullptr);
    api.pt2c_options_free(options);
  }
  ~LoadedDouble() { library->api().pt2c_model_destroy(model); }
  std::unique_ptr<ModelLibrary> library;
  pt2c_model *model = nullptr;
};

std::vector<NpyArray> draw(const LoadedDouble &loaded, uint64_t seed,
                           const std::map<std::string, std::vector<int64_t>> &shapes,
                           std::string &error) {
  std::vector<NpyArray> arrays;
  if (!randomInputs(loaded.library->api(), loaded.model, seed, shapes, arrays, error))
    arrays.clear();
  return arrays;
}

} // namespace

TEST_CASE("Shapes given as NAME=2x128 parse into whole shapes, bad ones are refused",
          "[pt2c-run]") {
  std::map<std::string, std::vector<int64_t>> shapes;
  std::string error;
  REQUIRE(parseShapes({"input_ids=2x128,attention_mask=2x128", "x=7"}, shapes, error));
  CHECK(shapes["input_ids"] == std::vector<int64_t>{2, 128});
  CHECK(shapes["attention_mask"] == std::vector<int64_t>{2, 128});
  CHECK(shapes["x"] == std::vector<int64_t>{7});
  for (const char *bad : {"x", "=2x3", "x=", "x=2xx3", "x=2x-3", "x=2xa"}) {
    INFO(bad);
    CHECK_FALSE(parseShapes({bad}, shapes, error));
    CHECK(error.find("--shapes") == 0);
  }
}

TEST_CASE("Random inputs follow the signature, share symbols and repeat per seed",
          "[pt2c-run]") {
  LoadedDouble loaded;
  std::string error;
  std::vector<NpyArray> arrays = draw(loaded, 7, {{"x", {5, 4}}}, error);
  REQUIRE(arrays.size() == 2);
  // x as given; shift's only dim is the same symbol s0, so 5 too.
  CHECK(arrays[0].name == "in0");
  CHECK(arrays[0].shape == std::vector<int64_t>{5, 4});
  CHECK(arrays[0].dtype.code == kDLFloat);
  CHECK(arrays[0].dtype.bits == 32);
  CHECK(arrays[1].shape == std::vector<int64_t>{5});
  CHECK(arrays[1].dtype.code == kDLInt);
  CHECK(arrays[1].dtype.bits == 64);
  for (int64_t k = 0; k < 20; ++k) {
    float value;
    std::memcpy(&value, arrays[0].data.data() + k * 4, 4);
    CHECK(value >= -1.0f);
    CHECK(value < 1.0f);
  }
  for (int64_t k = 0; k < 5; ++k) {
    int64_t value;
    std::memcpy(&value, arrays[1].data.data() + k * 8, 8);
    CHECK((value == 0 || value == 1));
  }
  std::vector<NpyArray> same = draw(loaded, 7, {{"x", {5, 4}}}, error);
  std::vector<NpyArray> other = draw(loaded, 8, {{"x", {5, 4}}}, error);
  REQUIRE(same.size() == 2);
  REQUIRE(other.size() == 2);
  CHECK(same[0].data == arrays[0].data);
  CHECK(other[0].data != arrays[0].data);

  // Without --shapes, s0 takes its least size, 1.
  std::vector<NpyArray> least = draw(loaded, 0, {}, error);
  REQUIRE(least.size() == 2);
  CHECK(least[0].shape == std::vector<int64_t>{1, 4});
  CHECK(least[1].shape == std::vector<int64_t>{1});
}

TEST_CASE("Random inputs refuse shapes that contradict the model", "[pt2c-run]") {
  LoadedDouble loaded;
  std::string error;
  CHECK(draw(loaded, 0, {{"x", {5, 3}}}, error).empty());
  CHECK(error == "--shapes gives input 'x' size 3 in dim 1, which the model compiled as 4");
  CHECK(draw(loaded, 0, {{"x", {5, 4}}, {"shift", {6}}}, error).empty());
  CHECK(error == "--shapes gives symbol 's0' two sizes, 5 and 6");
  CHECK(draw(loaded, 0, {{"y", {5, 4}}}, error).empty());
  CHECK(error == "--shapes names 'y', which is no input of the model");
  CHECK(draw(loaded, 0, {{"x", {5}}}, error).empty());
  CHECK(error == "--shapes gives input 'x' 5, but it has rank 2");
}
