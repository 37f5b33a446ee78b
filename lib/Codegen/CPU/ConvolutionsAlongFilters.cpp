//===- ConvolutionsAlongFilters.cpp - pt2c-convolutions-along-filters -----===//
//
// Passes.td says what it does and why; Contraction.h what the register tile
// is.
//
//===----------------------------------------------------------------------===//

#include "Contraction.h"

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace pt2c {

#define GEN_PASS_DEF_CONVOLUTIONSALONGFILTERS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;
using Groups = SmallVector<ReassociationIndices>;

/// A groups-1 convolution as PrimToLinalg writes it: (n, g, f, r, p) with
/// the filter weight [F, C, KH, KW] read as [1, F, C * KH * KW] through an
/// expand and a collapse.
struct Convolution {
  linalg::GenericOp matmul;
  BlockArgument filter;
  Operation *filterView[2]; ///< the expand and the collapse, erased after
  int64_t filters, positions;
};

std::optional<Convolution> match(linalg::GenericOp matmul) {
  if (!cpu::hasConvolutionMaps(matmul) || !cpu::matchRowMajorContraction(matmul))
    return std::nullopt;
  auto collapse = matmul.getDpsInputs()[0].getDefiningOp<tensor::CollapseShapeOp>();
  if (!collapse || collapse.getReassociationIndices() != Groups{{0}, {1}, {2, 3, 4}} ||
      !collapse->hasOneUse())
    return std::nullopt;
  auto expand = collapse.getSrc().getDefiningOp<tensor::ExpandShapeOp>();
  if (!expand || expand.getReassociationIndices() != Groups{{0, 1}, {2}, {3}, {4}} ||
      !expand->hasOneUse())
    return std::nullopt;
  auto filter = dyn_cast<BlockArgument>(expand.getSrc());
  auto func = filter ? dyn_cast<func::FuncOp>(filter.getOwner()->getParentOp()) : func::FuncOp();
  if (!func || !func.getArgAttr(filter.getArgNumber(), "pt2c.weight"))
    return std::nullopt;
  auto filterType = cast<RankedTensorType>(filter.getType());
  auto outType = cast<RankedTensorType>(matmul.getResult(0).getType());
  // Groups 1 (the first dim of the [G, F/G, ..] view), static sizes.
  if (!filterType.hasStaticShape() || filterType.getRank() != 4 ||
      cast<RankedTensorType>(collapse.getType()).getDimSize(0) != 1 ||
      ShapedType::isDynamicShape(outType.getShape().drop_front()))
    return std::nullopt;
  return Convolution{matmul, filter, {expand, collapse}, outType.getDimSize(2),
                     outType.getDimSize(3)};
}

/// The vector instructions per k step of register tiles over an [rows x
/// columns] output: rows in tiles of `tile.rows` (a shorter last tile runs
/// into the FMAs' latency: below half a tile it costs half a tile) times
/// the column vectors (a partial one costs a whole one, as the scalar tail
/// does).
int64_t tileCost(int64_t rows, int64_t columns, const cpu::RegisterTile &tile) {
  int64_t tail = rows % tile.rows;
  int64_t rowCost = rows - tail + (tail ? std::max(tail, tile.rows / 2) : 0);
  return rowCost * llvm::divideCeil(columns, tile.lanes);
}

/// The window copy (PrimToLinalg's windowsOf: all-parallel, identity
/// output over (n, g, c, kh, kw, oh, ow), collapsed to [N, G, K, P]) that
/// makes `windows` and is read only there, so it can be rebuilt to write
/// the positions major at no extra cost; null for anything else (a
/// pointwise convolution's input, which must be transposed).
linalg::GenericOp rebuildableWindowCopy(Value windows) {
  auto collapse = windows.getDefiningOp<tensor::CollapseShapeOp>();
  auto copy = collapse ? collapse.getSrc().getDefiningOp<linalg::GenericOp>() : linalg::GenericOp();
  if (copy && collapse->hasOneUse() && copy->hasOneUse() && copy.getNumLoops() == 7 &&
      copy.getNumDpsInputs() == 1 && copy.getNumReductionLoops() == 0 &&
      copy.getIndexingMapsArray()[1].isIdentity() &&
      collapse.getReassociationIndices() == Groups{{0}, {1}, {2, 3, 4}, {5, 6}})
    return copy;
  return {};
}

/// Whether `conv` wastes enough less of its tiles along the filters to pay
/// for what the rewrite costs. Equal costs (resnet50's 56x56 and 28x28
/// layers) keep the positions, whose chunks pt2c-chunk-convolutions copies
/// in cache (one core of the build machine's Zen 5, along the filters: the
/// 3x3 28x28 layer 1.33 -> 1.48 ms, the 56x56 one 1.18 -> 1.90). A window
/// copy is rebuilt for free, so a twentieth less is enough: the 3x3
/// 256-filter layer at 14x14 (196 positions: 13 vectors for 12.25, costed
/// 6% less along the filters) ran 1.95 -> 1.46 ms so, and 3% faster on
/// the Zen 4 before. A pointwise convolution's input must be transposed,
/// which eats smaller gains: it needs a tenth less (the 1x1 1024 -> 256
/// layer at 14x14 ran 10-15% slower along its filters on both).
bool fasterAlongFilters(const Convolution &conv, const cpu::RegisterTile &tile, int64_t panel) {
  if (conv.filters % panel != 0 || conv.filters < 2 * panel)
    return false;
  int64_t alongPositions = tileCost(conv.filters, conv.positions, tile);
  int64_t alongFilters = tileCost(conv.positions, conv.filters, tile);
  int64_t percentNeeded = rebuildableWindowCopy(linalg::GenericOp(conv.matmul).getDpsInputs()[1]) ? 95 : 90;
  return alongFilters * 100 < alongPositions * percentNeeded;
}

/// `value` [a, b, c, d] copied into `init` [a, b, d, c] by an elementwise
/// generic (which pt2c-fuse-elementwise fuses with its neighbours).
Value transposeLastTwo(RewriterBase &rewriter, Location loc, Value value, Value init) {
  MLIRContext *context = rewriter.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, context); };
  SmallVector<AffineMap> maps = {AffineMap::get(4, 0, {d(0), d(1), d(3), d(2)}, context),
                                 AffineMap::getMultiDimIdentityMap(4, context)};
  return linalg::GenericOp::create(
             rewriter, loc, init.getType(), ValueRange{value}, ValueRange{init}, maps,
             SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel),
             [](OpBuilder &b, Location bodyLoc, ValueRange args) {
               linalg::YieldOp::create(b, bodyLoc, args[0]);
             })
      .getResult(0);
}

/// `x` [N, C, H, W] copied channels-last, [N, H, W, C]: a linalg.transpose,
/// which the CPU pipeline does not fuse. As an elementwise generic it was
/// fused into the window copy that reads it, which then gathered each
/// channel vector from NCHW again (the 3x3 256-filter layer at 14x14 ran
/// 15% slower than with the (c, kh, kw) copy).
Value channelsLast(RewriterBase &rewriter, Location loc, Value x) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, x);
  Value empty = tensor::EmptyOp::create(rewriter, loc, {sizes[0], sizes[2], sizes[3], sizes[1]},
                                        cast<RankedTensorType>(x.getType()).getElementType());
  return linalg::TransposeOp::create(rewriter, loc, x, empty, ArrayRef<int64_t>{0, 2, 3, 1})
      .getResult()[0];
}

/// The windows [N, G, K, P] the matmul reads, as [N, G, P, K], and the
/// order of K's (channel, kernel row, kernel column) parts in them.
struct PositionsMajor {
  Value windows;
  /// K as (kh, kw, c): the filter must be read as [KH, KW, C, F] to match;
  /// otherwise K keeps the order (c, kh, kw).
  bool channelsInnermost = false;
};

/// Each position's K values in a row, which a register tile's rows stream
/// front to back (read as [K, P], each k step of a tile took 32 bytes of a
/// different cache line, and the 3x3 512-filter layer at 7x7 ran 10%
/// slower along its filters than along its positions).
///
/// A window copy (PrimToLinalg's windowsOf: all-parallel, identity output
/// over (n, g, c, kh, kw, oh, ow)) read only here is rebuilt to write
/// [N, G, OH, OW, KH, KW, C] from a channels-last copy of its input: each
/// (position, kh, kw) then copies C contiguous values into C contiguous
/// values, vector by vector. Written (c, kh, kw) from the input as it is,
/// the innermost run was kw's 3 values, a scalar loop: on one core of the
/// build machine's Zen 5 that copy was a tenth of the 3x3 256-filter layer
/// at 14x14 (0.14 of 1.30 ms). Where a kernel row is longer than the
/// channels (a patch embedding) the copy keeps (c, kh, kw) and writes [N,
/// G, OH, OW, C, KH, KW]. Anything else (a pointwise convolution's input)
/// is transposed.
PositionsMajor positionsMajor(RewriterBase &rewriter, Location loc, Value windows) {
  MLIRContext *context = rewriter.getContext();
  auto type = cast<RankedTensorType>(windows.getType());
  linalg::GenericOp copy = rebuildableWindowCopy(windows);
  AffineMap oldRead = copy ? copy.getIndexingMapsArray()[0] : AffineMap();
  // The copy's static [N, G, C, KH, KW, OH, OW]: channels innermost only
  // where their run is the longer one (vit_b_16's patch embedding, 3
  // channels of a 16x16 kernel, keeps its runs of 16).
  ArrayRef<int64_t> copyShape =
      copy ? cast<RankedTensorType>(copy.getResult(0).getType()).getShape() : ArrayRef<int64_t>();
  bool channelsRunLonger = copy && !ShapedType::isDynamic(copyShape[2]) &&
                           !ShapedType::isDynamic(copyShape[4]) && copyShape[2] > copyShape[4];
  if (copy && oldRead.getNumResults() == 4 && channelsRunLonger) {
    // Old loops (n, g, c, kh, kw, oh, ow) are new loops (0, 1, 6, 4, 5, 2, 3).
    const unsigned newPosition[] = {0, 1, 6, 4, 5, 2, 3};
    SmallVector<AffineExpr> renamed;
    for (unsigned d : newPosition)
      renamed.push_back(getAffineDimExpr(d, context));
    AffineMap nchwRead = oldRead.replaceDimsAndSymbols(renamed, {}, 7, 0);
    // The same element of the channels-last copy: (n, c, h, w) -> (n, h, w, c).
    AffineMap read = AffineMap::get(7, 0,
                                    {nchwRead.getResult(0), nchwRead.getResult(2),
                                     nchwRead.getResult(3), nchwRead.getResult(1)},
                                    context);
    Value input = channelsLast(rewriter, loc, copy.getDpsInputs()[0]);
    auto copyType = cast<RankedTensorType>(copy.getResult(0).getType());
    ArrayRef<int64_t> s = copyType.getShape();
    SmallVector<int64_t> shape = {s[0], s[1], s[5], s[6], s[3], s[4], s[2]};
    SmallVector<Value> dynamicSizes;
    if (ShapedType::isDynamic(s[0]))
      dynamicSizes.push_back(tensor::DimOp::create(rewriter, loc, copy.getDpsInits()[0], 0));
    Value empty = tensor::EmptyOp::create(rewriter, loc, shape, copyType.getElementType(),
                                          dynamicSizes);
    auto rows = linalg::GenericOp::create(
        rewriter, loc, empty.getType(), ValueRange{input}, ValueRange{empty},
        ArrayRef<AffineMap>{read, AffineMap::getMultiDimIdentityMap(7, context)},
        copy.getIteratorTypesArray());
    rewriter.cloneRegionBefore(copy.getRegion(), rows.getRegion(), rows.getRegion().begin());
    return {tensor::CollapseShapeOp::create(rewriter, loc, rows.getResult(0),
                                            Groups{{0}, {1}, {2, 3}, {4, 5, 6}}),
            /*channelsInnermost=*/true};
  }
  if (copy) {
    // Old loops (n, g, c, kh, kw, oh, ow) are new loops (0, 1, 4, 5, 6, 2, 3):
    // K keeps its order, kw's run innermost.
    const unsigned newPosition[] = {0, 1, 4, 5, 6, 2, 3};
    SmallVector<AffineExpr> renamed;
    for (unsigned d : newPosition)
      renamed.push_back(getAffineDimExpr(d, context));
    AffineMap read = oldRead.replaceDimsAndSymbols(renamed, {}, 7, 0);
    ArrayRef<int64_t> s = copyShape;
    SmallVector<int64_t> shape = {s[0], s[1], s[5], s[6], s[2], s[3], s[4]};
    SmallVector<Value> dynamicSizes;
    if (ShapedType::isDynamic(s[0]))
      dynamicSizes.push_back(tensor::DimOp::create(rewriter, loc, copy.getDpsInits()[0], 0));
    Value empty = tensor::EmptyOp::create(
        rewriter, loc, shape, cast<RankedTensorType>(copy.getResult(0).getType()).getElementType(),
        dynamicSizes);
    auto rows = linalg::GenericOp::create(
        rewriter, loc, empty.getType(), copy.getDpsInputs(), ValueRange{empty},
        ArrayRef<AffineMap>{read, AffineMap::getMultiDimIdentityMap(7, context)},
        copy.getIteratorTypesArray());
    rewriter.cloneRegionBefore(copy.getRegion(), rows.getRegion(), rows.getRegion().begin());
    return {tensor::CollapseShapeOp::create(rewriter, loc, rows.getResult(0),
                                            Groups{{0}, {1}, {2, 3}, {4, 5, 6}})};
  }
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, windows);
  std::swap(sizes[2], sizes[3]);
  Value empty = tensor::EmptyOp::create(rewriter, loc, sizes, type.getElementType());
  return {transposeLastTwo(rewriter, loc, windows, empty)};
}

void rewrite(RewriterBase &rewriter, const Convolution &conv) {
  linalg::GenericOp matmul = conv.matmul;
  Location loc = matmul.getLoc();
  MLIRContext *context = rewriter.getContext();
  rewriter.setInsertionPoint(matmul);
  PositionsMajor windows = positionsMajor(rewriter, loc, matmul.getDpsInputs()[1]);
  // [F, C, KH, KW] -> [C, KH, KW, F] (or [KH, KW, C, F], the windows' K
  // order) -> [K, F]
  auto filterType = cast<RankedTensorType>(conv.filter.getType());
  ArrayRef<int64_t> fs = filterType.getShape();
  Type element = filterType.getElementType();
  SmallVector<int64_t> permutation = windows.channelsInnermost ? SmallVector<int64_t>{2, 3, 1, 0}
                                                               : SmallVector<int64_t>{1, 2, 3, 0};
  SmallVector<int64_t> transposedShape;
  for (int64_t d : permutation)
    transposedShape.push_back(fs[d]);
  Value transposedInit = tensor::EmptyOp::create(rewriter, loc, transposedShape, element);
  Value transposed =
      linalg::TransposeOp::create(rewriter, loc, conv.filter, transposedInit, permutation)
          .getResult()[0];
  Value rhs = tensor::CollapseShapeOp::create(rewriter, loc, transposed, Groups{{0, 1, 2}, {3}});

  // The accumulator [N, 1, P, F]: the old one transposed (a zero fill,
  // made again as one).
  Value init = matmul.getDpsInits()[0];
  auto outType = cast<RankedTensorType>(init.getType());
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, init);
  std::swap(sizes[2], sizes[3]);
  Value empty = tensor::EmptyOp::create(rewriter, loc, sizes, outType.getElementType());
  Value accumulator;
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    accumulator = linalg::FillOp::create(rewriter, loc, fill.getInputs()[0], empty).getResult(0);
  else
    accumulator = linalg::TransposeOp::create(rewriter, loc, init, empty,
                                              ArrayRef<int64_t>{0, 1, 3, 2})
                      .getResult()[0];

  auto d = [&](unsigned i) { return getAffineDimExpr(i, context); };
  // Loops (n, g, p, r, f).
  SmallVector<AffineMap> maps = {AffineMap::get(5, 0, {d(0), d(1), d(2), d(3)}, context),
                                 AffineMap::get(5, 0, {d(3), d(4)}, context),
                                 AffineMap::get(5, 0, {d(0), d(1), d(2), d(4)}, context)};
  SmallVector<utils::IteratorType> iterators(5, utils::IteratorType::parallel);
  iterators[3] = utils::IteratorType::reduction;
  auto alongFilters = linalg::GenericOp::create(
      rewriter, loc, accumulator.getType(), ValueRange{windows.windows, rhs},
      ValueRange{accumulator}, maps, iterators);
  // The body multiplies its two inputs and adds the accumulator: the
  // operands swapped places, the product is the same.
  rewriter.cloneRegionBefore(matmul.getRegion(), alongFilters.getRegion(),
                             alongFilters.getRegion().begin());

  // Back to [N, 1, F, P] for the graph: an elementwise copy, which fuses
  // with its consumer.
  Value backInit = tensor::EmptyOp::create(rewriter, loc, tensor::getMixedSizes(rewriter, loc, init),
                                           outType.getElementType());
  Value back = transposeLastTwo(rewriter, loc, alongFilters.getResult(0), backInit);
  rewriter.replaceOp(matmul, back);
  // The filter's old view: its only other users, so that
  // pt2c-permute-weights sees the filter read transposed and nothing else.
  rewriter.eraseOp(conv.filterView[1]);
  rewriter.eraseOp(conv.filterView[0]);
}

struct ConvolutionsAlongFiltersPass
    : impl::ConvolutionsAlongFiltersBase<ConvolutionsAlongFiltersPass> {
  using Base::Base;

  void runOnOperation() override {
    cpu::RegisterTile tile = cpu::registerTile(vectorBits);
    SmallVector<Convolution> found;
    getOperation().walk([&](linalg::GenericOp op) {
      if (std::optional<Convolution> conv = match(op))
        if (fasterAlongFilters(*conv, tile, panel))
          found.push_back(*conv);
    });
    // A filter read elsewhere too (shared by two convolutions after CSE)
    // is left alone: its old view would stay read.
    IRRewriter rewriter(&getContext());
    for (const Convolution &conv : found)
      if (conv.filter.hasOneUse())
        rewrite(rewriter, conv);
  }
};

} // namespace
} // namespace pt2c
