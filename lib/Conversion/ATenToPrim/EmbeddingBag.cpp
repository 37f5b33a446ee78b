//===- EmbeddingBag.cpp - embedding_bag: gathered rows reduced per bag ----===//
//
// embedding_bag(weight [N, D], indices [I], offsets [B], mode, ...): row
// indices[i] belongs to bag b when offsets[b] <= i < offsets[b + 1]. The
// rows are gathered (prim.take), and each bag reduces its rows through a
// one-hot [B, I] membership (sum, mean, max; empty bags give 0, as torch).
// Indices equal to padding_idx are left out of their bag. Only the first
// result (the bags) is produced; offset2bag, bag_size and max_indices are
// refused when the program uses them.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <limits>

using namespace mlir;

namespace pt2c {
namespace {

LogicalResult embeddingBag(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value weight = tensorArg(args, "weight"), indices = tensorArg(args, "indices"),
        offsets = tensorArg(args, "offsets");
  auto mode = args.integer("mode");
  if (!type || !weight || !indices || !offsets || !mode || !type.hasStaticShape() ||
      !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects weight, indices, offsets and a mode");
  for (unsigned r = 1; r < call->getNumResults(); ++r)
    if (!call->getResult(r).use_empty())
      return rewriter.notifyMatchFailure(
          call, "only the bags are supported (offset2bag, bag_size, max_indices are used)");
  auto indexType = cast<RankedTensorType>(indices.getType());
  auto offsetType = cast<RankedTensorType>(offsets.getType());
  if (indexType.getRank() != 1 || offsetType.getRank() != 1 || !indexType.hasStaticShape() ||
      !offsetType.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "1-d static indices and offsets (2-d input is not supported yet)");
  bool includeLast = args.boolean("include_last_offset").value_or(false);
  int64_t count = indexType.getDimSize(0), bags = type.getDimSize(0), width = type.getDimSize(1);
  if (bags != offsetType.getDimSize(0) - (includeLast ? 1 : 0) || *mode < 0 || *mode > 2)
    return rewriter.notifyMatchFailure(call, "mode 0/1/2 and one offset per bag");
  Value perSample = tensorArg(args, "per_sample_weights");
  if (perSample && *mode != 0)
    return rewriter.notifyMatchFailure(call, "per_sample_weights need mode sum");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Type element = type.getElementType();
  Type compute = computeType(type).getElementType();
  auto i64 = rewriter.getI64Type();
  // bag[i] = #{b : offsets[b] <= i} - 1, as a [B, I] membership directly:
  // member[b, i] = offsets[b] <= i < offsets[b + 1] (the last bag to I).
  auto grid = RankedTensorType::get({bags, count}, i64);
  Value position = p.build<prim::IotaOp>(grid, rewriter.getI64IntegerAttr(1), ValueRange{});
  Value starts = p.create<prim::SliceOp>(
      p.convert(offsets, i64), rewriter.getDenseI64ArrayAttr({0}),
      rewriter.getDenseI64ArrayAttr({bags}), rewriter.getDenseI64ArrayAttr({1}));
  // Each bag ends where the next starts; the last one at I.
  Value end = p.splat(double(count), RankedTensorType::get({1}, i64), {});
  Value nextStarts = end;
  if (bags > 1)
    nextStarts = p.create<prim::ConcatenateOp>(
        ValueRange{p.create<prim::SliceOp>(
                       p.convert(offsets, i64), rewriter.getDenseI64ArrayAttr({1}),
                       rewriter.getDenseI64ArrayAttr({bags}), rewriter.getDenseI64ArrayAttr({1})),
                   end},
        rewriter.getI64IntegerAttr(0));
  Ew e{p, position};
  Value member = p.create<prim::AndOp>(
      e.cmp(prim::ComparePredicate::ge, position, p.broadcastInDim(starts, grid, {0}, {})),
      e.cmp(prim::ComparePredicate::lt, position, p.broadcastInDim(nextStarts, grid, {0}, {})));
  // Padding indices belong to no bag.
  std::optional<int64_t> padding = args.integer("padding_idx");
  if (padding && *padding >= 0) {
    Value ids = p.broadcastInDim(p.convert(indices, i64), grid, {1}, {});
    member = p.create<prim::AndOp>(member,
                                   e.cmp(prim::ComparePredicate::ne, ids, e.c(double(*padding))));
  }
  // rows [I, D] -> [B, I, D] masked by membership.
  Value rows =
      p.create<prim::TakeOp>(p.convert(weight, compute), indices, rewriter.getI64IntegerAttr(0));
  if (!rows)
    return failure(); // p said why
  if (perSample)
    rows = p.create<prim::MulOp>(rows,
                                 p.broadcastInDim(p.convert(perSample, compute),
                                                  cast<RankedTensorType>(rows.getType()), {0}, {}));
  auto wide = RankedTensorType::get({bags, count, width}, compute);
  Value spread = p.broadcastInDim(rows, wide, {1, 2}, {});
  Value in = p.broadcastInDim(member, wide.clone(rewriter.getI1Type()), {0, 1}, {});
  Ew w{p, spread};
  auto perBag = RankedTensorType::get({bags, width}, compute);
  Value members = p.reduce(prim::ReduceKind::sum, p.convert(member, compute), {1}, false);
  Ew eb{p, p.splat(0.0, perBag, {})};
  Value size = p.broadcastInDim(members, perBag, {0}, {});
  Value empty = eb.cmp(prim::ComparePredicate::eq, size, eb.c(0.0));
  Value result;
  if (*mode == 2) {
    Value max = p.reduce(prim::ReduceKind::max,
                         w.sel(in, spread, w.c(-std::numeric_limits<double>::infinity())), {1}, false);
    result = eb.sel(empty, eb.c(0.0), max);
  } else {
    Value sum = p.reduce(prim::ReduceKind::sum, w.sel(in, spread, w.c(0.0)), {1}, false);
    result = *mode == 0 ? sum : eb.sel(empty, eb.c(0.0), eb.div(sum, size));
  }
  SmallVector<Value> results = {p.convert(result, element)};
  for (unsigned r = 1; r < call->getNumResults(); ++r) {
    RankedTensorType unused = resultType(call, r);
    if (!unused || !unused.hasStaticShape())
      return rewriter.notifyMatchFailure(call, "static auxiliary results");
    results.push_back(p.splat(0.0, unused, {})); // unused (checked above)
  }
  rewriter.replaceOp(call, results);
  return success();
}

} // namespace

void addEmbeddingBagDecompositions(std::vector<Decomposition> &table) {
  constexpr const char *prims =
      "iota, slice, concatenate, compare, and, take, broadcast_in_dim, select, reduce, div";
  table.insert(table.end(), {
      {"aten._embedding_bag.default", "gather", prims, embeddingBag},
      {"aten.embedding_bag.padding_idx", "gather", prims, embeddingBag},
  });
}

} // namespace pt2c
