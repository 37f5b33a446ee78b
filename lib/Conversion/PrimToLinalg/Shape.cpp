//===- Shape.cpp - prim constants and shape ops -> linalg/tensor ----------===//

#include "Lowering.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace pt2c::lowering {
namespace {

struct ConstantLowering : OpRewritePattern<prim::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ConstantOp op, PatternRewriter &rewriter) const override {
    auto value = dyn_cast<TypedAttr>(op.getValue());
    if (!value)
      return rewriter.notifyMatchFailure(op, "constant is not a typed attribute");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, value);
    return success();
  }
};

struct SplatLowering : OpRewritePattern<prim::SplatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::SplatOp op, PatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, filled(rewriter, op.getLoc(), op.getType(), op.getDynamicSizes(),
                                  op.getScalar()));
    return success();
  }
};

// A linalg.generic reading operand dim i at result dim dims[i]; an operand
// dim of static size 1 being expanded reads index 0.
struct BroadcastInDimLowering : OpRewritePattern<prim::BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    auto type = op.getType();
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    ArrayRef<int64_t> dims = op.getBroadcastDimensions();
    SmallVector<AffineExpr> exprs;
    for (auto [i, dim] : llvm::enumerate(dims)) {
      bool expanded = operandType.getDimSize(i) == 1 && type.getDimSize(dim) != 1;
      exprs.push_back(expanded ? rewriter.getAffineConstantExpr(0)
                               : rewriter.getAffineDimExpr(dim));
    }
    unsigned rank = type.getRank();
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, exprs, rewriter.getContext()),
        rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    Location loc = op.getLoc();
    Value init = empty(rewriter, loc, type, op.getDynamicSizes());
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, op.getOperand(), init, maps, iterators,
        [](OpBuilder &b, Location l, ValueRange a) { linalg::YieldOp::create(b, l, a[0]); });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

// tensor.reshape with the target shape as an index tensor; bufferization
// makes it a view of contiguous data.
struct ReshapeLowering : OpRewritePattern<prim::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ReshapeOp op, PatternRewriter &rewriter) const override {
    auto type = op.getType();
    Location loc = op.getLoc();
    SmallVector<Value> sizes;
    auto dynamic = op.getDynamicSizes().begin();
    for (int64_t size : type.getShape())
      sizes.push_back(ShapedType::isDynamic(size)
                          ? *dynamic++
                          : arith::ConstantIndexOp::create(rewriter, loc, size).getResult());
    auto shapeType = RankedTensorType::get({type.getRank()}, rewriter.getIndexType());
    Value shape = tensor::FromElementsOp::create(rewriter, loc, shapeType, sizes);
    rewriter.replaceOpWithNewOp<tensor::ReshapeOp>(op, type, op.getOperand(), shape);
    return success();
  }
};

struct TransposeLowering : OpRewritePattern<prim::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::TransposeOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Location loc = op.getLoc();
    SmallVector<Value> sizes;
    for (auto [dim, from] : llvm::enumerate(op.getPermutation()))
      if (type.isDynamicDim(dim))
        sizes.push_back(tensor::DimOp::create(rewriter, loc, op.getOperand(), from));
    Value init = empty(rewriter, loc, type, sizes);
    auto transpose = linalg::TransposeOp::create(rewriter, loc, op.getOperand(), init,
                                                 op.getPermutation());
    rewriter.replaceOp(op, transpose.getResult());
    return success();
  }
};

// result[i...] = i_dimension: a generic reading linalg.index, then a cast.
struct IotaLowering : OpRewritePattern<prim::IotaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::IotaOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Type element = type.getElementType();
    unsigned rank = type.getRank();
    int64_t dimension = op.getDimension();
    Location loc = op.getLoc();
    Value init = empty(rewriter, loc, type, op.getDynamicSizes());
    SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, ValueRange{}, init, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange) {
          Value index = linalg::IndexOp::create(b, l, dimension);
          Value value;
          if (isa<FloatType>(element)) {
            Value asInt = arith::IndexCastOp::create(b, l, b.getI64Type(), index);
            value = arith::SIToFPOp::create(b, l, element, asInt);
          } else {
            value = arith::IndexCastOp::create(b, l, element, index);
          }
          linalg::YieldOp::create(b, l, value);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

// Each input written at its offset along `dimension` of one new tensor.
struct ConcatenateLowering : OpRewritePattern<prim::ConcatenateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ConcatenateOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    int64_t dimension = op.getDimension();
    Location loc = op.getLoc();
    if (type.isDynamicDim(dimension))
      return rewriter.notifyMatchFailure(op, "concatenation along a dynamic dim");
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        sizes.push_back(tensor::DimOp::create(rewriter, loc, op.getInputs().front(), d));
    Value result = empty(rewriter, loc, type, sizes);
    int64_t offset = 0;
    for (Value input : op.getInputs()) {
      auto inputType = cast<RankedTensorType>(input.getType());
      SmallVector<OpFoldResult> offsets(type.getRank(), rewriter.getIndexAttr(0));
      offsets[dimension] = rewriter.getIndexAttr(offset);
      SmallVector<OpFoldResult> inputSizes = tensor::getMixedSizes(rewriter, loc, input);
      SmallVector<OpFoldResult> strides(type.getRank(), rewriter.getIndexAttr(1));
      result = tensor::InsertSliceOp::create(rewriter, loc, input, result, offsets, inputSizes,
                                             strides);
      offset += inputType.getDimSize(dimension);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

// Reversed dims read index size - 1 - i (static sizes).
struct ReverseLowering : OpRewritePattern<prim::ReverseOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::ReverseOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    ArrayRef<int64_t> dims = op.getDimensions();
    unsigned rank = type.getRank();
    SmallVector<AffineExpr> exprs;
    for (unsigned d = 0; d < rank; ++d) {
      AffineExpr index = rewriter.getAffineDimExpr(d);
      if (!llvm::is_contained(dims, static_cast<int64_t>(d))) {
        exprs.push_back(index);
        continue;
      }
      if (type.isDynamicDim(d))
        return rewriter.notifyMatchFailure(op, "reversing a dynamic dim");
      exprs.push_back(rewriter.getAffineConstantExpr(type.getDimSize(d) - 1) - index);
    }
    SmallVector<AffineMap> maps = {AffineMap::get(rank, 0, exprs, rewriter.getContext()),
                                   rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    Location loc = op.getLoc();
    Value init = empty(rewriter, loc, type, dynamicSizesOf(rewriter, loc, op.getOperand()));
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, op.getOperand(), init, maps, iterators,
        [](OpBuilder &b, Location l, ValueRange a) { linalg::YieldOp::create(b, l, a[0]); });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

// Constant padding: tensor.pad with the padding value yielded; with
// interior padding, a strided insert into a filled tensor.
struct PadLowering : OpRewritePattern<prim::PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::PadOp op, PatternRewriter &rewriter) const override {
    auto value = dyn_cast<TypedAttr>(op.getPaddingValue());
    if (!value)
      return rewriter.notifyMatchFailure(op, "a typed padding value");
    Location loc = op.getLoc();
    Value pad = arith::ConstantOp::create(rewriter, loc, value);
    auto interior = op.getInterior();
    if (!interior || llvm::all_of(*interior, [](int64_t i) { return i == 0; })) {
      SmallVector<int64_t> padding;
      for (auto [low, high] : llvm::zip(op.getLow(), op.getHigh()))
        padding.append({low, high});
      rewriter.replaceOp(op, padded(rewriter, loc, op.getOperand(), padding, pad));
      return success();
    }
    // Interior padding: the operand inserted with strides into a filled
    // tensor of the result's shape.
    auto type = cast<RankedTensorType>(op.getType());
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    if (!type.hasStaticShape() || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "interior padding of a dynamic shape");
    Value canvas = filled(rewriter, loc, type, {}, pad);
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (auto [low, size, gap] : llvm::zip(op.getLow(), operandType.getShape(), *interior)) {
      offsets.push_back(rewriter.getIndexAttr(low));
      sizes.push_back(rewriter.getIndexAttr(size));
      strides.push_back(rewriter.getIndexAttr(gap + 1));
    }
    rewriter.replaceOp(op, tensor::InsertSliceOp::create(rewriter, loc, op.getOperand(), canvas,
                                                         offsets, sizes, strides).getResult());
    return success();
  }
};

// A strided window: tensor.extract_slice (a `?` dim is taken whole).
struct SliceLowering : OpRewritePattern<prim::SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::SliceOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      offsets.push_back(rewriter.getIndexAttr(op.getStartIndices()[d]));
      strides.push_back(rewriter.getIndexAttr(op.getStrides()[d]));
      if (type.isDynamicDim(d))
        sizes.push_back(tensor::DimOp::create(rewriter, loc, op.getOperand(), d).getResult());
      else
        sizes.push_back(rewriter.getIndexAttr(type.getDimSize(d)));
    }
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(op, type, op.getOperand(), offsets,
                                                        sizes, strides);
    return success();
  }
};

} // namespace

void populateShapeLowerings(RewritePatternSet &patterns) {
  patterns.add<PadLowering, ConstantLowering, SplatLowering, BroadcastInDimLowering, ReshapeLowering,
               SliceLowering, TransposeLowering, IotaLowering, ConcatenateLowering, ReverseLowering>(patterns.getContext());
}

} // namespace pt2c::lowering
