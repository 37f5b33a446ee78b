//===- Resize.cpp - upsample (nearest/linear/cubic), grid_sampler ---------===//
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
// grid_sampler's positions come from a run-time grid, so its taps are
// computed at run time and gathered from the flattened input planes.
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

// grid_sampler follows torch's CPU kernel (GridSamplerKernel.cpp), which
// computes in the input's own type (each step rounded for f16/bf16): so
// does this, on [N, points] tensors of grid coordinates.
enum class GridPadding { zeros, border, reflection };
enum class GridInterpolation { bilinear, nearest, bicubic };

/// One spatial dim of `size` input positions: torch's ComputeLocation.
struct GridAxis {
  Ew &e;
  int64_t size;
  bool alignCorners;
  GridPadding padding;

  /// A grid value in [-1, 1] as an input position: with align_corners -1
  /// and 1 are the corner pixels' centers, else their outer edges.
  Value unnormalize(Value g) {
    Value shifted = e.add(g, e.c(1.0));
    if (alignCorners)
      return e.mul(shifted, e.c(double(size - 1) / 2));
    return e.sub(e.mul(shifted, e.c(double(size) / 2)), e.c(0.5));
  }

  /// Clamped into [0, size - 1], NaN to 0 (torch's clip_coordinates).
  Value clip(Value x) {
    Value low = e.sel(e.cmp(prim::ComparePredicate::gt, x, e.c(0.0)), x, e.c(0.0));
    return e.p.create<prim::MinOp>(low, e.c(double(size - 1)));
  }

  /// Mirrored at the borders (pixel centers with align_corners, else pixel
  /// edges) until inside: torch's reflect_coordinates, folding the distance
  /// from the low border by twice the span.
  Value reflect(Value x) {
    if (alignCorners && size <= 1)
      return e.c(0.0);
    double low = alignCorners ? 0.0 : -0.5;
    Value twiceSpan = e.c(alignCorners ? 2.0 * double(size - 1) : 2.0 * double(size));
    Value distance = e.apply<prim::AbsOp>(alignCorners ? x : e.sub(x, e.c(low)));
    // trunc is floor here: the distance is not negative.
    Value flips = e.apply<prim::FloorOp>(e.div(distance, twiceSpan));
    Value extra = e.sub(distance, e.mul(flips, twiceSpan));
    Value folded = e.p.create<prim::MinOp>(extra, e.sub(twiceSpan, extra));
    return alignCorners ? folded : e.add(folded, e.c(low));
  }

  /// The padding mode applied to a position (torch's compute_coordinates).
  Value pad(Value x) {
    switch (padding) {
    case GridPadding::zeros:
      return x;
    case GridPadding::border:
      return clip(x);
    case GridPadding::reflection:
      return clip(reflect(x));
    }
    llvm_unreachable("padding mode");
  }
};

/// An integer-valued position along one input dim: whether it is on the
/// input, and as an i64 index (0 where it is not, so that gathers stay in
/// bounds; a float flat index would not be exact past 2^11 in f16).
struct GridTap {
  Value inside;
  Value index;
};

GridTap gridTap(PrimBuilder &p, Ew &e, Value position, int64_t size) {
  using P = prim::ComparePredicate;
  Value inside = p.create<prim::AndOp>(e.cmp(P::ge, position, e.c(0.0)),
                                       e.cmp(P::le, position, e.c(double(size - 1))));
  return {inside, p.convert(e.sel(inside, position, e.c(0.0)), p.builder().getI64Type())};
}

/// Reads the flattened input planes [N, C, H * W] at [N, points] taps into
/// [N, C, points]; taps off the input read 0, as torch's masked gathers do.
struct PlaneReader {
  PrimBuilder &p;
  Value plane;
  int64_t w, points;

  RankedTensorType wide(Type element) const {
    auto planeType = cast<RankedTensorType>(plane.getType());
    return RankedTensorType::get({planeType.getDimSize(0), planeType.getDimSize(1), points},
                                 element);
  }

  Value read(const GridTap &column, const GridTap &row) {
    if (!plane)
      return Value(); // an earlier step failed and said why
    OpBuilder &b = p.builder();
    Ew ints{p, column.index};
    Value flat = ints.add(ints.mul(row.index, ints.c(double(w))), column.index);
    Value index = p.broadcastInDim(flat, wide(b.getI64Type()), {0, 2}, {});
    Value value = p.create<prim::TakeAlongOp>(plane, index, b.getI64IntegerAttr(2));
    Value inside = p.create<prim::AndOp>(column.inside, row.inside);
    Value mask = p.broadcastInDim(inside, wide(b.getI1Type()), {0, 2}, {});
    RankedTensorType valueType = wide(cast<RankedTensorType>(plane.getType()).getElementType());
    return p.create<prim::SelectOp>(mask, value, p.splat(0.0, valueType, {}));
  }

  /// weight [N, points] times value [N, C, points].
  Value weigh(Value weight, Value value) {
    if (!weight || !value)
      return Value(); // an earlier step failed and said why
    Value spread = p.broadcastInDim(weight, cast<RankedTensorType>(value.getType()), {0, 2}, {});
    return p.create<prim::MulOp>(value, spread);
  }
};

/// torch's cubic convolution weights (A = -0.75) of the taps at t + 1, t,
/// 1 - t, 2 - t from the sample, as its vectorized grid sampler forms them.
std::array<Value, 4> gridCubicWeights(Ew &e, Value t) {
  constexpr double A = -0.75;
  auto near = [&](Value x) { // |x| <= 1
    return e.add(e.mul(e.mul(e.sub(e.mul(e.c(A + 2), x), e.c(A + 3)), x), x), e.c(1.0));
  };
  auto far = [&](Value x) { // 1 < |x| < 2
    return e.sub(e.mul(e.add(e.mul(e.sub(e.mul(e.c(A), x), e.c(5 * A)), x), e.c(8 * A)), x),
                 e.c(4 * A));
  };
  return {far(e.add(t, e.c(1.0))), near(t), near(e.sub(e.c(1.0), t)), far(e.sub(e.c(2.0), t))};
}

// grid_sampler(_2d)(input [N, C, H, W], grid [N, Ho, Wo, 2], interpolation,
// padding, align_corners): the grid's (x, y) are unnormalized to input
// positions at run time and the taps around them (1 nearest, 2x2 bilinear,
// 4x4 bicubic) gathered from the flattened planes with their weights.
LogicalResult gridSampler(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value input = tensorArgOfRank(args, "input", 4), grid = tensorArg(args, "grid");
  auto interpolationArg = args.integer("interpolation_mode");
  auto paddingArg = args.integer("padding_mode");
  auto alignCorners = args.boolean("align_corners");
  if (!type || !input || !grid || !interpolationArg || !paddingArg || !alignCorners ||
      !type.hasStaticShape() || type.getRank() != 4 || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "a static 4-d float input and a grid");
  if (*interpolationArg < 0 || *interpolationArg > 2 || *paddingArg < 0 || *paddingArg > 2)
    return rewriter.notifyMatchFailure(
        call, "interpolation bilinear/nearest/bicubic (0-2), padding zeros/border/reflection (0-2)");
  auto interpolation = static_cast<GridInterpolation>(*interpolationArg);
  auto padding = static_cast<GridPadding>(*paddingArg);
  auto inputType = cast<RankedTensorType>(input.getType());
  auto gridType = cast<RankedTensorType>(grid.getType());
  if (!inputType.hasStaticShape() || !gridType.hasStaticShape() || gridType.getRank() != 4 ||
      gridType.getDimSize(3) != 2 || gridType.getElementType() != type.getElementType())
    return rewriter.notifyMatchFailure(call, "a static [N, Ho, Wo, 2] grid of the input's type");
  // The planes and points below are sized from the result: the input's
  // [N, C] and the grid's [N, Ho, Wo] must be its own (a grid of batch 0
  // built nothing to weigh, and the null was read: SIGSEGV).
  if (inputType.getElementType() != type.getElementType() ||
      inputType.getDimSize(0) != type.getDimSize(0) || inputType.getDimSize(1) != type.getDimSize(1) ||
      gridType.getDimSize(0) != type.getDimSize(0) || gridType.getDimSize(1) != type.getDimSize(2) ||
      gridType.getDimSize(2) != type.getDimSize(3))
    return rewriter.notifyMatchFailure(
        call, "input [N, C, H, W] of the result's dtype and grid [N, Ho, Wo, 2] of its N, C, Ho, Wo");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Type element = type.getElementType();
  int64_t n = type.getDimSize(0), c = type.getDimSize(1), h = inputType.getDimSize(2),
          w = inputType.getDimSize(3), points = type.getDimSize(2) * type.getDimSize(3);
  Value plane =
      p.build<prim::ReshapeOp>(RankedTensorType::get({n, c, h * w}, element), input, ValueRange{});
  auto pointsType = RankedTensorType::get({n, points}, element);
  auto gridValue = [&](int64_t which) {
    Value g =
        p.create<prim::SliceOp>(grid, rewriter.getDenseI64ArrayAttr({0, 0, 0, which}),
                                rewriter.getDenseI64ArrayAttr(
                                    {n, gridType.getDimSize(1), gridType.getDimSize(2), which + 1}),
                                rewriter.getDenseI64ArrayAttr({1, 1, 1, 1}));
    return p.build<prim::ReshapeOp>(pointsType, g, ValueRange{});
  };
  Value gx = gridValue(0), gy = gridValue(1);
  Ew e{p, gx};
  GridAxis alongX{e, w, *alignCorners, padding}, alongY{e, h, *alignCorners, padding};
  PlaneReader reader{p, plane, w, points};
  auto column = [&](Value x) { return gridTap(p, e, x, w); };
  auto row = [&](Value y) { return gridTap(p, e, y, h); };
  auto sum = [&](ArrayRef<Value> terms) {
    Value total = terms.front();
    for (Value term : terms.drop_front())
      total = p.create<prim::AddOp>(total, term);
    return total;
  };
  Value result;
  if (interpolation == GridInterpolation::nearest) {
    Value x = alongX.pad(alongX.unnormalize(gx)), y = alongY.pad(alongY.unnormalize(gy));
    result = reader.read(column(e.apply<prim::RoundOp>(x)), row(e.apply<prim::RoundOp>(y)));
  } else if (interpolation == GridInterpolation::bilinear) {
    Value x = alongX.pad(alongX.unnormalize(gx)), y = alongY.pad(alongY.unnormalize(gy));
    Value westX = e.apply<prim::FloorOp>(x), northY = e.apply<prim::FloorOp>(y);
    GridTap west = column(westX), east = column(e.add(westX, e.c(1.0)));
    GridTap north = row(northY), south = row(e.add(northY, e.c(1.0)));
    // Distances from the west and north taps; each tap weighs the area
    // opposite it.
    Value fromWest = e.sub(x, westX), fromNorth = e.sub(y, northY);
    Value fromEast = e.sub(e.c(1.0), fromWest), fromSouth = e.sub(e.c(1.0), fromNorth);
    result = sum({reader.weigh(e.mul(fromSouth, fromEast), reader.read(west, north)),
                  reader.weigh(e.mul(fromSouth, fromWest), reader.read(east, north)),
                  reader.weigh(e.mul(fromNorth, fromEast), reader.read(west, south)),
                  reader.weigh(e.mul(fromNorth, fromWest), reader.read(east, south))});
  } else {
    // Bicubic pads each of the 4x4 taps, not the sample position.
    Value x = alongX.unnormalize(gx), y = alongY.unnormalize(gy);
    Value x0 = e.apply<prim::FloorOp>(x), y0 = e.apply<prim::FloorOp>(y);
    std::array<Value, 4> weightX = gridCubicWeights(e, e.sub(x, x0));
    std::array<Value, 4> weightY = gridCubicWeights(e, e.sub(y, y0));
    SmallVector<GridTap, 4> columns, rows;
    for (int k = 0; k < 4; ++k) {
      columns.push_back(column(alongX.pad(e.add(x0, e.c(double(k - 1))))));
      rows.push_back(row(alongY.pad(e.add(y0, e.c(double(k - 1))))));
    }
    SmallVector<Value, 4> alongRows;
    for (int i = 0; i < 4; ++i) {
      SmallVector<Value, 4> taps;
      for (int j = 0; j < 4; ++j)
        taps.push_back(reader.weigh(weightX[j], reader.read(columns[j], rows[i])));
      alongRows.push_back(reader.weigh(weightY[i], sum(taps)));
    }
    result = sum(alongRows);
  }
  rewriter.replaceOp(call, p.build<prim::ReshapeOp>(type, result, ValueRange{}));
  return success();
}

} // namespace

void addResizeDecompositions(std::vector<Decomposition> &table) {
  constexpr const char *gridSamplerPrims =
      "slice, reshape, floor | round, abs, div, min, compare, select, convert, take_along, mul, add";
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
      {"aten.grid_sampler.default", "resize", gridSamplerPrims, gridSampler},
      {"aten.grid_sampler_2d.default", "resize", gridSamplerPrims, gridSampler},
  });
}

} // namespace pt2c
