//===- FractionalMaxPool.cpp - fractional_max_pool2d / 3d -----------------===//
//
// Fractional max pooling (Graham, 2014) places each output's window at a
// start drawn from `random_samples` [N, C, spatial], one sample u per plane
// and spatial dim: with alpha = (in - k) / (out - 1), window i starts at
// int((i + u) alpha) - int(u alpha), the last at in - k. Unlike the other
// pools the windows are known only at run time, so the flat input index of
// every (output, window element) is computed from the samples and the
// elements gathered: [planes, outputs, window] -> max, and the slot torch's
// scan reports (torchMaxSlot) -> the flat index h * W + w (t * H * W + ...).
//
// The starts follow torch's CPU kernel, which computes them in the input's
// own type: in float16/bfloat16 each step rounds, and so does each prim op
// here on those types. torch reads sample 0 for W and 1 for H in 2-d, but
// 0, 1, 2 for T, H, W in 3-d.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

using namespace mlir;

namespace pt2c {
namespace {

/// The window starts [planes, out] along one spatial dim of `in` positions,
/// from each plane's sample `u` [planes] (the input's float type).
Value windowStarts(PrimBuilder &p, Value u, int64_t in, int64_t out, int64_t kernel) {
  OpBuilder &b = p.builder();
  auto uType = cast<RankedTensorType>(u.getType());
  int64_t planes = uType.getDimSize(0);
  auto floatType = RankedTensorType::get({planes, out}, uType.getElementType());
  auto indexType = floatType.clone(b.getI64Type());
  Value position = p.build<prim::IotaOp>(indexType, b.getI64IntegerAttr(1), ValueRange{});
  Ew ints{p, position};
  Value last = ints.c(double(in - kernel));
  if (out == 1)
    return last;
  Value sample = p.broadcastInDim(u, floatType, {0}, {});
  Ew e{p, sample};
  Value i = p.build<prim::IotaOp>(floatType, b.getI64IntegerAttr(1), ValueRange{});
  Value alpha = e.div(e.c(double(in - kernel)), e.c(double(out - 1)));
  Value start = ints.sub(p.convert(e.mul(e.add(i, sample), alpha), b.getI64Type()),
                         p.convert(e.mul(sample, alpha), b.getI64Type()));
  return ints.sel(ints.cmp(prim::ComparePredicate::eq, position, ints.c(double(out - 1))), last,
                  start);
}

// fractional_max_pool{2,3}d(self [N, C, D...] or [C, D...], kernel_size,
// output_size, random_samples [N or 1, C, spatial]) -> (values, indices).
template <int spatial>
LogicalResult fractionalMaxPool(aten::CallOp call, const CallArgs &args,
                                PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call), indicesType = resultType(call, 1);
  Value self = tensorArg(args, "self"), samples = tensorArg(args, "random_samples");
  auto kernel = args.integers("kernel_size"), outs = args.integers("output_size");
  if (!type || !indicesType || !self || !samples || !kernel || !outs ||
      kernel->size() != spatial || outs->size() != spatial ||
      !isa<FloatType>(type.getElementType()) || !type.hasStaticShape() ||
      indicesType.getShape() != type.getShape() || !indicesType.getElementType().isInteger(64))
    return rewriter.notifyMatchFailure(
        call, "expects a float input, kernel_size and output_size per spatial dim, samples");
  auto selfType = cast<RankedTensorType>(self.getType());
  auto samplesType = cast<RankedTensorType>(samples.getType());
  int64_t rank = selfType.getRank(), lead = rank - spatial;
  if ((lead != 1 && lead != 2) || !selfType.hasStaticShape() || !samplesType.hasStaticShape() ||
      type.getRank() != rank || selfType.getElementType() != type.getElementType() ||
      !isa<FloatType>(samplesType.getElementType()))
    return rewriter.notifyMatchFailure(call, "a static [N, C, spatial...] or [C, spatial...] input");
  int64_t planes = 1;
  for (int64_t d = 0; d < lead; ++d)
    planes *= selfType.getDimSize(d);
  // One sample per plane and spatial dim: [N, C, spatial] ([1, C, spatial]
  // for an unbatched input).
  if (samplesType.getRank() != 3 || samplesType.getDimSize(2) != spatial ||
      samplesType.getDimSize(1) != selfType.getDimSize(lead - 1) ||
      samplesType.getDimSize(0) * samplesType.getDimSize(1) != planes)
    return rewriter.notifyMatchFailure(call, "random_samples [N, C, spatial] for the input");
  SmallVector<int64_t> ins, strides(spatial, 1);
  for (int64_t a = 0; a < spatial; ++a) {
    int64_t in = selfType.getDimSize(lead + a), out = (*outs)[a], k = (*kernel)[a];
    // torch's checks: every window fits inside the input.
    if (k < 1 || out < 1 || type.getDimSize(lead + a) != out || out + k - 1 > in)
      return rewriter.notifyMatchFailure(
          call, "output_size + kernel_size - 1 must fit the input, and match the result");
    ins.push_back(in);
  }
  for (int64_t a = spatial - 2; a >= 0; --a)
    strides[a] = strides[a + 1] * ins[a + 1];
  PrimBuilder p(rewriter, call.getLoc());
  if (type.getNumElements() == 0) { // no planes: nothing to pool
    rewriter.replaceOp(call, {p.splat(0.0, type, {}), p.splat(0.0, indicesType, {})});
    return success();
  }
  Type element = type.getElementType(), i64 = rewriter.getI64Type();
  int64_t volume = strides[0] * ins[0], outputs = 1, window = 1;
  for (int64_t a = 0; a < spatial; ++a) {
    outputs *= (*outs)[a];
    window *= (*kernel)[a];
  }
  Value x = p.reshape(RankedTensorType::get({planes, volume}, element), self);
  Value u = p.reshape(RankedTensorType::get({planes, spatial}, element),
                      p.convert(samples, element));
  // The flat input index of every (plane, output..., window element...).
  SmallVector<int64_t> spread = {planes};
  spread.append(outs->begin(), outs->end());
  spread.append(kernel->begin(), kernel->end());
  auto spreadType = RankedTensorType::get(spread, i64);
  Value flat;
  for (int64_t a = 0; a < spatial; ++a) {
    int64_t which = spatial == 2 ? 1 - a : a; // torch: W reads sample 0 in 2-d
    Value sample = p.reshape(RankedTensorType::get({planes}, element),
                             sliceDim(p, u, 1, which, which + 1, 1));
    Value start = windowStarts(p, sample, ins[a], (*outs)[a], (*kernel)[a]);
    Value startSpread = p.broadcastInDim(start, spreadType, {0, 1 + a}, {});
    Value offset = p.build<prim::IotaOp>(spreadType, rewriter.getI64IntegerAttr(1 + spatial + a),
                                         ValueRange{});
    Ew e{p, offset};
    Value term = e.mul(e.add(startSpread, offset), e.c(double(strides[a])));
    flat = flat ? e.add(flat, term) : term;
  }
  auto windowsIndexType = RankedTensorType::get({planes, outputs, window}, i64);
  Value index = p.reshape(windowsIndexType, flat);
  Value gathered = p.create<prim::TakeAlongOp>(
      x, p.reshape(RankedTensorType::get({planes, outputs * window}, i64), index),
      rewriter.getI64IntegerAttr(1));
  Value windows = p.reshape(windowsIndexType.clone(element), gathered);
  Value max = windows ? p.reduce(prim::ReduceKind::max, windows, {2}, false) : Value();
  Value slot = max ? torchMaxSlot(p, windows, max, 2) : Value();
  if (!slot)
    return failure(); // p said why
  Value picked = p.create<prim::TakeAlongOp>(index, slot, rewriter.getI64IntegerAttr(2));
  if (!picked)
    return failure(); // p said why
  SmallVector<Value> results = {p.reshape(type, max), p.reshape(indicesType, picked)};
  for (auto [value, result] : llvm::zip(results, call->getResults()))
    if (!value || value.getType() != result.getType())
      return rewriter.notifyMatchFailure(call, "the pooled shape is not the result's");
  rewriter.replaceOp(call, results);
  return success();
}

} // namespace

void addFractionalMaxPoolDecompositions(std::vector<Decomposition> &table) {
  constexpr const char *prims = "slice, reshape, convert, broadcast_in_dim, iota, add, mul, div, "
                                "sub, compare, select, take_along, reduce, min";
  table.insert(table.end(), {
      {"aten.fractional_max_pool2d.default", "pool", prims, fractionalMaxPool<2>},
      {"aten.fractional_max_pool3d.default", "pool", prims, fractionalMaxPool<3>},
  });
}

} // namespace pt2c
