//===- VectorizeCopies.cpp - The pt2c-vectorize-copies pass ---------------===//
//
// Copies on buffers whose rows are contiguous, written as a vector load and
// store per row instead of the scalar loops convert-linalg-to-loops leaves
// (Passes.td says when and why).
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/IR/PatternMatch.h"

namespace pt2c {

#define GEN_PASS_DEF_VECTORIZECOPIES
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// Whether the op's body only yields its input.
bool onlyCopies(linalg::LinalgOp op) {
  if (op->getNumRegions() != 1 || op->getRegion(0).empty())
    return false;
  Block &body = op->getRegion(0).front();
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  return &body.front() == yield.getOperation() && yield->getNumOperands() == 1 &&
         yield->getOperand(0) == body.getArgument(0);
}

/// Whether the innermost dim of `type` is contiguous (a static stride of 1).
bool unitLastStride(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  return type.getRank() > 0 && succeeded(type.getStridesAndOffset(strides, offset)) &&
         strides.back() == 1;
}

/// Whether `expr` is `d_last`, or `d_last + terms` where the terms do not
/// use d_last: the input's row, read from a start the other loops set.
bool isShiftedLastDim(AffineExpr expr, unsigned last) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dim.getPosition() == last;
  auto sum = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!sum || sum.getKind() != AffineExprKind::Add)
    return false;
  auto isLast = [&](AffineExpr e) {
    auto dim = dyn_cast<AffineDimExpr>(e);
    return dim && dim.getPosition() == last;
  };
  return (isLast(sum.getLHS()) && !sum.getRHS().isFunctionOfDim(last)) ||
         (isLast(sum.getRHS()) && !sum.getLHS().isFunctionOfDim(last));
}

/// How a copy is rewritten: a row at a time (its input's last index
/// follows the last loop), or in square blocks transposed in registers (its
/// input's rows run along another loop, `across`).
struct CopyPlan {
  linalg::LinalgOp op;
  int64_t row;               // the last loop's extent
  std::optional<unsigned> across; // transposing: the loop along the input's rows
};

/// Whether `op` copies between buffers whose rows are contiguous, the
/// output indexed by the identity; the common part of both plans.
bool isContiguousCopy(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() == 0 || op.getNumParallelLoops() != op.getNumLoops() || !onlyCopies(op))
    return false;
  auto inputType = dyn_cast<MemRefType>(op.getDpsInputs()[0].getType());
  auto outputType = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!inputType || !outputType || inputType.getElementType() != outputType.getElementType())
    return false;
  // Vectors of i1 or index do not lower to plain loads.
  Type element = inputType.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8)
    return false;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  return unitLastStride(inputType) && unitLastStride(outputType) && maps[1].isIdentity() &&
         maps[0].getNumResults() != 0 && maps[0].getNumSymbols() == 0;
}

/// The plan for `op`, or nullopt where it is no copy this pass rewrites.
/// `block` is the side of a transposed block (0: none are).
std::optional<CopyPlan> planCopy(linalg::LinalgOp op, int64_t block) {
  if (!isContiguousCopy(op))
    return std::nullopt;
  AffineMap read = op.getIndexingMapsArray()[0];
  unsigned last = op.getNumLoops() - 1;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t row = ranges[last];
  ArrayRef<AffineExpr> reads = read.getResults();
  if (isShiftedLastDim(reads.back(), last) &&
      llvm::none_of(reads.drop_back(), [&](AffineExpr e) { return e.isFunctionOfDim(last); })) {
    // A short row gains nothing over the scalar loop.
    if (ShapedType::isDynamic(row) || row < 4)
      return std::nullopt;
    return CopyPlan{op, row, std::nullopt};
  }
  // A transpose: every index a loop of its own, the input's rows along
  // loop `across`, the last loop indexing another input dim; both extents
  // static and at least 4 (narrower ones gain nothing: resnet50's 14x14
  // layer transposes chunks 4 channels wide, 3% of the layer faster as
  // blocks), 32-bit elements (the in-register transpose is 16 x 16 of
  // those; narrower blocks are shuffled element by element).
  if (block <= 0 || !read.isPermutation() ||
      cast<MemRefType>(op.getDpsInputs()[0].getType()).getElementTypeBitWidth() != 32)
    return std::nullopt;
  unsigned across = cast<AffineDimExpr>(reads.back()).getPosition();
  if (across == last || ShapedType::isDynamic(row) || ShapedType::isDynamic(ranges[across]) ||
      row < 4 || ranges[across] < 4)
    return std::nullopt;
  return CopyPlan{op, row, across};
}

/// Copies `length` elements of the row at loops `outer` and offset
/// `start` along the last loop.
void copyPiece(OpBuilder &b, Location loc, linalg::LinalgOp op, ValueRange outer, Value start,
               int64_t length) {
  Value input = op.getDpsInputs()[0], output = op.getDpsInits()[0];
  SmallVector<Value> loops(outer);
  loops.push_back(start);
  SmallVector<OpFoldResult> loopValues = getAsOpFoldResult(loops);
  AffineMap read = op.getIndexingMapsArray()[0];
  SmallVector<Value> readAt;
  for (unsigned i = 0; i < read.getNumResults(); ++i)
    readAt.push_back(getValueOrCreateConstantIndexOp(
        b, loc, affine::makeComposedFoldedAffineApply(b, loc, read.getSubMap({i}), loopValues)));
  auto type = VectorType::get({length}, cast<MemRefType>(input.getType()).getElementType());
  Value row = vector::LoadOp::create(b, loc, type, input, readAt);
  vector::StoreOp::create(b, loc, row, output, loops);
}

/// Calls `body(start, size)` for the blocks of `size` along an extent:
/// the whole ones in an scf.for, the static remainder after it.
void forBlocks(OpBuilder &b, Location loc, int64_t extent, int64_t size,
               function_ref<void(OpBuilder &, Value, int64_t)> body) {
  int64_t whole = extent / size * size;
  if (whole == size) {
    body(b, arith::ConstantIndexOp::create(b, loc, 0), size);
  } else if (whole > 0) {
    auto loop = scf::ForOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, 0),
                                   arith::ConstantIndexOp::create(b, loc, whole),
                                   arith::ConstantIndexOp::create(b, loc, size));
    OpBuilder inner = OpBuilder::atBlockBegin(loop.getBody());
    body(inner, loop.getInductionVar(), size);
  }
  if (extent > whole)
    body(b, arith::ConstantIndexOp::create(b, loc, whole), extent - whole);
}

/// Copies the block of a transposing copy at loops `loops` (the block's
/// first `across` and last-loop values set in it): `rows` input rows of
/// `columns` elements loaded, transposed in registers, stored as `columns`
/// output rows of `rows` elements.
void copyTransposedBlock(OpBuilder &b, Location loc, const CopyPlan &plan, SmallVector<Value> loops,
                         int64_t rows, int64_t columns,
                         SmallVectorImpl<vector::TransposeOp> &transposes) {
  linalg::LinalgOp op = plan.op;
  unsigned last = op.getNumLoops() - 1, across = *plan.across;
  Value input = op.getDpsInputs()[0], output = op.getDpsInits()[0];
  Type element = cast<MemRefType>(input.getType()).getElementType();
  AffineMap read = op.getIndexingMapsArray()[0];
  Value lastStart = loops[last], acrossStart = loops[across];
  auto blockType = VectorType::get({rows, columns}, element);
  Value block = ub::PoisonOp::create(b, loc, blockType);
  for (int64_t r = 0; r < rows; ++r) {
    loops[last] = arith::AddIOp::create(b, loc, lastStart, arith::ConstantIndexOp::create(b, loc, r));
    SmallVector<Value> readAt;
    for (AffineExpr e : read.getResults())
      readAt.push_back(loops[cast<AffineDimExpr>(e).getPosition()]);
    Value row = vector::LoadOp::create(b, loc, VectorType::get({columns}, element), input, readAt);
    block = vector::InsertOp::create(b, loc, row, block, ArrayRef<int64_t>{r});
  }
  loops[last] = lastStart;
  auto transposed = vector::TransposeOp::create(b, loc, block, ArrayRef<int64_t>{1, 0});
  transposes.push_back(transposed);
  for (int64_t c = 0; c < columns; ++c) {
    loops[across] =
        arith::AddIOp::create(b, loc, acrossStart, arith::ConstantIndexOp::create(b, loc, c));
    Value row = vector::ExtractOp::create(b, loc, transposed, ArrayRef<int64_t>{c});
    vector::StoreOp::create(b, loc, row, output, loops);
  }
}

struct VectorizeCopies : impl::VectorizeCopiesBase<VectorizeCopies> {
  using Base::Base;

  void runOnOperation() override {
    // A 16 x 16 block of 32-bit elements is what the AVX-512 shuffles
    // transpose well; narrower vectors keep their transposes as loops.
    int64_t block = vectorBits >= 512 ? 16 : 0;
    SmallVector<CopyPlan> plans;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (std::optional<CopyPlan> plan = planCopy(op, block)) {
        plans.push_back(*plan);
      }
    });
    SmallVector<vector::TransposeOp> transposes;
    for (const CopyPlan &plan : plans) {
      linalg::LinalgOp op = plan.op;
      IRRewriter rewriter(op);
      Location loc = op.getLoc();
      unsigned last = op.getNumLoops() - 1;
      // Loops over every dim the rows or blocks do not cover.
      SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
      SmallVector<unsigned> outerDims;
      SmallVector<Value> lower, upper, steps;
      for (unsigned d = 0; d < last; ++d) {
        if (plan.across && d == *plan.across)
          continue;
        outerDims.push_back(d);
        lower.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, ranges[d].offset));
        upper.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, ranges[d].size));
        steps.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, ranges[d].stride));
      }
      SmallVector<int64_t> extents = op.getStaticLoopRanges();
      scf::buildLoopNest(rewriter, loc, lower, upper, steps,
                         [&](OpBuilder &b, Location at, ValueRange outer) {
                           SmallVector<Value> loops(op.getNumLoops());
                           for (auto [d, value] : llvm::zip(outerDims, outer))
                             loops[d] = value;
                           if (!plan.across) {
                             forBlocks(b, at, plan.row, std::max<int64_t>(maxVectorElements, 1),
                                       [&](OpBuilder &inner, Value start, int64_t size) {
                                         copyPiece(inner, at, op, outer, start, size);
                                       });
                             return;
                           }
                           unsigned across = *plan.across;
                           forBlocks(b, at, extents[across], block,
                                     [&](OpBuilder &ib, Value acrossStart, int64_t columns) {
                             forBlocks(ib, at, plan.row, block,
                                       [&](OpBuilder &jb, Value lastStart, int64_t rows) {
                               loops[across] = acrossStart;
                               loops[last] = lastStart;
                               copyTransposedBlock(jb, at, plan, loops, rows, columns,
                                                   transposes);
                             });
                           });
                         });
      rewriter.eraseOp(op);
    }
    // The 16 x 16 transposes as AVX-512 shuffles (the LLVM conversion
    // would unroll them element by element); other shapes element-wise.
    RewritePatternSet patterns(&getContext());
    vector::populateVectorTransposeLoweringPatterns(patterns,
                                                    vector::VectorTransposeLowering::Shuffle16x16);
    SmallVector<Operation *> roots(transposes.begin(), transposes.end());
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    if (!roots.empty())
      (void)applyOpPatternsGreedily(roots, std::move(patterns), config);
  }
};

} // namespace
} // namespace pt2c
