//===- ParallelizeLoops.cpp - The pt2c-parallelize pass -------------------===//
//
// Splits each large linalg op into scf.forall chunks along one parallel
// loop; the CPU pipeline turns the forall into an OpenMP region that the
// runtime's __kmpc_* shim runs on the model's thread pool.
//
//===----------------------------------------------------------------------===//

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

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdint>
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

/// The loop to split: the outermost static parallel loop with 2 or more
/// iterations, the innermost (LLVM's vector loop) only as a last resort.
std::optional<unsigned> cpu::chooseLoop(linalg::LinalgOp op, ArrayRef<int64_t> ranges) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto splittable = [&](unsigned d) {
    return iterators[d] == utils::IteratorType::parallel && !ShapedType::isDynamic(ranges[d]) &&
           ranges[d] >= 2;
  };
  unsigned loops = ranges.size();
  for (unsigned d = 0; d + 1 < loops; ++d)
    if (splittable(d))
      return d;
  if (loops > 0 && splittable(loops - 1))
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
  SmallVector<Chunking> candidates = {{loops.n, 0, tile.columns}, {loops.m, 0, tile.rows}};
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
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      if (cpu::iterationPoints(ranges) < minWork)
        continue;
      SmallVector<Chunking, 2> chunking;
      if (std::optional<cpu::ContractionLoops> loops = cpu::matchRowMajorContraction(op)) {
        // Whole tiles along the loop with the most of them; if that gives
        // fewer than half of max-chunks, along the next one too (a 2-d
        // forall): bert's 768-column projections have 24 panels of 32
        // columns, 24 chunks that 16 threads take in two rounds, half of
        // them idle in the second; 16 rows tiles x 24 panels in 48 chunks
        // take three full rounds.
        int64_t chunks = 1;
        for (Chunking c : contractionChunkLoops(*loops, ranges, cpu::registerTile(vectorBits))) {
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
      }
      if (chunking.empty())
        continue;
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
        continue;
      rewriter.replaceOp(op, tiled->replacements);
    }
  }
};

} // namespace
} // namespace pt2c
