//===- ConcatenationsToGenerics.cpp - pt2c-concatenations-to-generics -----===//
//
// Passes.td says what and why: a concatenation written as insert_slices into
// an empty tensor becomes one generic that reads each piece at
// (d - offset) mod size and selects by index, so elementwise fusion can put
// the pieces' producers and the concatenation's consumers in one kernel.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace pt2c {

#define GEN_PASS_DEF_CONCATENATIONSTOGENERICS
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;

/// More pieces than this stay inserts: the generic reads every piece at
/// every point.
constexpr size_t kMaxPieces = 4;

struct Piece {
  Value value;
  int64_t offset; // along the concatenated dim
  int64_t size;
};

/// The dim along which `insert` places its source, when it covers the
/// whole static destination along every other dim with unit strides and
/// the same rank; otherwise -1.
int64_t concatenatedDim(tensor::InsertSliceOp insert) {
  RankedTensorType dest = insert.getDestType();
  auto source = dyn_cast<RankedTensorType>(insert.getSource().getType());
  if (!dest.hasStaticShape() || !source || source.getRank() != dest.getRank() ||
      !insert.hasUnitStride())
    return -1;
  int64_t dim = -1;
  for (int64_t d = 0; d < dest.getRank(); ++d) {
    std::optional<int64_t> offset = getConstantIntValue(insert.getMixedOffsets()[d]);
    std::optional<int64_t> size = getConstantIntValue(insert.getMixedSizes()[d]);
    if (!offset || !size)
      return -1;
    if (*offset == 0 && *size == dest.getDimSize(d))
      continue;
    if (dim != -1)
      return -1; // placed along two dims: not a concatenation
    dim = d;
  }
  return dim;
}

/// The last insert of a chain into a tensor.empty that tiles the
/// destination exactly along one dim becomes one generic.
struct ConcatenationToGeneric : OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::InsertSliceOp last,
                                PatternRewriter &rewriter) const override {
    // Rewritten from the end of the chain only.
    for (Operation *user : last->getUsers())
      if (auto next = dyn_cast<tensor::InsertSliceOp>(user); next && next.getDest() == last)
        return rewriter.notifyMatchFailure(last, "not the last insert of its chain");
    int64_t dim = concatenatedDim(last);
    if (dim < 0)
      return rewriter.notifyMatchFailure(last, "not a piece of a static concatenation");
    SmallVector<Piece> pieces;
    tensor::InsertSliceOp insert = last;
    tensor::EmptyOp empty;
    while (true) {
      if (concatenatedDim(insert) != dim)
        return rewriter.notifyMatchFailure(insert, "pieces along different dims");
      pieces.push_back({insert.getSource(), insert.getStaticOffsets()[dim],
                        insert.getStaticSizes()[dim]});
      if (pieces.size() > kMaxPieces)
        return rewriter.notifyMatchFailure(last, "too many pieces");
      Value dest = insert.getDest();
      if ((empty = dest.getDefiningOp<tensor::EmptyOp>()))
        break;
      insert = dest.getDefiningOp<tensor::InsertSliceOp>();
      // An intermediate result read elsewhere is a value of its own.
      if (!insert || !dest.hasOneUse())
        return rewriter.notifyMatchFailure(last, "not a chain of inserts into an empty tensor");
    }
    if (pieces.size() < 2)
      return rewriter.notifyMatchFailure(last, "one piece: a copy, not a concatenation");
    // The pieces must tile [0, size) exactly; a later insert overwriting an
    // earlier one would make the select below pick the wrong piece.
    llvm::sort(pieces, [](const Piece &a, const Piece &b) { return a.offset < b.offset; });
    int64_t next = 0;
    for (const Piece &piece : pieces) {
      if (piece.offset != next || piece.size <= 0)
        return rewriter.notifyMatchFailure(last, "the pieces do not tile the destination");
      next += piece.size;
    }
    RankedTensorType type = last.getDestType();
    if (next != type.getDimSize(dim))
      return rewriter.notifyMatchFailure(last, "the pieces do not tile the destination");

    MLIRContext *context = rewriter.getContext();
    int64_t rank = type.getRank();
    SmallVector<AffineMap> maps;
    SmallVector<Value> inputs;
    for (const Piece &piece : pieces) {
      SmallVector<AffineExpr> exprs;
      for (int64_t d = 0; d < rank; ++d)
        exprs.push_back(getAffineDimExpr(d, context));
      // In bounds at every point; the piece's own element inside its range.
      exprs[dim] = (exprs[dim] - piece.offset) % piece.size;
      maps.push_back(AffineMap::get(rank, 0, exprs, context));
      inputs.push_back(piece.value);
    }
    maps.push_back(rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    Location loc = last.getLoc();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, inputs, empty.getResult(), maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value index = linalg::IndexOp::create(b, l, dim);
          Value chosen = args[pieces.size() - 1];
          for (size_t k = pieces.size() - 1; k-- > 0;) {
            Value start = arith::ConstantIndexOp::create(b, l, pieces[k + 1].offset);
            Value before = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, index, start);
            chosen = arith::SelectOp::create(b, l, before, args[k], chosen);
          }
          linalg::YieldOp::create(b, l, chosen);
        });
    rewriter.replaceOp(last, generic.getResult(0));
    return success();
  }
};

struct ConcatenationsToGenericsPass
    : impl::ConcatenationsToGenericsBase<ConcatenationsToGenericsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ConcatenationToGeneric>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

} // namespace pt2c
