//===- Scatter.cpp - scatter, scatter_add/reduce, select/slice_scatter ----===//
//
// Positions known at compile time (select_scatter, slice_scatter): src is
// gathered to self's shape along the dim (prim.take with constant indices)
// and a constant mask selects it where it lands, self elsewhere.
//
// Positions known at run time (scatter, scatter_add, scatter_reduce,
// index_put): prim.scatter, whose kind (assign, add, mul, max, min) is
// torch's reduce; include_self=False and mean are built around it the way
// torch's own scatter_reduce kernel does.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <limits>

using namespace mlir;

namespace pt2c {
namespace {

/// self with src written along `dim`: position p of self takes src's
/// element `sourceOf[p]` along dim, or keeps its own when -1.
LogicalResult writeAlong(aten::CallOp call, PatternRewriter &rewriter, Value self, Value src,
                         int64_t dim, ArrayRef<int64_t> sourceOf) {
  RankedTensorType type = resultType(call);
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  src = p.convert(src, type.getElementType());
  SmallVector<int64_t> index, mask;
  for (int64_t source : sourceOf) {
    index.push_back(std::max<int64_t>(source, 0));
    mask.push_back(source >= 0);
  }
  int64_t size = sourceOf.size();
  auto indexType = RankedTensorType::get({size}, rewriter.getI64Type());
  Value indices = p.create<prim::ConstantOp>(DenseElementsAttr::get(indexType, ArrayRef(index)));
  Value spread = p.create<prim::TakeOp>(src, indices, rewriter.getI64IntegerAttr(dim));
  SmallVector<bool> bits(mask.begin(), mask.end());
  Value where = p.create<prim::ConstantOp>(
      DenseElementsAttr::get(RankedTensorType::get({size}, rewriter.getI1Type()), ArrayRef(bits)));
  where = p.broadcastInDim(where, type.clone(rewriter.getI1Type()), {dim}, {self});
  if (!spread)
    return failure(); // p said why
  if (!where || spread.getType() != type)
    return rewriter.notifyMatchFailure(call, "src does not fit self outside the written dim");
  rewriter.replaceOp(call, p.create<prim::SelectOp>(where, spread, self));
  return success();
}

/// self, src and the normalized dim, with a static size along it.
struct Operands {
  Value self, src;
  int64_t dim, size;
};

/// `srcRank`: src's rank relative to self's (select_scatter's src lacks
/// the dim), checked with self's against the result's before any shape is
/// indexed by dim.
std::optional<Operands> operands(aten::CallOp call, const CallArgs &args, int64_t srcRank) {
  RankedTensorType type = resultType(call);
  if (!type || type.getRank() == 0)
    return std::nullopt;
  Value self = tensorArgOfRank(args, "self", type.getRank());
  Value src = tensorArgOfRank(args, "src", type.getRank() + srcRank);
  auto dim = args.integer("dim");
  if (!self || !src || !dim)
    return std::nullopt;
  int64_t d = PrimBuilder::normalizeDim(*dim, type.getRank());
  if (type.isDynamicDim(d))
    return std::nullopt;
  return Operands{self, src, d, type.getDimSize(d)};
}

// select_scatter(self, src, dim, index): src (without dim) becomes slice
// `index` of self.
LogicalResult selectScatter(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  auto in = operands(call, args, -1);
  auto index = args.integer("index");
  if (!in || !index || *index < -in->size || *index >= in->size)
    return rewriter.notifyMatchFailure(call, "expects self, src, dim and an index within dim");
  int64_t at = *index < 0 ? *index + in->size : *index;
  auto srcType = cast<RankedTensorType>(in->src.getType());
  SmallVector<int64_t> shape(srcType.getShape());
  shape.insert(shape.begin() + in->dim, 1);
  PrimBuilder p(rewriter, call.getLoc());
  auto unsqueezed = srcType.clone(shape);
  Value src = p.build<prim::ReshapeOp>(unsqueezed, in->src, p.dynamicSizes(unsqueezed, {in->self}));
  SmallVector<int64_t> sourceOf(in->size, -1);
  sourceOf[at] = 0;
  return writeAlong(call, rewriter, in->self, src, in->dim, sourceOf);
}

// slice_scatter(self, src, dim, start, end, step): src becomes
// self[start:end:step] along dim (Python slice bounds).
LogicalResult sliceScatter(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  auto in = operands(call, args, 0);
  int64_t step = args.integer("step").value_or(1);
  if (!in || step < 1)
    return rewriter.notifyMatchFailure(call, "expects self, src, dim and a positive step");
  auto clampBound = [&](std::optional<int64_t> bound, int64_t fallback) {
    int64_t value = bound.value_or(fallback);
    if (value < 0)
      value += in->size;
    return std::clamp<int64_t>(value, 0, in->size);
  };
  int64_t start = clampBound(args.integer("start"), 0);
  int64_t end = clampBound(args.integer("end"), in->size);
  // A table entry per position of the dim: a dim declared 2^31 asked for
  // 16 GiB (pt2c-fuzz-compile).
  if (!indexTableFits(call.getLoc(), {in->size}, "slice_scatter positions"))
    return failure();
  SmallVector<int64_t> sourceOf(in->size, -1);
  for (int64_t at = start, k = 0; at < end; ++k) {
    sourceOf[at] = k;
    if (end - at <= step) // at + step would pass `end` (or int64)
      break;
    at += step;
  }
  return writeAlong(call, rewriter, in->self, in->src, in->dim, sourceOf);
}

// How torch's scatter_reduce combines (scatter and index_put assign).
enum class Reduce { assign, sum, prod, mean, amax, amin };

/// `type` filled with the identity torch starts an include_self=False
/// reduction from (0, 1, or the lowest/highest value: -inf/+inf for
/// floats), with `?` sizes from `like`.
Value identityOf(PrimBuilder &p, Reduce reduce, RankedTensorType type, Value like) {
  Type element = type.getElementType();
  if (reduce != Reduce::amax && reduce != Reduce::amin)
    return p.splat(reduce == Reduce::prod ? 1.0 : 0.0, type, {like});
  bool lowest = reduce == Reduce::amax;
  if (isa<FloatType>(element))
    return p.splat(lowest ? -std::numeric_limits<double>::infinity()
                          : std::numeric_limits<double>::infinity(),
                   type, {like});
  unsigned width = element.getIntOrFloatBitWidth();
  bool isUnsigned = element.isInteger(1) || element.isUnsignedInteger();
  APInt extreme = isUnsigned ? (lowest ? APInt::getMinValue(width) : APInt::getMaxValue(width))
                             : (lowest ? APInt::getSignedMinValue(width)
                                       : APInt::getSignedMaxValue(width));
  OpBuilder &b = p.builder();
  auto scalar = IntegerAttr::get(element, extreme);
  if (type.hasStaticShape())
    return p.create<prim::ConstantOp>(DenseElementsAttr::get(type, scalar));
  SmallVector<Value> sizes = p.dynamicSizes(type, {like});
  if (!PrimBuilder::allKnown(sizes))
    return Value();
  return p.build<prim::SplatOp>(type, arith::ConstantOp::create(b, p.loc(), scalar), sizes);
}

/// torch's scatter_reduce_two: self with src reduced in at index along dim.
/// include_self=False first overwrites the positions hit with the
/// identity; mean divides by the number of values that met (self counts
/// once when included; never by 0), rounding down for integers.
Value scatterReduced(PrimBuilder &p, Reduce reduce, bool includeSelf, Value self, Value index,
                     Value src, int64_t dim) {
  if (reduce == Reduce::assign)
    return scatterOf(p, prim::ScatterKind::assign, self, index, src, dim);
  auto srcType = cast<RankedTensorType>(src.getType());
  Value base = self;
  if (!includeSelf) {
    Value identity = identityOf(p, reduce, srcType, src);
    if (!identity)
      return Value();
    base = scatterOf(p, prim::ScatterKind::assign, self, index, identity, dim);
  }
  prim::ScatterKind kind = reduce == Reduce::prod   ? prim::ScatterKind::mul
                           : reduce == Reduce::amax ? prim::ScatterKind::max
                           : reduce == Reduce::amin ? prim::ScatterKind::min
                                                    : prim::ScatterKind::add;
  Value result = scatterOf(p, kind, base, index, src, dim);
  if (reduce != Reduce::mean)
    return result;
  Value counted = p.splat(includeSelf ? 1.0 : 0.0, cast<RankedTensorType>(self.getType()), {self});
  Value count = scatterOf(p, prim::ScatterKind::add, counted, index, p.splat(1.0, srcType, {src}), dim);
  Ew e{p, count};
  count = e.sel(e.cmp(prim::ComparePredicate::eq, count, e.c(0)), e.c(1), count);
  Value quotient = e.div(result, count);
  if (isa<FloatType>(srcType.getElementType()))
    return quotient;
  // Truncation to floor: one less where the remainder is negative (count > 0).
  Value remainder = p.create<prim::RemOp>(result, count);
  return e.sel(e.cmp(prim::ComparePredicate::lt, remainder, e.c(0)), e.sub(quotient, e.c(1)),
               quotient);
}

// scatter(self, dim, index, src | value), scatter_add, scatter_reduce: only
// src's leading [index.shape] block is read; index may be smaller than self
// in every dim. 0-d tensors scatter as [1] ones.
LogicalResult scatterWith(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
                          Reduce reduce, bool includeSelf) {
  RankedTensorType declared = resultType(call);
  Value self = tensorArg(args, "self"), index = tensorArg(args, "index");
  auto dim = args.integer("dim");
  if (!declared || !self || !index || !dim)
    return rewriter.notifyMatchFailure(call, "expects self, dim and index");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  // A 0-d tensor as [1] (dim 0 or -1 of it is that one element).
  auto asVector = [&](Value x) {
    auto xType = cast<RankedTensorType>(x.getType());
    return xType.getRank() == 0 ? p.reshape(RankedTensorType::get({1}, xType.getElementType()), x)
                                : x;
  };
  RankedTensorType type = declared.getRank() == 0 ? cast<RankedTensorType>(asVector(self).getType())
                                                  : declared;
  if (declared.getRank() == 0) {
    self = asVector(self);
    index = asVector(index);
  }
  auto indexType = cast<RankedTensorType>(index.getType());
  int64_t rank = type.getRank(), d = PrimBuilder::normalizeDim(*dim, rank);
  Type element = type.getElementType();
  if (indexType.getRank() != rank || !isa<IntegerType>(indexType.getElementType()) ||
      indexType.getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(call, "an integer index of self's rank");
  // Booleans add as a logical or and multiply as a logical and (torch's
  // bool arithmetic saturates): the max and the min.
  if (element.isInteger(1) && reduce == Reduce::sum)
    reduce = Reduce::amax;
  else if (element.isInteger(1) && reduce == Reduce::prod)
    reduce = Reduce::amin;
  if (reduce != Reduce::assign && reduce != Reduce::amax && reduce != Reduce::amin &&
      element.isInteger(1))
    return rewriter.notifyMatchFailure(call, "means of booleans");
  Value src = tensorArg(args, "src");
  if (src && declared.getRank() == 0)
    src = asVector(src);
  if (src) {
    auto srcType = cast<RankedTensorType>(src.getType());
    if (srcType.getRank() != rank)
      return rewriter.notifyMatchFailure(call, "a src of self's rank");
    src = p.convert(src, element);
    if (srcType.getShape() != indexType.getShape()) {
      if (!srcType.hasStaticShape() || !indexType.hasStaticShape())
        return rewriter.notifyMatchFailure(call, "a src larger than index needs static shapes");
      src =
          p.create<prim::SliceOp>(src, rewriter.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 0)),
                                  rewriter.getDenseI64ArrayAttr(indexType.getShape()),
                                  rewriter.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 1)));
    }
  } else if (auto value = args.number("value")) {
    src = p.splat(*value, indexType.clone(element), {index});
  }
  if (!src)
    return rewriter.notifyMatchFailure(call, "expects src or a numeric value");
  Value result = scatterReduced(p, reduce, includeSelf, self, p.convert(index, rewriter.getI64Type()),
                                src, d);
  if (!result || result.getType() != type)
    return rewriter.notifyMatchFailure(call, "the scattered shape is not the result's");
  rewriter.replaceOp(call, type == declared ? result : p.reshape(declared, result));
  return success();
}

template <Reduce reduce>
LogicalResult scatter(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return scatterWith(call, args, rewriter, reduce, true);
}

/// The reduction torch's `reduce` string names (scatter_reduce's five;
/// index_reduce takes all but sum).
std::optional<Reduce> reduceNamed(StringRef name) {
  return llvm::StringSwitch<std::optional<Reduce>>(name)
      .Case("sum", Reduce::sum)
      .Case("prod", Reduce::prod)
      .Case("mean", Reduce::mean)
      .Case("amax", Reduce::amax)
      .Case("amin", Reduce::amin)
      .Default(std::nullopt);
}

// scatter_reduce.two(self, dim, index, src, reduce, include_self)
LogicalResult scatterReduce(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  StringRef name = args.string("reduce").value_or("");
  std::optional<Reduce> reduce = reduceNamed(name);
  if (!reduce)
    return rewriter.notifyMatchFailure(call, "unknown reduce '" + name + "'");
  return scatterWith(call, args, rewriter, *reduce, args.boolean("include_self").value_or(true));
}

// scatter.reduce / scatter.value_reduce(self, dim, index, src | value,
// reduce): the older scatter with reduce "add" or "multiply", self included.
LogicalResult scatterNamedReduce(aten::CallOp call, const CallArgs &args,
                                 PatternRewriter &rewriter) {
  StringRef name = args.string("reduce").value_or("");
  if (name != "add" && name != "multiply")
    return rewriter.notifyMatchFailure(call, "unknown reduce '" + name + "'");
  return scatterWith(call, args, rewriter, name == "add" ? Reduce::sum : Reduce::prod, true);
}

/// prim.transpose of `x` by `permutation`, or `x` when it is the identity.
Value permuted(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> permutation) {
  if (llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size())))
    return x;
  // Checked: index_put's permutation follows the indexed tensor's rank.
  return PrimBuilder(b, loc).create<prim::TransposeOp>(x, b.getDenseI64ArrayAttr(permutation));
}

/// numpy broadcasting of static shapes; nullopt when they do not broadcast.
std::optional<SmallVector<int64_t>> broadcastShape(ArrayRef<RankedTensorType> types) {
  SmallVector<int64_t> shape;
  for (RankedTensorType type : types) {
    if (!type.hasStaticShape())
      return std::nullopt;
    if (type.getRank() > int64_t(shape.size()))
      shape.insert(shape.begin(), type.getRank() - shape.size(), 1);
    int64_t offset = shape.size() - type.getRank();
    for (auto [d, size] : llvm::enumerate(type.getShape())) {
      int64_t &into = shape[offset + d];
      if (into != size && into != 1 && size != 1)
        return std::nullopt;
      into = into == 1 ? size : into;
    }
  }
  return shape;
}

/// Whether `value`'s (static) shape broadcasts to `shape` (numpy rules).
bool broadcastsTo(Value value, ArrayRef<int64_t> shape) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape() || type.getRank() > int64_t(shape.size()))
    return false;
  ArrayRef<int64_t> tail = shape.take_back(type.getRank());
  return llvm::all_of(llvm::zip(type.getShape(), tail), [](auto pair) {
    auto [from, to] = pair;
    return from == to || from == 1;
  });
}

// index_put with one boolean mask on dims [m, m + r): self[:, ..., mask]
// = values. The rows it picks depend on the data, but when values does
// not vary along them (it broadcasts to [self.shape[:m], 1, rest], as in
// x[x < 0] = 0) every picked element gets the value at its own lead and
// rest position: a select (or an add of the selected values) over self.
LogicalResult maskedPut(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
                        int64_t m, Value mask) {
  RankedTensorType type = resultType(call);
  auto maskType = cast<RankedTensorType>(mask.getType());
  int64_t r = maskType.getRank(), rank = type.getRank();
  ArrayRef<int64_t> shape = type.getShape();
  if (m + r > rank || maskType.getShape() != shape.slice(m, r))
    return rewriter.notifyMatchFailure(call, "a boolean mask of the shape of the dims it indexes");
  Type element = type.getElementType();
  bool accumulate = args.boolean("accumulate").value_or(false);
  if (accumulate && element.isInteger(1))
    return rewriter.notifyMatchFailure(call, "accumulating booleans");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  // values as [lead, 1, rest], then with the 1 as r ones: self's rank.
  SmallVector<int64_t> perRow(shape.take_front(m)), spread(shape.take_front(m));
  perRow.push_back(1);
  spread.append(r, 1);
  llvm::append_range(perRow, shape.drop_front(m + r));
  llvm::append_range(spread, shape.drop_front(m + r));
  Value values = tensorArg(args, "values");
  if (!values || !broadcastsTo(values, perRow))
    return rewriter.notifyMatchFailure(
        call, "values that differ between the rows a boolean mask picks (their positions depend "
              "on the data)");
  values = p.broadcastTo(values, RankedTensorType::get(perRow, element), {});
  if (r != 1)
    values = p.build<prim::ReshapeOp>(RankedTensorType::get(spread, element), values, ValueRange{});
  SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  values = p.broadcastInDim(values, type, all, {});
  SmallVector<int64_t> maskDims = llvm::to_vector(llvm::seq<int64_t>(m, m + r));
  Value where = p.broadcastInDim(mask, type.clone(rewriter.getI1Type()), maskDims, {});
  Value self = p.convert(tensorArg(args, "self"), element);
  Ew e{p, self};
  Value result = accumulate ? e.add(self, e.sel(where, values, e.c(0))) : e.sel(where, values, self);
  rewriter.replaceOp(call, result);
  return success();
}

// index_put(self, indices, values, accumulate): self[:, ..., i0, ..., ik-1]
// = values (+= with accumulate). The indices are read as index.Tensor
// reads them (Gather.cpp): m leading None, k index tensors on adjacent
// dims broadcast together to B, negative ones wrapped, then Nones to the
// end. The indexed dims move to the front and flatten into one of size
// L; values, broadcast to the indexed shape [self.shape[:m], B, rest],
// become |B| rows [|B|, self.shape[:m], rest] that prim.scatter writes
// (or adds) along that dim at the linear indices. A boolean mask goes to
// maskedPut.
LogicalResult indexPut(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), values = tensorArg(args, "values");
  OperandRange indices = args.values("indices");
  if (!type || !self || !values || !type.hasStaticShape() || type.getRank() == 0)
    return rewriter.notifyMatchFailure(call, "static self (not 0-d), indices and values");
  int64_t m = 0, trailing = 0;
  SmallVector<Value> tensors;
  SmallVector<RankedTensorType> indexTypes;
  for (Value index : indices) {
    auto indexType = dyn_cast<RankedTensorType>(index.getType());
    if (!indexType) { // None: a whole dim
      (tensors.empty() ? m : trailing) += 1;
      continue;
    }
    if (trailing > 0)
      return rewriter.notifyMatchFailure(call, "index tensors separated by None");
    if (!isa<IntegerType>(indexType.getElementType()))
      return rewriter.notifyMatchFailure(call, "integer or boolean index tensors");
    tensors.push_back(index);
    indexTypes.push_back(indexType);
  }
  if (tensors.size() == 1 && indexTypes[0].getElementType().isInteger(1))
    return maskedPut(call, args, rewriter, m, tensors[0]);
  if (llvm::any_of(indexTypes, [](RankedTensorType t) { return t.getElementType().isInteger(1); }))
    return rewriter.notifyMatchFailure(call, "a boolean mask mixed with other index tensors");
  int64_t k = tensors.size(), rank = type.getRank();
  std::optional<SmallVector<int64_t>> batch = broadcastShape(indexTypes);
  if (k == 0 || m + k > rank || !batch)
    return rewriter.notifyMatchFailure(call, "static index tensors that broadcast, within self's rank");
  bool accumulate = args.boolean("accumulate").value_or(false);
  Type element = type.getElementType();
  if (accumulate && element.isInteger(1))
    return rewriter.notifyMatchFailure(call, "accumulating booleans");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  auto i64 = rewriter.getI64Type();
  ArrayRef<int64_t> shape = type.getShape();
  ArrayRef<int64_t> lead = shape.take_front(m), indexed = shape.slice(m, k),
                    rest = shape.drop_front(m + k);

  // self as [L, lead, rest].
  SmallVector<int64_t> front;
  llvm::append_range(front, llvm::seq<int64_t>(m, m + k));
  llvm::append_range(front, llvm::seq<int64_t>(0, m));
  llvm::append_range(front, llvm::seq<int64_t>(m + k, rank));
  SmallVector<int64_t> unflat(indexed), flat = {1};
  for (int64_t size : indexed)
    flat[0] *= size;
  for (ArrayRef<int64_t> part : {lead, rest}) {
    llvm::append_range(unflat, part);
    llvm::append_range(flat, part);
  }
  Value x = p.build<prim::ReshapeOp>(RankedTensorType::get(flat, element),
                                     permuted(rewriter, loc, self, front), ValueRange{});

  // The linear index into L of each point of B, wrapped like torch.
  auto batchType = RankedTensorType::get(*batch, i64);
  Value linear;
  int64_t stride = 1;
  for (int64_t j = k - 1; j >= 0; --j) {
    Value index = p.broadcastTo(tensors[j], batchType, {});
    Ew e{p, index};
    index = e.sel(e.cmp(prim::ComparePredicate::lt, index, e.c(0)),
                  e.add(index, e.c(double(indexed[j]))), index);
    Value term = stride == 1 ? index : e.mul(index, e.c(double(stride)));
    linear = linear ? e.add(linear, term) : term;
    stride *= indexed[j];
  }
  int64_t rows = batchType.getNumElements(), b = batch->size();
  SmallVector<int64_t> rowShape = {rows};
  llvm::append_range(rowShape, ArrayRef(flat).drop_front());
  linear = p.build<prim::ReshapeOp>(RankedTensorType::get({rows}, i64), linear, ValueRange{});
  Value target = p.broadcastInDim(linear, RankedTensorType::get(rowShape, i64), {0}, {});

  // values as rows: [lead, B, rest] -> [B, lead, rest] -> [|B|, lead, rest].
  SmallVector<int64_t> valueShape(lead);
  llvm::append_range(valueShape, *batch);
  llvm::append_range(valueShape, rest);
  if (!broadcastsTo(values, valueShape))
    return rewriter.notifyMatchFailure(call, "static values that broadcast to the indexed shape");
  Value source = p.broadcastTo(values, RankedTensorType::get(valueShape, element), {});
  SmallVector<int64_t> batchFirst;
  llvm::append_range(batchFirst, llvm::seq<int64_t>(m, m + b));
  llvm::append_range(batchFirst, llvm::seq<int64_t>(0, m));
  llvm::append_range(batchFirst, llvm::seq<int64_t>(m + b, int64_t(valueShape.size())));
  source = p.build<prim::ReshapeOp>(RankedTensorType::get(rowShape, element),
                                    permuted(rewriter, loc, source, batchFirst), ValueRange{});

  Value result = scatterOf(p, accumulate ? prim::ScatterKind::add : prim::ScatterKind::assign, x,
                           target, source, 0);
  result = p.build<prim::ReshapeOp>(RankedTensorType::get(unflat, element), result, ValueRange{});
  SmallVector<int64_t> back(rank);
  for (int64_t d = 0; d < rank; ++d)
    back[front[d]] = d;
  result = permuted(rewriter, loc, result, back);
  if (!result)
    return failure(); // a checked builder said why
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "the indexed shape is not the result's");
  rewriter.replaceOp(call, result);
  return success();
}

// masked_scatter(self, mask, source): where mask (broadcast to self) is
// true, the next element of source in row-major order, else self. The k-th
// true position reads source's element k: an inclusive cumsum of the mask,
// minus one, is that k; it is gathered from source flattened (clamped to 0
// where the mask is false, so only true positions index). torch fails when
// source has fewer elements than the mask's trues: the gather's run-time
// index check fails the run there. Static shapes.
LogicalResult maskedScatter(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), mask = tensorArg(args, "mask");
  Value source = tensorArg(args, "source");
  if (!type || !self || !mask || !source || !type.hasStaticShape() ||
      !cast<RankedTensorType>(source.getType()).hasStaticShape() ||
      !cast<RankedTensorType>(mask.getType()).getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(call, "expects static self, a bool mask and source");
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t count = type.getNumElements();
  PrimBuilder p(rewriter, call.getLoc());
  Type i64 = rewriter.getI64Type();
  auto flatType = [&](Type element) { return RankedTensorType::get({count}, element); };
  Value where = p.build<prim::ReshapeOp>(flatType(rewriter.getI1Type()),
                                         p.broadcastTo(mask, type.clone(rewriter.getI1Type()), {}),
                                         ValueRange{});
  Value ordinal = p.create<prim::CumsumOp>(p.convert(where, i64), rewriter.getI64IntegerAttr(0));
  Ew e{p, ordinal};
  Value index = e.sel(where, e.sub(ordinal, e.c(1.0)), e.c(0.0));
  Value sourceFlat = p.build<prim::ReshapeOp>(
      RankedTensorType::get({sourceType.getNumElements()}, sourceType.getElementType()), source,
      ValueRange{});
  Value taken = p.convert(p.create<prim::TakeOp>(sourceFlat, index, rewriter.getI64IntegerAttr(0)),
                          type.getElementType());
  Value selfFlat = p.build<prim::ReshapeOp>(flatType(type.getElementType()), self, ValueRange{});
  Value result = p.build<prim::ReshapeOp>(type, e.sel(where, taken, selfFlat), ValueRange{});
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

/// torch adds booleans as a logical or (index_add, put with accumulate):
/// a scatter-max of 0/1 in i32 (an i1 true compares as -1), back to bool.
Value booleanSum(PrimBuilder &p, Value self, Value index, Value src, int64_t dim) {
  Type i32 = p.builder().getI32Type(), i1 = p.builder().getI1Type();
  return p.convert(scatterOf(p, prim::ScatterKind::max, p.convert(self, i32), index,
                             p.convert(src, i32), dim),
                   i1);
}

/// `index` (0-d or 1-d, integer) with negative entries wrapped by `size`:
/// index_fill and put accept -size..size-1 as torch's kernels do; the
/// other index_* ops reject negatives, left to the scatter's range check.
Value wrappedIndex(PrimBuilder &p, Value index, int64_t size) {
  Ew e{p, index};
  return e.sel(e.cmp(prim::ComparePredicate::lt, index, e.c(0.0)), e.add(index, e.c(double(size))),
               index);
}

/// The operands of index_add/copy/fill/reduce(self, dim, index, source):
/// self (0-d as [1]), dim normalized, and the scatter index, `index` (0-d
/// or 1-d, length J) broadcast along dim to the source's shape [self with
/// dim of size J].
struct AlongDim {
  Value self, index;
  RankedTensorType sourceType;
  int64_t dim;
};

std::optional<AlongDim> alongDim(PrimBuilder &p, const CallArgs &args, RankedTensorType type,
                                 bool wrap) {
  Value self = tensorArg(args, "self"), index = tensorArg(args, "index");
  auto dim = args.integer("dim");
  if (!type || !self || !index || !dim || !type.hasStaticShape() ||
      cast<RankedTensorType>(self.getType()) != type)
    return std::nullopt;
  auto indexType = cast<RankedTensorType>(index.getType());
  if (indexType.getRank() > 1 || !indexType.hasStaticShape() ||
      !isa<IntegerType>(indexType.getElementType()) || indexType.getElementType().isInteger(1))
    return std::nullopt;
  int64_t rank = std::max<int64_t>(type.getRank(), 1);
  int64_t d = PrimBuilder::normalizeDim(*dim, rank);
  if (d < 0 || d >= rank)
    return std::nullopt;
  RankedTensorType selfType = type;
  if (type.getRank() == 0) {
    selfType = RankedTensorType::get({1}, type.getElementType());
    self = p.reshape(selfType, self);
  }
  int64_t count = indexType.getNumElements();
  index = p.reshape(RankedTensorType::get({count}, p.builder().getI64Type()),
                                   p.convert(index, p.builder().getI64Type()));
  if (wrap)
    index = wrappedIndex(p, index, selfType.getDimSize(d));
  SmallVector<int64_t> shape(selfType.getShape());
  shape[d] = count;
  auto sourceType = RankedTensorType::get(shape, type.getElementType());
  index = p.broadcastInDim(index, sourceType.clone(p.builder().getI64Type()), {d}, {});
  if (!self || !index)
    return std::nullopt;
  return AlongDim{self, index, sourceType, d};
}

/// `source` as the scatter's [self with dim of size J] operand: torch lets
/// a 0-d source stand for a 0-d self's one element.
Value sourceAlong(PrimBuilder &p, const CallArgs &args, const AlongDim &in) {
  Value source = tensorArg(args, "source");
  if (!source)
    return Value();
  auto type = cast<RankedTensorType>(source.getType());
  if (!type.hasStaticShape() || type.getNumElements() != in.sourceType.getNumElements())
    return Value();
  if (type.getShape() != in.sourceType.getShape()) {
    if (type.getRank() > 1 || in.sourceType.getRank() != 1)
      return Value();
    source = p.reshape(RankedTensorType::get(in.sourceType.getShape(), type.getElementType()), source);
  }
  return p.convert(source, in.sourceType.getElementType());
}

/// alongDim and sourceAlong together (index_add, index_copy, index_reduce):
/// nullopt after notifying the rewriter of what the call lacks.
std::optional<std::pair<AlongDim, Value>> withSource(aten::CallOp call, PrimBuilder &p,
                                                     const CallArgs &args, RankedTensorType type,
                                                     PatternRewriter &rewriter) {
  auto in = alongDim(p, args, type, /*wrap=*/false);
  Value source = in ? sourceAlong(p, args, *in) : Value();
  if (!source) {
    (void)rewriter.notifyMatchFailure(
        call, "expects a static self, a 0-d or 1-d integer index and a source of self's shape "
              "with dim of the index's length");
    return std::nullopt;
  }
  return std::make_pair(*in, source);
}

/// The scattered [self] back in the result's shape (a 0-d self was [1]).
LogicalResult replaceAlong(aten::CallOp call, PrimBuilder &p, Value result,
                           PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (result && type.getRank() == 0)
    result = p.reshape(type, result);
  return replaceChecked(call, result, rewriter);
}

// index_add(self, dim, index, source, alpha): self[..., index[j], ...] +=
// alpha * source[..., j, ...]; index_copy assigns instead (a repeated
// index keeps one of its sources, as on torch's CPU).
template <Reduce reduce>
LogicalResult indexAddOrCopy(aten::CallOp call, const CallArgs &args,
                             PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  PrimBuilder p(rewriter, call.getLoc());
  auto operands = withSource(call, p, args, type, rewriter);
  if (!operands)
    return failure();
  auto &[in, source] = *operands;
  double alpha = args.number("alpha").value_or(1.0);
  // Booleans: source * alpha is source, or nothing when alpha is false.
  if (reduce == Reduce::sum && type.getElementType().isInteger(1))
    return replaceAlong(call, p,
                        alpha == 0.0 ? in.self
                                     : booleanSum(p, in.self, in.index, source, in.dim),
                        rewriter);
  if (reduce == Reduce::sum && alpha != 1.0) {
    Ew e{p, source};
    source = e.mul(source, e.c(alpha));
  }
  return replaceAlong(call, p, scatterReduced(p, reduce, true, in.self, in.index, source, in.dim),
                      rewriter);
}

// index_fill(self, dim, index, value): the slices at index along dim
// become value (a Scalar, or a 0-d tensor).
LogicalResult indexFill(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  PrimBuilder p(rewriter, call.getLoc());
  auto in = alongDim(p, args, type, /*wrap=*/true);
  if (!in)
    return rewriter.notifyMatchFailure(call, "expects a static self and a 0-d or 1-d integer index");
  Value fill;
  if (Value value = tensorArg(args, "value")) {
    if (cast<RankedTensorType>(value.getType()).getRank() != 0)
      return rewriter.notifyMatchFailure(call, "a 0-d value tensor");
    fill = p.broadcastTo(p.convert(value, type.getElementType()), in->sourceType, {});
  } else if (auto number = args.number("value")) {
    fill = p.splat(*number, in->sourceType, {});
  }
  if (!fill)
    return rewriter.notifyMatchFailure(call, "expects a value");
  return replaceAlong(
      call, p, scatterReduced(p, Reduce::assign, true, in->self, in->index, fill, in->dim), rewriter);
}

// index_reduce(self, dim, index, source, reduce, include_self): index_add
// with prod, mean, amax or amin, as scatter_reduce combines.
LogicalResult indexReduce(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  StringRef name = args.string("reduce").value_or("");
  std::optional<Reduce> reduce = reduceNamed(name);
  if (!reduce || *reduce == Reduce::sum)
    return rewriter.notifyMatchFailure(call, "unknown reduce '" + name + "'");
  RankedTensorType type = resultType(call);
  if (type && type.getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(call, "reductions of booleans");
  PrimBuilder p(rewriter, call.getLoc());
  auto operands = withSource(call, p, args, type, rewriter);
  if (!operands)
    return failure();
  auto &[in, source] = *operands;
  return replaceAlong(call, p,
                      scatterReduced(p, *reduce, args.boolean("include_self").value_or(true),
                                     in.self, in.index, source, in.dim),
                      rewriter);
}

// put(self, index, source, accumulate): self flattened, its elements at
// index (any shape, negatives wrapped) set to (or, accumulating, added
// with) source's in the same order.
LogicalResult put(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), index = tensorArg(args, "index");
  Value source = tensorArg(args, "source");
  if (!type || !self || !index || !source || !type.hasStaticShape() ||
      !cast<RankedTensorType>(index.getType()).hasStaticShape() ||
      !cast<RankedTensorType>(source.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects static self, index and source");
  auto indexType = cast<RankedTensorType>(index.getType());
  int64_t count = indexType.getNumElements();
  if (!isa<IntegerType>(indexType.getElementType()) || indexType.getElementType().isInteger(1) ||
      cast<RankedTensorType>(source.getType()).getNumElements() != count)
    return rewriter.notifyMatchFailure(call, "an integer index with as many elements as source");
  bool accumulate = args.boolean("accumulate").value_or(false);
  Type element = type.getElementType();
  PrimBuilder p(rewriter, call.getLoc());
  Type i64 = rewriter.getI64Type();
  int64_t size = type.getNumElements();
  Value flat = p.reshape(RankedTensorType::get({size}, element), self);
  Value at = p.reshape(RankedTensorType::get({count}, i64), p.convert(index, i64));
  Value values = p.reshape(RankedTensorType::get({count}, element),
                                          p.convert(source, element));
  if (!flat || !at || !values)
    return failure(); // p said why
  at = wrappedIndex(p, at, size);
  Value result = !accumulate             ? scatterOf(p, prim::ScatterKind::assign, flat, at, values, 0)
                 : element.isInteger(1) ? booleanSum(p, flat, at, values, 0)
                                        : scatterOf(p, prim::ScatterKind::add, flat, at, values, 0);
  return replaceChecked(call, p.reshape(type, result), rewriter);
}

// nonzero_static(self, size, fill_value): the coordinates of self's
// non-zero elements in row-major order, one row each, [size, rank]: the
// first `size` of them, the rows past their count filled with fill_value.
// Each non-zero element's row is the running count of non-zeros before it
// (a cumsum); the others, and those past `size`, go to a spare row that is
// sliced off after one scatter of every element's coordinates.
LogicalResult nonzeroStatic(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  auto size = args.integer("size");
  if (!type || !self || !size || *size < 0 || !type.hasStaticShape() || type.getRank() != 2 ||
      !cast<RankedTensorType>(self.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static self, size >= 0, a [size, rank] result");
  auto selfType = cast<RankedTensorType>(self.getType());
  int64_t rank = selfType.getRank(), count = selfType.getNumElements();
  if (type.getDimSize(0) != *size || type.getDimSize(1) != rank)
    return rewriter.notifyMatchFailure(call, "the result is not [size, self's rank]");
  PrimBuilder p(rewriter, call.getLoc());
  double fill = double(args.integer("fill_value").value_or(-1));
  if (rank == 0 || *size == 0 || count == 0) // nothing to place: all fill
    return replaceChecked(call, p.splat(fill, type, {}), rewriter);
  Type i64 = rewriter.getI64Type();
  auto table = RankedTensorType::get({count, rank}, i64);
  // Coordinates [count, rank]: an iota along each dim of self, flattened.
  SmallVector<Value> coordinates;
  for (int64_t d = 0; d < rank; ++d) {
    Value along = p.build<prim::IotaOp>(selfType.clone(i64), rewriter.getI64IntegerAttr(d),
                                        ValueRange{});
    coordinates.push_back(p.reshape(RankedTensorType::get({count, 1}, i64), along));
  }
  Value source = rank == 1 ? coordinates[0]
                           : p.create<prim::ConcatenateOp>(coordinates, rewriter.getI64IntegerAttr(1));
  Value flat = p.reshape(RankedTensorType::get({count}, selfType.getElementType()), self);
  Ew e{p, flat};
  Value nonzero = e.cmp(prim::ComparePredicate::ne, flat, e.c(0.0));
  Value target = p.broadcastInDim(trueSlots(p, nonzero, *size).slot, table, {0}, {});
  Value canvas = p.splat(fill, RankedTensorType::get({*size + 1, rank}, i64), {});
  Value written = scatterOf(p, prim::ScatterKind::assign, canvas, target, source, 0);
  if (!written)
    return failure(); // p said why
  return replaceChecked(call, p.convert(sliceDim(p, written, 0, 0, *size, 1), type.getElementType()),
                        rewriter);
}

// histc(self, bins, min, max): counts of the elements in `bins` equal bins
// over [min, max] (over the data's own [min, max] when the two are equal,
// widened by 1 each way when that is a point), as torch's kernel bins them:
// bin = (x - min) * bins / (max - min) truncated, x == max in the last;
// elements outside (and NaN) not counted. One scatter-add of ones.
LogicalResult histc(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  int64_t bins = args.integer("bins").value_or(100);
  double lo = args.number("min").value_or(0), hi = args.number("max").value_or(0);
  if (!type || !self || type.getRank() != 1 || type.getDimSize(0) != bins || bins < 1 ||
      !isa<FloatType>(type.getElementType()) ||
      !cast<RankedTensorType>(self.getType()).hasStaticShape() || lo > hi)
    return rewriter.notifyMatchFailure(call, "expects a static float tensor, bins >= 1, min <= max");
  PrimBuilder p(rewriter, call.getLoc());
  // The edges and positions in the input's type, each step rounded to it
  // as torch's kernel computes them (a float16 x - 1 is not exact); the
  // counts in f64.
  Type f64 = rewriter.getF64Type();
  Type element = cast<RankedTensorType>(self.getType()).getElementType();
  if (!isa<FloatType>(element))
    return rewriter.notifyMatchFailure(call, "expects a float input");
  int64_t count = cast<RankedTensorType>(self.getType()).getNumElements();
  auto flatType = RankedTensorType::get({count}, element);
  Value x = p.reshape(flatType, self);
  auto scalarType = RankedTensorType::get({}, element);
  Value low = p.splat(lo, scalarType, {}), high = p.splat(hi, scalarType, {});
  if (lo == hi) { // the data's range
    Value dataLow = p.reduce(prim::ReduceKind::min, x, {0}, false);
    Value dataHigh = p.reduce(prim::ReduceKind::max, x, {0}, false);
    Ew s{p, dataLow};
    Value point = s.cmp(prim::ComparePredicate::eq, dataLow, dataHigh);
    low = s.sel(point, s.sub(dataLow, s.c(1.0)), dataLow);
    high = s.sel(point, s.add(dataHigh, s.c(1.0)), dataHigh);
  }
  Ew e{p, x};
  low = p.broadcastTo(low, flatType, {});
  high = p.broadcastTo(high, flatType, {});
  Value inside = p.create<prim::AndOp>(e.cmp(prim::ComparePredicate::ge, x, low),
                                       e.cmp(prim::ComparePredicate::le, x, high));
  Value position = p.create<prim::FloorOp>(
      e.div(e.mul(e.sub(x, low), e.c(double(bins))), e.sub(high, low)));
  position = e.sel(inside, p.create<prim::MinOp>(position, e.c(double(bins - 1))), e.c(0.0));
  Value index = p.convert(position, rewriter.getI64Type());
  Value ones = p.convert(e.sel(inside, e.c(1.0), e.c(0.0)), f64);
  Value counts = scatterOf(p, prim::ScatterKind::add, p.splat(0.0, type.clone(f64), {}), index,
                           ones, 0);
  return replaceChecked(call, p.convert(counts, type.getElementType()), rewriter);
}

} // namespace

Value scatterOf(PrimBuilder &p, prim::ScatterKind kind, Value self, Value index, Value src,
                int64_t dim) {
  OpBuilder &b = p.builder();
  return p.create<prim::ScatterOp>(prim::ScatterKindAttr::get(b.getContext(), kind), self, index,
                                   src, b.getI64IntegerAttr(dim));
}

void addScatterDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.masked_scatter.default", "scatter", "broadcast_in_dim, reshape, cumsum, take, select",
       maskedScatter},
      {"aten.select_scatter.default", "scatter", "reshape, take, constant, select", selectScatter},
      {"aten.slice_scatter.default", "scatter", "take, constant, select", sliceScatter},
      {"aten.scatter.src", "scatter", "slice, scatter", scatter<Reduce::assign>},
      {"aten.scatter.value", "scatter", "constant, scatter", scatter<Reduce::assign>},
      {"aten.scatter_add.default", "scatter", "slice, scatter", scatter<Reduce::sum>},
      {"aten.scatter.reduce", "scatter", "slice, scatter", scatterNamedReduce},
      {"aten.scatter.value_reduce", "scatter", "constant, scatter", scatterNamedReduce},
      {"aten.histc.default", "scatter", "convert, reduce, compare, floor, select, scatter", histc},
      {"aten.index_put.default", "scatter",
       "transpose, reshape, broadcast_in_dim, compare, select, add, mul, scatter", indexPut},
      {"aten.scatter_reduce.two", "scatter", "slice, constant, scatter, compare, select, div, rem",
       scatterReduce},
      {"aten.index_add.default", "scatter", "reshape, broadcast_in_dim, mul, scatter",
       indexAddOrCopy<Reduce::sum>},
      {"aten.index_copy.default", "scatter", "reshape, broadcast_in_dim, scatter",
       indexAddOrCopy<Reduce::assign>},
      {"aten.index_fill.int_Scalar", "scatter",
       "reshape, compare, add, select, broadcast_in_dim, constant, scatter", indexFill},
      {"aten.index_fill.int_Tensor", "scatter",
       "reshape, compare, add, select, broadcast_in_dim, scatter", indexFill},
      {"aten.index_reduce.default", "scatter",
       "reshape, broadcast_in_dim, constant, scatter, compare, select, div, rem", indexReduce},
      {"aten.put.default", "scatter", "reshape, compare, add, select, scatter", put},
      {"aten.nonzero_static.default", "scatter",
       "iota, reshape, concatenate, compare, convert, cumsum, sub, and, select, broadcast_in_dim, "
       "constant, scatter, slice",
       nonzeroStatic},
  });
}

} // namespace pt2c
