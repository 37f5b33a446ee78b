//===- Compare.cpp - comparisons, cumsum, mean, addmm, matmul, diff -------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

using namespace mlir;

namespace pt2c {
namespace {

// torch's type categories: bool < integer < floating.
int category(Type type) {
  if (type.isInteger(1))
    return 0;
  return isa<IntegerType>(type) ? 1 : 2;
}

// torch.promote_types for two tensor dtypes of the same category.
Type promoteSameCategory(Type a, Type b, Builder &builder) {
  if (a == b)
    return a;
  unsigned widthA = a.getIntOrFloatBitWidth(), widthB = b.getIntOrFloatBitWidth();
  if (widthA != widthB) // f16 vs f32 -> f32, i32 vs i64 -> i64
    return widthA > widthB ? a : b;
  // Same width, different kinds: float16 with bfloat16 -> float32; uint8
  // with int8 -> int16.
  return isa<FloatType>(a) ? Type(builder.getF32Type()) : Type(builder.getI16Type());
}

// The dtype torch compares `self` and `other` in (torch.result_type):
// dimensioned tensors promote among themselves; a 0-dim tensor or a Python
// number only matters when its category is higher, and then a number
// brings int64 or the default float32, a 0-dim tensor its own dtype.
Type comparisonType(const CallArgs &args, Builder &builder) {
  auto selfType = cast<RankedTensorType>(args.value("self").getType());
  Type self = selfType.getElementType();
  Value otherTensor = args.value("other");
  if (!otherTensor) {
    int scalarCategory = args.boolean("other") ? 0 : args.integer("other") ? 1 : 2;
    if (scalarCategory <= category(self))
      return self;
    return scalarCategory == 1 ? Type(builder.getI64Type()) : Type(builder.getF32Type());
  }
  auto otherType = cast<RankedTensorType>(otherTensor.getType());
  Type other = otherType.getElementType();
  bool selfScalar = selfType.getRank() == 0, otherScalar = otherType.getRank() == 0;
  if (category(self) != category(other))
    return category(self) > category(other) ? self : other;
  if (selfScalar != otherScalar) // same category: the dimensioned tensor decides
    return selfScalar ? other : self;
  return promoteSameCategory(self, other, builder);
}

// isclose(self, other, rtol, atol, equal_nan), as torch computes it: equal,
// or a finite |self - other| <= atol + |rtol other|, that error in self's
// dtype (float32 for integers and bool, as torch's promotion gives); NaNs
// equal when equal_nan.
LogicalResult isclose(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  using P = prim::ComparePredicate;
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), other = tensorArg(args, "other");
  if (!type || !self || !other)
    return rewriter.notifyMatchFailure(call, "expects tensors self and other");
  Type element = cast<RankedTensorType>(self.getType()).getElementType();
  if (element != cast<RankedTensorType>(other.getType()).getElementType())
    return rewriter.notifyMatchFailure(call, "self and other of one dtype");
  bool isFloat = isa<FloatType>(element);
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> sources = {self, other};
  Value lhs = operandAs(p, args, "self", type.clone(element), sources);
  Value rhs = operandAs(p, args, "other", type.clone(element), sources);
  if (!lhs || !rhs)
    return rewriter.notifyMatchFailure(call, "self and other must broadcast");
  Ew exact{p, lhs};
  Value close = exact.cmp(P::eq, lhs, rhs);
  if (isFloat && args.boolean("equal_nan").value_or(false))
    close = p.create<prim::OrOp>(close, p.create<prim::AndOp>(exact.cmp(P::ne, lhs, lhs),
                                                              exact.cmp(P::ne, rhs, rhs)));
  double rtol = args.number("rtol").value_or(1e-5), atol = args.number("atol").value_or(1e-8);
  if (rtol == 0.0 && atol == 0.0) {
    rewriter.replaceOp(call, close);
    return success();
  }
  Type compute = isFloat ? element : rewriter.getF32Type();
  Ew e{p, p.convert(lhs, compute)};
  Value y = p.convert(rhs, compute);
  Value allowed = e.add(e.c(atol), e.apply<prim::AbsOp>(e.mul(e.c(rtol), y)));
  Value actual = e.apply<prim::AbsOp>(e.sub(e.like, y));
  Value finite = e.cmp(P::eq, e.sub(actual, actual), e.c(0.0));
  close = p.create<prim::OrOp>(close,
                               p.create<prim::AndOp>(finite, e.cmp(P::le, actual, allowed)));
  rewriter.replaceOp(call, close);
  return success();
}

// self <op> other -> bool, compared in the promoted dtype.
template <prim::ComparePredicate predicate>
LogicalResult compare(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  if (!type || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor self");
  if (!args.value("other") && !args.number("other") && !args.boolean("other"))
    return rewriter.notifyMatchFailure(call, "other must be a tensor or a number");
  Type common = comparisonType(args, rewriter);
  RankedTensorType operandType = type.clone(common);
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> sources = {self};
  if (Value other = args.value("other"))
    sources.push_back(other);
  Value lhs = operandAs(p, args, "self", operandType, sources);
  Value rhs = operandAs(p, args, "other", operandType, sources);
  if (!lhs || !rhs)
    return rewriter.notifyMatchFailure(call, "operands must be tensors or numbers");
  rewriter.replaceOp(
      call, p.create<prim::CompareOp>(
                lhs, rhs, prim::ComparePredicateAttr::get(rewriter.getContext(), predicate)));
  return success();
}

LogicalResult cumsum(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  auto dim = args.integer("dim");
  if (!type || !self || !dim)
    return rewriter.notifyMatchFailure(call, "expects a tensor and a dim");
  PrimBuilder p(rewriter, call.getLoc());
  int64_t d = PrimBuilder::normalizeDim(*dim, type.getRank());
  rewriter.replaceOp(call, p.create<prim::CumsumOp>(p.convert(self, type.getElementType()),
                                                    rewriter.getI64IntegerAttr(d)));
  return success();
}

// mean(self, dims, keepdim) = sum / count.
LogicalResult meanDim(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
  auto selfType = cast<RankedTensorType>(self.getType());
  SmallVector<int64_t> dims;
  if (auto given = args.integers("dim"); given && !given->empty()) {
    for (int64_t dim : *given) {
      std::optional<int64_t> d = shapeDim(dim, selfType);
      if (!d)
        return rewriter.notifyMatchFailure(call, "mean over a dim the tensor does not have");
      dims.push_back(*d);
    }
  } else
    dims = llvm::to_vector(llvm::seq<int64_t>(0, selfType.getRank()));
  llvm::sort(dims);
  int64_t count = 1;
  for (int64_t dim : dims) {
    if (selfType.isDynamicDim(dim))
      return rewriter.notifyMatchFailure(call, "mean over a dynamic dim");
    count *= selfType.getDimSize(dim);
  }
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, type.getElementType());
  Value sum = p.reduce(prim::ReduceKind::sum, x, dims, args.boolean("keepdim").value_or(false));
  if (!sum)
    return failure(); // p said why
  auto sumType = cast<RankedTensorType>(sum.getType());
  Value scale = p.splat(1.0 / static_cast<double>(count), sumType, {sum});
  if (!scale || sumType != type)
    return rewriter.notifyMatchFailure(call, "unexpected result shape");
  rewriter.replaceOp(call, p.create<prim::MulOp>(sum, scale));
  return success();
}

/// lhs @ rhs with torch.matmul's broadcasting of batch dims (both rank >= 2,
/// static): each side is broadcast to the result's batch dims.
Value batchedMatmul(PrimBuilder &p, Value lhs, Value rhs, RankedTensorType type) {
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  ArrayRef<int64_t> batch = type.getShape().drop_back(2);
  auto withBatch = [&](RankedTensorType t) {
    SmallVector<int64_t> shape(batch);
    shape.append({t.getDimSize(t.getRank() - 2), t.getDimSize(t.getRank() - 1)});
    return RankedTensorType::get(shape, type.getElementType());
  };
  Value a = p.broadcastTo(lhs, withBatch(lhsType), {});
  Value b = p.broadcastTo(rhs, withBatch(rhsType), {});
  if (!a || !b)
    return Value();
  return p.create<prim::MatmulOp>(a, b);
}

// torch.matmul: a 1-d operand is a row (lhs, [1, K]) or column (rhs,
// [K, 1]) matrix whose extra dim is dropped from the result; batch dims
// broadcast.
LogicalResult matmul(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self"), other = args.value("other");
  if (!type || !self || !other || !type.hasStaticShape() ||
      !cast<RankedTensorType>(self.getType()).hasStaticShape() ||
      !cast<RankedTensorType>(other.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "static matmul only");
  auto selfType = cast<RankedTensorType>(self.getType());
  auto otherType = cast<RankedTensorType>(other.getType());
  if (selfType.getRank() == 0 || otherType.getRank() == 0)
    return rewriter.notifyMatchFailure(call, "matmul of a 0-d tensor");
  // The declared result's rank must be the one torch gives, as the batched
  // shape below is built from it (a 1-d result of two matrices made a
  // negative-sized shape and aborted).
  int64_t rank = std::max(selfType.getRank(), otherType.getRank());
  int64_t expectedRank = selfType.getRank() == 1 && otherType.getRank() == 1 ? 0
                         : selfType.getRank() == 1 || otherType.getRank() == 1 ? rank - 1
                                                                              : rank;
  if (type.getRank() != expectedRank)
    return rewriter.notifyMatchFailure(call, "the result's rank is not torch.matmul's");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  bool lhsVector = selfType.getRank() == 1, rhsVector = otherType.getRank() == 1;
  auto asMatrix = [&](Value vector, RankedTensorType vectorType, bool row) {
    int64_t k = vectorType.getDimSize(0);
    auto matrix = RankedTensorType::get(row ? ArrayRef<int64_t>{1, k} : ArrayRef<int64_t>{k, 1},
                                        vectorType.getElementType());
    return Value(p.build<prim::ReshapeOp>(matrix, vector, ValueRange{}));
  };
  Value lhs = lhsVector ? asMatrix(self, selfType, true) : self;
  Value rhs = rhsVector ? asMatrix(other, otherType, false) : other;
  SmallVector<int64_t> full(type.getShape());
  if (lhsVector && rhsVector)
    full = {1, 1};
  else if (lhsVector)
    full.insert(full.end() - 1, 1); // [..., 1, N]
  else if (rhsVector)
    full.push_back(1); // [..., M, 1]
  Value result = batchedMatmul(p, lhs, rhs, RankedTensorType::get(full, type.getElementType()));
  if (!result)
    return rewriter.notifyMatchFailure(call, "batch dims do not broadcast");
  if (lhsVector || rhsVector)
    result = p.build<prim::ReshapeOp>(type, result, ValueRange{});
  rewriter.replaceOp(call, result);
  return success();
}

// addmm(self, m1, m2, beta, alpha) = beta * self + alpha * (m1 @ m2)
LogicalResult addmm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self"), m1 = args.value("mat1"), m2 = args.value("mat2");
  if (!type || !self || !m1 || !m2 || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "static addmm only");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Value product = p.create<prim::MatmulOp>(p.convert(m1, type.getElementType()),
                                           p.convert(m2, type.getElementType()));
  if (double alpha = args.number("alpha").value_or(1.0); alpha != 1.0)
    product = p.create<prim::MulOp>(product, p.splat(alpha, type, {}));
  Value bias = p.broadcastTo(self, type, {});
  if (double beta = args.number("beta").value_or(1.0); beta != 1.0)
    bias = p.create<prim::MulOp>(bias, p.splat(beta, type, {}));
  rewriter.replaceOp(call, p.create<prim::AddOp>(product, bias));
  return success();
}

// diff(x, n, dim, prepend?, append?): prepend and append are concatenated
// along dim, then x[1:] - x[:-1] is taken n times (xor for bool); as in
// torch, n is clamped to the size, so a too large n gives an empty dim.
LogicalResult diff(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  auto dim = args.integer("dim");
  int64_t n = args.integer("n").value_or(1);
  if (!type || !dim || n < 0 || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "static diff with n >= 0 only");
  // The windows below index self's (and prepend's, append's) dim d with d
  // normalized for the result's rank: every operand must have that rank.
  int64_t rank = type.getRank();
  Value self = tensorArgOfRank(args, "self", rank);
  if (!self || rank == 0 || (args.value("prepend") && !tensorArgOfRank(args, "prepend", rank)) ||
      (args.value("append") && !tensorArgOfRank(args, "append", rank)))
    return rewriter.notifyMatchFailure(call, "self, prepend and append of the result's rank >= 1");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  int64_t d = PrimBuilder::normalizeDim(*dim, type.getRank());
  SmallVector<Value> parts;
  if (Value prepend = args.value("prepend"))
    parts.push_back(p.convert(prepend, type.getElementType()));
  parts.push_back(p.convert(self, type.getElementType()));
  if (Value append = args.value("append"))
    parts.push_back(p.convert(append, type.getElementType()));
  Value x = parts.size() == 1 ? parts.front()
                              : p.create<prim::ConcatenateOp>(parts, rewriter.getI64IntegerAttr(d));
  if (!x)
    return failure(); // p said why
  auto window = [&](Value from, int64_t start, int64_t limit) {
    auto fromType = cast<RankedTensorType>(from.getType());
    SmallVector<int64_t> starts(fromType.getRank(), 0), limits(fromType.getShape()),
        strides(fromType.getRank(), 1);
    starts[d] = start;
    limits[d] = limit;
    return p.create<prim::SliceOp>(from, rewriter.getDenseI64ArrayAttr(starts),
                                   rewriter.getDenseI64ArrayAttr(limits),
                                   rewriter.getDenseI64ArrayAttr(strides));
  };
  bool isBool = type.getElementType().isInteger(1);
  for (int64_t step = 0, size = cast<RankedTensorType>(x.getType()).getDimSize(d);
       step < n && size > 0; ++step, --size) {
    Value later = window(x, 1, size), earlier = window(x, 0, size - 1);
    x = isBool ? p.create<prim::XorOp>(later, earlier) : p.create<prim::SubOp>(later, earlier);
    if (!x)
      return failure(); // p said why
  }
  if (x.getType() != type)
    return rewriter.notifyMatchFailure(call, "unexpected result shape");
  rewriter.replaceOp(call, x);
  return success();
}

/// `values` (a tensor of shape S, or a number made a 0-d tensor of
/// `numberType`) against every entry of the 1-d `against` [M]: an i1
/// tensor S + [M] of `values[s] <predicate> against[m]`, in the promoted
/// element type of the two.
Value againstEach(PrimBuilder &p, Value values, Value against, prim::ComparePredicate predicate) {
  auto valuesType = cast<RankedTensorType>(values.getType());
  auto againstType = cast<RankedTensorType>(against.getType());
  if (againstType.getRank() != 1 || !valuesType.hasStaticShape() || !againstType.hasStaticShape())
    return Value();
  Type element = valuesType.getElementType();
  if (isa<FloatType>(againstType.getElementType()) && !isa<FloatType>(element))
    element = againstType.getElementType();
  SmallVector<int64_t> shape(valuesType.getShape());
  shape.push_back(againstType.getDimSize(0));
  auto type = RankedTensorType::get(shape, element);
  int64_t rank = valuesType.getRank();
  Value left = p.broadcastInDim(p.convert(values, element), type,
                                llvm::to_vector(llvm::seq<int64_t>(0, rank)), {});
  Value right = p.broadcastInDim(p.convert(against, element), type, {rank}, {});
  return p.create<prim::CompareOp>(
      left, right, prim::ComparePredicateAttr::get(p.builder().getContext(), predicate));
}

/// `values` [B..., K] against every entry of the row of `against` [B...,
/// M] with the same leading dims B: an i1 tensor [B..., K, M] (batched
/// searchsorted).
Value againstRows(PrimBuilder &p, Value values, Value against, prim::ComparePredicate predicate) {
  auto valuesType = cast<RankedTensorType>(values.getType());
  auto againstType = cast<RankedTensorType>(against.getType());
  int64_t rank = valuesType.getRank();
  if (rank < 2 || againstType.getRank() != rank || !valuesType.hasStaticShape() ||
      !againstType.hasStaticShape() ||
      valuesType.getShape().drop_back() != againstType.getShape().drop_back())
    return Value();
  Type element = valuesType.getElementType();
  if (isa<FloatType>(againstType.getElementType()) && !isa<FloatType>(element))
    element = againstType.getElementType();
  SmallVector<int64_t> shape(valuesType.getShape());
  shape.push_back(againstType.getShape().back());
  auto type = RankedTensorType::get(shape, element);
  SmallVector<int64_t> batch = llvm::to_vector(llvm::seq<int64_t>(0, rank - 1));
  SmallVector<int64_t> rows = batch, columns = batch;
  rows.push_back(rank - 1);
  columns.push_back(rank);
  Value left = p.broadcastInDim(p.convert(values, element), type, rows, {});
  Value right = p.broadcastInDim(p.convert(against, element), type, columns, {});
  return p.create<prim::CompareOp>(
      left, right, prim::ComparePredicateAttr::get(p.builder().getContext(), predicate));
}

/// A number argument `name` as a 0-d tensor of `element`.
Value numberAsTensor(PrimBuilder &p, const CallArgs &args, StringRef name, Type element) {
  std::optional<double> number = args.number(name);
  return number ? p.splat(*number, RankedTensorType::get({}, element), {}) : Value();
}

// isin(elements, test_elements, assume_unique, invert): whether each element
// equals any test element (compared against each, an or-reduce: O(N M)).
LogicalResult isin(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value elements = tensorArg(args, "elements"), tests = tensorArg(args, "test_elements");
  if (!type || (!elements && !tests))
    return rewriter.notifyMatchFailure(call, "expects a tensor argument");
  PrimBuilder p(rewriter, call.getLoc());
  Type element = cast<RankedTensorType>((elements ? elements : tests).getType()).getElementType();
  if (!elements)
    elements = numberAsTensor(p, args, "element", element);
  if (!tests)
    tests = numberAsTensor(p, args, "test_element", element);
  if (!elements || !tests)
    return rewriter.notifyMatchFailure(call, "expects numbers where not tensors");
  auto testsType = cast<RankedTensorType>(tests.getType());
  if (!testsType.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "static test elements");
  Value flat = p.build<prim::ReshapeOp>(
      RankedTensorType::get({testsType.getNumElements()}, testsType.getElementType()), tests,
      ValueRange{});
  Value equal = againstEach(p, elements, flat, prim::ComparePredicate::eq);
  if (!equal)
    return rewriter.notifyMatchFailure(call, "static elements");
  int64_t last = cast<RankedTensorType>(equal.getType()).getRank() - 1;
  Value found = p.reduce(prim::ReduceKind::Or, equal, {last}, false);
  if (found && args.boolean("invert").value_or(false)) {
    Ew e{p, found};
    found = p.create<prim::XorOp>(found, e.c(1.0));
  }
  if (!found || found.getType() != type)
    return rewriter.notifyMatchFailure(call, "unexpected result shape");
  rewriter.replaceOp(call, found);
  return success();
}

// bucketize(self, boundaries, out_int32, right) and searchsorted(
// sorted_sequence [M] or [B..., M], self, out_int32, right, side, sorter):
// the index of each value's place among the sorted entries (of its own row
// when batched), the count of entries below it (at or below with
// right=True / side="right"). One comparison per entry (O(N M)). A sorter
// (the permutation that sorts the sequence) reads the sequence through it.
template <bool isSearchsorted>
LogicalResult insertionIndex(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value sorted = tensorArg(args, isSearchsorted ? "sorted_sequence" : "boundaries");
  if (!type || !sorted || !isa<IntegerType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a sorted tensor, an int result");
  PrimBuilder p(rewriter, call.getLoc());
  if (Value sorter = tensorArg(args, "sorter")) {
    auto sortedType = cast<RankedTensorType>(sorted.getType());
    if (sorter.getType() != sortedType.clone(rewriter.getI64Type()) || sortedType.getRank() == 0)
      return rewriter.notifyMatchFailure(call, "expects an int64 sorter of the sequence's shape");
    sorted = p.create<prim::TakeAlongOp>(sorted, sorter,
                                         rewriter.getI64IntegerAttr(sortedType.getRank() - 1));
  }
  Value values = tensorArg(args, "self");
  if (!values)
    values = numberAsTensor(p, args, "self", cast<RankedTensorType>(sorted.getType()).getElementType());
  bool right = args.boolean("right").value_or(false);
  if (std::optional<StringRef> side = args.string("side"))
    right = *side == "right";
  if (!values)
    return rewriter.notifyMatchFailure(call, "expects a tensor or number self");
  prim::ComparePredicate predicate =
      right ? prim::ComparePredicate::ge : prim::ComparePredicate::gt;
  Value below = cast<RankedTensorType>(sorted.getType()).getRank() == 1
                    ? againstEach(p, values, sorted, predicate)
                    : againstRows(p, values, sorted, predicate);
  if (!below)
    return rewriter.notifyMatchFailure(
        call, "static shapes, a 1-d sorted sequence or one row per row of self");
  int64_t last = cast<RankedTensorType>(below.getType()).getRank() - 1;
  Value count = p.reduce(prim::ReduceKind::sum, p.convert(below, rewriter.getI64Type()), {last},
                         false);
  Value result = p.convert(count, type.getElementType());
  if (!result || result.getType() != type)
    return rewriter.notifyMatchFailure(call, "unexpected result shape");
  rewriter.replaceOp(call, result);
  return success();
}

} // namespace

void addCompareDecompositions(std::vector<Decomposition> &table) {
  using P = prim::ComparePredicate;
  table.insert(table.end(), {
      {"aten.eq.Scalar", "compare", "compare", compare<P::eq>},
      {"aten.isin.Tensor_Tensor", "compare", "reshape, broadcast_in_dim, compare, reduce, xor",
       isin},
      {"aten.isin.Tensor_Scalar", "compare", "reshape, broadcast_in_dim, compare, reduce, xor",
       isin},
      {"aten.isin.Scalar_Tensor", "compare", "reshape, broadcast_in_dim, compare, reduce, xor",
       isin},
      {"aten.bucketize.Tensor", "compare", "broadcast_in_dim, compare, convert, reduce",
       insertionIndex<false>},
      {"aten.bucketize.Scalar", "compare", "broadcast_in_dim, compare, convert, reduce",
       insertionIndex<false>},
      {"aten.searchsorted.Tensor", "compare",
       "take_along, broadcast_in_dim, compare, convert, reduce", insertionIndex<true>},
      {"aten.searchsorted.Scalar", "compare", "broadcast_in_dim, compare, convert, reduce",
       insertionIndex<true>},
      {"aten.eq.Tensor", "compare", "compare", compare<P::eq>},
      {"aten.isclose.default", "compare", "compare, abs, sub, mul, add, and, or, convert",
       isclose},
      {"aten.ne.Scalar", "compare", "compare", compare<P::ne>},
      {"aten.ne.Tensor", "compare", "compare", compare<P::ne>},
      {"aten.lt.Scalar", "compare", "compare", compare<P::lt>},
      {"aten.lt.Tensor", "compare", "compare", compare<P::lt>},
      {"aten.le.Scalar", "compare", "compare", compare<P::le>},
      {"aten.le.Tensor", "compare", "compare", compare<P::le>},
      {"aten.gt.Scalar", "compare", "compare", compare<P::gt>},
      {"aten.gt.Tensor", "compare", "compare", compare<P::gt>},
      {"aten.ge.Scalar", "compare", "compare", compare<P::ge>},
      {"aten.ge.Tensor", "compare", "compare", compare<P::ge>},
      {"aten.cumsum.default", "reduction", "cumsum, convert", cumsum},
      {"aten.mean.dim", "reduction", "reduce, mul, reshape", meanDim},
      {"aten.matmul.default", "linear", "broadcast_in_dim, matmul", matmul},
      {"aten.addmm.default", "linear", "matmul, broadcast_in_dim, add, mul", addmm},
      {"aten.diff.default", "shape", "concatenate, slice, sub", diff},
  });
}

} // namespace pt2c
