// Unit tests for the free checks and type inference of the prim dialect
// (PrimTypeInference.h), called as decompositions call them before building
// an op; the last case builds ops through their inferring builders.

#include "pt2c/Dialect/Prim/PrimTypeInference.h"
#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pt2c::prim;
using mlir::RankedTensorType;
using mlir::ShapedType;

namespace {
constexpr int64_t kDyn = ShapedType::kDynamic;

/// A context, a location and the messages emitted at it.
struct Fixture {
  mlir::MLIRContext context;
  mlir::Builder builder{&context};
  mlir::Location loc = mlir::UnknownLoc::get(&context);
  std::vector<std::string> errors;
  mlir::ScopedDiagnosticHandler handler{&context, [this](mlir::Diagnostic &d) {
                                          errors.push_back(d.str());
                                          return mlir::success();
                                        }};

  RankedTensorType f32(llvm::ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, builder.getF32Type());
  }
  RankedTensorType i64(llvm::ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, builder.getI64Type());
  }
  /// The single error emitted so far, or "" (and a failed check) otherwise.
  std::string error() {
    CHECK(errors.size() == 1);
    return errors.empty() ? "" : errors.front();
  }
};
} // namespace

TEST_CASE("broadcast_in_dim accepts size-1 expansion and dynamic sizes",
          "[prim]") {
  Fixture f;
  CHECK(succeeded(verifyBroadcastInDimOp(f.loc, f.f32({1, 4}), {0, 2},
                                         f.f32({3, 5, 4}), 0)));
  // A dynamic batch: the new dim 0 is `?`, so one dynamic size.
  CHECK(succeeded(
      verifyBroadcastInDimOp(f.loc, f.f32({8}), {1}, f.f32({kDyn, 8}), 1)));
  // A `?` operand dim keeps its size: it may map to a `?` or a static dim.
  CHECK(succeeded(verifyBroadcastInDimOp(f.loc, f.f32({kDyn, 8}), {0, 1},
                                         f.f32({kDyn, 8}), 1)));
  CHECK(f.errors.empty());

  CHECK(
      failed(verifyBroadcastInDimOp(f.loc, f.f32({3}), {1}, f.f32({2, 4}), 0)));
  CHECK(f.error() == "C3: operand dim 0 of size 3 cannot broadcast to result "
                     "dim 1 of size 4");
}

TEST_CASE(
    "broadcast_in_dim counts dynamic sizes and stays silent without a location",
    "[prim]") {
  Fixture f;
  CHECK(failed(
      verifyBroadcastInDimOp(f.loc, f.f32({8}), {1}, f.f32({kDyn, 8}), 0)));
  CHECK(f.error() == "C5: 0 dynamic size(s) for 1 '?' dim(s) in result type "
                     "'tensor<?x8xf32>'");
  f.errors.clear();
  CHECK(failed(verifyBroadcastInDimOp(std::nullopt, f.f32({8}), {1},
                                      f.f32({kDyn, 8}), 0)));
  CHECK(f.errors.empty());
}

TEST_CASE("matmul infers batched and dynamic shapes", "[prim]") {
  Fixture f;
  RankedTensorType result;
  REQUIRE(
      succeeded(inferMatmulOp(f.loc, f.f32({4, 64}), f.f32({64, 32}), result)));
  CHECK(result == f.f32({4, 32}));
  REQUIRE(succeeded(inferMatmulOp(f.loc, f.f32({kDyn, 4, kDyn}),
                                  f.f32({kDyn, kDyn, 32}), result)));
  CHECK(result == f.f32({kDyn, 4, 32}));
  // A static batch size on one side refines a `?` on the other.
  REQUIRE(succeeded(
      inferMatmulOp(f.loc, f.f32({kDyn, 4, 8}), f.f32({2, 8, 16}), result)));
  CHECK(result == f.f32({2, 4, 16}));

  CHECK(failed(inferMatmulOp(f.loc, f.f32({4, 8}), f.f32({6, 4}), result)));
  CHECK(f.error() == "C4: contracting size 8 of lhs and 6 of rhs differ");
}

TEST_CASE("convolution infers NCHW output sizes", "[prim]") {
  Fixture f;
  RankedTensorType result;
  RankedTensorType weight = f.f32({8, 3, 3, 3});
  // Stride 1, padding 1: the spatial size is kept.
  REQUIRE(
      succeeded(inferConvolutionOp(f.loc, f.f32({2, 3, 32, 32}), weight, {1, 1},
                                   {1, 1, 1, 1}, {}, {}, 1, result)));
  CHECK(result == f.f32({2, 8, 32, 32}));
  // Stride 2, no padding: (32 - 3) / 2 + 1 = 15.
  REQUIRE(succeeded(inferConvolutionOp(f.loc, f.f32({2, 3, 32, 32}), weight,
                                       {2, 2}, {}, {}, {}, 1, result)));
  CHECK(result == f.f32({2, 8, 15, 15}));
  // A dynamic batch stays dynamic.
  REQUIRE(succeeded(inferConvolutionOp(f.loc, f.f32({kDyn, 3, 32, 32}), weight,
                                       {2, 2}, {}, {}, {}, 1, result)));
  CHECK(result == f.f32({kDyn, 8, 15, 15}));
  CHECK(f.errors.empty());
}

TEST_CASE("convolution handles groups and dilations and 1-d and 3-d",
          "[prim]") {
  Fixture f;
  RankedTensorType result;
  // Depthwise: 3 groups of one channel.
  REQUIRE(succeeded(inferConvolutionOp(f.loc, f.f32({kDyn, 3, 32, 32}),
                                       f.f32({3, 1, 3, 3}), {}, {1, 1, 1, 1},
                                       {}, {}, 3, result)));
  CHECK(result == f.f32({kDyn, 3, 32, 32}));
  // Transposed convolution of stride 2 as lhs_dilation: 63 + 2 + 3 - 2 = 66.
  REQUIRE(succeeded(inferConvolutionOp(f.loc, f.f32({1, 3, 32, 32}),
                                       f.f32({8, 3, 3, 3}), {}, {2, 3, 2, 3},
                                       {2, 2}, {}, 1, result)));
  CHECK(result == f.f32({1, 8, 66, 66}));
  // Kernel dilation 2: the 3-tap kernel spans 5.
  REQUIRE(succeeded(inferConvolutionOp(f.loc, f.f32({1, 3, 32, 32}),
                                       f.f32({8, 3, 3, 3}), {}, {}, {}, {2, 2},
                                       1, result)));
  CHECK(result == f.f32({1, 8, 28, 28}));
  REQUIRE(
      succeeded(inferConvolutionOp(f.loc, f.f32({2, 4, 10}), f.f32({6, 4, 3}),
                                   {3}, {0, 2}, {}, {}, 1, result)));
  CHECK(result == f.f32({2, 6, 4}));
  REQUIRE(succeeded(inferConvolutionOp(f.loc, f.f32({1, 2, 4, 8, 8}),
                                       f.f32({4, 2, 2, 3, 3}), {2, 1, 1}, {},
                                       {}, {}, 1, result)));
  CHECK(result == f.f32({1, 4, 2, 6, 6}));
  CHECK(f.errors.empty());
}

TEST_CASE("convolution rejects mismatched channels and oversized kernels",
          "[prim]") {
  Fixture f;
  RankedTensorType result;
  CHECK(
      failed(inferConvolutionOp(f.loc, f.f32({2, 4, 8, 8}), f.f32({6, 3, 3, 3}),
                                {}, {}, {}, {}, 1, result)));
  CHECK(f.error() == "C4: input has 4 features, expected 3 x 1 (weight dim 1 "
                     "x groups)");
  f.errors.clear();
  CHECK(
      failed(inferConvolutionOp(f.loc, f.f32({2, 3, 8, 2}), f.f32({4, 3, 3, 3}),
                                {}, {}, {}, {}, 1, result)));
  CHECK(f.error() == "C6: kernel size 3 (dilation 1) does not fit in spatial "
                     "dim 1 of size 2 padded by 0 and 0");
  f.errors.clear();
  CHECK(
      failed(inferConvolutionOp(f.loc, f.f32({2, 3, 8, 8}), f.f32({4, 3, 3, 3}),
                                {1}, {}, {}, {}, 1, result)));
  CHECK(f.error() == "C2: strides [1] has 1 entries, expected 2");
}

TEST_CASE("reduce_window infers pooled sizes", "[prim]") {
  Fixture f;
  RankedTensorType result;
  // 2x2 max pool with stride 2 on 32x32, dynamic batch.
  REQUIRE(succeeded(inferReduceWindowOp(f.loc, ReduceKind::max,
                                        f.f32({kDyn, 8, 32, 32}), {1, 1, 2, 2},
                                        {1, 1, 2, 2}, {}, {}, result)));
  CHECK(result == f.f32({kDyn, 8, 16, 16}));
  // 3x3 average pool (a sum) with stride 2 and padding 1.
  REQUIRE(succeeded(inferReduceWindowOp(
      f.loc, ReduceKind::sum, f.f32({2, 8, 32, 32}), {1, 1, 3, 3}, {1, 1, 2, 2},
      {}, {0, 0, 0, 0, 1, 1, 1, 1}, result)));
  CHECK(result == f.f32({2, 8, 16, 16}));
  CHECK(f.errors.empty());

  CHECK(
      failed(inferReduceWindowOp(f.loc, ReduceKind::And, f.f32({2, 8, 32, 32}),
                                 {1, 1, 2, 2}, {}, {}, {}, result)));
  CHECK(f.error() ==
        "C3: and cannot combine element type 'f32' (needs an integer type)");
}

TEST_CASE("shape ops infer through dynamic dims", "[prim]") {
  Fixture f;
  RankedTensorType result;
  REQUIRE(succeeded(
      inferTransposeOp(f.loc, f.f32({kDyn, 8, 3}), {2, 0, 1}, result)));
  CHECK(result == f.f32({3, kDyn, 8}));
  REQUIRE(succeeded(inferSliceOp(f.loc, f.f32({kDyn, 8}), {0, 1}, {kDyn, 8},
                                 {1, 3}, result)));
  CHECK(result == f.f32({kDyn, 3}));
  REQUIRE(succeeded(inferConcatenateOp(
      f.loc, mlir::TypeRange{f.f32({kDyn, 4}), f.f32({2, 6})}, 1, result)));
  CHECK(result == f.f32({2, 10}));
  REQUIRE(succeeded(inferPadOp(f.loc, f.f32({kDyn, 3}), {0, 1}, {1, 2}, {},
                               f.builder.getF32FloatAttr(0), result)));
  CHECK(result == f.f32({kDyn, 6}));
  REQUIRE(succeeded(
      inferReduceOp(f.loc, ReduceKind::sum, f.f32({kDyn, 8, 4}), {1}, result)));
  CHECK(result == f.f32({kDyn, 4}));
  REQUIRE(succeeded(inferArgReduceOp(f.loc, f.f32({kDyn, 8}), 1, result)));
  CHECK(result == f.i64({kDyn}));
  CHECK(succeeded(
      verifyReshapeOp(f.loc, f.f32({kDyn, 4, 8}), f.f32({kDyn, 32}), 1)));
  CHECK(f.errors.empty());

  CHECK(failed(inferSliceOp(f.loc, f.f32({kDyn, 8}), {1, 0}, {kDyn, 8}, {1, 1},
                            result)));
  CHECK(f.error() == "C4: dynamic dim 0 must be sliced whole (0:?), got 1:?:1");
}

TEST_CASE("take gathers rows and take_along gathers elements", "[prim]") {
  Fixture f;
  RankedTensorType result;
  // An embedding table looked up with [batch, seq] ids.
  REQUIRE(succeeded(
      inferTakeOp(f.loc, f.f32({1000, 64}), f.i64({kDyn, 16}), 0, result)));
  CHECK(result == f.f32({kDyn, 16, 64}));
  REQUIRE(
      succeeded(inferTakeOp(f.loc, f.f32({4, 10, 5}), f.i64({3}), 1, result)));
  CHECK(result == f.f32({4, 3, 5}));
  REQUIRE(succeeded(
      inferTakeAlongOp(f.loc, f.f32({4, kDyn}), f.i64({4, 3}), 1, result)));
  CHECK(result == f.f32({4, 3}));
  CHECK(f.errors.empty());

  CHECK(failed(inferTakeOp(f.loc, f.f32({10, 4}), f.f32({3}), 0, result)));
  CHECK(f.error() == "C2: the indices' element type 'f32' is not i32 or i64");
}

TEST_CASE("element classes and wrong operand types are diagnosed", "[prim]") {
  Fixture f;
  RankedTensorType result;
  CHECK(isElementOfClass(f.builder.getBF16Type(), ElementClass::Float));
  CHECK(!isElementOfClass(f.builder.getI1Type(), ElementClass::Numeric));
  CHECK(isElementOfClass(f.builder.getI1Type(), ElementClass::Integer));
  CHECK(isPrimElementType(
      mlir::IntegerType::get(&f.context, 8, mlir::IntegerType::Unsigned)));
  CHECK(!isPrimElementType(f.builder.getIntegerType(4)));
  CHECK(!isPrimElementType(f.builder.getIndexType()));

  CHECK(failed(inferUnaryOp(f.loc, ElementClass::Float, f.i64({4}), result)));
  CHECK(f.error() == "C1: operand element type 'i64' is not a float type");
  f.errors.clear();
  CHECK(failed(inferUnaryOp(
      f.loc, ElementClass::Float,
      mlir::UnrankedTensorType::get(f.builder.getF32Type()), result)));
  CHECK(f.error() == "expected operand to be a ranked tensor of a prim "
                     "element type, got 'tensor<*xf32>'");
}

TEST_CASE("ops build with inferred result types", "[prim]") {
  Fixture f;
  f.context.loadDialect<PrimDialect>();
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(f.loc);
  mlir::OpBuilder b(&f.context);
  b.setInsertionPointToEnd(module->getBody());
  auto value = mlir::DenseElementsAttr::get(f.f32({2, 3}), 1.0f);
  auto constant = ConstantOp::create(b, f.loc, value);
  CHECK(constant.getType() == f.f32({2, 3}));
  auto transpose =
      TransposeOp::create(b, f.loc, constant, llvm::ArrayRef<int64_t>{1, 0});
  CHECK(transpose.getType() == f.f32({3, 2}));
  auto sum = AddOp::create(b, f.loc, transpose, transpose);
  auto mask = CompareOp::create(b, f.loc, sum, transpose,
                                ComparePredicate::gt);
  CHECK(mask.getType() ==
        RankedTensorType::get({3, 2}, f.builder.getI1Type()));
  auto reduce = ReduceOp::create(b, f.loc, ReduceKind::sum, sum,
                                 llvm::ArrayRef<int64_t>{1});
  CHECK(reduce.getType() == f.f32({3}));
  CHECK(succeeded(mlir::verify(*module)));
  CHECK(f.errors.empty());
}
