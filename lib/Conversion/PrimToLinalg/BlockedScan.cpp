//===- BlockedScan.cpp - long cumsum/cumprod rows as scans of blocks ------===//
//
// The scan lowering (Gather.cpp) gives every output its own reduction over
// the row up to it: O(n^2) per row, fine for short rows and fully parallel,
// but a running count over a flattened [512, 512] mask (nonzero,
// masked_scatter) is 2^36 terms. A static row longer than kLongScan is
// rewritten into prim ops first, the classic two-level scan:
//   blocks  = the row (padded with the identity to m * kBlock) as [m, kBlock]
//   inner   = the scan of every block (kBlock terms per element)
//   totals  = inner's last column, [m], scanned in turn (this pattern again
//             while m is long: the recursion shrinks by kBlock each level)
//   result  = inner combined with the total of all earlier blocks
// O(n * kBlock) work in a few data-parallel steps, on CPU and GPU alike.
// Integer rows only where the library has GPU code (the lowering's
// block-integer-scans) or the row is too long for one thread's loop: the
// CPU runs a scan as a loop along the row (pt2c-scan-loops), for which
// blocks are extra passes over memory; float rows keep them on the CPU
// too, for their rounding (Lowering.h).
// Integer sums and products are exact in any order; float ones are
// grouped by block instead of strictly left to right (an error bound no
// worse than the sequential sum's). float16/bfloat16 rows are scanned in
// float32 and rounded once, as the short-row lowering does.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace pt2c::lowering {

namespace {

/// Block length: a block's scan costs kBlock terms per element, and each
/// level of blocks a few more steps (kernels on the GPU). 8 against 32: a
/// [32, 8192] float cumsum 3.4 -> 0.96 ms on 2 CPU cores, nonzero's running
/// count over [512, 512] no slower (bench/README.md).
constexpr int64_t kBlock = 8;

RankedTensorType withShape(RankedTensorType type, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, type.getElementType());
}

/// `shape` with dim `dim` set to `size`.
SmallVector<int64_t> withDim(ArrayRef<int64_t> shape, int64_t dim, int64_t size) {
  SmallVector<int64_t> result(shape);
  result[dim] = size;
  return result;
}

/// The slice of `value` keeping [start, limit) of `dim`.
Value sliceOf(PatternRewriter &b, Location loc, Value value, int64_t dim, int64_t start,
              int64_t limit) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> starts(type.getRank(), 0), strides(type.getRank(), 1);
  starts[dim] = start;
  return prim::SliceOp::create(b, loc, value, b.getDenseI64ArrayAttr(starts),
                               b.getDenseI64ArrayAttr(withDim(type.getShape(), dim, limit)),
                               b.getDenseI64ArrayAttr(strides));
}

/// `value` with `before` and `after` elements of `fill` added along `dim`.
Value padOf(PatternRewriter &b, Location loc, Value value, int64_t dim, int64_t before,
            int64_t after, TypedAttr fill) {
  int64_t rank = cast<RankedTensorType>(value.getType()).getRank();
  SmallVector<int64_t> low(rank, 0), high(rank, 0);
  low[dim] = before;
  high[dim] = after;
  return prim::PadOp::create(b, loc, value, b.getDenseI64ArrayAttr(low),
                             b.getDenseI64ArrayAttr(high), DenseI64ArrayAttr(), fill);
}

template <typename ScanOp, bool isProduct>
struct BlockedScan : OpRewritePattern<ScanOp> {
  BlockedScan(MLIRContext *context, bool integerRows)
      : OpRewritePattern<ScanOp>(context), integerRows(integerRows) {}
  bool integerRows;
  LogicalResult matchAndRewrite(ScanOp op, PatternRewriter &b) const override {
    auto type = cast<RankedTensorType>(op.getType());
    int64_t dim = op.getDimension();
    if (!scannedByBlocks(type, dim, integerRows))
      return b.notifyMatchFailure(op, "a static row longer than kLongScan (of floats unless "
                                      "integer rows are blocked too)");
    Location loc = op.getLoc();
    Type acc = accumulatorType(type.getElementType());
    auto accType = type.clone(acc);
    Value x = op.getOperand();
    if (acc != type.getElementType())
      x = prim::ConvertOp::create(b, loc, accType, x);
    TypedAttr identity = isProduct ? b.getOneAttr(acc) : b.getZeroAttr(acc);
    auto combine = [&](Value lhs, Value rhs) -> Value {
      if (isProduct)
        return prim::MulOp::create(b, loc, lhs, rhs);
      return prim::AddOp::create(b, loc, lhs, rhs);
    };

    int64_t n = type.getDimSize(dim), blocks = llvm::divideCeil(n, kBlock);
    ArrayRef<int64_t> shape = type.getShape();
    // [.., n, ..] -> [.., blocks, kBlock, ..]
    SmallVector<int64_t> blockedShape(shape);
    blockedShape[dim] = kBlock;
    blockedShape.insert(blockedShape.begin() + dim, blocks);
    Value padded = padOf(b, loc, x, dim, 0, blocks * kBlock - n, identity);
    Value blocked = prim::ReshapeOp::create(b, loc, withShape(accType, blockedShape), padded,
                                            ValueRange{});
    Value inner = ScanOp::create(b, loc, blocked, b.getI64IntegerAttr(dim + 1));
    // Each block's total, scanned: the running value at each block's end.
    Value totals = sliceOf(b, loc, inner, dim + 1, kBlock - 1, kBlock);
    totals = prim::ReshapeOp::create(b, loc, withShape(accType, withDim(shape, dim, blocks)),
                                     totals, ValueRange{});
    Value ends = ScanOp::create(b, loc, totals, b.getI64IntegerAttr(dim));
    // Block k continues from block k - 1's end (the identity for block 0).
    Value carried = padOf(b, loc, sliceOf(b, loc, ends, dim, 0, blocks - 1), dim, 1, 0, identity);
    SmallVector<int64_t> spread;
    for (int64_t d = 0; d < type.getRank(); ++d)
      spread.push_back(d <= dim ? d : d + 1);
    carried = prim::BroadcastInDimOp::create(b, loc, withShape(accType, blockedShape), carried,
                                             b.getDenseI64ArrayAttr(spread), ValueRange{});
    Value scanned = combine(inner, carried);
    scanned = prim::ReshapeOp::create(
        b, loc, withShape(accType, withDim(shape, dim, blocks * kBlock)), scanned, ValueRange{});
    if (blocks * kBlock != n)
      scanned = sliceOf(b, loc, scanned, dim, 0, n);
    if (acc != type.getElementType())
      scanned = prim::ConvertOp::create(b, loc, type, scanned);
    b.replaceOp(op, scanned);
    return success();
  }
};

} // namespace

bool scannedByBlocks(RankedTensorType type, int64_t dim, bool integerRows) {
  if (!type.hasStaticShape() || type.getDimSize(dim) <= kLongScan)
    return false;
  if (integerRows || isa<FloatType>(type.getElementType()))
    return true;
  // One chunk's loop steps: its share of dim 0's rows, times the dims up
  // to the row's (constexpr 64: pt2c-scan-loops' max-chunks).
  constexpr int64_t kChunks = 64;
  int64_t steps = dim == 0 ? type.getDimSize(0) : llvm::divideCeil(type.getDimSize(0), kChunks);
  for (int64_t d = 1; d <= dim; ++d)
    steps *= type.getDimSize(d);
  return steps > kLoopScanSteps;
}

void populateBlockedScans(RewritePatternSet &patterns, bool integerRows) {
  patterns.add<BlockedScan<prim::CumsumOp, false>, BlockedScan<prim::CumprodOp, true>>(
      patterns.getContext(), integerRows);
}

} // namespace pt2c::lowering
