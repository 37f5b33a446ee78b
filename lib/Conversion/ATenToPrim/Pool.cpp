//===- Pool.cpp - avg/max/adaptive pooling in 1-3 d, im2col, col2im -------===//
//
// One scheme for every pooling variant: each spatial dim's windows are
// gathered with a constant index table (prim.take of [out * kernel]
// positions), giving [lead..., O1..Os, K] with K the window's elements;
// positions outside the input are masked with the reduction's identity.
// Then max (+ for the indices, the slot torch's kernel scan reports: first
// max, else last NaN), or sum / divisor as torch divides (count_include_pad
// and ceil_mode rules, computed at compile time).
// Adaptive pooling is the same with per-output window bounds. Costs K/stride
// more memory than a sliding window; max_pool2d keeps its reduce_window path.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace pt2c {
namespace {

/// The windows of one spatial dim: `positions[o * kernel + k]` is the input
/// index the k-th element of output o's window reads, or -1 outside the
/// input (padding, or past an adaptive window's end).
struct DimWindows {
  int64_t in = 0, out = 0, kernel = 0;
  std::vector<int64_t> positions;
  /// torch's avg_pool divisor factor per output (count_include_pad=True:
  /// the window clipped to the padded input; False: to the input).
  std::vector<int64_t> paddedCount, inputCount;
};

DimWindows slidingWindows(int64_t in, int64_t out, int64_t kernel, int64_t stride,
                          int64_t padding, int64_t dilation) {
  DimWindows w{in, out, kernel, {}, {}, {}};
  for (int64_t o = 0; o < out; ++o) {
    int64_t start = o * stride - padding;
    for (int64_t k = 0; k < kernel; ++k) {
      int64_t at = start + k * dilation;
      w.positions.push_back(at >= 0 && at < in ? at : -1);
    }
    int64_t end = std::min(start + kernel, in + padding);
    w.paddedCount.push_back(end - start);
    w.inputCount.push_back(std::min(end, in) - std::max<int64_t>(start, 0));
  }
  return w;
}

/// Output o averages [floor(o * in / out), ceil((o + 1) * in / out)).
DimWindows adaptiveWindows(int64_t in, int64_t out) {
  DimWindows w{in, out, 0, {}, {}, {}};
  auto startOf = [&](int64_t o) { return (o * in) / out; };
  auto endOf = [&](int64_t o) { return ((o + 1) * in + out - 1) / out; };
  for (int64_t o = 0; o < out; ++o)
    w.kernel = std::max(w.kernel, endOf(o) - startOf(o));
  for (int64_t o = 0; o < out; ++o) {
    for (int64_t k = 0; k < w.kernel; ++k)
      w.positions.push_back(startOf(o) + k < endOf(o) ? startOf(o) + k : -1);
    w.paddedCount.push_back(endOf(o) - startOf(o));
    w.inputCount.push_back(endOf(o) - startOf(o));
  }
  return w;
}

/// The gathered windows of the last `dims.size()` dims of `x`:
/// [lead..., O1..Os, K1*..*Ks], out-of-input elements set to `fill`; and
/// for each (o..., k) the flat index into the input's spatial volume.
struct Windows {
  Value values;
  SmallVector<int64_t> flatIndex; // -1 outside
};

Value constantOf(PrimBuilder &p, ArrayRef<int64_t> shape, Type element,
                 ArrayRef<int64_t> values) {
  auto type = RankedTensorType::get(shape, element);
  if (element.isInteger(1)) {
    SmallVector<bool> bits(values.begin(), values.end());
    return p.create<prim::ConstantOp>(DenseElementsAttr::get(type, ArrayRef(bits)));
  }
  return p.create<prim::ConstantOp>(DenseElementsAttr::get(type, values));
}

/// Null `values` when a prim was refused (the builder said why) or `x` is
/// null (a refused conversion before it).
Windows gatherWindows(PrimBuilder &p, Value x, ArrayRef<DimWindows> dims, double fill) {
  OpBuilder &b = p.builder();
  Location loc = p.loc();
  if (!x)
    return {};
  auto type = cast<RankedTensorType>(x.getType());
  int64_t spatial = dims.size(), lead = type.getRank() - spatial;
  // Gather the last spatial dim first so earlier dims keep their positions.
  for (int64_t j = spatial - 1; j >= 0; --j) {
    const DimWindows &w = dims[j];
    SmallVector<int64_t> clamped;
    for (int64_t at : w.positions)
      clamped.push_back(std::max<int64_t>(at, 0));
    Value index = constantOf(p, {w.out, w.kernel}, b.getI64Type(), clamped);
    // take with a 2-d index splits the dim into [out, kernel] directly.
    x = index ? p.create<prim::TakeOp>(x, index, b.getI64IntegerAttr(lead + j)) : Value();
    if (!x)
      return {};
  }
  // [lead..., O1, K1, O2, K2, ...] -> [lead..., O1..Os, K1..Ks] -> [..., K]
  SmallVector<int64_t> permutation, shape;
  for (int64_t d = 0; d < lead; ++d) {
    permutation.push_back(d);
    shape.push_back(type.getDimSize(d));
  }
  int64_t windowSize = 1;
  for (int64_t j = 0; j < spatial; ++j) {
    permutation.push_back(lead + 2 * j);
    shape.push_back(dims[j].out);
  }
  for (int64_t j = 0; j < spatial; ++j) {
    permutation.push_back(lead + 2 * j + 1);
    windowSize *= dims[j].kernel;
  }
  shape.push_back(windowSize);
  auto windowsType = RankedTensorType::get(shape, type.getElementType());
  if (spatial > 1) { // one spatial dim is already [lead..., O, K]
    x = p.create<prim::TransposeOp>(x, b.getDenseI64ArrayAttr(permutation));
    if (!x)
      return {};
    SmallVector<Value> sizes;
    if (type.isDynamicDim(0))
      sizes.push_back(tensor::DimOp::create(b, loc, x, 0));
    x = p.build<prim::ReshapeOp>(windowsType, x, sizes);
    if (!x)
      return {};
  }
  // The flat input index of every (o..., k), row-major over both.
  Windows result;
  SmallVector<int64_t> outs, kernels;
  for (const DimWindows &w : dims) {
    outs.push_back(w.out);
    kernels.push_back(w.kernel);
  }
  int64_t outCount = 1;
  for (int64_t o : outs)
    outCount *= o;
  for (int64_t linearOut = 0; linearOut < outCount; ++linearOut) {
    for (int64_t linearK = 0; linearK < windowSize; ++linearK) {
      int64_t restO = linearOut, restK = linearK, flat = 0, stride = 1;
      bool inside = true;
      for (int64_t j = spatial - 1; j >= 0; --j) {
        int64_t o = restO % outs[j], k = restK % kernels[j];
        restO /= outs[j];
        restK /= kernels[j];
        int64_t at = dims[j].positions[o * kernels[j] + k];
        inside &= at >= 0;
        flat += at * stride;
        stride *= dims[j].in;
      }
      result.flatIndex.push_back(inside ? flat : -1);
    }
  }
  // Mask what lies outside the input.
  if (llvm::is_contained(result.flatIndex, -1)) {
    SmallVector<int64_t> inside;
    for (int64_t flat : result.flatIndex)
      inside.push_back(flat >= 0);
    SmallVector<int64_t> maskShape(shape.begin() + lead, shape.end());
    SmallVector<int64_t> trailing;
    for (int64_t d = lead; d < static_cast<int64_t>(shape.size()); ++d)
      trailing.push_back(d);
    Value mask = constantOf(p, maskShape, b.getI1Type(), inside);
    auto maskType = RankedTensorType::get(shape, b.getI1Type());
    mask = mask ? p.broadcastInDim(mask, maskType, trailing, {x}) : Value();
    Value filled = p.splat(fill, windowsType, {x});
    x = mask && filled ? p.create<prim::SelectOp>(mask, x, filled) : Value();
  }
  result.values = x;
  return result;
}

/// Per spatial dim values from a schema list (one value means all dims);
/// `empty` gives `fallback` (stride defaults to the kernel).
std::optional<SmallVector<int64_t>> perDim(const CallArgs &args, StringRef name, int64_t count,
                                           std::optional<SmallVector<int64_t>> fallback = {}) {
  if (auto values = args.integers(name); values && values->empty() && fallback)
    return fallback;
  return spatial(args, name, count);
}

/// Whether the window tables of `outs` x `kernels` fit kMaxIndexTable, per
/// dim and for all dims together (gatherWindows tabulates both); an error
/// at `loc` if not. An output size of 2^62 in the archive's metadata kept
/// the compiler tabulating windows for good (pt2c-fuzz-compile).
bool windowTablesFit(Location loc, ArrayRef<int64_t> outs, ArrayRef<int64_t> kernels) {
  SmallVector<int64_t> all;
  for (auto [out, kernel] : llvm::zip_equal(outs, kernels)) {
    if (!indexTableFits(loc, {out, kernel}, "pooling windows"))
      return false;
    all.append({out, kernel});
  }
  return indexTableFits(loc, all, "pooling windows");
}

/// torch's output size of a sliding pooling dim (pooling_output_shape in
/// ATen's Pool.h); 0 where torch refuses the arguments.
int64_t torchPooledSize(int64_t in, int64_t kernel, int64_t stride, int64_t padding,
                        int64_t dilation, bool ceilMode) {
  __int128 span = __int128(in) + 2 * __int128(padding) - __int128(dilation) * (kernel - 1) - 1;
  if (ceilMode)
    span += stride - 1;
  if (span < 0)
    return 0;
  __int128 out = span / stride + 1;
  if (ceilMode && (out - 1) * stride >= __int128(in) + padding)
    --out;
  return out > std::numeric_limits<int64_t>::max() ? 0 : int64_t(out);
}

/// The sliding windows of an avg/max pool call over its last `spatial` dims.
/// The archive's output sizes (ceil_mode applied) must be torch's for the
/// arguments: where they are not, the metadata contradicts the node, and
/// an error at `loc` says so.
std::optional<SmallVector<DimWindows>> poolWindows(Location loc, const CallArgs &args,
                                                   RankedTensorType input,
                                                   RankedTensorType result, int64_t spatial,
                                                   bool dilated) {
  auto kernel = perDim(args, "kernel_size", spatial);
  if (!kernel)
    return std::nullopt;
  auto stride = perDim(args, "stride", spatial, kernel);
  auto padding = perDim(args, "padding", spatial, SmallVector<int64_t>(spatial, 0));
  auto dilation = dilated ? perDim(args, "dilation", spatial, SmallVector<int64_t>(spatial, 1))
                          : std::optional<SmallVector<int64_t>>(SmallVector<int64_t>(spatial, 1));
  if (!stride || !padding || !dilation)
    return std::nullopt;
  bool ceilMode = args.boolean("ceil_mode").value_or(false);
  int64_t lead = input.getRank() - spatial;
  SmallVector<int64_t> outs;
  for (int64_t j = 0; j < spatial; ++j) {
    int64_t in = input.getDimSize(lead + j), out = result.getDimSize(lead + j);
    int64_t expected = torchPooledSize(in, (*kernel)[j], (*stride)[j], (*padding)[j],
                                       (*dilation)[j], ceilMode);
    if (out != expected || expected < 1) {
      emitError(loc) << "result dim " << lead + j << " is declared " << out
                     << " but pooling " << in << " with kernel " << (*kernel)[j]
                     << ", stride " << (*stride)[j] << ", padding " << (*padding)[j]
                     << ", dilation " << (*dilation)[j] << (ceilMode ? " (ceil_mode)" : "")
                     << " gives " << expected;
      return std::nullopt;
    }
    outs.push_back(out);
  }
  if (!windowTablesFit(loc, outs, *kernel))
    return std::nullopt;
  SmallVector<DimWindows> windows;
  for (int64_t j = 0; j < spatial; ++j)
    windows.push_back(slidingWindows(input.getDimSize(lead + j), outs[j], (*kernel)[j],
                                     (*stride)[j], (*padding)[j], (*dilation)[j]));
  return windows;
}

/// Checks shared by every pooling call: a float or integer input whose
/// spatial dims (the last `spatial`) are static, batch dims before them.
Value pooledInput(const CallArgs &args, RankedTensorType result, int64_t spatial) {
  Value self = tensorArg(args, "self");
  if (!self || !result || !isNumber(result.getElementType()))
    return Value();
  auto type = cast<RankedTensorType>(self.getType());
  if (type.getRank() < spatial + 1 || type.getRank() != result.getRank())
    return Value();
  for (int64_t d = 1; d < type.getRank(); ++d)
    if (type.isDynamicDim(d) || result.isDynamicDim(d))
      return Value();
  return self;
}

} // namespace

/// One min-reduce over a key: the last NaN at slot k keys -1 - k (below every
/// slot, later ones lower), the maxima key their slot, the rest K.
Value torchMaxSlot(PrimBuilder &p, Value values, Value max, int64_t last) {
  OpBuilder &b = p.builder();
  auto type = cast<RankedTensorType>(values.getType());
  auto indexType = type.clone(b.getI64Type());
  SmallVector<Value> sizes = p.dynamicSizes(indexType, {values});
  if (!PrimBuilder::allKnown(sizes))
    return Value();
  Ew e{p, values};
  Value slot = p.build<prim::IotaOp>(indexType, b.getI64IntegerAttr(last), sizes);
  Value isMax = e.cmp(prim::ComparePredicate::eq, values,
                      p.broadcastInDim(max, type, llvm::to_vector(llvm::seq<int64_t>(0, last)),
                                       {values}));
  Value isNan = e.cmp(prim::ComparePredicate::ne, values, values);
  Ew i{p, slot};
  Value key = i.sel(isNan, i.sub(i.c(-1.0), slot),
                    i.sel(isMax, slot, i.c(static_cast<double>(type.getDimSize(last)))));
  Value least = p.reduce(prim::ReduceKind::min, key, {last}, true);
  Ew k{p, least};
  return k.sel(k.cmp(prim::ComparePredicate::lt, least, k.c(0.0)), k.sub(k.c(-1.0), least),
               least);
}

namespace {

/// max over the windows, and with `indices` the flat input index torch
/// reports, as its *_with_indices and adaptive_max_pool return.
LogicalResult maxOverWindows(aten::CallOp call, PatternRewriter &rewriter, Value self,
                             ArrayRef<DimWindows> dims) {
  PrimBuilder p(rewriter, call.getLoc());
  // Padding never wins: -inf, or an integer type's least value.
  Type element = cast<RankedTensorType>(self.getType()).getElementType();
  double lowest = isa<FloatType>(element)
                      ? -std::numeric_limits<double>::infinity()
                      : -std::ldexp(1.0, int(element.getIntOrFloatBitWidth()) - 1);
  Windows windows = gatherWindows(p, self, dims, lowest);
  if (!windows.values)
    return failure(); // p said why
  int64_t last = cast<RankedTensorType>(windows.values.getType()).getRank() - 1;
  SmallVector<Value> results = {p.reduce(prim::ReduceKind::max, windows.values, {last}, false)};
  if (call->getNumResults() == 2) {
    RankedTensorType indexType = resultType(call, 1);
    RankedTensorType valuesType = resultType(call, 0);
    // The indices have the values' shape (a 0-d one had its dim 0 read).
    if (!indexType || !indexType.getElementType().isInteger(64) || !valuesType ||
        indexType.getShape() != valuesType.getShape())
      return rewriter.notifyMatchFailure(call, "expects i64 indices of the values' shape");
    Location loc = call.getLoc();
    Value at = torchMaxSlot(p, windows.values, results[0], last); // [lead..., O..., 1]
    if (!at)
      return rewriter.notifyMatchFailure(call, "an unknown dynamic size");
    // The flat index table [O..., K] broadcast, read at each argmax. A window
    // of only -inf may pick a padding slot: torch then reports where its scan
    // started, the window's first element inside the input.
    auto windowsType = cast<RankedTensorType>(windows.values.getType());
    SmallVector<int64_t> tableShape(windowsType.getShape().drop_front(windowsType.getRank() - 1 - dims.size()));
    int64_t windowSize = tableShape.back();
    SmallVector<int64_t> flatIndex = windows.flatIndex;
    for (size_t row = 0; row < flatIndex.size(); row += windowSize) {
      auto window = MutableArrayRef<int64_t>(flatIndex).slice(row, windowSize);
      const int64_t *first = llvm::find_if(window, [](int64_t at) { return at >= 0; });
      if (first != window.end())
        llvm::replace(window, int64_t(-1), *first);
    }
    Value table = constantOf(p, tableShape, rewriter.getI64Type(), flatIndex);
    SmallVector<int64_t> trailing;
    for (int64_t d = windowsType.getRank() - tableShape.size(); d < windowsType.getRank(); ++d)
      trailing.push_back(d);
    auto wideType = RankedTensorType::get(windowsType.getShape(), rewriter.getI64Type());
    table = p.broadcastInDim(table, wideType, trailing, {windows.values});
    SmallVector<Value> batch;
    if (indexType.isDynamicDim(0))
      batch.push_back(tensor::DimOp::create(rewriter, loc, at, 0));
    Value picked = p.create<prim::TakeAlongOp>(table, at, rewriter.getI64IntegerAttr(last));
    results.push_back(p.build<prim::ReshapeOp>(indexType, picked, batch));
  }
  for (auto [value, result] : llvm::zip(results, call->getResults())) {
    if (!value)
      return failure(); // p said why
    if (value.getType() != result.getType())
      return rewriter.notifyMatchFailure(call, "the pooled shape is not the result's");
  }
  rewriter.replaceOp(call, results);
  return success();
}

/// `sum` [lead..., O1..Os] divided by `divisors` (row-major over `outs`,
/// broadcast along the dims from `firstDim`), in sum's (f32, f64 or integer:
/// truncated, as torch's integer kernels divide) type.
Value divideBy(PrimBuilder &p, Value sum, ArrayRef<int64_t> outs, int64_t firstDim,
               ArrayRef<int64_t> divisors) {
  if (!sum)
    return sum; // an earlier step failed and said why
  auto sumType = cast<RankedTensorType>(sum.getType());
  auto tableType = RankedTensorType::get(outs, sumType.getElementType());
  DenseElementsAttr values;
  if (auto integer = dyn_cast<IntegerType>(sumType.getElementType())) {
    SmallVector<APInt> exact;
    for (int64_t divisor : divisors)
      exact.push_back(APInt(integer.getWidth(), divisor, /*isSigned=*/true));
    values = DenseElementsAttr::get(tableType, exact);
  } else if (sumType.getElementType().isF64()) {
    SmallVector<double> wide(divisors.begin(), divisors.end());
    values = DenseElementsAttr::get(tableType, ArrayRef(wide));
  } else {
    SmallVector<float> narrow(divisors.begin(), divisors.end());
    values = DenseElementsAttr::get(tableType, ArrayRef(narrow));
  }
  Value table = p.create<prim::ConstantOp>(values);
  SmallVector<int64_t> along = llvm::to_vector(llvm::seq<int64_t>(firstDim, firstDim + outs.size()));
  return p.create<prim::DivOp>(sum, p.broadcastInDim(table, sumType, along, {sum}));
}

/// How a pooled sum becomes a mean, as torch's CPU kernels divide.
enum class Divisor {
  window,   // avg_pool: sum / (the product of the per-dim counts, or divisor_override)
  perDim,   // adaptive: sum / kd / kh / kw, one division per dim in order
};

/// sum over the windows / the divisor per output (f16/bf16 summed and
/// divided in f32, rounded once).
LogicalResult averageOverWindows(aten::CallOp call, const CallArgs &args,
                                 PatternRewriter &rewriter, Value self,
                                 ArrayRef<DimWindows> dims, bool countPadding, Divisor divisor) {
  RankedTensorType type = resultType(call);
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType work = computeType(type);
  Value x = p.convert(self, work.getElementType());
  Windows windows = gatherWindows(p, x, dims, 0.0);
  if (!windows.values)
    return failure(); // p said why
  int64_t last = cast<RankedTensorType>(windows.values.getType()).getRank() - 1;
  Value mean = p.reduce(prim::ReduceKind::sum, windows.values, {last}, false);
  int64_t lead = type.getRank() - dims.size();
  auto countsOf = [&](const DimWindows &w) {
    return countPadding ? w.paddedCount : w.inputCount;
  };
  if (divisor == Divisor::perDim) {
    for (auto [j, w] : llvm::enumerate(dims))
      mean = divideBy(p, mean, {w.out}, lead + j, countsOf(w));
  } else {
    std::optional<int64_t> divisorOverride = args.integer("divisor_override");
    if (divisorOverride && *divisorOverride == 0)
      return rewriter.notifyMatchFailure(call, "divisor_override must be non-zero");
    SmallVector<int64_t> outs, divisors = {1};
    for (const DimWindows &w : dims) {
      outs.push_back(w.out);
      SmallVector<int64_t> next;
      for (int64_t before : divisors)
        for (int64_t count : countsOf(w))
          next.push_back(divisorOverride ? *divisorOverride : before * count);
      divisors = std::move(next);
    }
    mean = divideBy(p, mean, outs, lead, divisors);
  }
  Value result = p.convert(mean, type.getElementType());
  if (!result)
    return failure(); // p said why
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "the pooled shape is not the result's");
  rewriter.replaceOp(call, result);
  return success();
}

// avg_pool*d / max_pool*d(_with_indices) over the last `spatial` dims.
template <int spatial, bool isMax>
LogicalResult pool(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = pooledInput(args, type, spatial);
  if (!self)
    return rewriter.notifyMatchFailure(call, "a float input with static spatial dims");
  auto dims = poolWindows(call.getLoc(), args, cast<RankedTensorType>(self.getType()), type,
                         spatial, isMax);
  if (!dims)
    return rewriter.notifyMatchFailure(call, "expects kernel_size, stride, padding (dilation)");
  if (isMax)
    return maxOverWindows(call, rewriter, self, *dims);
  return averageOverWindows(call, args, rewriter, self, *dims,
                            args.boolean("count_include_pad").value_or(true), Divisor::window);
}

/// The windows of an adaptive pooling call: its `output_size` argument must
/// be the archive's declared output sizes (an error at `loc` if not; the
/// windows are tabulated from them), and the tables must fit.
template <int spatial>
std::optional<SmallVector<DimWindows>> adaptive(Location loc, const CallArgs &args, Value self,
                                                RankedTensorType type) {
  auto input = cast<RankedTensorType>(self.getType());
  int64_t lead = input.getRank() - spatial;
  auto outputSize = perDim(args, "output_size", spatial);
  if (!outputSize)
    return std::nullopt;
  SmallVector<int64_t> outs, kernels;
  for (int64_t j = 0; j < spatial; ++j) {
    int64_t in = input.getDimSize(lead + j), out = type.getDimSize(lead + j);
    // Empty windows have nothing to average (torch refuses an input with
    // an empty spatial dim, and an output size of 0).
    if (out < 1 || in < 1)
      return std::nullopt;
    if (out != (*outputSize)[j]) {
      emitError(loc) << "result dim " << lead + j << " is declared " << out
                     << " but output_size gives " << (*outputSize)[j];
      return std::nullopt;
    }
    outs.push_back(out);
    // The widest window: ceil(in / out) + 1 bounds it.
    kernels.push_back(in / out + 2);
  }
  if (!windowTablesFit(loc, outs, kernels))
    return std::nullopt;
  SmallVector<DimWindows> dims;
  for (int64_t j = 0; j < spatial; ++j)
    dims.push_back(adaptiveWindows(input.getDimSize(lead + j), outs[j]));
  return dims;
}

template <int spatial>
LogicalResult adaptiveAvgPool(aten::CallOp call, const CallArgs &args,
                              PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = pooledInput(args, type, spatial);
  auto dims = self ? adaptive<spatial>(call.getLoc(), args, self, type) : std::nullopt;
  if (!dims)
    return rewriter.notifyMatchFailure(call, "a float input with static spatial dims");
  return averageOverWindows(call, args, rewriter, self, *dims, true, Divisor::perDim);
}

template <int spatial>
LogicalResult adaptiveMaxPool(aten::CallOp call, const CallArgs &args,
                              PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = pooledInput(args, type, spatial);
  auto dims = self ? adaptive<spatial>(call.getLoc(), args, self, type) : std::nullopt;
  if (!dims)
    return rewriter.notifyMatchFailure(call, "a float input with static spatial dims");
  return maxOverWindows(call, rewriter, self, *dims);
}

// adaptive_avg_pool2d when the output divides the input evenly: a sum over
// equal windows (1x1 output: the sum of each channel), then / kh / kw as
// torch's kernel divides (f16/bf16 in f32, rounded once).
LogicalResult evenAdaptiveAvgPool2d(aten::CallOp call, const CallArgs &args,
                                    PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArgOfRank(args, "self", 4);
  if (!type || !self || type.getRank() != 4 || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "4-d float input only");
  auto inputType = cast<RankedTensorType>(self.getType());
  int64_t h = inputType.getDimSize(2), w = inputType.getDimSize(3);
  int64_t oh = type.getDimSize(2), ow = type.getDimSize(3);
  if (ShapedType::isDynamic(h) || ShapedType::isDynamic(w) || ShapedType::isDynamic(oh) ||
      ShapedType::isDynamic(ow) || oh < 1 || ow < 1 || h < 1 || w < 1 || h % oh || w % ow)
    return rewriter.notifyMatchFailure(call, "output size must divide a static input size");
  auto outputSize = perDim(args, "output_size", 2);
  if (!outputSize)
    return rewriter.notifyMatchFailure(call, "expects output_size");
  if ((*outputSize)[0] != oh || (*outputSize)[1] != ow) {
    emitError(call.getLoc()) << "result dims 2, 3 are declared " << oh << ", " << ow
                             << " but output_size gives " << (*outputSize)[0] << ", "
                             << (*outputSize)[1];
    return failure();
  }
  int64_t kh = h / oh, kw = w / ow;
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Value x = p.convert(self, computeType(type).getElementType());
  Value sum = p.create<prim::ReduceWindowOp>(
      prim::ReduceKindAttr::get(rewriter.getContext(), prim::ReduceKind::sum), x,
      rewriter.getDenseI64ArrayAttr({1, 1, kh, kw}), rewriter.getDenseI64ArrayAttr({1, 1, kh, kw}),
      nullptr, nullptr);
  Value mean = divideBy(p, sum, {oh}, 2, SmallVector<int64_t>(oh, kh));
  mean = divideBy(p, mean, {ow}, 3, SmallVector<int64_t>(ow, kw));
  Value result = p.convert(mean, type.getElementType());
  if (!result)
    return failure(); // p said why
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "the pooled shape is not the result's");
  rewriter.replaceOp(call, result);
  return success();
}

// adaptive_avg_pool2d: evenly dividing windows (the common global pool) are
// one reduce_window; other sizes take the general windows.
LogicalResult adaptiveAvgPool2d(aten::CallOp call, const CallArgs &args,
                                PatternRewriter &rewriter) {
  if (succeeded(evenAdaptiveAvgPool2d(call, args, rewriter)))
    return success();
  return adaptiveAvgPool<2>(call, args, rewriter);
}

/// The (static) output extent of a sliding window.
int64_t slidingOut(int64_t in, int64_t kernel, int64_t stride, int64_t padding,
                   int64_t dilation) {
  // In 128 bits (the arguments come from the archive); 0 where torch would
  // refuse them or the extent passes int64.
  __int128 span = __int128(in) + 2 * __int128(padding) - __int128(dilation) * (kernel - 1) - 1;
  if (span < 0 || stride < 1)
    return 0;
  __int128 out = span / stride + 1;
  return out > std::numeric_limits<int64_t>::max() ? 0 : int64_t(out);
}

struct Im2ColGeometry {
  SmallVector<int64_t> kernel, dilation, padding, stride;
};

std::optional<Im2ColGeometry> im2colGeometry(const CallArgs &args) {
  auto kernel = perDim(args, "kernel_size", 2);
  auto dilation = perDim(args, "dilation", 2);
  auto padding = perDim(args, "padding", 2);
  auto stride = perDim(args, "stride", 2);
  if (!kernel || !dilation || !padding || !stride)
    return std::nullopt;
  return Im2ColGeometry{*kernel, *dilation, *padding, *stride};
}

// im2col (unfold): [N, C, H, W] -> [N, C*KH*KW, OH*OW], padding zeros.
LogicalResult im2col(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  auto g = im2colGeometry(args);
  if (!type || !self || !g)
    return rewriter.notifyMatchFailure(call, "expects a tensor and the window geometry");
  auto input = cast<RankedTensorType>(self.getType());
  if (input.getRank() != 4 || !input.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "a static [N, C, H, W] input");
  SmallVector<int64_t> outs;
  for (int j = 0; j < 2; ++j)
    outs.push_back(slidingOut(input.getDimSize(2 + j), g->kernel[j], g->stride[j],
                              g->padding[j], g->dilation[j]));
  // Windows the archive's geometry allows, in tables of a bounded size.
  if (llvm::is_contained(outs, 0) || !windowTablesFit(call.getLoc(), outs, g->kernel))
    return failure();
  SmallVector<DimWindows> dims;
  for (int j = 0; j < 2; ++j)
    dims.push_back(slidingWindows(input.getDimSize(2 + j), outs[j], g->kernel[j], g->stride[j],
                                  g->padding[j], g->dilation[j]));
  PrimBuilder p(rewriter, call.getLoc());
  Windows windows = gatherWindows(p, self, dims, 0.0); // [N, C, OH, OW, KH*KW]
  if (!windows.values)
    return failure(); // p said why
  Value x =
      p.create<prim::TransposeOp>(windows.values, rewriter.getDenseI64ArrayAttr({0, 1, 4, 2, 3}));
  x = x ? p.build<prim::ReshapeOp>(type, x, ValueRange{}) : Value();
  if (!x)
    return failure(); // p said why
  rewriter.replaceOp(call, x);
  return success();
}

// col2im (fold): [N, C*KH*KW, L] -> [N, C, H, W], overlapping patches
// summed. The columns of kernel offset (i, j) form an [OH, OW] grid that
// lands on the padded output at (i*dh + y*sh, j*dw + x*sw): a prim.pad with
// interior stride - 1 places it; the KH*KW canvases are added and the
// padding sliced away.
LogicalResult col2im(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  auto g = im2colGeometry(args);
  if (!type || !self || !g || type.getRank() != 4 || !type.hasStaticShape() ||
      !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "a static float [N, C, H, W] result and the geometry");
  auto input = cast<RankedTensorType>(self.getType());
  int64_t n = type.getDimSize(0), c = type.getDimSize(1);
  int64_t size[2] = {type.getDimSize(2), type.getDimSize(3)};
  int64_t kh = g->kernel[0], kw = g->kernel[1], out[2];
  for (int j = 0; j < 2; ++j)
    out[j] = slidingOut(size[j], g->kernel[j], g->stride[j], g->padding[j], g->dilation[j]);
  // In 128 bits: the sizes come from the archive (C = 2^32 and KH = 2^40
  // overflowed; pt2c-fuzz-compile). Equal to the input's dims, the
  // products fit int64.
  if (input.getRank() != 3 || input.getDimSize(0) != n ||
      input.getDimSize(1) != __int128(c) * kh * kw ||
      input.getDimSize(2) != __int128(out[0]) * out[1] || out[0] < 1 || out[1] < 1)
    return rewriter.notifyMatchFailure(call, "columns of [N, C*KH*KW, OH*OW]");
  for (int d = 0; d < 2; ++d) {
    // Every patch's far end inside the padded output, computed before
    // anything is built (so that the loop below cannot fail half-way).
    __int128 padded = __int128(size[d]) + 2 * __int128(g->padding[d]);
    __int128 reach = __int128(g->kernel[d] - 1) * g->dilation[d] +
                     __int128(out[d] - 1) * g->stride[d] + 1;
    if (padded > std::numeric_limits<int64_t>::max() || reach > padded)
      return rewriter.notifyMatchFailure(call, "patches beyond the padded output");
  }
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  RankedTensorType work = computeType(type);
  Type element = work.getElementType();
  Value columns =
      p.build<prim::ReshapeOp>(RankedTensorType::get({n, c, kh * kw, out[0], out[1]}, element),
                               p.convert(self, element), ValueRange{});
  int64_t padded[2] = {size[0] + 2 * g->padding[0], size[1] + 2 * g->padding[1]};
  Value sum;
  for (int64_t i = 0; i < kh; ++i) {
    for (int64_t j = 0; j < kw; ++j) {
      Value grid = p.create<prim::SliceOp>(
          columns, rewriter.getDenseI64ArrayAttr({0, 0, i * kw + j, 0, 0}),
          rewriter.getDenseI64ArrayAttr({n, c, i * kw + j + 1, out[0], out[1]}),
          rewriter.getDenseI64ArrayAttr({1, 1, 1, 1, 1}));
      grid = p.build<prim::ReshapeOp>(RankedTensorType::get({n, c, out[0], out[1]}, element), grid,
                                      ValueRange{});
      int64_t offset[2] = {i * g->dilation[0], j * g->dilation[1]};
      SmallVector<int64_t> low = {0, 0}, high = {0, 0}, interior = {0, 0};
      for (int d = 0; d < 2; ++d) {
        int64_t span = (out[d] - 1) * g->stride[d] + 1;
        low.push_back(offset[d]);
        interior.push_back(g->stride[d] - 1);
        high.push_back(padded[d] - offset[d] - span);
      }
      if (high[2] < 0 || high[3] < 0)
        return rewriter.notifyMatchFailure(call, "patches beyond the padded output");
      Value canvas = p.create<prim::PadOp>(
          grid, rewriter.getDenseI64ArrayAttr(low), rewriter.getDenseI64ArrayAttr(high),
          rewriter.getDenseI64ArrayAttr(interior), rewriter.getFloatAttr(element, 0.0));
      sum = sum ? p.create<prim::AddOp>(sum, canvas) : canvas;
    }
  }
  Value result = p.create<prim::SliceOp>(
      sum, rewriter.getDenseI64ArrayAttr({0, 0, g->padding[0], g->padding[1]}),
      rewriter.getDenseI64ArrayAttr({n, c, g->padding[0] + size[0], g->padding[1] + size[1]}),
      rewriter.getDenseI64ArrayAttr({1, 1, 1, 1}));
  rewriter.replaceOp(call, p.convert(result, type.getElementType()));
  return success();
}

// max_unpool2d(self, indices, output_size) and max_unpool3d(..., stride,
// padding): zeros of [lead..., output_size], with each value of self
// written at its index, a position in the flattened output plane of its
// (batch, channel), as max_pool*d_with_indices reported it. stride and
// padding only describe the pooling (torch checks them, never uses them).
template <int spatial>
LogicalResult maxUnpool(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), indices = tensorArg(args, "indices");
  if (!type || !self || !indices || !type.hasStaticShape() || type.getRank() < spatial + 1)
    return rewriter.notifyMatchFailure(call, "expects static self, indices and result");
  auto selfType = cast<RankedTensorType>(self.getType());
  auto indexType = cast<RankedTensorType>(indices.getType());
  int64_t rank = type.getRank(), lead = rank - spatial;
  if (!selfType.hasStaticShape() || selfType.getRank() != rank ||
      indexType.getShape() != selfType.getShape() || !isa<IntegerType>(indexType.getElementType()) ||
      selfType.getShape().take_front(lead) != type.getShape().take_front(lead))
    return rewriter.notifyMatchFailure(
        call, "self and integer indices of one shape, the result's but for the spatial dims");
  auto outputSize = perDim(args, "output_size", spatial);
  if (!outputSize || ArrayRef<int64_t>(*outputSize) != type.getShape().drop_front(lead))
    return rewriter.notifyMatchFailure(call, "output_size must be the result's spatial sizes");
  int64_t planes = 1, in = 1, out = 1;
  for (int64_t d = 0; d < rank; ++d) {
    (d < lead ? planes : in) *= selfType.getDimSize(d);
    if (d >= lead)
      out *= type.getDimSize(d);
  }
  PrimBuilder p(rewriter, call.getLoc());
  Type element = type.getElementType(), i64 = rewriter.getI64Type();
  auto rows = [&](int64_t size, Type of) { return RankedTensorType::get({planes, size}, of); };
  Value values = p.build<prim::ReshapeOp>(rows(in, element), p.convert(self, element), ValueRange{});
  Value at = p.build<prim::ReshapeOp>(rows(in, i64), p.convert(indices, i64), ValueRange{});
  Value zeros = p.splat(0.0, rows(out, element), {});
  if (!values || !at || !zeros)
    return failure(); // p said why
  Value written = scatterOf(p, prim::ScatterKind::assign, zeros, at, values, 1);
  return replaceChecked(call, p.build<prim::ReshapeOp>(type, written, ValueRange{}), rewriter);
}

// max_pool2d_with_indices_backward(grad_output, self, ..., indices): the
// gradient of each output added at the input position its index names
// (flat over the spatial dims, per batch and channel): one scatter-add into
// zeros of self's shape.
LogicalResult maxPoolBackward(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value grad = tensorArg(args, "grad_output"), indices = tensorArg(args, "indices");
  if (!type || !grad || !indices || !type.hasStaticShape() || type.getRank() < 3 ||
      !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects static float gradients and indices");
  auto gradType = cast<RankedTensorType>(grad.getType());
  auto indexType = cast<RankedTensorType>(indices.getType());
  if (!gradType.hasStaticShape() || gradType.getShape() != indexType.getShape() ||
      gradType.getRank() != type.getRank() || !isa<IntegerType>(indexType.getElementType()))
    return rewriter.notifyMatchFailure(call, "gradients and indices of one shape");
  // [lead..., spatial...] -> [lead..., positions], lead = all but the last 2.
  int64_t lead = type.getRank() - 2;
  auto flat = [&](RankedTensorType t) {
    SmallVector<int64_t> s(t.getShape().take_front(lead));
    s.push_back(t.getDimSize(lead) * t.getDimSize(lead + 1));
    return t.clone(s);
  };
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType work = computeType(type);
  Value sums = scatterOf(p, prim::ScatterKind::add, p.splat(0.0, flat(work), {}),
                         p.reshape(flat(indexType), indices),
                         p.reshape(flat(gradType.clone(work.getElementType())),
                                   p.convert(grad, work.getElementType())),
                         lead);
  return replaceChecked(call, p.reshape(type, p.convert(sums, type.getElementType())), rewriter);
}

} // namespace

void addPoolDecompositions(std::vector<Decomposition> &table) {
  constexpr const char *avg = "take, transpose, reshape, select, reduce, div";
  constexpr const char *max = "take, transpose, reshape, select, reduce | iota, compare, take_along";
  table.insert(table.end(), {
      {"aten.max_pool2d_with_indices_backward.default", "pool", "reshape, scatter, convert",
       maxPoolBackward},
      {"aten.avg_pool1d.default", "pool", avg, pool<1, false>},
      {"aten.avg_pool2d.default", "pool", avg, pool<2, false>},
      {"aten.avg_pool3d.default", "pool", avg, pool<3, false>},
      {"aten.max_pool1d.default", "pool", max, pool<1, true>},
      {"aten.max_pool2d_with_indices.default", "pool", max, pool<2, true>},
      {"aten.max_pool3d.default", "pool", max, pool<3, true>},
      {"aten.max_pool3d_with_indices.default", "pool", max, pool<3, true>},
      {"aten.adaptive_avg_pool1d.default", "pool", avg, adaptiveAvgPool<1>},
      {"aten._adaptive_avg_pool2d.default", "pool", avg, adaptiveAvgPool<2>},
      {"aten.adaptive_avg_pool2d.default", "pool",
       "reduce_window, div | take, transpose, reshape, select, reduce, div", adaptiveAvgPool2d},
      {"aten._adaptive_avg_pool3d.default", "pool", avg, adaptiveAvgPool<3>},
      {"aten.max_pool1d_with_indices.default", "pool", max, pool<1, true>},
      {"aten.adaptive_max_pool1d.default", "pool", max, adaptiveMaxPool<1>},
      {"aten.adaptive_max_pool2d.default", "pool", max, adaptiveMaxPool<2>},
      {"aten.adaptive_max_pool3d.default", "pool", max, adaptiveMaxPool<3>},
      {"aten.max_unpool2d.default", "pool", "reshape, constant, scatter", maxUnpool<2>},
      {"aten.max_unpool3d.default", "pool", "reshape, constant, scatter", maxUnpool<3>},
      {"aten.im2col.default", "pool", "take, transpose, reshape, select", im2col},
      {"aten.col2im.default", "pool", "reshape, slice, pad, add", col2im},
  });
}

} // namespace pt2c
