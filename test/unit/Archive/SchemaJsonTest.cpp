//===- SchemaJsonTest.cpp - ExportedProgram / PayloadConfig JSON parsing
//---===//

#include "TestZip.h"

#include "pt2c/Archive/ProgramCheck.h"
#include "pt2c/Archive/SchemaJson.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace pt2c::archive;
using namespace pt2c::test;

namespace {

/// A small but complete program: x -> relu -> output, with one parameter.
const char *kProgram = R"json({
 "graph_module": {
  "graph": {
   "inputs": [{"as_tensor": {"name": "p_w"}}, {"as_tensor": {"name": "x"}}],
   "outputs": [{"as_tensor": {"name": "relu"}}],
   "nodes": [
    {"target": "torch.ops.aten.relu.default",
     "inputs": [{"name": "self", "arg": {"as_tensor": {"name": "x"}}, "kind": 1}],
     "outputs": [{"as_tensor": {"name": "relu"}}],
     "metadata": {"stack_trace": "here"},
     "is_hop_single_tensor_return": null,
     "name": "relu"}
   ],
   "tensor_values": {
    "p_w": {"dtype": 7, "sizes": [{"as_int": 2}], "requires_grad": true,
            "device": {"type": "cpu", "index": null},
            "strides": [{"as_int": 1}], "storage_offset": {"as_int": 0},
            "layout": 7},
    "x": {"dtype": 7,
          "sizes": [{"as_expr": {"expr_str": "Symbol('s0', positive=True, integer=True)",
                                 "hint": {"as_int": 3}}}, {"as_int": 4}],
          "requires_grad": false, "device": {"type": "cuda", "index": 1},
          "strides": [{"as_int": 4}, {"as_int": 1}],
          "storage_offset": {"as_int": 0}, "layout": 7},
    "relu": {"dtype": 7, "sizes": [{"as_int": 3}, {"as_int": 4}],
             "requires_grad": false, "device": {"type": "cpu", "index": null},
             "strides": [{"as_int": 4}, {"as_int": 1}],
             "storage_offset": {"as_int": 0}, "layout": 7}
   },
   "sym_int_values": {}, "sym_bool_values": {},
   "is_single_tensor_return": false, "custom_obj_values": {},
   "sym_float_values": {}
  },
  "signature": {
   "input_specs": [
    {"parameter": {"arg": {"name": "p_w"}, "parameter_name": "w"}},
    {"user_input": {"arg": {"as_tensor": {"name": "x"}}}}],
   "output_specs": [{"user_output": {"arg": {"as_tensor": {"name": "relu"}}}}]
  },
  "module_call_graph": [{"fqn": "", "signature": null}],
  "metadata": {}
 },
 "opset_version": {"aten": 10},
 "range_constraints": {"s0": {"min_val": 2, "max_val": null}},
 "schema_version": {"major": 8, "minor": 17},
 "verifiers": ["TRAINING"],
 "torch_version": "2.11.0+cu130",
 "guards_code": []
})json";

llvm::json::Value program() { return parseJson(kProgram); }

llvm::json::Object &obj(llvm::json::Value &v) { return *v.getAsObject(); }
llvm::json::Object &graphOf(llvm::json::Value &v) {
  return *obj(v).getObject("graph_module")->getObject("graph");
}
llvm::json::Object &node0(llvm::json::Value &v) {
  return *(*graphOf(v).getArray("nodes"))[0].getAsObject();
}

ExportedProgram parseOk(const llvm::json::Value &v) {
  auto parsed = parseExportedProgram(printJson(v));
  if (!parsed)
    FAIL("parse failed: " << llvm::toString(parsed.takeError()));
  return std::move(*parsed);
}

std::string parseTextError(const std::string &text) {
  auto parsed = parseExportedProgram(text);
  if (parsed)
    return "";
  return llvm::toString(parsed.takeError());
}
std::string parseError(const llvm::json::Value &v) {
  return parseTextError(printJson(v));
}

std::string checkText(const ExportedProgram &p) {
  llvm::Error err = checkExportedProgram(p);
  return err ? llvm::toString(std::move(err)) : "";
}

std::string checkError(const llvm::json::Value &v) {
  return checkText(parseOk(v));
}

} // namespace

TEST_CASE("a complete program parses into the schema structs", "[json]") {
  ExportedProgram p = parseOk(program());
  CHECK(p.schemaVersion.major == 8);
  CHECK(p.schemaVersion.minor == 17);
  CHECK(p.torchVersion == "2.11.0+cu130");
  CHECK(p.verifiers == std::vector<std::string>{"TRAINING"});
  CHECK(p.opsetVersion.at("aten") == 10);
  REQUIRE(p.rangeConstraints.count("s0"));
  CHECK(p.rangeConstraints.at("s0").minVal == 2);
  CHECK_FALSE(p.rangeConstraints.at("s0").maxVal);

  const Graph &g = p.graphModule.graph;
  REQUIRE(g.nodes.size() == 1);
  const Node &n = g.nodes[0];
  CHECK(n.target == "torch.ops.aten.relu.default");
  CHECK(n.name == "relu");
  CHECK(n.metadata.at("stack_trace") == "here");
  CHECK_FALSE(n.isHopSingleTensorReturn);
  REQUIRE(n.inputs.size() == 1);
  CHECK(n.inputs[0].name == "self");
  CHECK(n.inputs[0].kind == ArgumentKind::Positional);
  CHECK(n.inputs[0].arg.kind == ArgKind::Tensor);
  CHECK(n.inputs[0].arg.str == "x");

  const TensorMeta &x = g.tensorValues.at("x");
  CHECK(x.dtype == ScalarType::Float);
  REQUIRE(x.sizes.size() == 2);
  CHECK(x.sizes[0].isExpr);
  CHECK(x.sizes[0].expr.expr.name == "s0");
  CHECK(x.sizes[0].expr.hintKind == SymExprValue::HintKind::Int);
  CHECK(x.sizes[0].expr.intHint == 3);
  CHECK(x.sizes[1].value == 4);
  CHECK(x.device.type == "cuda");
  CHECK(x.device.index == 1);
  CHECK(x.layout == Layout::Strided);

  const auto &specs = p.graphModule.signature.inputSpecs;
  REQUIRE(specs.size() == 2);
  CHECK(specs[0].kind == InputSpec::Kind::Parameter);
  CHECK(specs[0].arg.kind == ArgKind::Tensor);
  CHECK(specs[0].arg.str == "p_w");
  CHECK(specs[0].targetName == "w");
  CHECK(specs[1].kind == InputSpec::Kind::UserInput);
  CHECK(specs[1].arg.str == "x");
  REQUIRE(p.graphModule.moduleCallGraph.size() == 1);
  CHECK_FALSE(p.graphModule.moduleCallGraph[0].signature);
  CHECK(checkText(p) == "");
}

TEST_CASE("an unknown union variant names its JSON path", "[json]") {
  llvm::json::Value v = program();
  auto &input = *(*node0(v).getArray("inputs"))[0].getAsObject();
  input["arg"] = llvm::json::Object{{"as_foo", 1}};
  CHECK(parseError(v) == "$.graph_module.graph.nodes[0].inputs[0].arg: "
                         "unknown Argument variant 'as_foo'");

  llvm::json::Value w = program();
  auto &spec = *(*obj(w)
                      .getObject("graph_module")
                      ->getObject("signature")
                      ->getArray("input_specs"))[1]
                    .getAsObject();
  spec = llvm::json::Object{{"user_thing", llvm::json::Object{}}};
  CHECK_THAT(parseError(w),
             Catch::Contains("$.graph_module.signature.input_specs[1]: "
                             "unknown InputSpec variant 'user_thing'"));
}

TEST_CASE("a union must have exactly one key", "[json]") {
  llvm::json::Value v = program();
  auto &input = *(*node0(v).getArray("inputs"))[0].getAsObject();
  input["arg"] = llvm::json::Object{{"as_int", 1}, {"as_float", 2.0}};
  CHECK_THAT(parseError(v),
             Catch::Contains("$.graph_module.graph.nodes[0].inputs[0].arg: "
                             "expected Argument as an object with exactly "
                             "one key (the variant), found 2 keys ('as_float', "
                             "'as_int')"));
  input["arg"] = llvm::json::Object{};
  CHECK_THAT(parseError(v), Catch::Contains("found 0 keys"));
  input["arg"] = "as_tensor";
  CHECK_THAT(parseError(v), Catch::Contains("found a string"));
}

TEST_CASE("type errors name the path", "[json]") {
  llvm::json::Value v = program();
  obj(v)["torch_version"] = 3;
  CHECK(parseError(v) == "$.torch_version: expected a string, found a number");

  llvm::json::Value w = program();
  graphOf(w).getObject("tensor_values")->getObject("x")->operator[]("dtype") =
      99;
  CHECK_THAT(parseError(w),
             Catch::Contains("$.graph_module.graph.tensor_values.x.dtype: "
                             "unknown ScalarType 99"));
}

TEST_CASE("a tensor's dtype and sizes and a node's target are required", "[json]") {
  // Each used to pass the reader and crash later: an entry without dtype
  // segfaulted the importer, one without sizes aborted a decomposition,
  // and an empty target reached MLIR's verifier (exit 3).
  for (const char *key : {"dtype", "sizes"}) {
    INFO(key);
    llvm::json::Value v = program();
    graphOf(v).getObject("tensor_values")->getObject("x")->erase(key);
    CHECK(parseError(v) == std::string("$.graph_module.graph.tensor_values.x: missing the "
                                       "required field '") +
                               key + "'");
  }
  llvm::json::Value v = program();
  node0(v)["target"] = "";
  CHECK(parseError(v) ==
        "$.graph_module.graph.nodes[0].target: empty: a node must name the operator it calls");
}

TEST_CASE("an empty symbol range is refused", "[json]") {
  // min above max: no input size could satisfy it (it was accepted, and the
  // library refused every input). A range of one value is fine.
  llvm::json::Value v = program();
  obj(v).getObject("range_constraints")->getObject("s0")->operator[]("max_val") = 1;
  CHECK(parseError(v) == "$.range_constraints.s0: empty range: min_val 2 is above max_val 1");
  llvm::json::Value w = program();
  obj(w).getObject("range_constraints")->getObject("s0")->operator[]("max_val") = 2;
  CHECK(parseOk(w).rangeConstraints.at("s0").maxVal == 2);
}

TEST_CASE("unknown keys are ignored and missing keys take defaults", "[json]") {
  llvm::json::Value v = program();
  obj(v)["some_future_field"] = llvm::json::Object{{"x", 1}};
  node0(v)["future_node_field"] = 1;
  obj(v).erase("guards_code");
  obj(v).erase("torch_version");
  obj(v).erase("verifiers");
  node0(v).erase("name");
  node0(v).erase("is_hop_single_tensor_return");
  graphOf(v).erase("sym_float_values");
  graphOf(v).erase("custom_obj_values");
  ExportedProgram p = parseOk(v);
  CHECK(p.torchVersion == "<=2.4");
  CHECK(p.verifiers.empty());
  CHECK(p.graphModule.graph.nodes[0].name.empty());
}

TEST_CASE("schema major other than 8 is refused - any minor accepted",
          "[json]") {
  llvm::json::Value v = program();
  obj(v)["schema_version"] = llvm::json::Object{{"major", 8}, {"minor", 99}};
  CHECK(parseOk(v).schemaVersion.minor == 99);
  obj(v)["schema_version"] = llvm::json::Object{{"major", 9}, {"minor", 0}};
  CHECK_THAT(parseError(v),
             Catch::Contains("$.schema_version.major: found schema version "
                             "9.0, expected major 8"));
  obj(v).erase("schema_version");
  CHECK_THAT(parseError(v), Catch::Contains("schema_version"));
}

TEST_CASE("integers are exact int64 - floats accept torch's strings", "[json]") {
  // The program with extra arguments on its node, given as JSON text.
  auto withArgs = [&](const std::string &args) {
    llvm::json::Value copy = program();
    auto &in = *node0(copy).getArray("inputs");
    llvm::json::Value extra = parseJson(args);
    for (auto &a : *extra.getAsArray())
      in.push_back(a);
    return copy;
  };
  ExportedProgram p = parseOk(withArgs(R"([
    {"name": "end", "arg": {"as_int": 9223372036854775807}},
    {"name": "neg", "arg": {"as_int": -9223372036854775808}},
    {"name": "min", "arg": {"as_float": "-Infinity"}},
    {"name": "max", "arg": {"as_float": "Infinity"}},
    {"name": "nan", "arg": {"as_float": "NaN"}},
    {"name": "eps", "arg": {"as_float": 1e-05}},
    {"name": "intfloat", "arg": {"as_float": 2}},
    {"name": "fl", "arg": {"as_floats": [1, "Infinity", 0.5]}},
    {"name": "syms", "arg": {"as_sym_ints": [{"as_name": "s"}, {"as_int": -1}]}},
    {"name": "opt", "arg": {"as_optional_tensors": [{"as_tensor": {"name": "x"}}, {"as_none": true}]}},
    {"name": "cx", "arg": {"as_complex": {"real": 1.5, "imag": "NaN"}}},
    {"name": "il", "arg": {"as_int_lists": [[1, 2], []]}},
    {"name": "dict", "arg": {"as_string_to_argument": {"b": {"as_int": 2}, "a": {"as_none": true}}}}
  ])"));
  const auto &in = p.graphModule.graph.nodes[0].inputs;
  REQUIRE(in.size() == 14);
  CHECK(in[1].arg.intValue == INT64_MAX);
  CHECK(in[2].arg.intValue == INT64_MIN);
  CHECK(std::isinf(in[3].arg.floatValue));
  CHECK(in[3].arg.floatValue < 0);
  CHECK(std::isinf(in[4].arg.floatValue));
  CHECK(in[4].arg.floatValue > 0);
  CHECK(std::isnan(in[5].arg.floatValue));
  CHECK(in[6].arg.floatValue == 1e-05);
  CHECK(in[7].arg.floatValue == 2.0);
  REQUIRE(in[8].arg.floats.size() == 3);
  CHECK(std::isinf(in[8].arg.floats[1]));
  REQUIRE(in[9].arg.symInts.size() == 2);
  CHECK(in[9].arg.symInts[0].isName);
  CHECK(in[9].arg.symInts[0].name == "s");
  CHECK(in[9].arg.symInts[1].value == -1);
  REQUIRE(in[10].arg.optionalTensors.size() == 2);
  CHECK(in[10].arg.optionalTensors[0].name == std::string("x"));
  CHECK_FALSE(in[10].arg.optionalTensors[1].name);
  CHECK(in[11].arg.complexReal == 1.5);
  CHECK(std::isnan(in[11].arg.complexImag));
  CHECK(in[12].arg.intLists == std::vector<std::vector<int64_t>>{{1, 2}, {}});
  REQUIRE(in[13].arg.stringToArgument.size() == 2);
  CHECK(in[13].arg.stringToArgument[0].first == "a");

  CHECK_THAT(parseError(withArgs(
                 R"([{"name": "e", "arg": {"as_int": 9223372036854775808}}])")),
             Catch::Contains("does not fit in int64"));
  CHECK_THAT(parseError(withArgs(R"([{"name": "e", "arg": {"as_int": 1.5}}])")),
             Catch::Contains("expected an integer"));
  CHECK_THAT(
      parseError(withArgs(R"([{"name": "e", "arg": {"as_int": 9.3e18}}])")),
      Catch::Contains("does not fit in int64"));
  CHECK_THAT(
      parseError(withArgs(R"([{"name": "e", "arg": {"as_float": "lots"}}])")),
      Catch::Contains("$.graph_module.graph.nodes[0].inputs[1].arg.as_float: "
                      "expected a number or \"Infinity\""));
}

TEST_CASE("a bad expr_str names its path", "[json]") {
  llvm::json::Value v = program();
  auto &x = *graphOf(v).getObject("tensor_values")->getObject("x");
  (*(*x.getArray("sizes"))[0].getAsObject()->getObject("as_expr"))["expr_str"] =
      "Symbol(";
  CHECK_THAT(parseError(v),
             Catch::Contains("$.graph_module.graph.tensor_values.x.sizes[0]."
                             "as_expr.expr_str: invalid symbolic expression"));
}

TEST_CASE("subgraphs parse recursively - with bounded depth", "[json]") {
  // A HOP node whose as_graph holds a copy of the outer graph.
  auto nest = [](int depth) {
    llvm::json::Value v = program();
    llvm::json::Value graph = llvm::json::Object(graphOf(v));
    for (int i = 0; i < depth; ++i) {
      llvm::json::Value outer = llvm::json::Object(graphOf(v));
      auto &nodes = *outer.getAsObject()->getArray("nodes");
      nodes.push_back(llvm::json::Object{
          {"target", "torch.ops.higher_order.wrap_with_set_grad_enabled"},
          {"inputs",
           llvm::json::Array{llvm::json::Object{
               {"name", ""},
               {"arg",
                llvm::json::Object{
                    {"as_graph", llvm::json::Object{{"name", "submod"},
                                                    {"graph", graph}}}}},
               {"kind", 1}}}},
          {"outputs", llvm::json::Array{}},
          {"metadata", llvm::json::Object{}},
          {"name", "wrap"}});
      graph = std::move(outer);
    }
    graphOf(v) = std::move(*graph.getAsObject());
    return v;
  };
  ExportedProgram p = parseOk(nest(2));
  const Node &hop = p.graphModule.graph.nodes.back();
  REQUIRE(hop.inputs[0].arg.kind == ArgKind::Graph);
  CHECK(hop.inputs[0].arg.str == "submod");
  REQUIRE(hop.inputs[0].arg.graph);
  CHECK(hop.inputs[0].arg.graph->nodes.size() == 2);
  CHECK(checkText(p) == "");

  CHECK_THAT(parseError(nest(70)),
             Catch::Contains("subgraphs nested deeper than 64 levels"));
}

TEST_CASE("hostile JSON nesting is refused before parsing", "[json]") {
  std::string deep(100000, '[');
  CHECK_THAT(parseTextError(deep), Catch::Contains("JSON nested deeper than"));
  CHECK_THAT(parseTextError("{\"graph_module\": "),
             Catch::Contains("$: invalid JSON"));
  CHECK_THAT(parseTextError("[]"),
             Catch::Contains("$: expected an ExportedProgram"));
}

TEST_CASE("program checks: undefined tensors and symints", "[json]") {
  llvm::json::Value v = program();
  auto &input = *(*node0(v).getArray("inputs"))[0].getAsObject();
  input["arg"] =
      llvm::json::Object{{"as_tensor", llvm::json::Object{{"name", "foo"}}}};
  CHECK(checkError(v) == "$.graph_module.graph.nodes[0] (aten.relu.default "
                         "'relu'): tensor 'foo' is used but never defined");

  llvm::json::Value w = program();
  auto &in2 = *(*node0(w).getArray("inputs"))[0].getAsObject();
  in2["arg"] = llvm::json::Object{
      {"as_sym_int", llvm::json::Object{{"as_name", "sym_size_int"}}}};
  CHECK_THAT(checkError(w), Catch::Contains("symint 'sym_size_int' is used but "
                                            "has no entry in sym_int_values"));

  llvm::json::Value u = program();
  graphOf(u).getObject("tensor_values")->erase("relu");
  CHECK_THAT(checkError(u), Catch::Contains("tensor 'relu' is defined but has "
                                            "no entry in tensor_values"));

  llvm::json::Value t = program();
  graphOf(t)["outputs"] = llvm::json::Array{
      llvm::json::Object{{"as_tensor", llvm::json::Object{{"name", "nope"}}}}};
  CHECK(checkError(t) == "$.graph_module.graph.outputs[0]: tensor 'nope' is "
                         "used but never defined");
}

TEST_CASE("program checks: graph and signature agree", "[json]") {
  llvm::json::Value v = program();
  // Without the unused parameter placeholder, the graph is still sound.
  auto &inputs = *graphOf(v).getArray("inputs");
  inputs.erase(inputs.begin());
  CHECK(checkError(v) == "$.graph_module.graph.inputs: the graph has 1 "
                         "inputs but the signature has 2 input_specs; they "
                         "must match one for one");
  llvm::json::Value w = program();
  (*obj(w)
        .getObject("graph_module")
        ->getObject("signature")
        ->getArray("input_specs"))[0] =
      parseJson(
          R"({"parameter": {"arg": {"name": "x"}, "parameter_name": "w"}})");
  CHECK_THAT(checkError(w),
             Catch::Contains("input_specs[0]: names tensor "
                             "'x', but graph.inputs[0] is 'p_w'"));
}

TEST_CASE("payload configs keep the order of the text", "[json]") {
  const char *text = R"({"config": {
    "z.weight": {"path_name": "weight_0", "is_param": true, "use_pickle": false,
                 "tensor_meta": {"dtype": 5, "sizes": [{"as_int": 3}], "requires_grad": false,
                                 "device": {"type": "cpu", "index": null},
                                 "strides": [{"as_int": 1}], "storage_offset": {"as_int": 0},
                                 "layout": 7}},
    "a.bias": {"path_name": "weight_1", "is_param": false, "use_pickle": true,
               "tensor_meta": null},
    "m.w\"q": {"path_name": "weight_2", "unknown_future_key": [1, {"x": "}"}]}
  }})";
  auto config = parsePayloadConfig(text);
  REQUIRE(bool(config));
  REQUIRE(config->entries.size() == 3);
  CHECK(config->entries[0].first == "z.weight");
  CHECK(config->entries[1].first == "a.bias");
  CHECK(config->entries[2].first == "m.w\"q");
  const PayloadMeta *z = config->find("z.weight");
  REQUIRE(z);
  CHECK(z->pathName == "weight_0");
  CHECK(z->isParam);
  REQUIRE(z->tensorMeta);
  CHECK(z->tensorMeta->dtype == ScalarType::Long);
  const PayloadMeta *a = config->find("a.bias");
  REQUIRE(a);
  CHECK(a->usePickle);
  CHECK_FALSE(a->tensorMeta);
  CHECK(config->find("nope") == nullptr);

  auto empty = parsePayloadConfig(R"({"config": {}})");
  REQUIRE(bool(empty));
  CHECK(empty->entries.empty());

  auto bad = parsePayloadConfig(R"({"config": {"w": {"path_name": 3}}})");
  REQUIRE_FALSE(bool(bad));
  CHECK_THAT(llvm::toString(bad.takeError()),
             Catch::Contains("$.config.w.path_name: expected a string"));
  auto badKey = parsePayloadConfig(
      R"({"config": {"fc.w": {"tensor_meta": {"dtype": 7, "sizes": [{"as_bogus": 1}]}}}})");
  REQUIRE_FALSE(bool(badKey));
  CHECK_THAT(llvm::toString(badKey.takeError()),
             Catch::Contains("$.config[\"fc.w\"].tensor_meta.sizes[0]: unknown "
                             "SymInt variant 'as_bogus'"));
}
