//===- BoundedAffineTest.cpp - Affine maps simplified with dim sizes ------===//
//
// The maps pt2c-attention-to-kernel composes through reshapes: a
// row-major reinterpretation's floordiv and mod, which only the dims'
// sizes can remove. Each expected map is written out by hand.
//
//===----------------------------------------------------------------------===//

#include "BoundedAffine.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <catch2/catch.hpp>

using namespace mlir;

namespace {

std::string print(AffineMap map) {
  std::string text;
  llvm::raw_string_ostream os(text);
  map.print(os);
  return text;
}

} // namespace

TEST_CASE("bounded affine: a regrouping reshape folds to plain indices", "[codegen][affine]") {
  MLIRContext context;
  // [4, 16] viewed as [4, 2, 8]: (l, h, e) -> (l, h * 8 + e), exactly.
  AffineMap split = pt2c::rowMajorReshapeMap({4, 16}, {4, 2, 8}, &context);
  CHECK(print(pt2c::simplifyWithinBounds(split, {4, 2, 8})) ==
        "(d0, d1, d2) -> (d0, d2 + d1 * 8)");
  // [1, 197, 16, 768] viewed as [197, 192, 64] (vit's heads), then read
  // as (batch b < 16, head h < 12, row l, column e) -> (l, b * 12 + h, e).
  AffineMap regroup = pt2c::rowMajorReshapeMap({1, 197, 16, 768}, {197, 192, 64}, &context);
  AffineExpr b = getAffineDimExpr(0, &context), h = getAffineDimExpr(1, &context),
             l = getAffineDimExpr(2, &context), e = getAffineDimExpr(3, &context);
  AffineMap heads = AffineMap::get(4, 0, {l, b * 12 + h, e}, &context);
  CHECK(print(pt2c::simplifyWithinBounds(regroup.compose(heads), {16, 12, 197, 64})) ==
        "(d0, d1, d2, d3) -> (0, d2, d0, d3 + d1 * 64)");
}

TEST_CASE("bounded affine: divisions the sizes do not decide stay", "[codegen][affine]") {
  MLIRContext context;
  AffineExpr i = getAffineDimExpr(0, &context), j = getAffineDimExpr(1, &context);
  // j < 8 but the divisor is 4: (i * 8 + j) floordiv 4 = i * 2 + j floordiv 4.
  AffineMap map = AffineMap::get(2, 0, {(i * 8 + j).floorDiv(4), (i * 8 + j) % 4}, &context);
  CHECK(print(pt2c::simplifyWithinBounds(map, {3, 8})) ==
        "(d0, d1) -> (d0 * 2 + d1 floordiv 4, d1 mod 4)");
  // A dynamic size bounds nothing; a size of 1 makes its dim 0.
  AffineMap dynamic = AffineMap::get(2, 0, {(i * 8 + j).floorDiv(8)}, &context);
  CHECK(print(pt2c::simplifyWithinBounds(dynamic, {3, ShapedType::kDynamic})) ==
        "(d0, d1) -> (d0 + d1 floordiv 8)");
  CHECK(print(pt2c::simplifyWithinBounds(dynamic, {3, 8})) == "(d0, d1) -> (d0)");
  CHECK(print(pt2c::simplifyWithinBounds(AffineMap::get(2, 0, {i + j}, &context), {1, 8})) ==
        "(d0, d1) -> (d1)");
}
