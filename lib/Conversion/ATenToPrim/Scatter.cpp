//===- Scatter.cpp - select_scatter, slice_scatter ------------------------===//
//
// Writing `src` into positions of `self` known at compile time: src is
// gathered to self's shape along the dim (prim.take with constant indices)
// and a constant mask selects it where it lands, self elsewhere.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

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

} // namespace

void addScatterDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.select_scatter.default", "scatter", "reshape, take, constant, select", selectScatter},
      {"aten.slice_scatter.default", "scatter", "take, constant, select", sliceScatter},
  });
}

} // namespace pt2c
