//===- ApproximateMath.cpp - The pt2c-approximate-math pass ---------------===//
//
// Passes.td says what it does and why.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace pt2c {

#define GEN_PASS_DEF_APPROXIMATEMATH
#include "pt2c/Codegen/Passes.h.inc"

namespace {

struct ApproximateMathPass : impl::ApproximateMathBase<ApproximateMathPass> {
  void runOnOperation() override {
    mlir::RewritePatternSet patterns(&getContext());
    mlir::populatePolynomialApproximateErfPattern(patterns);
    mlir::populatePolynomialApproximateTanhPattern(patterns);
    // exp (softmax, sigmoid, SiLU): range reduction to 2^k * e^r and a
    // polynomial in r (Cephes' expf). NaN stays NaN; the argument is
    // clamped to [-87.8, 88.8], so exp(-inf) is ~6e-39 rather than 0 and
    // exp(+inf) ~3.6e38 rather than inf: nothing a softmax or sigmoid
    // output can tell apart, but not libm's expf at the extremes.
    mlir::populateMathPolynomialApproximationPatterns(
        patterns, [](llvm::StringRef name) { return name == "exp" || name == "math.exp"; });
    if (mlir::failed(mlir::applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace pt2c
