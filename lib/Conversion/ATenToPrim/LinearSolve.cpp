//===- LinearSolve.cpp - LU with partial pivoting and what is built on it -===//
//
// Small-matrix linear algebra, batched, as prims unrolled over the matrix
// size (the sizes are static; one step per column): LU with partial
// pivoting as LAPACK's getrf does it (the first row of largest magnitude,
// rows swapped, the multipliers stored below the diagonal; a zero pivot
// leaves its column unscaled and is reported in `info`), forward and back
// substitution, and on top: lu_factor(_ex), lu, lu_unpack, lu_solve, det,
// slogdet, logdet, solve(_ex), inv(_ex), tensorinv, tensorsolve,
// matrix_power and matrix_exp (Taylor after scaling to norm <= 1/2, then
// squaring); Cholesky (potrf) with its inverse and solve; Householder QR
// (geqrf, LAPACK's reflector convention) with Q (orgqr) and its products
// (ormqr). Everything is
// computed in f64 and rounded once: the results
// are compared with LAPACK's in the input's type, and f64 keeps pt2c's own
// share of the difference negligible.
//
// Each step is a full-size masked update ([.., m, n] elementwise ops and a
// row gather), so an n x n factorization is n steps of O(n^2): the sizes
// are limited to kMaxOrder so that the unrolled program stays small.
//
//===----------------------------------------------------------------------===//

#include "MatrixOps.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace pt2c {
namespace linalg {
namespace {

/// getrf: the packed LU of `a` [.., m, n] (f64), the 0-based pivot rows
/// [.., k] (i64), the rows' permutation [.., m, 1] (LU = A[perm]), the
/// number of swaps' parity as +-1 [.., 1, 1], and info [.., 1, 1] (i64: the
/// first zero pivot's 1-based column, 0 if none).
struct Lu {
  Value lu, pivots, perm, sign, info;
};

Lu luFactor(Mats &m, Value a) {
  SmallVector<int64_t> s(Mats::shape(a));
  int64_t rank = s.size(), rows = s[rank - 2], cols = s[rank - 1], k = std::min(rows, cols);
  SmallVector<int64_t> batch(s.begin(), s.end() - 2);
  SmallVector<int64_t> one(batch), column(batch);
  one.append({1, 1});
  column.append({rows, 1});
  Type i64 = m.p().builder().getI64Type();
  Value iota = m.rowIndex(batch, rows);
  Value perm = iota;
  Value sign = m.splat(1.0, one, m.f64());
  Value info = m.splat(0.0, one, i64);
  SmallVector<Value> pivots;
  for (int64_t j = 0; j < k; ++j) {
    Value below = m.mask(rows, 1, column, [&](int64_t i, int64_t) { return i >= j; });
    Value magnitude = m.sel(below, m.p().create<prim::AbsOp>(m.cols(a, j, j + 1)),
                            m.splat(-1.0, column, m.f64()));
    Value largest = m.p().reduce(prim::ReduceKind::max, magnitude, {rank - 2}, true);
    Value piv = firstIndexOf(m.p(), magnitude, largest, rank - 2); // [.., 1, 1]
    Value swap = m.swapIndex(iota, piv, j);
    a = m.gatherRows(a, swap);
    perm = m.gatherRows(perm, swap);
    pivots.push_back(piv);
    Value swapped = m.cmp(P::ne, piv, m.splat(double(j), one, i64));
    sign = m.sel(swapped, m.p().create<prim::NegOp>(sign), sign);
    Value pivot = sliceDim(m.p(), m.rows(a, j, j + 1), rank - 1, j, j + 1, 1); // [.., 1, 1]
    Value zero = m.cmp(P::eq, pivot, m.splat(0.0, one, m.f64()));
    Value noInfo = m.cmp(P::eq, info, m.splat(0.0, one, i64));
    info = m.sel(m.p().create<prim::AndOp>(zero, noInfo), m.splat(double(j + 1), one, i64), info);
    // The multipliers below the pivot (a zero pivot scales nothing, as getrf).
    Value strictlyBelow = m.mask(rows, 1, column, [&](int64_t i, int64_t) { return i > j; });
    Value l = m.div(m.cols(a, j, j + 1), m.to(pivot, column));
    l = m.sel(m.p().create<prim::OrOp>(m.to(zero, column),
                                       m.p().create<prim::NotOp>(strictlyBelow)),
              m.splat(0.0, column, m.f64()), l);
    Value update = m.mul(m.to(l, s), m.to(m.rows(a, j, j + 1), s));
    Value right = m.mask(rows, cols, s, [&](int64_t, int64_t c) { return c > j; });
    a = m.sub(a, m.sel(right, update, m.splat(0.0, s, m.f64())));
    Value store = m.mask(rows, cols, s, [&](int64_t i, int64_t c) { return i > j && c == j; });
    Value scaled = m.sel(m.to(zero, s), a, m.to(l, s));
    a = m.sel(store, scaled, a);
  }
  SmallVector<int64_t> pivotShape(batch);
  pivotShape.push_back(k);
  Value pivotRow;
  if (k > 0) {
    SmallVector<Value> flat;
    SmallVector<int64_t> single(batch);
    single.push_back(1);
    for (Value piv : pivots)
      flat.push_back(m.p().reshape(RankedTensorType::get(single, i64), piv));
    pivotRow = flat.size() == 1 ? flat.front()
                                : m.p().create<prim::ConcatenateOp>(
                                      flat, m.p().builder().getI64IntegerAttr(batch.size()));
  } else {
    pivotRow = m.splat(0.0, pivotShape, i64);
  }
  return {a, pivotRow, perm, sign, info};
}

/// The row permutation [.., n, 1] of LAPACK's 1-based sequential pivots
/// `pivots` [.., k] (row j swapped with pivots[j] - 1, in order).
Value permutationOf(Mats &m, Value pivots, int64_t n) {
  SmallVector<int64_t> ps(Mats::shape(pivots));
  SmallVector<int64_t> batch(ps.begin(), ps.end() - 1);
  SmallVector<int64_t> one(batch);
  one.append({1, 1});
  Type i64 = m.p().builder().getI64Type();
  Value iota = m.rowIndex(batch, n);
  Value perm = iota;
  Value zeroBased = m.sub(m.p().convert(pivots, i64), m.splat(1.0, ps, i64));
  for (int64_t j = 0; j < ps.back(); ++j) {
    Value piv = m.p().reshape(RankedTensorType::get(one, i64),
                              sliceDim(m.p(), zeroBased, batch.size(), j, j + 1, 1));
    perm = m.gatherRows(perm, m.swapIndex(iota, piv, j));
  }
  return perm;
}

/// X with T X = B for `t` [.., n, n] triangular (only its `lower` or upper
/// triangle is read; with `unit` its diagonal is taken as ones), `b`
/// [.., n, r]: substitution, one row of X per step.
Value triangularSolve(Mats &m, Value t, Value b, bool lower, bool unit) {
  SmallVector<int64_t> s(Mats::shape(b));
  int64_t rank = s.size(), n = s[rank - 2];
  SmallVector<int64_t> column(s.begin(), s.end() - 2);
  column.append({n, 1});
  Value x = b;
  for (int64_t step = 0; step < n; ++step) {
    int64_t j = lower ? step : n - 1 - step;
    Value xj = m.rows(x, j, j + 1); // [.., 1, r]
    if (!unit) {
      Value pivot = sliceDim(m.p(), m.rows(t, j, j + 1), rank - 1, j, j + 1, 1);
      xj = m.div(xj, m.to(pivot, Mats::shape(xj)));
      x = m.sel(m.mask(n, 1, s, [&](int64_t i, int64_t) { return i == j; }), m.to(xj, s), x);
    }
    Value later = m.mask(n, 1, column, [&](int64_t i, int64_t) { return lower ? i > j : i < j; });
    Value coefficients = m.sel(later, m.cols(t, j, j + 1), m.splat(0.0, column, m.f64()));
    x = m.sub(x, m.mul(m.to(coefficients, s), m.to(xj, s)));
  }
  return x;
}

} // namespace

/// The last two dims of `a` swapped.
Value transposed(Mats &m, Value a) {
  SmallVector<int64_t> order = llvm::to_vector(llvm::seq<int64_t>(0, Mats::rank(a)));
  std::swap(order[order.size() - 2], order[order.size() - 1]);
  return m.p().create<prim::TransposeOp>(a, m.p().builder().getDenseI64ArrayAttr(order));
}

namespace {

/// X with L U X = B[perm]: `lu` [.., n, n] packed (unit lower L), `b`
/// [.., n, r], `perm` [.., n, 1].
Value luSolve(Mats &m, Value lu, Value perm, Value b) {
  Value y = triangularSolve(m, lu, m.gatherRows(b, perm), /*lower=*/true, /*unit=*/true);
  return triangularSolve(m, lu, y, /*lower=*/false, /*unit=*/false);
}

} // namespace

/// The diagonal [.., k] of `a` [.., m, n] (f64).
Value diagonalOf(Mats &m, Value a) {
  SmallVector<int64_t> s(Mats::shape(a));
  int64_t rank = s.size(), k = std::min(s[rank - 2], s[rank - 1]);
  Value square = m.cols(m.rows(a, 0, k), 0, k);
  SmallVector<int64_t> sq(s.begin(), s.end() - 2);
  sq.append({k, k});
  Value onDiagonal = m.sel(m.mask(k, k, sq, [](int64_t i, int64_t j) { return i == j; }), square,
                           m.splat(0.0, sq, m.f64()));
  return m.p().reduce(prim::ReduceKind::sum, onDiagonal, {rank - 1}, false);
}

/// The square matrix argument `name` in f64, or null (refused: not a float
/// [.., n, n] of static shape up to kMaxOrder).
Value matrixArg(aten::CallOp call, const CallArgs &args, StringRef name, Mats &m,
                bool square) {
  Value a = tensorArg(args, name);
  if (!a)
    return Value();
  auto type = cast<RankedTensorType>(a.getType());
  if (type.getRank() < 2 || !type.hasStaticShape() || !isa<FloatType>(type.getElementType()) ||
      (square && type.getDimSize(type.getRank() - 1) != type.getDimSize(type.getRank() - 2)))
    return Value();
  if (type.getDimSize(type.getRank() - 1) > kMaxOrder ||
      type.getDimSize(type.getRank() - 2) > kMaxOrder) {
    emitError(call.getLoc()) << "matrices of " << type << " are larger than pt2c's unrolled "
                             << "linear algebra takes (" << kMaxOrder << " x " << kMaxOrder
                             << ")";
    return Value();
  }
  return m.p().convert(a, m.f64());
}

/// Results converted to the call's result types and replaced; a null or
/// mistyped one is a decline.
LogicalResult replaceAll(aten::CallOp call, ArrayRef<Value> values, PatternRewriter &rewriter,
                         PrimBuilder &p) {
  if (values.size() != call->getNumResults())
    return rewriter.notifyMatchFailure(call, "unexpected number of results");
  SmallVector<Value> results;
  for (auto [value, result] : llvm::zip(values, call->getResults())) {
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!value || !type)
      return failure();
    Value converted = p.reshape(type.clone(cast<RankedTensorType>(value.getType()).getElementType()),
                                value);
    converted = p.convert(converted, type.getElementType());
    if (!converted || converted.getType() != type)
      return rewriter.notifyMatchFailure(call, "the computed shape is not the result's");
    results.push_back(converted);
  }
  rewriter.replaceOp(call, results);
  return success();
}

namespace {

/// `lu` packed [.., m, n] as L [.., m, k] (unit lower) and U [.., k, n].
std::pair<Value, Value> unpackLu(Mats &m, Value lu) {
  SmallVector<int64_t> s(Mats::shape(lu));
  int64_t rank = s.size(), rows = s[rank - 2], cols = s[rank - 1], k = std::min(rows, cols);
  SmallVector<int64_t> ls(s.begin(), s.end() - 2), us(ls);
  ls.append({rows, k});
  us.append({k, cols});
  Value l = m.cols(lu, 0, k), u = m.rows(lu, 0, k);
  l = m.sel(m.mask(rows, k, ls, [](int64_t i, int64_t j) { return i > j; }), l,
            m.sel(m.mask(rows, k, ls, [](int64_t i, int64_t j) { return i == j; }),
                  m.splat(1.0, ls, m.f64()), m.splat(0.0, ls, m.f64())));
  u = m.sel(m.mask(k, cols, us, [](int64_t i, int64_t j) { return i <= j; }), u,
            m.splat(0.0, us, m.f64()));
  return {l, u};
}

/// P [.., m, m] with A = P L U: P[i, j] = (perm[j] == i).
Value permutationMatrix(Mats &m, Value perm) {
  SmallVector<int64_t> s(Mats::shape(perm)); // [.., m, 1]
  int64_t rank = s.size(), rows = s[rank - 2];
  SmallVector<int64_t> full(s.begin(), s.end() - 1);
  full.push_back(rows);
  SmallVector<int64_t> transposed = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(transposed[rank - 2], transposed[rank - 1]);
  Value permRow = m.p().create<prim::TransposeOp>(perm, m.p().builder().getDenseI64ArrayAttr(transposed));
  Value iota = m.rowIndex(ArrayRef<int64_t>(s).drop_back(2), rows);
  Value hit = m.cmp(P::eq, m.to(permRow, full), m.to(iota, full));
  return m.sel(hit, m.splat(1.0, full, m.f64()), m.splat(0.0, full, m.f64()));
}

// linalg_lu_factor(_ex)(A, pivot) -> (LU, pivots[, info]); _lu_with_info
// (self, pivot, check_errors) -> (LU, pivots, info). Pivots are LAPACK's
// 1-based int32.
LogicalResult luFactorOp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value a = matrixArg(call, args, args.value("A") ? "A" : "self", m, /*square=*/false);
  if (!a || !args.boolean("pivot").value_or(true))
    return rewriter.notifyMatchFailure(call, "expects a float matrix of static shape, pivot=True");
  Lu lu = luFactor(m, a);
  SmallVector<Value> results = {lu.lu, m.add(lu.pivots, m.splat(1.0, Mats::shape(lu.pivots),
                                                                  rewriter.getI64Type()))};
  if (call->getNumResults() == 3)
    results.push_back(lu.info);
  return replaceAll(call, results, rewriter, p);
}

// linalg_lu(A, pivot) -> (P, L, U).
LogicalResult luOp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value a = matrixArg(call, args, "A", m, /*square=*/false);
  if (!a || !args.boolean("pivot").value_or(true))
    return rewriter.notifyMatchFailure(call, "expects a float matrix of static shape, pivot=True");
  Lu lu = luFactor(m, a);
  auto [l, u] = unpackLu(m, lu.lu);
  return replaceAll(call, {permutationMatrix(m, lu.perm), l, u}, rewriter, p);
}

// lu_unpack(LU_data, LU_pivots, unpack_data, unpack_pivots) -> (P, L, U).
LogicalResult luUnpack(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value lu = matrixArg(call, args, "LU_data", m, /*square=*/false);
  Value pivots = tensorArg(args, "LU_pivots");
  if (!lu || !pivots || !args.boolean("unpack_data").value_or(true) ||
      !args.boolean("unpack_pivots").value_or(true) ||
      !cast<RankedTensorType>(pivots.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects LU data and pivots, both unpacked");
  auto [l, u] = unpackLu(m, lu);
  int64_t rows = Mats::shape(lu)[Mats::rank(lu) - 2];
  return replaceAll(call, {permutationMatrix(m, permutationOf(m, pivots, rows)), l, u}, rewriter,
                    p);
}

/// B as [.., n, r]: a vector B as a column (torch's rule: B is 1-d, or has
/// A's shape without its last dim); `vector` says which.
Value asColumns(Mats &m, Value b, Value a, bool &vector) {
  int64_t brank = Mats::rank(b), arank = Mats::rank(a);
  vector = brank == 1 || (brank == arank - 1 && Mats::shape(b) == Mats::shape(a).drop_back());
  if (!vector)
    return b;
  SmallVector<int64_t> s(Mats::shape(b));
  s.push_back(1);
  return m.p().reshape(RankedTensorType::get(s, m.elementOf(b)), b);
}

// linalg_lu_solve(LU, pivots, B, left, adjoint) and lu_solve(self = B,
// LU_data, LU_pivots).
LogicalResult luSolveOp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  bool old = call.getTarget() == "aten.lu_solve.default";
  Value lu = matrixArg(call, args, old ? "LU_data" : "LU", m);
  Value pivots = tensorArg(args, old ? "LU_pivots" : "pivots");
  Value b = matrixArg(call, args, old ? "self" : "B", m, /*square=*/false);
  if (!lu || !pivots || !b || !args.boolean("left").value_or(true) ||
      !cast<RankedTensorType>(pivots.getType()).hasStaticShape() ||
      Mats::shape(b).drop_back(2) != Mats::shape(lu).drop_back(2))
    return rewriter.notifyMatchFailure(call, "expects LU, pivots and B of its batch; left");
  int64_t n = Mats::shape(lu).back();
  Value perm = permutationOf(m, pivots, n);
  if (!args.boolean("adjoint").value_or(false))
    return replaceAll(call, {luSolve(m, lu, perm, b)}, rewriter, p);
  // A^T X = B with A = P L U: U^T (L^T (P^T X)) = B, so P^T X is L^T \ (U^T
  // \ B), and X is P times it.
  Value luT = transposed(m, lu);
  Value y = triangularSolve(m, luT, b, /*lower=*/true, /*unit=*/false);
  Value z = triangularSolve(m, luT, y, /*lower=*/false, /*unit=*/true);
  return replaceAll(call, {m.matmul(permutationMatrix(m, perm), z)}, rewriter, p);
}

// linalg_det(A), linalg_slogdet(A) -> (sign, logabsdet), logdet(self).
enum class Det { det, slogdet, logdet };
template <Det kind>
LogicalResult detOp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value a = matrixArg(call, args, kind == Det::logdet ? "self" : "A", m);
  if (!a)
    return rewriter.notifyMatchFailure(call, "expects a square float matrix of static shape");
  Lu lu = luFactor(m, a);
  Value diagonal = diagonalOf(m, lu.lu); // [.., n]
  int64_t last = Mats::rank(diagonal) - 1;
  SmallVector<int64_t> batch(Mats::shape(diagonal).drop_back());
  auto batchType = RankedTensorType::get(batch, m.f64());
  Value sign = p.reshape(batchType, lu.sign);
  if (kind == Det::det)
    return replaceAll(call, {m.mul(sign, p.reduce(prim::ReduceKind::prod, diagonal, {last}, false))},
                      rewriter, p);
  Ew e{p, diagonal};
  Value negative = p.convert(e.cmp(P::lt, diagonal, e.c(0.0)), rewriter.getI64Type());
  Value negatives = p.reduce(prim::ReduceKind::sum, negative, {last}, false);
  Value odd = m.cmp(P::eq, p.create<prim::RemOp>(negatives, m.splat(2.0, batch, rewriter.getI64Type())),
                    m.splat(1.0, batch, rewriter.getI64Type()));
  sign = m.sel(odd, p.create<prim::NegOp>(sign), sign);
  Value singular = p.reduce(prim::ReduceKind::Or, e.cmp(P::eq, diagonal, e.c(0.0)), {last}, false);
  sign = m.sel(singular, m.splat(0.0, batch, m.f64()), sign);
  Value logAbs = p.reduce(prim::ReduceKind::sum, p.create<prim::LogOp>(p.create<prim::AbsOp>(diagonal)),
                          {last}, false);
  if (kind == Det::slogdet)
    return replaceAll(call, {sign, logAbs}, rewriter, p);
  // log det: NaN for a negative determinant, -inf for a zero one.
  Value nan = m.splat(std::nan(""), batch, m.f64());
  return replaceAll(call, {m.sel(m.cmp(P::lt, sign, m.splat(0.0, batch, m.f64())), nan, logAbs)},
                    rewriter, p);
}

/// info [..] as the call's i32 result.
Value infoOf(Mats &m, const Lu &lu) {
  SmallVector<int64_t> batch(Mats::shape(lu.info).drop_back(2));
  return m.p().reshape(RankedTensorType::get(batch, m.elementOf(lu.info)), lu.info);
}

// linalg_solve(A, B, left), linalg_solve_ex(A, B, left, check_errors) ->
// (result, info), linalg_inv(A), linalg_inv_ex(A, check_errors) -> (inverse,
// info).
template <bool inverse>
LogicalResult solveOp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value a = matrixArg(call, args, "A", m);
  if (!a)
    return rewriter.notifyMatchFailure(call, "expects a square float matrix of static shape");
  SmallVector<int64_t> batch(Mats::shape(a).drop_back(2));
  int64_t n = Mats::shape(a).back();
  bool vector = false;
  Value b;
  if (inverse) {
    b = m.eye(batch, n);
  } else {
    Value given = tensorArg(args, "B");
    if (!given || !args.boolean("left").value_or(true) ||
        !cast<RankedTensorType>(given.getType()).hasStaticShape())
      return rewriter.notifyMatchFailure(call, "expects B of static shape, left=True");
    b = asColumns(m, p.convert(given, m.f64()), a, vector);
    SmallVector<int64_t> wide(batch);
    wide.append({n, Mats::shape(b).back()});
    if (Mats::shape(b).size() > wide.size() || Mats::shape(b)[Mats::rank(b) - 2] != n)
      return rewriter.notifyMatchFailure(call, "B's rows must be A's order");
    b = m.to(b, wide);
  }
  Lu lu = luFactor(m, a);
  Value x = luSolve(m, lu.lu, lu.perm, b);
  SmallVector<Value> results = {x};
  if (call->getNumResults() == 2)
    results.push_back(infoOf(m, lu));
  return replaceAll(call, results, rewriter, p);
}

// linalg_tensorinv(self, ind): self as a [prod(shape[:ind]),
// prod(shape[ind:])] matrix, inverted, read as shape[ind:] + shape[:ind].
LogicalResult tensorinv(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  auto ind = args.integer("ind");
  RankedTensorType type = resultType(call);
  if (!self || !ind || !type || !cast<RankedTensorType>(self.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static tensor and ind");
  auto selfType = cast<RankedTensorType>(self.getType());
  if (*ind < 1 || *ind >= selfType.getRank() || !isa<FloatType>(selfType.getElementType()))
    return rewriter.notifyMatchFailure(call, "ind must split the dims");
  int64_t rows = 1, cols = 1;
  for (int64_t d = 0; d < selfType.getRank(); ++d)
    (d < *ind ? rows : cols) *= selfType.getDimSize(d);
  if (rows != cols || rows > kMaxOrder)
    return rewriter.notifyMatchFailure(call, "the matrix must be square, at most 64 x 64");
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value a = p.reshape(RankedTensorType::get({rows, cols}, m.f64()), p.convert(self, m.f64()));
  Lu lu = luFactor(m, a);
  Value x = luSolve(m, lu.lu, lu.perm, m.eye({}, rows));
  return replaceAll(call, {x}, rewriter, p);
}

// linalg_tensorsolve(self = A, other = B, dims=None): A [B.shape...,
// X.shape...] as a square matrix, B flattened.
LogicalResult tensorsolve(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value a = tensorArg(args, "self"), b = tensorArg(args, "other");
  RankedTensorType type = resultType(call);
  if (!a || !b || !type || !args.isNone("dims") ||
      !cast<RankedTensorType>(a.getType()).hasStaticShape() ||
      !cast<RankedTensorType>(b.getType()).hasStaticShape() || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects static A and B, dims=None");
  int64_t rows = cast<RankedTensorType>(b.getType()).getNumElements();
  int64_t cols = type.getNumElements();
  if (rows != cols || rows > kMaxOrder ||
      cast<RankedTensorType>(a.getType()).getNumElements() != rows * cols)
    return rewriter.notifyMatchFailure(call, "A must be a square matrix of B's and X's sizes");
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value matrix = p.reshape(RankedTensorType::get({rows, cols}, m.f64()), p.convert(a, m.f64()));
  Value column = p.reshape(RankedTensorType::get({rows, 1}, m.f64()), p.convert(b, m.f64()));
  Lu lu = luFactor(m, matrix);
  return replaceAll(call, {luSolve(m, lu.lu, lu.perm, column)}, rewriter, p);
}

/// a^n (n >= 0) by binary powering.
Value power(Mats &m, Value a, int64_t n, ArrayRef<int64_t> batch, int64_t order) {
  Value result = m.eye(batch, order);
  bool first = true;
  for (Value base = a; n > 0; n >>= 1) {
    if (n & 1) {
      result = first ? base : m.matmul(result, base);
      first = false;
    }
    if (n > 1)
      base = m.matmul(base, base);
  }
  return result;
}

// linalg_matrix_power(self, n): a negative n powers the inverse.
LogicalResult matrixPower(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value a = matrixArg(call, args, "self", m);
  auto n = args.integer("n");
  if (!a || !n || *n == std::numeric_limits<int64_t>::min())
    return rewriter.notifyMatchFailure(call, "expects a square float matrix and n");
  SmallVector<int64_t> batch(Mats::shape(a).drop_back(2));
  int64_t order = Mats::shape(a).back();
  if (*n < 0) {
    Lu lu = luFactor(m, a);
    a = luSolve(m, lu.lu, lu.perm, m.eye(batch, order));
  }
  return replaceAll(call, {power(m, a, std::abs(*n), batch, order)}, rewriter, p);
}

// matrix_exp(self): exp(A / 2^s)^(2^s), s the smallest with
// ||A||_1 / 2^s <= 1/2 (at most kMaxSquarings), exp of the scaled matrix as
// its Taylor series to degree 14 (error below 1e-16 relative there).
constexpr int kMaxSquarings = 40;
LogicalResult matrixExp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value a = matrixArg(call, args, "self", m);
  if (!a)
    return rewriter.notifyMatchFailure(call, "expects a square float matrix of static shape");
  SmallVector<int64_t> s(Mats::shape(a));
  int64_t rank = s.size(), order = s.back();
  SmallVector<int64_t> one(s.begin(), s.end() - 2);
  one.append({1, 1});
  // The 1-norm (largest column sum of magnitudes), kept [.., 1, 1].
  Value columnSums = p.reduce(prim::ReduceKind::sum, p.create<prim::AbsOp>(a), {rank - 2}, true);
  Value norm = p.reduce(prim::ReduceKind::max, columnSums, {rank - 1}, true);
  // s = max(0, ceil(log2(norm / (1/2)))), clamped; scale = 2^-s.
  Value half = m.splat(0.5, one, m.f64());
  Value ratio = m.div(norm, half);
  Value log2 = m.div(p.create<prim::LogOp>(ratio), m.splat(std::log(2.0), one, m.f64()));
  Value squarings = p.create<prim::CeilOp>(log2);
  squarings = p.create<prim::MaxOp>(squarings, m.splat(0.0, one, m.f64()));
  squarings = p.create<prim::MinOp>(squarings, m.splat(double(kMaxSquarings), one, m.f64()));
  // A NaN norm stays NaN through the series (no squaring is chosen).
  squarings = m.sel(m.cmp(P::ne, squarings, squarings), m.splat(0.0, one, m.f64()), squarings);
  Value scale = p.create<prim::PowOp>(m.splat(0.5, one, m.f64()), squarings);
  Value x = m.mul(a, m.to(scale, s));
  SmallVector<int64_t> batch(s.begin(), s.end() - 2);
  Value identity = m.eye(batch, order);
  // Horner: I + X (I + X/2 (I + X/3 (...))).
  Value sum = identity;
  for (int k = 14; k >= 1; --k)
    sum = m.add(identity, m.mul(m.matmul(x, sum), m.splat(1.0 / k, s, m.f64())));
  for (int k = 0; k < kMaxSquarings; ++k) {
    Value more = m.cmp(P::gt, squarings, m.splat(double(k), one, m.f64()));
    sum = m.sel(m.to(more, s), m.matmul(sum, sum), sum);
  }
  return replaceAll(call, {sum}, rewriter, p);
}

// linalg_solve_triangular(self = A, B, upper, left, unitriangular) and
// triangular_solve(self = B, A, upper, transpose, unitriangular) ->
// (X, A): X A = B (left=False) is A^T X^T = B^T, and A^T is triangular the
// other way.
LogicalResult solveTriangularOp(aten::CallOp call, const CallArgs &args,
                                PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  bool old = call.getTarget() == "aten.triangular_solve.default";
  Value a = matrixArg(call, args, old ? "A" : "self", m);
  Value b = matrixArg(call, args, old ? "self" : "B", m, /*square=*/false);
  std::optional<bool> upper = old ? args.boolean("upper").value_or(true) : args.boolean("upper");
  bool left = args.boolean("left").value_or(true);
  bool transpose = args.boolean("transpose").value_or(false);
  bool unit = args.boolean("unitriangular").value_or(false);
  if (!a || !b || !upper || Mats::shape(a).drop_back(2) != Mats::shape(b).drop_back(2))
    return rewriter.notifyMatchFailure(call, "expects A and B of one batch, upper");
  Value t = a, rhs = b;
  bool lower = !*upper;
  if (!left) { // X A = B: A^T X^T = B^T
    rhs = transposed(m, b);
    transpose = !transpose;
  }
  if (transpose) {
    t = transposed(m, a);
    lower = !lower;
  }
  if (Mats::shape(rhs)[Mats::rank(rhs) - 2] != Mats::shape(t).back())
    return rewriter.notifyMatchFailure(call, "B's rows must be A's order");
  Value x = triangularSolve(m, t, rhs, lower, unit);
  if (!left)
    x = transposed(m, x);
  SmallVector<Value> results = {x};
  if (old)
    results.push_back(a);
  return replaceAll(call, results, rewriter, p);
}

/// The lower Cholesky factor of `a` [.., n, n] (f64; only its lower
/// triangle is read, as potrf) and info [.., 1, 1] (i64: the 1-based column
/// of the first pivot that is not positive, 0 if none): per column, l_jj =
/// sqrt(a_jj), the column below divided by it, the trailing block less its
/// outer product.
std::pair<Value, Value> cholesky(Mats &m, Value a) {
  SmallVector<int64_t> s(Mats::shape(a));
  int64_t rank = s.size(), n = s.back();
  SmallVector<int64_t> one(s.begin(), s.end() - 2), column(one);
  one.append({1, 1});
  column.append({n, 1});
  Type i64 = m.p().builder().getI64Type();
  // The symmetric matrix of the lower triangle.
  Value lower = m.mask(n, n, s, [](int64_t i, int64_t j) { return i >= j; });
  a = m.sel(lower, a, transposed(m, a));
  Value info = m.splat(0.0, one, i64);
  for (int64_t j = 0; j < n; ++j) {
    Value d = sliceDim(m.p(), m.rows(a, j, j + 1), rank - 1, j, j + 1, 1); // [.., 1, 1]
    Value bad = m.p().create<prim::NotOp>(m.cmp(P::gt, d, m.splat(0.0, one, m.f64())));
    Value noInfo = m.cmp(P::eq, info, m.splat(0.0, one, i64));
    info = m.sel(m.p().create<prim::AndOp>(bad, noInfo), m.splat(double(j + 1), one, i64), info);
    Value root = m.p().create<prim::SqrtOp>(d);
    Value below = m.mask(n, 1, column, [&](int64_t i, int64_t) { return i > j; });
    Value l = m.sel(below, m.div(m.cols(a, j, j + 1), m.to(root, column)),
                    m.splat(0.0, column, m.f64()));
    Value lRow = transposed(m, l);
    a = m.sub(a, m.mul(m.to(l, s), m.to(lRow, s)));
    Value store = m.mask(n, n, s, [&](int64_t i, int64_t c) { return c == j && i > j; });
    a = m.sel(store, m.to(l, s), a);
    Value diagonal = m.mask(n, n, s, [&](int64_t i, int64_t c) { return c == j && i == j; });
    a = m.sel(diagonal, m.to(root, s), a);
  }
  a = m.sel(lower, a, m.splat(0.0, s, m.f64()));
  return {a, info};
}

// cholesky(self, upper), linalg_cholesky(self, upper),
// linalg_cholesky_ex(self, upper, check_errors) -> (L, info): L lower with
// A = L L^T, or its transpose U (A = U^T U) with upper.
LogicalResult choleskyOp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value a = matrixArg(call, args, "self", m);
  if (!a)
    return rewriter.notifyMatchFailure(call, "expects a square float matrix of static shape");
  auto [l, info] = cholesky(m, a);
  if (args.boolean("upper").value_or(false))
    l = transposed(m, l);
  SmallVector<Value> results = {l};
  if (call->getNumResults() == 2) {
    SmallVector<int64_t> batch(Mats::shape(info).drop_back(2));
    results.push_back(p.reshape(RankedTensorType::get(batch, rewriter.getI64Type()), info));
  }
  return replaceAll(call, results, rewriter, p);
}

/// X with L L^T X = B (`factor` lower L), or U^T U X = B (`factor` upper U).
Value choleskySolve(Mats &m, Value factor, Value b, bool upper) {
  Value first = upper ? transposed(m, factor) : factor; // lower
  Value y = triangularSolve(m, first, b, /*lower=*/true, /*unit=*/false);
  return triangularSolve(m, transposed(m, first), y, /*lower=*/false, /*unit=*/false);
}

// cholesky_inverse(self = the factor, upper): (L L^T)^-1; cholesky_solve(self
// = B, input2 = the factor, upper).
template <bool inverse>
LogicalResult choleskySolveOp(aten::CallOp call, const CallArgs &args,
                              PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value factor = matrixArg(call, args, inverse ? "self" : "input2", m);
  if (!factor)
    return rewriter.notifyMatchFailure(call, "expects a square float factor of static shape");
  SmallVector<int64_t> batch(Mats::shape(factor).drop_back(2));
  int64_t n = Mats::shape(factor).back();
  Value b = inverse ? m.eye(batch, n) : matrixArg(call, args, "self", m, /*square=*/false);
  if (!b || Mats::shape(b).drop_back(2) != ArrayRef<int64_t>(batch) ||
      Mats::shape(b)[Mats::rank(b) - 2] != n)
    return rewriter.notifyMatchFailure(call, "B must have the factor's batch and order");
  bool upper = args.boolean("upper").value_or(false);
  return replaceAll(call, {choleskySolve(m, factor, b, upper)}, rewriter, p);
}

/// The Householder vector of column `j` of `packed` [.., m, n] as geqrf
/// stores it: 1 at row j, the column below, zeros above ([.., m, 1]).
Value reflectorOf(Mats &m, Value packed, int64_t j) {
  SmallVector<int64_t> s(Mats::shape(packed));
  int64_t rows = s[s.size() - 2];
  SmallVector<int64_t> column(s.begin(), s.end() - 2);
  column.append({rows, 1});
  Value below = m.mask(rows, 1, column, [&](int64_t i, int64_t) { return i > j; });
  Value at = m.mask(rows, 1, column, [&](int64_t i, int64_t) { return i == j; });
  return m.sel(at, m.splat(1.0, column, m.f64()),
               m.sel(below, m.cols(packed, j, j + 1), m.splat(0.0, column, m.f64())));
}

/// x - tau v (v^T x) (the reflector H = I - tau v v^T applied from the
/// left), or from the right: x - tau (x v) v^T. `tau` is [.., 1, 1].
Value reflect(Mats &m, Value x, Value v, Value tau, bool left) {
  SmallVector<int64_t> s(Mats::shape(x));
  int64_t rank = s.size();
  if (left) {
    Value w = m.p().reduce(prim::ReduceKind::sum, m.mul(m.to(v, s), x), {rank - 2}, true);
    return m.sub(x, m.mul(m.to(tau, s), m.mul(m.to(v, s), m.to(w, s))));
  }
  Value vRow = transposed(m, v);
  Value w = m.p().reduce(prim::ReduceKind::sum, m.mul(x, m.to(vRow, s)), {rank - 1}, true);
  return m.sub(x, m.mul(m.to(tau, s), m.mul(m.to(w, s), m.to(vRow, s))));
}

} // namespace

/// geqrf: Householder QR as LAPACK's (slarfg's convention: beta =
/// -sign(alpha) |(alpha, x)|, tau = (beta - alpha) / beta, v below the
/// diagonal = x / (alpha - beta); a column already zero below the diagonal
/// gets tau 0). R on and above the diagonal of the packed result, the
/// vectors below; tau [.., k].
std::pair<Value, Value> householderQr(Mats &m, Value a) {
  SmallVector<int64_t> s(Mats::shape(a));
  int64_t rank = s.size(), rows = s[rank - 2], cols = s[rank - 1], k = std::min(rows, cols);
  SmallVector<int64_t> one(s.begin(), s.end() - 2), column(one), batch(one);
  one.append({1, 1});
  column.append({rows, 1});
  SmallVector<Value> taus;
  for (int64_t j = 0; j < k; ++j) {
    Value col = m.cols(a, j, j + 1);
    Value alpha = sliceDim(m.p(), m.rows(col, j, j + 1), rank - 1, 0, 1, 1); // [.., 1, 1]
    Value below = m.mask(rows, 1, column, [&](int64_t i, int64_t) { return i > j; });
    Value tail = m.sel(below, col, m.splat(0.0, column, m.f64()));
    Value xnorm2 = m.p().reduce(prim::ReduceKind::sum, m.mul(tail, tail), {rank - 2}, true);
    Value zero = m.splat(0.0, one, m.f64());
    Value untouched = m.cmp(P::eq, xnorm2, zero);
    Value size = m.p().create<prim::SqrtOp>(m.add(m.mul(alpha, alpha), xnorm2));
    Value beta = m.sel(m.cmp(P::ge, alpha, zero), m.p().create<prim::NegOp>(size), size);
    Value tau = m.sel(untouched, zero, m.div(m.sub(beta, alpha), beta));
    Value scale = m.sel(untouched, zero, m.div(m.splat(1.0, one, m.f64()), m.sub(alpha, beta)));
    Value at = m.mask(rows, 1, column, [&](int64_t i, int64_t) { return i == j; });
    Value v = m.sel(at, m.splat(1.0, column, m.f64()), m.mul(tail, m.to(scale, column)));
    Value right = m.mask(rows, cols, s, [&](int64_t, int64_t c) { return c > j; });
    a = m.sel(right, reflect(m, a, v, tau, /*left=*/true), a);
    Value stored = m.sel(at, m.to(m.sel(untouched, alpha, beta), column),
                         m.sel(m.to(untouched, column), col, v));
    Value here = m.mask(rows, cols, s, [&](int64_t i, int64_t c) { return c == j && i >= j; });
    a = m.sel(here, m.to(stored, s), a);
    SmallVector<int64_t> single(batch);
    single.push_back(1);
    taus.push_back(m.p().reshape(RankedTensorType::get(single, m.f64()), tau));
  }
  SmallVector<int64_t> tauShape(batch);
  tauShape.push_back(k);
  Value tau = k == 0 ? m.splat(0.0, tauShape, m.f64())
              : taus.size() == 1
                  ? taus.front()
                  : m.p().create<prim::ConcatenateOp>(
                        taus, m.p().builder().getI64IntegerAttr(batch.size()));
  return {a, tau};
}

/// Q (or Q^T with `transpose`) applied to `x` from the left, or x Q (x Q^T)
/// from the right, Q = H_0 H_1 ... H_(k-1) of the packed reflectors.
Value applyQ(Mats &m, Value packed, Value tau, Value x, bool left, bool transpose) {
  int64_t k = Mats::shape(tau).back();
  int64_t batchRank = Mats::rank(tau) - 1;
  SmallVector<int64_t> one(Mats::shape(tau).drop_back());
  one.append({1, 1});
  // Q x = H_0 (H_1 (... x)): the last reflector first; Q^T x the first.
  bool lastFirst = left != transpose;
  for (int64_t step = 0; step < k; ++step) {
    int64_t j = lastFirst ? k - 1 - step : step;
    Value tj = m.p().reshape(RankedTensorType::get(one, m.f64()),
                             sliceDim(m.p(), tau, batchRank, j, j + 1, 1));
    x = reflect(m, x, reflectorOf(m, packed, j), tj, left);
  }
  return x;
}

/// The first `columns` columns of the m x m identity, [batch.., m, columns].
Value identityColumns(Mats &m, ArrayRef<int64_t> batch, int64_t rows, int64_t columns) {
  SmallVector<int64_t> s(batch);
  s.append({rows, columns});
  return m.sel(m.mask(rows, columns, s, [](int64_t i, int64_t j) { return i == j; }),
               m.splat(1.0, s, m.f64()), m.splat(0.0, s, m.f64()));
}

namespace {

// geqrf(self) -> (a, tau).
LogicalResult geqrfOp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value a = matrixArg(call, args, "self", m, /*square=*/false);
  if (!a)
    return rewriter.notifyMatchFailure(call, "expects a float matrix of static shape");
  auto [packed, tau] = householderQr(m, a);
  return replaceAll(call, {packed, tau}, rewriter, p);
}

// linalg_qr(A, mode) and qr(self, some): Q and R of the Householder QR
// ("reduced": Q [m, k], R [k, n]; "complete": Q [m, m], R [m, n]; "r": an
// empty Q).
LogicalResult qrOp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  bool old = call.getTarget() == "aten.qr.default";
  Value a = matrixArg(call, args, old ? "self" : "A", m, /*square=*/false);
  StringRef mode = old ? (args.boolean("some").value_or(true) ? "reduced" : "complete")
                       : args.string("mode").value_or("reduced");
  if (!a || (mode != "reduced" && mode != "complete" && mode != "r"))
    return rewriter.notifyMatchFailure(call, "expects a float matrix, mode reduced/complete/r");
  SmallVector<int64_t> s(Mats::shape(a));
  int64_t rank = s.size(), rows = s[rank - 2], cols = s[rank - 1], k = std::min(rows, cols);
  SmallVector<int64_t> batch(s.begin(), s.end() - 2);
  auto [packed, tau] = householderQr(m, a);
  int64_t rRows = mode == "complete" ? rows : k;
  SmallVector<int64_t> rShape(batch);
  rShape.append({rRows, cols});
  Value r = m.rows(packed, 0, std::min(rRows, rows));
  r = m.sel(m.mask(rRows, cols, rShape, [](int64_t i, int64_t j) { return i <= j; }), r,
            m.splat(0.0, rShape, m.f64()));
  Value q;
  if (mode == "r") {
    SmallVector<int64_t> empty(batch);
    empty.push_back(0);
    q = m.splat(0.0, empty, m.f64());
  } else {
    int64_t qCols = mode == "complete" ? rows : k;
    q = applyQ(m, packed, tau, identityColumns(m, batch, rows, qCols), /*left=*/true,
               /*transpose=*/false);
  }
  return replaceAll(call, {q, r}, rewriter, p);
}

// linalg_householder_product(input, tau): the first n columns of Q.
LogicalResult householderProduct(aten::CallOp call, const CallArgs &args,
                                 PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value a = matrixArg(call, args, "input", m, /*square=*/false);
  Value tau = tensorArg(args, "tau");
  if (!a || !tau || !cast<RankedTensorType>(tau.getType()).hasStaticShape() ||
      Mats::shape(tau).drop_back() != Mats::shape(a).drop_back(2))
    return rewriter.notifyMatchFailure(call, "expects a float matrix and tau of its batch");
  SmallVector<int64_t> s(Mats::shape(a));
  SmallVector<int64_t> batch(s.begin(), s.end() - 2);
  Value q = applyQ(m, a, p.convert(tau, m.f64()),
                   identityColumns(m, batch, s[s.size() - 2], s.back()), /*left=*/true,
                   /*transpose=*/false);
  return replaceAll(call, {q}, rewriter, p);
}

// ormqr(self = the packed reflectors, input2 = tau, input3 = C, left,
// transpose): Q C, Q^T C, C Q or C Q^T.
LogicalResult ormqrOp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value a = matrixArg(call, args, "self", m, /*square=*/false);
  Value tau = tensorArg(args, "input2");
  Value c = matrixArg(call, args, "input3", m, /*square=*/false);
  if (!a || !tau || !c || !cast<RankedTensorType>(tau.getType()).hasStaticShape() ||
      Mats::shape(c).drop_back(2) != Mats::shape(a).drop_back(2))
    return rewriter.notifyMatchFailure(call, "expects reflectors, tau and C of one batch");
  bool left = args.boolean("left").value_or(true);
  int64_t rows = Mats::shape(a)[Mats::rank(a) - 2];
  if ((left ? Mats::shape(c)[Mats::rank(c) - 2] : Mats::shape(c).back()) != rows)
    return rewriter.notifyMatchFailure(call, "C must match Q's order on the side applied");
  return replaceAll(call,
                    {applyQ(m, a, p.convert(tau, m.f64()), c, left,
                            args.boolean("transpose").value_or(false))},
                    rewriter, p);
}

constexpr const char *kPrims =
    "convert, abs, reduce, compare, select, take_along, iota, div, mul, sub, slice, "
    "broadcast_in_dim, reshape, concatenate";

} // namespace
} // namespace linalg

void addLinearSolveDecompositions(std::vector<Decomposition> &table) {
  using namespace linalg;
  table.insert(table.end(), {
      {"aten.linalg_lu_factor.default", "linalg", kPrims, luFactorOp},
      {"aten.linalg_lu_factor_ex.default", "linalg", kPrims, luFactorOp},
      {"aten._lu_with_info.default", "linalg", kPrims, luFactorOp},
      {"aten.linalg_lu.default", "linalg", kPrims, luOp},
      {"aten.lu_unpack.default", "linalg", kPrims, luUnpack},
      {"aten.linalg_lu_solve.default", "linalg", kPrims, luSolveOp},
      {"aten.lu_solve.default", "linalg", kPrims, luSolveOp},
      {"aten.linalg_det.default", "linalg", kPrims, detOp<Det::det>},
      {"aten.linalg_slogdet.default", "linalg", kPrims, detOp<Det::slogdet>},
      {"aten.logdet.default", "linalg", kPrims, detOp<Det::logdet>},
      {"aten.linalg_solve.default", "linalg", kPrims, solveOp<false>},
      {"aten.linalg_solve_ex.default", "linalg", kPrims, solveOp<false>},
      {"aten.linalg_inv.default", "linalg", kPrims, solveOp<true>},
      {"aten.linalg_inv_ex.default", "linalg", kPrims, solveOp<true>},
      {"aten.linalg_tensorinv.default", "linalg", kPrims, tensorinv},
      {"aten.linalg_tensorsolve.default", "linalg", kPrims, tensorsolve},
      {"aten.linalg_matrix_power.default", "linalg", "matmul, select, compare (and LU for n < 0)",
       matrixPower},
      {"aten.linalg_solve_triangular.default", "linalg", kPrims, solveTriangularOp},
      {"aten.triangular_solve.default", "linalg", kPrims, solveTriangularOp},
      {"aten.cholesky.default", "linalg", kPrims, choleskyOp},
      {"aten.linalg_cholesky.default", "linalg", kPrims, choleskyOp},
      {"aten.linalg_cholesky_ex.default", "linalg", kPrims, choleskyOp},
      {"aten.cholesky_inverse.default", "linalg", kPrims, choleskySolveOp<true>},
      {"aten.cholesky_solve.default", "linalg", kPrims, choleskySolveOp<false>},
      {"aten.geqrf.default", "linalg", kPrims, geqrfOp},
      {"aten.linalg_qr.default", "linalg", kPrims, qrOp},
      {"aten.qr.default", "linalg", kPrims, qrOp},
      {"aten.linalg_householder_product.default", "linalg", kPrims, householderProduct},
      {"aten.ormqr.default", "linalg", kPrims, ormqrOp},
      {"aten.matrix_exp.default", "linalg", "matmul, pow, log, ceil, max, min, reduce, abs, select, mul, add, div", matrixExp},
  });
}

} // namespace pt2c
