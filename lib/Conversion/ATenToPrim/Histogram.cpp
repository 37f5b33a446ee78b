//===- Histogram.cpp - histogram and histogramdd --------------------------===//
//
// torch.histogram / histogramdd count (or weigh) the points of self in the
// bins between sorted edges, one set of edges per point dimension. As
// torch's CPU kernel: a point's bin along a dim is the number of edges <= it
// minus 1 (upper_bound), the rightmost edge belongs to the last bin, and
// points outside [first edge, last edge] (NaN too) are not counted. With a
// bin count instead of edges, the edges are linspace(low, high, count + 1)
// in self's type, low and high from `range` or the data's min and max (an
// empty range widened by 0.5 each way, as numpy does). The counts are
// scattered into the flattened bins; density divides by the total and by
// each bin's widths. Counting compares every point with every edge: O(M B).
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

using namespace mlir;

namespace pt2c {
namespace {

using P = prim::ComparePredicate;

/// linspace(low, high, count + 1) in low's float type (0-d values read at
/// run time), as torch's kernel: start + i step for the first half, end -
/// (count - i) step for the rest, step = (end - start) / count.
Value linearEdges(PrimBuilder &p, Value low, Value high, int64_t count) {
  auto scalarType = cast<RankedTensorType>(low.getType());
  auto type = RankedTensorType::get({count + 1}, scalarType.getElementType());
  Value start = p.broadcastTo(low, type, {}), end = p.broadcastTo(high, type, {});
  Value i = p.build<prim::IotaOp>(type, p.builder().getI64IntegerAttr(0), ValueRange{});
  Ew e{p, i};
  return linspaceOf(e, i, start, end, e.div(e.sub(end, start), e.c(double(count))), count + 1);
}

/// The outer edges of column `column` of the points [M, D]: `range`'s pair,
/// or the column's min and max; equal ones widened by 0.5 each way.
std::pair<Value, Value> outerEdges(PrimBuilder &p, Value points, int64_t column,
                                   std::optional<SmallVector<double>> range) {
  auto type = cast<RankedTensorType>(points.getType());
  auto scalarType = RankedTensorType::get({}, type.getElementType());
  Value low, high;
  if (range) {
    low = p.splat((*range)[2 * column], scalarType, {});
    high = p.splat((*range)[2 * column + 1], scalarType, {});
  } else if (type.getDimSize(0) == 0) {
    low = high = p.splat(0.0, scalarType, {});
  } else {
    Value values = p.reshape(RankedTensorType::get({type.getDimSize(0)}, type.getElementType()),
                             sliceDim(p, points, 1, column, column + 1, 1));
    low = p.reduce(prim::ReduceKind::min, values, {0}, false);
    high = p.reduce(prim::ReduceKind::max, values, {0}, false);
  }
  Ew e{p, low};
  Value empty = e.cmp(P::eq, low, high);
  return {e.sel(empty, e.sub(low, e.c(0.5)), low), e.sel(empty, e.add(high, e.c(0.5)), high)};
}

/// The histogram [B_0, ..., B_{D-1}] (self's float type) of the points
/// [M, D] in the bins between `edges` (one [B_d + 1] per column), weighed
/// by `weights` [M] when given; null when a prim could not be built.
Value histogramOf(PrimBuilder &p, Value points, ArrayRef<Value> edges, Value weights,
                  bool density) {
  OpBuilder &b = p.builder();
  auto type = cast<RankedTensorType>(points.getType());
  Type element = type.getElementType(), i64 = b.getI64Type(), f64 = b.getF64Type();
  int64_t m = type.getDimSize(0);
  SmallVector<int64_t> bins;
  for (Value e : edges)
    bins.push_back(cast<RankedTensorType>(e.getType()).getDimSize(0) - 1);
  auto pointType = RankedTensorType::get({m}, element);
  Value flat, inside;
  int64_t stride = 1;
  for (int64_t d = int64_t(edges.size()) - 1; d >= 0; --d) {
    int64_t count = bins[d];
    Value x = p.reshape(pointType, sliceDim(p, points, 1, d, d + 1, 1));
    auto pairType = RankedTensorType::get({m, count + 1}, element);
    Value xs = p.broadcastInDim(x, pairType, {0}, {});
    Value es = p.broadcastInDim(edges[d], pairType, {1}, {});
    Ew pairs{p, xs};
    Value atOrAbove = p.convert(pairs.cmp(P::ge, xs, es), i64);
    Value bin = p.reduce(prim::ReduceKind::sum, atOrAbove, {1}, false);
    Ew ints{p, bin};
    // The last edge counts into the last bin.
    bin = p.create<prim::MinOp>(ints.sub(bin, ints.c(1.0)), ints.c(double(count - 1)));
    auto edgeAt = [&](int64_t k) {
      return p.broadcastTo(p.reshape(RankedTensorType::get({}, element),
                                     sliceDim(p, edges[d], 0, k, k + 1, 1)),
                           pointType, {});
    };
    Ew points1{p, x};
    Value within = p.create<prim::AndOp>(points1.cmp(P::ge, x, edgeAt(0)),
                                         points1.cmp(P::le, x, edgeAt(count)));
    inside = inside ? p.create<prim::AndOp>(inside, within) : within;
    Value term = ints.mul(bin, ints.c(double(stride)));
    flat = flat ? ints.add(flat, term) : term;
    stride *= count;
  }
  if (!flat)
    return Value(); // p said why
  Ew ints{p, flat};
  Value index = ints.sel(inside, flat, ints.c(0.0));
  auto wideType = RankedTensorType::get({m}, f64);
  Ew wide{p, p.splat(0.0, wideType, {})};
  Value weight = weights ? p.convert(weights, f64) : wide.c(1.0);
  Value counted = wide.sel(inside, weight, wide.c(0.0));
  auto histType = RankedTensorType::get({stride}, f64);
  Value hist = scatterOf(p, prim::ScatterKind::add, p.splat(0.0, histType, {}), index, counted, 0);
  SmallVector<int64_t> shape(bins);
  auto shapedType = RankedTensorType::get(shape, f64);
  hist = p.reshape(shapedType, hist);
  if (density && hist) {
    Value total = p.reduce(prim::ReduceKind::sum, hist,
                           llvm::to_vector(llvm::seq<int64_t>(0, shape.size())), false);
    Ew h{p, hist};
    hist = h.div(hist, p.broadcastTo(total, shapedType, {}));
    for (auto [d, e] : llvm::enumerate(edges)) {
      Value wideEdges = p.convert(e, f64);
      Value widths = p.create<prim::SubOp>(sliceDim(p, wideEdges, 0, 1, bins[d] + 1, 1),
                                           sliceDim(p, wideEdges, 0, 0, bins[d], 1));
      hist = h.div(hist, p.broadcastInDim(widths, shapedType, {int64_t(d)}, {}));
    }
  }
  return hist ? p.convert(hist, element) : Value();
}

/// histogram(self, bins: edges tensor or count, range, weight, density) ->
/// (hist [B], bin_edges [B + 1]): self flattened is one column of points.
/// histogramdd(self [..., D], bins: counts or D edge tensors, range, weight,
/// density) -> (hist [B_0, ..., B_{D-1}], D edge tensors).
template <bool dd>
LogicalResult histogram(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  auto selfType = self ? cast<RankedTensorType>(self.getType()) : RankedTensorType();
  if (!selfType || !selfType.hasStaticShape() || !isa<FloatType>(selfType.getElementType()) ||
      (dd && selfType.getRank() == 0))
    return rewriter.notifyMatchFailure(call, "expects a static float self");
  Type element = selfType.getElementType();
  int64_t columns = dd ? selfType.getDimSize(selfType.getRank() - 1) : 1;
  int64_t m = columns ? selfType.getNumElements() / columns : 0;
  if (call->getNumResults() != unsigned(columns + 1))
    return rewriter.notifyMatchFailure(call, "expects the histogram and one edge tensor per dim");
  PrimBuilder p(rewriter, call.getLoc());
  Value points = p.reshape(RankedTensorType::get({m, columns}, element), self);
  Value weights = tensorArg(args, "weight");
  if (weights) {
    auto weightType = cast<RankedTensorType>(weights.getType());
    if (!weightType.hasStaticShape() || weightType.getNumElements() != m)
      return rewriter.notifyMatchFailure(call, "a weight per point");
    weights = p.reshape(RankedTensorType::get({m}, weightType.getElementType()), weights);
  }
  std::optional<SmallVector<double>> range = args.numbers("range");
  if (range && range->size() != size_t(2 * columns))
    return rewriter.notifyMatchFailure(call, "range holds a (low, high) pair per dim");
  SmallVector<Value> edges;
  OperandRange given = args.values("bins");
  std::optional<SmallVector<int64_t>> counts = args.integers("bins");
  for (int64_t d = 0; d < columns; ++d) {
    Value edge;
    if (!dd && given.size() == 1) {
      edge = given.front();
    } else if (dd && given.size() == size_t(columns)) {
      edge = given[d];
    } else if (counts && (counts->size() == 1 || counts->size() == size_t(columns))) {
      int64_t count = (*counts)[counts->size() == 1 ? 0 : d];
      if (count < 1)
        return rewriter.notifyMatchFailure(call, "a bin count of at least 1");
      auto [low, high] = outerEdges(p, points, d, range);
      edge = linearEdges(p, low, high, count);
    }
    auto edgeType = edge ? dyn_cast<RankedTensorType>(edge.getType()) : RankedTensorType();
    if (!edgeType || edgeType.getRank() != 1 || !edgeType.hasStaticShape() ||
        edgeType.getDimSize(0) < 2 || edgeType.getElementType() != element)
      return rewriter.notifyMatchFailure(call, "bins: a count or 1-d edges of self's type");
    edges.push_back(edge);
  }
  SmallVector<Value> results = {
      histogramOf(p, points, edges, weights, args.boolean("density").value_or(false))};
  results.append(edges.begin(), edges.end());
  for (auto [value, result] : llvm::zip(results, call->getResults()))
    if (!value || value.getType() != result.getType())
      return rewriter.notifyMatchFailure(call, "the histogram's shape is not the result's");
  rewriter.replaceOp(call, results);
  return success();
}

} // namespace

void addHistogramDecompositions(std::vector<Decomposition> &table) {
  constexpr const char *prims = "reshape, slice, broadcast_in_dim, compare, convert, reduce, "
                                "sub, min, and, mul, add, select, scatter, div, iota";
  table.insert(table.end(), {
      {"aten.histogram.bins_tensor", "scatter", prims, histogram<false>},
      {"aten.histogram.bin_ct", "scatter", prims, histogram<false>},
      {"aten.histogramdd.default", "scatter", prims, histogram<true>},
      {"aten.histogramdd.int_bins", "scatter", prims, histogram<true>},
      {"aten.histogramdd.TensorList_bins", "scatter", prims, histogram<true>},
  });
}

} // namespace pt2c
