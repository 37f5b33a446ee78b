//===- OpSchemaDefaultsTest.cpp - Default values of schema arguments ------===//

#include "pt2c/OpRegistry/OpSchema.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace pt2c;

namespace {

OpSchema parseOk(const std::string &text) {
  llvm::Expected<OpSchema> schema = parseOpSchema(text);
  if (!schema)
    FAIL(llvm::toString(schema.takeError()) << " in: " << text);
  return std::move(*schema);
}

/// The default of the single argument of `aten::f(<arg>) -> ()`.
OpDefault defaultOf(const std::string &arg) {
  OpSchema schema = parseOk("aten::f(" + arg + ") -> ()");
  REQUIRE(schema.arguments.size() == 1);
  REQUIRE(schema.arguments[0].defaultValue);
  return *schema.arguments[0].defaultValue;
}

} // namespace

TEST_CASE("max_pool2d expands padding=0 and keeps stride=[] empty",
          "[OpSchema][defaults]") {
  OpSchema s = parseOk(
      "aten::max_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], "
      "int[2] padding=0, int[2] dilation=1, bool ceil_mode=False) -> Tensor");
  const OpDefault &stride = *s.findArgument("stride")->defaultValue;
  CHECK(stride.kind == OpDefault::Kind::IntList);
  CHECK(stride.ints.empty());
  const OpDefault &padding = *s.findArgument("padding")->defaultValue;
  CHECK(padding.kind == OpDefault::Kind::IntList);
  CHECK(padding.ints == std::vector<int64_t>{0, 0});
  CHECK(s.findArgument("dilation")->defaultValue->ints ==
        std::vector<int64_t>{1, 1});
  CHECK_FALSE(s.findArgument("kernel_size")->defaultValue);
}

TEST_CASE("layer_norm eps is a float default", "[OpSchema][defaults]") {
  OpSchema s = parseOk(
      "aten::layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? "
      "weight=None, Tensor? bias=None, float eps=1.0000000000000001e-05, bool "
      "cudnn_enable=True) -> Tensor");
  const OpArgument *eps = s.findArgument("eps");
  REQUIRE(eps);
  CHECK(eps->baseType == OpBaseType::Float);
  CHECK(eps->defaultValue->kind == OpDefault::Kind::Float);
  CHECK(eps->defaultValue->floatValue == 1e-05);
  CHECK(s.findArgument("cudnn_enable")->defaultValue->boolValue);
  CHECK_FALSE(s.findArgument("normalized_shape")->isOptional);
}

TEST_CASE("numbers keep the kind they are written in", "[OpSchema][defaults]") {
  CHECK(defaultOf("int dim=-1").intValue == -1);
  CHECK(defaultOf("SymInt n=-100").intValue == -100);
  CHECK(defaultOf("int big=9223372036854775807").intValue == INT64_MAX);
  CHECK(defaultOf("float p=0.").floatValue == 0.0);
  CHECK(defaultOf("float p=0.").kind == OpDefault::Kind::Float);
  CHECK(defaultOf("float p=1e-08").floatValue == 1e-08);
  CHECK(defaultOf("float p=9.9999999999999995e-07").floatValue == 1e-06);
  CHECK(defaultOf("Scalar alpha=1").kind == OpDefault::Kind::Int);
  CHECK(defaultOf("Scalar s=0.33333333333333331").floatValue == 1.0 / 3.0);
  // A float written as an integer is still a float argument's default.
  OpDefault floatInt = defaultOf("float timeout=60");
  CHECK(floatInt.kind == OpDefault::Kind::Float);
  CHECK(floatInt.floatValue == 60.0);
  // torch 2.11 prints enum defaults as their numbers.
  CHECK(defaultOf("ScalarType? dtype=4").intValue == 4);
  CHECK(defaultOf("MemoryFormat memory_format=0").kind == OpDefault::Kind::Int);
}

TEST_CASE("infinities are floats", "[OpSchema][defaults]") {
  OpDefault inf = defaultOf("float max=inf");
  CHECK(inf.kind == OpDefault::Kind::Float);
  CHECK(std::isinf(inf.floatValue));
  CHECK(inf.floatValue > 0);
  OpDefault negInf = defaultOf("float min=-inf");
  CHECK(std::isinf(negInf.floatValue));
  CHECK(negInf.floatValue < 0);
}

TEST_CASE("strings unescape in either quote", "[OpSchema][defaults]") {
  CHECK(defaultOf(R"(str s=" \n\t\f\v")").text == " \n\t\f\v");
  CHECK(defaultOf(R"(str s="\"\'\\")").text == "\"'\\");
  CHECK(defaultOf("str s='valid'").text == "valid");
  CHECK(defaultOf(R"(str s="")").text.empty());
  CHECK(defaultOf(R"x(str s="a, b)")x").text == "a, b)");
  CHECK(defaultOf(R"(str? s="L")").kind == OpDefault::Kind::String);
}

TEST_CASE("lists take their kind from elements or element type",
          "[OpSchema][defaults]") {
  OpDefault dims = defaultOf("int[1] dim=[-2, -1]");
  CHECK(dims.kind == OpDefault::Kind::IntList);
  CHECK(dims.ints == std::vector<int64_t>{-2, -1});
  OpDefault floats = defaultOf("float[] scales=[1.0, 2]");
  CHECK(floats.kind == OpDefault::Kind::FloatList);
  CHECK(floats.floats == std::vector<double>{1.0, 2.0});
  OpDefault bools = defaultOf("bool[2] mask=[True, False]");
  CHECK(bools.kind == OpDefault::Kind::BoolList);
  CHECK(bools.bools == std::vector<bool>{true, false});
  CHECK(defaultOf("bool[3] mask=True").bools ==
        std::vector<bool>{true, true, true});
  CHECK(defaultOf("float[2] s=0.5").floats == std::vector<double>{0.5, 0.5});
  CHECK(defaultOf("float[] s=[]").kind == OpDefault::Kind::FloatList);
  CHECK(defaultOf("SymInt[] s=[]").kind == OpDefault::Kind::IntList);
  CHECK(defaultOf("int[1]? dim=None").kind == OpDefault::Kind::None);
  CHECK(defaultOf("int[3] d=1").ints == std::vector<int64_t>{1, 1, 1});
}

TEST_CASE("identifiers and None", "[OpSchema][defaults]") {
  OpDefault format = defaultOf("MemoryFormat f=contiguous_format");
  CHECK(format.kind == OpDefault::Kind::Identifier);
  CHECK(format.text == "contiguous_format");
  CHECK(defaultOf("ScalarType dtype=long").text == "long");
  CHECK(defaultOf("Layout layout=strided").text == "strided");
  CHECK(defaultOf("int reduction=Mean").text == "Mean");
  CHECK(defaultOf("Generator? generator=None").kind == OpDefault::Kind::None);
}
