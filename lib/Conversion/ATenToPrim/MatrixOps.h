//===- MatrixOps.h - Batched small-matrix helpers of the linalg files -----===//
//
// What LinearSolve.cpp (LU, Cholesky, QR) and Spectral.cpp (Jacobi eigen
// and SVD) share: the Mats builder of f64 matrix steps and the factors one
// file computes and the other reuses.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_CONVERSION_ATENTOPRIM_MATRIXOPS_H
#define PT2C_LIB_CONVERSION_ATENTOPRIM_MATRIXOPS_H

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

namespace pt2c {
namespace linalg {

using P = prim::ComparePredicate;
using mlir::ArrayRef;
using mlir::SmallVector;
using mlir::Type;
using mlir::Value;
using mlir::RankedTensorType;
using mlir::DenseElementsAttr;
using mlir::PatternRewriter;
using mlir::StringRef;
using mlir::ValueRange;
using mlir::cast;

/// The largest matrix dim these unrolled algorithms take.
constexpr int64_t kMaxOrder = 64;

/// Batched matrices [.., m, n] of one float type (f64 here).
class Mats {
public:
  explicit Mats(PrimBuilder &p) : p_(p), f64_(p.builder().getF64Type()) {}

  PrimBuilder &p() { return p_; }
  /// v's shape; empty for null (an earlier step failed and said why).
  static ArrayRef<int64_t> shape(Value v) {
    return v ? cast<RankedTensorType>(v.getType()).getShape() : ArrayRef<int64_t>();
  }
  static int64_t rank(Value v) { return shape(v).size(); }
  Type elementOf(Value v) { return cast<RankedTensorType>(v.getType()).getElementType(); }

  Value rows(Value a, int64_t begin, int64_t end) {
    return sliceDim(p_, a, rank(a) - 2, begin, end, 1);
  }
  Value cols(Value a, int64_t begin, int64_t end) {
    return sliceDim(p_, a, rank(a) - 1, begin, end, 1);
  }
  /// `v` broadcast (numpy, from the right) to `shape` with v's element type
  /// (null for null: an earlier step failed and said why).
  Value to(Value v, ArrayRef<int64_t> shape) {
    if (!v)
      return v;
    return p_.broadcastTo(v, RankedTensorType::get(shape, elementOf(v)), {});
  }
  /// A constant bool [rows, cols] mask of `keep(i, j)`, broadcast to `shape`.
  Value mask(int64_t rows, int64_t cols, ArrayRef<int64_t> shape,
             llvm::function_ref<bool(int64_t, int64_t)> keep) {
    SmallVector<bool> bits;
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        bits.push_back(keep(i, j));
    auto type = RankedTensorType::get({rows, cols}, p_.builder().getI1Type());
    Value constant = p_.create<prim::ConstantOp>(DenseElementsAttr::get(type, ArrayRef<bool>(bits)));
    return to(constant, shape);
  }
  Value splat(double value, ArrayRef<int64_t> shape, Type element) {
    return p_.splat(value, RankedTensorType::get(shape, element), {});
  }
  Value sel(Value m, Value a, Value b) { return p_.create<prim::SelectOp>(m, a, b); }
  Value mul(Value a, Value b) { return p_.create<prim::MulOp>(a, b); }
  Value sub(Value a, Value b) { return p_.create<prim::SubOp>(a, b); }
  Value add(Value a, Value b) { return p_.create<prim::AddOp>(a, b); }
  Value div(Value a, Value b) { return p_.create<prim::DivOp>(a, b); }
  Value cmp(P predicate, Value a, Value b) {
    return p_.create<prim::CompareOp>(
        a, b, prim::ComparePredicateAttr::get(p_.builder().getContext(), predicate));
  }
  Value matmul(Value a, Value b) { return p_.create<prim::MatmulOp>(a, b); }
  /// The identity [.., n, n] of `batch`.
  Value eye(ArrayRef<int64_t> batch, int64_t n) {
    SmallVector<int64_t> full(batch);
    full.append({n, n});
    return sel(mask(n, n, full, [](int64_t i, int64_t j) { return i == j; }),
               splat(1.0, full, f64_), splat(0.0, full, f64_));
  }
  /// The rows iota [.., m, 1] (i64).
  Value rowIndex(ArrayRef<int64_t> batch, int64_t m) {
    SmallVector<int64_t> shape(batch);
    shape.append({m, 1});
    auto type = RankedTensorType::get(shape, p_.builder().getI64Type());
    return p_.build<prim::IotaOp>(type, p_.builder().getI64IntegerAttr(shape.size() - 2),
                                  ValueRange{});
  }

  /// `perm` [.., m, 1] (i64) with entries j and `piv` ([.., 1, 1]) swapped:
  /// the gather index of a row swap.
  Value swapIndex(Value iota, Value piv, int64_t j) {
    ArrayRef<int64_t> s = shape(iota);
    Value pivB = to(piv, s);
    Value jB = splat(double(j), s, p_.builder().getI64Type());
    return sel(cmp(P::eq, iota, jB), pivB, sel(cmp(P::eq, iota, pivB), jB, iota));
  }
  /// The rows of `a` [.., m, c] gathered at `index` [.., m, 1].
  Value gatherRows(Value a, Value index) {
    return p_.create<prim::TakeAlongOp>(a, to(index, shape(a)),
                                        p_.builder().getI64IntegerAttr(rank(a) - 2));
  }

  Type f64() const { return f64_; }

private:
  PrimBuilder &p_;
  Type f64_;
};

/// The last two dims of `a` swapped.
Value transposed(Mats &m, Value a);

/// The diagonal [.., k] of `a` [.., m, n] (f64).
Value diagonalOf(Mats &m, Value a);

/// The matrix argument `name` in f64, or null (refused: not a float
/// [.., m, n] of static shape up to kMaxOrder, square with `square`).
Value matrixArg(aten::CallOp call, const CallArgs &args, llvm::StringRef name, Mats &m,
                bool square = true);

/// Results converted to the call's result types and replaced; a null or
/// mistyped one is a decline.
mlir::LogicalResult replaceAll(aten::CallOp call, ArrayRef<Value> values,
                               mlir::PatternRewriter &rewriter, PrimBuilder &p);

/// geqrf: the packed Householder QR of `a` [.., m, n] and tau [.., k].
std::pair<Value, Value> householderQr(Mats &m, Value a);

/// Q (or Q^T) of packed reflectors applied to `x` from the left or right.
Value applyQ(Mats &m, Value packed, Value tau, Value x, bool left, bool transpose);

/// The first `columns` columns of the m x m identity, [batch.., m, columns].
Value identityColumns(Mats &m, ArrayRef<int64_t> batch, int64_t rows, int64_t columns);

/// The nuclear (sum of singular values) or spectral (largest, or smallest
/// with `smallest`) norm of the matrices of `a` [.., m, n] over its last two
/// dims, f64 [..] (Spectral.cpp).
Value singularValueNorm(Mats &m, Value a, llvm::StringRef which);

} // namespace linalg
} // namespace pt2c

#endif // PT2C_LIB_CONVERSION_ATENTOPRIM_MATRIXOPS_H
