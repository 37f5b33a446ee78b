//===- Pad.cpp - constant, reflect, replicate and circular padding --------===//
//
// torch's pad lists run from the last dim backwards: [left, right] of the
// last dim, then of the one before, ... Constant padding is prim.pad (a
// negative pad crops: prim.slice); the other modes gather each padded dim
// with a constant index vector (prim.take), one dim at a time.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

using namespace mlir;

namespace pt2c {
namespace {

enum class PadMode { constant, reflect, replicate, circular };

/// Per dim (low, high) from torch's backwards pad list; null when the list
/// is odd or longer than the rank.
std::optional<SmallVector<std::pair<int64_t, int64_t>>> perDim(ArrayRef<int64_t> pad,
                                                               int64_t rank) {
  if (pad.size() % 2 || static_cast<int64_t>(pad.size() / 2) > rank)
    return std::nullopt;
  SmallVector<std::pair<int64_t, int64_t>> result(rank, {0, 0});
  for (size_t i = 0; i < pad.size() / 2; ++i)
    result[rank - 1 - i] = {pad[2 * i], pad[2 * i + 1]};
  return result;
}

/// Null when a negative pad crops a `?` dim or more than the dim holds
/// (torch's narrow fails there too).
FailureOr<Value> padConstant(PrimBuilder &p, Value x, ArrayRef<std::pair<int64_t, int64_t>> pads,
                             double value) {
  OpBuilder &b = p.builder();
  auto type = cast<RankedTensorType>(x.getType());
  // Negative pads crop first.
  SmallVector<int64_t> start, limit, strides;
  bool crop = false;
  for (auto [d, pad] : llvm::enumerate(pads)) {
    bool cropsHere = pad.first < 0 || pad.second < 0;
    int64_t size = type.getDimSize(d);
    start.push_back(std::max<int64_t>(0, -pad.first));
    limit.push_back(size - std::max<int64_t>(0, -pad.second));
    strides.push_back(1);
    if (cropsHere && (ShapedType::isDynamic(size) || start.back() > limit.back()))
      return failure();
    crop |= cropsHere;
  }
  if (crop)
    x = p.create<prim::SliceOp>(x, b.getDenseI64ArrayAttr(start), b.getDenseI64ArrayAttr(limit),
                                b.getDenseI64ArrayAttr(strides));
  SmallVector<int64_t> low, high;
  for (auto [lo, hi] : pads) {
    low.push_back(std::max<int64_t>(0, lo));
    high.push_back(std::max<int64_t>(0, hi));
  }
  Type element = type.getElementType();
  TypedAttr fill = isa<FloatType>(element)
                       ? TypedAttr(b.getFloatAttr(element, value))
                       : TypedAttr(b.getIntegerAttr(element, static_cast<int64_t>(value)));
  Value padded = p.create<prim::PadOp>(x, b.getDenseI64ArrayAttr(low), b.getDenseI64ArrayAttr(high),
                                       nullptr, fill);
  return padded;
}

/// The source index of padded position `j` (from -low) of a dim of `size`;
/// positions inside the dim read themselves, so a negative low or high
/// (j starting inside, or ending early) crops. reflect and replicate mirror
/// or clamp at the input's edges, as torch's kernels do even when the other
/// side crops.
int64_t sourceIndex(PadMode mode, int64_t i, int64_t size) {
  switch (mode) {
  case PadMode::reflect: // mirror without repeating the edge
    if (i < 0)
      return -i;
    return i >= size ? 2 * (size - 1) - i : i;
  case PadMode::replicate:
    return std::clamp<int64_t>(i, 0, size - 1);
  case PadMode::circular:
  case PadMode::constant:
    break;
  }
  return i;
}

/// circular: torch crops first, then wraps around the cropped part, so a
/// pad that crops the other side changes what wraps in. Null when a pad
/// wraps more than once around the cropped part.
std::optional<SmallVector<int64_t>> circularIndices(int64_t low, int64_t high, int64_t size) {
  int64_t first = std::max<int64_t>(0, -low);
  int64_t kept = size - first - std::max<int64_t>(0, -high);
  int64_t before = std::max<int64_t>(0, low), after = std::max<int64_t>(0, high);
  if (kept <= 0 || before > kept || after > kept)
    return std::nullopt;
  SmallVector<int64_t> indices;
  for (int64_t t = -before; t < kept + after; ++t)
    indices.push_back(first + ((t % kept) + kept) % kept);
  return indices;
}

FailureOr<Value> padByGather(PrimBuilder &p, Value x, ArrayRef<std::pair<int64_t, int64_t>> pads,
                             PadMode mode) {
  OpBuilder &b = p.builder();
  auto type = cast<RankedTensorType>(x.getType());
  for (auto [d, pad] : llvm::enumerate(pads)) {
    auto [low, high] = pad;
    if (low == 0 && high == 0)
      continue;
    int64_t size = type.getDimSize(d);
    // reflect needs pads smaller than the dim (as torch checks); a negative
    // pad crops, but something must remain; an empty dim has nothing to copy.
    if (ShapedType::isDynamic(size) || size == 0 || size + low + high <= 0 ||
        (mode == PadMode::reflect && (low >= size || high >= size)))
      return failure();
    // One source index per padded position, tabulated here: a dim of 2^40
    // in the metadata kept this loop going for good (pt2c-fuzz-compile).
    __int128 padded = __int128(size) + low + high;
    if (!indexTableFits(p.loc(), {padded > kMaxIndexTable ? kMaxIndexTable + 1 : int64_t(padded)},
                        "padding indices"))
      return failure();
    SmallVector<int64_t> indices;
    if (mode == PadMode::circular) {
      auto wrapped = circularIndices(low, high, size);
      if (!wrapped)
        return failure();
      indices = std::move(*wrapped);
    } else {
      for (int64_t j = -low; j < size + high; ++j)
        indices.push_back(sourceIndex(mode, j, size));
    }
    auto indexType = RankedTensorType::get({static_cast<int64_t>(indices.size())}, b.getI64Type());
    Value index = p.create<prim::ConstantOp>(DenseElementsAttr::get(indexType, ArrayRef(indices)));
    x = p.create<prim::TakeOp>(x, index, b.getI64IntegerAttr(d));
  }
  return x;
}

LogicalResult padWith(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
                      PadMode mode, StringRef listName, double value) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  auto list = args.integers(listName);
  if (!type || !self || !list)
    return rewriter.notifyMatchFailure(call, "expects a tensor and a constant pad list");
  auto selfType = cast<RankedTensorType>(self.getType());
  auto pads = perDim(*list, selfType.getRank());
  if (!pads)
    return rewriter.notifyMatchFailure(call, "a pad list of (low, high) pairs within the rank");
  // The declared result must be the padded input (where both are static):
  // checked before any index is tabulated from either.
  for (auto [d, pad] : llvm::enumerate(*pads)) {
    if (type.getRank() != selfType.getRank())
      break; // the shape check after building says so
    int64_t in = selfType.getDimSize(d), out = type.getDimSize(d);
    if (ShapedType::isDynamic(in) || ShapedType::isDynamic(out))
      continue;
    __int128 padded = __int128(in) + pad.first + pad.second;
    if (padded != out) {
      emitError(call.getLoc()) << "result dim " << d << " is declared " << out << " but padding "
                               << in << " by (" << pad.first << ", " << pad.second << ") gives "
                               << int64_t(std::clamp<__int128>(padded, INT64_MIN, INT64_MAX));
      return failure();
    }
  }
  PrimBuilder p(rewriter, call.getLoc());
  Value result;
  if (mode == PadMode::constant) {
    auto padded = padConstant(p, self, *pads, value);
    if (failed(padded))
      return rewriter.notifyMatchFailure(
          call, "a negative pad cropping a dynamic dim or more than the dim holds");
    result = *padded;
  } else {
    auto gathered = padByGather(p, self, *pads, mode);
    if (failed(gathered))
      return rewriter.notifyMatchFailure(
          call, "reflect pads must be smaller than a static dim, circular ones at most "
                "its cropped size, and the padded dim must not be empty");
    result = *gathered;
  }
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "the padded shape is not the result's");
  rewriter.replaceOp(call, result);
  return success();
}

LogicalResult constantPadNd(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return padWith(call, args, rewriter, PadMode::constant, "pad",
                 args.number("value").value_or(0.0));
}

// pad(self, pad, mode="constant", value=None)
LogicalResult pad(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  StringRef mode = args.string("mode").value_or("constant");
  std::optional<PadMode> kind = llvm::StringSwitch<std::optional<PadMode>>(mode)
                                    .Case("constant", PadMode::constant)
                                    .Case("reflect", PadMode::reflect)
                                    .Case("replicate", PadMode::replicate)
                                    .Case("circular", PadMode::circular)
                                    .Default(std::nullopt);
  if (!kind)
    return rewriter.notifyMatchFailure(call, "unknown pad mode '" + mode + "'");
  return padWith(call, args, rewriter, *kind, "pad", args.number("value").value_or(0.0));
}

template <PadMode mode>
LogicalResult padNd(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return padWith(call, args, rewriter, mode, "padding", 0.0);
}

} // namespace

Value paddedWith(PrimBuilder &p, Value x, ArrayRef<std::pair<int64_t, int64_t>> pads,
                 double value) {
  FailureOr<Value> padded = x ? padConstant(p, x, pads, value) : FailureOr<Value>(failure());
  return succeeded(padded) ? *padded : Value();
}

void addPadDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.constant_pad_nd.default", "pad", "pad, slice", constantPadNd},
      {"aten.pad.default", "pad", "pad, slice | take", pad},
      {"aten.reflection_pad1d.default", "pad", "take", padNd<PadMode::reflect>},
      {"aten.reflection_pad2d.default", "pad", "take", padNd<PadMode::reflect>},
      {"aten.reflection_pad3d.default", "pad", "take", padNd<PadMode::reflect>},
      {"aten.replication_pad1d.default", "pad", "take", padNd<PadMode::replicate>},
      {"aten.replication_pad2d.default", "pad", "take", padNd<PadMode::replicate>},
      {"aten.replication_pad3d.default", "pad", "take", padNd<PadMode::replicate>},
  });
}

} // namespace pt2c
