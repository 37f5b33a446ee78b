//===- ChunkConvolutions.cpp - The pt2c-chunk-convolutions pass -----------===//
//
// Passes.td says what it does and why; Contraction.h what a row-major
// contraction is.
//
//===----------------------------------------------------------------------===//

#include "ChunkFusion.h"
#include "Contraction.h"

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"

#include "llvm/ADT/SetVector.h"

namespace pt2c {

#define GEN_PASS_DEF_CHUNKCONVOLUTIONS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// A contraction whose rhs [.., R, OH * OW] is a collapse_shape of a tensor
/// [.., OH, OW] (the output positions as rows and columns): a convolution's
/// window copy, or a pointwise convolution's input.
struct Convolution {
  linalg::GenericOp contraction;
  cpu::ContractionLoops loops;
  tensor::CollapseShapeOp positions;
  /// The window copy making the collapsed tensor (all-parallel, identity
  /// output), computed chunk by chunk; null: the tensor is copied chunk by
  /// chunk instead.
  linalg::GenericOp windows;
  int64_t outHeight, outWidth, filters;
};

/// The copy generic im2col writes (PrimToLinalg's windowsOf) or any other
/// all-parallel op with one identity-indexed result: tileable by its
/// output rows.
bool isWindowCopy(linalg::GenericOp op) {
  return op && op.hasPureTensorSemantics() && op.getNumDpsInits() == 1 &&
         op.getNumReductionLoops() == 0 &&
         op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity();
}

std::optional<Convolution> matchConvolution(linalg::GenericOp op, int64_t minRows,
                                            int64_t minRowBytes) {
  std::optional<cpu::ContractionLoops> loops = cpu::matchRowMajorContraction(op);
  if (!loops)
    return std::nullopt;
  AffineMap rhsMap = op.getIndexingMapsArray()[1];
  unsigned rhsRank = rhsMap.getNumResults();
  if (rhsRank < 2 || rhsMap.getDimPosition(rhsRank - 1) != loops->n ||
      rhsMap.getDimPosition(rhsRank - 2) != loops->k)
    return std::nullopt;
  auto collapse = op.getDpsInputs()[1].getDefiningOp<tensor::CollapseShapeOp>();
  if (!collapse || !collapse.getSrcType().hasStaticShape())
    return std::nullopt;
  SmallVector<ReassociationIndices> groups = collapse.getReassociationIndices();
  if (groups.back().size() != 2)
    return std::nullopt;
  ArrayRef<int64_t> source = collapse.getSrcType().getShape();
  Convolution conv{op, *loops, collapse, {}, source[groups.back()[0]], source[groups.back()[1]], 0};
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ShapedType::isDynamicShape(ranges) ||
      !cast<RankedTensorType>(op.getDpsInits()[0].getType()).hasStaticShape())
    return std::nullopt;
  conv.filters = ranges[loops->m];
  int64_t positions = conv.outHeight * conv.outWidth;
  if (conv.filters < minRows || positions * static_cast<int64_t>(sizeof(float)) < minRowBytes ||
      conv.outHeight < 2)
    return std::nullopt;
  // A producer that others read too (a block's output feeding the next
  // pointwise convolution and the residual add) is computed whole anyway:
  // its rows are copied, not computed again in every chunk.
  auto windows = collapse.getSrc().getDefiningOp<linalg::GenericOp>();
  if (isWindowCopy(windows) && windows->hasOneUse())
    conv.windows = windows;
  return conv;
}

/// Output rows per chunk: the fewest whose positions are whole register
/// tiles (at least two of them), else the fewest that give three tiles'
/// worth of positions; at most all of them. Not fewer rows for more chunks:
/// on the 16-core Xeon, resnet50's 56x56 layers in 28 chunks of 2 rows
/// (112 positions: 3 tiles and a half-width one) made the model 8% slower
/// than 14 chunks of 4 rows (224: 7 tiles) that leave 2 threads idle.
int64_t rowsPerChunk(const Convolution &conv, const cpu::RegisterTile &tile) {
  SmallVector<int64_t> divisors;
  for (int64_t h = 1; h <= conv.outHeight; ++h)
    if (conv.outHeight % h == 0)
      divisors.push_back(h);
  for (int64_t h : divisors) {
    int64_t columns = h * conv.outWidth;
    if (columns % tile.columns == 0 && columns >= 2 * tile.columns)
      return h;
  }
  for (int64_t h : divisors)
    if (h * conv.outWidth >= 3 * tile.columns)
      return h;
  return conv.outHeight;
}

/// A slice of a static tensor: whole along every dim but those `set`.
struct Slice {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  Slice(OpBuilder &b, ArrayRef<int64_t> shape) {
    offsets.assign(shape.size(), b.getIndexAttr(0));
    strides.assign(shape.size(), b.getIndexAttr(1));
    for (int64_t extent : shape)
      sizes.push_back(b.getIndexAttr(extent));
  }
  void set(unsigned dim, OpFoldResult offset, int64_t size, OpBuilder &b) {
    offsets[dim] = offset;
    sizes[dim] = b.getIndexAttr(size);
  }
};

/// The result position of loop `loop` in `map`, if it has one.
std::optional<unsigned> resultOf(AffineMap map, unsigned loop) {
  for (unsigned i = 0; i < map.getNumResults(); ++i)
    if (map.getDimPosition(i) == loop)
      return i;
  return std::nullopt;
}

/// `conv` as an scf.forall over (blocks of `rows` output rows) x (blocks of
/// `filterBlock` filters): each chunk computes its rows' windows into a
/// tensor of its own and multiplies them.
FailureOr<scf::ForallOp> chunk(RewriterBase &rewriter, Convolution conv, int64_t rows,
                               int64_t filterBlock) {
  linalg::GenericOp op = conv.contraction;
  Location loc = op.getLoc();
  MLIRContext *context = rewriter.getContext();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  Value lhs = op.getDpsInputs()[0], init = op.getDpsInits()[0];
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto outType = cast<RankedTensorType>(init.getType());
  std::optional<unsigned> lhsRows = resultOf(maps[0], conv.loops.m);
  std::optional<unsigned> outRows = resultOf(maps[2], conv.loops.m);
  unsigned outColumns = outType.getRank() - 1;
  if (!lhsRows || !outRows || !lhsType.hasStaticShape())
    return failure();
  RankedTensorType sourceType = conv.positions.getSrcType();
  SmallVector<ReassociationIndices> groups = conv.positions.getReassociationIndices();
  unsigned rowsDim = groups.back()[0];
  int64_t columns = rows * conv.outWidth;

  rewriter.setInsertionPoint(op);
  SmallVector<OpFoldResult> counts = {rewriter.getIndexAttr(conv.outHeight / rows),
                                      rewriter.getIndexAttr(conv.filters / filterBlock)};
  auto forall = scf::ForallOp::create(rewriter, loc, counts, ValueRange{init}, std::nullopt);
  Value rowBlock = forall.getInductionVars()[0], filterIndex = forall.getInductionVars()[1];
  Value shared = forall.getRegionIterArgs()[0];
  rewriter.setInsertionPoint(forall.getTerminator());
  auto times = [&](Value v, int64_t c) -> OpFoldResult {
    AffineExpr d0 = getAffineDimExpr(0, context);
    return affine::AffineApplyOp::create(rewriter, loc, AffineMap::get(1, 0, d0 * c), v)
        .getResult();
  };
  OpFoldResult firstRow = times(rowBlock, rows);
  OpFoldResult firstPosition = times(rowBlock, columns);
  OpFoldResult firstFilter = times(filterIndex, filterBlock);

  // This chunk's windows [.., rows, OW]: the window copy's tile, or a
  // contiguous copy of the collapsed tensor's rows.
  Slice rowSlice(rewriter, sourceType.getShape());
  rowSlice.set(rowsDim, firstRow, rows, rewriter);
  Value windows;
  if (conv.windows) {
    FailureOr<TilingResult> tiled = cast<TilingInterface>(conv.windows.getOperation())
                                        .getTiledImplementation(rewriter, rowSlice.offsets,
                                                                rowSlice.sizes);
    if (failed(tiled) || tiled->tiledValues.size() != 1) {
      rewriter.eraseOp(forall);
      return failure();
    }
    windows = tiled->tiledValues.front();
  } else {
    Value part = tensor::ExtractSliceOp::create(rewriter, loc, conv.positions.getSrc(),
                                                rowSlice.offsets, rowSlice.sizes,
                                                rowSlice.strides);
    auto partType = cast<RankedTensorType>(part.getType());
    Value empty = tensor::EmptyOp::create(rewriter, loc, partType.getShape(),
                                          partType.getElementType());
    windows = linalg::CopyOp::create(rewriter, loc, part, empty).getResult(0);
  }
  Value rhs = tensor::CollapseShapeOp::create(rewriter, loc, windows, groups);

  Slice lhsSlice(rewriter, lhsType.getShape());
  lhsSlice.set(*lhsRows, firstFilter, filterBlock, rewriter);
  Value lhsPart = tensor::ExtractSliceOp::create(rewriter, loc, lhs, lhsSlice.offsets,
                                                 lhsSlice.sizes, lhsSlice.strides);
  Slice outSlice(rewriter, outType.getShape());
  outSlice.set(*outRows, firstFilter, filterBlock, rewriter);
  outSlice.set(outColumns, firstPosition, columns, rewriter);
  Value outPart = tensor::ExtractSliceOp::create(rewriter, loc, shared, outSlice.offsets,
                                                 outSlice.sizes, outSlice.strides);
  auto product = linalg::GenericOp::create(rewriter, loc, outPart.getType(),
                                           ValueRange{lhsPart, rhs}, ValueRange{outPart}, maps,
                                           op.getIteratorTypesArray());
  rewriter.cloneRegionBefore(op.getRegion(), product.getRegion(), product.getRegion().begin());

  rewriter.setInsertionPointToStart(forall.getTerminator().getBody());
  tensor::ParallelInsertSliceOp::create(rewriter, loc, product.getResult(0), shared,
                                        outSlice.offsets, outSlice.sizes, outSlice.strides);
  rewriter.replaceOp(op, forall.getResults());
  // The accumulator's zero fill (or bias) is made chunk by chunk, in cache,
  // right before its product.
  cpu::initsInChunks(rewriter, forall);
  return forall;
}

struct ChunkConvolutionsPass : impl::ChunkConvolutionsBase<ChunkConvolutionsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Convolution> found;
    getOperation().walk([&](linalg::GenericOp op) {
      if (op->getParentOfType<scf::ForallOp>())
        return;
      if (std::optional<Convolution> conv = matchConvolution(op, minRows, minRowBytes))
        found.push_back(*conv);
    });
    cpu::RegisterTile tile = cpu::registerTile(vectorBits);
    IRRewriter rewriter(&getContext());
    // A convolution's input computed in its chunks stays there.
    llvm::SmallPtrSet<Operation *, 8> windows;
    for (Convolution &conv : found)
      if (conv.windows)
        windows.insert(conv.windows);
    for (Convolution &conv : found) {
      int64_t rows = rowsPerChunk(conv, tile);
      // Too few row blocks for the threads: the filters in halves too,
      // each half computing the windows again (at most 4 times).
      int64_t filterBlock = conv.filters;
      while ((conv.outHeight / rows) * (conv.filters / filterBlock) < minChunks &&
             filterBlock % (2 * tile.rows) == 0 && conv.filters / filterBlock < 4)
        filterBlock /= 2;
      // A chunk that cannot be built leaves the convolution as it was:
      // pt2c-parallelize cuts it, slower, not wrong.
      FailureOr<scf::ForallOp> loop = chunk(rewriter, conv, rows, filterBlock);
      if (failed(loop) || !fuseEpilogues)
        continue;
      linalg::GenericOp consumer = cpu::findEpilogue(*loop);
      // Not fused: the consumer is cut on its own by pt2c-parallelize.
      if (consumer && !windows.contains(consumer))
        (void)cpu::fuseEpilogue(rewriter, *loop, consumer);
    }
    // The whole window copies nothing reads any more (bufferization would
    // still fill their buffers). Two convolutions may share one collapse
    // (two pointwise ones on the same input): each op is erased once.
    llvm::SetVector<Operation *> unread;
    for (Convolution &conv : found) {
      unread.insert(conv.positions);
      if (conv.windows)
        unread.insert(conv.windows);
    }
    for (Operation *op : unread)
      if (op->use_empty())
        rewriter.eraseOp(op);
  }
};

} // namespace
} // namespace pt2c
