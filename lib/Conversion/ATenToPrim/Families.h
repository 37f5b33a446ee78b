//===- Families.h - Helpers shared by the decomposition family files ------===//

#ifndef PT2C_LIB_CONVERSION_ATENTOPRIM_FAMILIES_H
#define PT2C_LIB_CONVERSION_ATENTOPRIM_FAMILIES_H

#include "pt2c/Conversion/ATenToPrim/DecompositionTable.h"
#include "pt2c/Conversion/ATenToPrim/PrimBuilder.h"

namespace pt2c {

/// A float or an integer element type other than bool: what arithmetic
/// (relu, pooling, convolutions) takes in torch.
inline bool isNumber(mlir::Type type) {
  return mlir::isa<mlir::FloatType>(type) || (type.isInteger() && !type.isInteger(1));
}

/// The ranked tensor type of result `index`, or null.
inline mlir::RankedTensorType resultType(aten::CallOp call, unsigned index = 0) {
  if (index >= call->getNumResults())
    return nullptr;
  return mlir::dyn_cast<mlir::RankedTensorType>(call->getResult(index).getType());
}

/// The ranked tensor operand `name`, or null (absent, None, or a scalar SSA
/// value such as a SymFloat).
inline mlir::Value tensorArg(const CallArgs &args, llvm::StringRef name) {
  mlir::Value value = args.value(name);
  return value && mlir::isa<mlir::RankedTensorType>(value.getType()) ? value : mlir::Value();
}

/// The ranked tensor operand `name` when it has `rank` dims, else null.
/// Decompositions that read an input's dim d beside the result's dim d (a
/// resize, a pool, a scatter, diff) take their input through this: an
/// archive that declares the input with fewer dims than the result made
/// them index past its shape (issue #18, SIGSEGV).
inline mlir::Value tensorArgOfRank(const CallArgs &args, llvm::StringRef name, int64_t rank) {
  mlir::Value value = tensorArg(args, name);
  return value && mlir::cast<mlir::RankedTensorType>(value.getType()).getRank() == rank
             ? value
             : mlir::Value();
}

/// `dim` normalized for `type`, when it names one of its dims; nullopt
/// otherwise. pt2c-decompose-aten checks dims against torch's range, where
/// a 0-d tensor's dims wrap as for rank 1 (sum or softmax of a scalar over
/// dim 0 are valid); a decomposition that reads the dim's size needs a dim
/// that exists (issue #18: slice, split and mean of a 0-d tensor read an
/// empty shape, SIGSEGV).
inline std::optional<int64_t> shapeDim(int64_t dim, mlir::RankedTensorType type) {
  int64_t d = PrimBuilder::normalizeDim(dim, type.getRank());
  return d >= 0 && d < type.getRank() ? std::optional<int64_t>(d) : std::nullopt;
}

/// A tensor operand, or a scalar attribute splatted, broadcast to `type`
/// (torch's binary-op semantics with the result dtype already promoted).
/// Null when the argument is neither.
mlir::Value operandAs(PrimBuilder &p, const CallArgs &args, llvm::StringRef name,
                      mlir::RankedTensorType type, llvm::ArrayRef<mlir::Value> sources);

/// The operands `names` (tensors or numbers) broadcast to `type`, with
/// the `?` sizes from whichever are tensors; empty when one is neither
/// (Pointwise.cpp).
llvm::SmallVector<mlir::Value> operandsAs(PrimBuilder &p, const CallArgs &args,
                                          llvm::ArrayRef<llvm::StringRef> names,
                                          mlir::RankedTensorType type);

/// The shape the named tensor arguments broadcast to; nullopt when one is
/// missing or not static, or they do not broadcast.
std::optional<llvm::SmallVector<int64_t>> staticBroadcastShape(const CallArgs &args,
                                                               llvm::ArrayRef<llvm::StringRef> names);

/// The most entries a decomposition's compile-time index table may have
/// (pooling windows, padding and resize source indices, as_strided and
/// einsum gathers): 2^26, 512 MiB of int64. The tables are built entry by
/// entry on the host from static sizes of the archive's metadata; a size of
/// 2^40 or 2^62 there kept the compiler in such a loop for good
/// (pt2c-fuzz-compile, 2026-11-27), so a larger table is refused instead.
constexpr int64_t kMaxIndexTable = int64_t(1) << 26;

/// Whether a table of the product of `sizes` entries fits kMaxIndexTable;
/// if not, an error at `loc` naming `what` and the sizes.
inline bool indexTableFits(mlir::Location loc, llvm::ArrayRef<int64_t> sizes,
                           llvm::StringRef what) {
  __int128 entries = 1;
  for (int64_t size : sizes) {
    entries *= size < 0 ? 0 : size;
    if (entries > kMaxIndexTable) {
      mlir::emitError(loc) << what << " of sizes [" << sizes << "] needs more than "
                           << kMaxIndexTable << " table entries (pt2c's limit)";
      return false;
    }
  }
  return true;
}

/// A per-spatial-dim list from a schema int list (`int[2] stride`), repeated
/// when the archive gave one value for all dims; null when absent or of
/// another length.
std::optional<llvm::SmallVector<int64_t>> spatial(const CallArgs &args, llvm::StringRef name,
                                                  int64_t count);

/// conv_transpose1d/2d (and convolution with transposed=true), any number of
/// spatial dims and groups (ConvTranspose.cpp).
mlir::LogicalResult convTranspose(aten::CallOp call, const CallArgs &args,
                                  mlir::PatternRewriter &rewriter);

/// `type` with a leading dim of 1: torch's conv*d and conv_transpose*d also
/// take one unbatched sample ([C, spatial...]), computed as a batch of one.
inline mlir::RankedTensorType withBatchOfOne(mlir::RankedTensorType type) {
  llvm::SmallVector<int64_t> shape = {1};
  shape.append(type.getShape().begin(), type.getShape().end());
  return mlir::RankedTensorType::get(shape, type.getElementType());
}

/// The `?` sizes of `type` (index values, in order) read from the SymInt
/// list argument `name` (view's `size`, new_ones' `size`): the list element
/// at each `?` dim, a size computed in the graph. With `inferFrom` (view's
/// input), one -1 entry is what is left of its element count. Null when the
/// argument is not such a list of the result's rank, or holds a negative
/// constant at a `?` dim that cannot be inferred.
std::optional<llvm::SmallVector<mlir::Value>>
sizesFromList(PrimBuilder &p, const CallArgs &args, llvm::StringRef name,
              mlir::RankedTensorType type, mlir::Value inferFrom = {});

/// A normalization's pieces (Norm.cpp): y = (x - mean) * rstd in the shape
/// of x; mean and rstd with the reduced dims kept as size 1.
struct Normalized {
  mlir::Value y;
  mlir::Value mean;
  mlir::Value rstd;
};

/// Normalizes `x` (already in the compute type) over `dims`, whose total
/// size is `count`: mean and biased variance, rstd = rsqrt(var + eps). The
/// one formula of layer_norm, group_norm, instance_norm and batch_norm with
/// batch statistics.
Normalized normalizeOver(PrimBuilder &p, mlir::Value x, llvm::ArrayRef<int64_t> dims,
                         int64_t count, double eps);

/// y * weight + bias (the arguments of those names), each broadcast along
/// `dims` of y and converted to y's element type (absent ones skipped).
mlir::Value affine(PrimBuilder &p, mlir::Value y, const CallArgs &args,
                   llvm::ArrayRef<int64_t> dims);

/// The i64 index of the first max (or min) of `x` along static `dim`, kept
/// as size 1, given that extreme (reduced with the dim kept); NaN counts as
/// the extreme, as in torch. Null when a `?` size is unknown (Reduction.cpp).
mlir::Value firstIndexOf(PrimBuilder &p, mlir::Value x, mlir::Value extremeKept, int64_t dim);

/// The window slot torch's max pooling kernels report, kept as size 1 along
/// `last` of the windows `values` [..., K] given their `max` [...]: they scan
/// the window keeping `val > max || isnan(val)`, so the first maximum wins
/// unless the window holds a NaN, and then the last NaN (Pool.cpp).
mlir::Value torchMaxSlot(PrimBuilder &p, mlir::Value values, mlir::Value max, int64_t last);

/// `x` as the keys a sort compares: bool as i64, f16/bf16 as f32 (exact,
/// same order), others unchanged (Sort.cpp).
mlir::Value sortKeys(PrimBuilder &p, mlir::Value x);

/// The stable rank (i64, same shape) of every element of `keys` along
/// static `dim`: how many elements sort before it (Sort.cpp).
mlir::Value stableRanks(PrimBuilder &p, mlir::Value keys, int64_t dim, bool descending);

/// Where each element of the static [n] bool `mask` goes when the true
/// ones are numbered in order: `slot` (i64, [n]) is k for the k-th true
/// element (from 0) while k < `limit`, and `limit` (a spare slot for the
/// caller to drop) for the false ones and the rest; `running` is the
/// running count of true elements, whose last is their number
/// (DataDependent.cpp; nonzero, nonzero_static, masked_select, unique).
struct TrueSlots {
  mlir::Value slot;
  mlir::Value running;
};
TrueSlots trueSlots(PrimBuilder &p, mlir::Value mask, int64_t limit);

/// The stable rank (i64, [n]) of each row of the static [n, r] `rows` in
/// lexicographic order: how many rows sort before it (ties by index; NaN
/// after numbers, as stableRanks). O(n^2 r) work (Sort.cpp).
mlir::Value lexicographicRowRanks(PrimBuilder &p, mlir::Value rows);

/// The indices [.., count, ..] along `dim` of the elements of ranks 0 to
/// count - 1, given stableRanks' result (Sort.cpp).
mlir::Value indicesOfRanks(PrimBuilder &p, mlir::Value ranks, int64_t dim, int64_t count);

/// x[mask]: the rows of static `self` where the bool `mask`, over its
/// leading dims, is true; [count, self's other dims] with the count known
/// at run time. Null after an error when the shapes do not fit
/// (DataDependent.cpp).
mlir::Value booleanMaskRows(PrimBuilder &p, mlir::Value self, mlir::Value mask,
                            mlir::RankedTensorType type);

/// softmax along `dim`: exp(x - max) / sum(exp(x - max)).
mlir::Value softmaxAlong(PrimBuilder &p, mlir::Value x, int64_t dim);

/// log_softmax along `dim`: (x - max) - log(sum(exp(x - max))) (Norm.cpp).
mlir::Value logSoftmaxAlong(PrimBuilder &p, mlir::Value x, int64_t dim);

/// The type math on `type` is carried out in: f16 and bf16 compute in f32
/// and round once at the end, as torch's CPU kernels do (opmath).
mlir::RankedTensorType computeType(mlir::RankedTensorType type);

/// Elementwise arithmetic on tensors of one type, with constants splatted to
/// it (`like` gives the `?` sizes): keeps the compositions readable. Every
/// step is checked as PrimBuilder::create is (null in, null out), so a
/// composition is checked once, at its end.
struct Ew {
  PrimBuilder &p;
  mlir::Value like;

  mlir::RankedTensorType type() const {
    return mlir::cast<mlir::RankedTensorType>(like.getType());
  }
  mlir::OpBuilder &b() { return p.builder(); }
  mlir::Value c(double value) { return like ? p.splat(value, type(), {like}) : mlir::Value(); }
  mlir::Value add(mlir::Value x, mlir::Value y) { return p.create<prim::AddOp>(x, y); }
  mlir::Value sub(mlir::Value x, mlir::Value y) { return p.create<prim::SubOp>(x, y); }
  mlir::Value mul(mlir::Value x, mlir::Value y) { return p.create<prim::MulOp>(x, y); }
  mlir::Value div(mlir::Value x, mlir::Value y) { return p.create<prim::DivOp>(x, y); }
  mlir::Value cmp(prim::ComparePredicate predicate, mlir::Value x, mlir::Value y) {
    return p.create<prim::CompareOp>(x, y,
                                     prim::ComparePredicateAttr::get(b().getContext(), predicate));
  }
  mlir::Value sel(mlir::Value mask, mlir::Value x, mlir::Value y) {
    return p.create<prim::SelectOp>(mask, x, y);
  }
  template <typename OpTy> mlir::Value apply(mlir::Value x) { return p.create<OpTy>(x); }
  /// 1 where x is NaN (the one value unequal to itself).
  mlir::Value isNan(mlir::Value x) { return cmp(prim::ComparePredicate::ne, x, x); }
};

/// Replaces `call` with `result` when it has the call's result type; a
/// null result (a checked builder said why) or another type is a decline
/// (defined in Rearrange.cpp).
mlir::LogicalResult replaceChecked(aten::CallOp call, mlir::Value result,
                                   mlir::PatternRewriter &rewriter);

/// x[..., start:limit:step, ...] along `dim` (a static dim): prim.slice
/// (defined in Shape.cpp).
mlir::Value sliceDim(PrimBuilder &p, mlir::Value input, int64_t dim, int64_t start,
                     int64_t limit, int64_t step);

/// expm1(x) = e^x - 1, accurate near 0 (Kahan: (u - 1) * x / log(u) with
/// u = e^x), on a float tensor.
mlir::Value expm1Of(Ew &e, mlir::Value x);

/// torch's linspace at the positions `i` (an iota of e's type) of `steps`
/// points from `first` to `last` spaced by `step` (all of e's type): the
/// first half counted up from `first`, the rest back from `last`, as
/// torch's kernel, so both ends are exact; one step is `first` alone
/// (defined in Creation.cpp).
mlir::Value linspaceOf(Ew &e, mlir::Value i, mlir::Value first, mlir::Value last,
                       mlir::Value step, int64_t steps);

/// prim.scatter of `kind` (assign, add, mul, max, min): self with src
/// written or combined at index along dim (defined in Scatter.cpp).
mlir::Value scatterOf(PrimBuilder &p, prim::ScatterKind kind, mlir::Value self,
                      mlir::Value index, mlir::Value src, int64_t dim);

/// `x` with (low, high) elements of `value` around each dim (negative
/// amounts crop); null where it cannot (Pad.cpp).
mlir::Value paddedWith(PrimBuilder &p, mlir::Value x,
                       llvm::ArrayRef<std::pair<int64_t, int64_t>> pads, double value);

/// The vector norm of `x` (in its compute type) of order `order` over
/// `dims`: 2 as sqrt(sum x^2), 1, inf/-inf, 0 (the non-zeros) and other
/// orders as (sum |x|^p)^(1/p) (Reduction.cpp).
mlir::Value vectorNormOf(PrimBuilder &p, mlir::Value x, double order,
                         llvm::ArrayRef<int64_t> dims, bool keepdim);

/// Replaces `call` (a float result) with fn(self), self converted to f64
/// and the result rounded once: the special functions whose series lose
/// digits in f32 (Gamma.cpp).
mlir::LogicalResult wideMath(aten::CallOp call, const CallArgs &args,
                             mlir::PatternRewriter &rewriter,
                             llvm::function_ref<mlir::Value(Ew &, mlir::Value)> fn);

/// wideMath as a table entry's rewrite.
template <mlir::Value (*fn)(Ew &, mlir::Value)>
mlir::LogicalResult wideMathOf(aten::CallOp call, const CallArgs &args,
                               mlir::PatternRewriter &rewriter) {
  return wideMath(call, args, rewriter, fn);
}

/// logaddexp(a, b) = max(a, b) + log1p(exp(-|a - b|)), a where both are the
/// same infinity (defined in Pointwise.cpp).
mlir::Value logaddexpOf(Ew &e, mlir::Value a, mlir::Value b);

/// min(max(x, lo), hi) with either bound optional (null): torch.clamp.
mlir::Value clampOf(Ew &e, mlir::Value x, mlir::Value lo, mlir::Value hi);

} // namespace pt2c

#endif // PT2C_LIB_CONVERSION_ATENTOPRIM_FAMILIES_H
