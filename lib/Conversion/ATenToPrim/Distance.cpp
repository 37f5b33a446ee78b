//===- Distance.cpp - cdist and pdist (p-norm distances) ------------------===//
//
// Pairwise differences broadcast to [..., P, R, M] and reduced with the
// p-norm over M: p = 2 sqrt(sum d^2), 1 sum |d|, inf max |d|, 0 the count of
// nonzeros, else (sum |d|^p)^(1/p). For p = 2 with more than 25 rows on
// a side (or compute_mode 1) torch's cdist takes the matmul form
// sqrt(max(||a||^2 + ||b||^2 - 2ab, 0)) instead, whose cancellation error
// near zero distance the direct form does not have: it is reproduced so
// that results match eager (_euclidean_dist).
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
  if (!d)
    return d; // an earlier step failed and said why
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
    return p.create<prim::SqrtOp>(sum);
  }
  Value powered = p.create<prim::PowOp>(magnitude, e.c(norm));
  Value sum = p.reduce(prim::ReduceKind::sum, powered, {last}, false);
  Ew s{p, sum};
  return p.create<prim::PowOp>(sum, s.c(1.0 / norm));
}

/// torch's _euclidean_dist: [x1 * -2, |x1|^2, 1] times [x2, 1, |x2|^2]^T
/// (so -2 x1.x2 + |x1|^2 + |x2|^2 in one matmul), clamped at 0, sqrt; in
/// the inputs' type with f32 accumulation, as torch's sum and mm do.
Value euclideanByMatmul(PrimBuilder &p, Value x1, Value x2, RankedTensorType type) {
  OpBuilder &b = p.builder();
  Type element = type.getElementType(), accumulate = computeType(type).getElementType();
  int64_t last = type.getRank() - 1;
  auto withLast = [&](Value x, int64_t size) {
    SmallVector<int64_t> shape(cast<RankedTensorType>(x.getType()).getShape());
    shape.back() = size;
    return RankedTensorType::get(shape, element);
  };
  auto squaredNorm = [&](Value x) { // [..., n, 1]
    Ew e{p, x};
    Value squares = p.convert(e.mul(x, x), accumulate);
    return p.convert(p.reduce(prim::ReduceKind::sum, squares, {last}, true), element);
  };
  auto concat = [&](ArrayRef<Value> parts) {
    return p.create<prim::ConcatenateOp>(parts, b.getI64IntegerAttr(last));
  };
  Value ones1 = p.splat(1.0, withLast(x1, 1), {}), ones2 = p.splat(1.0, withLast(x2, 1), {});
  Ew e1{p, x1};
  Value lhs = concat({e1.mul(x1, e1.c(-2.0)), squaredNorm(x1), ones1});
  Value rhs = concat({x2, ones2, squaredNorm(x2)});
  SmallVector<int64_t> swap(type.getRank());
  for (int64_t d = 0; d < type.getRank(); ++d)
    swap[d] = d;
  std::swap(swap[last - 1], swap[last]);
  Value rhsT = p.create<prim::TransposeOp>(rhs, b.getDenseI64ArrayAttr(swap));
  Value product = p.create<prim::MatmulOp>(lhs, rhsT);
  Ew e{p, product};
  Value clamped = p.create<prim::MaxOp>(product, e.c(0.0));
  return p.create<prim::SqrtOp>(clamped);
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
  // compute_mode: None or 0 lets the sizes decide, 1 always uses the
  // matmul form for p = 2, 2 never does (torch's cdist_impl).
  int64_t mode = args.integer("compute_mode").value_or(0);
  if (mode < 0 || mode > 2)
    return rewriter.notifyMatchFailure(call, "compute_mode 0, 1 or 2");
  PrimBuilder p(rewriter, call.getLoc());
  int64_t rows1 = t1.getDimSize(rank - 2), rows2 = t2.getDimSize(rank - 2);
  // (Zero columns give zeros either way; the direct form does that.)
  bool matmulForm = *norm == 2.0 && t1.getDimSize(rank - 1) > 0 &&
                    (mode == 1 || (mode == 0 && (rows1 > 25 || rows2 > 25)));
  if (matmulForm) {
    rewriter.replaceOp(call, euclideanByMatmul(p, x1, x2, type));
    return success();
  }
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
  Value d = p.create<prim::SubOp>(a, b);
  rewriter.replaceOp(call, p.convert(pNormOverLast(p, d, *norm), type.getElementType()));
  return success();
}

// _pdist_forward(self [N, M], p) -> [N * (N - 1) / 2]: rows i < j in order
// (none for N < 2).
LogicalResult pdist(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  double norm = args.number("p").value_or(2.0);
  if (!type || !self || norm < 0 || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "a float input and p >= 0");
  auto selfType = cast<RankedTensorType>(self.getType());
  if (selfType.getRank() != 2 || !selfType.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "a static [N, M] input");
  int64_t n = selfType.getDimSize(0);
  if (n < 2) { // no pairs
    if (type.getShape() != ArrayRef<int64_t>{0})
      return rewriter.notifyMatchFailure(call, "no pairs: the result must be [0]");
    PrimBuilder p(rewriter, call.getLoc());
    return replaceChecked(call, p.splat(0.0, type, {}), rewriter);
  }
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
    Value index = p.create<prim::ConstantOp>(DenseElementsAttr::get(indexType, which));
    return p.create<prim::TakeOp>(x, index, rewriter.getI64IntegerAttr(0));
  };
  Value d = p.create<prim::SubOp>(rowsOf(rows), rowsOf(cols));
  Value result = p.convert(pNormOverLast(p, d, norm), type.getElementType());
  if (!result)
    return failure(); // p said why
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "the pair count is not the result's size");
  rewriter.replaceOp(call, result);
  return success();
}

} // namespace

void addDistanceDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten._cdist_forward.default", "distance",
       "broadcast_in_dim, sub, abs, mul, reduce, sqrt | pow | concatenate, transpose, matmul, max",
       cdist},
      {"aten._pdist_forward.default", "distance", "take, sub, abs, mul, reduce, sqrt | pow", pdist},
  });
}

} // namespace pt2c
