//===- ExportSchemaTest.cpp - Enum helpers of the export schema -----------===//

#include "pt2c/Archive/ExportSchema.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace pt2c::archive;

TEST_CASE("ScalarType values known to schema 8.17", "[schema]") {
  for (int64_t v = 0; v <= 13; ++v)
    CHECK(isKnownScalarType(v));
  for (int64_t v = 14; v <= 27; ++v)
    CHECK_FALSE(isKnownScalarType(v));
  for (int64_t v = 28; v <= 32; ++v)
    CHECK(isKnownScalarType(v));
  CHECK_FALSE(isKnownScalarType(33));
  CHECK_FALSE(isKnownScalarType(-1));
}

TEST_CASE("element sizes follow docs/pt2-format.md", "[schema]") {
  CHECK(elementSize(ScalarType::Unknown) == 0);
  CHECK(elementSize(ScalarType::Byte) == 1);
  CHECK(elementSize(ScalarType::Bool) == 1);
  CHECK(elementSize(ScalarType::Float8E5M2FNUZ) == 1);
  CHECK(elementSize(ScalarType::Short) == 2);
  CHECK(elementSize(ScalarType::Half) == 2);
  CHECK(elementSize(ScalarType::BFloat16) == 2);
  CHECK(elementSize(ScalarType::UInt16) == 2);
  CHECK(elementSize(ScalarType::Int) == 4);
  CHECK(elementSize(ScalarType::Float) == 4);
  CHECK(elementSize(ScalarType::ComplexHalf) == 4);
  CHECK(elementSize(ScalarType::Long) == 8);
  CHECK(elementSize(ScalarType::Double) == 8);
  CHECK(elementSize(ScalarType::ComplexFloat) == 8);
  CHECK(elementSize(ScalarType::ComplexDouble) == 16);
}

TEST_CASE("scalar type names are torch's", "[schema]") {
  CHECK(std::string(scalarTypeName(ScalarType::Float)) == "float32");
  CHECK(std::string(scalarTypeName(ScalarType::Long)) == "int64");
  CHECK(std::string(scalarTypeName(ScalarType::BFloat16)) == "bfloat16");
  CHECK(std::string(scalarTypeName(ScalarType::Byte)) == "uint8");
  CHECK(std::string(scalarTypeName(ScalarType::Char)) == "int8");
  CHECK(std::string(scalarTypeName(ScalarType::Bool)) == "bool");
  CHECK(std::string(scalarTypeName(ScalarType::Float8E4M3FN)) ==
        "float8_e4m3fn");
}

TEST_CASE("argument kind names are the serialized variant names", "[schema]") {
  CHECK(std::string(argKindName(ArgKind::Tensor)) == "as_tensor");
  CHECK(std::string(argKindName(ArgKind::OptionalTensor)) ==
        "as_optional_tensor");
  CHECK(std::string(argKindName(ArgKind::Graph)) == "as_graph");
  CHECK(std::string(argKindName(ArgKind::StringToArgument)) ==
        "as_string_to_argument");
  // Every kind has its own name.
  std::set<std::string> names;
  for (int k = int(ArgKind::None); k <= int(ArgKind::StringToArgument); ++k)
    names.insert(argKindName(ArgKind(k)));
  CHECK(names.size() == size_t(int(ArgKind::StringToArgument) + 1));
}
