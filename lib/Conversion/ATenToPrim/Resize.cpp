//===- Resize.cpp - upsample (nearest/linear/cubic) -----------------------===//
//
// Resizing is separable: each spatial dim is resampled on its own, every
// output position reading a few input positions (taps) with weights. Both
// are compile-time constants from torch's index formulas (UpSample.h:
// area_pixel_compute_scale / _source_index, nearest_idx, cubic convolution
// with A = -0.75), computed in float as torch's kernels do. Each tap is a
// prim.take of constant indices; the weighted sum runs in f32 for f16/bf16
// (opmath) and is rounded once. Which of torch's CPU kernels runs decides
// details (nearest's shortcuts, f16/bf16 weights rounded or not): see
// upsample().
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "llvm/ADT/APFloat.h"

#include <array>
#include <cmath>

using namespace mlir;

namespace pt2c {
namespace {

/// Output o reads input `index[t][o]` with weight `weight[t][o]`, per tap t.
struct Taps {
  std::vector<std::vector<int64_t>> index;
  std::vector<std::vector<float>> weight;
};

/// torch's area_pixel_compute_scale: input size per output step.
float areaScale(int64_t in, int64_t out, bool alignCorners, std::optional<double> factor) {
  if (alignCorners)
    return out > 1 ? float(in - 1) / float(out - 1) : 0.0f;
  return factor && *factor > 0 ? float(1.0 / *factor) : float(in) / float(out);
}

/// torch's area_pixel_compute_source_index.
float sourceIndex(float scale, int64_t o, bool alignCorners, bool cubic) {
  if (alignCorners)
    return scale * float(o);
  float source = scale * (float(o) + 0.5f) - 0.5f;
  return !cubic && source < 0.0f ? 0.0f : source;
}

/// nearest / nearest-exact source indices. `shortcuts`: torch's nearest_idx
/// (its channels-last kernel) copies when out == in and halves when
/// out == 2 * in whatever the scale factor; its generic kernel always uses
/// floor(o * scale).
Taps nearestTaps(int64_t in, int64_t out, std::optional<double> factor, bool exact,
                 bool shortcuts) {
  float scale = areaScale(in, out, /*alignCorners=*/false, factor);
  Taps taps{{{}}, {{}}};
  for (int64_t o = 0; o < out; ++o) {
    int64_t index;
    if (shortcuts && out == in)
      index = o;
    else if (shortcuts && out == 2 * in)
      index = o >> 1;
    else
      index = std::min<int64_t>(
          static_cast<int64_t>(std::floor(exact ? (float(o) + 0.5f) * scale : float(o) * scale)),
          in - 1);
    taps.index[0].push_back(index);
    taps.weight[0].push_back(1.0f);
  }
  return taps;
}

/// `value` rounded to `storage` (null: left in f32).
float storedAs(float value, const llvm::fltSemantics *storage) {
  if (!storage)
    return value;
  llvm::APFloat rounded(value);
  bool losesInfo;
  rounded.convert(*storage, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  rounded.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return rounded.convertToFloat();
}

/// Linear taps; `storage` is the type torch's kernel keeps the weights in
/// (its generic kernel: the input's; 1 - lambda is then formed in it too).
Taps linearTaps(int64_t in, int64_t out, bool alignCorners, std::optional<double> factor,
                const llvm::fltSemantics *storage) {
  float scale = areaScale(in, out, alignCorners, factor);
  Taps taps{{{}, {}}, {{}, {}}};
  for (int64_t o = 0; o < out; ++o) {
    float source = sourceIndex(scale, o, alignCorners, false);
    int64_t low = std::min<int64_t>(static_cast<int64_t>(source), in - 1);
    int64_t high = low < in - 1 ? low + 1 : low;
    float lambda = storedAs(std::clamp(source - float(low), 0.0f, 1.0f), storage);
    taps.index[0].push_back(low);
    taps.index[1].push_back(high);
    taps.weight[0].push_back(storedAs(1.0f - lambda, storage));
    taps.weight[1].push_back(lambda);
  }
  return taps;
}

Taps cubicTaps(int64_t in, int64_t out, bool alignCorners, std::optional<double> factor,
               const llvm::fltSemantics *storage) {
  constexpr float A = -0.75f;
  auto near = [](float x) { return ((A + 2) * x - (A + 3)) * x * x + 1; };       // |x| <= 1
  auto far = [](float x) { return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A; }; // 1 < |x| < 2
  float scale = areaScale(in, out, alignCorners, factor);
  Taps taps{std::vector<std::vector<int64_t>>(4), std::vector<std::vector<float>>(4)};
  for (int64_t o = 0; o < out; ++o) {
    float source = sourceIndex(scale, o, alignCorners, true);
    int64_t floor = static_cast<int64_t>(std::floor(source));
    float t = source - float(floor);
    // torch's get_cubic_upsample_coefficients: the far right tap at
    // (1 - t) + 1, rounded twice.
    float opposite = 1 - t;
    float weights[4] = {far(t + 1), near(t), near(opposite), far(opposite + 1)};
    for (int k = 0; k < 4; ++k) {
      taps.index[k].push_back(std::clamp<int64_t>(floor - 1 + k, 0, in - 1));
      taps.weight[k].push_back(storedAs(weights[k], storage));
    }
  }
  return taps;
}

/// `x` resampled along `dim` with `taps` (x already in the compute type).
Value resampleAlong(PrimBuilder &p, Value x, int64_t dim, const Taps &taps) {
  OpBuilder &b = p.builder();
  int64_t out = taps.index[0].size();
  auto indexType = RankedTensorType::get({out}, b.getI64Type());
  auto weightType = RankedTensorType::get({out}, b.getF32Type());
  Value sum;
  for (auto [index, weight] : llvm::zip(taps.index, taps.weight)) {
    Value indices = p.create<prim::ConstantOp>(DenseElementsAttr::get(indexType, ArrayRef(index)));
    Value tap = p.create<prim::TakeOp>(x, indices, b.getI64IntegerAttr(dim));
    if (llvm::any_of(weight, [](float w) { return w != 1.0f; })) {
      auto tapType = cast<RankedTensorType>(tap.getType());
      Value w = p.convert(p.create<prim::ConstantOp>(DenseElementsAttr::get(weightType, ArrayRef(weight))),
                          tapType.getElementType());
      tap = p.create<prim::MulOp>(tap, p.broadcastInDim(w, tapType, {dim}, {tap}));
    }
    sum = sum ? p.create<prim::AddOp>(sum, tap) : tap;
  }
  return sum;
}

enum class Mode { nearest, nearestExact, linear, cubic };

// upsample_*(input, output_size, [align_corners,] scale_factors): the last
// `spatial` dims resized to the result's sizes.
template <Mode mode, int spatial>
LogicalResult upsample(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  // The .vec overloads name the tensor `input`, the .default ones `self`.
  Value input = type ? tensorArgOfRank(args, "input", type.getRank()) : Value();
  if (!input && type)
    input = tensorArgOfRank(args, "self", type.getRank());
  if (!input || !isa<FloatType>(type.getElementType()) || type.getRank() < spatial)
    return rewriter.notifyMatchFailure(call, "a float input of the result's rank");
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t lead = type.getRank() - spatial;
  for (int64_t d = lead; d < type.getRank(); ++d)
    if (type.isDynamicDim(d) || inputType.isDynamicDim(d))
      return rewriter.notifyMatchFailure(call, "static spatial dims only");
  // As torch checks: an empty spatial dim has no position to read (its
  // nearest index would be -1, outside the input).
  for (int64_t d = lead; d < type.getRank(); ++d)
    if (type.getDimSize(d) < 1 || inputType.getDimSize(d) < 1)
      return rewriter.notifyMatchFailure(call, "spatial sizes greater than 0");
  bool alignCorners = args.boolean("align_corners").value_or(false);
  SmallVector<double> factors;
  if (auto attr = dyn_cast_or_null<DenseF64ArrayAttr>(call.getArg("scale_factors")))
    factors.assign(attr.asArrayRef().begin(), attr.asArrayRef().end());
  // The .default overloads give a scale per dim (scales_d, scales_h,
  // scales_w; `scales` in 1-d), each optional: all or none are taken.
  static constexpr const char *kScaleNames[3][3] = {
      {"scales"}, {"scales_h", "scales_w"}, {"scales_d", "scales_h", "scales_w"}};
  if (factors.empty()) {
    for (int j = 0; j < spatial; ++j)
      if (std::optional<double> scale = args.number(kScaleNames[spatial - 1][j]))
        factors.push_back(*scale);
    if (!factors.empty() && static_cast<int64_t>(factors.size()) != spatial)
      return rewriter.notifyMatchFailure(call, "a scale for some spatial dims only");
  }
  if (!factors.empty() && static_cast<int64_t>(factors.size()) != spatial)
    return rewriter.notifyMatchFailure(call, "one scale factor per spatial dim");
  // torch's CPU kernels (UpSampleKernel.cpp): 2-d nearest and bilinear
  // with small outputs (H + W <= 128) run the channels-last kernel (f32
  // weights, nearest_idx's shortcuts); the rest the generic kernel, which
  // stores the weights in the input's type (f16/bf16 weights rounded).
  bool channelsLastKernel = spatial == 2 && mode != Mode::cubic &&
                            type.getDimSize(lead) + type.getDimSize(lead + 1) <= 128;
  bool weighted = mode == Mode::linear || mode == Mode::cubic;
  Type element = type.getElementType();
  const llvm::fltSemantics *storage =
      weighted && !channelsLastKernel && (element.isF16() || element.isBF16())
          ? &cast<FloatType>(element).getFloatSemantics()
          : nullptr;
  // The sizes the taps are tabulated for are the declared ones: they must
  // be output_size where the node gives it, and fit the table limit (a
  // declared 2^40 would be a loop over 2^40 positions; pt2c-fuzz-compile).
  if (auto sizes = args.integers("output_size");
      sizes && static_cast<int64_t>(sizes->size()) == spatial) {
    for (int64_t j = 0; j < spatial; ++j)
      if ((*sizes)[j] != type.getDimSize(lead + j)) {
        emitError(call.getLoc()) << "result dim " << lead + j << " is declared "
                                 << type.getDimSize(lead + j) << " but output_size gives "
                                 << (*sizes)[j];
        return failure();
      }
  }
  for (int64_t d = lead; d < type.getRank(); ++d)
    if (!indexTableFits(call.getLoc(), {type.getDimSize(d), 4}, "resize source indices"))
      return failure();
  PrimBuilder p(rewriter, call.getLoc());
  Type compute = weighted ? computeType(type).getElementType() : element;
  Value x = p.convert(input, compute);
  // Innermost dim first: the generic kernel sums the last dim's taps
  // innermost, so the f32 sums round in the same order.
  for (int64_t j = spatial - 1; j >= 0; --j) {
    int64_t d = lead + j;
    int64_t in = inputType.getDimSize(d), out = type.getDimSize(d);
    std::optional<double> factor =
        factors.empty() ? std::nullopt : std::optional<double>(factors[j]);
    // Dims whose size does not change read each input once: always for
    // linear (torch copies when out == in), else when the scale is 1.
    bool shortcuts = mode == Mode::nearest && channelsLastKernel;
    if (in == out && (!factor || *factor == 1.0 || mode == Mode::linear || shortcuts))
      continue;
    Taps taps = mode == Mode::cubic    ? cubicTaps(in, out, alignCorners, factor, storage)
                : mode == Mode::linear ? linearTaps(in, out, alignCorners, factor, storage)
                                       : nearestTaps(in, out, factor, mode == Mode::nearestExact,
                                                     shortcuts);
    x = resampleAlong(p, x, d, taps);
  }
  Value result = p.convert(x, type.getElementType());
  if (!result)
    return failure(); // p said why
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "the resized shape is not the result's");
  rewriter.replaceOp(call, result);
  return success();
}

} // namespace

void addResizeDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.upsample_nearest1d.default", "resize", "take", upsample<Mode::nearest, 1>},
      {"aten.upsample_nearest1d.vec", "resize", "take", upsample<Mode::nearest, 1>},
      {"aten.upsample_nearest2d.default", "resize", "take", upsample<Mode::nearest, 2>},
      {"aten._upsample_nearest_exact2d.default", "resize", "take",
       upsample<Mode::nearestExact, 2>},
      {"aten.upsample_linear1d.default", "resize", "take, constant, mul, add",
       upsample<Mode::linear, 1>},
      {"aten.upsample_bilinear2d.default", "resize", "take, constant, mul, add",
       upsample<Mode::linear, 2>},
      {"aten.upsample_bicubic2d.default", "resize", "take, constant, mul, add",
       upsample<Mode::cubic, 2>},
      {"aten.upsample_nearest2d.vec", "resize", "take", upsample<Mode::nearest, 2>},
      {"aten._upsample_nearest_exact2d.vec", "resize", "take",
       upsample<Mode::nearestExact, 2>},
      {"aten.upsample_linear1d.vec", "resize", "take, constant, mul, add",
       upsample<Mode::linear, 1>},
      {"aten.upsample_bilinear2d.vec", "resize", "take, constant, mul, add",
       upsample<Mode::linear, 2>},
      {"aten.upsample_bicubic2d.vec", "resize", "take, constant, mul, add",
       upsample<Mode::cubic, 2>},
      {"aten._upsample_nearest_exact1d.default", "resize", "take",
       upsample<Mode::nearestExact, 1>},
      {"aten._upsample_nearest_exact1d.vec", "resize", "take", upsample<Mode::nearestExact, 1>},
      {"aten.upsample_nearest3d.default", "resize", "take", upsample<Mode::nearest, 3>},
      {"aten.upsample_nearest3d.vec", "resize", "take", upsample<Mode::nearest, 3>},
      {"aten._upsample_nearest_exact3d.default", "resize", "take",
       upsample<Mode::nearestExact, 3>},
      {"aten._upsample_nearest_exact3d.vec", "resize", "take", upsample<Mode::nearestExact, 3>},
      {"aten.upsample_trilinear3d.default", "resize", "take, constant, mul, add",
       upsample<Mode::linear, 3>},
      {"aten.upsample_trilinear3d.vec", "resize", "take, constant, mul, add",
       upsample<Mode::linear, 3>},
  });
}

} // namespace pt2c
