//===- SlicesBeforeTransposes.cpp - pt2c-slices-before-transposes ---------===//
//
// Passes.td says what and why: a slice of a transpose becomes a transpose of
// the matching slice of its input, so the transpose fuses into what reads
// the slice instead of being materialized whole for it.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace pt2c {

#define GEN_PASS_DEF_SLICESBEFORETRANSPOSES
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;

/// extract_slice(transpose(x)) -> transpose(extract_slice(x)): result dim i
/// of the transpose is input dim perm[i], so the input's slice takes, along
/// perm[i], the offset, size and stride the slice took along i.
struct SliceOfTranspose : OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp slice,
                                PatternRewriter &rewriter) const override {
    auto transpose = slice.getSource().getDefiningOp<linalg::TransposeOp>();
    if (!transpose || !transpose.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(slice, "not a slice of a transpose on tensors");
    // A rank-reducing slice would need the dropped dims taken out of the
    // permutation; none of the slices this is for drops one.
    if (slice.getType().getRank() != slice.getSourceType().getRank())
      return rewriter.notifyMatchFailure(slice, "rank-reducing slice");
    ArrayRef<int64_t> perm = transpose.getPermutation();
    int64_t rank = static_cast<int64_t>(perm.size());
    SmallVector<OpFoldResult> offsets(rank), sizes(rank), strides(rank);
    for (int64_t i = 0; i < rank; ++i) {
      offsets[perm[i]] = slice.getMixedOffsets()[i];
      sizes[perm[i]] = slice.getMixedSizes()[i];
      strides[perm[i]] = slice.getMixedStrides()[i];
    }
    Location loc = slice.getLoc();
    Value inputSlice = tensor::ExtractSliceOp::create(rewriter, loc, transpose.getInput(),
                                                      offsets, sizes, strides);
    Value init = tensor::EmptyOp::create(rewriter, loc, slice.getMixedSizes(),
                                         slice.getType().getElementType());
    auto sliced = linalg::TransposeOp::create(rewriter, loc, inputSlice, init, perm);
    rewriter.replaceOp(slice, sliced->getResults());
    return success();
  }
};

struct SlicesBeforeTransposesPass
    : impl::SlicesBeforeTransposesBase<SlicesBeforeTransposesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SliceOfTranspose>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

} // namespace pt2c
