//===- DataDependent.cpp - ops whose result size depends on the data ------===//
//
// nonzero, argwhere, masked_select, x[mask], unique, unique_consecutive and
// tensor_split at a tensor of indices give tensors whose size is known only
// once the values are: a count read from a tensor (tensor.extract) becomes
// the dynamic size of the prims after it. @forward returns such results
// through DataDependentOutputs.h.
//
// The one shared step is finding the positions of the true elements of a
// mask: with c the inclusive running count of trues, the true element i is
// number c[i] - 1 and writes i there: a scan (a prim.cumsum, scanned by
// blocks of 8: O(8 N) work) and a scatter of N updates into distinct slots,
// on the CPU and the GPU alike.
//
//===----------------------------------------------------------------------===//

#include "Families.h"
#include "RadixSort.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace pt2c {

TrueSlots trueSlots(PrimBuilder &p, Value mask, int64_t limit) {
  Type i64 = p.builder().getI64Type();
  Value running = p.create<prim::CumsumOp>(p.convert(mask, i64), p.builder().getI64IntegerAttr(0));
  if (!running)
    return {Value(), Value()}; // p said why
  Ew e{p, running};
  Value number = e.sub(running, e.c(1.0));
  // Every number is below the mask's size: a limit that large keeps all.
  int64_t n = cast<RankedTensorType>(mask.getType()).getDimSize(0);
  Value kept = limit >= n ? mask
                          : p.create<prim::AndOp>(mask, e.cmp(prim::ComparePredicate::lt, number,
                                                              e.c(double(limit))));
  return {e.sel(kept, number, e.c(double(limit))), running};
}

namespace {

using P = prim::ComparePredicate;

/// The positions (i64, [count]) of the true elements of the static 1-d
/// `mask`, in order, and their count (an index value); null positions when
/// a builder failed (it said why).
std::pair<Value, Value> truePositions(PrimBuilder &p, Value mask) {
  OpBuilder &b = p.builder();
  Type i64 = b.getI64Type();
  int64_t n = cast<RankedTensorType>(mask.getType()).getDimSize(0);
  if (n == 0) {
    Value none = arith::ConstantIndexOp::create(b, p.loc(), 0);
    return {p.build<prim::IotaOp>(RankedTensorType::get({ShapedType::kDynamic}, i64),
                                  b.getI64IntegerAttr(0), ValueRange{none}),
            none};
  }
  // The true element i is number running[i] - 1: it writes i into that
  // slot (the slots 0..count-1, each written once); the false ones all
  // write into a spare slot n, dropped with the slots past count. The
  // count is the running count's last element (no reduction of its own:
  // on the GPU that was a one-block kernel over the whole mask).
  auto [slot, running] = trueSlots(p, mask, n);
  if (!running)
    return {Value(), Value()}; // p said why
  Value last = arith::ConstantIndexOp::create(b, p.loc(), n - 1);
  Value count = arith::IndexCastOp::create(
      b, p.loc(), b.getIndexType(), tensor::ExtractOp::create(b, p.loc(), running, ValueRange{last}));
  Value index = p.build<prim::IotaOp>(RankedTensorType::get({n}, i64), b.getI64IntegerAttr(0),
                                      ValueRange{});
  Value slots = p.splat(0.0, RankedTensorType::get({n + 1}, i64), {});
  Value written = scatterOf(p, prim::ScatterKind::assign, slots, slot, index, 0);
  if (!written)
    return {Value(), count}; // p said why
  OpFoldResult zero = b.getIndexAttr(0), unit = b.getIndexAttr(1);
  Value positions = tensor::ExtractSliceOp::create(
      b, p.loc(), RankedTensorType::get({ShapedType::kDynamic}, i64), written,
      ArrayRef<OpFoldResult>{zero}, ArrayRef<OpFoldResult>{count}, ArrayRef<OpFoldResult>{unit});
  return {positions, count};
}

/// `self` != 0 as a flat [N] bool mask (a bool self as it is; NaN is
/// non-zero, as in torch).
Value flatNonzero(PrimBuilder &p, Value self) {
  auto type = cast<RankedTensorType>(self.getType());
  Value flat = p.reshape(RankedTensorType::get({type.getNumElements()}, type.getElementType()),
                         self);
  if (type.getElementType().isInteger(1))
    return flat;
  Ew e{p, flat};
  return e.cmp(P::ne, flat, e.c(0.0));
}

// nonzero(self) and argwhere(self): [count, rank] coordinates of the
// non-zero elements in row-major order, each a division and remainder of
// the flat position.
LogicalResult nonzero(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || !cast<RankedTensorType>(self.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static self");
  auto selfType = cast<RankedTensorType>(self.getType());
  int64_t rank = selfType.getRank();
  if (type.getRank() != 2 || type.getDimSize(1) != rank)
    return rewriter.notifyMatchFailure(call, "the result is not [count, self's rank]");
  PrimBuilder p(rewriter, call.getLoc());
  auto [positions, count] = truePositions(p, flatNonzero(p, self));
  if (!positions)
    return failure(); // p said why
  Type i64 = rewriter.getI64Type();
  auto columnType = RankedTensorType::get({ShapedType::kDynamic, 1}, i64);
  SmallVector<Value> columns;
  Ew e{p, positions};
  int64_t stride = selfType.getNumElements();
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = selfType.getDimSize(d);
    stride = size == 0 ? 0 : stride / size;
    Value coordinate = stride > 1 ? e.div(positions, e.c(double(stride))) : positions;
    if (d > 0 && size > 0)
      coordinate = p.create<prim::RemOp>(coordinate, e.c(double(size)));
    columns.push_back(p.build<prim::ReshapeOp>(columnType, coordinate, ValueRange{count}));
  }
  Value result;
  if (rank == 0)
    result = p.build<prim::SplatOp>(RankedTensorType::get({ShapedType::kDynamic, 0}, i64),
                                    arith::ConstantIntOp::create(rewriter, call.getLoc(), 0, 64),
                                    ValueRange{count});
  else
    result = rank == 1 ? columns[0]
                       : p.create<prim::ConcatenateOp>(columns, rewriter.getI64IntegerAttr(1));
  return replaceChecked(call, result, rewriter);
}

/// The rows of `x` (static, its leading dims flattened to match the flat
/// bool `mask`) where the mask is true: [count, x's other dims].
Value maskedRows(PrimBuilder &p, Value x, Value mask) {
  Value positions = truePositions(p, mask).first;
  if (!positions)
    return Value(); // p said why
  return p.create<prim::TakeOp>(x, positions, p.builder().getI64IntegerAttr(0));
}

// masked_select(self, mask): the elements of self (both broadcast) where
// mask is true, flat.
LogicalResult maskedSelect(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  auto shape = staticBroadcastShape(args, {"self", "mask"});
  Value self = tensorArg(args, "self"), mask = tensorArg(args, "mask");
  if (!type || !shape || !self || !mask)
    return rewriter.notifyMatchFailure(call, "expects static self and mask that broadcast");
  PrimBuilder p(rewriter, call.getLoc());
  int64_t n = 1;
  for (int64_t size : *shape)
    n *= size;
  Type element = cast<RankedTensorType>(self.getType()).getElementType();
  auto flatOf = [&](Value value, Type elementType) {
    return p.reshape(RankedTensorType::get({n}, elementType),
                     p.broadcastTo(value, RankedTensorType::get(*shape, elementType), {}));
  };
  Value result = maskedRows(p, flatOf(self, element), flatOf(mask, rewriter.getI1Type()));
  return replaceChecked(call, result, rewriter);
}

} // namespace

/// x[mask] (index.Tensor with one bool index over x's leading dims): the
/// rows where mask is true, [count, x's remaining dims]. Null with an error
/// when the shapes do not fit (Gather.cpp's index.Tensor calls it).
Value booleanMaskRows(PrimBuilder &p, Value self, Value mask, RankedTensorType type) {
  auto selfType = cast<RankedTensorType>(self.getType());
  auto maskType = cast<RankedTensorType>(mask.getType());
  int64_t k = maskType.getRank();
  if (!selfType.hasStaticShape() || !maskType.hasStaticShape() || k > selfType.getRank() ||
      selfType.getShape().take_front(k) != maskType.getShape() ||
      type.getRank() != selfType.getRank() - k + 1) {
    emitError(p.loc()) << "a boolean mask index must cover leading dims of a static tensor";
    return Value();
  }
  int64_t n = maskType.getNumElements();
  SmallVector<int64_t> rows = {n};
  llvm::append_range(rows, selfType.getShape().drop_front(k));
  Value flat = p.reshape(RankedTensorType::get(rows, selfType.getElementType()), self);
  return maskedRows(p, flat, p.reshape(RankedTensorType::get({n}, maskType.getElementType()),
                                       mask));
}

namespace {

/// unique_dim of up to kRankSortLimit slices compares every pair of them
/// (O(n^2 x slice size)); more are sorted by digits, one radix sort per
/// slice element, while the slices have at most kMaxRadixColumns elements
/// (each is 8 to 32 passes); otherwise the pairs again, refused above
/// kMaxRowPairElements compared elements rather than build a huge program.
constexpr int64_t kMaxRowPairElements = int64_t(1) << 24;
constexpr int64_t kMaxRadixColumns = 8;

/// The stable lexicographic order ([n] i64) of the rows of `rows` ([n, r]):
/// a stable radix sort by the last column, then by each earlier one.
Value lexicographicRadixOrder(PrimBuilder &p, Value rows) {
  auto type = cast<RankedTensorType>(rows.getType());
  int64_t n = type.getDimSize(0), r = type.getDimSize(1);
  OpBuilder &b = p.builder();
  auto rowType = RankedTensorType::get({1, n}, type.getElementType());
  Value order;
  for (int64_t c = r - 1; c >= 0; --c) {
    Value column = p.reshape(rowType, sliceDim(p, rows, 1, c, c + 1, 1));
    order = radixSortOrder(p, column, /*descending=*/false, order);
    if (!order)
      return Value(); // p said why
  }
  return p.reshape(RankedTensorType::get({n}, b.getI64Type()), order);
}

/// The result `index` of `call` as an empty tensor (unique's inverse and
/// counts when not asked for: [0]), or null when it is not static.
Value emptyResult(PrimBuilder &p, aten::CallOp call, unsigned index) {
  RankedTensorType type = resultType(call, index);
  if (!type || !type.hasStaticShape())
    return Value();
  return p.splat(0.0, type, {});
}

/// _unique2(self, sorted, return_inverse, return_counts),
/// unique_dim(self, dim, sorted, return_inverse, return_counts) and
/// unique_consecutive(self, return_inverse, return_counts, dim): the
/// distinct values (sorted, or runs of equal neighbours; unique_dim sorts
/// whatever `sorted` says, as torch's kernels do), each element's
/// group and each group's size. A group starts where a value differs from
/// the one before it (NaN from everything, as in torch); along a dim of a
/// tensor of rank > 1, where a slice differs from the one before it. Eager gives the
/// inverse and counts as int64, but torch 2.11's export records them in
/// self's dtype (its fake kernel uses empty_like), and the graph after them
/// was traced with that dtype: they are given in the recorded one.
template <bool sortFirst>
LogicalResult unique(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  if (!self || !cast<RankedTensorType>(self.getType()).hasStaticShape() ||
      call->getNumResults() != 3)
    return rewriter.notifyMatchFailure(call, "expects a static self");
  auto selfType = cast<RankedTensorType>(self.getType());
  // Along a dim (unique_consecutive, unique_dim): the slices along it are the
  // items, compared as wholes; a 1-d self is the flattened case.
  int64_t along = -1;
  if (std::optional<int64_t> dim = args.integer("dim")) {
    std::optional<int64_t> d = shapeDim(*dim, selfType);
    if (!d)
      return rewriter.notifyMatchFailure(call, "dim out of range");
    if (selfType.getRank() > 1)
      along = *d;
  }
  // What the archive declares decides: along a dim, torch 2.11 declares
  // the inverse and counts whether they were asked for or not.
  auto declaredEmpty = [&](unsigned index) {
    RankedTensorType declared = resultType(call, index);
    return declared && declared.hasStaticShape() && declared.getNumElements() == 0;
  };
  bool wantInverse = args.boolean("return_inverse").value_or(false) || !declaredEmpty(1);
  bool wantCounts = args.boolean("return_counts").value_or(false) || !declaredEmpty(2);
  int64_t n = along >= 0 ? selfType.getDimSize(along) : selfType.getNumElements();
  // The recorded dtype must hold every group index and count exactly.
  for (unsigned index : {1u, 2u}) {
    RankedTensorType declared = resultType(call, index);
    Type element = declared ? declared.getElementType() : Type();
    bool wanted = index == 1 ? wantInverse : wantCounts;
    int64_t exactUpTo = !element                ? 0
                        : element.isInteger(1)  ? 1
                        : element.isF16()       ? 2048
                        : element.isBF16()      ? 256
                        : element.isF32()       ? (int64_t(1) << 24)
                                                : INT64_MAX;
    if (wanted && exactUpTo < n)
      return rewriter.notifyMatchFailure(
          call, "the archive records the inverse/counts in self's dtype (torch 2.11's fake "
                "kernel), which cannot hold indices and counts up to self's size");
  }
  PrimBuilder p(rewriter, call.getLoc());
  Type element = selfType.getElementType(), i64 = rewriter.getI64Type();
  if (n == 0) { // nothing to group: every result is empty as declared
    SmallVector<Value> results = {self, emptyResult(p, call, 1), emptyResult(p, call, 2)};
    for (auto [index, result] : llvm::enumerate(results))
      if (!result || result.getType() != call->getResult(index).getType())
        return rewriter.notifyMatchFailure(call, "unexpected result types for an empty self");
    rewriter.replaceOp(call, results);
    return success();
  }
  // The items as a [n] vector (flattened) or the [n, r] rows of the slices
  // along the dim (moved to the front, the others in their order: the
  // lexicographic order torch's unique_dim sorts by).
  Value items, rows;
  if (along < 0) {
    items = p.reshape(RankedTensorType::get({n}, element), self);
  } else {
    SmallVector<int64_t> front = {along};
    for (int64_t d = 0; d < selfType.getRank(); ++d)
      if (d != along)
        front.push_back(d);
    Value moved = p.create<prim::TransposeOp>(self, rewriter.getDenseI64ArrayAttr(front));
    int64_t r = selfType.getNumElements() / n;
    bool byDigits = n > kRankSortLimit && r <= kMaxRadixColumns;
    if (sortFirst && !byDigits && n * n * r > kMaxRowPairElements)
      return rewriter.notifyMatchFailure(
          call, "unique along a dim compares every pair of slices: too many (n^2 x slice size "
                "above 2^24 elements, slices of more than 8 elements)");
    items = rows = p.reshape(RankedTensorType::get({n, r}, element), moved);
  }
  // Sorted (unique, unique_dim): the items in stable order, and each
  // original item's place in it.
  Value ranks, sortedSelf = self;
  if (sortFirst) {
    Value order;
    int64_t r = rows ? cast<RankedTensorType>(rows.getType()).getDimSize(1) : 1;
    if (n > kRankSortLimit && r <= kMaxRadixColumns) {
      // Long vectors and slices by digits, O(n) per pass; each item's rank
      // is where the order puts it (one scatter), instead of the O(n^2)
      // pairs.
      order = rows ? lexicographicRadixOrder(p, rows)
                   : p.reshape(RankedTensorType::get({n}, i64),
                               radixSortOrder(p, p.reshape(RankedTensorType::get({1, n}, element),
                                                           items),
                                              /*descending=*/false));
      if (!order)
        return failure(); // p said why
      Value position = p.build<prim::IotaOp>(RankedTensorType::get({n}, i64),
                                             rewriter.getI64IntegerAttr(0), ValueRange{});
      Ew e{p, position};
      ranks = withIndicesInRange(
          scatterOf(p, prim::ScatterKind::assign, e.c(0.0), order, position, 0));
    } else {
      ranks = rows ? lexicographicRowRanks(p, rows)
                   : stableRanks(p, sortKeys(p, items), 0, false);
      order = indicesOfRanks(p, ranks, 0, n);
    }
    items = p.create<prim::TakeOp>(items, order, rewriter.getI64IntegerAttr(0));
    if (rows)
      sortedSelf = p.create<prim::TakeOp>(self, order, rewriter.getI64IntegerAttr(along));
  }
  auto maskType = RankedTensorType::get({n}, rewriter.getI1Type());
  Value first, last;
  if (n == 1) {
    first = last = p.splat(1.0, maskType, {});
  } else {
    Value before = sliceDim(p, items, 0, 0, n - 1, 1), after = sliceDim(p, items, 0, 1, n, 1);
    Ew e{p, before};
    Value differs = e.cmp(P::ne, before, after);
    if (rows) // a slice differs where any of its elements does
      differs = p.reduce(prim::ReduceKind::Or, differs, {1}, false);
    Value one = p.splat(1.0, RankedTensorType::get({1}, rewriter.getI1Type()), {});
    first = p.create<prim::ConcatenateOp>(ValueRange{one, differs}, rewriter.getI64IntegerAttr(0));
    last = p.create<prim::ConcatenateOp>(ValueRange{differs, one}, rewriter.getI64IntegerAttr(0));
  }
  Value starts = truePositions(p, first).first;
  if (!starts)
    return failure(); // p said why
  Value values = rows ? p.create<prim::TakeOp>(sortedSelf, starts, rewriter.getI64IntegerAttr(along))
                      : p.create<prim::TakeOp>(items, starts, rewriter.getI64IntegerAttr(0));
  Value inverse = emptyResult(p, call, 1), counts = emptyResult(p, call, 2);
  if (wantInverse) {
    Value running = p.create<prim::CumsumOp>(p.convert(first, i64), rewriter.getI64IntegerAttr(0));
    Ew e{p, running};
    Value group = e.sub(running, e.c(1.0));
    if (sortFirst)
      group = p.create<prim::TakeOp>(group, ranks, rewriter.getI64IntegerAttr(0));
    RankedTensorType inverseType = resultType(call, 1);
    inverse = inverseType && inverseType.hasStaticShape()
                  ? p.reshape(inverseType, p.convert(group, inverseType.getElementType()))
                  : Value();
  }
  if (wantCounts) {
    Value ends = truePositions(p, last).first;
    if (!ends)
      return failure(); // p said why
    Ew e{p, starts};
    counts = e.add(e.sub(ends, starts), e.c(1.0));
    if (RankedTensorType countsType = resultType(call, 2))
      counts = p.convert(counts, countsType.getElementType());
  }
  if (!values || !inverse || !counts)
    return failure(); // p said why
  SmallVector<Value> results = {values, inverse, counts};
  for (auto [index, result] : llvm::enumerate(results))
    if (result.getType() != call->getResult(index).getType())
      return rewriter.notifyMatchFailure(call, "unexpected result types");
  rewriter.replaceOp(call, results);
  return success();
}

/// An i64 index value `v` of a slice bound along a dim of `size`, as
/// Python slicing reads it: negative from the end, clamped to [0, size].
Value sliceBound(OpBuilder &b, Location loc, Value v, int64_t size) {
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 64);
  Value end = arith::ConstantIntOp::create(b, loc, size, 64);
  Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, v, zero);
  Value wrapped = arith::SelectOp::create(b, loc, negative, arith::AddIOp::create(b, loc, v, end), v);
  return arith::MinSIOp::create(b, loc, arith::MaxSIOp::create(b, loc, wrapped, zero), end);
}

// tensor_split(self, tensor_indices_or_sections [K] int64, dim): K + 1
// pieces self[..., i_{k-1}:i_k, ...] (i_{-1} = 0, i_K = the dim's size),
// each a gather of the rows of its window.
LogicalResult tensorSplitAtIndices(aten::CallOp call, const CallArgs &args,
                                   PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  Value indices = tensorArg(args, "tensor_indices_or_sections");
  auto indicesType = indices ? cast<RankedTensorType>(indices.getType()) : RankedTensorType();
  if (!self || !indicesType || indicesType.getRank() != 1 || !indicesType.hasStaticShape() ||
      !indicesType.getElementType().isInteger(64) ||
      !cast<RankedTensorType>(self.getType()).hasStaticShape() ||
      call->getNumResults() != static_cast<unsigned>(indicesType.getDimSize(0) + 1))
    return rewriter.notifyMatchFailure(
        call, "expects a static self and a 1-d int64 tensor of split indices (a 0-d "
              "tensor of sections is not supported)");
  auto selfType = cast<RankedTensorType>(self.getType());
  auto dim = shapeDim(args.integer("dim").value_or(0), selfType);
  if (!dim)
    return rewriter.notifyMatchFailure(call, "dim out of range");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  int64_t size = selfType.getDimSize(*dim), k = indicesType.getDimSize(0);
  auto boundAt = [&](int64_t i) -> Value {
    if (i < 0)
      return arith::ConstantIntOp::create(rewriter, loc, 0, 64);
    if (i >= k)
      return arith::ConstantIntOp::create(rewriter, loc, size, 64);
    Value one = sliceDim(p, indices, 0, i, i + 1, 1);
    Value scalar = p.reshape(RankedTensorType::get({}, rewriter.getI64Type()), one);
    return sliceBound(rewriter, loc, tensor::ExtractOp::create(rewriter, loc, scalar, ValueRange{}),
                      size);
  };
  SmallVector<Value> pieces;
  auto rowsType = RankedTensorType::get({ShapedType::kDynamic}, rewriter.getI64Type());
  for (int64_t piece = 0; piece <= k; ++piece) {
    Value start = boundAt(piece - 1), end = boundAt(piece);
    Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 64);
    Value length = arith::MaxSIOp::create(rewriter, loc,
                                          arith::SubIOp::create(rewriter, loc, end, start), zero);
    Value rowCount = arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(), length);
    Value rows = p.build<prim::IotaOp>(rowsType, rewriter.getI64IntegerAttr(0),
                                       ValueRange{rowCount});
    Value offset = p.build<prim::SplatOp>(rowsType, start, ValueRange{rowCount});
    pieces.push_back(p.create<prim::TakeOp>(self, p.create<prim::AddOp>(rows, offset),
                                            rewriter.getI64IntegerAttr(*dim)));
  }
  for (auto [index, piece] : llvm::enumerate(pieces))
    if (!piece || piece.getType() != call->getResult(index).getType())
      return rewriter.notifyMatchFailure(call, "unexpected result types");
  rewriter.replaceOp(call, pieces);
  return success();
}

} // namespace

void addDataDependentDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.nonzero.default", "data_dependent",
       "compare, reshape, convert, reduce, cumsum, iota, take, min, and, select, div, rem, "
       "concatenate",
       nonzero},
      {"aten.argwhere.default", "data_dependent",
       "compare, reshape, convert, reduce, cumsum, iota, take, min, and, select, div, rem, "
       "concatenate",
       nonzero},
      {"aten.masked_select.default", "data_dependent",
       "broadcast_in_dim, reshape, convert, reduce, cumsum, iota, take, min, and, select",
       maskedSelect},
      {"aten._unique2.default", "data_dependent",
       "reshape, broadcast_in_dim, compare, reduce, take, slice, concatenate, cumsum, iota, min, "
       "and, select",
       unique<true>},
      {"aten.unique_dim.default", "data_dependent",
       "transpose, reshape, broadcast_in_dim, compare, reduce, iota, select, and, or, take, "
       "slice, concatenate, cumsum, min",
       unique<true>},
      {"aten.unique_consecutive.default", "data_dependent",
       "reshape, compare, slice, concatenate, convert, reduce, cumsum, iota, take, min, and, "
       "select",
       unique<false>},
      {"aten.tensor_split.tensor_indices_or_sections", "data_dependent",
       "slice, reshape, iota, splat, add, take", tensorSplitAtIndices},
  });
}

} // namespace pt2c
