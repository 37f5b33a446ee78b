//===- Scatter.cpp - prim.scatter -> linalg -------------------------------===//
//
// prim.scatter as a gather over the result: position q folds, in index
// order, every update j of its row that lands on it,
//   result[q] = fold_j (indices[q, j] == q[dim] ? combine(acc, updates[q, j]) : acc)
// where [q, j] is q with q[dim] = j, starting from operand[q]. One
// linalg.generic, parallel over the result and a reduction over j: the
// form every pipeline can run (for `assign` the last update in index order
// wins, as torch's CPU loop writes), at O(size(dim) * size(indices, dim))
// per row. The generic carries `pt2c.scatter_dim`: the CPU pipeline
// rewrites it into a loop over the updates, O(indices) (pt2c-scatter-loops,
// which reuses its body), the GPU pipeline into a thread per update
// combining it atomically (pt2c-scatter-atomics; the kinds without a
// native atomic keep the generic, a thread per position).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "pt2c/Conversion/IndexChecks.h"
#include "pt2c/Conversion/ScatterMarker.h"
#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace pt2c::lowering {
namespace {

/// `current` combined with `update` per `kind` (both of the accumulator type).
Value combine(OpBuilder &b, Location loc, prim::ScatterKind kind, Value current, Value update) {
  bool isFloat = isa<FloatType>(update.getType());
  bool isUnsigned = isUnsignedLike(update.getType());
  switch (kind) {
  case prim::ScatterKind::assign:
    return update;
  case prim::ScatterKind::add:
    return isFloat ? arith::AddFOp::create(b, loc, current, update).getResult()
                   : arith::AddIOp::create(b, loc, current, update).getResult();
  case prim::ScatterKind::mul:
    return isFloat ? arith::MulFOp::create(b, loc, current, update).getResult()
                   : arith::MulIOp::create(b, loc, current, update).getResult();
  case prim::ScatterKind::max:
    if (isFloat) // NaN wins, as torch's scatter_reduce amax
      return arith::MaximumFOp::create(b, loc, current, update);
    return isUnsigned ? arith::MaxUIOp::create(b, loc, current, update).getResult()
                      : arith::MaxSIOp::create(b, loc, current, update).getResult();
  case prim::ScatterKind::min:
    if (isFloat)
      return arith::MinimumFOp::create(b, loc, current, update);
    return isUnsigned ? arith::MinUIOp::create(b, loc, current, update).getResult()
                      : arith::MinSIOp::create(b, loc, current, update).getResult();
  }
  return Value();
}

/// A fresh copy of `operand` in `acc` elements: the scatter's starting
/// accumulator. A linalg.copy, not an identity generic, when the type is
/// kept: that one folds away, and the scatter would then update `operand`
/// in place, a caller's input buffer when it is an argument.
Value startingCopy(OpBuilder &b, Location loc, Value operand, Type acc) {
  auto type = cast<RankedTensorType>(operand.getType());
  int64_t rank = type.getRank();
  Value init = empty(b, loc, type.clone(acc), dynamicSizesOf(b, loc, operand));
  if (acc == type.getElementType())
    return linalg::CopyOp::create(b, loc, operand, init).getResult(0);
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
  return linalg::GenericOp::create(b, loc, type.clone(acc), operand, init, maps, iterators,
                                   [&](OpBuilder &nb, Location l, ValueRange a) {
                                     linalg::YieldOp::create(nb, l, extendTo(nb, l, a[0], acc));
                                   })
      .getResult(0);
}

struct ScatterLowering : OpRewritePattern<prim::ScatterOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ScatterOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto indexType = cast<RankedTensorType>(op.getIndices().getType());
    int64_t dim = op.getDimension(), rank = type.getRank();
    prim::ScatterKind kind = op.getKind();
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    // f16/bf16 in f32, for every kind: add and mul round once, and for
    // assign, max and min (exact either way) it keeps bf16 out of the loop's
    // carried value, which x86 would round with a compiler-rt call.
    Type acc = accumulatorType(type.getElementType());
    Value indices = op.getIndices(), updates = op.getUpdates();
    // An index outside the dim would match no position and its update be
    // lost without a word: the run fails instead (IndexChecks.cpp).
    FlatSymbolRefAttr site =
        checkIndexRange(rewriter, op, indices,
                        tensor::DimOp::create(rewriter, loc, op.getOperand(), dim));

    // Loops: q_0 .. q_{rank-1} over the result, then j over the indices' dim.
    // Where the indices cover the operand in every other dim (the usual
    // case) they are read through indexing maps; where they are smaller
    // (or of unknown size) each row q outside them is guarded and reads a
    // clamped position.
    SmallVector<int64_t> guarded;
    for (int64_t k = 0; k < rank; ++k)
      if (k != dim && (indexType.isDynamicDim(k) || type.isDynamicDim(k) ||
                       indexType.getDimSize(k) != type.getDimSize(k)))
        guarded.push_back(k);
    SmallVector<Value> guardSizes = llvm::map_to_vector(guarded, [&](int64_t k) -> Value {
      return tensor::DimOp::create(rewriter, loc, indices, k);
    });
    SmallVector<AffineExpr> rowExprs, atJ;
    for (int64_t k = 0; k < rank; ++k) {
      rowExprs.push_back(rewriter.getAffineDimExpr(k));
      bool constant = !guarded.empty() && k != dim;
      atJ.push_back(k == dim  ? rewriter.getAffineDimExpr(rank)
                    : constant ? rewriter.getAffineConstantExpr(0)
                               : rewriter.getAffineDimExpr(k));
    }
    // Guarded: the indices only give j's range (through the map of zeros).
    SmallVector<Value> inputs = {indices};
    SmallVector<AffineMap> maps = {AffineMap::get(rank + 1, 0, atJ, context)};
    if (guarded.empty()) {
      inputs.push_back(updates);
      maps.push_back(maps.front());
    }
    maps.push_back(AffineMap::get(rank + 1, 0, rowExprs, context));
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);
    Value init = startingCopy(rewriter, loc, op.getOperand(), acc);

    auto generic = linalg::GenericOp::create(
        rewriter, loc, init.getType(), inputs, init, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange a) {
          Value current = a.back();
          Value position = linalg::IndexOp::create(b, l, dim);
          Value index, update, inside;
          if (guarded.empty()) {
            index = a[0];
            update = a[1];
          } else {
            Value zero = arith::ConstantIndexOp::create(b, l, 0);
            SmallVector<Value> coords;
            for (int64_t k = 0; k < rank; ++k)
              coords.push_back(linalg::IndexOp::create(b, l, k == dim ? rank : k));
            for (auto [k, size] : llvm::zip(guarded, guardSizes)) {
              Value in = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, coords[k], size);
              inside = inside ? arith::AndIOp::create(b, l, inside, in).getResult() : in;
              coords[k] = arith::SelectOp::create(b, l, in, coords[k], zero);
            }
            index = tensor::ExtractOp::create(b, l, indices, coords);
            update = tensor::ExtractOp::create(b, l, updates, coords);
          }
          Value target = arith::IndexCastOp::create(b, l, b.getIndexType(), index);
          Value hit = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, target, position);
          if (inside)
            hit = arith::AndIOp::create(b, l, hit, inside);
          Value next = combine(b, l, kind, current, extendTo(b, l, update, acc));
          linalg::YieldOp::create(b, l, arith::SelectOp::create(b, l, hit, next, current).getResult());
        });
    // The CPU pipeline turns it into a loop over the updates, O(indices)
    // (pt2c-scatter-loops); the GPU into a thread per update
    // (pt2c-scatter-atomics).
    generic->setAttr(kScatterDimAttr, rewriter.getI64IntegerAttr(dim));
    // pt2c-scatter-atomics' kernel reads every index: its range compare can
    // do the check (pt2c-fold-index-checks) instead of a scan of its own.
    if (site)
      generic->setAttr(kIndexSiteAttr, site);
    rewriter.replaceOp(op, roundTo(rewriter, loc, generic.getResult(0), type));
    return success();
  }
};

} // namespace

void populateScatterLowerings(RewritePatternSet &patterns) {
  patterns.add<ScatterLowering>(patterns.getContext());
}

} // namespace pt2c::lowering
