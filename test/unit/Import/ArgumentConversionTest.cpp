// Unit tests for lib/Import/ArgumentConversion and sourceLineOf.

#include "../../../lib/Import/ArgumentConversion.h"
#include "../../../lib/Import/GraphImporter.h"

#include "pt2c/Archive/NodeSource.h"
#include "pt2c/Dialect/ATen/ATenOps.h"
#include "pt2c/Import/Importer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <catch2/catch.hpp>

using namespace pt2c;
using archive::ArgKind;
using archive::Argument;

namespace {
struct Fixture {
  Fixture() : context(makeRegistry()), builder(&context) {
    context.loadAllAvailableDialects();
    module = mlir::ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }
  static mlir::DialectRegistry makeRegistry() {
    mlir::DialectRegistry registry;
    registerImportDialects(registry);
    return registry;
  }
  mlir::MLIRContext context;
  mlir::OpBuilder builder;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};
} // namespace

static std::string print(mlir::Attribute attribute) {
  std::string text;
  llvm::raw_string_ostream os(text);
  attribute.print(os);
  return text;
}

TEST_CASE("non-tensor arguments become attributes", "[import]") {
  Fixture f;
  auto none = [](llvm::StringRef) { return mlir::Value(); };
  auto convert = [&](const Argument &arg) {
    auto converted = import::convertArgument(f.builder, f.builder.getUnknownLoc(), arg, none);
    REQUIRE(bool(converted));
    REQUIRE(!converted->isOperands);
    return print(converted->attribute);
  };
  Argument arg;
  arg.kind = ArgKind::Ints;
  arg.ints = {1, 1};
  CHECK(convert(arg) == "array<i64: 1, 1>");
  arg = Argument();
  arg.kind = ArgKind::Float;
  arg.floatValue = -std::numeric_limits<double>::infinity();
  CHECK(convert(arg) == "0xFFF0000000000000 : f64");
  arg = Argument();
  arg.kind = ArgKind::ScalarType;
  arg.intValue = 7; // float32
  CHECK(convert(arg) == "f32");
  arg = Argument();
  arg.kind = ArgKind::None;
  CHECK(convert(arg) == "#aten.none");
  arg = Argument();
  arg.kind = ArgKind::Device;
  arg.device.type = "cuda";
  arg.device.index = 0;
  CHECK(convert(arg) == "\"cuda:0\"");
}

TEST_CASE("tensors and named SymInts become operands - constants in a SymInt list are materialized",
          "[import]") {
  Fixture f;
  auto function = mlir::func::FuncOp::create(
      f.builder, f.builder.getUnknownLoc(), "f",
      f.builder.getFunctionType({f.builder.getI64Type()}, {}));
  mlir::Block *entry = function.addEntryBlock();
  f.builder.setInsertionPointToStart(entry);
  mlir::Value s0 = entry->getArgument(0);
  auto lookup = [&](llvm::StringRef name) {
    return name == "sym_size_int" ? s0 : mlir::Value();
  };

  Argument sizes;
  sizes.kind = ArgKind::SymInts;
  sizes.symInts.resize(2);
  sizes.symInts[0].isName = true;
  sizes.symInts[0].name = "sym_size_int";
  sizes.symInts[1].value = -1;
  auto converted = import::convertArgument(f.builder, f.builder.getUnknownLoc(), sizes, lookup);
  REQUIRE(bool(converted));
  CHECK(converted->isOperands);
  CHECK(converted->isList);
  REQUIRE(converted->operands.size() == 2);
  CHECK(converted->operands[0] == s0);
  CHECK(mlir::isa<mlir::OpResult>(converted->operands[1]));

  Argument undefined;
  undefined.kind = ArgKind::Tensor;
  undefined.str = "missing";
  auto failed = import::convertArgument(f.builder, f.builder.getUnknownLoc(), undefined, lookup);
  REQUIRE(!failed);
  CHECK_THAT(llvm::toString(failed.takeError()),
             Catch::Contains("'missing' is used but never defined"));
}

TEST_CASE("schema defaults become attributes of the schema's type", "[import]") {
  Fixture f;
  OpArgument eps;
  eps.name = "eps";
  eps.baseType = OpBaseType::Float;
  OpDefault value;
  value.kind = OpDefault::Kind::Int; // `float momentum=0` style defaults
  value.intValue = 0;
  CHECK(print(import::convertDefault(f.builder, eps, value)) == "0.000000e+00 : f64");

  OpArgument dtype;
  dtype.baseType = OpBaseType::ScalarType;
  value = OpDefault();
  value.kind = OpDefault::Kind::Identifier;
  value.text = "long";
  CHECK(print(import::convertDefault(f.builder, dtype, value)) == "i64");

  // torch prints enum defaults with c10's numbers: `MemoryFormat? memory_format=0`
  // (aten::_empty_affine_quantized) is contiguous_format; ScalarType 6 is float32.
  OpArgument memoryFormat;
  memoryFormat.baseType = OpBaseType::MemoryFormat;
  value = OpDefault();
  value.kind = OpDefault::Kind::Int;
  value.intValue = 0;
  CHECK(print(import::convertDefault(f.builder, memoryFormat, value)) == "\"contiguous_format\"");
  value.intValue = 6;
  CHECK(print(import::convertDefault(f.builder, dtype, value)) == "f32");
}

TEST_CASE("the source line is the innermost frame outside torch", "[import]") {
  archive::Node node;
  node.metadata["stack_trace"] =
      "File \"/tmp/suite.py\", line 121, in forward\n    o = self.m(x)\n"
      "  File \"/venv/site-packages/transformers/llama.py\", line 480, in forward\n"
      "    logits = self.lm_head(h)\n"
      "  File \"/venv/site-packages/torch/nn/modules/linear.py\", line 134, in forward\n"
      "    return F.linear(input, self.weight, self.bias)";
  auto [file, line] = archive::sourceLineOf(node);
  CHECK(file == "/venv/site-packages/transformers/llama.py");
  CHECK(line == 480);
  CHECK(archive::sourceLineOf(archive::Node()).second == 0);
}
