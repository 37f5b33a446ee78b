//===- ParallelizeLoops.cpp - The pt2c-parallelize pass -------------------===//
//
// Splits each large linalg op into scf.forall chunks along one parallel
// loop; the CPU pipeline turns the forall into an OpenMP region that the
// runtime's __kmpc_* shim runs on the model's thread pool.
//
//===----------------------------------------------------------------------===//

#include "ChunkFusion.h"
#include "Chunking.h"
#include "Contraction.h"

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>

namespace pt2c {

int64_t cpu::chunkSize(int64_t extent, int64_t maxChunks) {
  int64_t chunks = std::min(extent, maxChunks);
  int64_t size = llvm::divideCeil(extent, chunks);
  for (int64_t candidate = size; extent / candidate >= chunks / 2; ++candidate)
    if (extent % candidate == 0)
      return candidate;
  return size;
}

using namespace mlir;

/// A `?` extent counts as this many iterations when weighing an op.
static constexpr int64_t kAssumedDynamicExtent = 16;

int64_t cpu::iterationPoints(ArrayRef<int64_t> ranges) {
  uint64_t points = 1;
  for (int64_t extent : ranges)
    points = llvm::SaturatingMultiply(
        points, uint64_t(ShapedType::isDynamic(extent) ? kAssumedDynamicExtent : extent));
  return int64_t(std::min<uint64_t>(points, INT64_MAX));
}

/// Whether some indexing map of `op` reads a loop backwards (`-d + c`:
/// prim.reverse, a flip fused into its reader). MLIR's tiling computes
/// every operand's slice from its map at the tile's first and last point,
/// also along loops it does not cut, which for a decreasing map gives a
/// slice of the wrong size: a [64, 512, 2, 1] reverse along its dim of 2,
/// cut along dim 0, read a slice of 1 there through `-d2 + 1` (a bitonic
/// sort of 1000-element rows, pt2c's long sort then, did not compile). Such
/// ops stay whole.
static bool readsBackwards(linalg::LinalgOp op) {
  bool backwards = false;
  for (AffineMap map : op.getIndexingMapsArray())
    for (AffineExpr result : map.getResults())
      result.walk([&](AffineExpr expr) {
        auto product = dyn_cast<AffineBinaryOpExpr>(expr);
        if (!product || product.getKind() != AffineExprKind::Mul)
          return;
        auto factor = dyn_cast<AffineConstantExpr>(product.getRHS());
        if (isa<AffineDimExpr>(product.getLHS()) && factor && factor.getValue() < 0)
          backwards = true;
      });
  return backwards;
}

/// The loop to split: the outermost static parallel loop with 2 or more
/// iterations, the innermost (LLVM's vector loop) only as a last resort;
/// never one that a map reads backwards.
bool cpu::isSplittable(linalg::LinalgOp op, ArrayRef<int64_t> ranges, unsigned d) {
  return op.getIteratorTypesArray()[d] == utils::IteratorType::parallel &&
         !ShapedType::isDynamic(ranges[d]) && ranges[d] >= 2 && !readsBackwards(op);
}

std::optional<unsigned> cpu::chooseLoop(linalg::LinalgOp op, ArrayRef<int64_t> ranges) {
  unsigned loops = ranges.size();
  for (unsigned d = 0; d + 1 < loops; ++d)
    if (isSplittable(op, ranges, d))
      return d;
  if (loops > 0 && isSplittable(op, ranges, loops - 1))
    return loops - 1;
  return std::nullopt;
}

#define GEN_PASS_DEF_PARALLELIZELOOPS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

struct Chunking {
  unsigned loop;
  int64_t size;
  /// The register tile along `loop` (1: not a tiled loop).
  int64_t tile = 1;
};

/// The loops a contraction that pt2c-tile-contractions will register-tile
/// can be cut along in whole tiles: its static batch, column and row loops
/// with 2 or more tiles, most tiles first (columns first on a tie: each
/// chunk then reads its own rhs panel and shares the usually smaller lhs).
SmallVector<Chunking> contractionChunkLoops(const cpu::ContractionLoops &loops,
                                            ArrayRef<int64_t> ranges,
                                            const cpu::RegisterTile &tile) {
  SmallVector<Chunking> candidates = {{loops.n, 0, tile.columns},
                                      {loops.m, 0, cpu::rowsPerTile(ranges[loops.m], tile)}};
  for (unsigned d : loops.batch)
    candidates.push_back({d, 0, 1});
  auto tiles = [&](const Chunking &c) { return llvm::divideCeil(ranges[c.loop], c.tile); };
  llvm::erase_if(candidates, [&](const Chunking &c) {
    return ShapedType::isDynamic(ranges[c.loop]) || tiles(c) < 2;
  });
  llvm::stable_sort(candidates,
                    [&](const Chunking &a, const Chunking &b) { return tiles(a) > tiles(b); });
  return candidates;
}

/// The columns one step of `loop` covers when it is a packed rhs's panel
/// loop (pt2c-pack-weight-panels: read by the rhs, not by the lhs): a
/// whole panel; 0 for any other loop.
int64_t panelColumns(linalg::LinalgOp op, const cpu::ContractionLoops &loops, unsigned loop,
                     ArrayRef<int64_t> ranges) {
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  bool panelLoop = llvm::is_contained(loops.batch, loop) && !maps[0].isFunctionOfDim(loop) &&
                   maps[1].isFunctionOfDim(loop);
  return panelLoop ? ranges[loops.n] : 0;
}

/// The cut of a contraction into chunks of whole row tiles x whole column
/// units (`rows`, `columns`: loops of these extents, in whole tiles of
/// rows and whole units of columns) that reads the least: every chunk reads
/// its rows of lhs and its columns of rhs down all of K, so the chunks read
/// K x (rows of a chunk + columns of a chunk) x chunks in all. Among the
/// cuts into at least half of `maxChunks` chunks (all the tiles if fewer)
/// and at most `maxChunks`. Cuts into equal chunks keep every chunk's shape
/// static; one with a smaller last chunk (dynamic shapes, a scalar
/// remainder in each) is taken only when it reads less than 4/5 of the best
/// equal cut (gpt2's LM head: 1570 panels, whose only divisors near 32 are
/// 10 and 157). vit_b_16's 3072 -> 768 projections (24 row tiles, 24
/// panels) went from 72 chunks of 8 x 1 (each 1.2 MB of lhs and rhs for
/// 12.6 MFLOP) to 36 of 8 x 2: a third less read; then to 32 of 6 x 3,
/// which read as little and fill 16 threads in two rounds.
/// Chunk counts that the usual thread counts (powers of 2 up to this)
/// share evenly.
constexpr int64_t kEvenChunks = 16;

std::optional<std::pair<Chunking, Chunking>>
leastReadingChunks(const Chunking &rows, int64_t rowExtent, const Chunking &columns,
                   int64_t columnExtent, int64_t columnsPerUnit, int64_t rowsPerTile,
                   int64_t maxChunks) {
  int64_t rowTiles = rowExtent / rows.tile, columnUnits = columnExtent / columns.tile;
  int64_t fewest = std::min(maxChunks / 2, rowTiles * columnUnits);
  struct Cut {
    int64_t read = std::numeric_limits<int64_t>::max(), chunks = 0, r = 0, c = 0;
    void consider(int64_t newRead, int64_t newChunks, int64_t newR, int64_t newC) {
      if (newRead < read || (newRead == read && newChunks > chunks))
        *this = {newRead, newChunks, newR, newC};
    }
  } equal, evenlyShared, any, wholeRows;
  for (int64_t r = 1; r <= rowTiles; ++r)
    for (int64_t c = 1; c <= columnUnits; ++c) {
      int64_t chunks = llvm::divideCeil(rowTiles, r) * llvm::divideCeil(columnUnits, c);
      // Few rows (fewer tiles than kEvenChunks) kept whole, in as many
      // chunks as threads share evenly although that is under half of
      // maxChunks: a convolution along its filters
      // (pt2c-convolutions-along-filters) has few rows and a large weight,
      // which every cut of its rows reads again (resnet50's 3x3 layer at
      // 7x7: 49 rows, 16 panels of 590 KB; cut in 7 x 8 chunks it streamed
      // that weight from memory 7 times on one core). Linear layers (128
      // rows and more) keep their cuts.
      bool evenWholeRows = r == rowTiles && rowTiles < kEvenChunks && columnUnits % c == 0 &&
                           chunks >= kEvenChunks && chunks % kEvenChunks == 0;
      if (chunks > maxChunks || (chunks < fewest && !evenWholeRows))
        continue;
      int64_t read = chunks * (r * rowsPerTile + c * columnsPerUnit);
      // A smaller last chunk only along the columns (panels: its tiles stay
      // whole); a dynamic row count leaves a chunk's rows untiled.
      if (rowTiles % r == 0)
        any.consider(read, chunks, r, c);
      if (rowTiles % r == 0 && columnUnits % c == 0) {
        equal.consider(read, chunks, r, c);
        if (chunks % kEvenChunks == 0)
          evenlyShared.consider(read, chunks, r, c);
        if (r == rowTiles)
          wholeRows.consider(read, chunks, r, c);
      }
    }
  // Equal chunks are handed out to the threads in equal shares: 36 of them
  // on 16 threads take three rounds, the last with 4 threads busy, where
  // 32 take two full ones. A count that 16 (so 2, 4 and 8) threads share
  // evenly wins unless it reads more than a tenth more.
  if (evenlyShared.chunks && 10 * evenlyShared.read <= 11 * equal.read)
    equal = evenlyShared;
  // Rows that are not whole tiles (vit_b_16's 197) are split where the last
  // whole tile ends when they are cut: the few rows left over become a
  // contraction of their own, one more parallel loop, and the product
  // reaches its consumer in two parts, which then cannot be computed in the
  // chunks (cpu::fuseEpilogue). Cut along the columns only, the rows stay
  // whole (the register tiling peels the last few): taken unless it reads
  // more than a tenth more (vit_b_16's 768 -> 3072 projection: 32 chunks
  // of 197 rows x 3 panels read as much as 32 of 96 rows x 6 panels).
  if (rowExtent % rowsPerTile != 0 && wholeRows.chunks && equal.chunks &&
      10 * wholeRows.read <= 11 * equal.read)
    equal = wholeRows;
  const Cut &best = equal.chunks && 5 * any.read >= 4 * equal.read ? equal : any;
  if (!best.chunks)
    return std::nullopt;
  return std::make_pair(Chunking{rows.loop, best.r * rows.tile, rows.tile},
                        Chunking{columns.loop, best.c * columns.tile, columns.tile});
}

/// Splits `op` along `chunking`'s loop where its last whole tile ends: the
/// first part is chunked in whole tiles, so every chunk is static and all
/// tiles are full; the rest (fewer rows or columns than a tile) is another
/// op, chunked on its own if it is large enough. Without the split, the
/// last chunk would be partial and every chunk's shapes dynamic, which
/// costs each chunk a scalar remainder loop and more code to compile.
linalg::LinalgOp splitAtWholeTiles(RewriterBase &rewriter, linalg::LinalgOp op,
                                   const Chunking &chunking,
                                   SmallVectorImpl<linalg::LinalgOp> &worklist) {
  int64_t extent = op.getStaticLoopRanges()[chunking.loop];
  int64_t whole = extent - extent % chunking.tile;
  if (chunking.tile == 1 || whole == extent || whole == 0)
    return op;
  rewriter.setInsertionPoint(op);
  auto [head, tail] = linalg::splitOp(rewriter, cast<TilingInterface>(op.getOperation()),
                                      chunking.loop, rewriter.getIndexAttr(whole));
  worklist.push_back(cast<linalg::LinalgOp>(tail.getOperation()));
  return cast<linalg::LinalgOp>(head.getOperation());
}

class ParallelizeLoopsPass : public impl::ParallelizeLoopsBase<ParallelizeLoopsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      // Fills and copies too: memory-bound, but one core does not saturate
      // the memory (a 25 MB fill of gpt2's logits took 2.2 ms on one Xeon
      // core), and the spinning pool costs a few microseconds a loop. Ops
      // already inside a chunk stay as they are.
      if (!op.hasPureTensorSemantics() || op->getParentOfType<scf::ForallOp>())
        return;
      candidates.push_back(op);
    });
    // Pop them in program order; ops split off a contraction are pushed
    // back and handled next.
    std::reverse(candidates.begin(), candidates.end());
    IRRewriter rewriter(&getContext());
    while (!candidates.empty()) {
      linalg::LinalgOp op = candidates.pop_back_val();
      // What starts a contraction's accumulator (its zero fill, its bias)
      // is computed chunk by chunk in the contraction's loop
      // (cpu::initsInChunks); one left over is cut below.
      if (startsContraction(op)) {
        deferred.insert(op);
        continue;
      }
      chunk(rewriter, op, candidates);
    }
    SmallVector<Operation *> leftover = deferred.takeVector();
    for (Operation *op : leftover)
      chunk(rewriter, cast<linalg::LinalgOp>(op), candidates);
  }

private:
  /// Init producers (cpu::isInitProducer) waiting for their contraction.
  llvm::SetVector<Operation *> deferred;

  /// Whether `op`'s only reader is a row-major contraction it starts.
  static bool startsContraction(linalg::LinalgOp op) {
    if (!op->hasOneUse() || !cpu::isInitProducer(op))
      return false;
    OpOperand &use = *op->getUses().begin();
    auto reader = dyn_cast<linalg::LinalgOp>(use.getOwner());
    return reader && reader.isDpsInit(&use) && cpu::matchRowMajorContraction(reader);
  }

  /// Cuts `op` into chunks (scf.forall) if it is large enough; a
  /// contraction's chunks also fill its accumulator and compute its
  /// elementwise consumer, which leaves `candidates`.
  void chunk(IRRewriter &rewriter, linalg::LinalgOp op,
             SmallVectorImpl<linalg::LinalgOp> &candidates) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (cpu::iterationPoints(ranges) < minWork)
      return;
    SmallVector<Chunking, 2> chunking;
    std::optional<cpu::ContractionLoops> loops = cpu::matchRowMajorContraction(op);
    if (loops) {
      cpu::RegisterTile tile = cpu::registerTile(vectorBits);
      SmallVector<Chunking> cuttable = contractionChunkLoops(*loops, ranges, tile);
      // Rows and columns both cuttable: the cut that reads the least.
      if (cuttable.size() >= 2) {
        Chunking rows = cuttable[0], columns = cuttable[1];
        if (rows.loop != loops->m)
          std::swap(rows, columns);
        // Only where the columns are a packed weight's panels (the linear
        // layers of CPU-only libraries): measured on the 16-core Xeon
        // (profiled matmul time, 3 alternated rounds), bert-base -17% and
        // vit_b_16 -7%, but resnet50's convolutions +6%, so those keep
        // the cut below.
        int64_t perUnit = panelColumns(op, *loops, columns.loop, ranges);
        std::optional<std::pair<Chunking, Chunking>> cut;
        if (rows.loop == loops->m && perUnit > 0)
          cut = leastReadingChunks(rows, ranges[rows.loop], columns, ranges[columns.loop],
                                   perUnit, rows.tile, maxChunks);
        // Only a loop that is cut is split where its last whole tile
        // ends (the rest of a loop kept whole is peeled by the tiling).
        if (cut)
          for (const Chunking &c : {cut->first, cut->second}) {
            int64_t whole = ranges[c.loop] - ranges[c.loop] % c.tile;
            if (c.size >= whole)
              continue;
            op = splitAtWholeTiles(rewriter, op, c, candidates);
            ranges = op.getStaticLoopRanges();
            chunking.push_back(c);
          }
      }
      // Otherwise whole tiles along the loop with the most of them; if
      // that gives fewer than half of max-chunks, along the next one too
      // (a 2-d forall): 24 column tiles make 24 chunks that 16 threads
      // take in two rounds, half of them idle in the second; 16 row tiles
      // x 24 column tiles in 48 chunks take three full rounds.
      int64_t chunks = 1;
      for (Chunking c : chunking.empty() ? cuttable : SmallVector<Chunking>{}) {
        op = splitAtWholeTiles(rewriter, op, c, candidates);
        ranges = op.getStaticLoopRanges();
        int64_t tiles = llvm::divideCeil(ranges[c.loop], c.tile);
        c.size = cpu::chunkSize(tiles, llvm::divideCeil(maxChunks, chunks)) * c.tile;
        chunks *= llvm::divideCeil(ranges[c.loop], c.size);
        chunking.push_back(c);
        if (chunking.size() == 2 || 2 * chunks >= maxChunks)
          break;
      }
    } else if (std::optional<unsigned> loop = cpu::chooseLoop(op, ranges)) {
      chunking.push_back(Chunking{*loop, cpu::chunkSize(ranges[*loop], maxChunks)});
      // Too few chunks for the threads (vit_b_16's q, k and v split off
      // as 3 chunks, its heads transposed in 12): cut the next parallel
      // loop too, never the innermost (LLVM's vector loop).
      int64_t chunks = llvm::divideCeil(ranges[*loop], chunking.front().size);
      for (unsigned d = *loop + 1; 2 * chunks < maxChunks && d + 1 < ranges.size(); ++d)
        if (cpu::isSplittable(op, ranges, d)) {
          chunking.push_back(
              Chunking{d, cpu::chunkSize(ranges[d], llvm::divideCeil(maxChunks, chunks))});
          break;
        }
    }
    if (chunking.empty())
      return;
    SmallVector<OpFoldResult> tileSizes(ranges.size(), rewriter.getIndexAttr(0));
    for (const Chunking &c : chunking)
      tileSizes[c.loop] = rewriter.getIndexAttr(c.size);
    scf::SCFTilingOptions options;
    options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
    options.setTileSizes(tileSizes);
    rewriter.setInsertionPoint(op);
    FailureOr<scf::SCFTilingResult> tiled =
        scf::tileUsingSCF(rewriter, cast<TilingInterface>(op.getOperation()), options);
    // An op that cannot be tiled runs on one thread: slower, not wrong.
    if (failed(tiled))
      return;
    rewriter.replaceOp(op, tiled->replacements);
    auto loop = dyn_cast<scf::ForallOp>(tiled->loops.front().getOperation());
    if (!loops || !loop)
      return;
    for (Operation *moved : cpu::initsInChunks(rewriter, loop))
      deferred.remove(moved);
    if (!fuseEpilogues)
      return;
    if (linalg::GenericOp consumer = cpu::findEpilogue(loop)) {
      llvm::erase(candidates, linalg::LinalgOp(consumer));
      // Not fused: the consumer (as the attempt left it) is cut on its own.
      if (failed(cpu::fuseEpilogue(rewriter, loop, consumer)) && consumer)
        candidates.push_back(consumer);
    }
  }
};

} // namespace
} // namespace pt2c
