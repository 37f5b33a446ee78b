// Unit tests for lib/Import/TypeConversion: torch dtypes and metas as MLIR types.

#include "../../../lib/Import/TypeConversion.h"

#include "mlir/IR/MLIRContext.h"

#include <catch2/catch.hpp>

using namespace pt2c;
using archive::ScalarType;

static archive::SymInt staticSize(int64_t value) {
  archive::SymInt size;
  size.value = value;
  return size;
}

static archive::SymInt symbolicSize(const std::string &text) {
  archive::SymInt size;
  size.isExpr = true;
  size.expr.exprStr = text;
  auto parsed = archive::parseSymExpr(text);
  REQUIRE(bool(parsed));
  size.expr.expr = *parsed;
  return size;
}

TEST_CASE("scalar types map to MLIR element types", "[import]") {
  mlir::MLIRContext context;
  auto name = [&](ScalarType type) {
    std::string text;
    llvm::raw_string_ostream os(text);
    import::convertScalarType(&context, type).print(os);
    return text;
  };
  CHECK(name(ScalarType::Float) == "f32");
  CHECK(name(ScalarType::Half) == "f16");
  CHECK(name(ScalarType::BFloat16) == "bf16");
  CHECK(name(ScalarType::Long) == "i64");
  CHECK(name(ScalarType::Int) == "i32");
  CHECK(name(ScalarType::Bool) == "i1");
  CHECK(name(ScalarType::Byte) == "ui8");
  CHECK(name(ScalarType::Char) == "i8");
  CHECK(name(ScalarType::ComplexFloat) == "complex<f32>");
  CHECK(!import::convertScalarType(&context, ScalarType::Unknown));
}

TEST_CASE("symbolic sizes become dynamic dims and keep their symbols", "[import]") {
  mlir::MLIRContext context;
  mlir::Builder builder(&context);
  archive::TensorMeta meta;
  meta.dtype = ScalarType::Float;
  meta.sizes = {symbolicSize("Symbol('s77', positive=True, integer=True)"),
                staticSize(64)};
  mlir::RankedTensorType type = import::convertTensorMeta(&context, meta);
  CHECK(type.isDynamicDim(0));
  CHECK(type.getDimSize(1) == 64);

  mlir::ArrayAttr dims = import::symbolicDims(builder, meta);
  REQUIRE(dims);
  REQUIRE(dims.size() == 2);
  CHECK(mlir::cast<mlir::StringAttr>(dims[0]).getValue() == "s77");
  CHECK(mlir::cast<mlir::IntegerAttr>(dims[1]).getInt() == 64);

  meta.sizes = {staticSize(4), staticSize(64)};
  CHECK(!import::symbolicDims(builder, meta));
}
