//===- PrimBuilder.h - Building blocks shared by the decompositions -------===//
//
// torch semantics that many ops share, written once: numpy broadcasting to a
// result shape, type promotion to a result dtype, scalars as tensors, and the
// `index` sizes of `?` dims (tensor.dim of a tensor that has them).
//
// Building is checked (issue #18): the archive's metadata may disagree with
// itself, and the ODS builders of prims that infer their result type abort
// the process ("Failed to infer result type(s)") when inference fails. So
// prims are built through create<OpTy>(), which runs the op's inference
// first and, where it fails, emits an error at the node's location and
// returns a null Value instead. Every helper here returns null (after an
// error) where it cannot build, and takes a null operand as "an earlier
// step already failed" and returns null without a second error, so a
// composition of helpers needs no check per step; pt2c-decompose-aten never
// replaces a node with a null value and reports the first error at the node.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_CONVERSION_ATENTOPRIM_PRIMBUILDER_H
#define PT2C_CONVERSION_ATENTOPRIM_PRIMBUILDER_H

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace pt2c {

class PrimBuilder {
public:
  PrimBuilder(mlir::OpBuilder &builder, mlir::Location loc)
      : b_(builder), loc_(loc) {}

  mlir::OpBuilder &builder() { return b_; }
  mlir::Location loc() const { return loc_; }

  /// `OpTy` (a prim op that infers its result type) built from `args` as
  /// `OpTy::create(builder, loc, args...)` would, but checked: null when an
  /// operand is null (an earlier step failed and said why), or, after an
  /// error naming the op, its operand types and the broken constraint, when
  /// they do not type-check (where the ODS builder aborts).
  template <typename OpTy, typename... Args> mlir::Value create(Args &&...args) {
    static_assert(OpTy::template hasTrait<mlir::InferTypeOpInterface::Trait>(),
                  "ops with an explicit result type are built directly");
    mlir::OperationState state(loc_, OpTy::getOperationName());
    // The builder that takes the result type only records operands and
    // attributes: a placeholder type, dropped, stands in for the inferred one.
    OpTy::build(b_, state, mlir::Type(), std::forward<Args>(args)...);
    state.types.clear();
    return createInferred(
        state, [&](std::optional<mlir::Location> loc, llvm::SmallVectorImpl<mlir::Type> &types) {
          return OpTy::inferReturnTypes(b_.getContext(), loc, state.operands,
                                        state.attributes.getDictionary(b_.getContext()),
                                        state.getRawProperties(), state.regions, types);
        });
  }

  /// `OpTy` (a prim whose result type is given: reshape, broadcast_in_dim,
  /// splat, convert, iota) built as `OpTy::create(builder, loc, args...)`
  /// would, or null when an operand is null (an earlier step failed and said
  /// why; building it would dereference the null), or, after the verifier's
  /// error, when the given type disagrees with the operands: verified here,
  /// so the node is refused with that reason, rather than the pass leaving a
  /// module that does not verify (found by pt2c-fuzz-compile: an add
  /// declared with a result of higher rank broadcast against its C3).
  template <typename OpTy, typename... Args> mlir::Value build(Args &&...args) {
    mlir::OperationState state(loc_, OpTy::getOperationName());
    OpTy::build(b_, state, std::forward<Args>(args)...);
    if (llvm::any_of(state.operands, [](mlir::Value operand) { return !operand; }))
      return mlir::Value();
    return verified(b_.create(state));
  }

  /// The sizes of the `?` dims of `type`, read from `sources` (dims aligned
  /// to the right as in numpy broadcasting); a null entry where no source
  /// has that dim dynamic.
  llvm::SmallVector<mlir::Value> dynamicSizes(mlir::RankedTensorType type,
                                              llvm::ArrayRef<mlir::Value> sources);
  static bool allKnown(llvm::ArrayRef<mlir::Value> sizes);

  /// `value` converted to `elementType` (no-op when it already is; null for
  /// null).
  mlir::Value convert(mlir::Value value, mlir::Type elementType);

  /// `value` reshaped to the static `type` (same element count; no-op when
  /// it already has it; null for null).
  mlir::Value reshape(mlir::RankedTensorType type, mlir::Value value);

  /// numpy broadcasting of `value` to `type`'s shape (right-aligned), with
  /// `?` sizes taken from `sources`. Also converts the element type. Null
  /// when a `?` size is not known from the sources (as for splat), or `value` is.
  mlir::Value broadcastTo(mlir::Value value, mlir::RankedTensorType type,
                          llvm::ArrayRef<mlir::Value> sources);

  /// broadcast_in_dim with explicit `dims`, `?` sizes from `sources`.
  mlir::Value broadcastInDim(mlir::Value value, mlir::RankedTensorType type,
                             llvm::ArrayRef<int64_t> dims,
                             llvm::ArrayRef<mlir::Value> sources);

  /// A tensor of `type` filled with `value` (a dense constant when static).
  /// `type` filled with the run-time scalar `scalar` (an i1/i64/f64 SSA
  /// value from the graph), converted to the element type as torch does;
  /// `sizes` or the sources give the `?` sizes. Null, after an error naming
  /// the type, when a `?` size is unknown (a declared type that disagrees
  /// with the operands); null for a null source.
  mlir::Value splatScalar(mlir::Value scalar, mlir::RankedTensorType type,
                          llvm::ArrayRef<mlir::Value> sources,
                          std::optional<llvm::ArrayRef<mlir::Value>> sizes = std::nullopt);

  mlir::Value splat(double value, mlir::RankedTensorType type,
                    llvm::ArrayRef<mlir::Value> sources);

  /// Reduce `dims` of `value`; with `keepDims` they stay as size 1. Checked
  /// as create is.
  mlir::Value reduce(prim::ReduceKind kind, mlir::Value value,
                     llvm::ArrayRef<int64_t> dims, bool keepDims);

  /// Normalizes a possibly negative dim for `rank`.
  static int64_t normalizeDim(int64_t dim, int64_t rank) {
    return dim < 0 ? dim + rank : dim;
  }

private:
  using InferFn = llvm::function_ref<mlir::LogicalResult(std::optional<mlir::Location>,
                                                         llvm::SmallVectorImpl<mlir::Type> &)>;
  /// create's untemplated half: checks `state`'s operands, infers its result
  /// types with `infer`, and builds it, or returns null (see create).
  mlir::Value createInferred(mlir::OperationState &state, InferFn infer);
  /// `op`'s result, or null after the verifier's error (the op, dead, is
  /// left to the rewrite driver to erase).
  mlir::Value verified(mlir::Operation *op);
  /// Null after an error that no `?` dim of `type` could be sized.
  mlir::Value unsized(mlir::RankedTensorType type);

  mlir::OpBuilder &b_;
  mlir::Location loc_;
};

} // namespace pt2c

#endif // PT2C_CONVERSION_ATENTOPRIM_PRIMBUILDER_H
