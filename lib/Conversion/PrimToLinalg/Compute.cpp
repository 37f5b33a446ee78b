//===- Compute.cpp - prim matmul and reductions -> linalg ------------------===//

#include "Lowering.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <limits>

using namespace mlir;

namespace pt2c::lowering {
namespace {

Value zeroOf(OpBuilder &b, Location loc, Type type) {
  return arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
}

/// Rows up to which a matmul by a transposed operand (linear's W^T) reads
/// that operand in place as dot products instead of transposing it first:
/// the transpose copies all of W on every run, which only pays off when
/// many rows share it.
constexpr int64_t kDotProductMaxRows = 8;

/// The [.., N, K] operand `rhs` is a transpose of, if it swaps the last two
/// dims only.
Value transposedSource(Value rhs) {
  auto transpose = rhs.getDefiningOp<prim::TransposeOp>();
  if (!transpose)
    return Value();
  ArrayRef<int64_t> permutation = transpose.getPermutation();
  int64_t rank = permutation.size();
  for (int64_t d = 0; d < rank - 2; ++d)
    if (permutation[d] != d)
      return Value();
  if (rank < 2 || permutation[rank - 2] != rank - 1 || permutation[rank - 1] != rank - 2)
    return Value();
  return transpose.getOperand();
}

// [B..., M, K] x [B..., K, N] -> a linalg.generic accumulating into a
// zero-filled result, in one of two loop orders:
//  - (B..., M, K, N), N innermost: the innermost loop updates contiguous,
//    independent outputs, which LLVM vectorizes without reassociating the
//    float sum (a named linalg.matmul puts the K reduction innermost, which
//    strict FP keeps scalar). Each output's sum over K runs in order.
//  - (B..., M, N, K) when rhs is a transpose and M is small: dot products
//    of lhs rows with the rows of the transpose's source, read in place;
//    the sum is marked reassociable so LLVM vectorizes it (the issue's
//    tolerance allows reordering a float sum).
struct MatmulLowering : OpRewritePattern<prim::MatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::MatmulOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    int64_t rank = type.getRank();
    Location loc = op.getLoc();
    bool isFloat = isa<FloatType>(type.getElementType());
    Value rhsSource = transposedSource(op.getRhs());
    int64_t rows = type.getDimSize(rank - 2);
    bool dotProducts = isFloat && rhsSource && !ShapedType::isDynamic(rows) &&
                       rows <= kDotProductMaxRows;
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < rank; ++d) {
      if (!type.isDynamicDim(d))
        continue;
      // Batch and M come from lhs, N from rhs.
      bool fromRhs = d == rank - 1;
      sizes.push_back(tensor::DimOp::create(rewriter, loc,
                                            fromRhs ? op.getRhs() : op.getLhs(), d));
    }
    // f16/bf16 products are summed in f32 and rounded once at the end.
    Type acc = accumulatorType(type.getElementType());
    RankedTensorType accType = type.clone(acc);
    Value init = filled(rewriter, loc, accType, sizes, zeroOf(rewriter, loc, acc));
    // Loop dims: batch 0..rank-3, then m, and k and n in either order.
    unsigned loops = rank + 1;
    int64_t m = rank - 2, k = dotProducts ? rank : rank - 1, n = dotProducts ? rank - 1 : rank;
    auto d = [&](int64_t i) { return rewriter.getAffineDimExpr(i); };
    SmallVector<AffineExpr> batch;
    for (int64_t i = 0; i < rank - 2; ++i)
      batch.push_back(d(i));
    auto map = [&](AffineExpr a, AffineExpr b) {
      SmallVector<AffineExpr> exprs(batch);
      exprs.append({a, b});
      return AffineMap::get(loops, 0, exprs, rewriter.getContext());
    };
    AffineMap rhsMap = dotProducts ? map(d(n), d(k)) : map(d(k), d(n));
    SmallVector<AffineMap> maps = {map(d(m), d(k)), rhsMap, map(d(m), d(n))};
    SmallVector<utils::IteratorType> iterators(loops, utils::IteratorType::parallel);
    iterators[k] = utils::IteratorType::reduction;
    Value rhs = dotProducts ? rhsSource : op.getRhs();
    // contract: a multiply-add may become one FMA (one rounding instead of
    // two, as oneDNN's kernels do); reassoc only for the dot products.
    auto reassociable = arith::FastMathFlagsAttr::get(
        getContext(), dotProducts ? arith::FastMathFlags::reassoc | arith::FastMathFlags::contract
                                  : arith::FastMathFlags::contract);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, accType, ValueRange{op.getLhs(), rhs}, init, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange a) {
          Value lhsElement = extendTo(b, l, a[0], acc), rhsElement = extendTo(b, l, a[1], acc);
          Value product =
              isFloat ? arith::MulFOp::create(b, l, lhsElement, rhsElement, reassociable).getResult()
                      : arith::MulIOp::create(b, l, a[0], a[1]).getResult();
          Value sum = isFloat ? arith::AddFOp::create(b, l, a[2], product, reassociable).getResult()
                              : arith::AddIOp::create(b, l, a[2], product).getResult();
          linalg::YieldOp::create(b, l, sum);
        });
    rewriter.replaceOp(op, roundTo(rewriter, loc, generic.getResult(0), type));
    return success();
  }
};

TypedAttr identityOf(OpBuilder &b, prim::ReduceKind kind, Type type) {
  bool isFloat = isa<FloatType>(type);
  switch (kind) {
  case prim::ReduceKind::sum:
  case prim::ReduceKind::Or:
    return b.getZeroAttr(type);
  case prim::ReduceKind::prod:
    return isFloat ? TypedAttr(b.getFloatAttr(type, 1.0)) : b.getIntegerAttr(type, 1);
  case prim::ReduceKind::And:
    return b.getIntegerAttr(type, -1);
  case prim::ReduceKind::max:
    if (isFloat)
      return b.getFloatAttr(type, -std::numeric_limits<double>::infinity());
    return b.getIntegerAttr(type, lowering::isUnsignedLike(type)
                                      ? APInt::getMinValue(type.getIntOrFloatBitWidth())
                                      : APInt::getSignedMinValue(type.getIntOrFloatBitWidth()));
  case prim::ReduceKind::min:
    if (isFloat)
      return b.getFloatAttr(type, std::numeric_limits<double>::infinity());
    return b.getIntegerAttr(type, lowering::isUnsignedLike(type)
                                      ? APInt::getMaxValue(type.getIntOrFloatBitWidth())
                                      : APInt::getSignedMaxValue(type.getIntOrFloatBitWidth()));
  }
  return TypedAttr();
}

Value combine(OpBuilder &b, Location loc, prim::ReduceKind kind, Value x, Value acc) {
  bool isFloat = isa<FloatType>(x.getType());
  bool isUnsigned = lowering::isUnsignedLike(x.getType());
  switch (kind) {
  case prim::ReduceKind::sum:
    // reassoc: LLVM then vectorizes the sum (partial sums per lane); the
    // order of a float sum is not part of the contract (docs/design.md,
    // "Test data and tolerances"), and eager PyTorch reorders it too.
    return isFloat ? arith::AddFOp::create(b, loc, x, acc,
                                           arith::FastMathFlagsAttr::get(
                                               b.getContext(), arith::FastMathFlags::reassoc))
                         .getResult()
                   : arith::AddIOp::create(b, loc, x, acc).getResult();
  case prim::ReduceKind::prod:
    return isFloat ? arith::MulFOp::create(b, loc, x, acc).getResult()
                   : arith::MulIOp::create(b, loc, x, acc).getResult();
  case prim::ReduceKind::max:
    if (isFloat)
      return arith::MaximumFOp::create(b, loc, x, acc);
    return isUnsigned ? arith::MaxUIOp::create(b, loc, x, acc).getResult()
                      : arith::MaxSIOp::create(b, loc, x, acc).getResult();
  case prim::ReduceKind::min:
    if (isFloat)
      return arith::MinimumFOp::create(b, loc, x, acc);
    return isUnsigned ? arith::MinUIOp::create(b, loc, x, acc).getResult()
                      : arith::MinSIOp::create(b, loc, x, acc).getResult();
  case prim::ReduceKind::And:
    return arith::AndIOp::create(b, loc, x, acc);
  case prim::ReduceKind::Or:
    return arith::OrIOp::create(b, loc, x, acc);
  }
  return Value();
}

struct ReduceLowering : OpRewritePattern<prim::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ReduceOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    Type element = type.getElementType();
    Location loc = op.getLoc();
    ArrayRef<int64_t> dims = op.getDimensions();
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < operandType.getRank(); ++d)
      if (!llvm::is_contained(dims, d) && operandType.isDynamicDim(d))
        sizes.push_back(tensor::DimOp::create(rewriter, loc, op.getOperand(), d));
    prim::ReduceKind kind = op.getKind();
    // f16/bf16 sums and products accumulate in f32 (max/min are exact).
    bool widen = kind == prim::ReduceKind::sum || kind == prim::ReduceKind::prod;
    Type acc = widen ? accumulatorType(element) : element;
    Value identity = arith::ConstantOp::create(rewriter, loc, identityOf(rewriter, kind, acc));
    Value init = filled(rewriter, loc, type.clone(acc), sizes, identity);
    auto reduce = linalg::ReduceOp::create(
        rewriter, loc, ValueRange{op.getOperand()}, ValueRange{init}, dims,
        [&](OpBuilder &b, Location l, ValueRange a) {
          linalg::YieldOp::create(b, l, combine(b, l, kind, extendTo(b, l, a[0], acc), a[1]));
        });
    rewriter.replaceOp(op, roundTo(rewriter, loc, reduce.getResult(0), type));
    return success();
  }
};

} // namespace

void populateComputeLowerings(RewritePatternSet &patterns) {
  patterns.add<MatmulLowering, ReduceLowering>(patterns.getContext());
}

} // namespace pt2c::lowering
