//===- Shape.cpp - views, reshapes, slicing, concatenation ----------------===//
//
// torch's views are copies in prim (values, not aliases): the importer made
// the program functional, so a view's result is just a new tensor value.
//
//===----------------------------------------------------------------------===//

#include "ComplexParts.h"
#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace pt2c {

/// The element count of `tensor`, as an index.
static Value elementCount(PrimBuilder &p, Value tensor) {
  OpBuilder &b = p.builder();
  auto type = cast<RankedTensorType>(tensor.getType());
  Value numel = arith::ConstantIndexOp::create(b, p.loc(), 1);
  for (int64_t d = 0; d < type.getRank(); ++d) {
    Value size = type.isDynamicDim(d)
                     ? tensor::DimOp::create(b, p.loc(), tensor, d).getResult()
                     : arith::ConstantIndexOp::create(b, p.loc(), type.getDimSize(d)).getResult();
    numel = arith::MulIOp::create(b, p.loc(), numel, size);
  }
  return numel;
}

std::optional<SmallVector<Value>> sizesFromList(PrimBuilder &p, const CallArgs &args,
                                                StringRef name, RankedTensorType type,
                                                Value inferFrom) {
  OperandRange list = args.values(name);
  if (static_cast<int64_t>(list.size()) != type.getRank())
    return std::nullopt;
  // Checked before building anything: a failing pattern leaves the IR as is.
  std::optional<int64_t> inferred; // view(x, [s, -1]): the dim of the -1
  for (auto [dim, size] : llvm::enumerate(list)) {
    if (!type.isDynamicDim(dim))
      continue;
    if (!size.getType().isSignlessInteger(64))
      return std::nullopt;
    if (APInt constant; matchPattern(size, m_ConstantInt(&constant)) && constant.isNegative()) {
      if (!inferFrom || inferred)
        return std::nullopt;
      inferred = dim;
    }
  }
  OpBuilder &b = p.builder();
  Location loc = p.loc();
  SmallVector<Value> sizes;
  std::optional<size_t> inferredAt;
  int64_t staticKnown = 1;
  Value dynamicKnown;
  for (auto [dim, size] : llvm::enumerate(list)) {
    if (!type.isDynamicDim(dim)) {
      staticKnown *= type.getDimSize(dim);
      continue;
    }
    if (inferred && static_cast<int64_t>(dim) == *inferred) {
      inferredAt = sizes.size();
      sizes.push_back(Value());
      continue;
    }
    sizes.push_back(arith::IndexCastOp::create(b, loc, b.getIndexType(), size));
    if (inferred)
      dynamicKnown = dynamicKnown ? arith::MulIOp::create(b, loc, dynamicKnown, sizes.back())
                                  : sizes.back();
  }
  if (inferredAt) {
    Value known = arith::ConstantIndexOp::create(b, loc, staticKnown);
    if (dynamicKnown)
      known = arith::MulIOp::create(b, loc, known, dynamicKnown);
    sizes[*inferredAt] = arith::DivUIOp::create(b, loc, elementCount(p, inferFrom), known);
  }
  return sizes;
}

/// x[..., start:limit:step, ...] along `dim` (a static dim).
Value sliceDim(PrimBuilder &p, Value input, int64_t dim, int64_t start, int64_t limit,
               int64_t step) {
  if (!input)
    return input; // an earlier step failed and said why
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> starts(type.getRank(), 0), limits(type.getShape()),
      strides(type.getRank(), 1);
  starts[dim] = start;
  limits[dim] = limit;
  strides[dim] = step;
  OpBuilder &b = p.builder();
  return p.create<prim::SliceOp>(input, b.getDenseI64ArrayAttr(starts),
                                 b.getDenseI64ArrayAttr(limits), b.getDenseI64ArrayAttr(strides));
}

namespace {

// The `?` sizes of a reshape result: a single `?` is the element count
// divided by the static sizes (what torch's -1 means); more than one `?` is
// not supported yet (no fixture needs it).
FailureOr<SmallVector<Value>> reshapeSizes(PrimBuilder &p, Value input,
                                           RankedTensorType type) {
  int64_t dynamicCount = llvm::count_if(type.getShape(), ShapedType::isDynamic);
  if (dynamicCount == 0)
    return SmallVector<Value>();
  if (dynamicCount > 1)
    return failure();
  Value numel = elementCount(p, input);
  int64_t known = 1;
  for (int64_t size : type.getShape())
    if (!ShapedType::isDynamic(size))
      known *= size;
  OpBuilder &b = p.builder();
  Value divisor = arith::ConstantIndexOp::create(b, p.loc(), known);
  return SmallVector<Value>{arith::DivUIOp::create(b, p.loc(), numel, divisor).getResult()};
}

/// Any op whose result is its input with another shape (same elements, in
/// order): view, reshape, flatten, unsqueeze, squeeze.
LogicalResult reshapeLike(aten::CallOp call, Value input, PatternRewriter &rewriter,
                          std::optional<SmallVector<Value>> listSizes = std::nullopt) {
  RankedTensorType type = resultType(call);
  if (!type || !input)
    return rewriter.notifyMatchFailure(call, "expects a tensor input and result");
  PrimBuilder p(rewriter, call.getLoc());
  input = p.convert(input, type.getElementType());
  if (!input)
    return failure(); // p said why
  if (input.getType() == type) {
    rewriter.replaceOp(call, input);
    return success();
  }
  // Sizes the graph computed (view(x, [sym_size(x, 0), 2, 2])) are taken
  // as given; otherwise a single `?` is what is left of the element count.
  FailureOr<SmallVector<Value>> sizes =
      listSizes ? FailureOr<SmallVector<Value>>(*listSizes) : reshapeSizes(p, input, type);
  if (failed(sizes))
    return rewriter.notifyMatchFailure(call, "a reshape to more than one dynamic dim");
  rewriter.replaceOp(call, p.build<prim::ReshapeOp>(type, input, *sizes));
  return success();
}

LogicalResult view(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (type && !type.hasStaticShape()) {
    PrimBuilder p(rewriter, call.getLoc());
    for (StringRef name : {"size", "shape"})
      if (auto sizes = sizesFromList(p, args, name, type, args.value("self")))
        return reshapeLike(call, args.value("self"), rewriter, std::move(sizes));
  }
  return reshapeLike(call, args.value("self"), rewriter);
}
// resize(self, size) / resize_as(self, the_template), the functional forms
// the importer makes of resize_ and resize_as_: the first numel(result)
// elements of self in row-major order, reshaped (what the resized
// contiguous storage holds). Growing is refused: torch leaves the new
// elements uninitialized.
LogicalResult resize(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  if (!type || !self || !type.hasStaticShape() ||
      !cast<RankedTensorType>(self.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static self and result");
  auto selfType = cast<RankedTensorType>(self.getType());
  int64_t have = selfType.getNumElements(), want = type.getNumElements();
  if (want > have)
    return rewriter.notifyMatchFailure(
        call, "resizing to more elements (torch leaves the new ones uninitialized)");
  PrimBuilder p(rewriter, call.getLoc());
  Value flat = p.build<prim::ReshapeOp>(RankedTensorType::get({have}, selfType.getElementType()),
                                        self, ValueRange{});
  if (want < have)
    flat = sliceDim(p, flat, 0, 0, want, 1);
  if (!flat)
    return failure(); // p said why
  rewriter.replaceOp(call, p.build<prim::ReshapeOp>(type, flat, ValueRange{}));
  return success();
}

// gradient(self, spacing h, dim, edge_order): per dim (every dim when dim
// is None), (x[i+1] - x[i-1]) / 2h inside and one-sided differences at the
// two ends, of first order ((x[1] - x[0]) / h) or second ((-3 x[0] + 4 x[1]
// - x[2]) / 2h), as numpy's gradient; in the compute type.
LogicalResult gradient(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  if (!self || call->getNumResults() == 0)
    return rewriter.notifyMatchFailure(call, "expects a tensor");
  auto selfType = cast<RankedTensorType>(self.getType());
  int64_t rank = selfType.getRank();
  SmallVector<int64_t> dims;
  if (std::optional<int64_t> dim = args.integer("dim"))
    dims.push_back(PrimBuilder::normalizeDim(*dim, rank));
  else
    dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  double h = args.number("spacing").value_or(1.0);
  int64_t order = args.integer("edge_order").value_or(1);
  if (dims.size() != call->getNumResults() || (order != 1 && order != 2) || h == 0.0 ||
      !selfType.hasStaticShape())
    return rewriter.notifyMatchFailure(
        call, "a static tensor, one result per dim, edge_order 1 or 2 and a nonzero number spacing");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> results;
  for (auto [k, d] : llvm::enumerate(dims)) {
    RankedTensorType type = resultType(call, k);
    int64_t n = d >= 0 && d < rank ? selfType.getDimSize(d) : 0;
    if (!type || !isa<FloatType>(type.getElementType()) || n < order + 1)
      return rewriter.notifyMatchFailure(call, "a float result per dim, each at least edge_order + 1 long");
    Value x = p.convert(self, computeType(type).getElementType());
    auto at = [&](int64_t start, int64_t limit) { return sliceDim(p, x, d, start, limit, 1); };
    auto scaled = [&](Value v, double factor) {
      Ew e{p, v};
      return e.mul(v, e.c(factor));
    };
    Value inner = scaled(p.create<prim::SubOp>(at(2, n), at(0, n - 2)), 1.0 / (2.0 * h));
    Value first, last;
    if (order == 1) {
      first = scaled(p.create<prim::SubOp>(at(1, 2), at(0, 1)), 1.0 / h);
      last = scaled(p.create<prim::SubOp>(at(n - 1, n), at(n - 2, n - 1)), 1.0 / h);
    } else {
      Ew e{p, at(0, 1)};
      first = e.mul(e.sub(e.sub(e.mul(at(1, 2), e.c(4.0)), e.mul(at(0, 1), e.c(3.0))), at(2, 3)),
                    e.c(1.0 / (2.0 * h)));
      last = e.mul(e.add(e.sub(e.mul(at(n - 1, n), e.c(3.0)), e.mul(at(n - 2, n - 1), e.c(4.0))),
                         at(n - 3, n - 2)),
                   e.c(1.0 / (2.0 * h)));
    }
    Value whole = p.create<prim::ConcatenateOp>(ValueRange{first, inner, last},
                                                rewriter.getI64IntegerAttr(d));
    Value result = p.convert(whole, type.getElementType());
    if (!result)
      return failure(); // p said why
    results.push_back(result);
  }
  rewriter.replaceOp(call, results);
  return success();
}

// broadcast_tensors(tensors) = each tensor broadcast to its result's
// shape (their common one); `?` sizes from whichever input has them.
LogicalResult broadcastTensors(aten::CallOp call, const CallArgs &args,
                               PatternRewriter &rewriter) {
  OperandRange tensors = args.values("tensors");
  if (tensors.size() != call->getNumResults())
    return rewriter.notifyMatchFailure(call, "expects one result per tensor");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> sources(tensors.begin(), tensors.end()), results;
  for (auto [index, tensor] : llvm::enumerate(tensors)) {
    RankedTensorType type = resultType(call, index);
    Value result = type && isa<RankedTensorType>(tensor.getType())
                       ? p.broadcastTo(tensor, type, sources)
                       : Value();
    if (!result)
      return rewriter.notifyMatchFailure(call, "a tensor that does not broadcast");
    results.push_back(result);
  }
  rewriter.replaceOp(call, results);
  return success();
}

// reshape_as / view_as(self, other): self in other's shape, whose `?`
// sizes are other's (the result type says which dims they are).
LogicalResult reshapeAs(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value other = tensorArg(args, "other");
  if (!type || !other || cast<RankedTensorType>(other.getType()).getRank() != type.getRank())
    return rewriter.notifyMatchFailure(call, "expects a tensor other of the result's rank");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> sizes = p.dynamicSizes(type, {other});
  if (!PrimBuilder::allKnown(sizes))
    return rewriter.notifyMatchFailure(call, "a `?` size of the result that other lacks");
  return reshapeLike(call, args.value("self"), rewriter, std::move(sizes));
}
LogicalResult flatten(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return reshapeLike(call, args.value("self"), rewriter);
}

// Identity for inference: the value passes through (dtype kept by the archive).
LogicalResult identity(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value input = args.value("self") ? args.value("self") : args.value("input");
  RankedTensorType type = resultType(call);
  if (!input || !type || input.getType() != type)
    return rewriter.notifyMatchFailure(call, "expects a result of the input's type");
  rewriter.replaceOp(call, input);
  return success();
}

// A check torch.export left in the graph; the runtime validates inputs.
LogicalResult assertMetadata(aten::CallOp call, const CallArgs &, PatternRewriter &rewriter) {
  rewriter.eraseOp(call);
  return success();
}

// to(...) / _to_copy: a dtype conversion (devices are the compiler's business).
LogicalResult to(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  if (!type || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor");
  PrimBuilder p(rewriter, call.getLoc());
  // To a complex dtype: the value as the real part, imaginary part 0 (or a
  // complex tensor's parts converted); from complex to real: the real part,
  // as torch does (with a warning).
  if (isComplexTensor(type)) {
    Type part = cast<ComplexType>(type.getElementType()).getElementType();
    return replaceChecked(call, complexOfParts(p, complexParts(p, self, part), type), rewriter);
  }
  if (isComplexTensor(self.getType()))
    self = complexParts(p, self, type.getElementType()).re;
  rewriter.replaceOp(call, p.convert(self, type.getElementType()));
  return success();
}

// Tensor.view(dtype) of the same element size: the same bytes read as
// another dtype (a float's bits as an integer and back, float16 as
// bfloat16). A bool's byte is 0 or 1, so between bool and int8 it is a
// conversion (an int8 other than 0 or 1 viewed as bool is undefined in
// torch; here it reads as true). Views that change the element size (and
// with it the last dim) are refused.
LogicalResult viewDtype(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  if (!type || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor");
  auto selfType = cast<RankedTensorType>(self.getType());
  Type from = selfType.getElementType(), to = type.getElementType();
  if (selfType.getShape() != type.getShape() ||
      from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth()) {
    bool byteAndBool = (from.isInteger(1) && to.isInteger(8)) || (from.isInteger(8) && to.isInteger(1));
    if (!byteAndBool || selfType.getShape() != type.getShape()) {
      emitError(call.getLoc()) << "view(dtype) between element types of different sizes (the "
                                  "last dim changes) is not supported";
      return failure();
    }
  }
  PrimBuilder p(rewriter, call.getLoc());
  if (from == to) {
    rewriter.replaceOp(call, self);
    return success();
  }
  if (from.isInteger(1) || to.isInteger(1) || from.isUnsignedInteger() || to.isUnsignedInteger()) {
    Value converted = p.convert(self, to);
    if (!converted)
      return failure(); // p said why
    rewriter.replaceOp(call, converted);
    return success();
  }
  rewriter.replaceOp(call, p.build<prim::BitcastConvertOp>(type, self));
  return success();
}

LogicalResult transposeTo(aten::CallOp call, Value input, ArrayRef<int64_t> permutation,
                          PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  rewriter.replaceOp(
      call, p.create<prim::TransposeOp>(input, rewriter.getDenseI64ArrayAttr(permutation)));
  return success();
}

LogicalResult transpose(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = args.value("self");
  auto dim0 = args.integer("dim0"), dim1 = args.integer("dim1");
  if (!self || !dim0 || !dim1)
    return rewriter.notifyMatchFailure(call, "expects a tensor and two dims");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  SmallVector<int64_t> permutation = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(permutation[PrimBuilder::normalizeDim(*dim0, rank)],
            permutation[PrimBuilder::normalizeDim(*dim1, rank)]);
  return transposeTo(call, self, permutation, rewriter);
}

LogicalResult permute(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = args.value("self");
  auto dims = args.integers("dims");
  if (!self || !dims)
    return rewriter.notifyMatchFailure(call, "expects a tensor and dims");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  for (int64_t &dim : *dims)
    dim = PrimBuilder::normalizeDim(dim, rank);
  return transposeTo(call, self, *dims, rewriter);
}

// expand: broadcast to the result, new `?` dims sized by the SymInt operands.
/// expand's `?` sizes: self's where self has that dim `?` (a symbolic dim
/// keeps its size: the list says -1 or the same size), else the list's (a
/// size-1 dim expanded to a size computed in the graph, cls.expand(b, -1, -1)).
/// Null when a `?` dim is neither.
std::optional<SmallVector<Value>> expandSizes(PrimBuilder &p, const CallArgs &args,
                                              RankedTensorType type, Value self) {
  OperandRange list = args.values("size");
  auto selfType = cast<RankedTensorType>(self.getType());
  int64_t rank = type.getRank(), offset = rank - selfType.getRank();
  if (static_cast<int64_t>(list.size()) != rank || offset < 0)
    return std::nullopt;
  auto selfKeeps = [&](int64_t dim) {
    return dim >= offset && selfType.isDynamicDim(dim - offset);
  };
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (!type.isDynamicDim(dim) || selfKeeps(dim))
      continue;
    Value size = list[dim];
    if (APInt constant; !size.getType().isSignlessInteger(64) ||
                        (matchPattern(size, m_ConstantInt(&constant)) && constant.isNegative()))
      return std::nullopt;
  }
  OpBuilder &b = p.builder();
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (!type.isDynamicDim(dim))
      continue;
    sizes.push_back(selfKeeps(dim)
                        ? tensor::DimOp::create(b, p.loc(), self, dim - offset).getResult()
                        : arith::IndexCastOp::create(b, p.loc(), b.getIndexType(), list[dim])
                              .getResult());
  }
  return sizes;
}

LogicalResult expand(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self");
  if (!type || !self)
    return rewriter.notifyMatchFailure(call, "expects a tensor");
  PrimBuilder p(rewriter, call.getLoc());
  if (!type.hasStaticShape()) {
    if (auto sizes = expandSizes(p, args, type, self)) {
      auto selfRank = cast<RankedTensorType>(self.getType()).getRank();
      auto dims = llvm::to_vector(llvm::seq<int64_t>(type.getRank() - selfRank, type.getRank()));
      rewriter.replaceOp(
          call, p.build<prim::BroadcastInDimOp>(type, p.convert(self, type.getElementType()),
                                                rewriter.getDenseI64ArrayAttr(dims), *sizes));
      return success();
    }
  }
  Value result = p.broadcastTo(self, type, {self});
  if (!result)
    return rewriter.notifyMatchFailure(call, "expand to a new dynamic dim");
  rewriter.replaceOp(call, result);
  return success();
}

/// Python's slice bounds: None, negative, past the end.
int64_t clampIndex(std::optional<int64_t> index, int64_t fallback, int64_t size) {
  int64_t value = index.value_or(fallback);
  if (value < 0)
    value += size;
  return std::clamp<int64_t>(value, 0, size);
}

LogicalResult slice(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  auto dim = args.integer("dim");
  if (!self || !dim)
    return rewriter.notifyMatchFailure(call, "expects a tensor and a dim");
  auto type = cast<RankedTensorType>(self.getType());
  std::optional<int64_t> shaped = shapeDim(*dim, type);
  if (!shaped)
    return rewriter.notifyMatchFailure(call, "slice of a 0-d tensor");
  int64_t d = *shaped;
  if (type.isDynamicDim(d) || args.value("start") || args.value("end"))
    return rewriter.notifyMatchFailure(call, "slices of dynamic dims or by SymInt bounds");
  int64_t size = type.getDimSize(d);
  int64_t step = args.integer("step").value_or(1);
  if (step < 1)
    return rewriter.notifyMatchFailure(call, "slice step must be positive");
  int64_t start = clampIndex(args.integer("start"), 0, size);
  int64_t end = std::max(start, clampIndex(args.integer("end"), size, size));
  PrimBuilder p(rewriter, call.getLoc());
  rewriter.replaceOp(call, sliceDim(p, self, d, start, end, step));
  return success();
}

/// Dim `dim` at `index`, dropped from the shape (select, unbind).
Value selectIndex(PrimBuilder &p, Value input, int64_t dim, int64_t index,
                  RankedTensorType resultType) {
  Value slab = sliceDim(p, input, dim, index, index + 1, 1);
  return p.build<prim::ReshapeOp>(resultType, slab, ValueRange{});
}

LogicalResult select(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = args.value("self");
  auto dim = args.integer("dim"), index = args.integer("index");
  RankedTensorType type = resultType(call);
  if (!self || !dim || !index || !type || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "static select with a constant index only");
  auto inputType = cast<RankedTensorType>(self.getType());
  int64_t d = PrimBuilder::normalizeDim(*dim, inputType.getRank());
  int64_t i = *index < 0 ? *index + inputType.getDimSize(d) : *index;
  PrimBuilder p(rewriter, call.getLoc());
  rewriter.replaceOp(call, selectIndex(p, self, d, i, type));
  return success();
}

LogicalResult unbind(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = args.value("self");
  auto dim = args.integer("dim");
  if (!self || !dim)
    return rewriter.notifyMatchFailure(call, "expects a tensor and a dim");
  auto inputType = cast<RankedTensorType>(self.getType());
  int64_t d = PrimBuilder::normalizeDim(*dim, inputType.getRank());
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> parts;
  for (unsigned i = 0; i < call->getNumResults(); ++i) {
    RankedTensorType type = resultType(call, i);
    if (!type || !type.hasStaticShape())
      return rewriter.notifyMatchFailure(call, "static unbind only");
    parts.push_back(selectIndex(p, self, d, i, type));
  }
  rewriter.replaceOp(call, parts);
  return success();
}

// split(x, split_size, dim): consecutive chunks of split_size (the last may
// be shorter), as many as the archive lists results.
LogicalResult split(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  auto size = args.integer("split_size");
  auto dim = args.integer("dim");
  if (!self || !size || !dim || *size < 1)
    return rewriter.notifyMatchFailure(call, "expects a tensor, a split size and a dim");
  auto inputType = cast<RankedTensorType>(self.getType());
  std::optional<int64_t> shaped = shapeDim(*dim, inputType);
  if (!shaped)
    return rewriter.notifyMatchFailure(call, "split of a 0-d tensor");
  int64_t d = *shaped;
  if (inputType.isDynamicDim(d))
    return rewriter.notifyMatchFailure(call, "split of a dynamic dim");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> parts;
  // In 128 bits: a split size from the archive may be near 2^63
  // (pt2c-fuzz-compile); clamped to the dim, start and end fit int64.
  __int128 extent = inputType.getDimSize(d);
  for (unsigned i = 0; i < call->getNumResults(); ++i) {
    __int128 start = std::min<__int128>(__int128(i) * *size, extent);
    __int128 end = std::min<__int128>(start + *size, extent);
    parts.push_back(sliceDim(p, self, d, int64_t(start), int64_t(end), 1));
  }
  rewriter.replaceOp(call, parts);
  return success();
}

LogicalResult cat(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  auto dim = args.integer("dim");
  if (!type || !dim)
    return rewriter.notifyMatchFailure(call, "expects tensors and a dim");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> inputs;
  for (Value tensor : args.values("tensors")) {
    // torch.cat skips legacy empty 1-d tensors of shape [0].
    auto tensorType = cast<RankedTensorType>(tensor.getType());
    if (tensorType.getRank() == 1 && tensorType.getDimSize(0) == 0 && type.getRank() != 1)
      continue;
    inputs.push_back(p.convert(tensor, type.getElementType()));
  }
  int64_t d = PrimBuilder::normalizeDim(*dim, type.getRank());
  rewriter.replaceOp(call, p.create<prim::ConcatenateOp>(inputs, rewriter.getI64IntegerAttr(d)));
  return success();
}

// block_diag(tensors): each tensor (0-d as [1, 1], 1-d as a row) placed on
// the diagonal of a zero matrix [sum of rows, sum of columns], in the
// result's dtype: each padded with zeros to the full width, then stacked.
LogicalResult blockDiag(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type || type.getRank() != 2 || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a static 2-d result");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> blocks;
  int64_t left = 0, width = type.getDimSize(1);
  for (Value tensor : args.values("tensors")) {
    auto tensorType = dyn_cast<RankedTensorType>(tensor.getType());
    if (!tensorType || tensorType.getRank() > 2 || !tensorType.hasStaticShape())
      return rewriter.notifyMatchFailure(call, "static tensors of at most 2 dims");
    SmallVector<int64_t> shape(tensorType.getShape());
    shape.insert(shape.begin(), 2 - shape.size(), 1);
    Value block = p.reshape(RankedTensorType::get(shape, type.getElementType()),
                            p.convert(tensor, type.getElementType()));
    if (left + shape[1] > width)
      return rewriter.notifyMatchFailure(call, "the blocks are wider than the result");
    blocks.push_back(paddedWith(p, block, {{0, 0}, {left, width - left - shape[1]}}, 0.0));
    left += shape[1];
  }
  if (blocks.empty() || left != width)
    return rewriter.notifyMatchFailure(call, "the blocks' columns are not the result's");
  return replaceChecked(
      call, p.create<prim::ConcatenateOp>(blocks, rewriter.getI64IntegerAttr(0)), rewriter);
}

// _chunk_cat(tensors, dim, num_chunks): each tensor cut along dim into
// num_chunks chunks of ceil(size / num_chunks) (zero-padded at the end),
// each chunk flattened from dim on, and the tensors' chunks concatenated:
// [lead..., num_chunks, sum of the flattened chunk sizes]. The tensors
// share their dims before dim.
LogicalResult chunkCat(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  auto dim = args.integer("dim");
  auto chunks = args.integer("num_chunks");
  if (!type || !dim || !chunks || *chunks < 1 || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects tensors, a dim and num_chunks >= 1");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> pieces;
  for (Value tensor : args.values("tensors")) {
    auto tensorType = dyn_cast<RankedTensorType>(tensor.getType());
    std::optional<int64_t> d = tensorType ? shapeDim(*dim, tensorType) : std::nullopt;
    if (!d || !tensorType.hasStaticShape() || type.getRank() != *d + 2)
      return rewriter.notifyMatchFailure(call, "static tensors with the dim, the result [lead, chunks, n]");
    int64_t size = tensorType.getDimSize(*d), per = (size + *chunks - 1) / *chunks;
    SmallVector<std::pair<int64_t, int64_t>> pads(tensorType.getRank(), {0, 0});
    pads[*d] = {0, per * *chunks - size};
    Value padded = paddedWith(p, p.convert(tensor, type.getElementType()), pads, 0.0);
    SmallVector<int64_t> shape(tensorType.getShape().take_front(*d));
    int64_t flat = per;
    for (int64_t rest : tensorType.getShape().drop_front(*d + 1))
      flat *= rest;
    shape.append({*chunks, flat});
    pieces.push_back(p.build<prim::ReshapeOp>(RankedTensorType::get(shape, type.getElementType()),
                                              padded, ValueRange{}));
  }
  if (pieces.empty())
    return rewriter.notifyMatchFailure(call, "no tensors");
  return replaceChecked(call,
                        p.create<prim::ConcatenateOp>(
                            pieces, rewriter.getI64IntegerAttr(type.getRank() - 1)),
                        rewriter);
}

// Which dim a split cuts: its `dim` argument (0 without), or a fixed one:
// hsplit's (1, or 0 for a vector), vsplit's 0, dsplit's 2.
enum class SplitDim { argument, horizontal, vertical, depth };

// chunk / split_with_sizes / tensor_split and hsplit, vsplit, dsplit:
// consecutive slices along the dim, each as long as its result says (the
// archive holds every piece's shape).
template <SplitDim which = SplitDim::argument>
LogicalResult splitByResults(aten::CallOp call, const CallArgs &args,
                             PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  if (!self)
    return rewriter.notifyMatchFailure(call, "expects a tensor");
  auto inputType = cast<RankedTensorType>(self.getType());
  int64_t dim = which == SplitDim::argument   ? args.integer("dim").value_or(0)
                : which == SplitDim::vertical ? 0
                : which == SplitDim::depth    ? 2
                                              : (inputType.getRank() == 1 ? 0 : 1);
  if (which == SplitDim::vertical && inputType.getRank() < 2)
    return rewriter.notifyMatchFailure(call, "vsplit of a tensor of 2 or more dims");
  if (which == SplitDim::depth && inputType.getRank() < 3)
    return rewriter.notifyMatchFailure(call, "dsplit of a tensor of 3 or more dims");
  std::optional<int64_t> shaped = shapeDim(dim, inputType);
  if (!shaped)
    return rewriter.notifyMatchFailure(call, "split of a 0-d tensor");
  int64_t d = *shaped;
  if (inputType.isDynamicDim(d))
    return rewriter.notifyMatchFailure(call, "split of a dynamic dim");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> parts;
  int64_t start = 0;
  for (unsigned i = 0; i < call->getNumResults(); ++i) {
    RankedTensorType piece = resultType(call, i);
    if (!piece || piece.getRank() != inputType.getRank() || piece.isDynamicDim(d))
      return rewriter.notifyMatchFailure(call, "pieces must have static sizes along dim");
    int64_t length = piece.getDimSize(d);
    parts.push_back(sliceDim(p, self, d, start, start + length, 1));
    start += length;
  }
  if (start != inputType.getDimSize(d))
    return rewriter.notifyMatchFailure(call, "pieces do not add up to the dim");
  rewriter.replaceOp(call, parts);
  return success();
}

// stack(tensors, dim) = cat of each tensor with a size-1 dim inserted.
LogicalResult stack(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type)
    return rewriter.notifyMatchFailure(call, "expects a tensor result");
  int64_t d = PrimBuilder::normalizeDim(args.integer("dim").value_or(0), type.getRank());
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> inputs;
  for (Value tensor : args.values("tensors")) {
    auto tensorType = cast<RankedTensorType>(tensor.getType());
    SmallVector<int64_t> shape(tensorType.getShape());
    shape.insert(shape.begin() + d, 1);
    auto unsqueezed = RankedTensorType::get(shape, type.getElementType());
    inputs.push_back(p.build<prim::ReshapeOp>(unsqueezed, p.convert(tensor, type.getElementType()),
                                              p.dynamicSizes(unsqueezed, {tensor})));
  }
  if (inputs.empty())
    return rewriter.notifyMatchFailure(call, "nothing to stack");
  rewriter.replaceOp(call, p.create<prim::ConcatenateOp>(inputs, rewriter.getI64IntegerAttr(d)));
  return success();
}

// hstack, vstack (row_stack), dstack and column_stack: each tensor given
// the rank its stack needs (atleast_1d/2d/3d; column_stack makes 0-d and
// 1-d tensors columns), then one concatenation.
enum class StackKind { horizontal, vertical, depth, columns };

template <StackKind kind>
LogicalResult stackAlong(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type)
    return rewriter.notifyMatchFailure(call, "expects a tensor result");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> inputs;
  for (Value tensor : args.values("tensors")) {
    auto tensorType = cast<RankedTensorType>(tensor.getType());
    if (!tensorType.hasStaticShape())
      return rewriter.notifyMatchFailure(call, "stacks of static shapes");
    SmallVector<int64_t> shape(tensorType.getShape());
    int64_t rank = shape.size();
    if (kind == StackKind::horizontal && rank == 0)
      shape = {1};
    if (kind == StackKind::vertical && rank < 2)
      shape.insert(shape.begin(), 2 - rank, 1);
    if (kind == StackKind::depth && rank < 3) {
      if (rank == 0)
        shape = {1, 1, 1};
      else if (rank == 1)
        shape = {1, shape[0], 1};
      else
        shape.push_back(1);
    }
    if (kind == StackKind::columns && rank < 2)
      shape = {tensorType.getNumElements(), 1};
    auto reshaped = RankedTensorType::get(shape, type.getElementType());
    inputs.push_back(p.build<prim::ReshapeOp>(reshaped, p.convert(tensor, type.getElementType()),
                                              ValueRange{}));
  }
  if (inputs.empty())
    return rewriter.notifyMatchFailure(call, "nothing to stack");
  int64_t dim = kind == StackKind::vertical ? 0
                : kind == StackKind::depth  ? 2
                : kind == StackKind::columns ? 1
                                             : (type.getRank() == 1 ? 0 : 1);
  return replaceChecked(
      call, p.create<prim::ConcatenateOp>(inputs, rewriter.getI64IntegerAttr(dim)), rewriter);
}

// meshgrid(tensors, indexing): the i-th 0-d or 1-d tensor spread along dim
// i of the grid ("ij", the default), or with the first two dims swapped
// ("xy").
LogicalResult meshgrid(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  SmallVector<Value> tensors = args.values("tensors");
  std::optional<StringRef> indexing = args.string("indexing");
  bool xy = indexing && *indexing == "xy";
  if (tensors.empty() || call->getNumResults() != tensors.size() ||
      (indexing && *indexing != "xy" && *indexing != "ij"))
    return rewriter.notifyMatchFailure(call, "expects tensors, one result each, ij or xy");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> grids;
  for (auto [i, tensor] : llvm::enumerate(tensors)) {
    auto type = cast<RankedTensorType>(tensor.getType());
    auto gridType = dyn_cast<RankedTensorType>(call->getResult(i).getType());
    if (type.getRank() > 1 || !type.hasStaticShape() || !gridType ||
        gridType.getRank() != int64_t(tensors.size()))
      return rewriter.notifyMatchFailure(call, "0-d or 1-d static tensors");
    int64_t dim = i;
    if (xy && tensors.size() >= 2 && i < 2)
      dim = 1 - i;
    Value vector = p.build<prim::ReshapeOp>(
        RankedTensorType::get({type.getNumElements()}, type.getElementType()), tensor,
        ValueRange{});
    Value grid = p.broadcastInDim(p.convert(vector, gridType.getElementType()), gridType, {dim}, {});
    if (!grid || grid.getType() != gridType)
      return rewriter.notifyMatchFailure(call, "the grid's shape is not the result's");
    grids.push_back(grid);
  }
  rewriter.replaceOp(call, grids);
  return success();
}

// cartesian_prod(tensors): every combination of their elements as the rows
// of a [N, k] matrix (the first tensor's element changing slowest); one
// tensor is returned as it is.
LogicalResult cartesianProd(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  SmallVector<Value> tensors = args.values("tensors");
  if (!type || tensors.empty())
    return rewriter.notifyMatchFailure(call, "expects tensors");
  PrimBuilder p(rewriter, call.getLoc());
  if (tensors.size() == 1) {
    if (tensors[0].getType() != type)
      return rewriter.notifyMatchFailure(call, "one tensor is its own product");
    rewriter.replaceOp(call, tensors[0]);
    return success();
  }
  SmallVector<int64_t> grid;
  for (Value tensor : tensors) {
    auto tensorType = cast<RankedTensorType>(tensor.getType());
    if (tensorType.getRank() != 1 || tensorType.isDynamicDim(0))
      return rewriter.notifyMatchFailure(call, "static 1-d tensors");
    grid.push_back(tensorType.getDimSize(0));
  }
  int64_t rows = 1;
  for (int64_t size : grid)
    rows *= size;
  Type element = type.getElementType();
  auto gridType = RankedTensorType::get(grid, element);
  auto columnType = RankedTensorType::get({rows, 1}, element);
  SmallVector<Value> columns;
  for (auto [i, tensor] : llvm::enumerate(tensors)) {
    Value spread = p.broadcastInDim(p.convert(tensor, element), gridType, {int64_t(i)}, {});
    columns.push_back(p.build<prim::ReshapeOp>(columnType, spread, ValueRange{}));
  }
  return replaceChecked(
      call, p.create<prim::ConcatenateOp>(columns, rewriter.getI64IntegerAttr(1)), rewriter);
}

// sum_to_size(self, size): the sum over the leading dims self has beyond
// `size` and over the dims where size is 1 and self is not (the reverse of
// expanding to self's shape).
LogicalResult sumToSize(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self");
  auto size = args.integers("size");
  if (!type || !self || !size || !type.hasStaticShape() ||
      !cast<RankedTensorType>(self.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "a static tensor and a constant size");
  auto selfType = cast<RankedTensorType>(self.getType());
  int64_t lead = selfType.getRank() - int64_t(size->size());
  if (lead < 0)
    return rewriter.notifyMatchFailure(call, "size has more dims than self");
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < selfType.getRank(); ++d)
    if (d < lead || ((*size)[d - lead] == 1 && selfType.getDimSize(d) != 1))
      dims.push_back(d);
  PrimBuilder p(rewriter, call.getLoc());
  Value x = p.convert(self, type.getElementType());
  Value sum = dims.empty() ? x : p.reduce(prim::ReduceKind::sum, x, dims, true);
  if (!sum)
    return failure(); // p said why
  Value result = p.build<prim::ReshapeOp>(type, sum, ValueRange{});
  rewriter.replaceOp(call, result);
  return success();
}

// t(self): the two dims of a matrix swapped; a vector (or scalar) as it is.
LogicalResult t(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = args.value("self");
  if (!self)
    return rewriter.notifyMatchFailure(call, "expects a tensor");
  if (cast<RankedTensorType>(self.getType()).getRank() < 2)
    return identity(call, args, rewriter);
  return transposeTo(call, self, {1, 0}, rewriter);
}

// mT, mH and matrix_H swap the last two dims (mH and matrix_H conjugate
// too, which a real tensor does not see); numpy_T reverses all dims.
template <bool allDims>
LogicalResult matrixTranspose(aten::CallOp call, const CallArgs &args,
                              PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  if (!self || isa<ComplexType>(cast<RankedTensorType>(self.getType()).getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a real tensor");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  if (!allDims && rank < 2)
    return rewriter.notifyMatchFailure(call, "expects a tensor of 2 or more dims");
  SmallVector<int64_t> permutation = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  if (allDims)
    std::reverse(permutation.begin(), permutation.end());
  else
    std::swap(permutation[rank - 2], permutation[rank - 1]);
  return transposeTo(call, self, permutation, rewriter);
}

// movedim(self, source, destination): each source dim to its destination,
// the others in their order in the remaining places.
LogicalResult movedim(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  auto source = args.integers("source"), destination = args.integers("destination");
  if (!self || !source || !destination || source->size() != destination->size())
    return rewriter.notifyMatchFailure(call, "expects constant source and destination dims");
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  SmallVector<int64_t> permutation(rank, -1);
  SmallVector<bool> moved(rank, false);
  for (auto [from, to] : llvm::zip(*source, *destination)) {
    int64_t f = PrimBuilder::normalizeDim(from, rank), t = PrimBuilder::normalizeDim(to, rank);
    if (f < 0 || f >= rank || t < 0 || t >= rank || moved[f] || permutation[t] != -1)
      return rewriter.notifyMatchFailure(call, "source and destination must be distinct dims");
    permutation[t] = f;
    moved[f] = true;
  }
  int64_t next = 0;
  for (int64_t &slot : permutation) {
    if (slot != -1)
      continue;
    while (moved[next])
      ++next;
    slot = next++;
  }
  return transposeTo(call, self, permutation, rewriter);
}

// real(x) and conj_physical(x) of a real tensor are x (a complex x is
// declined: its real part and conjugate are not x).
LogicalResult realIdentity(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  if (!self || isa<ComplexType>(cast<RankedTensorType>(self.getType()).getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a real tensor");
  return identity(call, args, rewriter);
}

// isreal(x) of a real tensor: all true.
LogicalResult isreal(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  RankedTensorType type = resultType(call);
  if (!self || !type || isa<ComplexType>(cast<RankedTensorType>(self.getType()).getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a real tensor");
  PrimBuilder p(rewriter, call.getLoc());
  rewriter.replaceOp(call, p.splat(1.0, type, {self}));
  return success();
}

// narrow(self, dim, start, length) = self[start : start + length] along dim
// (a negative start counts from the end, as in torch).
LogicalResult narrow(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  auto dim = args.integer("dim"), start = args.integer("start"), length = args.integer("length");
  RankedTensorType type = resultType(call);
  if (!self || !dim || !start || !length || !type)
    return rewriter.notifyMatchFailure(call, "expects a tensor and constant dim, start, length");
  auto selfType = cast<RankedTensorType>(self.getType());
  std::optional<int64_t> shaped = shapeDim(*dim, selfType);
  if (!shaped || selfType.isDynamicDim(*shaped))
    return rewriter.notifyMatchFailure(call, "narrow of a 0-d tensor or a dynamic dim");
  int64_t size = selfType.getDimSize(*shaped);
  int64_t first = *start < 0 ? *start + size : *start;
  if (first < 0 || *length < 0 || first + *length > size)
    return rewriter.notifyMatchFailure(call, "start and length must lie within the dim");
  PrimBuilder p(rewriter, call.getLoc());
  rewriter.replaceOp(call, sliceDim(p, self, *shaped, first, first + *length, 1));
  return success();
}

} // namespace

void addShapeDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.view.default", "shape", "reshape", view},
      {"aten.resize.default", "shape", "reshape, slice", resize},
      {"aten.gradient.scalarint", "shape", "slice, sub, mul, add, concatenate, convert", gradient},
      {"aten.resize_as.default", "shape", "reshape, slice", resize},
      {"aten.reshape.default", "shape", "reshape", view},
      {"aten.reshape_as.default", "shape", "reshape", reshapeAs},
      {"aten.view_as.default", "shape", "reshape", reshapeAs},
      {"aten.flatten.using_ints", "shape", "reshape", flatten},
      {"aten.unsqueeze.default", "shape", "reshape", view},
      {"aten.squeeze.dim", "shape", "reshape", view},
      {"aten.squeeze.dims", "shape", "reshape", view},
      {"aten.alias.default", "shape", "(none)", identity},
      {"aten.clone.default", "shape", "(none)", identity},
      {"aten.contiguous.default", "shape", "(none)", identity},
      {"aten.detach.default", "shape", "(none)", identity},
      {"aten.lift_fresh_copy.default", "shape", "(none)", identity},
      {"aten._assert_tensor_metadata.default", "shape", "(none)", assertMetadata, true},
      {"aten.to.dtype", "shape", "convert", to, true},
      {"aten.to.device", "shape", "convert", to, true},
      {"aten.to.dtype_layout", "shape", "convert", to, true},
      {"aten._to_copy.default", "shape", "convert", to, true},
      {"aten.transpose.int", "shape", "transpose", transpose},
      {"aten.permute.default", "shape", "transpose", permute},
      {"aten.expand.default", "shape", "broadcast_in_dim", expand},
      {"aten.broadcast_tensors.default", "shape", "broadcast_in_dim", broadcastTensors},
      {"aten.slice.Tensor", "shape", "slice", slice},
      {"aten.select.int", "shape", "slice, reshape", select},
      {"aten.unbind.int", "shape", "slice, reshape", unbind},
      {"aten.split.Tensor", "shape", "slice", split},
      {"aten.cat.default", "shape", "concatenate, convert", cat},
      {"aten.block_diag.default", "shape", "convert, reshape, pad, concatenate", blockDiag},
      {"aten._chunk_cat.default", "shape", "convert, pad, reshape, concatenate", chunkCat},
      {"aten.stack.default", "shape", "reshape, concatenate, convert", stack},
      {"aten.chunk.default", "shape", "slice", splitByResults<>},
      {"aten.split_with_sizes.default", "shape", "slice", splitByResults<>},
      {"aten.tensor_split.sections", "shape", "slice", splitByResults<>},
      {"aten.tensor_split.indices", "shape", "slice", splitByResults<>},
      {"aten.hsplit.int", "shape", "slice", splitByResults<SplitDim::horizontal>},
      {"aten.hsplit.array", "shape", "slice", splitByResults<SplitDim::horizontal>},
      {"aten.vsplit.int", "shape", "slice", splitByResults<SplitDim::vertical>},
      {"aten.vsplit.array", "shape", "slice", splitByResults<SplitDim::vertical>},
      {"aten.dsplit.int", "shape", "slice", splitByResults<SplitDim::depth>},
      {"aten.dsplit.array", "shape", "slice", splitByResults<SplitDim::depth>},
      {"aten.t.default", "shape", "transpose", t},
      {"aten.type_as.default", "shape", "convert", to},
      {"aten.view.dtype", "shape", "bitcast_convert, convert", viewDtype},
      {"aten.expand_as.default", "shape", "broadcast_in_dim", expand},
      {"aten.unflatten.int", "shape", "reshape", view},
      {"aten.squeeze.default", "shape", "reshape", view},
      {"aten.ravel.default", "shape", "reshape", flatten},
      {"aten.atleast_1d.default", "shape", "reshape", flatten},
      {"aten.atleast_2d.default", "shape", "reshape", flatten},
      {"aten.atleast_3d.default", "shape", "reshape", flatten},
      {"aten.positive.default", "shape", "(none)", identity},
      {"aten.resolve_conj.default", "shape", "(none)", identity},
      {"aten.resolve_neg.default", "shape", "(none)", identity},
      {"aten.mT.default", "shape", "transpose", matrixTranspose<false>},
      {"aten.mH.default", "shape", "transpose", matrixTranspose<false>},
      {"aten.matrix_H.default", "shape", "transpose", matrixTranspose<false>},
      {"aten.numpy_T.default", "shape", "transpose", matrixTranspose<true>},
      {"aten.narrow.default", "shape", "slice", narrow},
      {"aten.movedim.intlist", "shape", "transpose", movedim},
      {"aten.cartesian_prod.default", "shape", "broadcast_in_dim, reshape, concatenate, convert",
       cartesianProd},
      {"aten.sum_to_size.default", "shape", "reduce, reshape, convert", sumToSize},
      {"aten.meshgrid.default", "shape", "reshape, broadcast_in_dim, convert", meshgrid},
      {"aten.meshgrid.indexing", "shape", "reshape, broadcast_in_dim, convert", meshgrid},
      {"aten.hstack.default", "shape", "reshape, concatenate, convert",
       stackAlong<StackKind::horizontal>},
      {"aten.vstack.default", "shape", "reshape, concatenate, convert",
       stackAlong<StackKind::vertical>},
      {"aten.row_stack.default", "shape", "reshape, concatenate, convert",
       stackAlong<StackKind::vertical>},
      {"aten.dstack.default", "shape", "reshape, concatenate, convert",
       stackAlong<StackKind::depth>},
      {"aten.column_stack.default", "shape", "reshape, concatenate, convert",
       stackAlong<StackKind::columns>},
      {"aten.movedim.int", "shape", "transpose", movedim},
      {"aten.real.default", "shape", "(none)", realIdentity},
      {"aten.conj_physical.default", "shape", "(none)", realIdentity},
      {"aten.isreal.default", "shape", "constant", isreal},
  });
}

} // namespace pt2c
