//===- RadixSort.cpp - stable sort order of long rows by digits -----------===//
//
// Rows longer than Sort.cpp's rank limit are ordered by a least significant
// digit radix sort, written in prims:
// - each key becomes an integer whose signed order is the sort order:
//   a float's bits with a negative float's magnitude bits flipped (every
//   NaN one NaN above +inf, -0.0 as 0.0: torch sorts NaN last and -0.0
//   level with 0.0), a bool as i8, an integer as it is; descending inverts
//   every bit (~s reverses the signed order, equal keys stay equal);
// - that integer as one or two nonnegative i64 words of at most 32 bits,
//   the low word first;
// - for each digit of kDigitBits bits, lowest first: an element's new
//   place is the number of elements of the row with a smaller digit plus
//   those with its digit before it, both read from one running sum (a
//   prim.cumsum, O(n) by blocks) of the digits' one-hot form; the order
//   so far is scattered to those places.
// Each pass keeps the order of equal digits, so the sort is stable, as
// torch's. A fixed number of data-parallel passes (16 for f32, 8 for
// f16/bf16, 32 for 64-bit keys, 4 for bool), each O(n 2^kDigitBits): the
// same program on the CPU and the GPU, with none of a sorting network's
// O(n log^2 n) compare-exchanges or its unrolled steps (91 for a row of
// 5000).
//
//===----------------------------------------------------------------------===//

#include "RadixSort.h"

#include "Families.h"

#include "pt2c/Conversion/ATenToPrim/PrimBuilder.h"
#include "pt2c/Conversion/IndexChecks.h"
#include "pt2c/Dialect/Prim/PrimOps.h"

#include "llvm/ADT/APFloat.h"

#include <cmath>

using namespace mlir;

namespace pt2c {
namespace {

using P = prim::ComparePredicate;

/// Bits per digit: 4 counts per element and pass. Measured on an H200 and
/// its 16 CPU cores (bench/README.md): 2 bits against 1 and 4, torch.sort
/// of [64, 1000] 0.29 ms on the GPU (1 bit 0.52, 4 bits 0.28), 15.9 ms on
/// the CPU (20.9, 17.3); top-50 of [8, 50257] 0.96 ms (1.52, 1.28) and
/// 92 ms (144, 135).
constexpr unsigned kDigitBits = 2;

/// `x` as integers of the same shape whose signed order is the sort order
/// (equal keys equal), and their width in bits.
std::pair<Value, unsigned> orderedIntegers(PrimBuilder &p, Value x, bool descending) {
  OpBuilder &b = p.builder();
  auto type = cast<RankedTensorType>(x.getType());
  Type element = type.getElementType();
  Value s = x;
  unsigned width = element.getIntOrFloatBitWidth();
  if (element.isInteger(1)) {
    s = p.convert(x, b.getI8Type());
    width = 8;
  } else if (auto floatType = dyn_cast<FloatType>(element)) {
    Value bits = p.build<prim::BitcastConvertOp>(type.clone(b.getIntegerType(width)), x);
    Ew f{p, x}, e{p, bits};
    double quietNan = double(
        APFloat::getQNaN(floatType.getFloatSemantics()).bitcastToAPInt().getZExtValue());
    bits = e.sel(f.isNan(x), e.c(quietNan), e.sel(f.cmp(P::eq, x, f.c(0.0)), e.c(0.0), bits));
    // A negative float (sign bit set: a negative integer) with its other
    // bits flipped, ~bits ^ sign: the larger its magnitude, the lower.
    Value flipped = p.create<prim::XorOp>(p.create<prim::XorOp>(bits, e.c(-1.0)),
                                          e.c(-std::ldexp(1.0, int(width) - 1)));
    s = e.sel(e.cmp(P::lt, bits, e.c(0.0)), flipped, bits);
  }
  if (descending && s) {
    Ew e{p, s};
    s = p.create<prim::XorOp>(s, e.c(-1.0));
  }
  return {s, width};
}

/// A word of the key: nonnegative i64 values below 2^bits.
struct Word {
  Value value;
  unsigned bits;
};

/// The signed `width`-bit integers `s` as words whose lexicographic order
/// (the last word first) is their order, the low word first.
SmallVector<Word> wordsOf(PrimBuilder &p, Value s, unsigned width) {
  Type i64 = p.builder().getI64Type();
  if (width <= 32) {
    Value wide = p.convert(s, i64);
    Ew e{p, wide};
    return {{e.add(wide, e.c(std::ldexp(1.0, int(width) - 1))), width}};
  }
  Ew e{p, s};
  Value low = p.create<prim::AndOp>(s, e.c(std::ldexp(1.0, 32) - 1));
  // s - low is a multiple of 2^32: the division is exact.
  Value high = e.add(e.div(e.sub(s, low), e.c(std::ldexp(1.0, 32))), e.c(std::ldexp(1.0, 31)));
  return {{low, 32}, {high, 32}};
}

} // namespace

Value withIndicesInRange(Value gathered) {
  if (Operation *op = gathered ? gathered.getDefiningOp() : nullptr)
    op->setAttr(kIndicesInRangeAttr, UnitAttr::get(op->getContext()));
  return gathered;
}

Value radixSortOrder(PrimBuilder &p, Value rows, bool descending, Value from) {
  OpBuilder &b = p.builder();
  auto type = cast<RankedTensorType>(rows.getType());
  int64_t count = type.getDimSize(0), n = type.getDimSize(1);
  constexpr int64_t kRadix = int64_t(1) << kDigitBits;
  Type i64 = b.getI64Type(), i32 = b.getI32Type();
  auto orderType = RankedTensorType::get({count, n}, i64);
  // (row, element, digit value): the one-hot form of each element's digit.
  auto digitsType = RankedTensorType::get({count, n, kRadix}, i32);
  Value digitValues = p.build<prim::IotaOp>(digitsType, b.getI64IntegerAttr(2), ValueRange{});
  Value order = from ? from : p.build<prim::IotaOp>(orderType, b.getI64IntegerAttr(1), ValueRange{});
  auto [ordered, width] = orderedIntegers(p, rows, descending);
  if (!ordered)
    return Value(); // p said why
  bool first = !from; // the first pass reads the keys as they are
  for (Word word : wordsOf(p, ordered, width)) {
    for (unsigned shift = 0; shift < word.bits; shift += kDigitBits) {
      // The word of each element in the order so far.
      Value current = first ? word.value
                            : withIndicesInRange(p.create<prim::TakeAlongOp>(
                                  word.value, order, b.getI64IntegerAttr(1)));
      first = false;
      Ew e{p, current};
      Value shifted = shift ? e.div(current, e.c(std::ldexp(1.0, int(shift)))) : current;
      Value digit = p.convert(p.create<prim::AndOp>(shifted, e.c(double(kRadix - 1))), i32);
      Ew d{p, digitValues};
      Value oneHot = p.convert(
          d.cmp(P::eq, p.broadcastInDim(digit, digitsType, {0, 1}, {}), digitValues), i32);
      // running[r, i, v]: elements of row r up to i whose digit is v.
      Value running = p.create<prim::CumsumOp>(oneHot, b.getI64IntegerAttr(1));
      Value counts = p.reshape(RankedTensorType::get({count, kRadix}, i32),
                               sliceDim(p, running, 1, n - 1, n, 1));
      Value starts = p.create<prim::SubOp>(
          p.create<prim::CumsumOp>(counts, b.getI64IntegerAttr(1)), counts);
      // Element i goes to its digit's start plus the elements of its digit
      // before it: running at its own digit, plus that start, minus one.
      Value places = d.add(running, p.broadcastInDim(starts, digitsType, {0, 2}, {}));
      Value place = p.convert(p.reduce(prim::ReduceKind::sum, d.mul(oneHot, places), {2}, false),
                              i64);
      Ew o{p, order};
      // place - 1 is in [0, n): each digit's elements get the places
      // after the smaller digits' counts, one each.
      order = withIndicesInRange(
          scatterOf(p, prim::ScatterKind::assign, o.c(0.0), o.sub(place, o.c(1.0)), order, 1));
    }
  }
  return order;
}

} // namespace pt2c
