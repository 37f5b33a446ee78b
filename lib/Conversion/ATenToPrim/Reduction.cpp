//===- Reduction.cpp - sum, prod, amax, any, var, std, norms, arg-max -----===//
//
// Every reduction here is prim.reduce over a list of dims (empty or None:
// all of them), with keepdim putting size-1 dims back. float16/bfloat16
// statistics (var, std, norms, logsumexp) are computed in f32 and rounded
// once, as torch's kernels accumulate in float.
//
//===----------------------------------------------------------------------===//

#include "Families.h"
#include "MatrixOps.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace pt2c {
namespace {

/// The dims argument `name` normalized and sorted; all dims when it is
/// None, absent or empty (torch's convention for dim=[]/None).
SmallVector<int64_t> reducedDims(const CallArgs &args, StringRef name, int64_t rank) {
  SmallVector<int64_t> dims;
  if (auto given = args.integers(name); given && !given->empty()) {
    // A 0-d tensor's dim 0 or -1 passes the pass's dim check (wrapped as
    // for rank 1) and names no dim to reduce: left out, so no shape is
    // indexed with it (issue #18: std over dim -1 of a 0-d tensor SIGSEGV'd).
    for (int64_t dim : *given)
      if (int64_t d = PrimBuilder::normalizeDim(dim, rank); d >= 0 && d < rank)
        dims.push_back(d);
  } else {
    dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  }
  llvm::sort(dims);
  dims.erase(std::unique(dims.begin(), dims.end()), dims.end());
  return dims;
}

/// The number of elements the dims cover; nullopt when one is dynamic.
std::optional<int64_t> countOf(RankedTensorType type, ArrayRef<int64_t> dims) {
  int64_t count = 1;
  for (int64_t dim : dims) {
    if (type.isDynamicDim(dim))
      return std::nullopt;
    count *= type.getDimSize(dim);
  }
  return count;
}

/// Replaces `call` with `result` converted to its result type; a shape that
/// differs from the archive's is a decline, not a wrong program.
LogicalResult replaceWith(aten::CallOp call, Value result, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!result)
    return rewriter.notifyMatchFailure(call, "unknown dynamic size");
  PrimBuilder p(rewriter, call.getLoc());
  result = p.convert(result, type.getElementType());
  if (!result)
    return failure(); // p said why
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "unexpected result shape");
  rewriter.replaceOp(call, result);
  return success();
}

/// A keepdim result broadcast back over `like`'s shape.
Value expandBack(PrimBuilder &p, Value kept, Value like) {
  auto type = cast<RankedTensorType>(like.getType())
                  .clone(cast<RankedTensorType>(kept.getType()).getElementType());
  return p.broadcastInDim(kept, type, llvm::to_vector(llvm::seq<int64_t>(0, type.getRank())),
                          {like});
}

/// reduce `kind` over `dim`s of `self` converted to the result's element
/// type (sum of bool/int gives int64: the archive says so).
template <prim::ReduceKind kind>
LogicalResult reduceTo(aten::CallOp call, const CallArgs &args, StringRef dimName,
                       PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  if (!type || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor self");
  auto selfType = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> dims = reducedDims(args, dimName, selfType.getRank());
  if (selfType.getRank() == 0)
    dims.clear();
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, type.getElementType());
  Value result = dims.empty() ? x : p.reduce(kind, x, dims, args.boolean("keepdim").value_or(false));
  return replaceWith(call, result, rewriter);
}

template <prim::ReduceKind kind>
LogicalResult reduceDims(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return reduceTo<kind>(call, args, "dim", rewriter);
}

// any(self, dims) = or-reduce of (self != 0); all = and-reduce.
template <prim::ReduceKind kind>
LogicalResult anyOrAll(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  if (!type || !self || !type.getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(call, "expects a tensor self and a bool result");
  auto selfType = cast<RankedTensorType>(self.getType());
  PrimBuilder p(rewriter, call.getLoc());
  Value truth = self;
  if (!selfType.getElementType().isInteger(1)) {
    Value zero = p.splat(0.0, selfType, {self});
    if (!zero)
      return rewriter.notifyMatchFailure(call, "unknown dynamic size");
    truth = p.create<prim::CompareOp>(
        self, zero,
        prim::ComparePredicateAttr::get(rewriter.getContext(), prim::ComparePredicate::ne));
  }
  SmallVector<int64_t> dims = reducedDims(args, "dim", selfType.getRank());
  if (selfType.getRank() == 0)
    dims.clear();
  Value result =
      dims.empty() ? truth : p.reduce(kind, truth, dims, args.boolean("keepdim").value_or(false));
  return replaceWith(call, result, rewriter);
}

// nansum(self, dims, keepdim, dtype): sum with NaN counted as 0.
LogicalResult nansum(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor self");
  auto selfType = cast<RankedTensorType>(self.getType());
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, type.getElementType());
  if (isa<FloatType>(type.getElementType())) {
    Ew e{p, x};
    x = e.sel(e.cmp(prim::ComparePredicate::ne, x, x), e.c(0.0), x);
  }
  SmallVector<int64_t> dims = reducedDims(args, "dim", selfType.getRank());
  if (selfType.getRank() == 0)
    dims.clear();
  Value result = dims.empty() ? x
                              : p.reduce(prim::ReduceKind::sum, x, dims,
                                         args.boolean("keepdim").value_or(false));
  return replaceWith(call, result, rewriter);
}

// count_nonzero(self, dim) = sum(self != 0) over dim (a dim, dims, or all).
LogicalResult countNonzero(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || !type.getElementType().isInteger(64))
    return rewriter.notifyMatchFailure(call, "expects a tensor self and an int64 result");
  auto selfType = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> dims;
  if (std::optional<int64_t> one = args.integer("dim")) {
    if (std::optional<int64_t> d = shapeDim(*one, selfType))
      dims.push_back(*d);
  } else {
    dims = reducedDims(args, "dim", selfType.getRank());
  }
  PrimBuilder p(rewriter, call.getLoc());
  Ew e{p, self};
  Value nonzero = p.convert(e.cmp(prim::ComparePredicate::ne, self, e.c(0.0)), type.getElementType());
  Value result = dims.empty() ? nonzero : p.reduce(prim::ReduceKind::sum, nonzero, dims, false);
  return replaceWith(call, result, rewriter);
}

// nanmean(self, dim, keepdim) = sum of the non-NaN elements / their count.
LogicalResult nanmean(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float tensor self");
  auto selfType = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> dims = reducedDims(args, "dim", selfType.getRank());
  if (selfType.getRank() == 0)
    dims.clear();
  PrimBuilder p(rewriter, call.getLoc());
  Ew e{p, p.convert(self, computeType(type).getElementType())};
  Value x = e.like;
  Value present = e.cmp(prim::ComparePredicate::eq, x, x);
  Value values = e.sel(present, x, e.c(0.0));
  Value counts = p.convert(present, computeType(type).getElementType());
  bool keepdim = args.boolean("keepdim").value_or(false);
  if (!dims.empty()) {
    values = p.reduce(prim::ReduceKind::sum, values, dims, keepdim);
    counts = p.reduce(prim::ReduceKind::sum, counts, dims, keepdim);
  }
  if (!values || !counts)
    return failure(); // p said why
  return replaceWith(call, p.create<prim::DivOp>(values, counts), rewriter);
}

// linalg_vecdot(x, y, dim) = sum(x * y) along dim of their broadcast shape
// (real tensors: no conjugate).
LogicalResult vecdot(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  auto shape = staticBroadcastShape(args, {"x", "y"});
  if (!type || !shape)
    return rewriter.notifyMatchFailure(call, "static tensors x and y that broadcast");
  auto productType = RankedTensorType::get(*shape, type.getElementType());
  std::optional<int64_t> dim = shapeDim(args.integer("dim").value_or(-1), productType);
  if (!dim)
    return rewriter.notifyMatchFailure(call, "dim must name a dim of the broadcast shape");
  PrimBuilder p(rewriter, call.getLoc());
  Value product = p.create<prim::MulOp>(operandAs(p, args, "x", productType, {}),
                                        operandAs(p, args, "y", productType, {}));
  return replaceWith(call, p.reduce(prim::ReduceKind::sum, product, {*dim}, false), rewriter);
}

// trapezoid(y, x, dim) = sum over dim of (x[i+1] - x[i]) (y[i+1] + y[i]) / 2,
// a 1-d x spanning dim (else x of y's shape); the .dx forms space the
// points dx apart; cumulative_trapezoid keeps the running sums.
template <bool cumulative, bool spaced>
LogicalResult trapezoid(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value y = tensorArg(args, "y");
  if (!type || !y || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a tensor y and a float result");
  auto yType = cast<RankedTensorType>(y.getType());
  std::optional<int64_t> dim = shapeDim(args.integer("dim").value_or(-1), yType);
  if (!dim || !yType.hasStaticShape() || yType.getDimSize(*dim) < 1)
    return rewriter.notifyMatchFailure(call, "a static y with a non-empty dim");
  int64_t d = *dim, n = yType.getDimSize(d);
  PrimBuilder p(rewriter, call.getLoc());
  Type compute = computeType(type).getElementType();
  Value yc = p.convert(y, compute);
  Value sums = p.create<prim::AddOp>(sliceDim(p, yc, d, 1, n, 1), sliceDim(p, yc, d, 0, n - 1, 1));
  if (!sums)
    return failure(); // p said why
  auto pieceType = cast<RankedTensorType>(sums.getType());
  Value widths;
  if (spaced) {
    widths = p.splat(args.number("dx").value_or(1.0), pieceType, {});
  } else {
    // torch: a 1-d x lies along dim; another x gets leading 1s up to y's
    // rank, and its differences along dim broadcast with y's pieces.
    Value x = tensorArg(args, "x");
    auto xType = x ? cast<RankedTensorType>(x.getType()) : RankedTensorType();
    // x's size along dim once viewed at y's rank (a leading 1 is 1).
    auto alongDim = [&] {
      int64_t xd = d - (yType.getRank() - xType.getRank());
      return xType.getRank() == 1 ? xType.getDimSize(0) : xd < 0 ? 1 : xType.getDimSize(xd);
    };
    if (!xType || !xType.hasStaticShape() || xType.getRank() == 0 ||
        xType.getRank() > yType.getRank() || alongDim() != n)
      return rewriter.notifyMatchFailure(call, "x must be 1-d along dim or broadcast with y");
    Value xc = p.convert(x, compute);
    if (xType.getRank() != 1 && xType.getRank() < yType.getRank()) {
      SmallVector<int64_t> viewed(yType.getRank() - xType.getRank(), 1);
      viewed.append(xType.getShape().begin(), xType.getShape().end());
      xc = p.reshape(RankedTensorType::get(viewed, compute), xc);
    }
    int64_t xDim = xType.getRank() == 1 ? 0 : d;
    widths = p.create<prim::SubOp>(sliceDim(p, xc, xDim, 1, n, 1),
                                   sliceDim(p, xc, xDim, 0, n - 1, 1));
    widths = xType.getRank() == 1 ? p.broadcastInDim(widths, pieceType, {d}, {})
                                  : p.broadcastTo(widths, pieceType, {});
  }
  Value areas = p.create<prim::MulOp>(p.create<prim::MulOp>(sums, widths),
                                      p.splat(0.5, pieceType, {}));
  Value result = cumulative ? p.create<prim::CumsumOp>(areas, rewriter.getI64IntegerAttr(d))
                            : p.reduce(prim::ReduceKind::sum, areas, {d}, false);
  if (!result)
    return failure(); // p said why
  return replaceWith(call, result, rewriter);
}

// aminmax(self, dim, keepdim) = (amin, amax) over dim (every dim without).
LogicalResult aminmax(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType minType = resultType(call, 0), maxType = resultType(call, 1);
  Value self = tensorArg(args, "self");
  if (!minType || !maxType || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor self and two results");
  auto selfType = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> dims = reducedDims(args, "dim", selfType.getRank());
  if (selfType.getRank() == 0)
    dims.clear();
  bool keepdim = args.boolean("keepdim").value_or(false);
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> results;
  for (auto [kind, type] : {std::pair(prim::ReduceKind::min, minType),
                            std::pair(prim::ReduceKind::max, maxType)}) {
    Value extreme = dims.empty() ? self : p.reduce(kind, self, dims, keepdim);
    if (!extreme || extreme.getType() != type)
      return rewriter.notifyMatchFailure(call, "unexpected result shape");
    results.push_back(extreme);
  }
  rewriter.replaceOp(call, results);
  return success();
}

// mean(self) over every element.
LogicalResult meanAll(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  if (!type || !self || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float result");
  auto selfType = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, selfType.getRank()));
  std::optional<int64_t> count = countOf(selfType, dims);
  if (!count)
    return rewriter.notifyMatchFailure(call, "mean over a dynamic dim");
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, type.getElementType());
  Value sum = dims.empty() ? x : p.reduce(prim::ReduceKind::sum, x, dims, false);
  rewriter.replaceOp(call, p.create<prim::MulOp>(sum, p.splat(1.0 / double(*count), type, {})));
  return success();
}

// var(self, dims, correction) = sum((x - mean)^2) / (N - correction); std is
// its square root. var.dim's `unbiased` is correction 1 or 0. var_mean and
// std_mean also return the mean.
template <bool isStd, bool withMean = false>
LogicalResult variance(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  if (!type || !self || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
  auto selfType = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> dims = reducedDims(args, "dim", selfType.getRank());
  std::optional<int64_t> count = countOf(selfType, dims);
  if (!count)
    return rewriter.notifyMatchFailure(call, "var over a dynamic dim");
  double correction = 1.0;
  if (std::optional<double> given = args.number("correction"))
    correction = *given;
  else if (std::optional<bool> unbiased = args.boolean("unbiased"))
    correction = *unbiased ? 1.0 : 0.0;
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Type compute = computeType(type).getElementType();
  Value x = p.convert(self, compute);
  Value sum = p.reduce(prim::ReduceKind::sum, x, dims, true);
  if (!sum)
    return failure(); // p said why
  auto keptType = cast<RankedTensorType>(sum.getType());
  Value mean = p.create<prim::MulOp>(sum, p.splat(1.0 / double(*count), keptType, {sum}));
  Value centered = p.create<prim::SubOp>(x, expandBack(p, mean, x));
  Value squares = p.create<prim::MulOp>(centered, centered);
  bool keepdim = args.boolean("keepdim").value_or(false);
  Value total = p.reduce(prim::ReduceKind::sum, squares, dims, keepdim);
  if (!total)
    return failure(); // p said why
  auto totalType = cast<RankedTensorType>(total.getType());
  // N - correction <= 0 gives inf/nan, as in torch.
  double divisor = double(*count) - correction;
  Value result = p.create<prim::MulOp>(
      total, p.splat(divisor > 0 ? 1.0 / divisor : std::numeric_limits<double>::infinity(),
                     totalType, {total}));
  if (isStd)
    result = p.create<prim::SqrtOp>(result);
  if (!withMean)
    return replaceWith(call, result, rewriter);
  RankedTensorType meanType = resultType(call, 1);
  Value meanOut = keepdim ? mean
                          : p.create<prim::MulOp>(
                                p.reduce(prim::ReduceKind::sum, x, dims, false),
                                p.splat(1.0 / double(*count), totalType, {total}));
  SmallVector<Value> results = {p.convert(result, type.getElementType()),
                                meanType ? p.convert(meanOut, meanType.getElementType()) : Value()};
  if (!results[0] || !results[1] || results[0].getType() != type ||
      results[1].getType() != meanType)
    return rewriter.notifyMatchFailure(call, "unexpected result shape");
  rewriter.replaceOp(call, results);
  return success();
}

} // namespace

// The vector norm of x (in its compute type) over dims: (sum |x|^ord)^(1/ord);
// ord 2 as sqrt(sum x*x), 1 as sum |x|, inf as amax |x|, 0 as the count of
// non-zeros.
Value vectorNormOf(PrimBuilder &p, Value x, double order, ArrayRef<int64_t> dims, bool keepdim) {
  Type compute = cast<RankedTensorType>(x.getType()).getElementType();
  Value magnitude = p.create<prim::AbsOp>(x);
  Value result;
  if (std::isinf(order)) {
    result = p.reduce(order > 0 ? prim::ReduceKind::max : prim::ReduceKind::min, magnitude, dims,
                      keepdim);
  } else if (order == 0.0) {
    Value zero = p.splat(0.0, cast<RankedTensorType>(x.getType()), {x});
    Value nonzero = p.create<prim::CompareOp>(
        x, zero,
        prim::ComparePredicateAttr::get(p.builder().getContext(), prim::ComparePredicate::ne));
    result = p.reduce(prim::ReduceKind::sum, p.convert(nonzero, compute), dims, keepdim);
  } else if (order == 1.0) {
    result = p.reduce(prim::ReduceKind::sum, magnitude, dims, keepdim);
  } else if (order == 2.0) {
    result = p.create<prim::SqrtOp>(
        p.reduce(prim::ReduceKind::sum, p.create<prim::MulOp>(x, x), dims, keepdim));
  } else {
    auto xType = cast<RankedTensorType>(x.getType());
    Value powered = p.create<prim::PowOp>(magnitude, p.splat(order, xType, {x}));
    Value sum = p.reduce(prim::ReduceKind::sum, powered, dims, keepdim);
    result = sum ? p.create<prim::PowOp>(
                       sum, p.splat(1.0 / order, cast<RankedTensorType>(sum.getType()), {sum}))
                 : Value(); // p said why
  }
  return result;
}

namespace {

// linalg_vector_norm(x, ord, dims, keepdim).
LogicalResult vectorNorm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  if (!type || !self || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
  auto selfType = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> dims = reducedDims(args, "dim", selfType.getRank());
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, computeType(type).getElementType());
  return replaceWith(call,
                     vectorNormOf(p, x, args.number("ord").value_or(2.0), dims,
                                  args.boolean("keepdim").value_or(false)),
                     rewriter);
}

// linalg_matrix_norm(self, ord, dim, keepdim, dtype) over the matrices of
// the two dims (rows, columns): "fro" is the 2-norm of the entries; 1 / -1
// the largest / smallest column sum of |x|, inf / -inf the same of the
// rows; "nuc" the sum of the singular values and 2 / -2 the largest /
// smallest one (Spectral.cpp's SVD, in f64).
LogicalResult matrixNormOf(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
                           ArrayRef<int64_t> dims) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  std::optional<StringRef> name = args.string("ord");
  std::optional<double> number = name ? std::nullopt : args.number("ord");
  double inf = std::numeric_limits<double>::infinity();
  bool known = name ? (*name == "fro" || *name == "nuc")
                    : number && llvm::is_contained({1.0, -1.0, 2.0, -2.0, inf, -inf}, *number);
  if (!type || !self || dims.size() != 2 || !isa<FloatType>(type.getElementType()) || !known)
    return rewriter.notifyMatchFailure(call, "expects a float tensor, two dims and an ord of "
                                             "'fro', 'nuc', 1, -1, 2, -2, inf or -inf");
  auto selfType = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> reduced;
  for (int64_t dim : dims) {
    std::optional<int64_t> d = shapeDim(dim, selfType);
    if (!d || llvm::is_contained(reduced, *d))
      return rewriter.notifyMatchFailure(call, "two distinct dims of the input");
    reduced.push_back(*d);
  }
  bool keepdim = args.boolean("keepdim").value_or(false);
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, computeType(type).getElementType());
  if (name && *name == "fro")
    return replaceWith(call, vectorNormOf(p, x, 2.0, reduced, keepdim), rewriter);
  if (!name && std::abs(*number) != 2.0) {
    // Sum |x| along one dim (columns' sums run down the rows), then the
    // extreme of the sums along the other.
    bool columns = std::abs(*number) == 1.0;
    Value sums = p.reduce(prim::ReduceKind::sum, p.create<prim::AbsOp>(x),
                          {reduced[columns ? 0 : 1]}, true);
    Value extreme = p.reduce(*number > 0 ? prim::ReduceKind::max : prim::ReduceKind::min, sums,
                             {reduced[columns ? 1 : 0]}, true);
    return replaceWith(call, p.reshape(type.clone(computeType(type).getElementType()), extreme),
                       rewriter);
  }
  if (name && *name == "nuc" && selfType.hasStaticShape() && selfType.getNumElements() == 0)
    return replaceWith(call, p.splat(0.0, type.clone(computeType(type).getElementType()), {}),
                       rewriter); // no singular values: their sum is 0, as torch gives
  // The singular values: the two dims moved last, in f64.
  if (!selfType.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "a spectral norm of a dynamic shape");
  SmallVector<int64_t> order;
  for (int64_t d = 0; d < selfType.getRank(); ++d)
    if (!llvm::is_contained(reduced, d))
      order.push_back(d);
  order.append(reduced.begin(), reduced.end());
  linalg::Mats m(p);
  Value matrices = p.convert(
      p.create<prim::TransposeOp>(self, rewriter.getDenseI64ArrayAttr(order)), m.f64());
  Value norm = linalg::singularValueNorm(m, matrices, name ? "nuc" : *number > 0 ? "2" : "-2");
  if (!norm)
    return rewriter.notifyMatchFailure(call, "the 2-norm of an empty matrix");
  return replaceWith(call, p.reshape(type.clone(m.f64()), norm), rewriter);
}

LogicalResult matrixNorm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  auto dims = args.integers("dim");
  if (!dims)
    return rewriter.notifyMatchFailure(call, "expects two dims");
  return matrixNormOf(call, args, rewriter, *dims);
}

// linalg_norm(self, ord, dim, keepdim, dtype), as torch reads it: a vector
// norm over one dim (or every entry of a 1-d self without dims); a matrix
// norm (matrixNormOf) over two dims (or the two of a 2-d self) when an ord
// is given; without ord, the flattened 2-norm, which is also the Frobenius
// norm of two dims.
LogicalResult linalgNorm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
  auto selfType = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> dims = reducedDims(args, "dim", selfType.getRank());
  bool hasOrder = args.string("ord") || args.number("ord");
  if (hasOrder && dims.size() == 2)
    return matrixNormOf(call, args, rewriter, dims);
  std::optional<double> order = args.number("ord");
  if ((hasOrder && !order) ||
      (order && dims.size() != 1 && !(args.isNone("dim") && selfType.getRank() == 1)))
    return rewriter.notifyMatchFailure(call, "an ord over other than one or two dims");
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, computeType(type).getElementType());
  return replaceWith(call,
                     vectorNormOf(p, x, order.value_or(2.0), dims,
                                  args.boolean("keepdim").value_or(false)),
                     rewriter);
}

// segment_reduce(data, reduce, lengths or offsets, axis, initial): data's
// rows [start_s, end_s) along `axis` reduced per segment s (sum, prod, max,
// min, mean) and combined with `initial` (default: the reduction's
// identity, -inf for max, inf for min); mean is (initial + sum) / length,
// for an empty segment initial when one is given, else NaN (0 / 0), as
// torch's kernel. The lengths or offsets hold one list per position of the
// dims before `axis` (shape data.shape[:axis] + [segments (+1)]), so each
// position has its own segments. Each segment masks all D rows: O(S D).
LogicalResult segmentReduce(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value data = tensorArg(args, "data"), lengths = tensorArg(args, "lengths"),
        offsets = tensorArg(args, "offsets");
  std::optional<StringRef> reduce = args.string("reduce");
  Value bounds = lengths ? lengths : offsets;
  auto dataType = data ? cast<RankedTensorType>(data.getType()) : RankedTensorType();
  auto boundsType = bounds ? cast<RankedTensorType>(bounds.getType()) : RankedTensorType();
  const StringRef kinds[] = {"sum", "prod", "max", "min", "mean"};
  if (!type || !data || !bounds || (lengths && offsets) || !reduce ||
      !llvm::is_contained(kinds, *reduce) || !isa<FloatType>(type.getElementType()) ||
      dataType.getRank() == 0 || !dataType.hasStaticShape() || !boundsType.hasStaticShape() ||
      args.value("indices"))
    return rewriter.notifyMatchFailure(call, "expects float data, lengths or offsets and reduce "
                                             "sum/prod/max/min/mean");
  std::optional<int64_t> axis = shapeDim(args.integer("axis").value_or(0), dataType);
  if (!axis || boundsType.getRank() != *axis + 1 ||
      boundsType.getShape().drop_back() != dataType.getShape().take_front(*axis))
    return rewriter.notifyMatchFailure(call, "the lengths or offsets must have data's dims "
                                             "before the axis, then one for the segments");
  int64_t a = *axis;
  int64_t segments = boundsType.getDimSize(a) - (offsets ? 1 : 0), rows = dataType.getDimSize(a);
  if (segments < 0 || type.getRank() != dataType.getRank() || type.getDimSize(a) != segments)
    return rewriter.notifyMatchFailure(call, "the result must have one row per segment");
  PrimBuilder p(rewriter, call.getLoc());
  Type i64 = rewriter.getI64Type();
  Value b = p.convert(bounds, i64);
  Value starts, ends; // [data's dims before the axis..., segments]
  if (offsets) {
    starts = sliceDim(p, b, a, 0, segments, 1);
    ends = sliceDim(p, b, a, 1, segments + 1, 1);
  } else {
    ends = p.create<prim::CumsumOp>(b, rewriter.getI64IntegerAttr(a));
    starts = p.create<prim::SubOp>(ends, b);
  }
  // in[..., s, j]: row j belongs to segment s.
  SmallVector<int64_t> maskShape(dataType.getShape().take_front(a));
  maskShape.append({segments, rows});
  auto maskType = RankedTensorType::get(maskShape, i64);
  SmallVector<int64_t> boundsDims = llvm::to_vector(llvm::seq<int64_t>(0, a + 1));
  Value row = p.build<prim::IotaOp>(maskType, rewriter.getI64IntegerAttr(a + 1), ValueRange{});
  Ew m{p, row};
  Value in = p.create<prim::AndOp>(
      m.cmp(prim::ComparePredicate::ge, row, p.broadcastInDim(starts, maskType, boundsDims, {})),
      m.cmp(prim::ComparePredicate::lt, row, p.broadcastInDim(ends, maskType, boundsDims, {})));
  Type wide = computeType(type).getElementType();
  // [before..., segments, rows, after...]
  SmallVector<int64_t> spread(dataType.getShape().take_front(a));
  spread.push_back(segments);
  spread.append(dataType.getShape().begin() + a, dataType.getShape().end());
  auto spreadType = RankedTensorType::get(spread, wide);
  SmallVector<int64_t> dataDims;
  for (int64_t d = 0; d < dataType.getRank(); ++d)
    dataDims.push_back(d < a ? d : d + 1);
  Value x = p.broadcastInDim(p.convert(data, wide), spreadType, dataDims, {});
  SmallVector<int64_t> maskDims = llvm::to_vector(llvm::seq<int64_t>(0, a + 2));
  Value inSpread = p.broadcastInDim(in, spreadType.clone(rewriter.getI1Type()), maskDims, {});
  double inf = std::numeric_limits<double>::infinity();
  double identity = *reduce == "prod" ? 1.0 : *reduce == "max" ? -inf : *reduce == "min" ? inf : 0.0;
  prim::ReduceKind kind = *reduce == "prod" ? prim::ReduceKind::prod
                          : *reduce == "max" ? prim::ReduceKind::max
                          : *reduce == "min" ? prim::ReduceKind::min
                                             : prim::ReduceKind::sum;
  Ew e{p, x};
  Value reduced = p.reduce(kind, e.sel(inSpread, x, e.c(identity)), {a + 1}, false);
  auto resultWide = type.clone(wide);
  Ew r{p, reduced};
  Value initial = r.c(args.number("initial").value_or(identity));
  Value result;
  if (*reduce == "sum" || *reduce == "mean")
    result = r.add(initial, reduced);
  else if (*reduce == "prod")
    result = r.mul(initial, reduced);
  else
    result = *reduce == "max" ? p.create<prim::MaxOp>(initial, reduced)
                              : p.create<prim::MinOp>(initial, reduced);
  if (*reduce == "mean") {
    Value count = p.broadcastInDim(p.convert(p.create<prim::SubOp>(ends, starts), wide),
                                   resultWide, boundsDims, {});
    // torch: 0 / 0 (NaN) for an empty segment, unless an initial is given.
    result = args.number("initial") ? r.sel(r.cmp(prim::ComparePredicate::gt, count, r.c(0.0)),
                                            r.div(result, count), initial)
                                    : r.div(result, count);
  }
  return replaceChecked(call, p.convert(result, type.getElementType()), rewriter);
}

// renorm(self, p, dim, maxnorm): each slice along dim whose p-norm (over
// the other dims) exceeds maxnorm scaled by maxnorm / (norm + 1e-7), as
// torch's kernel; the others unchanged.
LogicalResult renorm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  auto order = args.number("p"), maxnorm = args.number("maxnorm");
  auto dim = args.integer("dim");
  if (!type || !self || self.getType() != type || !order || !maxnorm || !dim ||
      !isa<FloatType>(type.getElementType()) || type.getRank() == 0 || !(*order > 0))
    return rewriter.notifyMatchFailure(call, "expects a float tensor, p > 0, dim and maxnorm");
  std::optional<int64_t> kept = shapeDim(*dim, type);
  if (!kept)
    return rewriter.notifyMatchFailure(call, "dim out of range");
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (d != *kept)
      dims.push_back(d);
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType compute = computeType(type);
  Value x = p.convert(self, compute.getElementType());
  Value norm = vectorNormOf(p, x, *order, dims, true);
  if (!norm)
    return failure(); // p said why
  Ew n{p, norm};
  Value factor = n.sel(n.cmp(prim::ComparePredicate::gt, norm, n.c(*maxnorm)),
                       n.div(n.c(*maxnorm), n.add(norm, n.c(1e-7))), n.c(1.0));
  Value result = p.create<prim::MulOp>(x, p.broadcastTo(factor, compute, {}));
  return replaceChecked(call, p.convert(result, type.getElementType()), rewriter);
}

// dist(self, other, p) = the p-norm of self - other over every element;
// pairwise_distance(x1, x2, p, eps, keepdim) = the p-norm of x1 - x2 + eps
// over the last dim. Both operands broadcast to each other.
template <bool pairwise>
LogicalResult distance(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  StringRef first = pairwise ? "x1" : "self", second = pairwise ? "x2" : "other";
  auto broadcast = staticBroadcastShape(args, {first, second});
  if (!type || !isa<FloatType>(type.getElementType()) || !broadcast ||
      (pairwise && broadcast->empty()))
    return rewriter.notifyMatchFailure(call, "two static float tensors that broadcast");
  SmallVector<int64_t> shape = *broadcast;
  PrimBuilder p(rewriter, call.getLoc());
  auto differenceType = RankedTensorType::get(shape, computeType(type).getElementType());
  Value difference = p.create<prim::SubOp>(operandAs(p, args, first, differenceType, {}),
                                           operandAs(p, args, second, differenceType, {}));
  if (pairwise)
    difference = p.create<prim::AddOp>(
        difference, p.splat(args.number("eps").value_or(1e-6), differenceType, {}));
  SmallVector<int64_t> dims = pairwise ? SmallVector<int64_t>{int64_t(shape.size()) - 1}
                                       : llvm::to_vector(llvm::seq<int64_t>(0, shape.size()));
  Value norm = vectorNormOf(p, difference, args.number("p").value_or(2.0), dims,
                            pairwise && args.boolean("keepdim").value_or(false));
  return replaceWith(call, norm, rewriter); // converted to the result's type there
}

// cosine_similarity(x1, x2, dim, eps) as torch computes it: each operand
// divided by its 2-norm along dim (clamped to at least eps), then the sum of
// their product along dim; both broadcast to each other first.
LogicalResult cosineSimilarity(aten::CallOp call, const CallArgs &args,
                               PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  auto shape = staticBroadcastShape(args, {"x1", "x2"});
  if (!type || !isa<FloatType>(type.getElementType()) || !shape)
    return rewriter.notifyMatchFailure(call, "static float tensors x1 and x2 that broadcast");
  auto wideType = RankedTensorType::get(*shape, computeType(type).getElementType());
  std::optional<int64_t> dim = shapeDim(args.integer("dim").value_or(1), wideType);
  if (!dim)
    return rewriter.notifyMatchFailure(call, "dim must name a dim of the broadcast shape");
  PrimBuilder p(rewriter, call.getLoc());
  double eps = args.number("eps").value_or(1e-8);
  auto normalized = [&](StringRef name) -> Value {
    Value x = operandAs(p, args, name, wideType, {});
    Value norm = vectorNormOf(p, x, 2.0, {*dim}, true);
    if (!norm)
      return Value();
    norm = p.create<prim::MaxOp>(norm, p.splat(eps, cast<RankedTensorType>(norm.getType()), {}));
    return p.create<prim::DivOp>(x, p.broadcastTo(norm, wideType, {}));
  };
  Value x1 = normalized("x1"), x2 = normalized("x2");
  if (!x1 || !x2)
    return failure(); // p said why
  Value sum = p.reduce(prim::ReduceKind::sum, p.create<prim::MulOp>(x1, x2), {*dim}, false);
  return replaceWith(call, sum, rewriter);
}

// logsumexp(x, dims) = m + log(sum(exp(x - m))), m = amax(x) (0 where m is
// infinite, so all -inf gives -inf and +inf stays +inf as in torch).
LogicalResult logsumexp(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  if (!type || !self || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
  auto selfType = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> dims = reducedDims(args, "dim", selfType.getRank());
  bool keepdim = args.boolean("keepdim").value_or(false);
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Type compute = computeType(type).getElementType();
  Value x = p.convert(self, compute);
  // A 0-d tensor is one element, whatever its dim 0 or -1 says: log(exp(x))
  // is x (infinities and NaN included). There is no dim 0 to reduce.
  if (selfType.getRank() == 0)
    return replaceWith(call, x, rewriter);
  Value max = p.reduce(prim::ReduceKind::max, x, dims, true);
  if (!max)
    return failure(); // p said why
  auto maxType = cast<RankedTensorType>(max.getType());
  Value finite = p.create<prim::CompareOp>(
      p.create<prim::AbsOp>(max), p.splat(std::numeric_limits<double>::infinity(), maxType, {max}),
      prim::ComparePredicateAttr::get(rewriter.getContext(), prim::ComparePredicate::ne));
  Value shift = p.create<prim::SelectOp>(finite, max, p.splat(0.0, maxType, {max}));
  Value e = p.create<prim::ExpOp>(p.create<prim::SubOp>(x, expandBack(p, shift, x)));
  Value logSum = p.create<prim::LogOp>(p.reduce(prim::ReduceKind::sum, e, dims, true));
  Value result = p.create<prim::AddOp>(logSum, shift);
  if (!keepdim) {
    SmallVector<int64_t> shape;
    for (int64_t d = 0; d < maxType.getRank(); ++d)
      if (!llvm::is_contained(dims, d))
        shape.push_back(maxType.getDimSize(d));
    auto dropped = RankedTensorType::get(shape, compute);
    result = p.build<prim::ReshapeOp>(dropped, result, p.dynamicSizes(dropped, {x}));
  }
  return replaceWith(call, result, rewriter);
}

/// Drops size-1 `dim` of a keepdim result unless keepdim.
Value finishKept(PrimBuilder &p, Value kept, int64_t dim, bool keepdim) {
  if (keepdim || !kept)
    return kept; // null: an earlier step failed and said why
  auto type = cast<RankedTensorType>(kept.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + dim);
  auto dropped = RankedTensorType::get(shape, type.getElementType());
  return p.build<prim::ReshapeOp>(dropped, kept, p.dynamicSizes(dropped, {kept}));
}

// max.dim / min.dim -> (values, indices of the first extreme).
template <prim::ReduceKind kind>
LogicalResult extremeWithIndex(aten::CallOp call, const CallArgs &args,
                               PatternRewriter &rewriter) {
  RankedTensorType values = resultType(call, 0), indices = resultType(call, 1);
  Value self = args.value("self");
  auto dim = args.integer("dim");
  if (!values || !indices || !self || !dim)
    return rewriter.notifyMatchFailure(call, "expects a tensor and a dim");
  auto selfType = cast<RankedTensorType>(self.getType());
  if (selfType.getRank() == 0)
    return rewriter.notifyMatchFailure(call, "0-d input");
  int64_t d = PrimBuilder::normalizeDim(*dim, selfType.getRank());
  bool keepdim = args.boolean("keepdim").value_or(false);
  PrimBuilder p(rewriter, call.getLoc());
  Value extreme = p.reduce(kind, self, {d}, true);
  Value index = firstIndexOf(p, self, extreme, d);
  if (!index)
    return rewriter.notifyMatchFailure(call, "dynamic reduced dim");
  Value v = finishKept(p, extreme, d, keepdim), i = finishKept(p, index, d, keepdim);
  if (!v || !i)
    return failure(); // p said why
  if (v.getType() != values || i.getType() != indices)
    return rewriter.notifyMatchFailure(call, "unexpected result shapes");
  rewriter.replaceOp(call, ValueRange{v, i});
  return success();
}

// argmax / argmin(self, dim?, keepdim): with no dim, over the flattened input.
template <prim::ReduceKind kind>
LogicalResult argExtreme(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  if (!type || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor self");
  auto selfType = cast<RankedTensorType>(self.getType());
  PrimBuilder p(rewriter, call.getLoc());
  Value x = self;
  int64_t d = 0;
  bool keepdim = args.boolean("keepdim").value_or(false);
  if (std::optional<int64_t> dim = args.integer("dim")) {
    std::optional<int64_t> shaped = shapeDim(*dim, selfType);
    if (!shaped)
      return rewriter.notifyMatchFailure(call, "argmax/argmin over a dim the tensor has");
    d = *shaped;
  } else {
    if (!selfType.hasStaticShape())
      return rewriter.notifyMatchFailure(call, "argmax over all of a dynamic shape");
    auto flat = RankedTensorType::get({selfType.getNumElements()}, selfType.getElementType());
    x = p.build<prim::ReshapeOp>(flat, self, ValueRange{});
    keepdim = false; // torch: keepdim with dim=None keeps all dims as 1
  }
  Value extreme = p.reduce(kind, x, {d}, true);
  Value index = firstIndexOf(p, x, extreme, d);
  if (!index)
    return rewriter.notifyMatchFailure(call, "dynamic reduced dim");
  Value result = finishKept(p, index, d, keepdim);
  if (!result)
    return failure(); // a checked builder said why
  if (result.getType() != type && cast<RankedTensorType>(result.getType()).getNumElements() ==
                                      type.getNumElements() && type.hasStaticShape())
    result = p.build<prim::ReshapeOp>(type, result, ValueRange{});
  return replaceWith(call, result, rewriter);
}

LogicalResult sumDims(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return reduceTo<prim::ReduceKind::sum>(call, args, "dim", rewriter);
}

LogicalResult sumAll(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return reduceTo<prim::ReduceKind::sum>(call, args, "", rewriter);
}

LogicalResult prodAll(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return reduceTo<prim::ReduceKind::prod>(call, args, "", rewriter);
}

} // namespace

// Positions equal to the extreme keep their iota, others the dim size, and a
// min-reduce picks the first.
Value firstIndexOf(PrimBuilder &p, Value x, Value extremeKept, int64_t dim) {
  OpBuilder &b = p.builder();
  auto xType = cast<RankedTensorType>(x.getType());
  auto indexType = xType.clone(b.getI64Type());
  SmallVector<Value> sizes = p.dynamicSizes(indexType, {x});
  if (dim < 0 || dim >= xType.getRank() || !PrimBuilder::allKnown(sizes) || xType.isDynamicDim(dim))
    return Value();
  Value iota = p.build<prim::IotaOp>(indexType, b.getI64IntegerAttr(dim), sizes);
  Value hit = p.create<prim::CompareOp>(
      x, expandBack(p, extremeKept, x),
      prim::ComparePredicateAttr::get(b.getContext(), prim::ComparePredicate::eq));
  // A NaN is the max and the min for torch: a NaN position counts as a hit.
  if (isa<FloatType>(xType.getElementType())) {
    Value isNan = p.create<prim::CompareOp>(
        x, x, prim::ComparePredicateAttr::get(b.getContext(), prim::ComparePredicate::ne));
    hit = p.create<prim::OrOp>(hit, isNan);
  }
  Value beyond = p.splat(double(xType.getDimSize(dim)), indexType, {x});
  Value candidate = p.create<prim::SelectOp>(hit, iota, beyond);
  return p.reduce(prim::ReduceKind::min, candidate, {dim}, true);
}

void addReductionDecompositions(std::vector<Decomposition> &table) {
  using K = prim::ReduceKind;
  table.insert(table.end(), {
      {"aten.sum.default", "reduction", "reduce, convert", sumAll},
      {"aten.sum.dim_IntList", "reduction", "reduce, convert, reshape", sumDims},
      {"aten.prod.default", "reduction", "reduce, convert", prodAll},
      {"aten.prod.dim_int", "reduction", "reduce, convert, reshape", reduceDims<K::prod>},
      {"aten.amax.default", "reduction", "reduce, reshape", reduceDims<K::max>},
      {"aten.amin.default", "reduction", "reduce, reshape", reduceDims<K::min>},
      {"aten.all.default", "reduction", "compare, reduce", anyOrAll<K::And>},
      {"aten.all.dim", "reduction", "compare, reduce, reshape", anyOrAll<K::And>},
      {"aten.all.dims", "reduction", "compare, reduce, reshape", anyOrAll<K::And>},
      {"aten.any.default", "reduction", "compare, reduce", anyOrAll<K::Or>},
      {"aten.any.dim", "reduction", "compare, reduce, reshape", anyOrAll<K::Or>},
      {"aten.any.dims", "reduction", "compare, reduce, reshape", anyOrAll<K::Or>},
      {"aten.aminmax.default", "reduction", "reduce", aminmax},
      {"aten.max.default", "reduction", "reduce", reduceDims<K::max>},
      {"aten.min.default", "reduction", "reduce", reduceDims<K::min>},
      {"aten.nansum.default", "reduction", "compare, select, reduce, convert", nansum},
      {"aten.nanmean.default", "reduction", "compare, select, reduce, div, convert", nanmean},
      {"aten.trapezoid.x", "reduction", "slice, add, sub, mul, broadcast_in_dim, reduce, convert",
       trapezoid<false, false>},
      {"aten.trapezoid.dx", "reduction", "slice, add, mul, reduce, convert",
       trapezoid<false, true>},
      {"aten.cumulative_trapezoid.x", "reduction",
       "slice, add, sub, mul, broadcast_in_dim, cumsum, convert", trapezoid<true, false>},
      {"aten.cumulative_trapezoid.dx", "reduction", "slice, add, mul, cumsum, convert",
       trapezoid<true, true>},
      {"aten.count_nonzero.default", "reduction", "compare, convert, reduce", countNonzero},
      {"aten.count_nonzero.dim_IntList", "reduction", "compare, convert, reduce", countNonzero},
      {"aten.linalg_vecdot.default", "reduction", "mul, broadcast_in_dim, reduce", vecdot},
      {"aten.mean.default", "reduction", "reduce, mul", meanAll},
      {"aten.var.correction", "reduction", "reduce, mul, sub, broadcast_in_dim, convert",
       variance<false>},
      {"aten.var.dim", "reduction", "reduce, mul, sub, broadcast_in_dim, convert",
       variance<false>},
      {"aten.std_mean.correction", "reduction",
       "reduce, mul, sub, sqrt, broadcast_in_dim, convert", variance<true, true>},
      {"aten.std_mean.dim", "reduction", "reduce, mul, sub, sqrt, broadcast_in_dim, convert",
       variance<true, true>},
      {"aten.var_mean.correction", "reduction", "reduce, mul, sub, broadcast_in_dim, convert",
       variance<false, true>},
      {"aten.var_mean.dim", "reduction", "reduce, mul, sub, broadcast_in_dim, convert",
       variance<false, true>},
      {"aten.std.correction", "reduction", "reduce, mul, sub, sqrt, broadcast_in_dim, convert",
       variance<true>},
      {"aten.std.dim", "reduction", "reduce, mul, sub, sqrt, broadcast_in_dim, convert",
       variance<true>},
      {"aten.var.default", "reduction", "reduce, mul, sub, broadcast_in_dim, convert",
       variance<false>},
      {"aten.std.default", "reduction", "reduce, mul, sub, sqrt, broadcast_in_dim, convert",
       variance<true>},
      {"aten.var_mean.default", "reduction", "reduce, mul, sub, broadcast_in_dim, convert",
       variance<false, true>},
      {"aten.std_mean.default", "reduction",
       "reduce, mul, sub, sqrt, broadcast_in_dim, convert", variance<true, true>},
      {"aten.segment_reduce.default", "reduction",
       "convert, slice, cumsum, sub, iota, compare, and, broadcast_in_dim, select, reduce, add, "
       "mul, max, min, div", segmentReduce},
      {"aten.linalg_matrix_norm.str_ord", "reduction",
       "abs, mul, reduce, sqrt, convert (and the SVD's prims for 'nuc')", matrixNorm},
      {"aten.linalg_matrix_norm.default", "reduction",
       "abs, reduce, reshape, convert (and the SVD's prims for 2 / -2)", matrixNorm},
      {"aten.linalg_norm.default", "reduction",
       "abs, mul, reduce, sqrt, pow, convert (and linalg_matrix_norm's for a matrix ord)",
       linalgNorm},
      {"aten.linalg_norm.ord_str", "reduction",
       "abs, mul, reduce, sqrt, convert (and the SVD's prims for 'nuc')", linalgNorm},
      {"aten.linalg_vector_norm.default", "reduction", "abs, mul, reduce, sqrt | pow, convert",
       vectorNorm},
      {"aten.dist.default", "reduction", "sub, abs, mul, reduce, sqrt | pow, convert",
       distance<false>},
      {"aten.cosine_similarity.default", "reduction",
       "broadcast_in_dim, mul, reduce, sqrt, max, div, convert", cosineSimilarity},
      {"aten.renorm.default", "reduction",
       "abs, mul, reduce, sqrt | pow, compare, add, div, select, broadcast_in_dim, convert",
       renorm},
      {"aten.pairwise_distance.default", "reduction",
       "sub, add, abs, mul, reduce, sqrt | pow, convert", distance<true>},
      {"aten.logsumexp.default", "reduction", "reduce, compare, select, sub, exp, log, add",
       logsumexp},
      {"aten.max.dim", "reduction", "reduce, iota, compare, select, reshape",
       extremeWithIndex<K::max>},
      {"aten.min.dim", "reduction", "reduce, iota, compare, select, reshape",
       extremeWithIndex<K::min>},
      {"aten.argmax.default", "reduction", "reduce, iota, compare, select, reshape",
       argExtreme<K::max>},
      {"aten.argmin.default", "reduction", "reduce, iota, compare, select, reshape",
       argExtreme<K::min>},
  });
}

} // namespace pt2c
