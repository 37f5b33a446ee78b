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
  PrimBuilder p(rewriter, call.getLoc());
  rewriter.replaceOp(call, p.create<prim::TakeOp>(weight, indices, rewriter.getI64IntegerAttr(0)));
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
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  PrimBuilder p(rewriter, call.getLoc());
  if (rank == 0) {
    // torch reads a 0-d self as one element along dim 0 or -1, the result 0-d.
    if ((*dim != 0 && *dim != -1) || type.getRank() != 0)
      return rewriter.notifyMatchFailure(call, "a 0-d self takes dim 0 (or -1), its result 0-d");
    auto selfType = cast<RankedTensorType>(self.getType());
    self = p.build<prim::ReshapeOp>(selfType.clone({1}), self, ValueRange{});
    rank = 1;
  }
  int64_t d = PrimBuilder::normalizeDim(*dim, rank);
  if (indexType.getRank() == 0) // a 0-d index keeps the dim, with size 1
    index = p.build<prim::ReshapeOp>(indexType.clone({1}), index, ValueRange{});
  Value result = p.create<prim::TakeOp>(self, index, rewriter.getI64IntegerAttr(d));
  if (!result)
    return failure(); // p said why
  auto taken = cast<RankedTensorType>(result.getType());
  if (type.getRank() == 0 && taken.hasStaticShape() && taken.getNumElements() == 1)
    result = p.build<prim::ReshapeOp>(type, result, ValueRange{});
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "the selected shape is not the result's");
  rewriter.replaceOp(call, result);
  return success();
}

// take(self, index) = self flattened, read at index (negative indices
// count from the end, as in torch); the result has index's shape.
LogicalResult take(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self"), index = tensorArg(args, "index");
  RankedTensorType type = resultType(call);
  if (!self || !index || !type || !cast<RankedTensorType>(self.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static self and an index tensor");
  auto selfType = cast<RankedTensorType>(self.getType());
  int64_t count = selfType.getNumElements();
  PrimBuilder p(rewriter, call.getLoc());
  Value flat = p.build<prim::ReshapeOp>(RankedTensorType::get({count}, selfType.getElementType()),
                                        self, ValueRange{});
  Ew e{p, index};
  Value wrapped = e.sel(e.cmp(prim::ComparePredicate::lt, index, e.c(0.0)),
                        e.add(index, e.c(double(count))), index);
  Value result = p.create<prim::TakeOp>(flat, wrapped, rewriter.getI64IntegerAttr(0));
  if (!result)
    return failure(); // p said why
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "the taken shape is not the result's");
  rewriter.replaceOp(call, result);
  return success();
}

// take_along_dim(self, indices, dim): self and indices broadcast to each
// other in every dim but `dim`, then gather along it; without dim, both
// flattened.
LogicalResult takeAlongDim(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self"), indices = tensorArg(args, "indices");
  RankedTensorType type = resultType(call);
  if (!self || !indices || !type)
    return rewriter.notifyMatchFailure(call, "expects tensors self and indices");
  auto selfType = cast<RankedTensorType>(self.getType());
  auto indexType = cast<RankedTensorType>(indices.getType());
  if (!selfType.hasStaticShape() || !indexType.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "static self and indices");
  PrimBuilder p(rewriter, call.getLoc());
  std::optional<int64_t> dim = args.integer("dim");
  if (!dim) {
    self = p.build<prim::ReshapeOp>(RankedTensorType::get({selfType.getNumElements()},
                                                          selfType.getElementType()),
                                    self, ValueRange{});
    indices = p.build<prim::ReshapeOp>(RankedTensorType::get({indexType.getNumElements()},
                                                             indexType.getElementType()),
                                       indices, ValueRange{});
    dim = 0;
  } else {
    if (selfType.getRank() != indexType.getRank() || selfType.getRank() == 0)
      return rewriter.notifyMatchFailure(call, "self and indices of one rank (1 or more)");
    int64_t d = PrimBuilder::normalizeDim(*dim, selfType.getRank());
    SmallVector<int64_t> selfShape(selfType.getShape()), indexShape(indexType.getShape());
    for (int64_t i = 0; i < selfType.getRank(); ++i) {
      if (i == d)
        continue;
      int64_t a = selfShape[i], b = indexShape[i];
      if (a != b && a != 1 && b != 1)
        return rewriter.notifyMatchFailure(call, "self and indices do not broadcast");
      selfShape[i] = indexShape[i] = std::max(a, b);
    }
    auto iota = llvm::to_vector(llvm::seq<int64_t>(0, selfType.getRank()));
    auto broadcast = [&](Value v, ArrayRef<int64_t> shape) {
      auto vType = cast<RankedTensorType>(v.getType());
      if (vType.getShape() == shape)
        return v;
      return p.broadcastInDim(v, RankedTensorType::get(shape, vType.getElementType()), iota, {});
    };
    self = broadcast(self, selfShape);
    indices = broadcast(indices, indexShape);
    dim = d;
  }
  return replaceChecked(
      call, p.create<prim::TakeAlongOp>(self, indices, rewriter.getI64IntegerAttr(*dim)), rewriter);
}

// gather(self, dim, index) = torch.gather: prim.take_along.
LogicalResult gather(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self"), index = tensorArg(args, "index");
  auto dim = args.integer("dim");
  if (!self || !index || !dim)
    return rewriter.notifyMatchFailure(call, "expects tensors self and index, and dim");
  int64_t d = PrimBuilder::normalizeDim(*dim, cast<RankedTensorType>(self.getType()).getRank());
  PrimBuilder p(rewriter, call.getLoc());
  rewriter.replaceOp(call, p.create<prim::TakeAlongOp>(self, index, rewriter.getI64IntegerAttr(d)));
  return success();
}

// x[:, ..., i0, i1, ..., ik-1]: m leading None (whole dims) then k index
// tensors on adjacent dims. The indexed dims are moved to the front and
// flattened into one, the indices (wrapped when negative, broadcast
// together) combined into one linear index, and one prim.take gathers
// [B..., x.shape[:m], rest]; torch puts B where the indexed dims were, so
// the m leading dims move back in front. A single boolean mask over the
// leading dims (x[mask]) gives the rows where it is true, as many as the
// data says (DataDependent.cpp); a None after an index tensor, or a mask
// among other indices, is refused.
LogicalResult indexTensor(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = args.value("self");
  RankedTensorType type = resultType(call);
  OperandRange indices = args.values("indices");
  if (!self || !type || indices.empty())
    return rewriter.notifyMatchFailure(call, "expects self and index tensors");
  auto selfType = cast<RankedTensorType>(self.getType());
  if (indices.size() == 1) // x[mask]: as many rows as the mask has trues
    if (auto maskType = dyn_cast<RankedTensorType>(indices[0].getType()))
      if (maskType.getElementType().isInteger(1)) {
        PrimBuilder p(rewriter, call.getLoc());
        return replaceChecked(call, booleanMaskRows(p, self, indices[0], type), rewriter);
      }
  int64_t m = 0;
  SmallVector<Value> tensors;
  for (Value index : indices) {
    auto indexType = dyn_cast<RankedTensorType>(index.getType());
    if (!indexType && tensors.empty()) {
      ++m; // None: the whole dim
      continue;
    }
    if (!indexType || !indexType.getElementType().isInteger(64))
      return rewriter.notifyMatchFailure(
          call, "int64 index tensors after leading Nones, or one boolean mask, only");
    tensors.push_back(index);
  }
  int64_t k = tensors.size(), rank = selfType.getRank();
  if (!selfType.hasStaticShape() || k == 0 || m + k > rank)
    return rewriter.notifyMatchFailure(call, "static self only");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Value x = self;
  if (m > 0) {
    SmallVector<int64_t> front;
    for (int64_t d = m; d < m + k; ++d)
      front.push_back(d);
    for (int64_t d = 0; d < m; ++d)
      front.push_back(d);
    for (int64_t d = m + k; d < rank; ++d)
      front.push_back(d);
    x = p.create<prim::TransposeOp>(x, rewriter.getDenseI64ArrayAttr(front));
  }
  if (!x)
    return failure(); // p said why
  auto xType = cast<RankedTensorType>(x.getType());
  // The broadcast shape B of the indices: the result's dims after the m.
  int64_t restRank = rank - m - k;
  int64_t broadcastRank = type.getRank() - m - restRank;
  if (broadcastRank < 0)
    return rewriter.notifyMatchFailure(call, "the result's rank does not fit the indices");
  auto indexType = RankedTensorType::get(type.getShape().slice(m, broadcastRank),
                                         rewriter.getI64Type());
  if (!indexType.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "static indices only");
  Value linear;
  int64_t stride = 1;
  for (int64_t j = k - 1; j >= 0; --j) {
    int64_t size = xType.getDimSize(j);
    Value index = p.broadcastTo(tensors[j], indexType, {});
    // torch wraps negative indices: i < 0 ? i + size : i.
    Value negative = p.create<prim::CompareOp>(
        index, p.splat(0, indexType, {}),
        prim::ComparePredicateAttr::get(rewriter.getContext(), prim::ComparePredicate::lt));
    index = p.create<prim::SelectOp>(
        negative, p.create<prim::AddOp>(index, p.splat(size, indexType, {})), index);
    Value term = stride == 1 ? index : p.create<prim::MulOp>(index, p.splat(stride, indexType, {}));
    linear = linear ? p.create<prim::AddOp>(linear, term) : term;
    stride *= size;
  }
  SmallVector<int64_t> flatShape = {stride};
  llvm::append_range(flatShape, xType.getShape().drop_front(k));
  Value flat = p.build<prim::ReshapeOp>(RankedTensorType::get(flatShape, selfType.getElementType()),
                                        x, ValueRange{});
  Value result = p.create<prim::TakeOp>(flat, linear, rewriter.getI64IntegerAttr(0));
  if (m > 0) {
    SmallVector<int64_t> back;
    for (int64_t d = 0; d < m; ++d)
      back.push_back(broadcastRank + d);
    for (int64_t d = 0; d < broadcastRank; ++d)
      back.push_back(d);
    for (int64_t d = broadcastRank + m; d < type.getRank(); ++d)
      back.push_back(d);
    result = p.create<prim::TransposeOp>(result, rewriter.getDenseI64ArrayAttr(back));
  }
  if (!result)
    return failure(); // p said why
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "the indexed shape is not the result's");
  rewriter.replaceOp(call, result);
  return success();
}

} // namespace

void addGatherDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.embedding.default", "gather", "take", embedding},
      {"aten.gather.default", "gather", "take_along", gather},
      {"aten.index_select.default", "gather", "take", indexSelect},
      {"aten.take_along_dim.default", "gather", "reshape, broadcast_in_dim, take_along",
       takeAlongDim},
      {"aten.take.default", "gather", "reshape, compare, add, select, take", take},
      {"aten.index.Tensor", "gather", "broadcast_in_dim, compare, select, add, mul, reshape, take",
       indexTensor},
  });
}

} // namespace pt2c
