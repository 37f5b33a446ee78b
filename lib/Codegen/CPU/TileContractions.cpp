//===- TileContractions.cpp - The pt2c-tile-contractions pass -------------===//
//
// Register tiling of the row-major f32 contractions (Contraction.h) on
// tensors, after pt2c-parallelize has cut them into chunks:
//  0. cut a long reduction into blocks of at most `k-block` (an scf.for
//     around the rest), so the lhs rows a chunk's tiles share stay in L2
//     across its panels;
//  1. tile (batch.. 1, the register tile's rows and columns (Contraction.h:
//     6 x 16 for AVX2, 8 x 32 for AVX-512), k 1), loops in
//     the order batch.., columns, rows, k: the k loop innermost so a tile's
//     accumulators can live in registers across it, rows inside columns so
//     one rhs panel is reused by every row tile while it is in L1;
//  2. peel the row and column loops, so the main loops hold only full,
//     static tiles (dynamic extents included); a static column count is
//     first split into a multiple of 16, one 8-wide part where 8-15 are
//     left, and a tail of fewer than 8; a dynamic remainder (rows of a
//     dynamic batch, the last chunk's columns) keeps its linalg op;
//  3. vectorize every static tile to one vector.contract (the pipeline
//     lowers it to FMAs of a broadcast lhs element and rhs vectors);
//  4. hoist the accumulator's read and write out of the k loop, so it is a
//     loop-carried vector: registers, not a load and a store per k;
//  5. a contraction whose output starts as a linalg.fill of a constant (the
//     zeros of every matmul and convolution) and whose k loop is not cut
//     into blocks starts each tile's accumulators at that constant in
//     registers instead of reading them back, and once every tile does,
//     the fill itself goes: the output is then written once, by the tiles
//     (the fill of resnet50's stem was a tenth of the layer's time on one
//     core: 3.2 MB stored and read back for nothing).
//
//===----------------------------------------------------------------------===//

#include "Contraction.h"

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace pt2c {

#define GEN_PASS_DEF_TILECONTRACTIONS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;
using cpu::ContractionLoops;

/// Marks the tiles (and then the k loops) of a contraction whose output
/// starts as a constant fill: the index of that fill in the pass's list.
constexpr llvm::StringLiteral kStartFill = "pt2c.start_fill";

/// A constant fill a contraction's output starts from, and what became of
/// the contraction's tiles: the fill can go once every tile starts its
/// accumulators at the constant itself.
struct StartFill {
  linalg::FillOp fill;
  TypedAttr value;
  int64_t tiles = 0;   ///< tagged k loops
  int64_t started = 0; ///< of those, accumulators started in registers
  bool everyTile = true; ///< no part of the output left to an untiled op
};

/// The fill `op`'s output starts from, if it is a constant fill with no other
/// use (so the fill's result is this contraction's alone to overwrite).
std::optional<StartFill> startFill(linalg::GenericOp op) {
  auto fill = op.getDpsInits().front().getDefiningOp<linalg::FillOp>();
  if (!fill || op.getNumDpsInits() != 1 || !fill->hasOneUse() || !fill.hasPureTensorSemantics())
    return std::nullopt;
  TypedAttr value;
  if (!matchPattern(fill.getDpsInputs().front(), m_Constant(&value)) ||
      !isa<FloatAttr>(value))
    return std::nullopt;
  return StartFill{fill, value};
}

struct Contraction {
  linalg::GenericOp op;
  ContractionLoops loops;
};

/// Every row-major contraction under `root` that `keep` accepts.
SmallVector<Contraction> collect(Operation *root,
                                 llvm::function_ref<bool(linalg::GenericOp, const ContractionLoops &)> keep) {
  SmallVector<Contraction> found;
  root->walk([&](linalg::GenericOp op) {
    if (std::optional<ContractionLoops> loops = cpu::matchRowMajorContraction(op))
      if (keep(op, *loops))
        found.push_back({op, *loops});
  });
  return found;
}

/// A tile the vectorizer turns into one register-resident vector.contract:
/// static, one k step, at most `tile.rows` rows, and whole vectors of
/// columns or a tail narrower than one (with AVX2 never 9-15: 8 + a tail).
bool isRegisterTile(linalg::GenericOp op, const ContractionLoops &loops,
                    const cpu::RegisterTile &tile) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ShapedType::isDynamicShape(ranges))
    return false;
  for (unsigned d : loops.batch)
    if (ranges[d] != 1)
      return false;
  int64_t columns = ranges[loops.n];
  return ranges[loops.k] == 1 && ranges[loops.m] <= tile.rows &&
         (columns % tile.lanes == 0 ? columns <= tile.columns : columns < tile.lanes);
}

/// Splits a static column range into whole tiles [0, columns*q), one part
/// of one vector if that many columns are left, and a tail narrower than a
/// vector (AVX2: multiples of 16, one 8-wide part, a tail of fewer than 8),
/// so that the parts before the tail tile into whole vectors. The tail is tiled
/// too: its scalar loop stores its output on every k step (an FMA latency
/// chain through memory), its tile keeps 6 rows of accumulators in
/// registers (in squeezenet's classifier the 1-column tail of 25 took 60%
/// of the time of the whole contraction before).
SmallVector<Contraction> splitColumns(RewriterBase &rewriter, Contraction c,
                                      const cpu::RegisterTile &tile) {
  int64_t columns = c.op.getStaticLoopRanges()[c.loops.n];
  if (ShapedType::isDynamic(columns))
    return {c};
  SmallVector<Contraction> parts;
  Contraction rest = c;
  int64_t restStart = 0;
  for (int64_t width : {tile.columns, tile.lanes}) {
    int64_t end = columns - (columns - restStart) % width;
    if (end == restStart)
      continue;
    if (end == columns) {
      parts.push_back(rest);
      return parts;
    }
    rewriter.setInsertionPoint(rest.op);
    auto [head, tail] = linalg::splitOp(rewriter, cast<TilingInterface>(rest.op.getOperation()),
                                        c.loops.n, rewriter.getIndexAttr(end - restStart));
    parts.push_back({cast<linalg::GenericOp>(head.getOperation()), c.loops});
    rest = {cast<linalg::GenericOp>(tail.getOperation()), c.loops};
    restStart = end;
  }
  parts.push_back(rest);
  return parts;
}

/// A loop of `size` over an extent: none (0) where the tile would cover it.
int64_t tileSize(int64_t extent, int64_t size) {
  return !ShapedType::isDynamic(extent) && extent <= size ? 0 : size;
}

/// `c` with its k loop cut into blocks of at most `kBlock` (equal ones where
/// they divide K), an scf.for around the rest of the tiling: the contraction
/// of one block, or `c` itself where K is dynamic or fits one block.
Contraction blockReduction(RewriterBase &rewriter, Contraction c, int64_t kBlock,
                           scf::ForOp &blockLoop) {
  int64_t depth = c.op.getStaticLoopRanges()[c.loops.k];
  if (kBlock <= 0 || ShapedType::isDynamic(depth) || depth <= kBlock)
    return c;
  int64_t blocks = llvm::divideCeil(depth, kBlock);
  int64_t size = llvm::divideCeil(depth, blocks);
  SmallVector<int64_t> sizes(c.op.getNumLoops(), 0);
  sizes[c.loops.k] = size;
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForOp);
  options.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  rewriter.setInsertionPoint(c.op);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, cast<TilingInterface>(c.op.getOperation()), options);
  if (failed(tiled) || tiled->loops.size() != 1 || tiled->tiledOps.size() != 1)
    return c;
  rewriter.replaceOp(c.op, tiled->replacements);
  blockLoop = cast<scf::ForOp>(tiled->loops.front().getOperation());
  return {cast<linalg::GenericOp>(tiled->tiledOps.front()), c.loops};
}

/// Tiles `c` as the file comment says and peels the row and column loops.
/// Returns the ops to clean up: the new loop nest and the peeled
/// iterations; empty if nothing was tiled.
SmallVector<Operation *> tileAndPeel(RewriterBase &rewriter, const Contraction &c, int64_t rows,
                                     int64_t columns) {
  linalg::GenericOp op = c.op;
  const ContractionLoops &loops = c.loops;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<int64_t> sizes(ranges.size(), 0);
  for (unsigned d : loops.batch)
    sizes[d] = tileSize(ranges[d], 1);
  sizes[loops.n] = tileSize(ranges[loops.n], columns);
  sizes[loops.m] = tileSize(ranges[loops.m], rows);
  sizes[loops.k] = tileSize(ranges[loops.k], 1);
  if (llvm::all_of(sizes, [](int64_t s) { return s == 0; }))
    return {};
  SmallVector<int64_t> order(loops.batch.begin(), loops.batch.end());
  order.append({loops.n, loops.m, loops.k});

  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForOp);
  options.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  options.setInterchange(order);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, cast<TilingInterface>(op.getOperation()), options);
  // An op that cannot be tiled keeps its loops: slower, not wrong.
  if (failed(tiled) || tiled->loops.empty())
    return {};
  rewriter.replaceOp(op, tiled->replacements);

  // Outermost first: the row loop is then peeled only inside the full
  // column tiles. A partial column tile exists only for a dynamic column
  // count (static ones were split into whole parts) and stays scalar, rows
  // and all, so peeling its rows too would only add code. Loops of step 1
  // (batch, k) are never peeled.
  SmallVector<Operation *> roots = {tiled->loops.front().getOperation()};
  for (LoopLikeOpInterface loop : tiled->loops) {
    scf::ForOp partial;
    auto forOp = cast<scf::ForOp>(loop.getOperation());
    if (succeeded(scf::peelForLoopAndSimplifyBounds(rewriter, forOp, partial)) &&
        loop == tiled->loops.front())
      roots.push_back(partial);
  }
  SmallVector<Operation *> ops;
  for (Operation *root : roots)
    root->walk([&](Operation *nested) { ops.push_back(nested); });
  return ops;
}

class TileContractionsPass : public impl::TileContractionsBase<TileContractionsPass> {
public:
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    // Canonicalization of the new loop nests only: it folds the peeled
    // loops' constant bounds into static slice and tile types (which the
    // vectorizer needs) without touching the rest of the module before
    // bufferization.
    auto addCanonicalization = [context](RewritePatternSet &patterns) {
      for (Dialect *dialect : context->getLoadedDialects())
        dialect->getCanonicalizationPatterns(patterns);
      for (RegisteredOperationName name : context->getRegisteredOperations())
        name.getCanonicalizationPatterns(patterns, context);
    };
    RewritePatternSet patterns(context);
    addCanonicalization(patterns);
    canonicalization = FrozenRewritePatternSet(std::move(patterns));

    // After vectorization: the product and its sum over k become one
    // vector.contract, the unit batch/k dims go (a contract of vector<6x1>
    // by vector<1x16> lowers to outer products), and the transfers read the
    // tensors the slices came from, so the accumulator's read/write pair on
    // the k loop's iter_arg becomes hoistable.
    RewritePatternSet contract(context);
    vector::populateVectorTransferPermutationMapLoweringPatterns(contract);
    vector::populateVectorReductionToContractPatterns(contract);
    vector::populateSinkVectorOpsPatterns(contract);
    addCanonicalization(contract);
    toContract = FrozenRewritePatternSet(std::move(contract));
    RewritePatternSet fold(context);
    vector::populateCastAwayVectorLeadingOneDimPatterns(fold);
    tensor::populateFoldTensorSubsetIntoVectorTransferPatterns(fold);
    addCanonicalization(fold);
    foldSubsets = FrozenRewritePatternSet(std::move(fold));
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    IRRewriter rewriter(&getContext());
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);

    // 1-2. Split, tile and peel; fold the peeled loops' bounds into static
    //      tile shapes.
    SmallVector<Operation *> tileOps;
    cpu::RegisterTile tile = cpu::registerTile(vectorBits);
    auto isTile = [&](linalg::GenericOp op, const ContractionLoops &loops) {
      return isRegisterTile(op, loops, tile);
    };
    SmallVector<StartFill> fills;
    // A contraction with an empty loop (a linear layer of 0 rows) computes
    // nothing: splitting or tiling its zero-trip range crashed in
    // linalg::splitOp (an OpInfo bilinear sample of 0 rows).
    auto isEmpty = [](linalg::GenericOp op) {
      return llvm::is_contained(op.getStaticLoopRanges(), int64_t(0));
    };
    for (const Contraction &c : collect(module, [&](linalg::GenericOp op, const ContractionLoops &loops) {
           return !isTile(op, loops) && !isEmpty(op);
         })) {
      // Step 5's mark, copied to every part and tile the op becomes.
      std::optional<StartFill> start = startFill(c.op);
      if (start) {
        c.op->setAttr(kStartFill, rewriter.getI64IntegerAttr(fills.size()));
        fills.push_back(*start);
      }
      for (const Contraction &part : splitColumns(rewriter, c, tile)) {
        scf::ForOp blockLoop;
        Contraction block = blockReduction(rewriter, part, kBlock, blockLoop);
        // A tile of a later k block starts from the earlier blocks' sums.
        if (blockLoop && start) {
          fills.back().everyTile = false;
          block.op->removeAttr(kStartFill);
        }
        int64_t rows = cpu::rowsPerTile(block.op.getStaticLoopRanges()[block.loops.m], tile);
        SmallVector<Operation *> made = tileAndPeel(rewriter, block, rows, tile.columns);
        if (blockLoop && !made.empty())
          tileOps.push_back(blockLoop);
        llvm::append_range(tileOps, made);
      }
    }
    if (!tileOps.empty())
      (void)applyOpPatternsGreedily(tileOps, canonicalization, config);

    // A marked op that is no register tile in a loop of this pass (a
    // dynamic remainder, an op tiling left alone) reads the fill: keep it.
    module.walk([&](linalg::GenericOp op) {
      auto mark = op->getAttrOfType<IntegerAttr>(kStartFill);
      if (!mark)
        return;
      std::optional<ContractionLoops> loops = cpu::matchRowMajorContraction(op);
      if (!loops || !isTile(op, *loops) || !isa<scf::ForOp>(op->getParentOp())) {
        fills[mark.getInt()].everyTile = false;
        op->removeAttr(kStartFill);
      }
    });

    // 3. Vectorize the register tiles.
    llvm::SetVector<Operation *> tileLoops;
    for (const Contraction &c : collect(module, isTile)) {
      // Only tiles this pass made, inside its loops (an op that is one tile
      // already, a K=1 outer product, keeps its loops; step 4 cleans up
      // inside the loops and nowhere else).
      if (!isa<scf::ForOp>(c.op->getParentOp()))
        continue;
      rewriter.setInsertionPoint(c.op);
      FailureOr<linalg::VectorizationResult> vectorized = linalg::vectorize(rewriter, c.op);
      auto mark = c.op->getAttrOfType<IntegerAttr>(kStartFill);
      // A tile that does not vectorize keeps its (correct) scalar loops.
      if (failed(vectorized)) {
        if (mark)
          fills[mark.getInt()].everyTile = false;
        continue;
      }
      if (mark) {
        c.op->getParentOp()->setAttr(kStartFill, mark);
        ++fills[mark.getInt()].tiles;
      }
      tileLoops.insert(c.op->getParentOp());
      rewriter.replaceOp(c.op, vectorized->replacements);
    }
    if (tileLoops.empty())
      return;

    // 4. Clean up inside the loops around the tiles (nothing else in the
    //    module changes), then hoist each accumulator out of its k loop, the
    //    loop directly around a vector.contract.
    SmallVector<Operation *> ops;
    for (Operation *loop : tileLoops)
      loop->walk([&](Operation *nested) {
        if (nested != loop)
          ops.push_back(nested);
      });
    // Two rounds: folding the slices into the transfers first would leave
    // the lhs as a broadcast the contract patterns do not take apart.
    (void)applyOpPatternsGreedily(ops, toContract, config);
    ops.clear();
    for (Operation *loop : tileLoops)
      loop->walk([&](Operation *nested) {
        if (nested != loop)
          ops.push_back(nested);
      });
    (void)applyOpPatternsGreedily(ops, foldSubsets, config);
    llvm::SetVector<Operation *> kLoops;
    module.walk([&](vector::ContractionOp contract) {
      if (isa<scf::ForOp>(contract->getParentOp()))
        kLoops.insert(contract->getParentOp());
    });
    // The vectorizer's constants (padding, indices) sit in the loop body;
    // they must be outside for the accumulator's indices to count as
    // loop-invariant.
    SmallVector<Operation *> hoisted;
    for (Operation *loop : kLoops) {
      auto loopLike = cast<LoopLikeOpInterface>(loop);
      moveLoopInvariantCode(loopLike);
      hoisted.push_back(hoistLoopInvariantSubsets(rewriter, loopLike).getOperation());
    }
    startAccumulators(rewriter, module, fills);
    // The tensor the k loop no longer writes is still carried through it:
    // drop it (and the duplicated constants) before bufferization.
    (void)applyOpPatternsGreedily(hoisted, canonicalization, config);
  }

  /// 5. Each marked k loop's accumulators start at the fill's constant
  ///    instead of the hoisted read of the output: each tile of the loop
  ///    nest reads its own part of the output once, before anything writes
  ///    it (the tiles partition the output and no k block came before), so
  ///    that read could only see the fill. A fill all of whose contraction's
  ///    tiles start so is never read: its output's first writer is the
  ///    tiles, and the fill goes.
  static void startAccumulators(RewriterBase &rewriter, ModuleOp module,
                                MutableArrayRef<StartFill> fills) {
    module.walk([&](scf::ForOp loop) {
      auto mark = loop->getAttrOfType<IntegerAttr>(kStartFill);
      if (!mark)
        return;
      loop->removeAttr(kStartFill);
      StartFill &start = fills[mark.getInt()];
      for (OpOperand &init : loop.getInitArgsMutable()) {
        auto read = init.get().getDefiningOp<vector::TransferReadOp>();
        auto type = dyn_cast<VectorType>(init.get().getType());
        if (!read || !type || type.getElementType() != start.value.getType())
          continue;
        rewriter.setInsertionPoint(loop);
        Value splat = arith::ConstantOp::create(rewriter, loop.getLoc(), type,
                                                DenseElementsAttr::get(type, start.value));
        rewriter.modifyOpInPlace(loop, [&] { init.set(splat); });
        if (read->use_empty())
          rewriter.eraseOp(read);
        ++start.started;
        return;
      }
    });
    for (StartFill &start : fills)
      if (start.everyTile && start.tiles > 0 && start.started == start.tiles)
        rewriter.replaceOp(start.fill, start.fill.getDpsInits().front());
  }

private:
  FrozenRewritePatternSet canonicalization;
  FrozenRewritePatternSet toContract;
  FrozenRewritePatternSet foldSubsets;
};

} // namespace
} // namespace pt2c
