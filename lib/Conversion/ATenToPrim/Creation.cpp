//===- Creation.cpp - arange, ones, zeros, full ----------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>

using namespace mlir;

namespace pt2c {
namespace {

// arange(end) / arange(start, end, step) = iota * step + start, in the
// archive's result dtype (its length is in the result type).
LogicalResult arange(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type || type.getRank() != 1)
    return rewriter.notifyMatchFailure(call, "a 1-d result only");
  double start = args.number("start").value_or(0.0);
  double step = args.number("step").value_or(1.0);
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  SmallVector<Value> sizes;
  if (type.isDynamicDim(0)) {
    // A length computed in the graph (arange(sym_size(x, 0))): with integer
    // start and step, ceil((end - start) / step).
    Value end = args.value("end");
    if (!end || !end.getType().isSignlessInteger(64) || start != std::floor(start) ||
        step != std::floor(step) || step <= 0)
      return rewriter.notifyMatchFailure(
          call, "a dynamic length needs an int end and positive int start/step");
    Value span = arith::SubIOp::create(
        rewriter, loc, end,
        arith::ConstantIntOp::create(rewriter, loc, static_cast<int64_t>(start), 64));
    Value length = arith::CeilDivSIOp::create(
        rewriter, loc, span,
        arith::ConstantIntOp::create(rewriter, loc, static_cast<int64_t>(step), 64));
    sizes.push_back(arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(), length));
  }
  Value result = p.build<prim::IotaOp>(type, rewriter.getI64IntegerAttr(0), sizes);
  if (step != 1.0)
    result = p.create<prim::MulOp>(result, p.splat(step, type, {result}));
  if (start != 0.0)
    result = p.create<prim::AddOp>(result, p.splat(start, type, {result}));
  rewriter.replaceOp(call, result);
  return success();
}

// linspace(start, end, steps): start + i step with step = (end - start) /
// (steps - 1) for the first half, end - (steps - 1 - i) step for the second
// (torch's kernel: both ends exact); logspace(..., base) is base to that
// power, from the bounds rounded to the result's dtype as torch's kernel
// does; range(start, end, step) is start + i step, end included (its
// length is in the result type). In computeType, rounded once.
enum class Spaced { linear, logarithmic, range };

} // namespace

Value linspaceOf(Ew &e, Value i, Value first, Value last, Value step, int64_t steps) {
  Value fromStart = e.add(e.mul(i, step), first);
  Value fromEnd = e.sub(last, e.mul(e.sub(e.c(double(steps - 1)), i), step));
  // One step is start alone (torch fills it; the halves would give end
  // there).
  double halfway = double(std::max<int64_t>(steps / 2, 1));
  return e.sel(e.cmp(prim::ComparePredicate::lt, i, e.c(halfway)), fromStart, fromEnd);
}

namespace {

template <Spaced kind>
LogicalResult spaced(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  // Bounds: numbers, or (the Tensor_Tensor overloads) 0-d tensors read at
  // run time.
  auto isBound = [&](StringRef name) {
    Value tensor = tensorArg(args, name);
    return tensor ? cast<RankedTensorType>(tensor.getType()).getRank() == 0
                  : args.number(name).has_value();
  };
  if (!type || type.getRank() != 1 || !type.hasStaticShape() || !isBound("start") ||
      !isBound("end") || type.getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(
        call, "expects numbers or 0-d tensors as bounds and a static 1-d result");
  int64_t steps = type.getDimSize(0);
  if (kind != Spaced::range && args.integer("steps") != steps)
    return rewriter.notifyMatchFailure(call, "steps disagrees with the result's length");
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType compute = computeType(type);
  if (!isa<FloatType>(compute.getElementType()))
    compute = compute.clone(rewriter.getF64Type());
  Value i = p.build<prim::IotaOp>(compute, rewriter.getI64IntegerAttr(0), ValueRange{});
  Ew e{p, i};
  // A bound (and the step) as a constant when a number, else the tensor
  // broadcast along the result.
  std::optional<double> start = args.number("start"), end = args.number("end");
  auto bound = [&](StringRef name, std::optional<double> number) {
    return number ? e.c(*number) : p.broadcastTo(p.convert(tensorArg(args, name),
                                                            compute.getElementType()),
                                                 compute, {});
  };
  Value first = bound("start", start), last = bound("end", end);
  // torch's logspace kernel first rounds the bounds, and their difference,
  // to the result's dtype (a bfloat16 start of 4.3 is 4.3125: 10^4.3125);
  // one step is base^start, unrounded.
  auto rounded = [&](Value x) {
    return kind == Spaced::logarithmic && steps > 1
               ? p.convert(p.convert(x, type.getElementType()), compute.getElementType())
               : x;
  };
  first = rounded(first);
  last = rounded(last);
  Value value;
  if (kind == Spaced::range) {
    value = e.add(e.mul(i, e.c(args.number("step").value_or(1.0))), first);
  } else {
    Value step = start && end && kind == Spaced::linear
                     ? e.c(steps > 1 ? (*end - *start) / double(steps - 1) : 0.0)
                     : e.div(rounded(e.sub(last, first)),
                             e.c(double(std::max<int64_t>(steps - 1, 1))));
    value = linspaceOf(e, i, first, last, step, steps);
    if (kind == Spaced::logarithmic)
      value = p.create<prim::PowOp>(e.c(args.number("base").value_or(10.0)), value);
  }
  Value result = p.convert(value, type.getElementType());
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

// eye(n[, m]): 1 where the row index equals the column index.
LogicalResult eye(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type || type.getRank() != 2 || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static 2-d result");
  PrimBuilder p(rewriter, call.getLoc());
  auto indexType = type.clone(rewriter.getI64Type());
  Value rows = p.build<prim::IotaOp>(indexType, rewriter.getI64IntegerAttr(0), ValueRange{});
  Value columns = p.build<prim::IotaOp>(indexType, rewriter.getI64IntegerAttr(1), ValueRange{});
  Ew e{p, rows};
  Value result = p.convert(e.cmp(prim::ComparePredicate::eq, rows, columns), type.getElementType());
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

// tril_indices(row, col, offset) / triu_indices: the (r, c) of a row x col
// matrix with c - r <= offset (lower) or >= offset (upper), row-major, as a
// [2, N] constant built at compile time.
template <bool upper>
LogicalResult triangleIndices(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  std::optional<int64_t> rows = args.integer("row"), cols = args.integer("col");
  int64_t offset = args.integer("offset").value_or(0);
  if (!type || !rows || !cols || *rows < 0 || *cols < 0 || type.getRank() != 2 ||
      !isa<IntegerType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects row, col >= 0 and an integer [2, N] result");
  if (!indexTableFits(call.getLoc(), {*rows, *cols}, upper ? "triu_indices" : "tril_indices"))
    return failure();
  SmallVector<int64_t> rs, cs;
  for (int64_t r = 0; r < *rows; ++r)
    for (int64_t c = 0; c < *cols; ++c)
      if (upper ? c - r >= offset : c - r <= offset) {
        rs.push_back(r);
        cs.push_back(c);
      }
  int64_t n = rs.size();
  if (type.getDimSize(0) != 2 || type.getDimSize(1) != n)
    return rewriter.notifyMatchFailure(call, "the result is not [2, the number of indices]");
  SmallVector<APInt> values;
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  for (ArrayRef<int64_t> part : {ArrayRef<int64_t>(rs), ArrayRef<int64_t>(cs)})
    for (int64_t v : part)
      values.push_back(APInt(width, v, /*isSigned=*/true));
  PrimBuilder p(rewriter, call.getLoc());
  rewriter.replaceOp(call, p.create<prim::ConstantOp>(DenseElementsAttr::get(type, values)));
  return success();
}

// The windows, over i = 0 .. L-1 with N = L (periodic, the default) or
// L - 1 (symmetric); a window of length 1 is [1]. Step by step as torch's
// kernels compute them (TensorFactories.cpp), each step rounded to the
// result type, its constants too (float16/bfloat16 windows round between
// the steps there):
//   hann     alpha - beta cos(2 pi i / N), alpha = beta = 0.5
//   hamming  the same with alpha, beta (0.54, 0.46 by default)
//   blackman 0.08 cos(4 pi i / N) - 0.5 cos(2 pi i / N) + 0.42
//   bartlett 2 i / N up to N / 2, 2 - 2 i / N after
enum class Window { hann, hamming, blackman, bartlett };

template <Window kind>
LogicalResult window(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  std::optional<int64_t> length = args.integer("window_length");
  if (!type || type.getRank() != 1 || !type.hasStaticShape() || !length ||
      *length != type.getDimSize(0) || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a static float window of its length");
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType compute = computeType(type);
  if (*length <= 1) {
    rewriter.replaceOp(call, p.splat(1.0, type, {}));
    return success();
  }
  int64_t n = *length - (args.boolean("periodic").value_or(true) ? 0 : 1);
  Value i = p.build<prim::IotaOp>(compute, rewriter.getI64IntegerAttr(0), ValueRange{});
  Ew e{p, i};
  Type element = type.getElementType(), wide = compute.getElementType();
  auto rounded = [&](Value v) {
    return element == wide ? v : p.convert(p.convert(v, element), wide);
  };
  // torch rounds a Python scalar to the tensor's type before using it.
  auto constant = [&](double c) { return rounded(e.c(c)); };
  auto times = [&](Value v, double c) { return rounded(e.mul(v, constant(c))); };
  auto cosine = [&](Value v) { return rounded(e.apply<prim::CosOp>(v)); };
  Value w;
  if (kind == Window::hann || kind == Window::hamming) {
    bool hann = kind == Window::hann;
    double alpha = hann ? 0.5 : args.number("alpha").value_or(0.54);
    double beta = hann ? 0.5 : args.number("beta").value_or(0.46);
    w = rounded(e.add(times(cosine(times(i, 2.0 * M_PI / double(n))), -beta), constant(alpha)));
  } else if (kind == Window::blackman) {
    Value x = times(i, M_PI / double(n));
    Value high = times(cosine(times(x, 4.0)), 0.08), low = times(cosine(times(x, 2.0)), 0.5);
    w = rounded(e.add(rounded(e.sub(high, low)), constant(0.42)));
  } else {
    Value rising = times(i, 2.0 / double(n));
    Value falling = rounded(e.sub(e.c(2.0), rising));
    w = e.sel(e.cmp(prim::ComparePredicate::lt, i, e.c(double((n >> 1) + 1))), rising, falling);
  }
  Value result = p.convert(w, element);
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

/// A tensor of the result type filled with `value`, or with `computed` (a
/// SymInt/SymFloat/SymBool the graph computed: full(size, x.shape[0])) when
/// given. With `selfShape` (the *_like and fill ops, whose result has self's
/// shape) its `?` sizes are self's; otherwise the `size` list's.
LogicalResult splatLike(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
                        double value, bool selfShape, Value computed = {}) {
  RankedTensorType type = resultType(call);
  if (!type)
    return rewriter.notifyMatchFailure(call, "expects a ranked tensor result");
  SmallVector<Value> sources;
  if (Value self = args.value("self");
      selfShape && self && isa<RankedTensorType>(self.getType()))
    sources.push_back(self);
  PrimBuilder p(rewriter, call.getLoc());
  Value result;
  std::optional<SmallVector<Value>> listSizes;
  if (!selfShape && !type.hasStaticShape())
    listSizes = sizesFromList(p, args, "size", type);
  if (computed) {
    result = listSizes ? p.splatScalar(computed, type, sources, ArrayRef<Value>(*listSizes))
                       : p.splatScalar(computed, type, sources);
  } else if (std::optional<SmallVector<Value>> sizes = listSizes) {
    // Sizes computed in the graph (new_ones(x, [2 * sym_size(x, 0), 3])).
    Type element = type.getElementType();
    TypedAttr scalar = isa<FloatType>(element)
                           ? TypedAttr(rewriter.getFloatAttr(element, value))
                           : TypedAttr(rewriter.getIntegerAttr(element, static_cast<int64_t>(value)));
    result = p.build<prim::SplatOp>(
        type, arith::ConstantOp::create(rewriter, call.getLoc(), scalar), *sizes);
  } else {
    result = p.splat(value, type, sources);
  }
  if (!result)
    return rewriter.notifyMatchFailure(call, "a `?` size not known from self");
  rewriter.replaceOp(call, result);
  return success();
}

// zeros_like / ones_like / full_like(self, fill_value) / fill.Scalar(self,
// value) / new_full(self, size, fill_value) / scalar_tensor(s).
// ones/zeros/new_ones/new_zeros(..., size): sizes from the `size` list.
template <int value>
LogicalResult filledSized(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return splatLike(call, args, rewriter, value, false);
}

template <int value>
LogicalResult filledLike(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return splatLike(call, args, rewriter, value, true);
}

template <const char *name, bool selfShape>
LogicalResult filledFrom(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  if (Value computed = args.value(name)) {
    Type type = computed.getType();
    if (!type.isSignlessInteger(64) && !type.isSignlessInteger(1) && !type.isF64())
      return rewriter.notifyMatchFailure(call, "expects a numeric fill value");
    return splatLike(call, args, rewriter, 0.0, selfShape, computed);
  }
  std::optional<double> value = args.number(name);
  if (!value)
    return rewriter.notifyMatchFailure(call, "expects a numeric fill value");
  return splatLike(call, args, rewriter, *value, selfShape);
}

constexpr char kFillValue[] = "fill_value";
constexpr char kValue[] = "value";
constexpr char kS[] = "s";

// empty* values are unspecified; pt2c gives zeros, as a defined choice.
template <bool selfShape>
LogicalResult empty(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return splatLike(call, args, rewriter, 0.0, selfShape);
}

// fill.Tensor(self, value) = value (a 0-dim tensor) broadcast to self's shape.
LogicalResult fillTensor(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), value = tensorArg(args, "value");
  if (!type || !self || !value)
    return rewriter.notifyMatchFailure(call, "expects tensors self and value");
  PrimBuilder p(rewriter, call.getLoc());
  Value result = p.broadcastTo(value, type, {self});
  if (!result)
    return rewriter.notifyMatchFailure(call, "a `?` size not known from self");
  rewriter.replaceOp(call, result);
  return success();
}

} // namespace

void addCreationDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.arange.default", "creation", "iota, mul, add", arange},
      {"aten.arange.start", "creation", "iota, mul, add", arange},
      {"aten.arange.start_step", "creation", "iota, mul, add", arange},
      {"aten.eye.default", "creation", "iota, compare, convert", eye},
      {"aten.tril_indices.default", "creation", "constant", triangleIndices<false>},
      {"aten.triu_indices.default", "creation", "constant", triangleIndices<true>},
      {"aten.eye.m", "creation", "iota, compare, convert", eye},
      {"aten.bartlett_window.default", "creation", "iota, mul, sub, abs, convert",
       window<Window::bartlett>},
      {"aten.bartlett_window.periodic", "creation", "iota, mul, sub, abs, convert",
       window<Window::bartlett>},
      {"aten.blackman_window.default", "creation", "iota, mul, cos, add, sub, convert",
       window<Window::blackman>},
      {"aten.blackman_window.periodic", "creation", "iota, mul, cos, add, sub, convert",
       window<Window::blackman>},
      {"aten.hamming_window.default", "creation", "iota, mul, cos, sub, convert",
       window<Window::hamming>},
      {"aten.hamming_window.periodic", "creation", "iota, mul, cos, sub, convert",
       window<Window::hamming>},
      {"aten.hamming_window.periodic_alpha", "creation", "iota, mul, cos, sub, convert",
       window<Window::hamming>},
      {"aten.hamming_window.periodic_alpha_beta", "creation", "iota, mul, cos, sub, convert",
       window<Window::hamming>},
      {"aten.hann_window.default", "creation", "iota, mul, cos, sub, convert",
       window<Window::hann>},
      {"aten.hann_window.periodic", "creation", "iota, mul, cos, sub, convert",
       window<Window::hann>},
      {"aten.linspace.default", "creation", "iota, mul, add, sub, compare, select, convert",
       spaced<Spaced::linear>},
      {"aten.linspace.Tensor_Tensor", "creation",
       "iota, broadcast_in_dim, mul, add, sub, div, compare, select, convert",
       spaced<Spaced::linear>},
      {"aten.logspace.Tensor_Tensor", "creation",
       "iota, broadcast_in_dim, mul, add, sub, div, compare, select, pow, convert",
       spaced<Spaced::logarithmic>},
      {"aten.linspace.Tensor_Scalar", "creation",
       "iota, broadcast_in_dim, mul, add, sub, div, compare, select, convert",
       spaced<Spaced::linear>},
      {"aten.logspace.Tensor_Scalar", "creation",
       "iota, broadcast_in_dim, mul, add, sub, div, compare, select, pow, convert",
       spaced<Spaced::logarithmic>},
      {"aten.linspace.Scalar_Tensor", "creation",
       "iota, broadcast_in_dim, mul, add, sub, div, compare, select, convert",
       spaced<Spaced::linear>},
      {"aten.logspace.Scalar_Tensor", "creation",
       "iota, broadcast_in_dim, mul, add, sub, div, compare, select, pow, convert",
       spaced<Spaced::logarithmic>},
      {"aten.logspace.default", "creation", "iota, mul, add, sub, compare, select, pow, convert",
       spaced<Spaced::logarithmic>},
      {"aten.range.default", "creation", "iota, mul, add, convert", spaced<Spaced::range>},
      {"aten.range.step", "creation", "iota, mul, add, convert", spaced<Spaced::range>},
      {"aten.new_ones.default", "creation", "constant | splat", filledSized<1>},
      {"aten.new_zeros.default", "creation", "constant | splat", filledSized<0>},
      {"aten.ones.default", "creation", "constant | splat", filledSized<1>},
      {"aten.zeros.default", "creation", "constant | splat", filledSized<0>},
      {"aten.full.default", "creation", "constant | splat", filledFrom<kFillValue, false>},
      {"aten.full_like.default", "creation", "constant | splat", filledFrom<kFillValue, true>},
      {"aten.zeros_like.default", "creation", "constant | splat", filledLike<0>},
      {"aten.ones_like.default", "creation", "constant | splat", filledLike<1>},
      {"aten.new_full.default", "creation", "constant", filledFrom<kFillValue, false>},
      {"aten.fill.Scalar", "creation", "constant | splat", filledFrom<kValue, true>},
      {"aten.fill.Tensor", "creation", "broadcast_in_dim, convert", fillTensor},
      {"aten.scalar_tensor.default", "creation", "constant", filledFrom<kS, false>},
      {"aten.empty.memory_format", "creation", "constant (zeros)", empty<false>},
      {"aten.empty_like.default", "creation", "constant | splat (zeros)", empty<true>},
      {"aten.empty_strided.default", "creation", "constant (zeros)", empty<false>},
      {"aten.new_empty.default", "creation", "constant (zeros)", empty<false>},
      {"aten.new_empty_strided.default", "creation", "constant (zeros)", empty<false>},
      {"aten.empty_permuted.default", "creation", "constant (zeros)", empty<false>},
  });
}

} // namespace pt2c
