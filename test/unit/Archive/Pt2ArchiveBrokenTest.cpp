//===- Pt2ArchiveBrokenTest.cpp - Broken archives fail with clear errors
//---===//
//
// Each test copies mlp.pt2's members, breaks one thing, writes a torch-like
// zip to a temporary file and checks the message of Pt2Archive::open.
//
//===----------------------------------------------------------------------===//

#include "TestZip.h"

#include "pt2c/Archive/Pt2Archive.h"

#include <catch2/catch.hpp>

using namespace pt2c::archive;
using namespace pt2c::test;

namespace {

const char *kModel = "models/model.json";
const char *kWeightsConfig = "data/weights/model_weights_config.json";
const char *kConstantsConfig = "data/constants/model_constants_config.json";

/// The error of opening `members` written as an archive, or "" if it opens.
std::string openError(const std::vector<ZipMember> &members,
                      llvm::StringRef root = "mlp/") {
  TempFile file(buildArchive(members, root));
  auto archive = Pt2Archive::open(file.path());
  if (archive)
    return "";
  std::string message = llvm::toString(archive.takeError());
  // Every message starts with the file it is about.
  CHECK_THAT(message, Catch::StartsWith(file.path() + ": "));
  return message;
}

std::unique_ptr<Pt2Archive> openOk(const std::vector<ZipMember> &members,
                                   const TempFile &file) {
  auto archive = Pt2Archive::open(file.path());
  if (!archive)
    FAIL(llvm::toString(archive.takeError()));
  return std::move(*archive);
}

/// Edits a JSON member in place.
template <typename Fn>
void editJson(std::vector<ZipMember> &members, llvm::StringRef name, Fn edit) {
  ZipMember *member = findMember(members, name);
  REQUIRE(member);
  llvm::json::Value value = parseJson(member->data);
  edit(*value.getAsObject());
  member->data = printJson(value);
}

llvm::json::Object &configEntry(llvm::json::Object &config,
                                llvm::StringRef fqn) {
  llvm::json::Object *entry = config.getObject("config")->getObject(fqn);
  REQUIRE(entry);
  return *entry;
}

llvm::json::Object &graphOf(llvm::json::Object &program) {
  return *program.getObject("graph_module")->getObject("graph");
}

} // namespace

TEST_CASE("an unchanged copy opens - with or without a root folder",
          "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  CHECK(openError(members) == "");
  CHECK(openError(members, "") == "");
  CHECK(openError(members, "archive/") == "");
}

TEST_CASE("missing archive_format", "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  removeMember(members, "archive_format");
  CHECK_THAT(openError(members),
             Catch::Contains(": archive_format: no such entry") &&
                 Catch::Contains("not a torch.export .pt2 archive"));
}

TEST_CASE("wrong archive_format and archive_version", "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  findMember(members, "archive_format")->data = "zip";
  CHECK_THAT(openError(members),
             Catch::Contains(": archive_format: found 'zip', expected 'pt2'"));
  members = readFixtureMembers("mlp.pt2");
  findMember(members, "archive_version")->data = "1";
  CHECK_THAT(openError(members),
             Catch::Contains(": archive_version: found '1', expected '0'"));
  // A missing archive_version means version 0.
  members = readFixtureMembers("mlp.pt2");
  removeMember(members, "archive_version");
  CHECK(openError(members) == "");
}

TEST_CASE("the <= 2.7 layout is recognised and refused", "[archive][broken]") {
  std::vector<ZipMember> legacy = {
      {"serialized_exported_program.json", "{}", 0},
      {"serialized_state_dict.pt", "\x80\x02", 0},
      {"version", "8.0", 0}};
  CHECK_THAT(openError(legacy, ""),
             Catch::Contains("serialized_exported_program.json: PyTorch <= 2.7 "
                             "archive layout (pickled weights) is not "
                             "supported; re-export with torch >= 2.9"));
}

TEST_CASE("missing model JSON", "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  removeMember(members, kModel);
  CHECK_THAT(openError(members),
             Catch::Contains(": models/: no models/<name>.json entry"));
}

TEST_CASE("missing weights config - and the 2.8 pickled layout",
          "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  removeMember(members, kWeightsConfig);
  CHECK_THAT(openError(members),
             Catch::Contains(": data/weights/model_weights_config.json: "
                             "missing; torch >= 2.9 writes it"));
  members.push_back({"data/weights/model.pt", "PK\x03\x04 pickled dict", 0});
  CHECK_THAT(openError(members),
             Catch::Contains("data/weights/model_weights_config.json: missing, "
                             "and data/weights/model.pt exists: the PyTorch "
                             "2.8 layout (pickled weights) is not supported"));
  members = readFixtureMembers("mlp.pt2");
  removeMember(members, kConstantsConfig);
  CHECK_THAT(openError(members),
             Catch::Contains(": data/constants/model_constants_config.json: "
                             "missing"));
}

TEST_CASE("schema major 9", "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  editJson(members, kModel, [](llvm::json::Object &p) {
    p["schema_version"] = llvm::json::Object{{"major", 9}, {"minor", 0}};
  });
  CHECK_THAT(openError(members),
             Catch::Contains(": models/model.json: $.schema_version.major: "
                             "found schema version 9.0, expected major 8"));
}

TEST_CASE("unknown union variant", "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  editJson(members, kModel, [](llvm::json::Object &p) {
    auto &node = *(*graphOf(p).getArray("nodes"))[3].getAsObject();
    auto &input = *(*node.getArray("inputs"))[1].getAsObject();
    input["arg"] = llvm::json::Object{{"as_foo", llvm::json::Object{}}};
  });
  CHECK_THAT(openError(members),
             Catch::EndsWith(": models/model.json: "
                             "$.graph_module.graph.nodes[3].inputs[1].arg: "
                             "unknown Argument variant 'as_foo'"));
}

TEST_CASE("a tensor used but never defined", "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  editJson(members, kModel, [](llvm::json::Object &p) {
    auto &node = *(*graphOf(p).getArray("nodes"))[3].getAsObject();
    auto &input = *(*node.getArray("inputs"))[0].getAsObject();
    input["arg"] =
        llvm::json::Object{{"as_tensor", llvm::json::Object{{"name", "foo"}}}};
  });
  CHECK_THAT(openError(members),
             Catch::EndsWith(": models/model.json: "
                             "$.graph_module.graph.nodes[3] "
                             "(aten.linear.default 'linear_1'): tensor 'foo' "
                             "is used but never defined"));

  // Using a value before the node that defines it is the same error.
  members = readFixtureMembers("mlp.pt2");
  editJson(members, kModel, [](llvm::json::Object &p) {
    auto &node = *(*graphOf(p).getArray("nodes"))[0].getAsObject();
    auto &input = *(*node.getArray("inputs"))[0].getAsObject();
    input["arg"] = llvm::json::Object{
        {"as_tensor", llvm::json::Object{{"name", "softmax"}}}};
  });
  CHECK_THAT(openError(members),
             Catch::Contains("tensor 'softmax' is used but never defined"));
}

TEST_CASE("weight file shorter than its views", "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  ZipMember *bias = findMember(members, "data/weights/weight_5"); // fc2.bias
  REQUIRE(bias);
  REQUIRE(bias->data.size() == 40);
  bias->data.resize(36);
  CHECK_THAT(openError(members),
             Catch::Contains(": data/weights/model_weights_config.json: weight "
                             "file shorter than its views need: entry "
                             "data/weights/weight_5 has 36 bytes, FQN fc2.bias "
                             "needs 40 bytes"));

  // A view with a storage offset past the end is caught the same way.
  members = readFixtureMembers("mlp.pt2");
  editJson(members, kWeightsConfig, [](llvm::json::Object &c) {
    configEntry(c, "fc2.bias")
        .getObject("tensor_meta")
        ->
        operator[]("storage_offset") = llvm::json::Object{{"as_int", 1}};
  });
  CHECK_THAT(openError(members),
             Catch::Contains("entry data/weights/weight_5 has 40 bytes, FQN "
                             "fc2.bias needs 44 bytes"));

  // A size that is not a multiple of the element size.
  members = readFixtureMembers("mlp.pt2");
  findMember(members, "data/weights/weight_5")->data.resize(39);
  CHECK_THAT(openError(members),
             Catch::Contains(": data/weights/weight_5: holds 39 bytes, not a "
                             "multiple of 4, the element size of float32"));
}

TEST_CASE("sizes overflowing int64", "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  editJson(members, kWeightsConfig, [](llvm::json::Object &c) {
    auto &meta = *configEntry(c, "fc1.weight").getObject("tensor_meta");
    meta["sizes"] =
        llvm::json::Array{llvm::json::Object{{"as_int", int64_t(1) << 40}},
                          llvm::json::Object{{"as_int", int64_t(1) << 40}}};
  });
  CHECK_THAT(openError(members),
             Catch::Contains("FQN 'fc1.weight': sizes or strides overflow "
                             "int64"));

  members = readFixtureMembers("mlp.pt2");
  editJson(members, kWeightsConfig, [](llvm::json::Object &c) {
    auto &meta = *configEntry(c, "fc2.bias").getObject("tensor_meta");
    meta["strides"] =
        llvm::json::Array{llvm::json::Object{{"as_int", INT64_MAX / 2}}};
  });
  CHECK_THAT(openError(members), Catch::Contains("sizes or strides overflow "
                                                 "int64"));
}

TEST_CASE("bad weight geometry", "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  editJson(members, kWeightsConfig, [](llvm::json::Object &c) {
    auto &meta = *configEntry(c, "fc2.bias").getObject("tensor_meta");
    meta["sizes"] = llvm::json::Array{llvm::json::Object{{"as_int", -10}}};
  });
  CHECK_THAT(openError(members),
             Catch::Contains("FQN 'fc2.bias': sizes[0] is -10; sizes, strides "
                             "and storage_offset must be non-negative"));

  members = readFixtureMembers("mlp.pt2");
  editJson(members, kWeightsConfig, [](llvm::json::Object &c) {
    auto &meta = *configEntry(c, "fc2.bias").getObject("tensor_meta");
    meta["sizes"] = parseJson(
        R"json([{"as_expr": {"expr_str": "Symbol('s0')", "hint": null}}])json");
  });
  CHECK_THAT(openError(members),
             Catch::Contains("sizes[0] is symbolic ('s0')"));

  members = readFixtureMembers("mlp.pt2");
  editJson(members, kWeightsConfig, [](llvm::json::Object &c) {
    configEntry(c, "fc2.bias")["path_name"] = "weight_77";
  });
  CHECK_THAT(openError(members),
             Catch::Contains("FQN 'fc2.bias' is stored in 'weight_77', but the "
                             "archive has no entry data/weights/weight_77"));
}

TEST_CASE("use_pickle true", "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  editJson(members, kWeightsConfig, [](llvm::json::Object &c) {
    configEntry(c, "ln.weight")["use_pickle"] = true;
  });
  CHECK_THAT(openError(members),
             Catch::Contains(": data/weights/model_weights_config.json: FQN "
                             "'ln.weight' is stored as a torch.save pickle "
                             "(use_pickle: true); pickled payloads (tensor "
                             "subclasses, TorchBind custom objects) are not "
                             "supported"));
}

TEST_CASE("every signature FQN needs a config entry", "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  editJson(members, kWeightsConfig, [](llvm::json::Object &c) {
    c.getObject("config")->erase("fc1.bias");
  });
  CHECK_THAT(openError(members),
             Catch::Contains(": data/weights/model_weights_config.json: no "
                             "entry for parameter 'fc1.bias', which the graph "
                             "signature's input_specs[1] needs"));
}

TEST_CASE("config and graph placeholder must agree", "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  editJson(members, kWeightsConfig, [](llvm::json::Object &c) {
    auto &meta = *configEntry(c, "fc1.bias").getObject("tensor_meta");
    meta["sizes"] = llvm::json::Array{llvm::json::Object{{"as_int", 64}}};
  });
  CHECK_THAT(openError(members),
             Catch::Contains("FQN 'fc1.bias' is float32[64], but the graph's "
                             "placeholder 'p_fc1_bias' is float32[128]"));
}

TEST_CASE("a 0-byte payload opens as a graph-only archive",
          "[archive][broken]") {
  std::vector<ZipMember> members = readFixtureMembers("mlp.pt2");
  findMember(members, "data/weights/weight_0")->data.clear();
  TempFile file(buildArchive(members));
  auto archive = openOk(members, file);
  CHECK_FALSE(archive->hasWeightData());
  const TensorView *fc1 = archive->findTensor("fc1.weight");
  REQUIRE(fc1);
  CHECK(fc1->dataMissing);
  CHECK(fc1->storage.empty());
  CHECK(fc1->nbytes() == 128 * 64 * 4);
  const TensorView *bias = archive->findTensor("fc1.bias");
  REQUIRE(bias);
  CHECK_FALSE(bias->dataMissing);
}

TEST_CASE("not an archive at all", "[archive][broken]") {
  auto dir = Pt2Archive::open(PT2C_TEST_DATA);
  REQUIRE_FALSE(bool(dir));
  CHECK_THAT(llvm::toString(dir.takeError()),
             Catch::Contains("is a directory"));

  TempFile text("just some text, definitely not a zip");
  auto notZip = Pt2Archive::open(text.path());
  REQUIRE_FALSE(bool(notZip));
  CHECK_THAT(llvm::toString(notZip.takeError()),
             Catch::Contains("not a zip archive"));

  std::string bytes = buildArchive(readFixtureMembers("mlp.pt2"));
  TempFile truncated(llvm::StringRef(bytes).take_front(bytes.size() / 2));
  auto cut = Pt2Archive::open(truncated.path());
  REQUIRE_FALSE(bool(cut));
  CHECK_THAT(llvm::toString(cut.takeError()), Catch::Contains("not a zip"));
}
