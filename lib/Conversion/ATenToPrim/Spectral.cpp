//===- Spectral.cpp - Symmetric eigen and SVD by Jacobi rotations ---------===//
//
// Eigenvalues and eigenvectors of symmetric matrices by two-sided cyclic
// Jacobi, and the SVD by one-sided Jacobi (Hestenes: rotate pairs of
// columns until all are orthogonal; their norms are the singular values),
// batched and unrolled like LinearSolve.cpp, in f64. A sweep visits every
// pair of columns once, in the round-robin order of a tournament: n - 1
// rounds of n / 2 disjoint pairs, and a round rotates all its pairs at once
// (the partner column gathered, two multiplies and an add), so a sweep is
// n - 1 steps of O(n^2) work instead of n^2 / 2 steps. Cyclic Jacobi
// converges quadratically once the off-diagonal is small; sweepsFor() runs
// a fixed, generous number (no data-dependent loop: the prims have none).
//
// Jacobi is used rather than LAPACK's tridiagonal/bidiagonal QR because it
// is a few uniform steps, and it computes small singular values to high
// relative accuracy.
//
// On top: linalg_eigh, _linalg_eigh, linalg_eigvalsh, linalg_svd,
// _linalg_svd, svd, linalg_svdvals, linalg_matrix_rank, linalg_pinv,
// pinverse, linalg_cond (2-norm) and the nuclear and spectral matrix norms
// (Reduction.cpp's matrix_norm calls singularValueNorm). Eigenvectors and
// singular vectors are unique only up to sign (and within repeated
// values): pt2c's are orthonormal and reproduce the matrix, but their
// signs need not be LAPACK's; the products built on them (pinv) and the
// values are sign-free.
//
//===----------------------------------------------------------------------===//

#include "MatrixOps.h"

#include <cmath>

using namespace mlir;

namespace pt2c {
namespace linalg {
namespace {

/// Sweeps for an order-n problem: quadratic convergence needs few once the
/// off-diagonal is small; the log term covers the first, linear sweeps of a
/// larger matrix.
int64_t sweepsFor(int64_t n) {
  int64_t log2 = 0;
  while ((int64_t(1) << log2) < n)
    ++log2;
  return 8 + log2;
}

/// The partner of every player in round `round` of a round-robin
/// tournament of `n` (even) players (the circle method: n - 1 is fixed, the
/// others turn): over n - 1 rounds each pair meets once.
SmallVector<int64_t> partnersOf(int64_t n, int64_t round) {
  SmallVector<int64_t> partner(n);
  partner[n - 1] = round;
  partner[round] = n - 1;
  for (int64_t k = 1; k < n / 2; ++k) {
    int64_t a = (round + k) % (n - 1), b = (round - k + (n - 1)) % (n - 1);
    partner[a] = b;
    partner[b] = a;
  }
  return partner;
}

/// One round's pairing as constant index rows [1, n] (i64): the partner,
/// the pair's lower and higher index, and the rotation sign of each player
/// (-1 for the lower "p", +1 for the higher "q").
struct Round {
  Value partner, low, high, sign;
};

class Jacobi {
public:
  Jacobi(Mats &m, int64_t n) : m_(m), n_(n) {}

  Round round(int64_t index) {
    SmallVector<int64_t> partner = partnersOf(n_, index), low, high;
    SmallVector<double> sign;
    for (int64_t i = 0; i < n_; ++i) {
      low.push_back(std::min(i, partner[i]));
      high.push_back(std::max(i, partner[i]));
      sign.push_back(i < partner[i] ? -1.0 : 1.0);
    }
    return {indexRow(partner), indexRow(low), indexRow(high), constantRow(sign)};
  }

  /// `row` [.., 1, n] read at the constant `index` row [1, n].
  Value gatherRow(Value row, Value index) {
    return m_.p().create<prim::TakeAlongOp>(row, m_.to(index, Mats::shape(row)),
                                            intAttr(Mats::rank(row) - 1));
  }
  /// x [.., r, n] with column i replaced by column index[i].
  Value gatherColumns(Value x, Value index) {
    return m_.p().create<prim::TakeAlongOp>(x, m_.to(index, Mats::shape(x)),
                                            intAttr(Mats::rank(x) - 1));
  }
  /// x [.., n, c] with row i replaced by row index[i].
  Value gatherRows(Value x, Value index) {
    return m_.p().create<prim::TakeAlongOp>(x, m_.to(asColumn(index), Mats::shape(x)),
                                            intAttr(Mats::rank(x) - 2));
  }
  /// A row [1.., 1, n] as a column [1.., n, 1] (same order of elements).
  Value asColumn(Value row) {
    SmallVector<int64_t> s(Mats::shape(row));
    std::swap(s[s.size() - 1], s[s.size() - 2]);
    return m_.p().reshape(RankedTensorType::get(s, m_.elementOf(row)), row);
  }

  /// The rotation (c, signed s) [.., 1, n] of every player that zeroes the
  /// pair's off-diagonal entry `apq` of the 2 x 2 [[app, apq], [apq, aqq]]
  /// (Numerical Recipes' jacobi: theta = (aqq - app) / 2 apq, t = sgn(theta)
  /// / (|theta| + sqrt(theta^2 + 1)), the smaller angle; t = 0 when apq is
  /// already 0). Column i becomes c x_i + s x_partner.
  std::pair<Value, Value> rotation(Value app, Value aqq, Value apq, Value sign) {
    ArrayRef<int64_t> s = Mats::shape(app);
    Value zero = m_.splat(0.0, s, m_.f64()), one = m_.splat(1.0, s, m_.f64());
    Value theta = m_.div(m_.sub(aqq, app), m_.mul(m_.splat(2.0, s, m_.f64()), apq));
    Value magnitude = m_.p().create<prim::AbsOp>(theta);
    Value root = m_.p().create<prim::SqrtOp>(m_.add(m_.mul(theta, theta), one));
    Value t = m_.div(m_.sel(m_.cmp(P::lt, theta, zero), m_.p().create<prim::NegOp>(one), one),
                     m_.add(magnitude, root));
    t = m_.sel(m_.cmp(P::eq, apq, zero), zero, t);
    Value c = m_.div(one, m_.p().create<prim::SqrtOp>(m_.add(m_.mul(t, t), one)));
    return {c, m_.mul(m_.mul(t, c), m_.to(sign, s))};
  }

  /// x [.., r, n] J: column i = c_i x_i + s_i x_partner(i).
  Value rotateColumns(Value x, const Round &r, Value c, Value s) {
    ArrayRef<int64_t> shape = Mats::shape(x);
    return m_.add(m_.mul(x, m_.to(c, shape)),
                  m_.mul(gatherColumns(x, r.partner), m_.to(s, shape)));
  }
  /// J^T x [.., n, c]: row i = c_i x_i + s_i x_partner(i).
  Value rotateRows(Value x, const Round &r, Value c, Value s) {
    ArrayRef<int64_t> shape = Mats::shape(x);
    return m_.add(m_.mul(x, m_.to(asColumn(c), shape)),
                  m_.mul(gatherRows(x, r.partner), m_.to(asColumn(s), shape)));
  }

private:
  mlir::IntegerAttr intAttr(int64_t v) { return m_.p().builder().getI64IntegerAttr(v); }
  Value indexRow(ArrayRef<int64_t> values) {
    auto type = RankedTensorType::get({1, n_}, m_.p().builder().getI64Type());
    return m_.p().create<prim::ConstantOp>(DenseElementsAttr::get(type, values));
  }
  Value constantRow(ArrayRef<double> values) {
    auto type = RankedTensorType::get({1, n_}, m_.f64());
    return m_.p().create<prim::ConstantOp>(DenseElementsAttr::get(type, values));
  }

  Mats &m_;
  int64_t n_;
};

SmallVector<int64_t> batchOf(Value a) {
  ArrayRef<int64_t> s = Mats::shape(a);
  return SmallVector<int64_t>(s.begin(), s.end() - 2);
}

SmallVector<int64_t> shapeWith(ArrayRef<int64_t> batch, ArrayRef<int64_t> tail) {
  SmallVector<int64_t> s(batch);
  s.append(tail.begin(), tail.end());
  return s;
}

/// `a` [.., r, c] with `rows` and `columns` zero rows and columns appended.
Value padded(Mats &m, Value a, int64_t rows, int64_t columns) {
  if (rows == 0 && columns == 0)
    return a;
  SmallVector<std::pair<int64_t, int64_t>> pads(Mats::rank(a), {0, 0});
  pads[pads.size() - 2].second = rows;
  pads.back().second = columns;
  return paddedWith(m.p(), a, pads, 0.0);
}

/// The order [.., n] (i64) that sorts `values` [.., n] along the last dim.
Value sortOrder(Mats &m, Value values, bool descending) {
  int64_t dim = Mats::shape(values).size() - 1;
  Value ranks = stableRanks(m.p(), values, dim, descending);
  return indicesOfRanks(m.p(), ranks, dim, Mats::shape(values).back());
}

/// `values` [.., n] and the columns of `vectors` [.., r, n] in `order`.
std::pair<Value, Value> reordered(Mats &m, Value values, Value vectors, Value order) {
  int64_t rank = Mats::rank(values);
  Value sorted = m.p().create<prim::TakeAlongOp>(values, order,
                                                 m.p().builder().getI64IntegerAttr(rank - 1));
  if (!vectors)
    return {sorted, vectors};
  SmallVector<int64_t> row(Mats::shape(order));
  row.insert(row.end() - 1, 1);
  Value index = m.p().reshape(RankedTensorType::get(row, m.elementOf(order)), order);
  Value columns = m.p().create<prim::TakeAlongOp>(
      vectors, m.to(index, Mats::shape(vectors)), m.p().builder().getI64IntegerAttr(rank));
  return {sorted, columns};
}

/// The symmetric matrix of the `lower` (or upper) triangle of `a`.
Value symmetricOf(Mats &m, Value a, bool lower) {
  int64_t n = Mats::shape(a).back();
  Value keep = m.mask(n, n, Mats::shape(a),
                      [&](int64_t i, int64_t j) { return lower ? i >= j : i <= j; });
  return m.sel(keep, a, transposed(m, a));
}

/// Eigenvalues [.., n] in ascending order and the eigenvectors [.., n, n]
/// (columns, orthonormal) of the symmetric `a` [.., n, n] (f64).
std::pair<Value, Value> symmetricEigen(Mats &m, Value a) {
  SmallVector<int64_t> batch = batchOf(a);
  int64_t n = Mats::shape(a).back();
  if (n == 0)
    return {m.splat(0.0, shapeWith(batch, {0}), m.f64()), a};
  // An odd order gets a decoupled zero row and column: its pairs have apq
  // = 0 exactly, rotate nothing, and the padding stays where it is.
  int64_t order = n + n % 2;
  a = padded(m, a, order - n, order - n);
  Value v = m.eye(batch, order);
  Jacobi jacobi(m, order);
  for (int64_t sweep = 0, sweeps = sweepsFor(order); sweep < sweeps; ++sweep) {
    for (int64_t index = 0; index + 1 < order; ++index) {
      Round r = jacobi.round(index);
      Value diagonal = m.p().reshape(RankedTensorType::get(shapeWith(batch, {1, order}), m.f64()),
                                     diagonalOf(m, a));
      // a[i, partner(i)] for every row i, as a row [.., 1, n].
      Value pairs = m.p().create<prim::TakeAlongOp>(
          a, m.to(jacobi.asColumn(r.partner), shapeWith(batch, {order, 1})),
          m.p().builder().getI64IntegerAttr(batch.size() + 1));
      Value apqOfRow = m.p().reshape(RankedTensorType::get(shapeWith(batch, {1, order}), m.f64()),
                                     pairs);
      // Both players of a pair read the same (lower row's) entries, so
      // they rotate by the same angle whatever rounding did to symmetry.
      auto [c, s] = jacobi.rotation(jacobi.gatherRow(diagonal, r.low),
                                    jacobi.gatherRow(diagonal, r.high),
                                    jacobi.gatherRow(apqOfRow, r.low), r.sign);
      a = jacobi.rotateRows(jacobi.rotateColumns(a, r, c, s), r, c, s);
      v = jacobi.rotateColumns(v, r, c, s);
    }
  }
  Value values = sliceDim(m.p(), diagonalOf(m, a), batch.size(), 0, n, 1);
  Value vectors = m.cols(m.rows(v, 0, n), 0, n);
  return reordered(m, values, vectors, sortOrder(m, values, /*descending=*/false));
}

/// The SVD of `a` [.., m, n] (f64), k = min(m, n): U [.., m, m] (the first
/// k columns the left singular vectors; all orthonormal), S [.., k]
/// descending, V [.., n, n] likewise (A = U[:, :k] diag(S) V[:, :k]^T).
/// Without `vectors` only S (U and V null).
struct Svd {
  Value u, s, v;
};

/// A [.., r, k] whose columns are orthonormal or zero (the zero ones last)
/// completed to an orthonormal [.., r, r] with the same first columns:
/// Householder QR of it, Q's columns signed like R's diagonal.
Value completedBasis(Mats &m, Value columns) {
  SmallVector<int64_t> batch = batchOf(columns);
  int64_t rows = Mats::shape(columns)[batch.size()], k = Mats::shape(columns).back();
  auto [packed, tau] = householderQr(m, columns);
  Value q = applyQ(m, packed, tau, identityColumns(m, batch, rows, rows), /*left=*/true,
                   /*transpose=*/false);
  SmallVector<int64_t> row = shapeWith(batch, {1, k});
  Value diagonal = m.p().reshape(RankedTensorType::get(row, m.f64()), diagonalOf(m, packed));
  Value sign = m.sel(m.cmp(P::lt, diagonal, m.splat(0.0, row, m.f64())),
                     m.splat(-1.0, row, m.f64()), m.splat(1.0, row, m.f64()));
  SmallVector<std::pair<int64_t, int64_t>> pads(batch.size() + 2, {0, 0});
  pads.back().second = rows - k;
  sign = paddedWith(m.p(), sign, pads, 1.0);
  return m.mul(q, m.to(sign, Mats::shape(q)));
}

Svd singularValueDecomposition(Mats &m, Value a, bool vectors) {
  SmallVector<int64_t> batch = batchOf(a);
  int64_t rows = Mats::shape(a)[batch.size()], cols = Mats::shape(a).back();
  // Rotate the columns of the taller orientation: a wide A is A^T's SVD
  // with U and V exchanged.
  bool wide = rows < cols;
  Value x = wide ? transposed(m, a) : a;
  int64_t r = std::max(rows, cols), k = std::min(rows, cols);
  if (k == 0) {
    Svd empty{Value(), m.splat(0.0, shapeWith(batch, {0}), m.f64()), Value()};
    if (vectors) {
      empty.u = m.eye(batch, rows);
      empty.v = m.eye(batch, cols);
    }
    return empty;
  }
  int64_t order = k + k % 2;
  x = padded(m, x, 0, order - k);
  Value v = m.eye(batch, order);
  Jacobi jacobi(m, order);
  SmallVector<int64_t> row = shapeWith(batch, {1, order});
  int64_t rowDim = batch.size();
  for (int64_t sweep = 0, sweeps = sweepsFor(order); sweep < sweeps; ++sweep) {
    for (int64_t index = 0; index + 1 < order; ++index) {
      Round rd = jacobi.round(index);
      // The Gram matrix's entries of each pair: |x_p|^2, |x_q|^2, x_p . x_q.
      Value norms = m.p().reduce(prim::ReduceKind::sum, m.mul(x, x), {rowDim}, true);
      Value dots = m.p().reduce(prim::ReduceKind::sum,
                                m.mul(x, jacobi.gatherColumns(x, rd.partner)), {rowDim}, true);
      auto [c, s] = jacobi.rotation(jacobi.gatherRow(norms, rd.low),
                                    jacobi.gatherRow(norms, rd.high),
                                    jacobi.gatherRow(dots, rd.low), rd.sign);
      x = jacobi.rotateColumns(x, rd, c, s);
      if (vectors)
        v = jacobi.rotateColumns(v, rd, c, s);
    }
  }
  x = m.cols(x, 0, k);
  Value norms = m.p().reduce(prim::ReduceKind::sum, m.mul(x, x), {rowDim}, false); // [.., k]
  Value sigma = m.p().create<prim::SqrtOp>(norms);
  Value order_ = sortOrder(m, sigma, /*descending=*/true);
  Svd result;
  if (!vectors) {
    result.s = reordered(m, sigma, Value(), order_).first;
    return result;
  }
  auto [sorted, xs] = reordered(m, sigma, x, order_);
  Value vs = reordered(m, sigma, m.cols(m.rows(v, 0, k), 0, k), order_).second; // [.., k, k]
  result.s = sorted;
  SmallVector<int64_t> xShape = shapeWith(batch, {r, k});
  SmallVector<int64_t> sRow = shapeWith(batch, {1, k});
  Value sigmaRow = m.to(m.p().reshape(RankedTensorType::get(sRow, m.f64()), sorted), xShape);
  Value zero = m.splat(0.0, xShape, m.f64());
  Value uThin = m.sel(m.cmp(P::eq, sigmaRow, zero), zero, m.div(xs, sigmaRow));
  Value uFull = completedBasis(m, uThin); // [.., r, r]
  // vs is k x k: square already (k = the shorter side).
  result.u = wide ? vs : uFull;
  result.v = wide ? uFull : vs;
  return result;
}

/// The float matrix argument in f64 (any [.., m, n] up to kMaxOrder).
Value anyMatrixArg(aten::CallOp call, const CallArgs &args, StringRef name, Mats &m) {
  return matrixArg(call, args, name, m, /*square=*/false);
}

/// Zeros of result `index`'s shape (f64): an output torch leaves empty.
Value zerosOfResult(Mats &m, aten::CallOp call, unsigned index) {
  RankedTensorType type = resultType(call, index);
  return type && type.hasStaticShape() ? m.splat(0.0, type.getShape(), m.f64()) : Value();
}

// linalg_eigh(self, UPLO), _linalg_eigh(A, UPLO, compute_v),
// linalg_eigvalsh(self, UPLO).
LogicalResult eighOp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  StringRef target = call.getTarget();
  Value a = matrixArg(call, args, target == "aten._linalg_eigh.default" ? "A" : "self", m);
  StringRef uplo = args.string("UPLO").value_or("L");
  if (!a || (uplo != "L" && uplo != "U"))
    return rewriter.notifyMatchFailure(call, "expects a square float matrix and UPLO L or U");
  auto [values, vectors] = symmetricEigen(m, symmetricOf(m, a, uplo == "L"));
  if (target == "aten.linalg_eigvalsh.default")
    return replaceAll(call, {values}, rewriter, p);
  if (!args.boolean("compute_v").value_or(true))
    vectors = zerosOfResult(m, call, 1);
  return replaceAll(call, {values, vectors}, rewriter, p);
}

// linalg_svd(A, full_matrices=True), _linalg_svd(A, full_matrices=False,
// compute_uv), svd(self, some, compute_uv) -> (U, S, V not transposed),
// linalg_svdvals(A).
LogicalResult svdOp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  StringRef target = call.getTarget();
  bool old = target == "aten.svd.default";
  Value a = anyMatrixArg(call, args, old ? "self" : "A", m);
  if (!a)
    return rewriter.notifyMatchFailure(call, "expects a float matrix of static shape");
  if (target == "aten.linalg_svdvals.default")
    return replaceAll(call, {singularValueDecomposition(m, a, false).s}, rewriter, p);
  bool full = old ? !args.boolean("some").value_or(true)
                  : args.boolean("full_matrices").value_or(target == "aten.linalg_svd.default");
  bool vectors = args.boolean("compute_uv").value_or(true);
  Svd svd = singularValueDecomposition(m, a, vectors);
  if (!vectors)
    return replaceAll(call, {zerosOfResult(m, call, 0), svd.s, zerosOfResult(m, call, 2)},
                      rewriter, p);
  int64_t k = Mats::shape(svd.s).back();
  Value u = full ? svd.u : m.cols(svd.u, 0, k);
  Value v = full ? svd.v : m.cols(svd.v, 0, k);
  return replaceAll(call, {u, svd.s, old ? v : transposed(m, v)}, rewriter, p);
}

/// The absolute and relative tolerances of matrix_rank and pinv, f64
/// [.., 1] for the batch of `a`: torch's defaults (atol 0; rtol eps *
/// max(m, n) unless an atol is given, then 0 where that atol is > 0).
std::optional<std::pair<Value, Value>> tolerances(Mats &m, aten::CallOp call,
                                                  const CallArgs &args, Value a,
                                                  Type inputElement) {
  SmallVector<int64_t> batch = batchOf(a);
  SmallVector<int64_t> column = shapeWith(batch, {1});
  StringRef target = call.getTarget();
  auto fromArg = [&](StringRef name) -> std::optional<Value> {
    if (args.isNone(name))
      return Value();
    if (Value t = tensorArg(args, name)) {
      SmallVector<int64_t> s(Mats::shape(t));
      s.push_back(1);
      if (s.size() > column.size())
        return std::nullopt;
      Value asColumn = m.p().reshape(RankedTensorType::get(s, m.elementOf(t)), t);
      return m.to(m.p().convert(asColumn, m.f64()), column);
    }
    if (std::optional<double> x = args.number(name))
      return m.splat(*x, column, m.f64());
    return std::nullopt;
  };
  std::optional<Value> atol, rtol;
  if (target.ends_with(".atol_rtol_tensor") || target.ends_with(".atol_rtol_float")) {
    atol = fromArg("atol");
    rtol = fromArg("rtol");
  } else if (target == "aten.linalg_matrix_rank.default" ||
             target == "aten.linalg_matrix_rank.tol_tensor") {
    atol = fromArg("tol");
    rtol = m.splat(0.0, column, m.f64());
  } else { // linalg_pinv.default / rcond_tensor, pinverse: rtol = rcond.
    atol = Value();
    rtol = fromArg("rcond");
  }
  if (!atol || !rtol)
    return std::nullopt;
  Value zero = m.splat(0.0, column, m.f64());
  if (!*rtol) {
    double eps = inputElement.isF16()    ? 0x1p-10
                 : inputElement.isBF16() ? 0x1p-7
                 : inputElement.isF64()  ? 0x1p-52
                                         : 0x1p-23;
    ArrayRef<int64_t> s = Mats::shape(a);
    Value fallback = m.splat(eps * double(std::max(s[s.size() - 2], s.back())), column, m.f64());
    rtol = *atol ? m.sel(m.cmp(P::gt, *atol, zero), zero, fallback) : fallback;
  }
  if (!*atol)
    atol = zero;
  return std::make_pair(*atol, *rtol);
}

/// The magnitudes that matrix_rank and pinv compare with the tolerance:
/// singular values, or |eigenvalues| of a Hermitian (symmetric) matrix,
/// with the decomposition's vectors when `vectors`.
struct Spectrum {
  Value magnitudes, values, left, right; // left/right: U, V or Q, Q
};

Spectrum spectrumOf(Mats &m, Value a, bool hermitian, bool vectors) {
  if (hermitian) {
    auto [values, q] = symmetricEigen(m, symmetricOf(m, a, /*lower=*/true));
    return {m.p().create<prim::AbsOp>(values), values, q, q};
  }
  Svd svd = singularValueDecomposition(m, a, vectors);
  if (!vectors)
    return {svd.s, svd.s, Value(), Value()};
  int64_t k = Mats::shape(svd.s).back();
  return {svd.s, svd.s, m.cols(svd.u, 0, k), m.cols(svd.v, 0, k)};
}

/// max(atol, rtol * the largest magnitude) [.., 1].
Value thresholdOf(Mats &m, const Spectrum &spectrum, std::pair<Value, Value> tol) {
  int64_t dim = Mats::rank(spectrum.magnitudes) - 1;
  Value largest = m.p().reduce(prim::ReduceKind::max, spectrum.magnitudes, {dim}, true);
  return m.p().create<prim::MaxOp>(tol.first, m.mul(tol.second, largest));
}

/// What matrix_rank and pinv read: the matrix (f64; square when
/// `hermitian`) and its tolerances.
struct ThresholdedMatrix {
  Value a;
  bool hermitian;
  std::pair<Value, Value> tol;
};

FailureOr<ThresholdedMatrix> thresholdedMatrixArg(aten::CallOp call, const CallArgs &args,
                                                  StringRef name, Mats &m,
                                                  PatternRewriter &rewriter) {
  Value input = tensorArg(args, name);
  Value a = anyMatrixArg(call, args, name, m);
  bool hermitian = args.boolean("hermitian").value_or(false);
  if (!a || (hermitian && Mats::shape(a).back() != Mats::shape(a)[Mats::rank(a) - 2]))
    return rewriter.notifyMatchFailure(call, "expects a float matrix (square if hermitian)");
  auto tol = tolerances(m, call, args, a, m.elementOf(input));
  if (!tol)
    return rewriter.notifyMatchFailure(call, "atol/rtol must be numbers or tensors of the batch");
  return ThresholdedMatrix{a, hermitian, *tol};
}

// linalg_matrix_rank (every overload): the magnitudes above max(atol, rtol
// * the largest), counted.
LogicalResult matrixRank(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  auto arg = thresholdedMatrixArg(call, args, args.value("input") ? "input" : "self", m,
                                  rewriter);
  if (failed(arg))
    return failure();
  auto [a, hermitian, tol] = *arg;
  Spectrum spectrum = spectrumOf(m, a, hermitian, /*vectors=*/false);
  Value threshold = m.to(thresholdOf(m, spectrum, tol), Mats::shape(spectrum.magnitudes));
  Value above = p.convert(m.cmp(P::gt, spectrum.magnitudes, threshold), rewriter.getI64Type());
  Value rank = p.reduce(prim::ReduceKind::sum, above, {Mats::rank(above) - 1}, false);
  return replaceAll(call, {rank}, rewriter, p);
}

// linalg_pinv (every overload) and pinverse(self, rcond): V diag(1/s) U^T
// over the magnitudes above the threshold (Q diag(1/l) Q^T if hermitian).
LogicalResult pinv(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  auto arg = thresholdedMatrixArg(call, args, "self", m, rewriter);
  if (failed(arg))
    return failure();
  auto [a, hermitian, tol] = *arg;
  SmallVector<int64_t> batch = batchOf(a);
  int64_t rows = Mats::shape(a)[batch.size()], cols = Mats::shape(a).back();
  if (rows == 0 || cols == 0)
    return replaceAll(call, {m.splat(0.0, shapeWith(batch, {cols, rows}), m.f64())}, rewriter, p);
  Spectrum spectrum = spectrumOf(m, a, hermitian, /*vectors=*/true);
  ArrayRef<int64_t> ks = Mats::shape(spectrum.values);
  Value threshold = m.to(thresholdOf(m, spectrum, tol), ks);
  Value inverse = m.sel(m.cmp(P::gt, spectrum.magnitudes, threshold),
                        m.div(m.splat(1.0, ks, m.f64()), spectrum.values), m.splat(0.0, ks, m.f64()));
  SmallVector<int64_t> row(ks);
  row.insert(row.end() - 1, 1);
  Value scale = p.reshape(RankedTensorType::get(row, m.f64()), inverse);
  Value scaledV = m.mul(spectrum.right, m.to(scale, Mats::shape(spectrum.right)));
  return replaceAll(call, {m.matmul(scaledV, transposed(m, spectrum.left))}, rewriter, p);
}

// linalg_cond(self, p = None / 2 / -2): the ratio of the extreme singular
// values (inf for a singular matrix). Other orders (norms of A and A^-1)
// are not supported yet.
LogicalResult cond(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  Mats m(p);
  Value a = anyMatrixArg(call, args, "self", m);
  std::optional<double> order = args.isNone("p") ? 2.0 : args.number("p");
  if (!a || !order || (*order != 2.0 && *order != -2.0) || Mats::shape(a).back() == 0)
    return rewriter.notifyMatchFailure(call, "expects a non-empty float matrix and p None, 2 or -2");
  Value largest = singularValueNorm(m, a, "2"), smallest = singularValueNorm(m, a, "-2");
  return replaceAll(call, {*order > 0 ? m.div(largest, smallest) : m.div(smallest, largest)},
                    rewriter, p);
}

constexpr const char *kPrims =
    "convert, abs, sqrt, reduce, compare, select, take_along, div, mul, add, sub, slice, "
    "broadcast_in_dim, reshape, concatenate, matmul";

} // namespace

Value singularValueNorm(Mats &m, Value a, StringRef which) {
  Value s = singularValueDecomposition(m, a, /*vectors=*/false).s;
  int64_t dim = Mats::rank(s) - 1, k = Mats::shape(s).back();
  if (which == "nuc")
    return m.p().reduce(prim::ReduceKind::sum, s, {dim}, false);
  if (k == 0)
    return Value();
  SmallVector<int64_t> batch(Mats::shape(s).drop_back());
  Value extreme = sliceDim(m.p(), s, dim, which == "2" ? 0 : k - 1, which == "2" ? 1 : k, 1);
  return m.p().reshape(RankedTensorType::get(batch, m.f64()), extreme);
}

} // namespace linalg

void addSpectralDecompositions(std::vector<Decomposition> &table) {
  using namespace linalg;
  table.insert(table.end(), {
      {"aten.linalg_eigh.default", "linalg", kPrims, eighOp},
      {"aten._linalg_eigh.default", "linalg", kPrims, eighOp},
      {"aten.linalg_eigvalsh.default", "linalg", kPrims, eighOp},
      {"aten.linalg_svd.default", "linalg", kPrims, svdOp},
      {"aten._linalg_svd.default", "linalg", kPrims, svdOp},
      {"aten.svd.default", "linalg", kPrims, svdOp},
      {"aten.linalg_svdvals.default", "linalg", kPrims, svdOp},
      {"aten.linalg_matrix_rank.atol_rtol_tensor", "linalg", kPrims, matrixRank},
      {"aten.linalg_matrix_rank.atol_rtol_float", "linalg", kPrims, matrixRank},
      {"aten.linalg_matrix_rank.default", "linalg", kPrims, matrixRank},
      {"aten.linalg_matrix_rank.tol_tensor", "linalg", kPrims, matrixRank},
      {"aten.linalg_pinv.atol_rtol_tensor", "linalg", kPrims, pinv},
      {"aten.linalg_pinv.atol_rtol_float", "linalg", kPrims, pinv},
      {"aten.linalg_pinv.default", "linalg", kPrims, pinv},
      {"aten.linalg_pinv.rcond_tensor", "linalg", kPrims, pinv},
      {"aten.pinverse.default", "linalg", kPrims, pinv},
      {"aten.linalg_cond.default", "linalg", kPrims, cond},
  });
}

} // namespace pt2c
