//===- PrimBuilder.h - Building blocks shared by the decompositions -------===//
//
// torch semantics that many ops share, written once: numpy broadcasting to a
// result shape, type promotion to a result dtype, scalars as tensors, and the
// `index` sizes of `?` dims (tensor.dim of a tensor that has them).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CONVERSION_ATENTOPRIM_PRIMBUILDER_H
#define PT2C_CONVERSION_ATENTOPRIM_PRIMBUILDER_H

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace pt2c {

class PrimBuilder {
public:
  PrimBuilder(mlir::OpBuilder &builder, mlir::Location loc)
      : b_(builder), loc_(loc) {}

  mlir::OpBuilder &builder() { return b_; }
  mlir::Location loc() const { return loc_; }

  /// The sizes of the `?` dims of `type`, read from `sources` (dims aligned
  /// to the right as in numpy broadcasting); a null entry where no source
  /// has that dim dynamic.
  llvm::SmallVector<mlir::Value> dynamicSizes(mlir::RankedTensorType type,
                                              llvm::ArrayRef<mlir::Value> sources);
  static bool allKnown(llvm::ArrayRef<mlir::Value> sizes);

  /// `value` converted to `elementType` (no-op when it already is).
  mlir::Value convert(mlir::Value value, mlir::Type elementType);

  /// numpy broadcasting of `value` to `type`'s shape (right-aligned), with
  /// `?` sizes taken from `sources`. Also converts the element type. Null
  /// when a `?` size is not known from the sources (as for splat).
  mlir::Value broadcastTo(mlir::Value value, mlir::RankedTensorType type,
                          llvm::ArrayRef<mlir::Value> sources);

  /// broadcast_in_dim with explicit `dims`, `?` sizes from `sources`.
  mlir::Value broadcastInDim(mlir::Value value, mlir::RankedTensorType type,
                             llvm::ArrayRef<int64_t> dims,
                             llvm::ArrayRef<mlir::Value> sources);

  /// A tensor of `type` filled with `value` (a dense constant when static).
  /// `type` filled with the run-time scalar `scalar` (an i1/i64/f64 SSA
  /// value from the graph), converted to the element type as torch does;
  /// `sizes` or the sources give the `?` sizes. Null when unknown.
  mlir::Value splatScalar(mlir::Value scalar, mlir::RankedTensorType type,
                          llvm::ArrayRef<mlir::Value> sources,
                          std::optional<llvm::ArrayRef<mlir::Value>> sizes = std::nullopt);

  mlir::Value splat(double value, mlir::RankedTensorType type,
                    llvm::ArrayRef<mlir::Value> sources);

  /// Reduce `dims` of `value`; with `keepDims` they stay as size 1.
  mlir::Value reduce(prim::ReduceKind kind, mlir::Value value,
                     llvm::ArrayRef<int64_t> dims, bool keepDims);

  /// Normalizes a possibly negative dim for `rank`.
  static int64_t normalizeDim(int64_t dim, int64_t rank) {
    return dim < 0 ? dim + rank : dim;
  }

private:
  mlir::OpBuilder &b_;
  mlir::Location loc_;
};

} // namespace pt2c

#endif // PT2C_CONVERSION_ATENTOPRIM_PRIMBUILDER_H
