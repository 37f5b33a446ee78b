// Unit tests for the schema parser. Expectations are read off the schema text
// torch 2.11 prints (see lib/OpRegistry/ATenSchemas.def).

#include "pt2c/OpRegistry/OpSchema.h"

#include "llvm/Support/MemoryBuffer.h"

#include <catch2/catch.hpp>

using namespace pt2c;

static OpSchema parse(llvm::StringRef text) {
  auto schema = parseOpSchema(text);
  if (!schema)
    FAIL(llvm::toString(schema.takeError()));
  return std::move(*schema);
}

static std::string parseError(llvm::StringRef text) {
  auto schema = parseOpSchema(text);
  REQUIRE(!schema);
  return llvm::toString(schema.takeError());
}

TEST_CASE("conv2d: names - types and list defaults", "[opschema]") {
  OpSchema s = parse("aten::conv2d(Tensor input, Tensor weight, Tensor? bias=None, "
                     "SymInt[2] stride=[1, 1], SymInt[2] padding=[0, 0], SymInt[2] "
                     "dilation=[1, 1], SymInt groups=1) -> Tensor");
  CHECK(s.ns == "aten");
  CHECK(s.name == "conv2d");
  CHECK(s.overload.empty());
  CHECK(s.target() == "aten.conv2d.default");
  REQUIRE(s.arguments.size() == 7);
  CHECK(s.arguments[0].name == "input");
  CHECK(s.arguments[0].baseType == OpBaseType::Tensor);
  CHECK(!s.arguments[0].defaultValue);
  const OpArgument &bias = s.arguments[2];
  CHECK(bias.isOptional);
  REQUIRE(bias.defaultValue);
  CHECK(bias.defaultValue->kind == OpDefault::Kind::None);
  const OpArgument &stride = s.arguments[3];
  CHECK(stride.baseType == OpBaseType::SymInt);
  CHECK(stride.isList);
  CHECK(stride.fixedListSize == 2);
  CHECK(stride.defaultValue->ints == std::vector<int64_t>{1, 1});
  CHECK(s.arguments[4].defaultValue->ints == std::vector<int64_t>{0, 0});
  CHECK(s.arguments[6].defaultValue->kind == OpDefault::Kind::Int);
  CHECK(s.arguments[6].defaultValue->intValue == 1);
  REQUIRE(s.returns.size() == 1);
  CHECK(s.returns[0].baseType == OpBaseType::Tensor);
}

TEST_CASE("max_pool2d: a scalar default of a fixed-size list is repeated", "[opschema]") {
  OpSchema s = parse("aten::max_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], "
                     "int[2] padding=0, int[2] dilation=1, bool ceil_mode=False) -> Tensor");
  CHECK(s.findArgument("stride")->defaultValue->ints.empty());
  CHECK(s.findArgument("padding")->defaultValue->kind == OpDefault::Kind::IntList);
  CHECK(s.findArgument("padding")->defaultValue->ints == std::vector<int64_t>{0, 0});
  CHECK(s.findArgument("dilation")->defaultValue->ints == std::vector<int64_t>{1, 1});
  CHECK(s.findArgument("ceil_mode")->defaultValue->boolValue == false);
  CHECK(s.findArgument("no_such") == nullptr);
}

TEST_CASE("floats - strings and keyword-only arguments", "[opschema]") {
  OpSchema ln = parse("aten::layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? "
                      "weight=None, Tensor? bias=None, float eps=1.0000000000000001e-05, "
                      "bool cudnn_enable=True) -> Tensor");
  CHECK(ln.findArgument("eps")->defaultValue->kind == OpDefault::Kind::Float);
  CHECK(ln.findArgument("eps")->defaultValue->floatValue == Approx(1e-5));
  CHECK(!ln.findArgument("normalized_shape")->fixedListSize);

  OpSchema gelu = parse("aten::gelu(Tensor self, *, str approximate=\"none\") -> Tensor");
  CHECK(!gelu.arguments[0].kwargOnly);
  CHECK(gelu.arguments[1].kwargOnly);
  CHECK(gelu.arguments[1].defaultValue->kind == OpDefault::Kind::String);
  CHECK(gelu.arguments[1].defaultValue->text == "none");

  OpSchema sdpa = parse("aten::scaled_dot_product_attention(Tensor query, Tensor key, Tensor "
                        "value, Tensor? attn_mask=None, float dropout_p=0., bool "
                        "is_causal=False, *, float? scale=None, bool enable_gqa=False) -> Tensor");
  CHECK(sdpa.findArgument("dropout_p")->defaultValue->floatValue == 0.0);
  CHECK(sdpa.findArgument("scale")->isOptional);
  CHECK(sdpa.findArgument("scale")->kwargOnly);

  OpSchema to = parse("aten::to.dtype_layout(Tensor(a) self, *, ScalarType? dtype=None, Layout? "
                      "layout=None, Device? device=None, bool? pin_memory=None, bool "
                      "non_blocking=False, bool copy=False, MemoryFormat? memory_format=None) "
                      "-> Tensor(a)");
  CHECK(to.overload == "dtype_layout");
  for (size_t i = 1; i < to.arguments.size(); ++i)
    CHECK(to.arguments[i].kwargOnly);
  CHECK(to.findArgument("memory_format")->baseType == OpBaseType::MemoryFormat);
}

TEST_CASE("optional lists - lists of optionals - alias annotations", "[opschema]") {
  OpSchema mean = parse("aten::mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, "
                        "ScalarType? dtype=None) -> Tensor");
  const OpArgument *dim = mean.findArgument("dim");
  CHECK(dim->isList);
  CHECK(dim->isOptional);
  CHECK(dim->fixedListSize == 1);
  CHECK(!dim->defaultValue);

  OpSchema index = parse("aten::index.Tensor(Tensor self, Tensor?[] indices) -> Tensor");
  CHECK(index.arguments[1].isList);
  CHECK(index.arguments[1].elementsOptional);
  CHECK(!index.arguments[1].isOptional);

  OpSchema add_ = parse("aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) "
                        "-> Tensor(a!)");
  CHECK(add_.arguments[0].isMutable);
  CHECK(add_.isInPlace());
  CHECK(add_.arguments[2].baseType == OpBaseType::Scalar);

  OpSchema andOp = parse("aten::__and__.Tensor(Tensor self, Tensor other) -> Tensor");
  CHECK(!andOp.isInPlace());
  OpSchema view = parse("aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)");
  CHECK(!view.arguments[0].isMutable);
  CHECK(!view.isInPlace());
}

TEST_CASE("returns: none - lists and named tuples", "[opschema]") {
  OpSchema split = parse("aten::split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) "
                         "-> Tensor(a)[]");
  REQUIRE(split.returns.size() == 1);
  CHECK(split.returns[0].isList);
  CHECK(split.arguments[0].typeText == "Tensor(a -> *)");

  OpSchema assertMeta = parse("aten::_assert_tensor_metadata(Tensor a, SymInt[]? size=None, "
                              "SymInt[]? stride=None, ScalarType? dtype=None, *, Device? "
                              "device=None, Layout? layout=None) -> ()");
  CHECK(assertMeta.returns.empty());

  OpSchema maxDim = parse("aten::max.dim(Tensor self, int dim, bool keepdim=False) -> "
                          "(Tensor values, Tensor indices)");
  REQUIRE(maxDim.returns.size() == 2);
  CHECK(maxDim.returns[0].name == "values");
  CHECK(maxDim.returns[1].name == "indices");
  // torch names single returns too.
  OpSchema grid = parse("aten::cudnn_grid_sampler(Tensor self, Tensor grid) -> Tensor output");
  CHECK(grid.returns.at(0).name == "output");
}

TEST_CASE("malformed schemas are errors that say where", "[opschema]") {
  CHECK_THAT(parseError(""), Catch::Contains("expected '<namespace>::'"));
  CHECK_THAT(parseError("garbage"), Catch::Contains("expected '<namespace>::'"));
  CHECK_THAT(parseError("aten::relu(Tensor self"), Catch::Contains("',' or ')'"));
  CHECK_THAT(parseError("aten::relu(Tensor self)"), Catch::Contains("'->'"));
  CHECK_THAT(parseError("aten::relu(Tensor self) -> Tensor out extra"),
             Catch::Contains("the end of the schema"));
  CHECK_THAT(parseError("aten::f(int[2] x=[1, y]) -> Tensor"),
             Catch::Contains("an integer in the default list"));
  CHECK_THAT(parseError("aten::f(int x=) -> Tensor"), Catch::Contains("a default value"));
  CHECK_THAT(parseError("aten::f(Tensor(a self) -> Tensor"), Catch::Contains("column"));
  CHECK_THAT(parseError("aten::f(Tensor) -> Tensor"), Catch::Contains("an argument name"));
}

TEST_CASE("every sampled torch 2.11 schema parses", "[opschema]") {
  auto buffer = llvm::MemoryBuffer::getFile(PT2C_OPREGISTRY_SAMPLE);
  REQUIRE(buffer);
  llvm::SmallVector<llvm::StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
  size_t parsed = 0;
  for (llvm::StringRef line : lines) {
    if (line.starts_with("#"))
      continue;
    INFO(line.str());
    auto schema = parseOpSchema(line);
    if (!schema)
      FAIL(llvm::toString(schema.takeError()));
    ++parsed;
  }
  CHECK(parsed > 250);
}
