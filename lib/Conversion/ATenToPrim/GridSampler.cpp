//===- GridSampler.cpp - grid_sampler in 2-d and 3-d ----------------------===//
//
// grid_sampler's positions come from a run-time grid, so its taps are
// computed at run time and gathered from the flattened input planes: each
// output point unnormalizes its grid coordinates to input positions, pads
// them (zeros, border, reflection), and weighs the taps around them (1
// nearest, 2^s (bi/tri)linear, 4x4 bicubic in 2-d).
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <array>

using namespace mlir;

namespace pt2c {
namespace {

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
  /// torch's scalar kernel (3-d) unnormalizes in other steps than its
  /// vectorized 2-d one; in float16/bfloat16 each step rounds.
  bool scalarKernel = false;

  /// A grid value in [-1, 1] as an input position: with align_corners -1
  /// and 1 are the corner pixels' centers, else their outer edges.
  Value unnormalize(Value g) {
    Value shifted = e.add(g, e.c(1.0));
    if (scalarKernel) // ((g + 1) / 2) (size - 1), or ((g + 1) size - 1) / 2
      return alignCorners ? e.mul(e.div(shifted, e.c(2.0)), e.c(double(size - 1)))
                          : e.div(e.sub(e.mul(shifted, e.c(double(size))), e.c(1.0)), e.c(2.0));
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

/// Reads the flattened input planes [N, C, D1 * ... * Ds] at [N, points]
/// taps into [N, C, points]; taps off the input read 0, as torch's masked
/// gathers do.
struct PlaneReader {
  PrimBuilder &p;
  Value plane;
  SmallVector<int64_t> sizes; // the spatial dims, outermost first
  int64_t points;

  RankedTensorType wide(Type element) const {
    auto planeType = cast<RankedTensorType>(plane.getType());
    return RankedTensorType::get({planeType.getDimSize(0), planeType.getDimSize(1), points},
                                 element);
  }

  /// The value at one tap per spatial dim (outermost first).
  Value read(ArrayRef<GridTap> taps) {
    if (!plane)
      return Value(); // an earlier step failed and said why
    OpBuilder &b = p.builder();
    Ew ints{p, taps.front().index};
    Value flat = taps.front().index, inside = taps.front().inside;
    for (size_t d = 1; d < taps.size(); ++d) {
      flat = ints.add(ints.mul(flat, ints.c(double(sizes[d]))), taps[d].index);
      inside = p.create<prim::AndOp>(inside, taps[d].inside);
    }
    Value index = p.broadcastInDim(flat, wide(b.getI64Type()), {0, 2}, {});
    Value value = p.create<prim::TakeAlongOp>(plane, index, b.getI64IntegerAttr(2));
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

/// The terms added in order (torch's accumulation order).
Value sumOf(PrimBuilder &p, ArrayRef<Value> terms) {
  Value total = terms.front();
  for (Value term : terms.drop_front())
    total = total && term ? p.create<prim::AddOp>(total, term) : Value();
  return total;
}

/// A grid_sampler call over `spatial` dims, checked: input [N, C, D...] and
/// grid [N, O..., spatial] of the result's float type [N, C, O...], all
/// static; the grid's coordinates (x first: the innermost dim) as
/// [N, points] each.
struct GridCall {
  Value plane; // the input as [N, C, D1 * ... * Ds]
  SmallVector<int64_t> sizes; // D..., outermost first
  SmallVector<Value> coordinates; // x, y(, z)
  int64_t points = 0;
  GridInterpolation interpolation;
  GridPadding padding;
  bool alignCorners = false;
};

FailureOr<GridCall> checkedGridCall(aten::CallOp call, const CallArgs &args,
                                    PatternRewriter &rewriter, PrimBuilder &p, int64_t spatial) {
  RankedTensorType type = resultType(call);
  Value input = tensorArgOfRank(args, "input", spatial + 2), grid = tensorArg(args, "grid");
  auto interpolationArg = args.integer("interpolation_mode");
  auto paddingArg = args.integer("padding_mode");
  auto alignCorners = args.boolean("align_corners");
  int64_t rank = spatial + 2;
  if (!type || !input || !grid || !interpolationArg || !paddingArg || !alignCorners ||
      !type.hasStaticShape() || type.getRank() != rank || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "a static float input of 2 + spatial dims, a grid");
  // Bicubic is 2-d only, as in torch.
  if (*interpolationArg < 0 || *interpolationArg > (spatial == 2 ? 2 : 1) || *paddingArg < 0 ||
      *paddingArg > 2)
    return rewriter.notifyMatchFailure(
        call, "interpolation bilinear/nearest (/bicubic in 2-d), padding zeros/border/reflection");
  auto inputType = cast<RankedTensorType>(input.getType());
  auto gridType = cast<RankedTensorType>(grid.getType());
  if (!inputType.hasStaticShape() || !gridType.hasStaticShape() || gridType.getRank() != rank ||
      gridType.getDimSize(rank - 1) != spatial || gridType.getElementType() != type.getElementType())
    return rewriter.notifyMatchFailure(call, "a static [N, O..., spatial] grid of the input's type");
  // The planes and points are sized from the result: the input's [N, C] and
  // the grid's [N, O...] must be its own (a grid of batch 0 built nothing to
  // weigh, and the null was read: SIGSEGV).
  bool fits = inputType.getElementType() == type.getElementType() &&
              inputType.getDimSize(0) == type.getDimSize(0) &&
              inputType.getDimSize(1) == type.getDimSize(1) &&
              gridType.getDimSize(0) == type.getDimSize(0);
  for (int64_t d = 0; d < spatial; ++d)
    fits = fits && gridType.getDimSize(1 + d) == type.getDimSize(2 + d);
  if (!fits)
    return rewriter.notifyMatchFailure(
        call, "input [N, C, D...] of the result's dtype and grid [N, O..., spatial] of its N, C, O");
  GridCall g;
  g.interpolation = static_cast<GridInterpolation>(*interpolationArg);
  g.padding = static_cast<GridPadding>(*paddingArg);
  g.alignCorners = *alignCorners;
  int64_t n = type.getDimSize(0), c = type.getDimSize(1), volume = 1;
  g.points = 1;
  for (int64_t d = 0; d < spatial; ++d) {
    g.sizes.push_back(inputType.getDimSize(2 + d));
    volume *= g.sizes.back();
    g.points *= type.getDimSize(2 + d);
  }
  Type element = type.getElementType();
  g.plane = p.reshape(RankedTensorType::get({n, c, volume}, element), input);
  auto pointsType = RankedTensorType::get({n, g.points}, element);
  for (int64_t which = 0; which < spatial; ++which)
    g.coordinates.push_back(p.reshape(pointsType, sliceDim(p, grid, rank - 1, which, which + 1, 1)));
  return g;
}

// grid_sampler(_2d)(input [N, C, H, W], grid [N, Ho, Wo, 2], interpolation,
// padding, align_corners): the grid's (x, y) are unnormalized to input
// positions at run time (torch's vectorized CPU kernel's steps) and the taps
// around them (1 nearest, 2x2 bilinear, 4x4 bicubic) gathered from the
// flattened planes with their weights.
Value gridSample2d(PrimBuilder &p, const GridCall &g) {
  int64_t h = g.sizes[0], w = g.sizes[1];
  Value gx = g.coordinates[0], gy = g.coordinates[1];
  Ew e{p, gx};
  GridAxis alongX{e, w, g.alignCorners, g.padding}, alongY{e, h, g.alignCorners, g.padding};
  PlaneReader reader{p, g.plane, {h, w}, g.points};
  GridInterpolation interpolation = g.interpolation;
  auto column = [&](Value x) { return gridTap(p, e, x, w); };
  auto row = [&](Value y) { return gridTap(p, e, y, h); };
  Value result;
  if (interpolation == GridInterpolation::nearest) {
    Value x = alongX.pad(alongX.unnormalize(gx)), y = alongY.pad(alongY.unnormalize(gy));
    GridTap nearestX = column(e.apply<prim::RoundOp>(x));
    GridTap nearestY = row(e.apply<prim::RoundOp>(y));
    result = reader.read({nearestY, nearestX});
  } else if (interpolation == GridInterpolation::bilinear) {
    Value x = alongX.pad(alongX.unnormalize(gx)), y = alongY.pad(alongY.unnormalize(gy));
    Value westX = e.apply<prim::FloorOp>(x), northY = e.apply<prim::FloorOp>(y);
    GridTap west = column(westX), east = column(e.add(westX, e.c(1.0)));
    GridTap north = row(northY), south = row(e.add(northY, e.c(1.0)));
    // Distances from the west and north taps; each tap weighs the area
    // opposite it.
    Value fromWest = e.sub(x, westX), fromNorth = e.sub(y, northY);
    Value fromEast = e.sub(e.c(1.0), fromWest), fromSouth = e.sub(e.c(1.0), fromNorth);
    result = sumOf(p, {reader.weigh(e.mul(fromSouth, fromEast), reader.read({north, west})),
                  reader.weigh(e.mul(fromSouth, fromWest), reader.read({north, east})),
                  reader.weigh(e.mul(fromNorth, fromEast), reader.read({south, west})),
                  reader.weigh(e.mul(fromNorth, fromWest), reader.read({south, east}))});
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
        taps.push_back(reader.weigh(weightX[j], reader.read({rows[i], columns[j]})));
      alongRows.push_back(reader.weigh(weightY[i], sumOf(p, taps)));
    }
    result = sumOf(p, alongRows);
  }
  return result;
}


// grid_sampler(_3d)(input [N, C, D, H, W], grid [N, Do, Ho, Wo, 3], ...):
// torch's scalar CPU kernel, each step in the input's type: (x, y, z)
// unnormalized and padded, then the nearest tap (rounded half to even) or
// the 8 corners around the point, weighed by the products of their
// opposite distances (x, then y, then z) and added in torch's order (top
// before bottom, north before south, west before east).
Value gridSample3d(PrimBuilder &p, const GridCall &g) {
  int64_t d = g.sizes[0], h = g.sizes[1], w = g.sizes[2];
  Ew e{p, g.coordinates[0]};
  GridAxis axes[3] = {{e, w, g.alignCorners, g.padding, true},
                      {e, h, g.alignCorners, g.padding, true},
                      {e, d, g.alignCorners, g.padding, true}};
  PlaneReader reader{p, g.plane, {d, h, w}, g.points};
  SmallVector<Value, 3> positions; // x, y, z
  for (int k = 0; k < 3; ++k)
    positions.push_back(axes[k].pad(axes[k].unnormalize(g.coordinates[k])));
  auto tap = [&](int k, Value position) { return gridTap(p, e, position, axes[k].size); };
  if (g.interpolation == GridInterpolation::nearest) {
    auto nearest = [&](int k) { return tap(k, e.apply<prim::RoundOp>(positions[k])); };
    return reader.read({nearest(2), nearest(1), nearest(0)});
  }
  SmallVector<Value, 3> low;
  for (Value position : positions)
    low.push_back(e.apply<prim::FloorOp>(position));
  SmallVector<Value, 8> terms;
  for (int dz = 0; dz < 2; ++dz)
    for (int dy = 0; dy < 2; ++dy)
      for (int dx = 0; dx < 2; ++dx) {
        int corner[3] = {dx, dy, dz};
        Value weight;
        SmallVector<GridTap, 3> taps; // z, y, x
        for (int k = 2; k >= 0; --k) {
          Value high = e.add(low[k], e.c(1.0));
          taps.push_back(tap(k, corner[k] ? high : low[k]));
        }
        for (int k = 0; k < 3; ++k) {
          Value high = e.add(low[k], e.c(1.0));
          Value distance = corner[k] ? e.sub(positions[k], low[k]) : e.sub(high, positions[k]);
          weight = weight ? e.mul(weight, distance) : distance;
        }
        terms.push_back(reader.weigh(weight, reader.read(taps)));
      }
  return sumOf(p, terms);
}

/// grid_sampler, grid_sampler_2d and grid_sampler_3d: 2-d or 3-d from the
/// input's rank.
LogicalResult gridSampler(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value input = tensorArg(args, "input");
  int64_t spatial = input ? cast<RankedTensorType>(input.getType()).getRank() - 2 : 0;
  if (!type || (spatial != 2 && spatial != 3))
    return rewriter.notifyMatchFailure(call, "a 4-d or 5-d input");
  PrimBuilder p(rewriter, call.getLoc());
  FailureOr<GridCall> g = checkedGridCall(call, args, rewriter, p, spatial);
  if (failed(g))
    return failure();
  Value result = spatial == 2 ? gridSample2d(p, *g) : gridSample3d(p, *g);
  return replaceChecked(call, result ? p.reshape(type, result) : Value(), rewriter);
}

} // namespace

void addGridSamplerDecompositions(std::vector<Decomposition> &table) {
  constexpr const char *prims = "slice, reshape, floor, round, abs, div, min, compare, select, "
                                "convert, take_along, mul, add, sub, and";
  table.insert(table.end(), {
      {"aten.grid_sampler.default", "resize", prims, gridSampler},
      {"aten.grid_sampler_2d.default", "resize", prims, gridSampler},
      {"aten.grid_sampler_3d.default", "resize", prims, gridSampler},
  });
}

} // namespace pt2c
