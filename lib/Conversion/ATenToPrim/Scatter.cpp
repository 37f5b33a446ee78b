//===- Scatter.cpp - scatter, scatter_add/reduce, select/slice_scatter ----===//
//
// Positions known at compile time (select_scatter, slice_scatter): src is
// gathered to self's shape along the dim (prim.take with constant indices)
// and a constant mask selects it where it lands, self elsewhere.
//
// Positions known at run time (scatter*, with the dim moved last): a one-hot
// hit[..., j, d] = (index[..., j] == d) over self's D positions, and each
// output position reduces the sources that hit it over j (sum, prod, max,
// min; for plain scatter the last j wins, as torch's CPU loop writes in
// order). O(J * D) work per row: fine for the index sizes models scatter
// with; a scatter primitive with a loop lowering would be O(J).
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <limits>

using namespace mlir;

namespace pt2c {
namespace {

/// self with src written along `dim`: position p of self takes src's
/// element `sourceOf[p]` along dim, or keeps its own when -1.
LogicalResult writeAlong(aten::CallOp call, PatternRewriter &rewriter, Value self, Value src,
                         int64_t dim, ArrayRef<int64_t> sourceOf) {
  RankedTensorType type = resultType(call);
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  src = p.convert(src, type.getElementType());
  SmallVector<int64_t> index, mask;
  for (int64_t source : sourceOf) {
    index.push_back(std::max<int64_t>(source, 0));
    mask.push_back(source >= 0);
  }
  int64_t size = sourceOf.size();
  auto indexType = RankedTensorType::get({size}, rewriter.getI64Type());
  Value indices = prim::ConstantOp::create(rewriter, loc, DenseElementsAttr::get(indexType, ArrayRef(index)));
  Value spread = prim::TakeOp::create(rewriter, loc, src, indices, rewriter.getI64IntegerAttr(dim));
  SmallVector<bool> bits(mask.begin(), mask.end());
  Value where = prim::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(RankedTensorType::get({size}, rewriter.getI1Type()), ArrayRef(bits)));
  where = p.broadcastInDim(where, type.clone(rewriter.getI1Type()), {dim}, {self});
  if (!where || spread.getType() != type)
    return rewriter.notifyMatchFailure(call, "src does not fit self outside the written dim");
  rewriter.replaceOp(call, prim::SelectOp::create(rewriter, loc, where, spread, self).getResult());
  return success();
}

/// self, src and the normalized dim, with a static size along it.
struct Operands {
  Value self, src;
  int64_t dim, size;
};

std::optional<Operands> operands(aten::CallOp call, const CallArgs &args) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), src = tensorArg(args, "src");
  auto dim = args.integer("dim");
  if (!type || !self || !src || !dim || type.getRank() == 0)
    return std::nullopt;
  int64_t d = PrimBuilder::normalizeDim(*dim, type.getRank());
  if (type.isDynamicDim(d))
    return std::nullopt;
  return Operands{self, src, d, type.getDimSize(d)};
}

// select_scatter(self, src, dim, index): src (without dim) becomes slice
// `index` of self.
LogicalResult selectScatter(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  auto in = operands(call, args);
  auto index = args.integer("index");
  if (!in || !index || *index < -in->size || *index >= in->size)
    return rewriter.notifyMatchFailure(call, "expects self, src, dim and an index within dim");
  int64_t at = *index < 0 ? *index + in->size : *index;
  auto srcType = cast<RankedTensorType>(in->src.getType());
  SmallVector<int64_t> shape(srcType.getShape());
  shape.insert(shape.begin() + in->dim, 1);
  Value src = prim::ReshapeOp::create(rewriter, call.getLoc(), srcType.clone(shape), in->src,
                                      PrimBuilder(rewriter, call.getLoc()).dynamicSizes(srcType.clone(shape), {in->self}));
  SmallVector<int64_t> sourceOf(in->size, -1);
  sourceOf[at] = 0;
  return writeAlong(call, rewriter, in->self, src, in->dim, sourceOf);
}

// slice_scatter(self, src, dim, start, end, step): src becomes
// self[start:end:step] along dim (Python slice bounds).
LogicalResult sliceScatter(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  auto in = operands(call, args);
  int64_t step = args.integer("step").value_or(1);
  if (!in || step < 1)
    return rewriter.notifyMatchFailure(call, "expects self, src, dim and a positive step");
  auto clampBound = [&](std::optional<int64_t> bound, int64_t fallback) {
    int64_t value = bound.value_or(fallback);
    if (value < 0)
      value += in->size;
    return std::clamp<int64_t>(value, 0, in->size);
  };
  int64_t start = clampBound(args.integer("start"), 0);
  int64_t end = clampBound(args.integer("end"), in->size);
  SmallVector<int64_t> sourceOf(in->size, -1);
  for (int64_t at = start, k = 0; at < end; at += step, ++k)
    sourceOf[at] = k;
  return writeAlong(call, rewriter, in->self, in->src, in->dim, sourceOf);
}

/// `x` with `dim` moved last (or back from last with `inverse`).
Value moveDim(OpBuilder &b, Location loc, Value x, int64_t dim, bool inverse) {
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  if (dim == rank - 1)
    return x;
  SmallVector<int64_t> permutation;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim)
      permutation.push_back(d);
  permutation.push_back(dim);
  if (inverse) {
    SmallVector<int64_t> back(rank);
    for (int64_t d = 0; d < rank; ++d)
      back[permutation[d]] = d;
    permutation = back;
  }
  return prim::TransposeOp::create(b, loc, x, b.getDenseI64ArrayAttr(permutation));
}

enum class Combine { assign, sum, prod, amax, amin, mean };

/// self [O..., D] (dim last) with src [O..., J] scattered at index [O..., J]
/// along the last dim, combined per `combine`.
Value scatterLast(PrimBuilder &p, Value self, Value index, Value src, Combine combine,
                  bool includeSelf) {
  OpBuilder &b = p.builder();
  Location loc = p.loc();
  auto selfType = cast<RankedTensorType>(self.getType());
  auto indexType = cast<RankedTensorType>(index.getType());
  int64_t rank = selfType.getRank(), positions = selfType.getDimSize(rank - 1);
  // [O..., J, D]
  SmallVector<int64_t> wideShape(indexType.getShape());
  wideShape.push_back(positions);
  SmallVector<int64_t> keep;
  for (int64_t d = 0; d < rank; ++d)
    keep.push_back(d);
  auto wideIndex = RankedTensorType::get(wideShape, indexType.getElementType());
  Value target = p.broadcastInDim(index, wideIndex, keep, {});
  Value slot = prim::IotaOp::create(b, loc, wideIndex, b.getI64IntegerAttr(rank), ValueRange{});
  Ew ei{p, target};
  Value hit = ei.cmp(prim::ComparePredicate::eq, target, slot);
  Type element = selfType.getElementType();
  auto wide = RankedTensorType::get(wideShape, element);
  Value value = p.broadcastInDim(src, wide, keep, {});
  Ew e{p, value};
  int64_t over = rank - 1; // j
  Value anyHit = p.reduce(prim::ReduceKind::max, p.convert(hit, b.getI64Type()), {over}, false);
  Ew eh{p, anyHit};
  Value touched = eh.cmp(prim::ComparePredicate::gt, anyHit, eh.c(0));
  Ew es{p, self};
  if (combine == Combine::assign) {
    // The last j that hits each position, then its source.
    auto wideJ = RankedTensorType::get(wideShape, b.getI64Type());
    Value j = prim::IotaOp::create(b, loc, wideJ, b.getI64IntegerAttr(rank - 1), ValueRange{});
    Ew ej{p, j};
    Value last = p.reduce(prim::ReduceKind::max, ej.sel(hit, j, ej.c(0)), {over}, false);
    Value picked = prim::TakeAlongOp::create(b, loc, src, last, b.getI64IntegerAttr(rank - 1));
    return es.sel(touched, picked, self);
  }
  double identity = combine == Combine::prod   ? 1.0
                    : combine == Combine::amax ? -std::numeric_limits<double>::infinity()
                    : combine == Combine::amin ? std::numeric_limits<double>::infinity()
                                               : 0.0;
  prim::ReduceKind kind = combine == Combine::prod   ? prim::ReduceKind::prod
                          : combine == Combine::amax ? prim::ReduceKind::max
                          : combine == Combine::amin ? prim::ReduceKind::min
                                                     : prim::ReduceKind::sum;
  Value reduced = p.reduce(kind, e.sel(hit, value, e.c(identity)), {over}, false);
  Value combined;
  switch (combine) {
  case Combine::sum:
    combined = includeSelf ? es.add(self, reduced) : reduced;
    break;
  case Combine::prod:
    combined = includeSelf ? es.mul(self, reduced) : reduced;
    break;
  case Combine::amax:
    combined = includeSelf ? prim::MaxOp::create(b, loc, self, reduced).getResult() : reduced;
    break;
  case Combine::amin:
    combined = includeSelf ? prim::MinOp::create(b, loc, self, reduced).getResult() : reduced;
    break;
  case Combine::mean: {
    Value count = p.convert(p.reduce(prim::ReduceKind::sum, p.convert(hit, b.getI64Type()),
                                     {over}, false),
                            element);
    Value total = includeSelf ? es.add(self, reduced) : reduced;
    Value n = includeSelf ? es.add(count, es.c(1.0)) : count;
    combined = es.div(total, n);
    break;
  }
  case Combine::assign:
    break;
  }
  return es.sel(touched, combined, self);
}

LogicalResult scatterWith(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
                          Combine combine, bool includeSelf) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), index = tensorArg(args, "index");
  auto dim = args.integer("dim");
  if (!type || !self || !index || !dim || !type.hasStaticShape() || type.getRank() == 0 ||
      !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "static float self, index and dim");
  auto indexType = cast<RankedTensorType>(index.getType());
  int64_t rank = type.getRank(), d = PrimBuilder::normalizeDim(*dim, rank);
  if (indexType.getRank() != rank || !indexType.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "a static index of self's rank");
  for (int64_t k = 0; k < rank; ++k)
    if (k != d && indexType.getDimSize(k) != type.getDimSize(k))
      return rewriter.notifyMatchFailure(
          call, "an index smaller than self outside the scatter dim is not supported yet");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Value src = tensorArg(args, "src");
  auto srcShape = indexType.clone(type.getElementType());
  if (src) {
    // Only src's leading [index.shape] block is read.
    auto srcType = cast<RankedTensorType>(src.getType());
    if (!srcType.hasStaticShape() || srcType.getRank() != rank)
      return rewriter.notifyMatchFailure(call, "a static src of self's rank");
    src = p.convert(src, type.getElementType());
    if (srcType.getShape() != indexType.getShape())
      src = prim::SliceOp::create(rewriter, loc, src,
                                  rewriter.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 0)),
                                  rewriter.getDenseI64ArrayAttr(indexType.getShape()),
                                  rewriter.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 1)));
  } else if (auto value = args.number("value")) {
    src = p.splat(*value, srcShape, {});
  } else {
    return rewriter.notifyMatchFailure(call, "expects src or a numeric value");
  }
  Value result = scatterLast(p, moveDim(rewriter, loc, self, d, false),
                             moveDim(rewriter, loc, p.convert(index, rewriter.getI64Type()), d, false),
                             moveDim(rewriter, loc, src, d, false), combine, includeSelf);
  rewriter.replaceOp(call, moveDim(rewriter, loc, result, d, true));
  return success();
}

template <Combine combine>
LogicalResult scatter(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return scatterWith(call, args, rewriter, combine, true);
}

// scatter_reduce.two(self, dim, index, src, reduce, include_self)
LogicalResult scatterReduce(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  StringRef reduce = args.string("reduce").value_or("");
  std::optional<Combine> combine = llvm::StringSwitch<std::optional<Combine>>(reduce)
                                       .Case("sum", Combine::sum)
                                       .Case("prod", Combine::prod)
                                       .Case("mean", Combine::mean)
                                       .Case("amax", Combine::amax)
                                       .Case("amin", Combine::amin)
                                       .Default(std::nullopt);
  if (!combine)
    return rewriter.notifyMatchFailure(call, "unknown reduce '" + reduce + "'");
  return scatterWith(call, args, rewriter, *combine, args.boolean("include_self").value_or(true));
}

// index_put(self, [index], values, accumulate) with one integer index
// tensor on dim 0 (self[index] = values, or += with accumulate): a scatter
// of whole rows; negative indices wrap. Boolean masks have data-dependent
// positions (nonzero) and several index tensors are not supported yet.
LogicalResult indexPut(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), values = tensorArg(args, "values");
  OperandRange indices = args.values("indices");
  if (!type || !self || !values || indices.size() != 1 || !type.hasStaticShape() ||
      type.getRank() == 0 || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "static float self and one index tensor");
  auto indexType = dyn_cast<RankedTensorType>(indices[0].getType());
  if (!indexType || !indexType.hasStaticShape() || indexType.getElementType().isInteger(1) ||
      !isa<IntegerType>(indexType.getElementType()))
    return rewriter.notifyMatchFailure(call, "a static integer index (not a boolean mask)");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  int64_t count = indexType.getNumElements(), rows = type.getDimSize(0);
  Value index = prim::ReshapeOp::create(rewriter, loc,
                                        RankedTensorType::get({count}, rewriter.getI64Type()),
                                        p.convert(indices[0], rewriter.getI64Type()), ValueRange{});
  Ew ei{p, index};
  index = ei.sel(ei.cmp(prim::ComparePredicate::lt, index, ei.c(0)), ei.add(index, ei.c(rows)),
                 index);
  SmallVector<int64_t> shape = {count};
  llvm::append_range(shape, type.getShape().drop_front());
  auto wide = RankedTensorType::get(shape, type.getElementType());
  Value source = p.broadcastTo(p.convert(values, type.getElementType()), wide, {});
  Value target = p.broadcastInDim(index, wide.clone(rewriter.getI64Type()), {0}, {});
  if (!source || !target)
    return rewriter.notifyMatchFailure(call, "values do not broadcast to the indexed rows");
  bool accumulate = args.boolean("accumulate").value_or(false);
  Value result = scatterLast(p, moveDim(rewriter, loc, self, 0, false),
                             moveDim(rewriter, loc, target, 0, false),
                             moveDim(rewriter, loc, source, 0, false),
                             accumulate ? Combine::sum : Combine::assign, true);
  rewriter.replaceOp(call, moveDim(rewriter, loc, result, 0, true));
  return success();
}

} // namespace

void addScatterDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.select_scatter.default", "scatter", "reshape, take, constant, select", selectScatter},
      {"aten.slice_scatter.default", "scatter", "take, constant, select", sliceScatter},
      {"aten.scatter.src", "scatter", "transpose, broadcast_in_dim, iota, compare, reduce, take_along, select",
       scatter<Combine::assign>},
      {"aten.scatter.value", "scatter", "transpose, broadcast_in_dim, iota, compare, reduce, take_along, select",
       scatter<Combine::assign>},
      {"aten.scatter_add.default", "scatter", "transpose, broadcast_in_dim, iota, compare, select, reduce, add",
       scatter<Combine::sum>},
      {"aten.index_put.default", "scatter",
       "reshape, broadcast_in_dim, transpose, iota, compare, select, reduce, take_along", indexPut},
      {"aten.scatter_reduce.two", "scatter", "transpose, broadcast_in_dim, iota, compare, select, reduce",
       scatterReduce},
  });
}

} // namespace pt2c
