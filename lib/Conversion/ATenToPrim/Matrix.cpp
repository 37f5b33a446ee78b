//===- Matrix.cpp - tril, triu, trace, diag: triangles and diagonals ------===//
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

/// x [..., n] on the k-th diagonal of [..., N, N] matrices, N = n + |k|:
/// result[..., i, j] = x[..., k >= 0 ? i : j] where j - i == k, else 0.
Value embedDiagonal(PrimBuilder &p, Value x, int64_t k, RankedTensorType type) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank(), n = xType.getDimSize(rank - 1), size = n + std::abs(k);
  if (xType.isDynamicDim(rank - 1) || n == 0 || type.getRank() != rank + 1)
    return Value();
  OpBuilder &b = p.builder();
  auto indexType = RankedTensorType::get({size, size}, b.getI64Type());
  Value row = p.build<prim::IotaOp>(indexType, b.getI64IntegerAttr(0), ValueRange{});
  Value column = p.build<prim::IotaOp>(indexType, b.getI64IntegerAttr(1), ValueRange{});
  Ew e{p, row};
  // Off the diagonal the index is clamped into x: read, then dropped.
  Value source = p.create<prim::MinOp>(k >= 0 ? row : column, e.c(double(n - 1)));
  Value taken = p.create<prim::TakeOp>(p.convert(x, type.getElementType()), source,
                                       b.getI64IntegerAttr(rank - 1));
  Value onDiagonal = e.cmp(P::eq, e.sub(column, row), e.c(double(k)));
  Value mask = p.broadcastTo(onDiagonal, type.clone(b.getI1Type()), {});
  return p.create<prim::SelectOp>(mask, taken, p.splat(0.0, type, {}));
}

// diag_embed(x, offset) with the default dims (-2, -1): x's last dim on the
// offset diagonal of new trailing matrices.
LogicalResult diagEmbed(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  int64_t dim1 = args.integer("dim1").value_or(-2), dim2 = args.integer("dim2").value_or(-1);
  if (!type || !self || !type.hasStaticShape() ||
      PrimBuilder::normalizeDim(dim1, type.getRank()) != type.getRank() - 2 ||
      PrimBuilder::normalizeDim(dim2, type.getRank()) != type.getRank() - 1)
    return rewriter.notifyMatchFailure(call, "diag_embed into the last two dims (the default)");
  PrimBuilder p(rewriter, call.getLoc());
  return replaceChecked(call, embedDiagonal(p, self, args.integer("offset").value_or(0), type),
                        rewriter);
}

// diag(x, k): a vector onto the k-th diagonal of a matrix, or a matrix's
// k-th diagonal as a vector (a take of its flattened elements);
// diagflat(x, k) = diag of x flattened.
template <bool flat>
LogicalResult diag(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  int64_t k = args.integer(flat ? "offset" : "diagonal").value_or(0);
  if (!type || !self || !type.hasStaticShape() ||
      !cast<RankedTensorType>(self.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects static shapes");
  auto selfType = cast<RankedTensorType>(self.getType());
  PrimBuilder p(rewriter, call.getLoc());
  if (flat || selfType.getRank() <= 1) {
    Value vector = p.build<prim::ReshapeOp>(
        RankedTensorType::get({selfType.getNumElements()}, selfType.getElementType()), self,
        ValueRange{});
    return replaceChecked(call, embedDiagonal(p, vector, k, type), rewriter);
  }
  if (selfType.getRank() != 2 || type.getRank() != 1)
    return rewriter.notifyMatchFailure(call, "diag of a vector or a matrix");
  int64_t rows = selfType.getDimSize(0), columns = selfType.getDimSize(1);
  SmallVector<int64_t> indices;
  for (int64_t i = k >= 0 ? 0 : -k, j = k >= 0 ? k : 0; i < rows && j < columns; ++i, ++j)
    indices.push_back(i * columns + j);
  if (int64_t(indices.size()) != type.getDimSize(0) || indices.empty())
    return rewriter.notifyMatchFailure(call, "the diagonal's length is not the result's");
  OpBuilder &b = p.builder();
  Value flatSelf = p.build<prim::ReshapeOp>(
      RankedTensorType::get({rows * columns}, selfType.getElementType()), self, ValueRange{});
  auto indexType = RankedTensorType::get({int64_t(indices.size())}, b.getI64Type());
  Value index = p.create<prim::ConstantOp>(DenseElementsAttr::get(indexType, ArrayRef(indices)));
  Value taken = p.create<prim::TakeOp>(flatSelf, index, b.getI64IntegerAttr(0));
  return replaceChecked(call, p.convert(taken, type.getElementType()), rewriter);
}

} // namespace

void addMatrixDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.trace.default", "matrix", "iota, sub, compare, broadcast_in_dim, select, reduce",
       trace},
      {"aten.diag.default", "matrix", "iota, min, take, sub, compare, broadcast_in_dim, select",
       diag<false>},
      {"aten.diagflat.default", "matrix",
       "reshape, iota, min, take, sub, compare, broadcast_in_dim, select", diag<true>},
      {"aten.diag_embed.default", "matrix",
       "iota, min, take, sub, compare, broadcast_in_dim, select", diagEmbed},
      {"aten.tril.default", "matrix", "iota, sub, compare, broadcast_in_dim, select",
       triangle<P::le>},
      {"aten.triu.default", "matrix", "iota, sub, compare, broadcast_in_dim, select",
       triangle<P::ge>},
  });
}

} // namespace pt2c
