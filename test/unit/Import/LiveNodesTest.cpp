// Unit tests for liveNodes (pt2c/Import/LiveNodes.h): which nodes the
// importer and the coverage report leave out because nothing uses them.

#include "pt2c/Import/LiveNodes.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include <catch2/catch.hpp>

using namespace pt2c;
using archive::ArgKind;
using archive::Argument;

namespace {

OpRegistry builtin() {
  auto registry = OpRegistry::createBuiltin();
  REQUIRE(bool(registry));
  return std::move(*registry);
}

Argument tensor(const std::string &name) {
  Argument arg;
  arg.kind = ArgKind::Tensor;
  arg.str = name;
  return arg;
}

Argument symInt(const std::string &name) {
  Argument arg;
  arg.kind = ArgKind::SymInt;
  arg.symInts.push_back({true, name, 0});
  return arg;
}

/// A node of `target` reading `inputs` (as argument "self", "other", ...)
/// and defining `outputs`.
archive::Node node(const std::string &target, std::vector<Argument> inputs,
                   std::vector<Argument> outputs) {
  archive::Node result;
  result.target = target;
  for (Argument &input : inputs)
    result.inputs.push_back({"arg", std::move(input), archive::ArgumentKind::Unset});
  result.outputs = std::move(outputs);
  return result;
}

} // namespace

TEST_CASE("an unused random draw and what only it uses are dead", "[LiveNodes]") {
  OpRegistry registry = builtin();
  archive::Graph graph;
  graph.inputs = {tensor("x")};
  graph.nodes.push_back(node("torch.ops.aten.sym_size.int", {tensor("x")}, {symInt("s")}));
  graph.nodes.push_back(node("torch.ops.aten.rand.default", {symInt("s")}, {tensor("r")}));
  graph.nodes.push_back(node("torch.ops.aten.lt.Scalar", {tensor("r")}, {tensor("drop")}));
  graph.nodes.push_back(node("torch.ops.aten.relu.default", {tensor("x")}, {tensor("y")}));
  graph.outputs = {tensor("y")};
  CHECK(liveNodes(graph, registry) == std::vector<bool>{false, false, false, true});

  // Once the draw's result is returned, it and its size are needed.
  graph.outputs.push_back(tensor("r"));
  CHECK(liveNodes(graph, registry) == std::vector<bool>{true, true, false, true});
}

TEST_CASE("nodes that may act besides their results stay", "[LiveNodes]") {
  OpRegistry registry = builtin();
  archive::Graph graph;
  graph.inputs = {tensor("x")};
  // An in-place op's result is unused, but it writes x.
  graph.nodes.push_back(node("torch.ops.aten.relu_.default", {tensor("x")}, {tensor("x2")}));
  // An assertion names no result.
  graph.nodes.push_back(node("torch.ops.aten._assert_scalar.default", {}, {Argument()}));
  // Nothing says a custom op is pure.
  graph.nodes.push_back(node("torch.ops.mylib.custom.default", {tensor("x")}, {tensor("c")}));
  // Python's operators on symbolic ints are.
  graph.nodes.push_back(node("_operator.mul", {}, {symInt("m")}));
  graph.outputs = {tensor("x")};
  CHECK(liveNodes(graph, registry) == std::vector<bool>{true, true, true, false});
}
