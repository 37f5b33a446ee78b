//===- Sort.cpp - sort, topk and cumprod ----------------------------------===//
//
// sort and topk are a pure decomposition into existing prims, in one of two
// ways by the length n of the sorted dim:
// - up to kRankSortLimit, by ranks:
//     rank[i]  = #{j : x_j sorts before x_i, or ties with it and j < i}
//     order[r] = the i whose rank is r (ranks are a permutation)
//   both steps compare every pair along the dim: O(n^2) work, one fused
//   step, cheapest for the short rows most sorts see;
// - longer rows by a least significant digit radix sort of the keys' bits
//   (RadixSort.cpp): a fixed number of passes (16 for float32), each a
//   running count of the digits and a scatter, O(n) work per pass.
// Then values = take_along(x, order). Both run unchanged on CPU and GPU and
// give exactly torch's order: a stable sort (equal keys keep their index
// order, as torch's std::stable_sort, and std::sort on rows of <= 16
// elements, which is an insertion sort) with NaN sorting as the largest
// value (torch's KeyValueCompAsc/Desc).
//
//===----------------------------------------------------------------------===//

#include "Families.h"
#include "RadixSort.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

using namespace mlir;

namespace pt2c {
namespace {

using P = prim::ComparePredicate;

/// `shape` with a dim of size `size` inserted at `at`.
SmallVector<int64_t> withDimInserted(ArrayRef<int64_t> shape, int64_t at, int64_t size) {
  SmallVector<int64_t> result(shape);
  result.insert(result.begin() + at, size);
  return result;
}

/// The broadcast_in_dim map of a rank-`rank` operand into a result with one
/// more dim, where operand dims >= `skipped` move up by one.
SmallVector<int64_t> skippingDim(int64_t rank, int64_t skipped) {
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < rank; ++d)
    dims.push_back(d < skipped ? d : d + 1);
  return dims;
}

/// a sorts strictly before b (elementwise, bool): a < b ascending, a > b
/// descending, NaN being larger than every number and equal to NaN.
Value sortsBefore(Ew &e, Value a, Value b, bool descending) {
  Value before = e.cmp(descending ? P::gt : P::lt, a, b);
  auto type = cast<RankedTensorType>(a.getType());
  if (!isa<FloatType>(type.getElementType()))
    return before;
  Value aNumber = e.cmp(P::eq, a, a), bNumber = e.cmp(P::eq, b, b);
  Value aNan = e.cmp(P::ne, a, a), bNan = e.cmp(P::ne, b, b);
  Value nanOrder =
      descending ? e.p.create<prim::AndOp>(aNan, bNumber) : e.p.create<prim::AndOp>(aNumber, bNan);
  return e.p.create<prim::OrOp>(before, nanOrder);
}

} // namespace

/// `x` as sort keys: bool as i64 (i1 reads as signed: true would be -1),
/// f16/bf16 as f32 (exact, same order: the x86 backend keeps a bf16 value
/// that a broadcast stores many times in an f32 register and calls
/// __truncsfbf2, which no model links); other types as they are.
Value sortKeys(PrimBuilder &p, Value x) {
  Type element = cast<RankedTensorType>(x.getType()).getElementType();
  if (element.isInteger(1))
    return p.convert(x, p.builder().getI64Type());
  if (element.isF16() || element.isBF16())
    return p.convert(x, p.builder().getF32Type());
  return x;
}

/// The stable rank (i64, same shape) of every element of `keys` along `dim`.
Value stableRanks(PrimBuilder &p, Value keys, int64_t dim, bool descending) {
  OpBuilder &b = p.builder();
  auto type = cast<RankedTensorType>(keys.getType());
  int64_t rank = type.getRank(), n = type.getDimSize(dim);
  // Pairs (i, j): i along `dim`, j along `dim + 1`.
  auto pairs = RankedTensorType::get(withDimInserted(type.getShape(), dim + 1, n),
                                     type.getElementType());
  Value xi = p.broadcastInDim(keys, pairs, skippingDim(rank, dim + 1), {});
  Value xj = p.broadcastInDim(keys, pairs, skippingDim(rank, dim), {});
  auto indexPairs = pairs.clone(b.getI64Type());
  Value i = p.build<prim::IotaOp>(indexPairs, b.getI64IntegerAttr(dim), ValueRange{});
  Value j = p.build<prim::IotaOp>(indexPairs, b.getI64IntegerAttr(dim + 1), ValueRange{});
  Ew e{p, xi};
  // j is before i when x_j sorts before x_i, or when j < i and x_i does
  // not sort before x_j (a tie: the earlier index stays first).
  Value tieBreak = e.sel(sortsBefore(e, xi, xj, descending),
                         p.splat(0.0, indexPairs.clone(b.getI1Type()), {}),
                         e.cmp(P::lt, j, i));
  Value before = p.create<prim::OrOp>(sortsBefore(e, xj, xi, descending), tieBreak);
  return p.reduce(prim::ReduceKind::sum, p.convert(before, b.getI64Type()), {dim + 1}, false);
}

Value lexicographicRowRanks(PrimBuilder &p, Value rows) {
  OpBuilder &b = p.builder();
  Value keys = sortKeys(p, rows);
  auto type = cast<RankedTensorType>(keys.getType());
  int64_t n = type.getDimSize(0), r = type.getDimSize(1);
  // Triples (i, j, k): row i along dim 0, row j along dim 1, column k.
  auto triples = RankedTensorType::get({n, n, r}, type.getElementType());
  Value xi = p.broadcastInDim(keys, triples, {0, 2}, {});
  Value xj = p.broadcastInDim(keys, triples, {1, 2}, {});
  auto indexTriples = triples.clone(b.getI64Type());
  Value k = p.build<prim::IotaOp>(indexTriples, b.getI64IntegerAttr(2), ValueRange{});
  Ew e{p, xi};
  // Rows i and j are ordered by their first column that differs (r when
  // none does); NaN differs from everything, so a NaN column decides, and
  // sortsBefore puts the NaN after the number.
  Value differs = e.cmp(P::ne, xi, xj);
  Ew columns{p, k};
  Value firstDiffer =
      p.reduce(prim::ReduceKind::min, columns.sel(differs, k, columns.c(double(r))), {2}, false);
  Value atFirst = columns.cmp(P::eq, k, p.broadcastInDim(firstDiffer, indexTriples, {0, 1}, {}));
  Value jBeforeI = p.reduce(prim::ReduceKind::Or,
                            p.create<prim::AndOp>(atFirst, sortsBefore(e, xj, xi, false)), {2},
                            false);
  auto indexPairs = RankedTensorType::get({n, n}, b.getI64Type());
  Value i = p.build<prim::IotaOp>(indexPairs, b.getI64IntegerAttr(0), ValueRange{});
  Value j = p.build<prim::IotaOp>(indexPairs, b.getI64IntegerAttr(1), ValueRange{});
  Ew pairs{p, i};
  Value equalEarlier = p.create<prim::AndOp>(pairs.cmp(P::eq, firstDiffer, pairs.c(double(r))),
                                             pairs.cmp(P::lt, j, i));
  Value before = p.create<prim::OrOp>(jBeforeI, equalEarlier);
  return p.reduce(prim::ReduceKind::sum, p.convert(before, b.getI64Type()), {1}, false);
}

/// order[r] = the index i with ranks[i] == r, for r in [0, count) along
/// `dim`: a sum over i of (ranks[i] == r ? i : 0).
Value indicesOfRanks(PrimBuilder &p, Value ranks, int64_t dim, int64_t count) {
  OpBuilder &b = p.builder();
  auto type = cast<RankedTensorType>(ranks.getType());
  int64_t n = type.getDimSize(dim);
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] = count;
  // Pairs (r, i): r along `dim`, i along `dim + 1`.
  auto pairs = RankedTensorType::get(withDimInserted(shape, dim + 1, n), b.getI64Type());
  Value ranksOfI = p.broadcastInDim(ranks, pairs, skippingDim(type.getRank(), dim), {});
  Value r = p.build<prim::IotaOp>(pairs, b.getI64IntegerAttr(dim), ValueRange{});
  Value i = p.build<prim::IotaOp>(pairs, b.getI64IntegerAttr(dim + 1), ValueRange{});
  Ew e{p, r};
  Value atRank = e.sel(e.cmp(P::eq, ranksOfI, r), i, e.c(0.0));
  return p.reduce(prim::ReduceKind::sum, atRank, {dim + 1}, false);
}

namespace {

/// The indices [.., count, ..] along `dim` of the first `count` elements
/// of `x` (static) in stable sort order.
Value sortOrder(PrimBuilder &p, Value x, int64_t dim, int64_t count, bool descending) {
  auto type = cast<RankedTensorType>(x.getType());
  int64_t n = type.getDimSize(dim), rank = type.getRank();
  if (n <= kRankSortLimit)
    return indicesOfRanks(p, stableRanks(p, sortKeys(p, x), dim, descending), dim, count);
  // The sorted dim last, the others flattened into rows.
  SmallVector<int64_t> toLast;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim)
      toLast.push_back(d);
  toLast.push_back(dim);
  OpBuilder &b = p.builder();
  bool moved = dim != rank - 1;
  Value last = moved ? p.create<prim::TransposeOp>(x, b.getDenseI64ArrayAttr(toLast)) : x;
  if (!last)
    return Value();
  auto lastType = cast<RankedTensorType>(last.getType());
  int64_t rows = lastType.getNumElements() / n;
  Value order = radixSortOrder(
      p, p.reshape(RankedTensorType::get({rows, n}, type.getElementType()), last), descending);
  order = sliceDim(p, order, 1, 0, count, 1);
  SmallVector<int64_t> shape(lastType.getShape());
  shape.back() = count;
  order = p.reshape(RankedTensorType::get(shape, b.getI64Type()), order);
  if (!moved)
    return order;
  // Back: result dim `dim` is the last one.
  SmallVector<int64_t> back;
  for (int64_t d = 0; d < rank; ++d)
    back.push_back(d < dim ? d : d == dim ? rank - 1 : d - 1);
  return p.create<prim::TransposeOp>(order, b.getDenseI64ArrayAttr(back));
}

/// The first `count` elements of `self` sorted along `dim` and their
/// indices; a match failure for what the decomposition does not handle.
FailureOr<std::pair<Value, Value>> sortedPrefix(aten::CallOp call, PatternRewriter &rewriter,
                                                Value self, int64_t dim, int64_t count,
                                                bool descending) {
  auto type = cast<RankedTensorType>(self.getType());
  if (!type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "sort/topk of a dynamic shape is not supported");
  PrimBuilder p(rewriter, call.getLoc());
  Value indices = sortOrder(p, self, dim, count, descending);
  Value values = p.create<prim::TakeAlongOp>(self, indices, rewriter.getI64IntegerAttr(dim));
  // A long row's order is the radix sort's permutation.
  if (type.getDimSize(dim) > kRankSortLimit)
    values = withIndicesInRange(values);
  return std::make_pair(values, indices);
}

/// Replaces `call` with (values, indices) when their types are the
/// archive's.
LogicalResult replaceWithPair(aten::CallOp call, std::pair<Value, Value> result,
                              PatternRewriter &rewriter) {
  if (call->getNumResults() != 2 || result.first.getType() != call->getResult(0).getType() ||
      result.second.getType() != call->getResult(1).getType())
    return rewriter.notifyMatchFailure(call, "unexpected result types");
  rewriter.replaceOp(call, ValueRange{result.first, result.second});
  return success();
}

/// A 0-d tensor sorts to itself, at index 0.
LogicalResult scalarSort(aten::CallOp call, Value self, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  auto indexType = RankedTensorType::get({}, rewriter.getI64Type());
  return replaceWithPair(call, {self, p.splat(0.0, indexType, {})}, rewriter);
}

// sort(self, dim=-1, descending=False) -> (values, indices).
LogicalResult sort(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  if (!self)
    return rewriter.notifyMatchFailure(call, "expects a tensor self");
  auto type = cast<RankedTensorType>(self.getType());
  if (type.getRank() == 0)
    return scalarSort(call, self, rewriter);
  int64_t dim = PrimBuilder::normalizeDim(args.integer("dim").value_or(-1), type.getRank());
  bool descending = args.boolean("descending").value_or(false);
  if (type.isDynamicDim(dim))
    return rewriter.notifyMatchFailure(call, "sort along a dynamic dim");
  auto sorted =
      sortedPrefix(call, rewriter, self, dim, type.getDimSize(dim), descending);
  if (failed(sorted))
    return failure();
  return replaceWithPair(call, *sorted, rewriter);
}

// argsort(self, dim=-1, descending=False) = sort's indices (stable: the
// sort is); msort(self) = sort's values along dim 0.
template <bool indices>
LogicalResult sortHalf(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  RankedTensorType type = resultType(call);
  if (!self || !type)
    return rewriter.notifyMatchFailure(call, "expects a tensor self");
  auto selfType = cast<RankedTensorType>(self.getType());
  if (selfType.getRank() == 0) {
    PrimBuilder p(rewriter, call.getLoc());
    rewriter.replaceOp(call, indices ? p.splat(0.0, type, {}) : self);
    return success();
  }
  int64_t dim = PrimBuilder::normalizeDim(indices ? args.integer("dim").value_or(-1) : 0,
                                          selfType.getRank());
  if (dim < 0 || dim >= selfType.getRank() || selfType.isDynamicDim(dim))
    return rewriter.notifyMatchFailure(call, "sort along a static dim of self");
  auto sorted = sortedPrefix(call, rewriter, self, dim, selfType.getDimSize(dim),
                             indices && args.boolean("descending").value_or(false));
  if (failed(sorted))
    return failure();
  Value result = indices ? sorted->second : sorted->first;
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "unexpected result type");
  rewriter.replaceOp(call, result);
  return success();
}

// topk(self, k, dim=-1, largest=True, sorted=True): the first k of a sort,
// descending for the largest. With sorted=False torch leaves the order
// unspecified; sorted order is one it allows.
LogicalResult topk(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  std::optional<int64_t> k = args.integer("k");
  if (!self || !k)
    return rewriter.notifyMatchFailure(call, "expects a tensor self and a constant k");
  auto type = cast<RankedTensorType>(self.getType());
  if (type.getRank() == 0)
    return *k <= 1 ? scalarSort(call, self, rewriter)
                   : rewriter.notifyMatchFailure(call, "k out of range");
  int64_t dim = PrimBuilder::normalizeDim(args.integer("dim").value_or(-1), type.getRank());
  if (type.isDynamicDim(dim) || *k < 0 || *k > type.getDimSize(dim))
    return rewriter.notifyMatchFailure(call, "k out of range, or a dynamic dim");
  auto sorted =
      sortedPrefix(call, rewriter, self, dim, *k, args.boolean("largest").value_or(true));
  if (failed(sorted))
    return failure();
  return replaceWithPair(call, *sorted, rewriter);
}

// cumprod(self, dim, dtype?): the input converted to the result dtype (the
// dtype argument, or int64 for bool/int inputs), then a prefix product.
LogicalResult cumprod(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  std::optional<int64_t> dim = args.integer("dim");
  if (!type || !self || !dim)
    return rewriter.notifyMatchFailure(call, "expects a tensor and a dim");
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, type.getElementType());
  if (!x)
    return failure(); // p said why
  if (x.getType() != type)
    return rewriter.notifyMatchFailure(call, "unexpected result type");
  if (type.getRank() == 0) { // a single element is its own product
    rewriter.replaceOp(call, x);
    return success();
  }
  int64_t d = PrimBuilder::normalizeDim(*dim, type.getRank());
  rewriter.replaceOp(call, p.create<prim::CumprodOp>(x, rewriter.getI64IntegerAttr(d)));
  return success();
}

/// Which element of a sorted row an order statistic reads.
enum class Statistic {
  median,    // the lower median; NaN (the first NaN) when the row has one
  nanmedian, // the lower median of the numbers; NaN when there are none
  kth,       // the k-th smallest (kthvalue), NaN sorting last
};

// median(self) / median.dim(self, dim, keepdim), nanmedian (both), and
// kthvalue(self, k, dim, keepdim): the row sorted (NaN last, stable), then
// the element at a position per row, with its index. Without dim the
// whole tensor is one row and only the value is returned. Ties between
// equal values report the first of them in index order (torch leaves
// which one unspecified).
template <Statistic statistic>
LogicalResult orderStatistic(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || !cast<RankedTensorType>(self.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static self");
  auto selfType = cast<RankedTensorType>(self.getType());
  bool withIndex = call->getNumResults() == 2;
  std::optional<int64_t> dimArg = args.integer("dim");
  if (statistic == Statistic::kth && !dimArg)
    dimArg = -1;
  bool keepdim = args.boolean("keepdim").value_or(false);
  PrimBuilder p(rewriter, call.getLoc());
  Type i64 = rewriter.getI64Type();
  Value x = self;
  if (!dimArg || selfType.getRank() == 0) { // one row
    x = p.build<prim::ReshapeOp>(
        RankedTensorType::get({selfType.getNumElements()}, selfType.getElementType()), self,
        ValueRange{});
  }
  auto rowType = cast<RankedTensorType>(x.getType());
  int64_t dim = dimArg && selfType.getRank() > 0
                    ? PrimBuilder::normalizeDim(*dimArg, rowType.getRank())
                    : 0;
  if (dim < 0 || dim >= rowType.getRank())
    return rewriter.notifyMatchFailure(call, "dim out of range");
  int64_t n = rowType.getDimSize(dim);
  if (n == 0)
    return rewriter.notifyMatchFailure(call, "an empty row has no order statistic");
  SmallVector<int64_t> keptShape(rowType.getShape());
  keptShape[dim] = 1;
  auto positionType = RankedTensorType::get(keptShape, i64);
  Value position;
  if (statistic == Statistic::kth) {
    std::optional<int64_t> k = args.integer("k");
    if (!k || *k < 1 || *k > n)
      return rewriter.notifyMatchFailure(call, "k must be within 1 and the dim's size");
    position = p.splat(double(*k - 1), positionType, {});
  } else if (!isa<FloatType>(rowType.getElementType())) {
    position = p.splat(double((n - 1) / 2), positionType, {});
  } else {
    Ew e{p, x};
    Value nans = p.reduce(prim::ReduceKind::sum, p.convert(e.cmp(P::ne, x, x), i64), {dim}, true);
    Ew c{p, nans};
    Value numbers = c.sub(c.c(double(n)), nans);
    position = statistic == Statistic::median
                   ? c.sel(c.cmp(P::gt, nans, c.c(0.0)), numbers, c.c(double((n - 1) / 2)))
                   : c.sel(c.cmp(P::gt, numbers, c.c(0.0)), c.div(c.sub(numbers, c.c(1.0)), c.c(2.0)),
                           c.c(0.0));
  }
  auto sorted = sortedPrefix(call, rewriter, x, dim, n, /*descending=*/false);
  if (failed(sorted))
    return failure();
  // The element at `position` of `from`, in the shape of result `result`.
  auto pick = [&](Value from, unsigned result) -> Value {
    Value picked = p.create<prim::TakeAlongOp>(from, position, rewriter.getI64IntegerAttr(dim));
    RankedTensorType want = resultType(call, result);
    if (!picked || !want || picked.getType() == want)
      return picked;
    if (!keepdim || !dimArg || selfType.getRank() == 0)
      return p.build<prim::ReshapeOp>(want, picked, ValueRange{});
    return Value();
  };
  Value values = pick(sorted->first, 0);
  if (!withIndex)
    return replaceChecked(call, values, rewriter);
  Value indices = pick(sorted->second, 1);
  if (!values || !indices || values.getType() != type ||
      indices.getType() != call->getResult(1).getType())
    return rewriter.notifyMatchFailure(call, "the picked shape is not the result's");
  rewriter.replaceOp(call, ValueRange{values, indices});
  return success();
}

// mode(self, dim, keepdim): the most frequent value along dim and an index
// holding it. torch's CPU kernel sorts each row and keeps the first of the
// longest runs, so of equally frequent values the smallest wins, and it
// reports the run's last sorted position: for rows of up to 16 (sorted by
// insertion, stable) the value's last index. Counts are pairwise equality
// sums, O(n^2) per row.
LogicalResult mode(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  RankedTensorType valuesType = resultType(call, 0), indicesType = resultType(call, 1);
  if (!self || !valuesType || !indicesType ||
      !cast<RankedTensorType>(self.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static self");
  PrimBuilder p(rewriter, call.getLoc());
  Type i64 = rewriter.getI64Type();
  auto selfType = cast<RankedTensorType>(self.getType());
  Value x = self;
  if (selfType.getRank() == 0)
    x = p.build<prim::ReshapeOp>(RankedTensorType::get({1}, selfType.getElementType()), self,
                                 ValueRange{});
  auto type = cast<RankedTensorType>(x.getType());
  std::optional<int64_t> dim = shapeDim(args.integer("dim").value_or(-1), type);
  if (!dim || type.getDimSize(*dim) == 0)
    return rewriter.notifyMatchFailure(call, "dim must name a non-empty dim");
  int64_t rank = type.getRank(), n = type.getDimSize(*dim);
  Value keys = sortKeys(p, x);
  auto keyType = cast<RankedTensorType>(keys.getType());
  auto pairs = RankedTensorType::get(withDimInserted(keyType.getShape(), *dim + 1, n),
                                     keyType.getElementType());
  Value xi = p.broadcastInDim(keys, pairs, skippingDim(rank, *dim + 1), {});
  Value xj = p.broadcastInDim(keys, pairs, skippingDim(rank, *dim), {});
  Ew e{p, xi};
  Value counts = p.reduce(prim::ReduceKind::sum, p.convert(e.cmp(P::eq, xi, xj), i64),
                          {*dim + 1}, false);
  Value most = p.broadcastTo(p.reduce(prim::ReduceKind::max, counts, {*dim}, true),
                             keyType.clone(i64), {});
  Value largestKey = p.broadcastTo(p.reduce(prim::ReduceKind::max, keys, {*dim}, true), keyType,
                                   {});
  Ew k{p, keys};
  Value candidates = k.sel(k.cmp(P::eq, counts, most), keys, largestKey);
  Value modeKey = p.broadcastTo(p.reduce(prim::ReduceKind::min, candidates, {*dim}, true),
                                keyType, {});
  Value position = p.build<prim::IotaOp>(keyType.clone(i64), rewriter.getI64IntegerAttr(*dim),
                                         ValueRange{});
  Ew ix{p, position};
  Value index = p.reduce(prim::ReduceKind::max,
                         ix.sel(k.cmp(P::eq, keys, modeKey), position, ix.c(-1.0)), {*dim}, true);
  Value values = p.create<prim::TakeAlongOp>(x, index, rewriter.getI64IntegerAttr(*dim));
  if (!values || !index)
    return failure(); // p said why
  values = p.reshape(valuesType, values);
  index = p.reshape(indicesType, index);
  if (!values || !index || values.getType() != valuesType || index.getType() != indicesType)
    return rewriter.notifyMatchFailure(call, "the result shapes are not the archive's");
  rewriter.replaceOp(call, ValueRange{values, index});
  return success();
}

} // namespace

void addSortDecompositions(std::vector<Decomposition> &table) {
  // Short rows by ranks, long ones by digits.
  constexpr const char *kSort = "compare, and, or, select, iota, reduce, take_along; long rows: "
                                "transpose, reshape, bitcast_convert, xor, div, cumsum, slice, "
                                "scatter";
  constexpr const char *kStatistic =
      "compare, and, or, select, iota, reduce, take_along, sub, div, reshape; long rows: "
      "transpose, bitcast_convert, xor, cumsum, slice, scatter";
  table.insert(table.end(), {
      {"aten.mode.default", "sort", "convert, broadcast_in_dim, compare, reduce, select, iota, "
       "take_along, reshape", mode},
      {"aten.sort.default", "sort", kSort, sort},
      // stable=True or not: the decomposition's order is the stable one.
      {"aten.sort.stable", "sort", kSort, sort},
      {"aten.topk.default", "sort", kSort, topk},
      {"aten.argsort.default", "sort", kSort, sortHalf<true>},
      {"aten.argsort.stable", "sort", kSort, sortHalf<true>},
      {"aten.msort.default", "sort", kSort, sortHalf<false>},
      {"aten.cumprod.default", "reduction", "cumprod, convert", cumprod},
      {"aten.median.default", "sort", kStatistic, orderStatistic<Statistic::median>},
      {"aten.median.dim", "sort", kStatistic, orderStatistic<Statistic::median>},
      {"aten.nanmedian.default", "sort", kStatistic, orderStatistic<Statistic::nanmedian>},
      {"aten.nanmedian.dim", "sort", kStatistic, orderStatistic<Statistic::nanmedian>},
      {"aten.kthvalue.default", "sort", kStatistic, orderStatistic<Statistic::kth>},
  });
}

} // namespace pt2c
