// describeExternalWeights: the blob layout of embedded weights, and where
// the runtime finds each weight, taken from the configs and the zip
// directory only. Expected sizes and CRC-32s come from Python's zipfile
// on test/data/mlp.pt2, the shapes from its weights config.

#include "TestZip.h"

#include "pt2c/Archive/Pt2Archive.h"
#include "pt2c/Package/Weights.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

#include <unistd.h>

using namespace pt2c;
using namespace pt2c::test;

namespace {

/// fc1.weight [128, 64], fc2.bias [10], fc2.weight [10, 128], in that order.
ModelSignature mlpSignature() {
  ModelSignature signature;
  signature.weights.push_back({"fc1.weight", 0, {128, 64}});
  signature.weights.push_back({"fc2.bias", 1, {10}});
  signature.weights.push_back({"fc2.weight", 2, {10, 128}});
  return signature;
}

std::unique_ptr<archive::Pt2Archive> open(const std::string &path) {
  auto opened = archive::Pt2Archive::open(path);
  if (!opened)
    FAIL(llvm::toString(opened.takeError()));
  return std::move(*opened);
}

/// The embedded blob of `signature`'s weights; fails the test if refused.
WeightsBlob embed(const archive::Pt2Archive &archive, const ModelSignature &signature) {
  auto blob = buildWeightsBlob(archive, signature);
  if (!blob)
    FAIL(llvm::toString(blob.takeError()));
  return std::move(*blob);
}

/// Embedding `signature`'s weights is refused with a message containing
/// `text`.
void checkRefused(const archive::Pt2Archive &archive, const ModelSignature &signature,
                  const std::string &text) {
  auto refused = buildWeightsBlob(archive, signature);
  REQUIRE_FALSE(bool(refused));
  CHECK_THAT(llvm::toString(refused.takeError()), Catch::Contains(text));
}

/// Weight `index` of an embedded blob, as floats.
const float *floatsOf(const WeightsBlob &blob, size_t index) {
  return reinterpret_cast<const float *>(blob.bytes.data() + blob.offsets[index]);
}

WeightsBlob describe(const archive::Pt2Archive &archive) {
  auto described = describeExternalWeights(archive, mlpSignature());
  if (!described)
    FAIL(llvm::toString(described.takeError()));
  return std::move(*described);
}

} // namespace

TEST_CASE("external weights: entries with their sizes and CRCs, no bytes", "[package]") {
  auto archive = open(fixturePath("mlp.pt2"));
  WeightsBlob blob = describe(*archive);
  CHECK(blob.bytes.empty());
  // 64-byte aligned, in argument order: 32768, then 40 (padded to 64), 5120.
  CHECK(blob.offsets == std::vector<uint64_t>{0, 32768, 32832});
  CHECK(blob.sizes == std::vector<uint64_t>{32768, 40, 5120});
  CHECK(blob.totalBytes == 32832 + 5120);

  // The embedded blob has the same layout: the code addresses both alike.
  auto embedded = buildWeightsBlob(*archive, mlpSignature());
  REQUIRE(bool(embedded));
  CHECK(embedded->offsets == blob.offsets);
  CHECK(embedded->bytes.size() == blob.totalBytes);

  REQUIRE(blob.external);
  const ExternalWeights &external = *blob.external;
  CHECK(external.archiveName == "mlp.pt2");
  REQUIRE(external.entries.size() == 3);
  struct Want {
    const char *name;
    uint64_t bytes;
    uint32_t crc;
  } want[] = {{"data/weights/weight_0", 32768, 0xfb184854},
              {"data/weights/weight_5", 40, 0xdb340007},
              {"data/weights/weight_4", 5120, 0x25766a27}};
  for (size_t i = 0; i < 3; ++i) {
    INFO(want[i].name);
    CHECK(external.entries[i].name == want[i].name);
    CHECK(external.entries[i].exact);
    CHECK(external.entries[i].bytes == want[i].bytes);
    CHECK(external.entries[i].minBytes == want[i].bytes);
    CHECK(external.entries[i].crc32 == want[i].crc);
  }
  REQUIRE(external.sources.size() == 3);
  CHECK(external.sources[0].entry == 0);
  CHECK(external.sources[0].elementBytes == 4);
  CHECK(external.sources[0].sizes == std::vector<int64_t>{128, 64});
  CHECK(external.sources[0].strides == std::vector<int64_t>{64, 1});
  CHECK(external.sources[2].entry == 2);
  CHECK(external.sources[2].strides == std::vector<int64_t>{128, 1});
}

TEST_CASE("external weights: a graph-only archive gives sizes only", "[package]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  for (ZipMember &member : members)
    if (llvm::StringRef(member.name).starts_with("data/weights/weight_"))
      member.data.clear();
  TempFile file(buildArchive(members));
  auto archive = open(file.path());
  REQUIRE_FALSE(archive->hasWeightData());
  WeightsBlob blob = describe(*archive);
  REQUIRE(blob.external);
  for (const ExternalEntry &entry : blob.external->entries) {
    INFO(entry.name);
    CHECK_FALSE(entry.exact);
    CHECK(entry.bytes == 0);
  }
  CHECK(blob.external->entries[0].minBytes == 32768);
  CHECK(blob.external->entries[1].minBytes == 40);

  auto embedded = buildWeightsBlob(*archive, mlpSignature());
  REQUIRE_FALSE(bool(embedded));
  CHECK_THAT(llvm::toString(embedded.takeError()),
             Catch::Contains("weight 'fc1.weight' has no bytes in the archive (a "
                             "graph-only export)") &&
                 Catch::Contains("compile with --weights external"));
}

TEST_CASE("external weights: views sharing an entry, with strides and an offset",
          "[package]") {
  // fc2.bias re-pointed into fc1.bias's storage (weight_1, 128 floats) as
  // every other element from element 3: it needs (3 + 9 * 2 + 1) floats.
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  ZipMember *config = findMember(members, "data/weights/model_weights_config.json");
  REQUIRE(config);
  llvm::json::Value document = parseJson(config->data);
  llvm::json::Object &bias =
      *document.getAsObject()->getObject("config")->getObject("fc2.bias");
  bias["path_name"] = "weight_1";
  llvm::json::Object &meta = *bias.getObject("tensor_meta");
  meta["strides"] = llvm::json::Array{llvm::json::Object{{"as_int", 2}}};
  meta["storage_offset"] = llvm::json::Object{{"as_int", 3}};
  config->data = printJson(document);
  TempFile file(buildArchive(members));
  auto archive = open(file.path());

  ModelSignature signature = mlpSignature();
  signature.weights.push_back({"fc1.bias", 3, {128}});
  auto described = describeExternalWeights(*archive, signature);
  REQUIRE(bool(described));
  const ExternalWeights &external = *described->external;
  REQUIRE(external.entries.size() == 3); // weight_0, weight_1 (shared), weight_4
  CHECK(external.entries[1].name == "data/weights/weight_1");
  CHECK(external.entries[1].minBytes == 512); // the larger need, fc1.bias's
  CHECK(external.entries[1].bytes == 512);
  const ExternalSource &strided = external.sources[1];
  CHECK(strided.entry == 1);
  CHECK(strided.sizes == std::vector<int64_t>{10});
  CHECK(strided.strides == std::vector<int64_t>{2});
  CHECK(strided.storageOffset == 3);
  CHECK(external.sources[3].entry == 1);
  CHECK(external.sources[3].storageOffset == 0);
}

TEST_CASE("weights: a permuted weight is stored transposed, embedded or external",
          "[package]") {
  auto archive = open(fixturePath("mlp.pt2"));
  ModelSignature plain = mlpSignature();
  ModelSignature permuted = mlpSignature();
  // fc2.weight [10, 128] stored as [128, 10] (pt2c-permute-weights).
  permuted.weights[2].permutation = {1, 0};
  permuted.weights[2].shape = {128, 10};
  WeightsBlob rowMajor = embed(*archive, plain);
  WeightsBlob transposed = embed(*archive, permuted);
  CHECK(transposed.offsets == rowMajor.offsets); // same sizes, same layout
  // Element (i, j) of the stored [128, 10] is element (j, i) of the archive's.
  const float *before = floatsOf(rowMajor, 2), *after = floatsOf(transposed, 2);
  for (int i = 0; i < 128; ++i)
    for (int j = 0; j < 10; ++j)
      REQUIRE(after[i * 10 + j] == before[j * 128 + i]);
  // The other weights are untouched.
  CHECK(std::equal(rowMajor.bytes.begin(), rowMajor.bytes.begin() + 32832,
                   transposed.bytes.begin()));
  // External: the runtime gathers the same permuted view.
  auto external = describeExternalWeights(*archive, permuted);
  REQUIRE(bool(external));
  REQUIRE(external->external);
  const ExternalSource &source = external->external->sources[2];
  CHECK(source.sizes == std::vector<int64_t>{128, 10});
  CHECK(source.strides == std::vector<int64_t>{1, 128});
  // A permutation of another rank is refused, naming the weight.
  permuted.weights[1].permutation = {1, 0};
  checkRefused(*archive, permuted, "fc2.bias");
}

TEST_CASE("weights: a packed weight is stored as column panels of its permuted view",
          "[package]") {
  auto archive = open(fixturePath("mlp.pt2"));
  ModelSignature plain = mlpSignature();
  ModelSignature packed = mlpSignature();
  // fc1.weight [128, 64] read as [64, 128] (transposed), in panels of 16
  // columns: [8, 64, 16] (pt2c-pack-weight-panels).
  packed.weights[0].permutation = {1, 0};
  packed.weights[0].panel = 16;
  packed.weights[0].shape = {8, 64, 16};
  WeightsBlob rowMajor = embed(*archive, plain);
  WeightsBlob panels = embed(*archive, packed);
  CHECK(panels.offsets == rowMajor.offsets);
  const float *before = floatsOf(rowMajor, 0), *after = floatsOf(panels, 0);
  // Panel p, row k, column c is element (k, 16p + c) of the transposed
  // view: the archive's (16p + c, k).
  for (int p = 0; p < 8; ++p)
    for (int k = 0; k < 64; ++k)
      for (int c = 0; c < 16; ++c)
        REQUIRE(after[(p * 64 + k) * 16 + c] == before[(p * 16 + c) * 64 + k]);
  // External: the runtime gathers the same view.
  auto external = describeExternalWeights(*archive, packed);
  REQUIRE(bool(external));
  const ExternalSource &source = external->external->sources[0];
  CHECK(source.sizes == std::vector<int64_t>{8, 64, 16});
  CHECK(source.strides == std::vector<int64_t>{16 * 64, 1, 64});
  // Columns that are not a whole number of panels are refused, naming the
  // weight.
  packed.weights[2].permutation = {1, 0};
  packed.weights[2].panel = 16; // [128, 10]: 10 columns
  checkRefused(*archive, packed, "fc2.weight");
}

TEST_CASE("weights: a weight split at its last whole panel stores each part's columns",
          "[package]") {
  auto archive = open(fixturePath("mlp.pt2"));
  ModelSignature plain = mlpSignature();
  // fc1.weight [128, 64] read as [64, 128] (transposed) with 48-column
  // panels: 2 whole panels (columns [0, 96)), packed [2, 64, 48], and the
  // 32 columns left a second argument [64, 32] (pt2c-pack-weight-panels).
  ModelSignature split = mlpSignature();
  split.weights[0].permutation = {1, 0};
  split.weights[0].endColumn = 96;
  split.weights[0].panel = 48;
  split.weights[0].shape = {2, 64, 48};
  SignatureWeight tail{"fc1.weight", 3, {64, 32}, {1, 0}};
  tail.firstColumn = 96;
  tail.endColumn = 128;
  split.weights.push_back(tail);
  WeightsBlob rowMajor = embed(*archive, plain);
  WeightsBlob parts = embed(*archive, split);
  REQUIRE(parts.offsets.size() == 4);
  CHECK(parts.sizes[0] == 96 * 64 * 4);
  CHECK(parts.sizes[3] == 32 * 64 * 4);
  // The archive's fc1.weight[n, k] is column n, row k of the transposed view.
  const float *archived = floatsOf(rowMajor, 0);
  const float *panels = floatsOf(parts, 0), *rest = floatsOf(parts, 3);
  for (int p = 0; p < 2; ++p)
    for (int k = 0; k < 64; ++k)
      for (int c = 0; c < 48; ++c)
        REQUIRE(panels[(p * 64 + k) * 48 + c] == archived[(p * 48 + c) * 64 + k]);
  for (int k = 0; k < 64; ++k)
    for (int c = 0; c < 32; ++c)
      REQUIRE(rest[k * 32 + c] == archived[(96 + c) * 64 + k]);
  // External: the runtime gathers the same views of the same entry.
  auto external = describeExternalWeights(*archive, split);
  REQUIRE(bool(external));
  const ExternalSource &source = external->external->sources[3];
  CHECK(source.sizes == std::vector<int64_t>{64, 32});
  CHECK(source.strides == std::vector<int64_t>{1, 64});
  CHECK(source.storageOffset == 96 * 64);
  CHECK(source.entry == external->external->sources[0].entry);
  // Columns the weight does not have are refused, naming it.
  split.weights[3].endColumn = 129;
  checkRefused(*archive, split, "fc1.weight' has no columns [96, 129)");
}

TEST_CASE("weights: a corrupt weight payload is refused when embedding", "[package]") {
  // mlp.pt2 with one byte of fc2.bias flipped, everything else intact.
  std::string original = fixturePath("mlp.pt2");
  uint64_t offset = open(original)->findTensor("fc2.bias")->storageFileOffset;
  std::ifstream in(original, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE(offset + 4 < bytes.size());
  bytes[offset + 3] = char(bytes[offset + 3] ^ 0x10);
  std::string path = (std::filesystem::temp_directory_path() /
                      ("pt2c-corrupt-weight-" + std::to_string(getpid()) + ".pt2"))
                         .string();
  std::ofstream(path, std::ios::binary) << bytes;
  auto archive = open(path);
  auto embedded = buildWeightsBlob(*archive, mlpSignature());
  REQUIRE_FALSE(bool(embedded));
  std::string message = llvm::toString(embedded.takeError());
  CHECK(message.find("fc2.bias") != std::string::npos);
  CHECK(message.find("CRC-32 mismatch") != std::string::npos);
  CHECK(message.find(path) != std::string::npos);
  // External weights read no payload here; the runtime checks at load time.
  CHECK(bool(describeExternalWeights(*archive, mlpSignature())));
  std::filesystem::remove(path);
}
