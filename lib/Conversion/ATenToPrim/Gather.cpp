//===- Gather.cpp - embedding, gather, advanced indexing ------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace pt2c {
namespace {

// embedding(weight [N, D], indices [...]) = weight[indices]: prim.take on dim 0.
LogicalResult embedding(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value weight = args.value("weight"), indices = args.value("indices");
  if (!weight || !indices || !resultType(call))
    return rewriter.notifyMatchFailure(call, "expects weight and indices tensors");
  rewriter.replaceOp(call, prim::TakeOp::create(rewriter, call.getLoc(), weight, indices,
                                                rewriter.getI64IntegerAttr(0))
                               .getResult());
  return success();
}

// index_select(self, dim, index [K]) = self's slices at index along dim:
// prim.take (negative indices are an error in torch, not wrapped).
LogicalResult indexSelect(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self"), index = tensorArg(args, "index");
  auto dim = args.integer("dim");
  RankedTensorType type = resultType(call);
  if (!self || !index || !dim || !type)
    return rewriter.notifyMatchFailure(call, "expects self, dim and index");
  auto indexType = cast<RankedTensorType>(index.getType());
  if (indexType.getRank() > 1)
    return rewriter.notifyMatchFailure(call, "a 0-d or 1-d index");
  Location loc = call.getLoc();
  if (indexType.getRank() == 0) // a 0-d index keeps the dim, with size 1
    index = prim::ReshapeOp::create(rewriter, loc, indexType.clone({1}), index, ValueRange{});
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  if (rank == 0)
    return rewriter.notifyMatchFailure(call, "index_select on a 0-d tensor");
  int64_t d = PrimBuilder::normalizeDim(*dim, rank);
  Value result = prim::TakeOp::create(rewriter, loc, self, index, rewriter.getI64IntegerAttr(d));
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "the selected shape is not the result's");
  rewriter.replaceOp(call, result);
  return success();
}

// gather(self, dim, index) = torch.gather: prim.take_along.
LogicalResult gather(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = args.value("self"), index = args.value("index");
  auto dim = args.integer("dim");
  if (!self || !index || !dim)
    return rewriter.notifyMatchFailure(call, "expects self, dim and index");
  int64_t d = PrimBuilder::normalizeDim(*dim, cast<RankedTensorType>(self.getType()).getRank());
  rewriter.replaceOp(call, prim::TakeAlongOp::create(rewriter, call.getLoc(), self, index,
                                                     rewriter.getI64IntegerAttr(d))
                               .getResult());
  return success();
}

// x[i0, i1, ..., ik-1] with k index tensors on the leading dims (no None):
// the k indexed dims are flattened into one, the indices (wrapped when
// negative, broadcast together) combined into one linear index, and one
// prim.take gathers: result = indices' broadcast shape ++ x.shape[k:].
LogicalResult indexTensor(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = args.value("self");
  RankedTensorType type = resultType(call);
  OperandRange indices = args.values("indices");
  if (!self || !type || indices.empty())
    return rewriter.notifyMatchFailure(call, "expects self and index tensors");
  auto selfType = cast<RankedTensorType>(self.getType());
  int64_t k = indices.size();
  if (!selfType.hasStaticShape() || k > selfType.getRank())
    return rewriter.notifyMatchFailure(call, "static self only");
  for (Value index : indices)
    if (!isa<RankedTensorType>(index.getType()) ||
        !cast<RankedTensorType>(index.getType()).getElementType().isInteger(64))
      return rewriter.notifyMatchFailure(call, "None or non-int64 indices are not supported yet");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  // The broadcast shape of the indices: the result's leading dims.
  int64_t restRank = selfType.getRank() - k;
  ArrayRef<int64_t> resultShape = type.getShape();
  auto indexType = RankedTensorType::get(resultShape.drop_back(restRank), rewriter.getI64Type());
  if (!indexType.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "static indices only");
  Value linear;
  int64_t stride = 1;
  for (int64_t j = k - 1; j >= 0; --j) {
    int64_t size = selfType.getDimSize(j);
    Value index = p.broadcastTo(indices[j], indexType, {});
    // torch wraps negative indices: i < 0 ? i + size : i.
    Value negative = prim::CompareOp::create(
        rewriter, loc, index, p.splat(0, indexType, {}),
        prim::ComparePredicateAttr::get(rewriter.getContext(), prim::ComparePredicate::lt));
    index = prim::SelectOp::create(
        rewriter, loc, negative,
        prim::AddOp::create(rewriter, loc, index, p.splat(size, indexType, {})), index);
    Value term = stride == 1 ? index
                             : prim::MulOp::create(rewriter, loc, index,
                                                   p.splat(stride, indexType, {}))
                                   .getResult();
    linear = linear ? prim::AddOp::create(rewriter, loc, linear, term).getResult() : term;
    stride *= size;
  }
  SmallVector<int64_t> flatShape = {stride};
  llvm::append_range(flatShape, selfType.getShape().drop_front(k));
  Value flat = prim::ReshapeOp::create(
      rewriter, loc, RankedTensorType::get(flatShape, selfType.getElementType()), self,
      ValueRange{});
  rewriter.replaceOp(call, prim::TakeOp::create(rewriter, loc, flat, linear,
                                                rewriter.getI64IntegerAttr(0))
                               .getResult());
  return success();
}

} // namespace

void addGatherDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.embedding.default", "gather", "take", embedding},
      {"aten.gather.default", "gather", "take_along", gather},
      {"aten.index_select.default", "gather", "take", indexSelect},
      {"aten.index.Tensor", "gather", "broadcast_in_dim, compare, select, add, mul, reshape, take",
       indexTensor},
  });
}

} // namespace pt2c
