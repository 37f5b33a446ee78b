//===- ExternalWeightsTest.cpp - Weights read from a .pt2 at create -------===//
//
// The external test double (TestModel.c built with PT2C_TEST_EXTERNAL_WEIGHTS)
// expects its weights in test_double.pt2: w contiguous in weight_0 (size
// and CRC recorded), b a transposed view with an offset into weight_1 (only
// a minimum size recorded). These tests write such archives (DoubleArchive.h),
// right and wrong, and create the model from them through the public ABI.
// CudaRunTest.cpp does the same on the fake CUDA driver.
//
//===----------------------------------------------------------------------===//

#include "DoubleArchive.h"
#include "ScratchFile.h"
#include "TestModelLibrary.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace pt2c::test;
using Catch::Matchers::Contains;

namespace {

const ModelApi &externalModel() { return loadModelLibrary(PT2C_TEST_MODEL_EXTERNAL); }

/// Creates the external double with `path` as its weights path (none when
/// NULL); on success runs it once and checks the outputs.
std::pair<pt2c_code, std::string> createAndRun(const char *path) {
  const ModelApi &api = externalModel();
  pt2c_options *options = nullptr;
  REQUIRE(api.pt2c_options_create(PT2C_ABI_VERSION, &options) == nullptr);
  REQUIRE(api.pt2c_options_set_cpu_threads(options, 2) == nullptr);
  if (path)
    REQUIRE(api.pt2c_options_set_weights_path(options, path) == nullptr);
  pt2c_model *model = nullptr;
  auto result = api.take(api.pt2c_model_create(options, &model));
  api.pt2c_options_free(options);
  if (result.first != PT2C_OK) {
    CHECK(model == nullptr);
    return result;
  }
  DoubleInputs inputs(5, 7);
  std::vector<float> y(inputs.x.size());
  std::vector<uint8_t> positive(inputs.x.size());
  std::vector<int64_t> shape = {5, 4};
  DLTensor outputs[2] = {makeTensor(y.data(), kFloat32, shape),
                         makeTensor(positive.data(), kBool, shape)};
  auto run = api.take(api.pt2c_model_run(model, inputs.tensors, 2, outputs, 2));
  api.pt2c_model_destroy(model);
  INFO(run.second);
  REQUIRE(run.first == PT2C_OK);
  std::vector<float> want = expectedY(inputs);
  for (size_t k = 0; k < want.size(); ++k) {
    INFO("element " << k);
    REQUIRE(y[k] == want[k]);
  }
  return result;
}

std::pair<pt2c_code, std::string> createFrom(const DoubleArchive &archive,
                                             std::string *path = nullptr) {
  ScratchFile file(archive.bytes());
  if (path)
    *path = file.path();
  return createAndRun(file.path().c_str());
}

} // namespace

TEST_CASE("external weights: read from the archive, strided views gathered",
          "[runtime][external]") {
  DoubleArchive archive;
  auto [code, message] = createFrom(archive);
  INFO(message);
  CHECK(code == PT2C_OK);

  // Another copy of the export: another root folder, a plain zip, the
  // zip64 extra fields of a big file, or no root folder at all.
  archive.root = "renamed_copy/";
  archive.zip = {};
  std::tie(code, message) = createFrom(archive);
  CHECK(code == PT2C_OK);
  archive.zip.zip64 = archive.zip.zip64Extra = true;
  std::tie(code, message) = createFrom(archive);
  CHECK(code == PT2C_OK);
  archive.root = "";
  std::tie(code, message) = createFrom(archive);
  CHECK(code == PT2C_OK);

  // weight_1 only has a minimum size: a storage larger than the view is fine.
  archive.weight1 += floats({42.0f});
  std::tie(code, message) = createFrom(archive);
  CHECK(code == PT2C_OK);
}

TEST_CASE("external weights: no weights path names the setter", "[runtime][external]") {
  auto [code, message] = createAndRun(nullptr);
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK(message == "model 'test_double' was compiled with --weights external (128 bytes "
                   "of weights not embedded): name the archive to read them from "
                   "(test_double.pt2, or another copy of it) with "
                   "pt2c_options_set_weights_path (pt2c-run: --weights PATH)");
}

TEST_CASE("external weights: a missing file or not a .pt2", "[runtime][external]") {
  auto [code, message] = createAndRun("/no/such/test_double.pt2");
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("weights file '/no/such/test_double.pt2': cannot open it"));

  ScratchFile text("just some text\n");
  std::tie(code, message) = createAndRun(text.path().c_str());
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("weights file '" + text.path() + "': not a zip archive"));

  DoubleArchive archive;
  archive.withArchiveFormat = false;
  std::string path;
  std::tie(code, message) = createFrom(archive, &path);
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK(message == "weights file '" + path + "': not a .pt2 archive (it has no "
                   "archive_format entry); expected the archive the model was "
                   "compiled from (test_double.pt2)");

  std::string bytes = DoubleArchive().bytes();
  ScratchFile truncated(bytes.substr(0, bytes.size() - 30));
  std::tie(code, message) = createAndRun(truncated.path().c_str());
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("weights file '" + truncated.path() + "'"));
}

TEST_CASE("external weights: entries missing, compressed or of another export",
          "[runtime][external]") {
  std::string path;
  DoubleArchive archive;
  archive.withWeight1 = false;
  auto [code, message] = createFrom(archive, &path);
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK(message == "weights file '" + path + "': no entry "
                   "'test_double/data/weights/weight_1' (weight 'b'); is it the "
                   "archive the model was compiled from (test_double.pt2)?");

  archive = DoubleArchive();
  archive.method = 8;
  std::tie(code, message) = createFrom(archive, &path);
  CHECK(code == PT2C_UNSUPPORTED);
  CHECK_THAT(message, Contains("weights file '" + path + "': entry "
                               "'test_double/data/weights/weight_0' (weight 'w') is "
                               "compressed (method 8); external weights must be STORED"));

  // weight_0 was recorded exactly: another size, or the same size with
  // other values, is another export.
  archive = DoubleArchive();
  archive.weight0 += floats({1.0f});
  std::tie(code, message) = createFrom(archive, &path);
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("entry 'test_double/data/weights/weight_0' (weight 'w') "
                               "holds 20 bytes, but 16 in the archive the model was "
                               "compiled from (test_double.pt2)"));
  archive = DoubleArchive();
  archive.weight0 = floats({0.5f, -1.0f, 2.0f, 0.5f});
  std::tie(code, message) = createFrom(archive, &path);
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("entry 'test_double/data/weights/weight_0' (weight 'w') "
                               "has CRC-32 0x") &&
                          Contains("but 0x1f7ba8ab in the archive the model was compiled "
                                   "from"));

  // A STORED entry whose stored size is not its size: damaged.
  std::string damaged = DoubleArchive().bytes();
  size_t header = damaged.find(std::string("PK\x01\x02", 4)); // weight_0's
  REQUIRE(header != std::string::npos);
  damaged[header + 20] = 15; // compressed size, low byte
  ScratchFile damagedFile(damaged);
  std::tie(code, message) = createAndRun(damagedFile.path().c_str());
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK_THAT(message, Contains("entry 'test_double/data/weights/weight_0' (weight 'w') "
                               "is STORED but its directory gives 15 stored and 16 "
                               "actual bytes"));

  // weight_1 only has a minimum: b's view reaches its 5th float.
  archive = DoubleArchive();
  archive.weight1 = floats({9.0f, 1.0f, -0.5f, 0.0f});
  std::tie(code, message) = createFrom(archive, &path);
  CHECK(code == PT2C_INVALID_ARGUMENT);
  CHECK(message == "weights file '" + path + "': entry "
                   "'test_double/data/weights/weight_1' (weight 'b') holds 16 bytes; "
                   "the model's weights need 20 (a graph-only archive, or another "
                   "export?)");
}
