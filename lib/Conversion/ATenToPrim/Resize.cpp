//===- Resize.cpp - upsample (nearest/linear/cubic), grid_sampler ---------===//
//
// Resizing is separable: each spatial dim is resampled on its own, every
// output position reading a few input positions (taps) with weights. Both
// are compile-time constants from torch's index formulas (UpSample.h:
// area_pixel_compute_scale / _source_index, nearest_idx, cubic convolution
// with A = -0.75), computed in float as torch's kernels do. Each tap is a
// prim.take of constant indices; the weighted sum runs in f32 for f16/bf16
// (opmath) and is rounded once.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

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

Taps nearestTaps(int64_t in, int64_t out, std::optional<double> factor, bool exact) {
  // nearest_idx: the scale is 1/factor when given, else in/out.
  float scale = factor && *factor > 0 ? float(1.0 / *factor) : float(in) / float(out);
  Taps taps{{{}}, {{}}};
  for (int64_t o = 0; o < out; ++o) {
    int64_t index;
    if (!exact && out == in)
      index = o;
    else if (!exact && out == 2 * in)
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

Taps linearTaps(int64_t in, int64_t out, bool alignCorners, std::optional<double> factor) {
  float scale = areaScale(in, out, alignCorners, factor);
  Taps taps{{{}, {}}, {{}, {}}};
  for (int64_t o = 0; o < out; ++o) {
    float source = sourceIndex(scale, o, alignCorners, false);
    int64_t low = std::min<int64_t>(static_cast<int64_t>(source), in - 1);
    int64_t high = low < in - 1 ? low + 1 : low;
    float lambda = std::clamp(source - float(low), 0.0f, 1.0f);
    taps.index[0].push_back(low);
    taps.index[1].push_back(high);
    taps.weight[0].push_back(1.0f - lambda);
    taps.weight[1].push_back(lambda);
  }
  return taps;
}

Taps cubicTaps(int64_t in, int64_t out, bool alignCorners, std::optional<double> factor) {
  constexpr float A = -0.75f;
  auto near = [](float x) { return ((A + 2) * x - (A + 3)) * x * x + 1; };       // |x| <= 1
  auto far = [](float x) { return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A; }; // 1 < |x| < 2
  float scale = areaScale(in, out, alignCorners, factor);
  Taps taps{std::vector<std::vector<int64_t>>(4), std::vector<std::vector<float>>(4)};
  for (int64_t o = 0; o < out; ++o) {
    float source = sourceIndex(scale, o, alignCorners, true);
    int64_t floor = static_cast<int64_t>(std::floor(source));
    float t = source - float(floor);
    float weights[4] = {far(t + 1), near(t), near(1 - t), far(2 - t)};
    for (int k = 0; k < 4; ++k) {
      taps.index[k].push_back(std::clamp<int64_t>(floor - 1 + k, 0, in - 1));
      taps.weight[k].push_back(weights[k]);
    }
  }
  return taps;
}

/// `x` resampled along `dim` with `taps` (x already in the compute type).
Value resampleAlong(PrimBuilder &p, Value x, int64_t dim, const Taps &taps) {
  OpBuilder &b = p.builder();
  Location loc = p.loc();
  int64_t out = taps.index[0].size();
  auto indexType = RankedTensorType::get({out}, b.getI64Type());
  auto weightType = RankedTensorType::get({out}, b.getF32Type());
  Value sum;
  for (auto [index, weight] : llvm::zip(taps.index, taps.weight)) {
    Value indices = prim::ConstantOp::create(b, loc, DenseElementsAttr::get(indexType, ArrayRef(index)));
    Value tap = prim::TakeOp::create(b, loc, x, indices, b.getI64IntegerAttr(dim));
    if (llvm::any_of(weight, [](float w) { return w != 1.0f; })) {
      auto tapType = cast<RankedTensorType>(tap.getType());
      Value w = p.convert(prim::ConstantOp::create(b, loc, DenseElementsAttr::get(weightType, ArrayRef(weight))),
                          tapType.getElementType());
      tap = prim::MulOp::create(b, loc, tap, p.broadcastInDim(w, tapType, {dim}, {tap}));
    }
    sum = sum ? prim::AddOp::create(b, loc, sum, tap).getResult() : tap;
  }
  return sum;
}

enum class Mode { nearest, nearestExact, linear, cubic };

// upsample_*(input, output_size, [align_corners,] scale_factors): the last
// `spatial` dims resized to the result's sizes.
template <Mode mode, int spatial>
LogicalResult upsample(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value input = tensorArg(args, "input");
  if (!type || !input || !isa<FloatType>(type.getElementType()) || type.getRank() < spatial)
    return rewriter.notifyMatchFailure(call, "a float input");
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t lead = type.getRank() - spatial;
  for (int64_t d = lead; d < type.getRank(); ++d)
    if (type.isDynamicDim(d) || inputType.isDynamicDim(d))
      return rewriter.notifyMatchFailure(call, "static spatial dims only");
  bool alignCorners = args.boolean("align_corners").value_or(false);
  SmallVector<double> factors;
  if (auto attr = dyn_cast_or_null<DenseF64ArrayAttr>(call.getArg("scale_factors")))
    factors.assign(attr.asArrayRef().begin(), attr.asArrayRef().end());
  if (!factors.empty() && static_cast<int64_t>(factors.size()) != spatial)
    return rewriter.notifyMatchFailure(call, "one scale factor per spatial dim");
  PrimBuilder p(rewriter, call.getLoc());
  bool weighted = mode == Mode::linear || mode == Mode::cubic;
  Type compute = weighted ? computeType(type).getElementType() : type.getElementType();
  Value x = p.convert(input, compute);
  for (int64_t j = 0; j < spatial; ++j) {
    int64_t d = lead + j;
    int64_t in = inputType.getDimSize(d), out = type.getDimSize(d);
    std::optional<double> factor =
        factors.empty() ? std::nullopt : std::optional<double>(factors[j]);
    // An unscaled dim reads each input once with weight 1 in every mode.
    if (in == out && (!factor || *factor == 1.0))
      continue;
    Taps taps = mode == Mode::cubic    ? cubicTaps(in, out, alignCorners, factor)
                : mode == Mode::linear ? linearTaps(in, out, alignCorners, factor)
                                       : nearestTaps(in, out, factor, mode == Mode::nearestExact);
    x = resampleAlong(p, x, d, taps);
  }
  Value result = p.convert(x, type.getElementType());
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "the resized shape is not the result's");
  rewriter.replaceOp(call, result);
  return success();
}

// grid_sampler(_2d)(input [N, C, H, W], grid [N, Ho, Wo, 2], interpolation,
// padding, align_corners): the grid's (x, y) in [-1, 1] are unnormalized to
// input positions at run time, and each tap (4 for bilinear, 1 for nearest)
// is a take_along of the flattened input plane with its weight; taps off
// the input weigh 0 (padding "zeros") or coordinates are clamped first
// ("border"). Reflection padding and bicubic are not supported yet.
LogicalResult gridSampler(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value input = tensorArg(args, "input"), grid = tensorArg(args, "grid");
  auto interpolation = args.integer("interpolation_mode");
  auto padding = args.integer("padding_mode");
  auto alignCorners = args.boolean("align_corners");
  if (!type || !input || !grid || !interpolation || !padding || !alignCorners ||
      !type.hasStaticShape() || type.getRank() != 4 || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "a static 4-d float input and a grid");
  if (*interpolation > 1 || *padding > 1)
    return rewriter.notifyMatchFailure(
        call, "bilinear or nearest with zeros or border padding only (not bicubic, reflection)");
  auto inputType = cast<RankedTensorType>(input.getType());
  auto gridType = cast<RankedTensorType>(grid.getType());
  if (!inputType.hasStaticShape() || !gridType.hasStaticShape() || gridType.getRank() != 4 ||
      gridType.getDimSize(3) != 2)
    return rewriter.notifyMatchFailure(call, "a static [N, Ho, Wo, 2] grid");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  // torch's CPU kernel computes coordinates and weights in the input's own
  // type (each step rounded for f16/bf16): so does this, to match it.
  Type compute = type.getElementType();
  int64_t n = type.getDimSize(0), c = type.getDimSize(1), h = inputType.getDimSize(2),
          w = inputType.getDimSize(3), points = type.getDimSize(2) * type.getDimSize(3);
  Value plane = prim::ReshapeOp::create(rewriter, loc, RankedTensorType::get({n, c, h * w}, compute),
                                        p.convert(input, compute), ValueRange{});
  auto pointsType = RankedTensorType::get({n, points}, compute);
  auto coordinate = [&](int64_t which, int64_t size) {
    Value g = prim::SliceOp::create(
        rewriter, loc, p.convert(grid, compute), rewriter.getDenseI64ArrayAttr({0, 0, 0, which}),
        rewriter.getDenseI64ArrayAttr({n, gridType.getDimSize(1), gridType.getDimSize(2), which + 1}),
        rewriter.getDenseI64ArrayAttr({1, 1, 1, 1}));
    g = prim::ReshapeOp::create(rewriter, loc, pointsType, g, ValueRange{});
    Ew e{p, g};
    // align_corners: -1 and 1 are the corner pixels' centers; else their edges.
    Value at = *alignCorners ? e.mul(e.add(g, e.c(1.0)), e.c(0.5 * double(size - 1)))
                             : e.mul(e.sub(e.mul(e.add(g, e.c(1.0)), e.c(double(size))), e.c(1.0)),
                                     e.c(0.5));
    if (*padding == 1) // border
      at = clampOf(e, at, e.c(0.0), e.c(double(size - 1)));
    return at;
  };
  Value x = coordinate(0, w), y = coordinate(1, h);
  Ew e{p, x};
  // Taps: (x, y, weight) per point.
  SmallVector<std::tuple<Value, Value, Value>> taps;
  if (*interpolation == 1) {
    taps.push_back({e.apply<prim::RoundOp>(x), e.apply<prim::RoundOp>(y), e.c(1.0)});
  } else {
    Value x0 = e.apply<prim::FloorOp>(x), y0 = e.apply<prim::FloorOp>(y);
    Value x1 = e.add(x0, e.c(1.0)), y1 = e.add(y0, e.c(1.0));
    Value fx = e.sub(x, x0), fy = e.sub(y, y0);
    Value gx = e.sub(e.c(1.0), fx), gy = e.sub(e.c(1.0), fy);
    taps = {{x0, y0, e.mul(gx, gy)}, {x1, y0, e.mul(fx, gy)}, {x0, y1, e.mul(gx, fy)},
            {x1, y1, e.mul(fx, fy)}};
  }
  auto wide = RankedTensorType::get({n, c, points}, compute);
  auto wideIndex = wide.clone(rewriter.getI64Type());
  Value sum;
  for (auto [tx, ty, weight] : taps) {
    using P = prim::ComparePredicate;
    Value inside = prim::AndOp::create(
        rewriter, loc,
        prim::AndOp::create(rewriter, loc, e.cmp(P::ge, tx, e.c(0.0)), e.cmp(P::le, tx, e.c(double(w - 1)))),
        prim::AndOp::create(rewriter, loc, e.cmp(P::ge, ty, e.c(0.0)), e.cmp(P::le, ty, e.c(double(h - 1)))));
    Value cx = clampOf(e, tx, e.c(0.0), e.c(double(w - 1)));
    Value cy = clampOf(e, ty, e.c(0.0), e.c(double(h - 1)));
    Value flat = p.convert(e.add(e.mul(cy, e.c(double(w))), cx), rewriter.getI64Type());
    Value index = p.broadcastInDim(flat, wideIndex, {0, 2}, {});
    Value value = prim::TakeAlongOp::create(rewriter, loc, plane, index, rewriter.getI64IntegerAttr(2));
    Value weighed = e.sel(inside, weight, e.c(0.0));
    Value term = prim::MulOp::create(rewriter, loc, value, p.broadcastInDim(weighed, wide, {0, 2}, {}));
    sum = sum ? prim::AddOp::create(rewriter, loc, sum, term).getResult() : term;
  }
  rewriter.replaceOp(call, prim::ReshapeOp::create(rewriter, loc, type, sum, ValueRange{}).getResult());
  return success();
}

} // namespace

void addResizeDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.upsample_nearest1d.vec", "resize", "take", upsample<Mode::nearest, 1>},
      {"aten.upsample_nearest2d.vec", "resize", "take", upsample<Mode::nearest, 2>},
      {"aten._upsample_nearest_exact2d.vec", "resize", "take",
       upsample<Mode::nearestExact, 2>},
      {"aten.upsample_linear1d.vec", "resize", "take, constant, mul, add",
       upsample<Mode::linear, 1>},
      {"aten.upsample_bilinear2d.vec", "resize", "take, constant, mul, add",
       upsample<Mode::linear, 2>},
      {"aten.upsample_bicubic2d.vec", "resize", "take, constant, mul, add",
       upsample<Mode::cubic, 2>},
      {"aten.grid_sampler.default", "resize",
       "slice, reshape, floor | round, compare, take_along, mul, add", gridSampler},
      {"aten.grid_sampler_2d.default", "resize",
       "slice, reshape, floor | round, compare, take_along, mul, add", gridSampler},
  });
}

} // namespace pt2c
