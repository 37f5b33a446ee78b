//===- FlashAttentionMma.cpp - Flash attention on tensor cores ------------===//
//
// The float16/bfloat16 form of FlashAttention.h's kernel, FlashAttention-2's
// scheme on `mma.sync.m16n8k16` (sm_80 and later):
//
// - a block of 4 warps takes 64 query rows of one batch point; each warp
//   owns 16 of them, loaded once as A fragments that stay in registers;
// - 64 keys at a time (32 when a head dim is over 128, so the tiles stay
//   within 48 KiB of shared memory) are staged in shared memory with their
//   values, as pairs of 16-bit elements packed in 32-bit words: keys
//   row-major, values transposed, so each B fragment is two 32-bit shared
//   loads (rows padded by 4 words: the 8 rows a fragment load touches fall
//   in distinct banks);
// - scores S = Q·Kᵀ and the output O += P·V are tensor-core products with
//   float32 accumulators; the online softmax (FlashAttention.h) runs on the
//   accumulator fragments, a row's maximum shared among the 4 lanes (a
//   quad) that hold it, in base 2 (exp2 of scores scaled by log2 e); P is
//   rounded to the 16-bit type for the second product, as FlashAttention
//   does;
// - head dims that are not a multiple of 16 (values: 8) are zero-padded in
//   the tiles and never stored.
//
// Fragment layout (PTX ISA, mma.m16n8k16 with .bf16/.f16), lane = 4g + t:
//   A 16x16: {a0,a1} (g, 2t..2t+1), {a2,a3} (g+8, 2t..), {a4,a5} (g, 2t+8..),
//            {a6,a7} (g+8, 2t+8..);
//   B 16x8:  {b0,b1} (k 2t..2t+1, n g), {b2,b3} (k 2t+8.., n g);
//   C 16x8:  {c0,c1} (g, 2t..2t+1), {c2,c3} (g+8, 2t..2t+1).
// Two neighbouring C tiles of S are exactly P's A fragment for 16 keys.
//
//===----------------------------------------------------------------------===//

#include "AttentionEmitter.h"
#include "BoundedAffine.h"
#include "KernelBody.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <array>
#include <limits>

namespace pt2c::kernel {

using namespace mlir;

namespace {

constexpr int64_t kWarps = 4;         ///< per block
constexpr int64_t kRowsPerWarp = 16;  ///< an mma tile's rows
constexpr int64_t kRowsPerBlock = kWarps * kRowsPerWarp;
constexpr int64_t kKeyTile = 64;      ///< keys staged at a time
constexpr int64_t kWideKeyTile = 32;  ///< the same when a head dim is over kWideDim
constexpr int64_t kWideDim = 128;
constexpr int64_t kMaxDim = 256;
constexpr int64_t kPadWords = 4;      ///< per shared row (bank spread)
/// Scores are kept in base 2 (scaled by log2(e)), so each exponential is
/// one exp2 (the hardware's ex2) instead of exp's range reduction first.
constexpr double kLog2E = 1.4426950408889634;
/// Key and transposed value tiles, in bytes (32-bit words of two elements).
constexpr int64_t tileBytes(int64_t keys, int64_t dim) {
  return (keys * (dim / 2 + kPadWords) + dim * (keys / 2 + kPadWords)) * 4;
}
// Both tile forms at their largest head dims stay within the 48 KiB a
// kernel may take without opting in.
static_assert(tileBytes(kKeyTile, kWideDim) <= 48 * 1024);
static_assert(tileBytes(kWideKeyTile, kMaxDim) <= 48 * 1024);

/// Keys staged at a time for these (padded) head dims. At head dims over
/// 128 the 64-key tiles would need about 70 KB.
int64_t keyTileFor(int64_t headDim, int64_t valueDim) {
  return headDim > kWideDim || valueDim > kWideDim ? kWideKeyTile : kKeyTile;
}

int64_t roundUp(int64_t value, int64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

using Accumulator = std::array<Value, 4>; ///< c0..c3 of one 16x8 tile

/// Emitter plus the 16-bit element type and tensor-core products.
class MmaEmitter : public Emitter {
public:
  MmaEmitter(OpBuilder &b, Location loc, Type element) : Emitter(b, loc), element(element) {}

  Value i32(int64_t value) { return arith::ConstantIntOp::create(b, loc, b.getI32Type(), value); }

  /// A 16-bit element (or an f32 rounded to the element type) as the low
  /// half of an i32.
  Value bits(Value value) {
    if (value.getType() != element)
      value = arith::TruncFOp::create(b, loc, element, value);
    Value half = arith::BitcastOp::create(b, loc, b.getI16Type(), value);
    return arith::ExtUIOp::create(b, loc, b.getI32Type(), half);
  }

  /// Two elements' bits in one word, the first in the low half (a register
  /// pair of a fragment: the lower column first).
  Value pack(Value low, Value high) {
    return arith::OrIOp::create(b, loc, low, arith::ShLIOp::create(b, loc, high, i32(16)));
  }

  /// The bits of the operand's element at the kernel's indices, 0 where
  /// `valid` is false (the indices must be in bounds regardless).
  Value loadBits(const AttentionOperand &operand, ArrayRef<Value> indices, Value valid) {
    Value value =
        memref::LoadOp::create(b, loc, operand.buffer, indicesAt(b, loc, operand.map, indices));
    Value word = bits(value);
    return valid ? select(valid, word, i32(0)) : word;
  }

  /// D = A·B + C on one m16n8k16 tile: A four words, B two, C four f32.
  Accumulator mma(ArrayRef<Value> a, ArrayRef<Value> bWords, const Accumulator &c) {
    auto operand = [&](Value word) -> Value {
      if (element.isBF16())
        return word; // bf16 pairs travel as i32
      return LLVM::BitcastOp::create(b, loc, VectorType::get({2}, element), word);
    };
    SmallVector<Value> aOperands, bOperands;
    for (Value word : a)
      aOperands.push_back(operand(word));
    for (Value word : bWords)
      bOperands.push_back(operand(word));
    Type f32 = b.getF32Type();
    Type result = LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
    NVVM::MMATypes type = element.isBF16() ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16;
    auto op = NVVM::MmaOp::create(
        b, loc, result, aOperands, bOperands, ValueRange(c), ArrayRef<int64_t>{16, 8, 16},
        std::nullopt, std::nullopt, std::array<NVVM::MMATypes, 2>{type, type},
        std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row, NVVM::MMALayout::col});
    Accumulator d;
    for (int64_t i = 0; i < 4; ++i)
      d[i] = LLVM::ExtractValueOp::create(b, loc, op.getResult(), i);
    return d;
  }

  Type element;
};

constexpr int64_t kVector = 8; ///< 16-bit elements per 16-byte global load

/// Whether the operand's rows can be read 8 columns (16 bytes) at a time:
/// its buffer a row-major allocation (64-byte aligned; seen through views
/// that keep its start) whose last dim and every index but the column's
/// step are multiples of 8 elements, and the column (the kernel's last
/// dim) only advancing the buffer's last index, by 1. Anything else (a
/// caller's tensor of unknown alignment, a transposed read) stays on
/// 2-byte loads.
bool readsAlignedVectors(const AttentionOperand &operand, int64_t columns) {
  auto type = dyn_cast<MemRefType>(operand.buffer.getType());
  if (columns % kVector != 0 || !type || !type.getLayout().isIdentity() ||
      !type.hasStaticShape() || type.getElementTypeBitWidth() != 16 ||
      type.getShape().back() % kVector != 0)
    return false;
  Value base = operand.buffer;
  while (!base.getDefiningOp<memref::AllocOp>()) {
    Operation *view = base.getDefiningOp();
    if (!isa_and_nonnull<memref::ReshapeOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
                         memref::CastOp>(view))
      return false;
    base = view->getOperand(0);
  }
  unsigned dims = operand.map.getNumDims(), column = dims - 1;
  for (auto [position, result] : llvm::enumerate(operand.map.getResults())) {
    std::optional<LinearForm> form = linearForm(result, dims);
    if (!form)
      return false;
    bool last = position + 1 == operand.map.getNumResults();
    if (!last && form->coefficients[column] != 0)
      return false;
    if (last) {
      if (form->coefficients[column] != 1 || form->constant % kVector != 0)
        return false;
      for (unsigned d = 0; d < column; ++d)
        if (form->coefficients[d] % kVector != 0)
          return false;
    }
  }
  return true;
}

/// A value to put in a shared tile: a word, or a vector of words.
struct TileStore {
  Value value, tile, row, column;
};

} // namespace

bool flashAttentionMmaSupports(const AttentionKernel &k) {
  // Tensors while pt2c-attention-to-kernel decides, buffers when emitted.
  Type element = cast<ShapedType>(k.query.buffer.getType()).getElementType();
  if (!element.isBF16() && !element.isF16())
    return false;
  for (const AttentionOperand *operand : {&k.key, &k.value})
    if (cast<ShapedType>(operand->buffer.getType()).getElementType() != element)
      return false;
  return k.headDim >= 1 && k.valueDim >= 1 && k.headDim <= kMaxDim && k.valueDim <= kMaxDim;
}

void emitFlashAttentionMma(OpBuilder &b, Location loc, const AttentionKernel &k) {
  MmaEmitter e(b, loc, cast<MemRefType>(k.query.buffer.getType()).getElementType());
  const int64_t headDim = roundUp(k.headDim, 16); // the QKᵀ product's k
  const int64_t valueDim = roundUp(k.valueDim, 8); // O's n
  const int64_t keysPerTile = keyTileFor(headDim, valueDim);
  const int64_t keyWords = headDim / 2 + kPadWords;
  const int64_t valueWords = keysPerTile / 2 + kPadWords;
  const int64_t threads = kWarps * kWarpSize;
  const int64_t rowBlocks = (k.queries + kRowsPerBlock - 1) / kRowsPerBlock;

  Value one = e.index(1);
  auto launch = gpu::LaunchOp::create(b, loc, e.mul(batchCount(e, k), e.index(rowBlocks)), one,
                                      one, e.index(threads), one, one);
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  auto shared = [&](int64_t rows, int64_t words) {
    return launch.addWorkgroupAttribution(
        MemRefType::get({rows, words}, b.getI32Type(), MemRefLayoutAttrInterface(), workgroup),
        loc);
  };
  Value keyTile = shared(keysPerTile, keyWords);      // [key][pair of head columns]
  Value valueTile = shared(valueDim, valueWords);  // [value column][pair of keys]

  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(&launch.getBody().front());
  b.setInsertionPoint(gpu::TerminatorOp::create(b, loc));

  BlockPosition position = blockPosition(e, launch, k, kRowsPerBlock);
  Value thread = position.thread, warp = position.warp, firstRow = position.firstRow;
  Value group = e.div(position.lane, e.index(4));  // g: the fragment row
  Value inGroup = e.rem(position.lane, e.index(4)); // t: the fragment column pair
  auto at = [&](Value row, Value column) { return atPoint(position.indices, row, column); };

  Value warpRow = e.add(firstRow, e.mul(warp, e.index(kRowsPerWarp)));
  // This lane's two rows (g and g + 8 of the warp's 16), and where they are
  // read (rows past L repeat the last: computed, never stored).
  std::array<Value, 2> rows = {e.add(warpRow, group), e.add(warpRow, e.add(group, e.index(8)))};
  Value lastQuery = e.index(k.queries - 1), lastKey = e.index(k.keys - 1);
  std::array<Value, 2> readRows = {e.min(rows[0], lastQuery), e.min(rows[1], lastQuery)};
  Value pairColumn = e.mul(inGroup, e.index(2)); // 2t

  // A column of a head dim padded to `padded`: read clamped, zero past
  // `size` (no test when nothing is padded).
  auto column = [&](Value at, int64_t size, int64_t padded) -> std::pair<Value, Value> {
    if (size == padded)
      return {at, Value()};
    return {e.min(at, e.index(size - 1)), e.less(at, e.index(size))};
  };

  // The warp's query rows as A fragments, one per 16 head columns.
  SmallVector<std::array<Value, 4>> queryFragments;
  for (int64_t kk = 0; kk < headDim / 16; ++kk) {
    std::array<Value, 4> fragment;
    for (int64_t h = 0; h < 4; ++h) {
      Value first = e.add(pairColumn, e.index(16 * kk + 8 * (h / 2)));
      Value halves[2];
      for (int64_t i = 0; i < 2; ++i) {
        auto [read, valid] = column(e.add(first, e.index(i)), k.headDim, headDim);
        halves[i] = e.loadBits(k.query, at(readRows[h % 2], read), valid);
      }
      fragment[h] = e.pack(halves[0], halves[1]);
    }
    queryFragments.push_back(fragment);
  }

  float inf = std::numeric_limits<float>::infinity();
  Value negInf = e.f32(-inf), zero = e.f32(0.0);
  const int64_t outputTiles = valueDim / 8;
  // Carried: each row's running maximum and this lane's part of its sum
  // (the quad's parts are added at the end), then the output tiles.
  SmallVector<Value> state = {negInf, negInf, zero, zero};
  state.append(outputTiles * 4, zero);
  Value keyEnd = e.index(k.keys);
  if (k.causal)
    keyEnd = e.min(keyEnd, e.add(firstRow, e.index(kRowsPerBlock)));
  Value zeroIndex = e.index(0);
  auto tiles = scf::ForOp::create(b, loc, zeroIndex, keyEnd, e.index(keysPerTile), state);
  {
    OpBuilder::InsertionGuard inside(b);
    b.setInsertionPointToStart(tiles.getBody());
    Value tileStart = tiles.getInductionVar();
    ValueRange carried = tiles.getRegionIterArgs();
    Value keyCount = e.index(k.keys);
    // Everyone is done with the previous tile.
    gpu::BarrierOp::create(b, loc);
    // Stages `count` pieces, piece i's stores from piece(i): every thread
    // first issues all its global loads, then stores, so the loads'
    // latencies overlap instead of adding up one piece at a time. A last
    // round with fewer pieces than threads is guarded.
    auto stage = [&](int64_t count, function_ref<SmallVector<TileStore>(Value)> piece) {
      auto store = [&](const TileStore &s) {
        // Owned: a ValueRange over a braced list would point at a temporary
        // array gone by the next statement.
        SmallVector<Value, 2> at{s.row, s.column};
        if (isa<VectorType>(s.value.getType()))
          vector::StoreOp::create(b, loc, s.value, s.tile, at);
        else
          memref::StoreOp::create(b, loc, s.value, s.tile, at);
      };
      SmallVector<TileStore> stores;
      int64_t first = 0;
      for (; first + threads <= count; first += threads)
        stores.append(piece(e.add(thread, e.index(first))));
      for (const TileStore &s : stores)
        store(s);
      if (first < count) {
        Value i = e.add(thread, e.index(first));
        auto guard = scf::IfOp::create(b, loc, e.less(i, e.index(count)), false);
        OpBuilder::InsertionGuard inGuard(b);
        b.setInsertionPointToStart(guard.thenBlock());
        for (const TileStore &s : piece(i))
          store(s);
      }
    };
    // 8 columns of one row of `operand` as one 16-byte load, the whole
    // vector zero where `valid` is false; as 8 i16.
    auto loadVector = [&](const AttentionOperand &operand, Value row, Value firstColumn,
                          int64_t size, Value valid) {
      Value read = e.min(firstColumn, e.index(size - kVector));
      Type element = cast<MemRefType>(operand.buffer.getType()).getElementType();
      auto vectorType = VectorType::get({kVector}, element);
      Value loaded = vector::LoadOp::create(b, loc, vectorType, operand.buffer,
                                            indicesAt(b, loc, operand.map, at(row, read)),
                                            /*nontemporal=*/false, llvm::MaybeAlign(16));
      auto halves = VectorType::get({kVector}, b.getI16Type());
      Value bits = vector::BitCastOp::create(b, loc, halves, loaded);
      Value zeros = arith::ConstantOp::create(b, loc, DenseElementsAttr::get(halves, int16_t(0)));
      return e.select(valid, bits, zeros);
    };
    if (readsAlignedVectors(k.key, k.headDim)) {
      // Keys, 8 head columns of one key at a time: 4 words (j, 4v..4v+3).
      stage(keysPerTile * headDim / kVector, [&](Value i) -> SmallVector<TileStore> {
        Value j = e.div(i, e.index(headDim / kVector)), v = e.rem(i, e.index(headDim / kVector));
        Value key = e.add(tileStart, j), firstColumn = e.mul(v, e.index(kVector));
        Value valid = e.both(e.less(key, keyCount), e.less(firstColumn, e.index(k.headDim)));
        Value bits = loadVector(k.key, e.min(key, lastKey), firstColumn, k.headDim, valid);
        Value words =
            vector::BitCastOp::create(b, loc, VectorType::get({kVector / 2}, b.getI32Type()), bits);
        return {{words, keyTile, j, e.mul(v, e.index(kVector / 2))}};
      });
    } else {
      // Keys: word (j, c) holds key j's head columns 2c and 2c + 1.
      stage(keysPerTile * headDim / 2, [&](Value i) -> SmallVector<TileStore> {
        Value j = e.div(i, e.index(headDim / 2)), c = e.rem(i, e.index(headDim / 2));
        Value key = e.add(tileStart, j);
        Value keyValid = e.less(key, keyCount), readKey = e.min(key, lastKey);
        Value halves[2];
        for (int64_t h = 0; h < 2; ++h) {
          auto [read, valid] =
              column(e.add(e.mul(c, e.index(2)), e.index(h)), k.headDim, headDim);
          halves[h] =
              e.loadBits(k.key, at(readKey, read), valid ? e.both(valid, keyValid) : keyValid);
        }
        return {{e.pack(halves[0], halves[1]), keyTile, j, c}};
      });
    }
    if (readsAlignedVectors(k.value, k.valueDim)) {
      // Values transposed, 8 columns of keys 2p and 2p + 1 at a time: the
      // words (8g + c, p), neighbouring threads taking neighbouring p.
      stage(keysPerTile / 2 * (valueDim / kVector), [&](Value i) -> SmallVector<TileStore> {
        Value p = e.rem(i, e.index(keysPerTile / 2)), g = e.div(i, e.index(keysPerTile / 2));
        Value firstColumn = e.mul(g, e.index(kVector));
        Value columnValid = e.less(firstColumn, e.index(k.valueDim));
        Value bits[2];
        for (int64_t h = 0; h < 2; ++h) {
          Value key = e.add(tileStart, e.add(e.mul(p, e.index(2)), e.index(h)));
          bits[h] = loadVector(k.value, e.min(key, lastKey), firstColumn, k.valueDim,
                               e.both(e.less(key, keyCount), columnValid));
        }
        SmallVector<TileStore> stores;
        for (int64_t c = 0; c < kVector; ++c) {
          auto word = [&](Value v) {
            Value half = vector::ExtractOp::create(b, loc, v, c);
            return arith::ExtUIOp::create(b, loc, b.getI32Type(), half).getResult();
          };
          stores.push_back({e.pack(word(bits[0]), word(bits[1])), valueTile,
                            e.add(firstColumn, e.index(c)), p});
        }
        return stores;
      });
    } else {
      // Values transposed: word (n, p) holds value column n of keys 2p and
      // 2p + 1 (neighbouring threads read neighbouring columns of a key).
      stage(valueDim * keysPerTile / 2, [&](Value i) -> SmallVector<TileStore> {
        Value n = e.rem(i, e.index(valueDim)), p = e.div(i, e.index(valueDim));
        auto [read, columnValid] = column(n, k.valueDim, valueDim);
        Value halves[2];
        for (int64_t h = 0; h < 2; ++h) {
          Value key = e.add(tileStart, e.add(e.mul(p, e.index(2)), e.index(h)));
          Value valid = e.less(key, keyCount);
          if (columnValid)
            valid = e.both(valid, columnValid);
          halves[h] = e.loadBits(k.value, at(e.min(key, lastKey), read), valid);
        }
        return {{e.pack(halves[0], halves[1]), valueTile, n, p}};
      });
    }
    gpu::BarrierOp::create(b, loc);

    // B fragment words of `tile` for fragment column `n0` + g and the k
    // range starting at word `word0`: (t) and (4 + t).
    auto bFragment = [&](Value tile, int64_t n0, int64_t word0) -> std::array<Value, 2> {
      Value rowIndex = e.add(group, e.index(n0));
      return {memref::LoadOp::create(b, loc, tile, ValueRange{rowIndex, e.add(inGroup, e.index(word0))}),
              memref::LoadOp::create(b, loc, tile,
                                     ValueRange{rowIndex, e.add(inGroup, e.index(word0 + 4))})};
    };

    // Scores of the warp's 16 rows against the tile's keys, in tiles of 8
    // keys; scaled, masked, -inf past the keys (and above the diagonal).
    SmallVector<Accumulator> scores;
    for (int64_t j = 0; j < keysPerTile / 8; ++j) {
      Accumulator acc = {zero, zero, zero, zero};
      for (int64_t kk = 0; kk < headDim / 16; ++kk)
        acc = e.mma(queryFragments[kk], bFragment(keyTile, 8 * j, 8 * kk), acc);
      for (int64_t i = 0; i < 4; ++i) {
        Value key = e.add(tileStart, e.add(pairColumn, e.index(8 * j + (i & 1))));
        Value readKey = e.min(key, lastKey);
        Value score = arith::MulFOp::create(b, loc, acc[i], e.f32(k.scale * kLog2E));
        for (const AttentionMask &mask : k.masks) {
          Value value = e.load(mask.operand, at(readRows[i / 2], readKey));
          score = mask.additive ? e.fma(value, e.f32(kLog2E), score)
                                : e.select(value, score, negInf);
        }
        Value kept = e.less(key, keyCount);
        if (k.causal)
          kept = e.both(kept, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, key,
                                                    rows[i / 2]));
        acc[i] = e.select(kept, score, negInf);
      }
      scores.push_back(acc);
    }

    // Online softmax per row r (accumulator entries 2r and 2r + 1).
    SmallVector<Value> next(carried.begin(), carried.end());
    std::array<Value, 2> rescales;
    for (int64_t r = 0; r < 2; ++r) {
      Value tileMax = negInf;
      for (const Accumulator &acc : scores)
        tileMax = e.maximum(tileMax, e.maximum(acc[2 * r], acc[2 * r + 1]));
      Value previous = carried[r];
      Value maximum = e.maximum(previous, e.butterfly(tileMax, true, 4));
      // Exponentials against the running maximum (0 while every score so
      // far is -inf, so no -inf - -inf appears).
      Value noneYet = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, maximum, negInf);
      Value pivot = e.select(noneYet, zero, maximum);
      rescales[r] = math::Exp2Op::create(b, loc, arith::SubFOp::create(b, loc, previous, pivot));
      Value sum = arith::MulFOp::create(b, loc, carried[2 + r], rescales[r]);
      for (Accumulator &acc : scores)
        for (int64_t i = 2 * r; i < 2 * r + 2; ++i) {
          acc[i] = math::Exp2Op::create(b, loc, arith::SubFOp::create(b, loc, acc[i], pivot));
          sum = arith::AddFOp::create(b, loc, sum, acc[i]);
        }
      next[r] = maximum;
      next[2 + r] = sum;
    }

    // O = O · rescale + P·V, 16 keys per product.
    SmallVector<Accumulator> outputs;
    for (int64_t n = 0; n < outputTiles; ++n) {
      Accumulator acc;
      for (int64_t i = 0; i < 4; ++i)
        acc[i] = arith::MulFOp::create(b, loc, carried[4 + 4 * n + i], rescales[i / 2]);
      outputs.push_back(acc);
    }
    for (int64_t kk = 0; kk < keysPerTile / 16; ++kk) {
      const Accumulator &left = scores[2 * kk], &right = scores[2 * kk + 1];
      std::array<Value, 4> probabilities = {
          e.pack(e.bits(left[0]), e.bits(left[1])), e.pack(e.bits(left[2]), e.bits(left[3])),
          e.pack(e.bits(right[0]), e.bits(right[1])), e.pack(e.bits(right[2]), e.bits(right[3]))};
      for (int64_t n = 0; n < outputTiles; ++n)
        outputs[n] = e.mma(probabilities, bFragment(valueTile, 8 * n, 8 * kk), outputs[n]);
    }
    for (int64_t n = 0; n < outputTiles; ++n)
      for (int64_t i = 0; i < 4; ++i)
        next[4 + 4 * n + i] = outputs[n][i];
    scf::YieldOp::create(b, loc, next);
  }

  // Each row's columns divided by its sum (the quad's parts added), stored
  // where the row and column exist.
  Type outputElement = cast<MemRefType>(k.output.buffer.getType()).getElementType();
  for (int64_t r = 0; r < 2; ++r) {
    Value sum = e.butterfly(tiles.getResult(2 + r), false, 4);
    auto rowExists = scf::IfOp::create(b, loc, e.less(rows[r], e.index(k.queries)), false);
    OpBuilder::InsertionGuard inside(b);
    b.setInsertionPointToStart(rowExists.thenBlock());
    for (int64_t n = 0; n < outputTiles; ++n)
      for (int64_t i = 0; i < 2; ++i) {
        Value columnIndex = e.add(pairColumn, e.index(8 * n + i));
        OpBuilder::InsertionGuard store(b);
        if (valueDim != k.valueDim) {
          auto columnExists =
              scf::IfOp::create(b, loc, e.less(columnIndex, e.index(k.valueDim)), false);
          b.setInsertionPointToStart(columnExists.thenBlock());
        }
        Value result = arith::DivFOp::create(b, loc, tiles.getResult(4 + 4 * n + 2 * r + i), sum);
        if (!outputElement.isF32())
          result = arith::TruncFOp::create(b, loc, outputElement, result);
        memref::StoreOp::create(b, loc, result, k.output.buffer,
                                indicesAt(b, loc, k.output.map, at(rows[r], columnIndex)));
      }
  }
}

} // namespace pt2c::kernel
