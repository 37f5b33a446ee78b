//===- FlashAttention.cpp - One kernel for softmax(q·kᵀ·scale + masks)·v --===//

#include "AttentionEmitter.h"
#include "KernelBody.h"

#include <limits>

namespace pt2c::kernel {

using namespace mlir;

namespace {

constexpr int64_t kWarp = kWarpSize;
constexpr int64_t kWarps = 4; ///< per block
/// Query rows a warp carries at once. 8 (more reuse of each staged key)
/// measured slower than 4 on the H100: fewer blocks in flight, more
/// registers (bench/README.md).
constexpr int64_t kRowsPerWarp = 4;
constexpr int64_t kTile = 32; ///< keys per tile: one per lane
constexpr int64_t kMaxHeadDim = 128;
// The query, key (one column of padding) and value tiles at the largest
// head dims stay within the 48 KiB a kernel may take without opting in.
static_assert((kWarps * kRowsPerWarp * kMaxHeadDim + kTile * (kMaxHeadDim + 1) +
               kTile * kMaxHeadDim) * 4 <= 48 * 1024);

/// The shape of one block's work.
struct Layout {
  int64_t rowsPerBlock = kWarps * kRowsPerWarp;
  int64_t threads = kWarps * kWarp;
  int64_t valueChunks; ///< output columns per lane: ceil(Ev / 32)
};

} // namespace

bool flashAttentionSupports(int64_t headDim, int64_t valueDim) {
  return headDim >= 1 && valueDim >= 1 && headDim <= kMaxHeadDim && valueDim <= kMaxHeadDim;
}

void emitFlashAttention(OpBuilder &b, Location loc, const AttentionKernel &k) {
  Emitter e(b, loc);
  Layout layout;
  layout.valueChunks = (k.valueDim + kWarp - 1) / kWarp;
  const int64_t R = kRowsPerWarp;
  int64_t rowBlocks = (k.queries + layout.rowsPerBlock - 1) / layout.rowsPerBlock;

  Value batches = batchCount(e, k);
  Value one = e.index(1);
  auto launch = gpu::LaunchOp::create(b, loc, e.mul(batches, e.index(rowBlocks)), one, one,
                                      e.index(layout.threads), one, one);
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  auto shared = [&](int64_t rows, int64_t columns) {
    return launch.addWorkgroupAttribution(
        MemRefType::get({rows, columns}, b.getF32Type(), MemRefLayoutAttrInterface(), workgroup),
        loc);
  };
  // Keys padded by one column: lane j reads row j, so consecutive lanes hit
  // consecutive banks.
  Value queryTile = shared(layout.rowsPerBlock, k.headDim);
  Value keyTile = shared(kTile, k.headDim + 1);
  Value valueTile = shared(kTile, k.valueDim);

  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(&launch.getBody().front());
  b.setInsertionPoint(gpu::TerminatorOp::create(b, loc));

  BlockPosition position = blockPosition(e, launch, k, layout.rowsPerBlock);
  Value thread = position.thread, lane = position.lane, warp = position.warp;
  Value firstRow = position.firstRow;
  auto at = [&](Value row, Value column) { return atPoint(position.indices, row, column); };
  Value lastQuery = e.index(k.queries - 1), lastKey = e.index(k.keys - 1);
  Value threads = e.index(layout.threads), zeroIndex = e.index(0);

  // The block's query rows into shared memory (rows past L repeat the last:
  // they are computed and never stored).
  e.loop(thread, e.index(layout.rowsPerBlock * k.headDim), threads, [&](Value i) {
    Value r = e.div(i, e.index(k.headDim)), col = e.rem(i, e.index(k.headDim));
    Value row = e.min(e.add(firstRow, r), lastQuery);
    memref::StoreOp::create(b, loc, e.load(k.query, at(row, col)), queryTile,
                            ValueRange{r, col});
  });

  float inf = std::numeric_limits<float>::infinity();
  Value negInf = e.f32(-inf), zero = e.f32(0.0);
  // Carried per row: the running maximum, the running sum, the output
  // columns this lane owns.
  SmallVector<Value> state;
  state.append(R, negInf);
  state.append(R, zero);
  state.append(R * layout.valueChunks, zero);
  // Causal: no key past the block's last row is kept.
  Value keyEnd = e.index(k.keys);
  if (k.causal)
    keyEnd = e.min(keyEnd, e.add(firstRow, e.index(layout.rowsPerBlock)));
  auto tiles = scf::ForOp::create(b, loc, zeroIndex, keyEnd, e.index(kTile), state);
  {
    OpBuilder::InsertionGuard inside(b);
    b.setInsertionPointToStart(tiles.getBody());
    Value tileStart = tiles.getInductionVar();
    ValueRange carried = tiles.getRegionIterArgs();
    // Everyone is done with the previous tile (and the query rows are in).
    gpu::BarrierOp::create(b, loc);
    auto stage = [&](const AttentionOperand &operand, Value tile, int64_t width) {
      e.loop(thread, e.index(kTile * width), threads, [&](Value i) {
        Value j = e.div(i, e.index(width)), col = e.rem(i, e.index(width));
        Value key = e.add(tileStart, j);
        Value value = e.load(operand, at(e.min(key, lastKey), col));
        value = e.select(e.less(key, e.index(k.keys)), value, zero);
        memref::StoreOp::create(b, loc, value, tile, ValueRange{j, col});
      });
    };
    stage(k.key, keyTile, k.headDim);
    stage(k.value, valueTile, k.valueDim);
    gpu::BarrierOp::create(b, loc);

    // Scores of this lane's key against the warp's rows.
    Value key = e.add(tileStart, lane);
    Value keyValid = e.less(key, e.index(k.keys));
    Value keyClamped = e.min(key, lastKey);
    Value warpRow = e.mul(warp, e.index(R));
    auto dots = scf::ForOp::create(b, loc, zeroIndex, e.index(k.headDim), one,
                                   SmallVector<Value>(R, zero));
    {
      OpBuilder::InsertionGuard loopBody(b);
      b.setInsertionPointToStart(dots.getBody());
      Value col = dots.getInductionVar();
      Value keyValue = memref::LoadOp::create(b, loc, keyTile, ValueRange{lane, col});
      SmallVector<Value> next;
      for (int64_t r = 0; r < R; ++r) {
        Value query = memref::LoadOp::create(
            b, loc, queryTile, ValueRange{e.add(warpRow, e.index(r)), col});
        next.push_back(e.fma(query, keyValue, dots.getRegionIterArgs()[r]));
      }
      scf::YieldOp::create(b, loc, next);
    }

    SmallVector<Value> maxima, sums, outputs, probabilities;
    for (int64_t r = 0; r < R; ++r) {
      Value row = e.min(e.add(firstRow, e.add(warpRow, e.index(r))), lastQuery);
      Value score = arith::MulFOp::create(b, loc, dots.getResult(r), e.f32(k.scale));
      for (const AttentionMask &mask : k.masks) {
        Value value = e.load(mask.operand, at(row, keyClamped));
        score = mask.additive ? Value(arith::AddFOp::create(b, loc, score, value))
                              : e.select(value, score, negInf);
      }
      Value kept = keyValid;
      if (k.causal)
        kept = arith::AndIOp::create(
            b, loc, kept, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, key, row));
      score = e.select(kept, score, negInf);
      // Online softmax: exponentials are taken against the running maximum
      // (0 while every score so far is -inf, so no -inf - -inf appears).
      Value previous = carried[r];
      Value maximum = arith::MaximumFOp::create(b, loc, previous, e.butterfly(score, true));
      Value noneYet =
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, maximum, negInf);
      Value pivot = e.select(noneYet, zero, maximum);
      Value p = math::ExpOp::create(b, loc, arith::SubFOp::create(b, loc, score, pivot));
      Value rescale =
          math::ExpOp::create(b, loc, arith::SubFOp::create(b, loc, previous, pivot));
      Value sum = e.fma(carried[R + r], rescale, e.butterfly(p, false));
      maxima.push_back(maximum);
      sums.push_back(sum);
      probabilities.push_back(p);
      for (int64_t c = 0; c < layout.valueChunks; ++c)
        outputs.push_back(arith::MulFOp::create(
            b, loc, carried[2 * R + r * layout.valueChunks + c], rescale));
    }

    // Output columns += p_j * v[j, column] over the tile's keys, p_j from
    // lane j.
    auto values = scf::ForOp::create(b, loc, zeroIndex, e.index(kTile), one, outputs);
    {
      OpBuilder::InsertionGuard loopBody(b);
      b.setInsertionPointToStart(values.getBody());
      Value j = values.getInductionVar();
      Value source = arith::IndexCastOp::create(b, loc, b.getI32Type(), j);
      Value width = arith::ConstantIntOp::create(b, loc, b.getI32Type(), kWarp);
      SmallVector<Value> columns;
      for (int64_t c = 0; c < layout.valueChunks; ++c) {
        Value column = e.min(e.add(lane, e.index(c * kWarp)), e.index(k.valueDim - 1));
        columns.push_back(memref::LoadOp::create(b, loc, valueTile, ValueRange{j, column}));
      }
      SmallVector<Value> next;
      for (int64_t r = 0; r < R; ++r) {
        Value pj = gpu::ShuffleOp::create(
                       b, loc, probabilities[r], source, width,
                       gpu::ShuffleModeAttr::get(b.getContext(), gpu::ShuffleMode::IDX))
                       .getShuffleResult();
        for (int64_t c = 0; c < layout.valueChunks; ++c)
          next.push_back(e.fma(pj, columns[c],
                               values.getRegionIterArgs()[r * layout.valueChunks + c]));
      }
      scf::YieldOp::create(b, loc, next);
    }
    SmallVector<Value> yielded = maxima;
    yielded.append(sums);
    yielded.append(values.getResults().begin(), values.getResults().end());
    scf::YieldOp::create(b, loc, yielded);
  }

  // Each row's columns, divided by its sum, stored where the row exists.
  Value warpRow = e.mul(warp, e.index(R));
  for (int64_t r = 0; r < R; ++r) {
    Value row = e.add(firstRow, e.add(warpRow, e.index(r)));
    auto rowExists = scf::IfOp::create(b, loc, e.less(row, e.index(k.queries)), false);
    OpBuilder::InsertionGuard inside(b);
    b.setInsertionPointToStart(rowExists.thenBlock());
    Value sum = tiles.getResult(R + r);
    for (int64_t c = 0; c < layout.valueChunks; ++c) {
      Value column = e.add(lane, e.index(c * kWarp));
      auto columnExists =
          scf::IfOp::create(b, loc, e.less(column, e.index(k.valueDim)), false);
      OpBuilder::InsertionGuard store(b);
      b.setInsertionPointToStart(columnExists.thenBlock());
      Value result = arith::DivFOp::create(
          b, loc, tiles.getResult(2 * R + r * layout.valueChunks + c), sum);
      Type outputElement = cast<MemRefType>(k.output.buffer.getType()).getElementType();
      if (!outputElement.isF32())
        result = arith::TruncFOp::create(b, loc, outputElement, result);
      memref::StoreOp::create(b, loc, result, k.output.buffer,
                              indicesAt(b, loc, k.output.map, at(row, column)));
    }
  }
}

} // namespace pt2c::kernel
