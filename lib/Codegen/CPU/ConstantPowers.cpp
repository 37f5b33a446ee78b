//===- ConstantPowers.cpp - The pt2c-constant-powers pass -----------------===//
//
// Passes.td says what it does and why. Both pipelines run it: on the CPU
// powf is a libm call that keeps its loop scalar, on the GPU libdevice's
// powf is a long routine (log, exp and their special cases) where GPT-2's
// GELU needs two multiplies.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace pt2c {

#define GEN_PASS_DEF_CONSTANTPOWERS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

struct ConstantPowersPass : impl::ConstantPowersBase<ConstantPowersPass> {
  void runOnOperation() override {
    mlir::RewritePatternSet patterns(&getContext());
    // x ** 2, 3 as multiplies; 0.5, -0.5, -1, -2, 0.75 as sqrt, rsqrt and
    // divisions: the same special cases ATen's pow kernels take for a
    // scalar exponent.
    mlir::populateMathAlgebraicSimplificationPatterns(patterns);
    if (mlir::failed(mlir::applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace pt2c
