//===- Pt2ArchiveFixtureTest.cpp - Real torch.export archives open
//---------===//
//
// Expected values were read from the fixtures with Python's zipfile and json
// (test/data, written by torch 2.11), not from this reader's output.
//
//===----------------------------------------------------------------------===//

#include "TestZip.h"

#include "pt2c/Archive/Pt2Archive.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace pt2c::archive;
using namespace pt2c::test;

namespace {

std::unique_ptr<Pt2Archive> openFixture(llvm::StringRef name) {
  auto archive = Pt2Archive::open(fixturePath(name));
  if (!archive)
    FAIL("cannot open " << name.str() << ": "
                        << llvm::toString(archive.takeError()));
  return std::move(*archive);
}

const Node *findNode(const Graph &graph, llvm::StringRef target) {
  for (const Node &node : graph.nodes)
    if (node.target == target)
      return &node;
  return nullptr;
}

} // namespace

TEST_CASE("every fixture opens", "[archive][fixtures]") {
  // name, weights+constants in the configs, input specs, graph nodes
  struct Expect {
    const char *name;
    size_t tensors, inputSpecs, nodes;
  };
  const Expect expects[] = {
      {"attention_block.pt2", 12, 13, 19},
      {"bert_tiny.pt2", 41, 43, 88},
      {"convnet.pt2", 16, 17, 10},
      {"gpt2_tiny.pt2", 29, 30, 122},
      {"llama_tiny.pt2", 23, 24, 177},
      {"mlp.pt2", 6, 7, 5},
      {"mlp_dynamic.pt2", 6, 7, 5},
      {"mobilenet_v3_small.pt2", 244, 245, 157},
      {"squeezenet1_1.pt2", 52, 53, 66},
      {"tiny_unet.pt2", 10, 11, 12},
      {"vit_tiny.pt2", 32, 33, 47},
  };
  for (const Expect &e : expects) {
    INFO(e.name);
    auto archive = openFixture(e.name);
    CHECK(archive->rootPrefix() ==
          llvm::StringRef(e.name).drop_back(4).str() + "/");
    CHECK(archive->modelNames().size() == 1);
    CHECK(archive->modelNames()[0] == "model");
    CHECK(archive->program().schemaVersion.major == 8);
    CHECK(archive->program().schemaVersion.minor == 17);
    CHECK(archive->dialect() == "TRAINING");
    CHECK(archive->hasWeightData());
    CHECK(archive->tensors().size() == e.tensors);
    CHECK(archive->program().graphModule.signature.inputSpecs.size() ==
          e.inputSpecs);
    CHECK(archive->program().graphModule.graph.nodes.size() == e.nodes);
    for (const TensorView &view : archive->tensors()) {
      CHECK(view.storage.size() >= view.nbytes());
      CHECK(view.storageFileOffset % 64 == 0);
      CHECK_FALSE(view.dataMissing);
    }
  }
}

TEST_CASE("mlp: signature and weights", "[archive][fixtures]") {
  auto archive = openFixture("mlp.pt2");
  const ExportedProgram &p = archive->program();
  CHECK(p.torchVersion == "2.11.0+cu130");
  CHECK(p.opsetVersion.at("aten") == 10);
  CHECK(p.rangeConstraints.empty());

  const auto &specs = p.graphModule.signature.inputSpecs;
  REQUIRE(specs.size() == 7);
  const char *params[] = {"fc1.weight", "fc1.bias",   "ln.weight",
                          "ln.bias",    "fc2.weight", "fc2.bias"};
  for (size_t i = 0; i < 6; ++i) {
    CHECK(specs[i].kind == InputSpec::Kind::Parameter);
    CHECK(specs[i].targetName == params[i]);
  }
  CHECK(specs[0].arg.str == "p_fc1_weight");
  CHECK(specs[6].kind == InputSpec::Kind::UserInput);
  CHECK(specs[6].arg.kind == ArgKind::Tensor);
  CHECK(specs[6].arg.str == "x");
  const auto &outs = p.graphModule.signature.outputSpecs;
  REQUIRE(outs.size() == 1);
  CHECK(outs[0].kind == OutputSpec::Kind::UserOutput);
  CHECK(outs[0].arg.str == "softmax");

  const TensorMeta &x = p.graphModule.graph.tensorValues.at("x");
  CHECK(x.dtype == ScalarType::Float);
  REQUIRE(x.sizes.size() == 2);
  CHECK(x.sizes[0].value == 4);
  CHECK(x.sizes[1].value == 64);

  const Graph &g = p.graphModule.graph;
  REQUIRE(g.nodes.size() == 5);
  CHECK(g.nodes[0].target == "torch.ops.aten.linear.default");
  CHECK(g.nodes[0].name == "linear");
  CHECK(g.nodes[4].target == "torch.ops.aten.softmax.int");
  REQUIRE(g.nodes[0].inputs.size() == 3);
  CHECK(g.nodes[0].inputs[1].name == "weight");
  CHECK(g.nodes[0].inputs[1].arg.str == "p_fc1_weight");

  // Weights, in the config's order, with the config's shapes.
  struct W {
    const char *fqn, *entry;
    std::vector<int64_t> sizes, strides;
  };
  const W weights[] = {
      {"fc1.weight", "data/weights/weight_0", {128, 64}, {64, 1}},
      {"fc1.bias", "data/weights/weight_1", {128}, {1}},
      {"ln.weight", "data/weights/weight_2", {128}, {1}},
      {"ln.bias", "data/weights/weight_3", {128}, {1}},
      {"fc2.weight", "data/weights/weight_4", {10, 128}, {128, 1}},
      {"fc2.bias", "data/weights/weight_5", {10}, {1}},
  };
  REQUIRE(archive->tensors().size() == 6);
  int64_t total = 0;
  for (size_t i = 0; i < 6; ++i) {
    const TensorView &view = archive->tensors()[i];
    INFO(weights[i].fqn);
    CHECK(view.fqn == weights[i].fqn);
    CHECK(view.entryName == weights[i].entry);
    CHECK(view.isParam);
    CHECK_FALSE(view.isConstant);
    CHECK(view.dtype == ScalarType::Float);
    CHECK(view.sizes == weights[i].sizes);
    CHECK(view.strides == weights[i].strides);
    CHECK(view.storageOffset == 0);
    CHECK(view.storage.size() == view.nbytes());
    total += view.numel();
  }
  CHECK(total == 9866); // manifest.json "params"

  const TensorView *fc1 = archive->findTensor("fc1.weight");
  REQUIRE(fc1);
  CHECK(fc1->storageFileOffset == 64);
  float first;
  std::memcpy(&first, fc1->storage.data(), sizeof first);
  CHECK(first == Approx(-0.0009358525276184082f));
  CHECK(archive->findTensor("nope") == nullptr);
}

TEST_CASE("mlp_dynamic: a symbolic batch with its range",
          "[archive][fixtures]") {
  auto archive = openFixture("mlp_dynamic.pt2");
  const ExportedProgram &p = archive->program();
  REQUIRE(p.rangeConstraints.size() == 1);
  REQUIRE(p.rangeConstraints.count("s77"));
  CHECK(p.rangeConstraints.at("s77").minVal == 1);
  CHECK(p.rangeConstraints.at("s77").maxVal == 1024);
  RangeConstraint range = archive->symbolRange("s77");
  CHECK(range.minVal == 1);
  CHECK(range.maxVal == 1024);
  CHECK_FALSE(archive->symbolRange("s1").minVal);

  const TensorMeta &x = p.graphModule.graph.tensorValues.at("x");
  REQUIRE(x.sizes.size() == 2);
  REQUIRE(x.sizes[0].isExpr);
  CHECK(x.sizes[0].expr.exprStr ==
        "Symbol('s77', positive=True, integer=True)");
  CHECK(x.sizes[0].expr.expr.isSymbol());
  CHECK(x.sizes[0].expr.expr.name == "s77");
  CHECK(x.sizes[0].expr.intHint == 3);
  CHECK_FALSE(x.sizes[1].isExpr);
  CHECK(x.sizes[1].value == 64);
  const TensorMeta &out = p.graphModule.graph.tensorValues.at("softmax");
  REQUIRE(out.sizes.size() == 2);
  CHECK(out.sizes[0].isExpr);
  CHECK(out.sizes[1].value == 10);
}

TEST_CASE("llama_tiny: a HOP node with a subgraph", "[archive][fixtures]") {
  auto archive = openFixture("llama_tiny.pt2");
  const Graph &g = archive->program().graphModule.graph;
  REQUIRE(g.nodes.size() > 40);
  const Node &hop = g.nodes[40];
  CHECK(hop.target == "torch.ops.higher_order.wrap_with_set_grad_enabled");
  CHECK(hop.name == "wrap_with_set_grad_enabled");
  CHECK(findNode(g, hop.target) == &hop);
  REQUIRE(hop.inputs.size() == 4);
  CHECK(hop.inputs[0].name.empty());
  CHECK(hop.inputs[0].arg.kind == ArgKind::Bool);
  CHECK(hop.inputs[0].kind == ArgumentKind::Positional);
  const Argument &sub = hop.inputs[1].arg;
  REQUIRE(sub.kind == ArgKind::Graph);
  CHECK(sub.str == "submod_1");
  REQUIRE(sub.graph);
  CHECK(sub.graph->inputs.size() == 2);
  CHECK(sub.graph->inputs[0].str == "b_m_model_rotary_emb_inv_freq");
  CHECK(sub.graph->outputs.size() == 2);
  CHECK(sub.graph->nodes.size() == 19);
  CHECK(findNode(*sub.graph, "torch.ops.aten.matmul.default"));
  CHECK(findNode(*sub.graph, "torch.ops.aten.cos.default"));
  CHECK(findNode(*sub.graph, "torch.ops.aten.sin.default"));
  REQUIRE(hop.outputs.size() == 2);
  CHECK(hop.outputs[0].str == "to_4");
  CHECK(hop.isHopSingleTensorReturn == false);

  // Two non-persistent buffers come from the constants config.
  const TensorView *invFreq =
      archive->findTensor("m.model.rotary_emb.inv_freq");
  REQUIRE(invFreq);
  CHECK(invFreq->isConstant);
  CHECK(invFreq->entryName == "data/constants/tensor_0");
  CHECK(invFreq->sizes == std::vector<int64_t>{16});
}

TEST_CASE("bert_tiny: int64 inputs and constant buffers",
          "[archive][fixtures]") {
  auto archive = openFixture("bert_tiny.pt2");
  const ExportedProgram &p = archive->program();
  const auto &specs = p.graphModule.signature.inputSpecs;
  std::vector<std::string> userInputs;
  for (const InputSpec &spec : specs)
    if (spec.kind == InputSpec::Kind::UserInput)
      userInputs.push_back(spec.arg.str);
  CHECK(userInputs == std::vector<std::string>{"input_ids", "attention_mask"});
  for (const std::string &name : userInputs) {
    const TensorMeta &meta = p.graphModule.graph.tensorValues.at(name);
    CHECK(meta.dtype == ScalarType::Long);
    REQUIRE(meta.sizes.size() == 2);
    CHECK(meta.sizes[0].value == 2);
    CHECK(meta.sizes[1].value == 16);
  }
  CHECK(p.graphModule.signature.outputSpecs.size() == 2);
  const TensorView *ids = archive->findTensor("m.embeddings.position_ids");
  REQUIRE(ids);
  CHECK(ids->isConstant);
  CHECK_FALSE(ids->isParam);
  CHECK(ids->dtype == ScalarType::Long);
  CHECK(ids->sizes == std::vector<int64_t>{1, 256});
  CHECK(ids->nbytes() == 2048);
  // Weights come first, then constants.
  CHECK_FALSE(archive->tensors().front().isConstant);
  CHECK(archive->tensors().back().isConstant);
}

TEST_CASE("gpt2_tiny: tied weights share one storage", "[archive][fixtures]") {
  auto archive = openFixture("gpt2_tiny.pt2");
  const TensorView *wte = archive->findTensor("m.transformer.wte.weight");
  const TensorView *head = archive->findTensor("m.lm_head.weight");
  REQUIRE(wte);
  REQUIRE(head);
  CHECK(wte->entryName == "data/weights/weight_0");
  CHECK(head->entryName == "data/weights/weight_0");
  CHECK(wte->storage.data() == head->storage.data());
}

TEST_CASE("opening the largest fixture uses its weights in place",
          "[archive][fixtures]") {
  // The archive is mapped, not read: every tensor's storage is the stored
  // entry's bytes in the mapping itself, so opening costs no copy of the
  // weights whatever their size (the time it takes is a benchmark's
  // business: bench/inspect_large_archive.py).
  auto archive = openFixture("mobilenet_v3_small.pt2");
  CHECK(archive->tensors().size() == 244);
  size_t inPlace = 0;
  for (const TensorView &tensor : archive->tensors()) {
    if (tensor.storage.empty())
      continue;
    // Entry names are kept without the archive's root folder.
    const ZipEntry *entry = nullptr;
    for (const ZipEntry &candidate : archive->zip().entries())
      if (llvm::StringRef(candidate.name).ends_with("/" + tensor.entryName))
        entry = &candidate;
    REQUIRE(entry);
    auto stored = archive->zip().storedData(*entry);
    REQUIRE(static_cast<bool>(stored));
    INFO(tensor.entryName);
    CHECK(tensor.storage.data() == stored->data());
    CHECK(tensor.storage.size() == stored->size());
    ++inPlace;
  }
  CHECK(inPlace > 0);
}
