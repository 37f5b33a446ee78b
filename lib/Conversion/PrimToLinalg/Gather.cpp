//===- Gather.cpp - prim take, take_along, cumsum, cumprod -> linalg -----===//
//
// Gathers are linalg.generic ops over the result whose body reads the
// operand with tensor.extract at the computed coordinates; bufferization
// makes that a plain load. The gathered index is clamped into its dim and
// checked at run time first (IndexChecks.cpp).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "pt2c/Conversion/ScanMarker.h"
#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace pt2c::lowering {
namespace {

/// The `?` sizes of `type` where result dim r comes from `source(r)`.
SmallVector<Value> sizesFrom(OpBuilder &b, Location loc, RankedTensorType type,
                             llvm::function_ref<std::pair<Value, int64_t>(int64_t)> source) {
  SmallVector<Value> sizes;
  for (int64_t r = 0; r < type.getRank(); ++r)
    if (type.isDynamicDim(r)) {
      auto [tensor, dim] = source(r);
      sizes.push_back(tensor::DimOp::create(b, loc, tensor, dim));
    }
  return sizes;
}

// result[a..., j..., b...] = operand[a..., indices[j...], b...]
struct TakeLowering : OpRewritePattern<prim::TakeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::TakeOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto indicesType = cast<RankedTensorType>(op.getIndices().getType());
    int64_t dim = op.getDimension(), indexRank = indicesType.getRank();
    int64_t rank = type.getRank();
    Location loc = op.getLoc();
    Value operand = op.getOperand(), indices = op.getIndices();
    Value init = empty(rewriter, loc, type, sizesFrom(rewriter, loc, type, [&](int64_t r) {
      if (r < dim)
        return std::make_pair(operand, r);
      if (r < dim + indexRank)
        return std::make_pair(indices, r - dim);
      return std::make_pair(operand, r - indexRank + 1);
    }));
    SmallVector<AffineExpr> indexExprs;
    for (int64_t j = 0; j < indexRank; ++j)
      indexExprs.push_back(rewriter.getAffineDimExpr(dim + j));
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, indexExprs, rewriter.getContext()),
        rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    Value size = tensor::DimOp::create(rewriter, loc, operand, dim);
    FlatSymbolRefAttr site =
        checkIndexRange(rewriter, op, indices, size);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, indices, init, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange a) {
          SmallVector<Value> coords;
          for (int64_t r = 0; r < dim; ++r)
            coords.push_back(linalg::IndexOp::create(b, l, r));
          coords.push_back(clampedIndex(b, l, a[0], size, site));
          for (int64_t r = dim + indexRank; r < rank; ++r)
            coords.push_back(linalg::IndexOp::create(b, l, r));
          linalg::YieldOp::create(b, l, tensor::ExtractOp::create(b, l, operand, coords).getResult());
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

// result[i...] = operand[i... with i_dim = indices[i...]] (torch.gather)
struct TakeAlongLowering : OpRewritePattern<prim::TakeAlongOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::TakeAlongOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    int64_t dim = op.getDimension(), rank = type.getRank();
    Location loc = op.getLoc();
    Value operand = op.getOperand();
    Value init = empty(rewriter, loc, type, dynamicSizesOf(rewriter, loc, op.getIndices()));
    SmallVector<AffineMap> maps(2, rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    Value size = tensor::DimOp::create(rewriter, loc, operand, dim);
    FlatSymbolRefAttr site =
        checkIndexRange(rewriter, op, op.getIndices(), size);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, op.getIndices(), init, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange a) {
          SmallVector<Value> coords;
          for (int64_t r = 0; r < rank; ++r)
            coords.push_back(r == dim ? clampedIndex(b, l, a[0], size, site)
                                      : linalg::IndexOp::create(b, l, r).getResult());
          linalg::YieldOp::create(b, l, tensor::ExtractOp::create(b, l, operand, coords).getResult());
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

// A prefix scan along `dim` (cumsum, cumprod): result[i] = combine over
// k <= i_dim of operand[i with i_dim = k], a reduction over an extra loop k
// in which positions k > i_dim contribute the identity. O(n^2) per row, but
// every output is independent (parallel on CPU and GPU), and the terms are
// combined in index order like torch's sequential CPU kernels. Static rows
// longer than kLongScan become scans of blocks first (BlockedScan.cpp;
// integer ones only when the library has GPU code). The generic is
// marked (ScanMarker.h): the CPU pipeline makes it a loop
// along the row instead (pt2c-scan-loops, O(n)).
template <typename ScanOp, bool isProduct>
struct ScanLowering : OpRewritePattern<ScanOp> {
  ScanLowering(MLIRContext *context, bool blockIntegerScans)
      : OpRewritePattern<ScanOp>(context), blockIntegerScans(blockIntegerScans) {}
  bool blockIntegerScans;
  LogicalResult matchAndRewrite(ScanOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    int64_t dim = op.getDimension(), rank = type.getRank();
    if (scannedByBlocks(type, dim, blockIntegerScans))
      return rewriter.notifyMatchFailure(op, "a long row is scanned by blocks (BlockedScan.cpp)");
    Type element = type.getElementType();
    bool isFloat = isa<FloatType>(element);
    Location loc = op.getLoc();
    // f16/bf16 running sums and products in f32, each rounded once.
    Type acc = accumulatorType(element);
    Value identity = arith::ConstantOp::create(
        rewriter, loc, isProduct ? rewriter.getOneAttr(acc) : rewriter.getZeroAttr(acc));
    Value init = filled(rewriter, loc, type.clone(acc),
                        dynamicSizesOf(rewriter, loc, op.getOperand()), identity);
    SmallVector<AffineExpr> inputExprs;
    for (int64_t r = 0; r < rank; ++r)
      inputExprs.push_back(rewriter.getAffineDimExpr(r == dim ? rank : r));
    SmallVector<AffineExpr> outputExprs;
    for (int64_t r = 0; r < rank; ++r)
      outputExprs.push_back(rewriter.getAffineDimExpr(r));
    SmallVector<AffineMap> maps = {AffineMap::get(rank + 1, 0, inputExprs, rewriter.getContext()),
                                   AffineMap::get(rank + 1, 0, outputExprs, rewriter.getContext())};
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type.clone(acc), op.getOperand(), init, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange a) {
          Value i = linalg::IndexOp::create(b, l, dim);
          Value k = linalg::IndexOp::create(b, l, rank);
          Value inside = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ule, k, i);
          Value term = arith::SelectOp::create(b, l, inside, extendTo(b, l, a[0], acc), identity);
          Value next;
          if (isProduct)
            next = isFloat ? arith::MulFOp::create(b, l, a[1], term).getResult()
                           : arith::MulIOp::create(b, l, a[1], term).getResult();
          else
            next = isFloat ? arith::AddFOp::create(b, l, a[1], term).getResult()
                           : arith::AddIOp::create(b, l, a[1], term).getResult();
          linalg::YieldOp::create(b, l, next);
        });
    generic->setAttr(kScanDimAttr, rewriter.getI64IntegerAttr(dim));
    rewriter.replaceOp(op, roundTo(rewriter, loc, generic.getResult(0), type));
    return success();
  }
};

} // namespace

void populateGatherLowerings(RewritePatternSet &patterns, bool blockIntegerScans) {
  patterns.add<TakeLowering, TakeAlongLowering>(patterns.getContext());
  patterns.add<ScanLowering<prim::CumsumOp, false>, ScanLowering<prim::CumprodOp, true>>(
      patterns.getContext(), blockIntegerScans);
  populateBlockedScans(patterns, blockIntegerScans);
}

} // namespace pt2c::lowering
