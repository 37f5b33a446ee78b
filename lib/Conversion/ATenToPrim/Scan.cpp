//===- Scan.cpp - cummax, cummin, logcumsumexp ----------------------------===//
//
// Prefix scans whose combining step is not a sum or a product (those are
// prim.cumsum and prim.cumprod, whose lowering scans long rows by blocks:
// O(n) work): built from existing prims by Hillis-Steele
// doubling. Step s (s = 1, 2, 4, ... < n) combines every position i >= s
// with the partial result at i - s, so after ceil(log2 n) steps position i
// holds the combination of 0..i. Each step is a slice, the combine and a
// concatenate: O(n log n) work, log n passes, no loop prim. The combine
// must be associative; the ones here are (the tie and NaN rules below are
// checked to be).
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <limits>

using namespace mlir;

namespace pt2c {
namespace {

using P = prim::ComparePredicate;

/// The partial results of a scan: one tensor per carried quantity (a
/// value, and for cummax/cummin its index), all of one shape.
using Carried = SmallVector<Value, 2>;
using Combine = function_ref<Carried(ArrayRef<Value> earlier, ArrayRef<Value> later)>;

/// The inclusive scan of `values` along static `dim` by `combine`
/// (Hillis-Steele). Null entries when a builder failed (it said why).
Carried inclusiveScan(PrimBuilder &p, Carried values, int64_t dim, Combine combine) {
  int64_t n = cast<RankedTensorType>(values.front().getType()).getDimSize(dim);
  OpBuilder &b = p.builder();
  for (int64_t shift = 1; shift < n; shift *= 2) {
    Carried earlier, later, kept;
    for (Value v : values) {
      earlier.push_back(sliceDim(p, v, dim, 0, n - shift, 1));
      later.push_back(sliceDim(p, v, dim, shift, n, 1));
      kept.push_back(sliceDim(p, v, dim, 0, shift, 1));
    }
    if (llvm::any_of(earlier, [](Value v) { return !v; }))
      return Carried(values.size(), Value());
    Carried combined = combine(earlier, later);
    for (auto [k, v] : llvm::enumerate(combined))
      values[k] = p.create<prim::ConcatenateOp>(ValueRange{kept[k], v}, b.getI64IntegerAttr(dim));
  }
  return values;
}

/// self (a 0-d one as [1]) and the normalized dim, or nullopt.
std::optional<std::pair<Value, int64_t>> scanned(PrimBuilder &p, const CallArgs &args,
                                                 RankedTensorType type) {
  Value self = tensorArg(args, "self");
  std::optional<int64_t> dim = args.integer("dim");
  if (!type || !self || !dim || !type.hasStaticShape() ||
      cast<RankedTensorType>(self.getType()).getShape() != type.getShape())
    return std::nullopt;
  if (type.getRank() == 0)
    self = p.reshape(RankedTensorType::get({1}, type.getElementType()), self);
  std::optional<int64_t> d = shapeDim(*dim, cast<RankedTensorType>(self.getType()));
  if (!self || !d)
    return std::nullopt;
  return std::make_pair(self, *d);
}

/// `value` in the shape of `type` (a 0-d result was scanned as [1]).
Value inResultShape(PrimBuilder &p, Value value, RankedTensorType type) {
  if (!value || type.getRank() != 0)
    return value;
  return p.reshape(type, value);
}

// cummax(self, dim) / cummin: the running max (min) and the index it was
// last taken at. torch's loop takes x at i when the running value is not
// NaN and x is NaN or x >= it (<= for cummin): ties move the index to the
// later one, and the first NaN sticks. As a combine of an earlier partial
// a and a later b: b wins when a is not NaN and (b is NaN or b >= a),
// which is associative. Booleans compare as 0/1.
template <bool isMax>
LogicalResult cumExtreme(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call), indexType = resultType(call, 1);
  PrimBuilder p(rewriter, call.getLoc());
  auto in = scanned(p, args, type);
  if (!in || !indexType || indexType.getShape() != type.getShape())
    return rewriter.notifyMatchFailure(call, "expects a static self, a dim and (values, indices)");
  auto [self, dim] = *in;
  Type element = type.getElementType();
  bool isFloat = isa<FloatType>(element);
  Value x = element.isInteger(1) ? p.convert(self, rewriter.getI32Type()) : self;
  auto shapeType = cast<RankedTensorType>(self.getType());
  Value index = p.build<prim::IotaOp>(shapeType.clone(rewriter.getI64Type()),
                                      rewriter.getI64IntegerAttr(dim), ValueRange{});
  auto combine = [&](ArrayRef<Value> a, ArrayRef<Value> b) -> Carried {
    Ew e{p, a[0]};
    Value laterWins = e.cmp(isMax ? P::ge : P::le, b[0], a[0]);
    if (isFloat)
      laterWins = p.create<prim::AndOp>(e.cmp(P::eq, a[0], a[0]),
                                        p.create<prim::OrOp>(e.cmp(P::ne, b[0], b[0]), laterWins));
    return {e.sel(laterWins, b[0], a[0]), e.sel(laterWins, b[1], a[1])};
  };
  Carried result = inclusiveScan(p, {x, index}, dim, combine);
  Value values = inResultShape(p, p.convert(result[0], element), type);
  Value indices = inResultShape(p, result[1], indexType);
  if (!values || !indices)
    return failure(); // p said why
  rewriter.replaceOp(call, ValueRange{values, indices});
  return success();
}

// logcumsumexp(self, dim): log of the running sum of exp, combined as
// logaddexp (associative up to rounding; float16/bfloat16 in float32,
// rounded once, as torch's CPU kernel accumulates).
LogicalResult logcumsumexp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (type && !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "a floating-point result");
  PrimBuilder p(rewriter, call.getLoc());
  auto in = scanned(p, args, type);
  if (!in)
    return rewriter.notifyMatchFailure(call, "expects a static self and a dim");
  auto [self, dim] = *in;
  Value x = p.convert(self, computeType(type).getElementType());
  auto combine = [&](ArrayRef<Value> a, ArrayRef<Value> b) -> Carried {
    Ew e{p, a[0]};
    return {logaddexpOf(e, a[0], b[0])};
  };
  Carried result = inclusiveScan(p, {x}, dim, combine);
  return replaceChecked(call, inResultShape(p, p.convert(result[0], type.getElementType()), type),
                        rewriter);
}

// linalg_vander(x, N): [.., n] -> [.., n, N], columns x^0 .. x^(N-1), as
// torch computes them: ones and N - 1 copies of x, multiplied up by cumprod
// (a 0-d x is one point).
LogicalResult vander(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value x = tensorArg(args, "x");
  if (!type || !x || !type.hasStaticShape() || type.getRank() < 2 ||
      !isNumber(type.getElementType()) || !cast<RankedTensorType>(x.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static float or integer tensor");
  int64_t columns = type.getShape().back();
  auto column = RankedTensorType::get(
      [&] {
        SmallVector<int64_t> s(type.getShape().drop_back());
        s.push_back(1);
        return s;
      }(),
      type.getElementType());
  if (cast<RankedTensorType>(x.getType()).getNumElements() != column.getNumElements())
    return rewriter.notifyMatchFailure(call, "the result must be x's points by N");
  PrimBuilder p(rewriter, call.getLoc());
  Value point = p.reshape(column, p.convert(x, type.getElementType()));
  SmallVector<Value> parts = {p.splat(1.0, column, {})};
  for (int64_t j = 1; j < columns; ++j)
    parts.push_back(point);
  Value powers = parts.size() == 1 ? parts.front()
                                   : p.create<prim::ConcatenateOp>(
                                         parts, rewriter.getI64IntegerAttr(type.getRank() - 1));
  return replaceChecked(call,
                        p.create<prim::CumprodOp>(powers, rewriter.getI64IntegerAttr(type.getRank() - 1)),
                        rewriter);
}

} // namespace

void addScanDecompositions(std::vector<Decomposition> &table) {
  constexpr const char *extreme = "iota, slice, compare, and, or, select, concatenate, convert";
  table.insert(table.end(), {
      {"aten.cummax.default", "reduction", extreme, cumExtreme<true>},
      {"aten.linalg_vander.default", "reduction", "reshape, constant, concatenate, cumprod",
       vander},
      {"aten.cummin.default", "reduction", extreme, cumExtreme<false>},
      {"aten.logcumsumexp.default", "reduction",
       "slice, max, sub, abs, neg, exp, log1p, add, compare, and, select, concatenate, convert",
       logcumsumexp},
  });
}

} // namespace pt2c
