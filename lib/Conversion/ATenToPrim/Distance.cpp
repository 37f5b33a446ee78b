//===- Distance.cpp - cdist and pdist (p-norm distances) ------------------===//
//
// Pairwise differences broadcast to [..., P, R, M] and reduced with the
// p-norm over M: p = 2 sqrt(sum d^2), 1 sum |d|, inf max |d|, 0 the count of
// nonzeros, else (sum |d|^p)^(1/p). torch's cdist may use the
// ||a||^2 + ||b||^2 - 2ab matmul form for large inputs; the direct form is
// at least as accurate.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <cmath>

using namespace mlir;

namespace pt2c {
namespace {

/// The p-norm of `d` over its last dim (float d, static shape).
Value pNormOverLast(PrimBuilder &p, Value d, double norm) {
  auto type = cast<RankedTensorType>(d.getType());
  int64_t last = type.getRank() - 1;
  Ew e{p, d};
  if (norm == 0.0) {
    Value nonzero = e.cmp(prim::ComparePredicate::ne, d, e.c(0.0));
    return p.reduce(prim::ReduceKind::sum, p.convert(nonzero, type.getElementType()), {last},
                    false);
  }
  Value magnitude = e.apply<prim::AbsOp>(d);
  if (std::isinf(norm))
    return p.reduce(prim::ReduceKind::max, magnitude, {last}, false);
  if (norm == 1.0)
    return p.reduce(prim::ReduceKind::sum, magnitude, {last}, false);
  if (norm == 2.0) {
    Value sum = p.reduce(prim::ReduceKind::sum, e.mul(d, d), {last}, false);
    return prim::SqrtOp::create(p.builder(), p.loc(), sum);
  }
  Value powered = prim::PowOp::create(p.builder(), p.loc(), magnitude, e.c(norm));
  Value sum = p.reduce(prim::ReduceKind::sum, powered, {last}, false);
  Ew s{p, sum};
  return prim::PowOp::create(p.builder(), p.loc(), sum, s.c(1.0 / norm));
}

// _cdist_forward(x1 [..., P, M], x2 [..., R, M], p, compute_mode) -> [..., P, R]
LogicalResult cdist(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value x1 = tensorArg(args, "x1"), x2 = tensorArg(args, "x2");
  std::optional<double> norm = args.number("p");
  if (!type || !x1 || !x2 || !norm || *norm < 0 || !type.hasStaticShape() ||
      !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "static float x1, x2 and p >= 0");
  auto t1 = cast<RankedTensorType>(x1.getType()), t2 = cast<RankedTensorType>(x2.getType());
  int64_t rank = t1.getRank();
  if (rank < 2 || t2.getRank() != rank || !t1.hasStaticShape() || !t2.hasStaticShape() ||
      t1.getShape().drop_back(2) != type.getShape().drop_back(2) ||
      t2.getShape().drop_back(2) != type.getShape().drop_back(2))
    return rewriter.notifyMatchFailure(call, "x1 and x2 with the result's batch dims");
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType work = computeType(type);
  SmallVector<int64_t> shape(type.getShape());
  shape.push_back(t1.getDimSize(rank - 1));
  auto wide = RankedTensorType::get(shape, work.getElementType());
  SmallVector<int64_t> batch;
  for (int64_t d = 0; d < rank - 2; ++d)
    batch.push_back(d);
  SmallVector<int64_t> lhsDims(batch), rhsDims(batch);
  lhsDims.append({rank - 2, rank});
  rhsDims.append({rank - 1, rank});
  Value a = p.broadcastInDim(p.convert(x1, work.getElementType()), wide, lhsDims, {});
  Value b = p.broadcastInDim(p.convert(x2, work.getElementType()), wide, rhsDims, {});
  Value d = prim::SubOp::create(rewriter, call.getLoc(), a, b);
  rewriter.replaceOp(call, p.convert(pNormOverLast(p, d, *norm), type.getElementType()));
  return success();
}

// _pdist_forward(self [N, M], p) -> [N * (N - 1) / 2]: rows i < j in order.
LogicalResult pdist(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  double norm = args.number("p").value_or(2.0);
  if (!type || !self || norm < 0 || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "a float input and p >= 0");
  auto selfType = cast<RankedTensorType>(self.getType());
  if (selfType.getRank() != 2 || !selfType.hasStaticShape() || selfType.getDimSize(0) < 2)
    return rewriter.notifyMatchFailure(call, "a static [N >= 2, M] input");
  int64_t n = selfType.getDimSize(0);
  SmallVector<int64_t> rows, cols;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = i + 1; j < n; ++j) {
      rows.push_back(i);
      cols.push_back(j);
    }
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Value x = p.convert(self, computeType(type).getElementType());
  auto indexType = RankedTensorType::get({static_cast<int64_t>(rows.size())}, rewriter.getI64Type());
  auto rowsOf = [&](ArrayRef<int64_t> which) {
    Value index = prim::ConstantOp::create(rewriter, loc, DenseElementsAttr::get(indexType, which));
    return prim::TakeOp::create(rewriter, loc, x, index, rewriter.getI64IntegerAttr(0)).getResult();
  };
  Value d = prim::SubOp::create(rewriter, loc, rowsOf(rows), rowsOf(cols));
  Value result = p.convert(pNormOverLast(p, d, norm), type.getElementType());
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "the pair count is not the result's size");
  rewriter.replaceOp(call, result);
  return success();
}

} // namespace

void addDistanceDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten._cdist_forward.default", "distance", "broadcast_in_dim, sub, abs, mul, reduce, sqrt | pow",
       cdist},
      {"aten._pdist_forward.default", "distance", "take, sub, abs, mul, reduce, sqrt | pow", pdist},
  });
}

} // namespace pt2c
