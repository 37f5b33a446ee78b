//===- OpSchemaTest.cpp - Types, arguments and returns of parsed schemas --===//

#include "pt2c/OpRegistry/OpSchema.h"

#include "llvm/Support/MemoryBuffer.h"

#include <catch2/catch.hpp>

using namespace pt2c;

namespace {

OpSchema parseOk(llvm::StringRef text) {
  llvm::Expected<OpSchema> schema = parseOpSchema(text);
  if (!schema)
    FAIL(llvm::toString(schema.takeError()) << " in: " << text.str());
  return std::move(*schema);
}

} // namespace

TEST_CASE("conv2d has seven named arguments with torch's defaults",
          "[OpSchema]") {
  OpSchema s = parseOk(
      "aten::conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] "
      "stride=[1, 1], SymInt[2] padding=[0, 0], SymInt[2] dilation=[1, 1], "
      "SymInt groups=1) -> Tensor");
  CHECK(s.ns == "aten");
  CHECK(s.name == "conv2d");
  CHECK(s.overload.empty());
  CHECK(s.target() == "aten.conv2d.default");
  REQUIRE(s.arguments.size() == 7);
  std::vector<std::string> names;
  for (const OpArgument &a : s.arguments)
    names.push_back(a.name);
  CHECK(names == std::vector<std::string>{"input", "weight", "bias", "stride",
                                          "padding", "dilation", "groups"});
  CHECK(s.arguments[0].isTensorLike());
  CHECK_FALSE(s.arguments[0].defaultValue);

  const OpArgument &bias = s.arguments[2];
  CHECK(bias.typeText == "Tensor?");
  CHECK(bias.isOptional);
  CHECK(bias.isTensorLike());
  REQUIRE(bias.defaultValue);
  CHECK(bias.defaultValue->kind == OpDefault::Kind::None);

  const OpArgument &stride = s.arguments[3];
  CHECK(stride.typeText == "SymInt[2]");
  CHECK(stride.baseType == OpBaseType::SymInt);
  CHECK(stride.isList);
  CHECK(stride.fixedListSize == 2);
  REQUIRE(stride.defaultValue);
  CHECK(stride.defaultValue->kind == OpDefault::Kind::IntList);
  CHECK(stride.defaultValue->ints == std::vector<int64_t>{1, 1});
  CHECK(s.arguments[4].defaultValue->ints == std::vector<int64_t>{0, 0});
  CHECK(s.arguments[5].defaultValue->ints == std::vector<int64_t>{1, 1});

  const OpArgument &groups = s.arguments[6];
  CHECK_FALSE(groups.isList);
  REQUIRE(groups.defaultValue);
  CHECK(groups.defaultValue->kind == OpDefault::Kind::Int);
  CHECK(groups.defaultValue->intValue == 1);
  CHECK_FALSE(groups.kwargOnly);

  REQUIRE(s.returns.size() == 1);
  CHECK(s.returns[0].typeText == "Tensor");
  CHECK(s.returns[0].baseType == OpBaseType::Tensor);
  CHECK(s.returns[0].name.empty());
  CHECK(s.findArgument("padding") == &s.arguments[4]);
  CHECK(s.findArgument("nope") == nullptr);
}

TEST_CASE("gelu approximate is a keyword-only string", "[OpSchema]") {
  OpSchema s = parseOk(
      R"(aten::gelu(Tensor self, *, str approximate="none") -> Tensor)");
  REQUIRE(s.arguments.size() == 2);
  CHECK_FALSE(s.arguments[0].kwargOnly);
  const OpArgument &approximate = s.arguments[1];
  CHECK(approximate.kwargOnly);
  CHECK(approximate.baseType == OpBaseType::Str);
  REQUIRE(approximate.defaultValue);
  CHECK(approximate.defaultValue->kind == OpDefault::Kind::String);
  CHECK(approximate.defaultValue->text == "none");
}

TEST_CASE("to.dtype_layout takes every argument but self by keyword",
          "[OpSchema]") {
  OpSchema s = parseOk(
      "aten::to.dtype_layout(Tensor(a) self, *, ScalarType? dtype=None, "
      "Layout? layout=None, Device? device=None, bool? pin_memory=None, bool "
      "non_blocking=False, bool copy=False, MemoryFormat? memory_format=None) "
      "-> Tensor(a)");
  CHECK(s.target() == "aten.to.dtype_layout");
  REQUIRE(s.arguments.size() == 8);
  CHECK_FALSE(s.arguments[0].kwargOnly);
  for (size_t i = 1; i < s.arguments.size(); ++i)
    CHECK(s.arguments[i].kwargOnly);
  CHECK(s.arguments[1].baseType == OpBaseType::ScalarType);
  CHECK(s.arguments[2].baseType == OpBaseType::Layout);
  CHECK(s.arguments[3].baseType == OpBaseType::Device);
  CHECK(s.arguments[7].baseType == OpBaseType::MemoryFormat);
  CHECK(s.arguments[5].defaultValue->kind == OpDefault::Kind::Bool);
  CHECK_FALSE(s.arguments[5].defaultValue->boolValue);
  // A view: the return shares alias set `a` with self, and nothing is written.
  CHECK(s.arguments[0].aliasAnnotation == "a");
  CHECK_FALSE(s.arguments[0].isMutable);
  CHECK(s.returns[0].aliasAnnotation == "a");
  CHECK_FALSE(s.isInPlace());
}

TEST_CASE("mean.dim takes an optional fixed-size list", "[OpSchema]") {
  OpSchema s = parseOk("aten::mean.dim(Tensor self, int[1]? dim, bool "
                       "keepdim=False, *, ScalarType? dtype=None) -> Tensor");
  const OpArgument *dim = s.findArgument("dim");
  REQUIRE(dim);
  CHECK(dim->typeText == "int[1]?");
  CHECK(dim->baseType == OpBaseType::Int);
  CHECK(dim->isList);
  CHECK(dim->fixedListSize == 1);
  CHECK(dim->isOptional);
  CHECK_FALSE(dim->elementsOptional);
  CHECK_FALSE(dim->defaultValue);
  CHECK(s.findArgument("dtype")->kwargOnly);
}

TEST_CASE("add_ is in place and the dunder __and__ is not", "[OpSchema]") {
  OpSchema add = parseOk("aten::add_.Tensor(Tensor(a!) self, Tensor other, *, "
                         "Scalar alpha=1) -> Tensor(a!)");
  CHECK(add.isInPlace());
  CHECK(add.target() == "aten.add_.Tensor");
  CHECK(add.arguments[0].isMutable);
  CHECK(add.arguments[0].aliasAnnotation == "a!");
  CHECK(add.returns[0].isMutable);
  CHECK(add.arguments[2].baseType == OpBaseType::Scalar);
  CHECK(add.arguments[2].defaultValue->kind == OpDefault::Kind::Int);

  CHECK_FALSE(
      parseOk("aten::__and__.Tensor(Tensor self, Tensor other) -> Tensor")
          .isInPlace());
  // Even the in-place dunder: `__iand__` is Python's spelling, not ATen's.
  CHECK_FALSE(parseOk("aten::__iand__.Tensor(Tensor(a!) self, Tensor other) "
                      "-> Tensor(a!)")
                  .isInPlace());
  // A trailing underscore without a mutated first argument is not enough.
  CHECK_FALSE(parseOk("aten::foo_(Tensor self) -> Tensor").isInPlace());
  // Out variants mutate `out`, not the first argument.
  CHECK_FALSE(parseOk("aten::relu.out(Tensor self, *, Tensor(a!) out) -> "
                      "Tensor(a!)")
                  .isInPlace());
}

TEST_CASE("split.Tensor returns a list of views", "[OpSchema]") {
  OpSchema s = parseOk("aten::split.Tensor(Tensor(a -> *) self, SymInt "
                       "split_size, int dim=0) -> Tensor(a)[]");
  CHECK(s.arguments[0].aliasAnnotation == "a -> *");
  CHECK_FALSE(s.arguments[0].isMutable);
  REQUIRE(s.returns.size() == 1);
  CHECK(s.returns[0].typeText == "Tensor(a)[]");
  CHECK(s.returns[0].baseType == OpBaseType::Tensor);
  CHECK(s.returns[0].isList);
  CHECK(s.returns[0].aliasAnnotation == "a");
}

TEST_CASE("returns can be empty tuples named or scalars", "[OpSchema]") {
  CHECK(parseOk("aten::_assert_async(Tensor self) -> ()").returns.empty());

  OpSchema max = parseOk("aten::max.dim(Tensor self, int dim, bool "
                         "keepdim=False) -> (Tensor values, Tensor indices)");
  REQUIRE(max.returns.size() == 2);
  CHECK(max.returns[0].name == "values");
  CHECK(max.returns[1].name == "indices");

  OpSchema pair = parseOk("aten::frexp.Tensor(Tensor self) -> (Tensor "
                          "mantissa, Tensor exponent)");
  CHECK(pair.returns[1].name == "exponent");

  OpSchema size = parseOk("aten::sym_size.int(Tensor self, int dim) -> SymInt");
  CHECK(size.returns[0].baseType == OpBaseType::SymInt);
  CHECK(parseOk("aten::item(Tensor self) -> Scalar").returns[0].baseType ==
        OpBaseType::Scalar);
  CHECK(parseOk("aten::dim(Tensor self) -> int").returns[0].baseType ==
        OpBaseType::Int);
  OpSchema unbind =
      parseOk("aten::unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor[]");
  CHECK(unbind.returns[0].isList);
  CHECK(parseOk("aten::f(Tensor self) -> int[]?").returns[0].isOptional);
}

TEST_CASE("list and optional suffixes nest in order", "[OpSchema]") {
  OpSchema s =
      parseOk("aten::f(Tensor?[] a, Tensor?[]? b, Tensor[] c, Tensor(a!)[] d, "
              "t[](a!) e, SymInt[]? f, bool[3] g) -> ()");
  const OpArgument &a = s.arguments[0];
  CHECK(a.isList);
  CHECK(a.elementsOptional);
  CHECK_FALSE(a.isOptional);
  const OpArgument &b = s.arguments[1];
  CHECK(b.isList);
  CHECK(b.elementsOptional);
  CHECK(b.isOptional);
  CHECK(s.arguments[2].isList);
  CHECK_FALSE(s.arguments[2].elementsOptional);
  CHECK(s.arguments[3].isMutable);
  CHECK(s.arguments[3].isList);
  const OpArgument &e = s.arguments[4];
  CHECK(e.baseType == OpBaseType::Other);
  CHECK(e.typeText == "t[](a!)");
  CHECK(e.isMutable);
  CHECK(s.arguments[5].isOptional);
  CHECK_FALSE(s.arguments[5].fixedListSize);
  CHECK(s.arguments[6].fixedListSize == 3);
}

TEST_CASE("unusual types keep their spelling", "[OpSchema]") {
  OpSchema dict = parseOk("aten::_set_item.str(Dict(str, t)(a!) l, str(b -> "
                          "*) idx, t(c -> *) v) -> ()");
  CHECK(dict.arguments[0].typeText == "Dict(str, t)(a!)");
  CHECK(dict.arguments[0].baseType == OpBaseType::Other);
  CHECK(dict.arguments[0].isMutable);
  CHECK(dict.arguments[0].aliasAnnotation == "a!");
  CHECK(dict.arguments[1].baseType == OpBaseType::Str);
  CHECK(dict.arguments[1].aliasAnnotation == "b -> *");

  OpSchema tuple =
      parseOk("aten::dict.str((str, tVal)[] inputs) -> Dict(str, tVal)");
  CHECK(tuple.arguments[0].typeText == "(str, tVal)[]");
  CHECK(tuple.arguments[0].isList);
  CHECK(tuple.returns[0].typeText == "Dict(str, tVal)");

  OpSchema bind = parseOk(
      "aten::quantized_gru.input(Tensor input, Tensor hx, "
      "__torch__.torch.classes.rnn.CellParamsBase[] params, bool has_biases) "
      "-> (Tensor, Tensor)");
  CHECK(bind.arguments[2].typeText ==
        "__torch__.torch.classes.rnn.CellParamsBase[]");

  OpSchema others = parseOk("aten::f(Storage a, Stream b, Any c, Generator? "
                            "d, Dimname e, complex f, RRef(t) g, Future(t) h)"
                            " -> Tensor(b|a)");
  CHECK(others.arguments[0].baseType == OpBaseType::Other);
  CHECK(others.arguments[3].baseType == OpBaseType::Generator);
  CHECK(others.arguments[4].baseType == OpBaseType::Dimname);
  CHECK(others.arguments[6].typeText == "RRef(t)");
  CHECK(others.returns[0].aliasAnnotation == "b|a");
}

TEST_CASE("varargs end the arguments or stand for the returns", "[OpSchema]") {
  OpSchema format = parseOk("aten::format(str self, ...) -> str");
  CHECK(format.isVararg);
  CHECK(format.arguments.size() == 1);
  OpSchema any = parseOk("aten::has_torch_function(...) -> bool");
  CHECK(any.isVararg);
  CHECK(any.arguments.empty());
  CHECK(parseOk("aten::f(Tensor a) -> ...").isVarret);
}

TEST_CASE("the text is kept and blanks around it are ignored", "[OpSchema]") {
  OpSchema s = parseOk("  aten::relu(Tensor self) -> Tensor \n");
  CHECK(s.text == "aten::relu(Tensor self) -> Tensor");
  CHECK(s.target() == "aten.relu.default");
}

TEST_CASE("every line of the torch schema sample parses", "[OpSchema]") {
  auto buffer = llvm::MemoryBuffer::getFile(PT2C_OPREGISTRY_SAMPLE);
  REQUIRE(buffer);
  llvm::SmallVector<llvm::StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
  size_t parsed = 0;
  for (llvm::StringRef line : lines) {
    if (line.starts_with("#"))
      continue;
    llvm::Expected<OpSchema> schema = parseOpSchema(line);
    if (!schema)
      FAIL(llvm::toString(schema.takeError()) << " in: " << line.str());
    CHECK(schema->text == line.trim());
    CHECK(schema->ns == "aten");
    ++parsed;
  }
  CHECK(parsed >= 300);
}
