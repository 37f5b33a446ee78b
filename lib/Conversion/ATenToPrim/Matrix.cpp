//===- Matrix.cpp - tril, triu, trace: a matrix's triangles and diagonal --===//
//
// Each compares a column index with a row index (two prim.iota over the
// last two dims) and selects: no gather, and one loop that fuses with its
// neighbours.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace pt2c {
namespace {

using P = prim::ComparePredicate;

/// For the last two dims [R, C] of `x`: the bool mask `column - row
/// <predicate> offset`, broadcast to x's shape.
Value diagonalMask(PrimBuilder &p, Value x, P predicate, int64_t offset) {
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  OpBuilder &b = p.builder();
  Location loc = p.loc();
  auto indexType = RankedTensorType::get(type.getShape().take_back(2), b.getI64Type());
  SmallVector<Value> sizes;
  for (int64_t d = rank - 2; d < rank; ++d)
    if (type.isDynamicDim(d))
      sizes.push_back(tensor::DimOp::create(b, loc, x, d));
  Value row = prim::IotaOp::create(b, loc, indexType, b.getI64IntegerAttr(0), sizes);
  Value column = prim::IotaOp::create(b, loc, indexType, b.getI64IntegerAttr(1), sizes);
  Ew e{p, row};
  Value mask = e.cmp(predicate, e.sub(column, row), e.c(static_cast<double>(offset)));
  return p.broadcastTo(mask, type.clone(b.getI1Type()), {x});
}

// tril(x, k) keeps x[..., i, j] where j - i <= k, triu where j - i >= k;
// the rest is 0 (false for bool).
template <P predicate>
LogicalResult triangle(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  std::optional<int64_t> diagonal = args.integer("diagonal");
  if (!type || !self || !diagonal || type.getRank() < 2 ||
      cast<RankedTensorType>(self.getType()).getShape() != type.getShape())
    return rewriter.notifyMatchFailure(call, "expects a tensor of rank >= 2 and a constant "
                                             "diagonal");
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, type.getElementType());
  Value keep = diagonalMask(p, x, predicate, *diagonal);
  Value zero = p.splat(0.0, type, {x});
  rewriter.replaceOp(call, p.create<prim::SelectOp>(keep, x, zero));
  return success();
}

// trace(x [R, C]) = the sum of x[i, i], in the result's type (int64 for
// integers, as torch).
LogicalResult trace(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || type.getRank() != 0 ||
      cast<RankedTensorType>(self.getType()).getRank() != 2 ||
      type.getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(call, "expects a matrix and a 0-d result");
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, computeType(type).getElementType());
  Value onDiagonal = diagonalMask(p, x, P::eq, 0);
  Value kept = p.create<prim::SelectOp>(onDiagonal, x,
                                        p.splat(0.0, cast<RankedTensorType>(x.getType()), {x}));
  Value sum = p.reduce(prim::ReduceKind::sum, kept, {0, 1}, false);
  rewriter.replaceOp(call, p.convert(sum, type.getElementType()));
  return success();
}

} // namespace

void addMatrixDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.trace.default", "matrix", "iota, sub, compare, broadcast_in_dim, select, reduce",
       trace},
      {"aten.tril.default", "matrix", "iota, sub, compare, broadcast_in_dim, select",
       triangle<P::le>},
      {"aten.triu.default", "matrix", "iota, sub, compare, broadcast_in_dim, select",
       triangle<P::ge>},
  });
}

} // namespace pt2c
