//===- Rearrange.cpp - flip, roll, repeat, diagonal, as_strided, copy -----===//
//
// Ops that move elements without arithmetic. Index patterns known at
// compile time (diagonal, as_strided) are a prim.take of the flattened
// input with a constant index tensor.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

using namespace mlir;

namespace pt2c {
LogicalResult replaceChecked(aten::CallOp call, Value result, PatternRewriter &rewriter) {
  if (!result)
    return failure(); // the checked builders said why
  if (result.getType() != call->getResult(0).getType())
    return rewriter.notifyMatchFailure(call, "the computed shape is not the result's");
  rewriter.replaceOp(call, result);
  return success();
}

namespace {

// The helpers build through PrimBuilder's checked builders and take a null
// operand as an earlier step's failure (it said why), as the rest of the
// decompositions do.
Value reshapeTo(PrimBuilder &p, Value x, ArrayRef<int64_t> shape) {
  if (!x)
    return x;
  return p.reshape(RankedTensorType::get(shape, cast<RankedTensorType>(x.getType()).getElementType()),
                   x);
}

/// `x` (static) as a prim.take of its flattened elements at `indices`
/// (constant, of the result's shape).
Value takeFlat(PrimBuilder &p, Value x, ArrayRef<int64_t> shape, ArrayRef<int64_t> indices) {
  OpBuilder &b = p.builder();
  auto type = cast<RankedTensorType>(x.getType());
  Value flat = reshapeTo(p, x, {type.getNumElements()});
  auto indexType = RankedTensorType::get(shape, b.getI64Type());
  Value index = p.create<prim::ConstantOp>(DenseElementsAttr::get(indexType, indices));
  return p.create<prim::TakeOp>(flat, index, b.getI64IntegerAttr(0));
}

// flip(self, dims) = prim.reverse.
LogicalResult flip(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  auto dims = args.integers("dims");
  if (!self || !dims)
    return rewriter.notifyMatchFailure(call, "expects a tensor and constant dims");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  SmallVector<int64_t> normalized;
  for (int64_t d : *dims)
    normalized.push_back(PrimBuilder::normalizeDim(d, rank));
  llvm::sort(normalized);
  // Checked: a 0-d tensor passes the dim check (dims wrap as for rank 1) but
  // has no dim to reverse.
  PrimBuilder p(rewriter, call.getLoc());
  Value result = p.create<prim::ReverseOp>(self, rewriter.getDenseI64ArrayAttr(normalized));
  if (!result)
    return failure(); // p said why
  return replaceChecked(call, result, rewriter);
}

// fliplr reverses dim 1 (of a tensor of 2 or more dims), flipud dim 0.
template <int64_t dim>
LogicalResult flipDim(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  if (!self || cast<RankedTensorType>(self.getType()).getRank() <= dim)
    return rewriter.notifyMatchFailure(call, "expects a tensor with the dim to reverse");
  PrimBuilder p(rewriter, call.getLoc());
  Value result = p.create<prim::ReverseOp>(self, rewriter.getDenseI64ArrayAttr({dim}));
  if (!result)
    return failure(); // p said why
  return replaceChecked(call, result, rewriter);
}

/// `x` rolled by `shift` along static `dim`: the last `shift` elements first.
Value rollAlong(PrimBuilder &p, Value x, int64_t dim, int64_t shift) {
  if (!x)
    return x;
  OpBuilder &b = p.builder();
  auto type = cast<RankedTensorType>(x.getType());
  int64_t size = type.getDimSize(dim);
  shift = ((shift % size) + size) % size;
  if (shift == 0)
    return x;
  auto part = [&](int64_t from, int64_t to) {
    SmallVector<int64_t> start(type.getRank(), 0), limit(type.getShape()),
        strides(type.getRank(), 1);
    start[dim] = from;
    limit[dim] = to;
    return p.create<prim::SliceOp>(x, b.getDenseI64ArrayAttr(start), b.getDenseI64ArrayAttr(limit),
                                   b.getDenseI64ArrayAttr(strides));
  };
  Value high = part(size - shift, size), low = part(0, size - shift);
  if (!high || !low)
    return Value();
  return p.create<prim::ConcatenateOp>(ValueRange{high, low}, b.getI64IntegerAttr(dim));
}

// roll(self, shifts, dims): without dims, the flattened tensor is rolled.
LogicalResult roll(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  auto shifts = args.integers("shifts");
  auto dims = args.integers("dims");
  if (!self || !shifts)
    return rewriter.notifyMatchFailure(call, "expects a tensor and constant shifts");
  auto type = cast<RankedTensorType>(self.getType());
  if (!type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "a static tensor only");
  // Nothing to move: no element, or one (a 0-d tensor passes the dim check,
  // dims wrapping as for rank 1, but has no dim to index).
  if (type.getNumElements() == 0 || type.getRank() == 0)
    return replaceChecked(call, self, rewriter);
  PrimBuilder p(rewriter, call.getLoc());
  if (!dims || dims->empty()) {
    if (shifts->size() != 1)
      return rewriter.notifyMatchFailure(call, "one shift without dims");
    Value flat = reshapeTo(p, self, {type.getNumElements()});
    Value rolled = rollAlong(p, flat, 0, shifts->front());
    return replaceChecked(call, reshapeTo(p, rolled, type.getShape()), rewriter);
  }
  if (dims->size() != shifts->size())
    return rewriter.notifyMatchFailure(call, "one shift per dim");
  Value x = self;
  for (auto [shift, dim] : llvm::zip(*shifts, *dims))
    x = rollAlong(p, x, PrimBuilder::normalizeDim(dim, type.getRank()), shift);
  return replaceChecked(call, x, rewriter);
}

// fft_fftshift(x, dims) rolls each dim (every dim without) by half its
// size, n / 2; fft_ifftshift back, by -(n / 2).
template <bool inverse>
LogicalResult fftShift(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  if (!self || !cast<RankedTensorType>(self.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static tensor");
  auto type = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
  if (auto given = args.integers("dim")) {
    dims.clear();
    for (int64_t dim : *given)
      if (std::optional<int64_t> d = shapeDim(dim, type))
        dims.push_back(*d);
  }
  PrimBuilder p(rewriter, call.getLoc());
  Value x = self;
  for (int64_t d : dims)
    if (int64_t half = type.getDimSize(d) / 2; type.getDimSize(d) > 0)
      x = rollAlong(p, x, d, inverse ? -half : half);
  return replaceChecked(call, x, rewriter);
}

// repeat_interleave(self, repeats, dim): each element repeated `repeats`
// times in place along dim (self flattened without dim): [.., n, ..] as
// [.., n, 1, ..], broadcast to [.., n, r, ..], merged.
LogicalResult repeatInterleave(aten::CallOp call, const CallArgs &args,
                               PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  std::optional<int64_t> repeats = args.integer("repeats");
  if (!self || !repeats || *repeats < 0 || !cast<RankedTensorType>(self.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "a static tensor and a constant count >= 0");
  auto type = cast<RankedTensorType>(self.getType());
  PrimBuilder p(rewriter, call.getLoc());
  Value x = self;
  std::optional<int64_t> dim = args.integer("dim");
  if (!dim || type.getRank() == 0) {
    x = reshapeTo(p, self, {type.getNumElements()});
    dim = 0;
  }
  auto shape = llvm::to_vector(cast<RankedTensorType>(x.getType()).getShape());
  int64_t d = PrimBuilder::normalizeDim(*dim, shape.size());
  SmallVector<int64_t> spread(shape), dims, merged(shape);
  spread.insert(spread.begin() + d + 1, *repeats);
  for (int64_t i = 0; i < int64_t(shape.size()); ++i)
    dims.push_back(i <= d ? i : i + 1);
  merged[d] *= *repeats;
  Value wide = p.broadcastInDim(x, RankedTensorType::get(spread, type.getElementType()), dims, {});
  return replaceChecked(call, reshapeTo(p, wide, merged), rewriter);
}

// unfold(self, dimension, size, step): the windows self[.., i*step :
// i*step + size, ..] along dimension, the window count in its place and the
// window as a new last dim (a take of a constant [count, size] table).
LogicalResult unfold(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  auto dimension = args.integer("dimension"), size = args.integer("size"),
       step = args.integer("step");
  RankedTensorType type = resultType(call);
  if (!self || !type || !dimension || !size || !step || *size < 0 || *step < 1 ||
      !cast<RankedTensorType>(self.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "a static tensor, size >= 0 and step >= 1");
  auto selfType = cast<RankedTensorType>(self.getType());
  PrimBuilder p(rewriter, call.getLoc());
  Value x = selfType.getRank() == 0 ? reshapeTo(p, self, {1}) : self;
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank(), d = PrimBuilder::normalizeDim(*dimension, rank);
  int64_t length = xType.getDimSize(d);
  if (*size > length)
    return rewriter.notifyMatchFailure(call, "the window is longer than the dim");
  int64_t count = (length - *size) / *step + 1;
  SmallVector<int64_t> table;
  for (int64_t i = 0; i < count; ++i)
    for (int64_t j = 0; j < *size; ++j)
      table.push_back(i * *step + j);
  OpBuilder &b = p.builder();
  auto tableType = RankedTensorType::get({count, *size}, b.getI64Type());
  Value index = p.create<prim::ConstantOp>(DenseElementsAttr::get(tableType, ArrayRef(table)));
  Value windows = p.create<prim::TakeOp>(x, index, b.getI64IntegerAttr(d));
  // [.., count, size, ..] -> the size dim last.
  SmallVector<int64_t> permutation;
  for (int64_t i = 0; i <= rank; ++i)
    if (i != d + 1)
      permutation.push_back(i);
  permutation.push_back(d + 1);
  Value result = p.create<prim::TransposeOp>(windows, b.getDenseI64ArrayAttr(permutation));
  if (selfType.getRank() == 0 && result)
    result = p.build<prim::ReshapeOp>(type, result, ValueRange{});
  return replaceChecked(call, result, rewriter);
}

// repeat(self, repeats): self (with leading unit dims up to the repeats'
// length) broadcast to [r0, s0, r1, s1, ...] and merged pairwise.
LogicalResult repeatBy(aten::CallOp call, Value self, std::optional<SmallVector<int64_t>> repeats,
                       PatternRewriter &rewriter) {
  if (!self || !repeats)
    return rewriter.notifyMatchFailure(call, "expects a tensor and constant repeats");
  auto type = cast<RankedTensorType>(self.getType());
  int64_t rank = repeats->size();
  if (!type.hasStaticShape() || rank < type.getRank())
    return rewriter.notifyMatchFailure(call, "a static tensor, repeats at least its rank");
  // As torch checks; a negative count would become a negative size below.
  if (llvm::any_of(*repeats, [](int64_t r) { return r < 0; }))
    return rewriter.notifyMatchFailure(call, "repeats of 0 or more");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<int64_t> shape(rank - type.getRank(), 1);
  llvm::append_range(shape, type.getShape());
  Value x = reshapeTo(p, self, shape);
  SmallVector<int64_t> interleaved, dims, merged;
  for (int64_t d = 0; d < rank; ++d) {
    interleaved.append({(*repeats)[d], shape[d]});
    dims.push_back(2 * d + 1);
    merged.push_back((*repeats)[d] * shape[d]);
  }
  auto broadcastType = RankedTensorType::get(interleaved, type.getElementType());
  Value wide = p.build<prim::BroadcastInDimOp>(broadcastType, x, rewriter.getDenseI64ArrayAttr(dims),
                                               ValueRange{});
  return replaceChecked(call, reshapeTo(p, wide, merged), rewriter);
}

LogicalResult repeat(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return repeatBy(call, tensorArg(args, "self"), args.integers("repeats"), rewriter);
}

// tile(self, dims) = repeat with dims padded by leading 1s to self's rank.
LogicalResult tile(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  auto dims = args.integers("dims");
  if (!self || !dims)
    return rewriter.notifyMatchFailure(call, "expects a tensor and constant dims");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  SmallVector<int64_t> repeats(std::max<int64_t>(0, rank - int64_t(dims->size())), 1);
  llvm::append_range(repeats, *dims);
  return repeatBy(call, self, repeats, rewriter);
}

/// Where a view reads: the shape of the view and, row-major over it, the
/// flat (row-major) position in its static base of each element.
struct ViewTable {
  SmallVector<int64_t> shape;
  SmallVector<int64_t> positions;
};

/// The elements (i, i + offset) of the (dim1, dim2) planes of `type`, as a
/// new last dim after the other dims; a message (match failure) if not.
FailureOr<ViewTable> diagonalTable(aten::CallOp call, PatternRewriter &rewriter,
                                   RankedTensorType type, int64_t offset, int64_t dim1,
                                   int64_t dim2) {
  int64_t rank = type.getRank();
  dim1 = PrimBuilder::normalizeDim(dim1, rank);
  dim2 = PrimBuilder::normalizeDim(dim2, rank);
  if (!type.hasStaticShape() || dim1 == dim2 || dim1 < 0 || dim2 < 0 || dim1 >= rank ||
      dim2 >= rank)
    return rewriter.notifyMatchFailure(call, "a static tensor and two distinct dims");
  SmallVector<int64_t> strides(rank, 1);
  for (int64_t d = rank - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * type.getDimSize(d + 1);
  int64_t rows = type.getDimSize(dim1), cols = type.getDimSize(dim2);
  int64_t length = std::max<int64_t>(
      0, offset >= 0 ? std::min(rows, cols - offset) : std::min(rows + offset, cols));
  // Result: the other dims in order, then the diagonal.
  SmallVector<int64_t> others;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim1 && d != dim2)
      others.push_back(d);
  ViewTable view;
  for (int64_t d : others)
    view.shape.push_back(type.getDimSize(d));
  view.shape.push_back(length);
  if (!indexTableFits(call.getLoc(), view.shape, "a diagonal's indices"))
    return failure();
  int64_t count = 1;
  for (int64_t size : view.shape)
    count *= size;
  if (count == 0)
    return rewriter.notifyMatchFailure(call, "an empty diagonal");
  for (int64_t linear = 0; linear < count; ++linear) {
    int64_t rest = linear, flat = 0;
    int64_t i = rest % length;
    rest /= length;
    for (int64_t k = others.size() - 1; k >= 0; --k) {
      int64_t size = type.getDimSize(others[k]);
      flat += (rest % size) * strides[others[k]];
      rest /= size;
    }
    int64_t row = offset >= 0 ? i : i - offset, col = offset >= 0 ? i + offset : i;
    view.positions.push_back(flat + row * strides[dim1] + col * strides[dim2]);
  }
  return view;
}

/// diagonal's (and diagonal_scatter's) view of `self`, dims 0 and 1 by
/// default; linalg_diagonal's takes the last two.
template <bool linalg = false>
FailureOr<ViewTable> diagonalOf(aten::CallOp call, const CallArgs &args,
                                PatternRewriter &rewriter, Value self) {
  return diagonalTable(call, rewriter, cast<RankedTensorType>(self.getType()),
                       args.integer("offset").value_or(0),
                       args.integer("dim1").value_or(linalg ? -2 : 0),
                       args.integer("dim2").value_or(linalg ? -1 : 1));
}

/// as_strided's view of `type` (our tensors are values, laid out
/// row-major): element offset + sum(i_k * s_k).
FailureOr<ViewTable> stridedOf(aten::CallOp call, const CallArgs &args,
                               PatternRewriter &rewriter, Value self) {
  auto type = cast<RankedTensorType>(self.getType());
  auto size = args.integers("size");
  auto stride = args.integers("stride");
  int64_t offset = args.integer("storage_offset").value_or(0);
  if (!size || !stride || size->size() != stride->size())
    return rewriter.notifyMatchFailure(call, "expects constant sizes and strides");
  if (!type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "a static tensor only");
  if (!indexTableFits(call.getLoc(), *size, "as_strided's indices"))
    return failure();
  int64_t count = 1;
  for (int64_t s : *size)
    count *= s;
  if (count == 0)
    return rewriter.notifyMatchFailure(call, "an empty view");
  ViewTable view{*size, {}};
  for (int64_t linear = 0; linear < count; ++linear) {
    int64_t rest = linear, flat = offset;
    for (int64_t k = size->size() - 1; k >= 0; --k) {
      flat += (rest % (*size)[k]) * (*stride)[k];
      rest /= (*size)[k];
    }
    if (flat < 0 || flat >= type.getNumElements())
      return rewriter.notifyMatchFailure(call, "the view reads outside the tensor");
    view.positions.push_back(flat);
  }
  return view;
}

/// self with src (of the view's shape) written through the view: a take
/// of src at a constant table per position of self, and a constant mask
/// choosing it where the view reaches. A position the view reaches twice
/// keeps src's last element there (torch copies into the view in order).
LogicalResult writeThrough(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
                           const ViewTable &view) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), src = tensorArg(args, "src");
  if (!type || !self || !src || self.getType() != type ||
      cast<RankedTensorType>(src.getType()).getShape() != ArrayRef<int64_t>(view.shape))
    return rewriter.notifyMatchFailure(call, "expects self of the result's type and src of the view's shape");
  int64_t size = type.getNumElements();
  SmallVector<int64_t> sourceOf(size, 0);
  SmallVector<bool> written(size, false);
  for (auto [k, at] : llvm::enumerate(view.positions)) {
    sourceOf[at] = k;
    written[at] = true;
  }
  PrimBuilder p(rewriter, call.getLoc());
  Value srcFlat = reshapeTo(p, p.convert(src, type.getElementType()), {int64_t(view.positions.size())});
  Value spread = takeFlat(p, srcFlat, {size}, sourceOf);
  Value mask = p.create<prim::ConstantOp>(
      DenseElementsAttr::get(RankedTensorType::get({size}, rewriter.getI1Type()), ArrayRef(written)));
  Value result = reshapeTo(p, p.create<prim::SelectOp>(mask, spread, reshapeTo(p, self, {size})),
                           type.getShape());
  return replaceChecked(call, result, rewriter);
}

/// Where a view op reads `self` (a match failure if it cannot say).
using ViewOf = FailureOr<ViewTable> (*)(aten::CallOp, const CallArgs &, PatternRewriter &,
                                        Value self);

// diagonal(self, offset, dim1, dim2), linalg_diagonal(A, ...) and
// as_strided(self, size, stride, storage_offset) read their view (a take
// of the flattened self at a constant table); diagonal_scatter and
// as_strided_scatter(self, src, ...) write src through it.
template <ViewOf view, bool write, bool linalg = false>
LogicalResult throughView(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, linalg ? "A" : "self");
  if (!resultType(call) || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor");
  FailureOr<ViewTable> table = view(call, args, rewriter, self);
  if (failed(table))
    return failure();
  if (write)
    return writeThrough(call, args, rewriter, *table);
  PrimBuilder p(rewriter, call.getLoc());
  return replaceChecked(call, takeFlat(p, self, table->shape, table->positions), rewriter);
}

// combinations(self, r, with_replacement): the r-element combinations of
// a 1-d self's elements (with repetition when asked), in lexicographic
// order of their positions, one per row: a take of a constant table.
LogicalResult combinations(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArgOfRank(args, "self", 1);
  int64_t r = args.integer("r").value_or(2);
  bool repeat = args.boolean("with_replacement").value_or(false);
  if (!type || !self || !type.hasStaticShape() || type.getRank() != 2 || r < 1 ||
      type.getDimSize(1) != r || !cast<RankedTensorType>(self.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static 1-d self, r >= 1, a [count, r] result");
  int64_t n = cast<RankedTensorType>(self.getType()).getDimSize(0);
  if (!indexTableFits(call.getLoc(), type.getShape(), "combinations' indices"))
    return failure();
  SmallVector<int64_t> table, pick;
  // Odometer over non-decreasing (repeat) or increasing positions.
  for (int64_t k = 0; k < r; ++k)
    pick.push_back(repeat ? 0 : k);
  while (n > 0 && pick.back() < n) {
    table.append(pick);
    int64_t k = r - 1;
    while (k >= 0 && pick[k] >= n - 1 - (repeat ? 0 : r - 1 - k))
      --k;
    if (k < 0)
      break;
    ++pick[k];
    for (int64_t m = k + 1; m < r; ++m)
      pick[m] = repeat ? pick[k] : pick[m - 1] + 1;
  }
  if (int64_t(table.size()) != type.getNumElements() || table.empty())
    return rewriter.notifyMatchFailure(call, "the result's row count is not the combinations'");
  PrimBuilder p(rewriter, call.getLoc());
  return replaceChecked(call, takeFlat(p, self, type.getShape(), table), rewriter);
}

// copy(self, src): src broadcast to self's shape in self's dtype.
LogicalResult copy(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), src = tensorArg(args, "src");
  if (!type || !self || !src)
    return rewriter.notifyMatchFailure(call, "expects tensors self and src");
  PrimBuilder p(rewriter, call.getLoc());
  Value result = p.broadcastTo(p.convert(src, type.getElementType()), type, {self});
  if (!result)
    return rewriter.notifyMatchFailure(call, "a `?` size not known from self");
  return replaceChecked(call, result, rewriter);
}

// pixel_shuffle(x [..., C r^2, H, W], r) = [..., C, H r, W r]: split the
// channels into [C, r, r], move the two r next to H and W, merge.
// pixel_unshuffle is the inverse: split H and W by r, move both r in front
// of them, merge into the channels. Static shapes.
template <bool shuffle>
LogicalResult pixelShuffle(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = type ? tensorArgOfRank(args, "self", type.getRank()) : Value();
  std::optional<int64_t> factor = args.integer(shuffle ? "upscale_factor" : "downscale_factor");
  if (!type || !self || !factor || *factor < 1 || !type.hasStaticShape() ||
      !cast<RankedTensorType>(self.getType()).hasStaticShape() || type.getRank() < 3)
    return rewriter.notifyMatchFailure(call, "expects a static [..., C, H, W] tensor and r >= 1");
  auto selfType = cast<RankedTensorType>(self.getType());
  int64_t rank = type.getRank(), lead = rank - 3, r = *factor;
  ArrayRef<int64_t> small = shuffle ? selfType.getShape() : type.getShape(); // [.., C r^2, H, W]
  ArrayRef<int64_t> big = shuffle ? type.getShape() : selfType.getShape();   // [.., C, H r, W r]
  int64_t c = big[lead], h = small[lead + 1], w = small[lead + 2];
  SmallVector<int64_t> channelsSplit(big.begin(), big.begin() + lead), spatialSplit;
  channelsSplit.append({c, r, r, h, w});                          // [.., C, r, r, H, W]
  spatialSplit.assign(big.begin(), big.begin() + lead);
  spatialSplit.append({c, h, r, w, r});                           // [.., C, H, r, W, r]
  SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, lead));
  if (shuffle) // [.., C, r1, r2, H, W] -> [.., C, H, r1, W, r2]
    perm.append({lead, lead + 3, lead + 1, lead + 4, lead + 2});
  else // [.., C, H, r1, W, r2] -> [.., C, r1, r2, H, W]
    perm.append({lead, lead + 2, lead + 4, lead + 1, lead + 3});
  Type element = type.getElementType();
  PrimBuilder p(rewriter, call.getLoc());
  Value split = p.build<prim::ReshapeOp>(
      RankedTensorType::get(shuffle ? channelsSplit : spatialSplit, element), self, ValueRange{});
  Value moved = p.create<prim::TransposeOp>(split, rewriter.getDenseI64ArrayAttr(perm));
  Value result = p.build<prim::ReshapeOp>(type, moved, ValueRange{});
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

// channel_shuffle(x [N, C, ...], g): the channels as [g, C/g], transposed
// to [C/g, g], flattened back.
LogicalResult channelShuffle(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  std::optional<int64_t> groups = args.integer("groups");
  if (!type || !self || self.getType() != type || !type.hasStaticShape() || type.getRank() < 2 ||
      !groups || *groups < 1 || type.getDimSize(1) % *groups != 0)
    return rewriter.notifyMatchFailure(call, "expects a static [N, C, ...] tensor, C % groups == 0");
  SmallVector<int64_t> split = {type.getDimSize(0), *groups, type.getDimSize(1) / *groups};
  split.append(type.getShape().begin() + 2, type.getShape().end());
  SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, split.size()));
  std::swap(perm[1], perm[2]);
  PrimBuilder p(rewriter, call.getLoc());
  Value grouped = p.build<prim::ReshapeOp>(RankedTensorType::get(split, type.getElementType()),
                                           self, ValueRange{});
  Value swapped = p.create<prim::TransposeOp>(grouped, rewriter.getDenseI64ArrayAttr(perm));
  Value result = p.build<prim::ReshapeOp>(type, swapped, ValueRange{});
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

// rot90(x, k, dims [a, b]): k = 1 is flip(b) then swap a and b, 2 flips both,
// 3 is flip(a) then swap (torch's definition), k taken modulo 4.
LogicalResult rot90(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  std::optional<SmallVector<int64_t>> dims = args.integers("dims");
  int64_t rank = self ? cast<RankedTensorType>(self.getType()).getRank() : 0;
  if (!type || !self || rank < 2 || (dims && dims->size() != 2))
    return rewriter.notifyMatchFailure(call, "expects a tensor of rank >= 2 and two dims");
  int64_t a = PrimBuilder::normalizeDim(dims ? (*dims)[0] : 0, rank);
  int64_t b = PrimBuilder::normalizeDim(dims ? (*dims)[1] : 1, rank);
  if (a < 0 || a >= rank || b < 0 || b >= rank || a == b)
    return rewriter.notifyMatchFailure(call, "expects two different dims");
  int64_t k = ((args.integer("k").value_or(1) % 4) + 4) % 4;
  PrimBuilder p(rewriter, call.getLoc());
  Value x = self;
  auto reverse = [&](ArrayRef<int64_t> along) {
    x = p.create<prim::ReverseOp>(x, rewriter.getDenseI64ArrayAttr(along));
  };
  if (k == 1)
    reverse({b});
  else if (k == 2)
    reverse({std::min(a, b), std::max(a, b)});
  else if (k == 3)
    reverse({a});
  if (k % 2 == 1) {
    SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    std::swap(perm[a], perm[b]);
    x = p.create<prim::TransposeOp>(x, rewriter.getDenseI64ArrayAttr(perm));
  }
  if (!x)
    return failure(); // p said why
  rewriter.replaceOp(call, x);
  return success();
}

} // namespace

void addRearrangeDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.flip.default", "shape", "reverse", flip},
      {"aten.fliplr.default", "shape", "reverse", flipDim<1>},
      {"aten.flipud.default", "shape", "reverse", flipDim<0>},
      {"aten.channel_shuffle.default", "shape", "reshape, transpose", channelShuffle},
      {"aten.pixel_shuffle.default", "shape", "reshape, transpose", pixelShuffle<true>},
      {"aten.pixel_unshuffle.default", "shape", "reshape, transpose", pixelShuffle<false>},
      {"aten.rot90.default", "shape", "reverse, transpose", rot90},
      {"aten.roll.default", "shape", "slice, concatenate, reshape", roll},
      {"aten.repeat.default", "shape", "reshape, broadcast_in_dim", repeat},
      {"aten.tile.default", "shape", "reshape, broadcast_in_dim", tile},
      {"aten.fft_fftshift.default", "shape", "slice, concatenate", fftShift<false>},
      {"aten.fft_ifftshift.default", "shape", "slice, concatenate", fftShift<true>},
      {"aten.repeat_interleave.self_int", "shape", "reshape, broadcast_in_dim",
       repeatInterleave},
      {"aten.unfold.default", "shape", "take, transpose", unfold},
      {"aten.diagonal.default", "shape", "reshape, constant, take",
       throughView<diagonalOf<>, false>},
      {"aten.linalg_diagonal.default", "shape", "reshape, constant, take",
       throughView<diagonalOf<true>, false, true>},
      {"aten.diagonal_scatter.default", "scatter", "reshape, constant, take, select",
       throughView<diagonalOf<>, true>},
      {"aten.as_strided_scatter.default", "scatter", "reshape, constant, take, select",
       throughView<stridedOf, true>},
      {"aten.as_strided.default", "shape", "reshape, constant, take",
       throughView<stridedOf, false>},
      {"aten.combinations.default", "shape", "reshape, constant, take", combinations},
      {"aten.copy.default", "shape", "convert, broadcast_in_dim", copy},
  });
}

} // namespace pt2c
