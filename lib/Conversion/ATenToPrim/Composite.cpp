//===- Composite.cpp - ops written as other ATen ops -----------------------===//
//
// A decomposition here emits the aten.calls of the ops the target is made
// of (index.Tensor, index_put, ...), with a few prims between them; the same
// greedy pass then decomposes those calls with their own entries, so no
// gather or scatter is written twice.
// - _unsafe_masked_index(self, mask, indices, fill) = where(mask,
//   self[clamped indices], fill): the indices are clamped to [-size,
//   size - 1] first, as torch's kernel does, because where mask is false they
//   may point anywhere;
// - _unsafe_masked_index_put_accumulate(self, mask, indices, values) =
//   self.index_put(clamped indices, where(mask, values, 0), accumulate=True),
//   booleans as int64 and then != 0 (a logical or, as torch accumulates them).
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/ATen/ATenOps.h"
#include "pt2c/Dialect/Prim/PrimOps.h"

using namespace mlir;

namespace pt2c {
namespace {

using P = prim::ComparePredicate;

/// One argument of an emitted call: a tensor, or a list of them.
struct OperandGroup {
  StringRef name;
  SmallVector<Value> values;
  bool list = false;
};

/// A new aten.call of `target`, which the decomposition pass rewrites next.
Value emitCall(PatternRewriter &rewriter, Location loc, StringRef target, Type result,
               ArrayRef<OperandGroup> groups, ArrayRef<NamedAttribute> args = {}) {
  SmallVector<StringRef> names;
  SmallVector<int32_t> segments;
  SmallVector<Value> operands;
  for (const OperandGroup &group : groups) {
    names.push_back(group.name);
    segments.push_back(group.list ? static_cast<int32_t>(group.values.size()) : -1);
    llvm::append_range(operands, group.values);
  }
  auto call = aten::CallOp::create(rewriter, loc, TypeRange{result}, rewriter.getStringAttr(target),
                                   rewriter.getStrArrayAttr(names),
                                   rewriter.getDenseI32ArrayAttr(segments),
                                   rewriter.getDictionaryAttr(args), operands);
  return call.getResult(0);
}

/// `indices` with each index tensor (at the position of the dim it indexes)
/// clamped to [-size, size - 1]; None entries kept. Empty when an entry is
/// neither None nor an integer tensor, or there are more than self's dims.
SmallVector<Value> clampedIndices(PrimBuilder &p, RankedTensorType selfType, OperandRange indices) {
  SmallVector<Value> clamped;
  if (static_cast<int64_t>(indices.size()) > selfType.getRank())
    return {};
  for (auto [dim, index] : llvm::enumerate(indices)) {
    auto type = dyn_cast<RankedTensorType>(index.getType());
    if (!type) {
      clamped.push_back(index); // None: the whole dim
      continue;
    }
    int64_t size = selfType.getDimSize(dim);
    if (!isa<IntegerType>(type.getElementType()) || type.getElementType().isInteger(1) ||
        ShapedType::isDynamic(size))
      return {};
    Ew e{p, index};
    clamped.push_back(e.p.create<prim::MaxOp>(
        e.p.create<prim::MinOp>(index, e.c(double(size - 1))), e.c(double(-size))));
  }
  return clamped;
}

LogicalResult unsafeMaskedIndex(aten::CallOp call, const CallArgs &args,
                                PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), mask = tensorArg(args, "mask");
  std::optional<double> fill = args.number("fill");
  if (!type || !self || !mask || !fill || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects self, a mask, a fill and a static result");
  PrimBuilder p(rewriter, call.getLoc());
  auto selfType = cast<RankedTensorType>(self.getType());
  SmallVector<Value> indices = clampedIndices(p, selfType, args.values("indices"));
  if (indices.empty() || llvm::any_of(indices, [](Value v) { return !v; }))
    return rewriter.notifyMatchFailure(call, "integer index tensors (or None) within self's dims");
  Value gathered = emitCall(rewriter, call.getLoc(), "aten.index.Tensor", type,
                            {{"self", {self}}, {"indices", indices, /*list=*/true}});
  Value where = p.broadcastTo(mask, type.clone(rewriter.getI1Type()), {});
  Value result = where ? p.create<prim::SelectOp>(where, gathered, p.splat(*fill, type, {})) : Value();
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

LogicalResult unsafeMaskedIndexPutAccumulate(aten::CallOp call, const CallArgs &args,
                                             PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), mask = tensorArg(args, "mask");
  Value values = tensorArg(args, "values");
  if (!type || !self || !mask || !values)
    return rewriter.notifyMatchFailure(call, "expects self, a mask and values");
  PrimBuilder p(rewriter, call.getLoc());
  auto selfType = cast<RankedTensorType>(self.getType());
  auto valuesType = cast<RankedTensorType>(values.getType());
  SmallVector<Value> indices = clampedIndices(p, selfType, args.values("indices"));
  if (indices.empty() || llvm::any_of(indices, [](Value v) { return !v; }))
    return rewriter.notifyMatchFailure(call, "integer index tensors (or None) within self's dims");
  Value where = p.broadcastTo(mask, valuesType.clone(rewriter.getI1Type()), {});
  if (!where)
    return failure(); // p said why
  Value kept = p.create<prim::SelectOp>(where, values, p.splat(0.0, valuesType, {values}));
  // Booleans accumulate as a logical or: added as int64, then != 0.
  bool logical = type.getElementType().isInteger(1);
  RankedTensorType sumType = logical ? type.clone(rewriter.getI64Type()) : type;
  if (logical) {
    self = p.convert(self, rewriter.getI64Type());
    kept = p.convert(kept, rewriter.getI64Type());
  }
  if (!self || !kept)
    return failure(); // p said why
  Value result = emitCall(rewriter, call.getLoc(), "aten.index_put.default", sumType,
                          {{"self", {self}}, {"indices", indices, /*list=*/true}, {"values", {kept}}},
                          {rewriter.getNamedAttr("accumulate", rewriter.getBoolAttr(true))});
  if (logical)
    result = p.create<prim::CompareOp>(
        result, p.splat(0.0, sumType, {}),
        prim::ComparePredicateAttr::get(rewriter.getContext(), P::ne));
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

} // namespace

void addCompositeDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten._unsafe_masked_index.default", "gather",
       "min, max, select, broadcast_in_dim (then index.Tensor's)", unsafeMaskedIndex},
      {"aten._unsafe_masked_index_put_accumulate.default", "scatter",
       "min, max, select, broadcast_in_dim (then index_put's)", unsafeMaskedIndexPutAccumulate},
  });
}

} // namespace pt2c
