//===- Linear.cpp - linear -------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace pt2c {
namespace {

// linear(x [..., K], W [N, K], b [N]?) = x @ W^T + b.
// Batch dims are folded into the rows: x is reshaped to [prod(...), K], one
// 2-d matmul runs, and the result is reshaped back (a 1-d x is one row).
// (Broadcasting W^T over
// the batch instead would copy the weight once per batch element per call.)
LogicalResult linear(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value input = tensorArg(args, "input"), weight = tensorArg(args, "weight");
  if (!type || !input || !weight)
    return rewriter.notifyMatchFailure(call, "expects tensors input and weight");
  auto inputType = cast<RankedTensorType>(input.getType());
  auto weightType = cast<RankedTensorType>(weight.getType());
  int64_t rank = inputType.getRank();
  // Checked before the shape's batch dims are taken (dropping the last dim
  // of a 0-d shape read past it: SIGSEGV), and the result keeps the rank.
  if (rank < 1 || type.getRank() != rank)
    return rewriter.notifyMatchFailure(call, "input rank >= 1, the result's rank the same");
  int64_t dynamicBatch = llvm::count_if(inputType.getShape().drop_back(), ShapedType::isDynamic);
  if (weightType.getRank() != 2 || !weightType.hasStaticShape() ||
      inputType.isDynamicDim(rank - 1) || dynamicBatch > 1)
    return rewriter.notifyMatchFailure(call, "input rank >= 1 with at most one dynamic "
                                             "batch dim, and a static 2-d weight");
  if (!args.isNone("bias") && !args.value("bias"))
    return rewriter.notifyMatchFailure(call, "bias must be a tensor or None");
  // The archive's metadata must agree with itself: the prims below are
  // typed from it, and a mismatch aborted in their type inference.
  int64_t k = inputType.getDimSize(rank - 1), n = weightType.getDimSize(0);
  if (weightType.getDimSize(1) != k)
    return rewriter.notifyMatchFailure(call, "input's last dim differs from weight's columns");
  if (Value bias = args.value("bias")) {
    auto biasType = dyn_cast<RankedTensorType>(bias.getType());
    if (!biasType || biasType.getRank() > 1 ||
        (biasType.getRank() == 1 && biasType.getDimSize(0) != n && biasType.getDimSize(0) != 1))
      return rewriter.notifyMatchFailure(call, "bias must be [out_features] (or broadcast)");
  }
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Type element = type.getElementType();
  Value x = p.convert(input, element);
  Value rows = x;
  if (rank != 2) {
    // The batch dims' product (not elements / k: k may be 0).
    int64_t m = ShapedType::kDynamic;
    if (!dynamicBatch) {
      m = 1;
      for (int64_t size : inputType.getShape().drop_back())
        m *= size;
    }
    auto flatType = RankedTensorType::get({m, k}, element);
    SmallVector<Value> sizes;
    if (dynamicBatch) {
      // rows = the dynamic batch size times the static ones.
      int64_t staticRows = 1, dynamicDim = 0;
      for (int64_t d = 0; d < rank - 1; ++d) {
        if (inputType.isDynamicDim(d))
          dynamicDim = d;
        else
          staticRows *= inputType.getDimSize(d);
      }
      Value size = tensor::DimOp::create(rewriter, loc, x, dynamicDim);
      sizes.push_back(arith::MulIOp::create(
          rewriter, loc, size, arith::ConstantIndexOp::create(rewriter, loc, staticRows)));
    }
    rows = p.build<prim::ReshapeOp>(flatType, x, sizes);
  }
  Value transposed = p.create<prim::TransposeOp>(p.convert(weight, element),
                                                 rewriter.getDenseI64ArrayAttr({1, 0}));
  Value result = p.create<prim::MatmulOp>(rows, transposed);
  if (!result)
    return failure(); // p said why
  if (Value bias = args.value("bias")) {
    auto resultRows = cast<RankedTensorType>(result.getType());
    result = p.create<prim::AddOp>(result, p.broadcastInDim(bias, resultRows, {1}, {result}));
  }
  if (rank != 2) {
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < rank - 1; ++d)
      if (type.isDynamicDim(d))
        sizes.push_back(tensor::DimOp::create(rewriter, loc, x, d));
    result = p.build<prim::ReshapeOp>(type, result, sizes);
  }
  rewriter.replaceOp(call, result);
  return success();
}

// mm(self [M, K], mat2 [K, N]) and bmm(self [B, M, K], mat2 [B, K, N]):
// prim.matmul as it is (no broadcasting in either).
LogicalResult mm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self"), other = args.value("mat2");
  if (!type || !self || !other)
    return rewriter.notifyMatchFailure(call, "expects tensors self and mat2");
  PrimBuilder p(rewriter, call.getLoc());
  Value result = p.create<prim::MatmulOp>(p.convert(self, type.getElementType()),
                                          p.convert(other, type.getElementType()));
  if (!result)
    return failure(); // p said why
  if (result.getType() != type)
    return rewriter.notifyMatchFailure(call, "unexpected result shape");
  rewriter.replaceOp(call, result);
  return success();
}

// baddbmm(self, b1, b2, beta, alpha) = beta * self + alpha * (b1 @ b2), self
// broadcast to [B, M, N]; with beta 0 self is ignored (even NaN), as torch.
LogicalResult baddbmm(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = args.value("self"), b1 = args.value("batch1"), b2 = args.value("batch2");
  if (!type || !self || !b1 || !b2 || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "static baddbmm only");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Value result = p.create<prim::MatmulOp>(p.convert(b1, type.getElementType()),
                                          p.convert(b2, type.getElementType()));
  if (double alpha = args.number("alpha").value_or(1.0); alpha != 1.0)
    result = p.create<prim::MulOp>(result, p.splat(alpha, type, {}));
  double beta = args.number("beta").value_or(1.0);
  if (beta != 0.0) {
    Value bias = p.broadcastTo(self, type, {});
    if (!bias)
      return rewriter.notifyMatchFailure(call, "self does not broadcast");
    if (beta != 1.0)
      bias = p.create<prim::MulOp>(bias, p.splat(beta, type, {}));
    result = p.create<prim::AddOp>(result, bias);
  }
  rewriter.replaceOp(call, result);
  return success();
}

/// beta * self + alpha * product (self broadcast to the product's static
/// type; with beta 0 self is not read, as in torch: NaN there stays out).
Value addScaled(PrimBuilder &p, const CallArgs &args, Value product, RankedTensorType type) {
  Value result = product;
  if (double alpha = args.number("alpha").value_or(1.0); alpha != 1.0)
    result = p.create<prim::MulOp>(result, p.splat(alpha, type, {}));
  double beta = args.number("beta").value_or(1.0);
  if (beta == 0.0)
    return result;
  Value bias = p.broadcastTo(tensorArg(args, "self"), type, {});
  if (beta != 1.0)
    bias = p.create<prim::MulOp>(bias, p.splat(beta, type, {}));
  return p.create<prim::AddOp>(result, bias);
}

/// The vector `v` (1-d) as a [1, K] row (`column` false) or a [K, 1]
/// column, in `element`.
Value vectorAsMatrix(PrimBuilder &p, Value v, Type element, bool column) {
  auto type = cast<RankedTensorType>(v.getType());
  int64_t k = type.getDimSize(0);
  auto matrix = RankedTensorType::get(column ? ArrayRef<int64_t>{k, 1} : ArrayRef<int64_t>{1, k},
                                      element);
  SmallVector<Value> sizes;
  if (type.isDynamicDim(0))
    sizes.push_back(tensor::DimOp::create(p.builder(), p.loc(), v, 0));
  return p.build<prim::ReshapeOp>(matrix, p.convert(v, element), sizes);
}

// dot(a [K], b [K]) = [1, K] x [K, 1] as a 0-d tensor; mv(A [M, K], v [K])
// = A x [K, 1] as [M]. Both are prim.matmul (f16/bf16 accumulate in f32).
template <bool matrixVector>
LogicalResult dotOrMv(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value lhs = tensorArg(args, "self"), rhs = tensorArg(args, matrixVector ? "vec" : "tensor");
  int64_t lhsRank = matrixVector ? 2 : 1;
  if (!type || !lhs || !rhs || cast<RankedTensorType>(lhs.getType()).getRank() != lhsRank ||
      cast<RankedTensorType>(rhs.getType()).getRank() != 1 ||
      type.getRank() != lhsRank - 1 || type.getElementType().isInteger(1))
    return rewriter.notifyMatchFailure(call, matrixVector ? "expects a matrix and a vector"
                                                          : "expects two vectors");
  PrimBuilder p(rewriter, call.getLoc());
  Type element = type.getElementType();
  Value left = matrixVector ? p.convert(lhs, element) : vectorAsMatrix(p, lhs, element, false);
  Value product = p.create<prim::MatmulOp>(left, vectorAsMatrix(p, rhs, element, true));
  if (!product)
    return failure(); // p said why
  SmallVector<Value> sizes;
  if (type.getRank() == 1 && type.isDynamicDim(0))
    sizes.push_back(tensor::DimOp::create(rewriter, call.getLoc(), left, 0));
  rewriter.replaceOp(call, p.build<prim::ReshapeOp>(type, product, sizes));
  return success();
}

// addmv(self, mat [M, K], vec [K]) = beta self + alpha mat vec;
// addr(self, vec1 [M], vec2 [N]) = beta self + alpha vec1 vec2^T;
// addbmm(self, batch1 [B, M, K], batch2 [B, K, N]) = beta self + alpha
// sum_b batch1[b] batch2[b]. Static shapes; a float or integer result.
enum class AddForm { mv, r, bmm };

template <AddForm form>
LogicalResult addProduct(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  const char *names[2] = {form == AddForm::mv ? "mat" : form == AddForm::r ? "vec1" : "batch1",
                          form == AddForm::mv ? "vec" : form == AddForm::r ? "vec2" : "batch2"};
  Value a = tensorArg(args, names[0]), b = tensorArg(args, names[1]);
  int64_t ranks[2] = {form == AddForm::mv ? 2 : form == AddForm::r ? 1 : 3,
                      form == AddForm::bmm ? 3 : 1};
  if (!type || !a || !b || !tensorArg(args, "self") || !type.hasStaticShape() ||
      (type.getElementType().isInteger(1) && form != AddForm::r) ||
      cast<RankedTensorType>(a.getType()).getRank() != ranks[0] ||
      cast<RankedTensorType>(b.getType()).getRank() != ranks[1] ||
      !cast<RankedTensorType>(a.getType()).hasStaticShape() ||
      !cast<RankedTensorType>(b.getType()).hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects static operands of the schema's ranks");
  PrimBuilder p(rewriter, call.getLoc());
  Type element = type.getElementType();
  Value product;
  if (form == AddForm::mv) {
    product = p.create<prim::MatmulOp>(p.convert(a, element), vectorAsMatrix(p, b, element, true));
    product = p.build<prim::ReshapeOp>(type, product, ValueRange{});
  } else if (form == AddForm::r) {
    auto spread = [&](Value v, int64_t dim) {
      return p.build<prim::BroadcastInDimOp>(type, p.convert(v, element),
                                             rewriter.getDenseI64ArrayAttr({dim}), ValueRange{});
    };
    if (!element.isInteger(1))
      product = p.create<prim::MulOp>(spread(a, 0), spread(b, 1));
    else
      product = p.create<prim::AndOp>(spread(a, 0), spread(b, 1));
    if (element.isInteger(1)) {
      // Booleans, as torch: (beta and self) or (alpha and vec1 vec2^T),
      // a zero scale dropping its term.
      Value self = p.broadcastTo(p.convert(tensorArg(args, "self"), element), type, {});
      Value none = p.splat(0.0, type, {});
      Value kept = args.number("beta").value_or(1.0) != 0 ? self : none;
      Value outer = args.number("alpha").value_or(1.0) != 0 ? product : none;
      return replaceChecked(call, p.create<prim::OrOp>(kept, outer), rewriter);
    }
  } else {
    // f16/bf16 products are summed over the batch in f32 and rounded once
    // (the correctly rounded result); rounding each batch's product first
    // added an error per batch.
    Type wide = computeType(type).getElementType();
    product = p.reduce(prim::ReduceKind::sum,
                       p.create<prim::MatmulOp>(p.convert(a, wide), p.convert(b, wide)), {0},
                       false);
    Value result = addScaled(p, args, product, type.clone(wide));
    return replaceChecked(call, p.convert(result, element), rewriter);
  }
  Value result = addScaled(p, args, product, type);
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

// outer(a [M], b [N]) = a along dim 0 times b along dim 1, [M, N].
LogicalResult outer(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value a = tensorArg(args, "self"), b = tensorArg(args, "vec2");
  if (!type || !a || !b || type.getRank() != 2 ||
      cast<RankedTensorType>(a.getType()).getRank() != 1 ||
      cast<RankedTensorType>(b.getType()).getRank() != 1)
    return rewriter.notifyMatchFailure(call, "expects two vectors");
  PrimBuilder p(rewriter, call.getLoc());
  Location loc = call.getLoc();
  // Each `?` size of the result is its own vector's (not right-aligned).
  SmallVector<Value> sizes;
  if (type.isDynamicDim(0))
    sizes.push_back(tensor::DimOp::create(rewriter, loc, a, 0));
  if (type.isDynamicDim(1))
    sizes.push_back(tensor::DimOp::create(rewriter, loc, b, 0));
  Type element = type.getElementType();
  auto spread = [&](Value v, int64_t dim) {
    return p.build<prim::BroadcastInDimOp>(type, p.convert(v, element),
                                           rewriter.getDenseI64ArrayAttr({dim}), sizes);
  };
  Value result = element.isInteger(1) ? p.create<prim::AndOp>(spread(a, 0), spread(b, 1))
                                      : p.create<prim::MulOp>(spread(a, 0), spread(b, 1));
  rewriter.replaceOp(call, result);
  return success();
}

// kron(a, b): both padded with leading 1s to one rank r, a spread over
// [a0, 1, a1, 1, ...] and b over [1, b0, 1, b1, ...], multiplied into
// [a0, b0, a1, b1, ...] and merged pairwise: result[i * b_k + j] = a[i] b[j].
LogicalResult kron(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value a = tensorArg(args, "self"), b = tensorArg(args, "other");
  if (!type || !a || !b)
    return rewriter.notifyMatchFailure(call, "expects tensors self and other");
  auto aType = cast<RankedTensorType>(a.getType()), bType = cast<RankedTensorType>(b.getType());
  if (!aType.hasStaticShape() || !bType.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "static self and other");
  int64_t rank = std::max(aType.getRank(), bType.getRank());
  auto padded = [&](RankedTensorType t) {
    SmallVector<int64_t> shape(rank - t.getRank(), 1);
    llvm::append_range(shape, t.getShape());
    return shape;
  };
  SmallVector<int64_t> aShape = padded(aType), bShape = padded(bType);
  SmallVector<int64_t> pairs, aDims, bDims, merged;
  for (int64_t d = 0; d < rank; ++d) {
    pairs.append({aShape[d], bShape[d]});
    aDims.push_back(2 * d);
    bDims.push_back(2 * d + 1);
    merged.push_back(aShape[d] * bShape[d]);
  }
  PrimBuilder p(rewriter, call.getLoc());
  Type element = type.getElementType();
  auto spread = [&](Value v, ArrayRef<int64_t> shape, ArrayRef<int64_t> dims) {
    Value x = p.build<prim::ReshapeOp>(RankedTensorType::get(shape, element),
                                       p.convert(v, element), ValueRange{});
    return p.broadcastInDim(x, RankedTensorType::get(pairs, element), dims, {});
  };
  Value lhs = spread(a, aShape, aDims), rhs = spread(b, bShape, bDims);
  Value product = element.isInteger(1) ? p.create<prim::AndOp>(lhs, rhs) // bool: and
                                       : p.create<prim::MulOp>(lhs, rhs);
  if (!product)
    return failure(); // p said why
  return replaceChecked(call,
                        p.build<prim::ReshapeOp>(RankedTensorType::get(merged, element), product,
                                                 ValueRange{}),
                        rewriter);
}

// inner(a [A..., k], b [B..., k]) = sum_k a[..., k] b[..., k], shaped
// [A..., B...]: one [prod A, k] x [k, prod B] matmul; a 0-d operand scales
// the other.
LogicalResult inner(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value a = tensorArg(args, "self"), b = tensorArg(args, "other");
  if (!type || !a || !b || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects tensors self and other, a static result");
  auto aType = cast<RankedTensorType>(a.getType()), bType = cast<RankedTensorType>(b.getType());
  if (!aType.hasStaticShape() || !bType.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "static operands");
  PrimBuilder p(rewriter, call.getLoc());
  Type element = type.getElementType();
  if (aType.getRank() == 0 || bType.getRank() == 0) {
    Value product = p.create<prim::MulOp>(operandAs(p, args, "self", type, {}),
                                          operandAs(p, args, "other", type, {}));
    if (!product)
      return failure(); // p said why
    rewriter.replaceOp(call, product);
    return success();
  }
  int64_t k = aType.getShape().back();
  if (bType.getShape().back() != k)
    return rewriter.notifyMatchFailure(call, "the last dims must agree");
  int64_t rows = llvm::product_of(aType.getShape().drop_back());
  int64_t columns = llvm::product_of(bType.getShape().drop_back());
  Value lhs = p.build<prim::ReshapeOp>(RankedTensorType::get({rows, k}, element),
                                       p.convert(a, element), ValueRange{});
  Value rhs = p.build<prim::ReshapeOp>(RankedTensorType::get({columns, k}, element),
                                       p.convert(b, element), ValueRange{});
  Value product = p.create<prim::MatmulOp>(
      lhs, p.create<prim::TransposeOp>(rhs, rewriter.getDenseI64ArrayAttr({1, 0})));
  if (!product)
    return failure(); // p said why
  Value result = p.build<prim::ReshapeOp>(type, product, ValueRange{});
  rewriter.replaceOp(call, result);
  return success();
}

// tensordot(self, other, dims_self, dims_other): the dims_self of self
// contracted with the dims_other of other, pairwise in order. self moves
// its free dims first and its contracted dims last ([M, K]), other its
// contracted dims first in the same order ([K, N]); one matmul; the result
// is [self's free dims, other's free dims]. Static shapes.
LogicalResult tensordot(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value a = tensorArg(args, "self"), b = tensorArg(args, "other");
  auto dimsA = args.integers("dims_self"), dimsB = args.integers("dims_other");
  if (!type || !a || !b || !dimsA || !dimsB || dimsA->size() != dimsB->size() ||
      !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects two tensors and dim lists of one length");
  auto aType = cast<RankedTensorType>(a.getType()), bType = cast<RankedTensorType>(b.getType());
  if (!aType.hasStaticShape() || !bType.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "static operands");
  // Each operand's dims: free ones in order, then (a) or first (b) the
  // contracted ones in the lists' order.
  auto order = [&](RankedTensorType t, ArrayRef<int64_t> contracted,
                   bool contractedLast) -> std::optional<SmallVector<int64_t>> {
    SmallVector<int64_t> dims, free;
    SmallVector<bool> used(t.getRank(), false);
    for (int64_t d : contracted) {
      std::optional<int64_t> n = shapeDim(d, t);
      if (!n || used[*n])
        return std::nullopt;
      used[*n] = true;
      dims.push_back(*n);
    }
    for (int64_t d = 0; d < t.getRank(); ++d)
      if (!used[d])
        free.push_back(d);
    if (contractedLast) {
      free.append(dims);
      return free;
    }
    dims.append(free);
    return dims;
  };
  auto permA = order(aType, *dimsA, true), permB = order(bType, *dimsB, false);
  if (!permA || !permB)
    return rewriter.notifyMatchFailure(call, "dims out of range or repeated");
  PrimBuilder p(rewriter, call.getLoc());
  Type element = type.getElementType();
  a = p.convert(a, element);
  b = p.convert(b, element);
  // A contracted pair of sizes 1 and s: as torch, the size-s side is summed
  // over that dim first (kept as 1), and the pair contracts as 1 with 1.
  int64_t k = 1, m = 1, n = 1, contracted = dimsA->size();
  for (int64_t j = 0; j < contracted; ++j) {
    int64_t dimA = (*permA)[aType.getRank() - contracted + j], dimB = (*permB)[j];
    int64_t sizeA = aType.getDimSize(dimA), sizeB = bType.getDimSize(dimB);
    if (sizeA != sizeB && sizeB == 1)
      a = p.reduce(prim::ReduceKind::sum, a, {dimA}, true);
    else if (sizeA != sizeB && sizeA == 1)
      b = p.reduce(prim::ReduceKind::sum, b, {dimB}, true);
    else if (sizeA != sizeB)
      return rewriter.notifyMatchFailure(call, "contracted dims of different sizes");
    k *= std::min(sizeA, sizeB);
  }
  for (int64_t j = 0; j < aType.getRank() - contracted; ++j)
    m *= aType.getDimSize((*permA)[j]);
  for (int64_t j = contracted; j < bType.getRank(); ++j)
    n *= bType.getDimSize((*permB)[j]);
  auto moved = [&](Value x, ArrayRef<int64_t> perm, int64_t rows, int64_t columns) {
    if (!llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())))
      x = p.create<prim::TransposeOp>(x, rewriter.getDenseI64ArrayAttr(perm));
    return p.reshape(RankedTensorType::get({rows, columns}, element), x);
  };
  Value product = p.create<prim::MatmulOp>(moved(a, *permA, m, k), moved(b, *permB, k, n));
  return replaceChecked(call, p.reshape(type, product), rewriter);
}

// bilinear(x1 [..., I], x2 [..., J], W [O, I, J], b [O]?) = x1^T W_o x2 +
// b_o per output o: the batch dims fold into B rows, x1 [B, I] times W as
// [I, O J] gives [B, O, J], which x2 broadcast along O multiplies and a
// sum over J reduces (in the compute type). Static shapes.
LogicalResult bilinear(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value x1 = tensorArg(args, "input1"), x2 = tensorArg(args, "input2");
  Value weight = tensorArg(args, "weight");
  if (!type || !x1 || !x2 || !weight || !type.hasStaticShape() || type.getRank() < 1)
    return rewriter.notifyMatchFailure(call, "expects input1, input2 and weight, a static result");
  auto t1 = cast<RankedTensorType>(x1.getType()), t2 = cast<RankedTensorType>(x2.getType());
  auto tw = cast<RankedTensorType>(weight.getType());
  if (!t1.hasStaticShape() || !t2.hasStaticShape() || !tw.hasStaticShape() || tw.getRank() != 3 ||
      t1.getRank() != type.getRank() || t2.getRank() != type.getRank() ||
      t1.getShape().drop_back() != type.getShape().drop_back() ||
      t2.getShape().drop_back() != type.getShape().drop_back())
    return rewriter.notifyMatchFailure(call, "static inputs [..., I], [..., J] and weight [O, I, J]");
  int64_t o = tw.getDimSize(0), i = tw.getDimSize(1), j = tw.getDimSize(2);
  if (t1.getShape().back() != i || t2.getShape().back() != j || type.getShape().back() != o)
    return rewriter.notifyMatchFailure(call, "the inputs' last dims are not the weight's");
  int64_t rows = llvm::product_of(type.getShape().drop_back());
  PrimBuilder p(rewriter, call.getLoc());
  Type element = computeType(type).getElementType();
  auto shaped = [&](ArrayRef<int64_t> shape) { return RankedTensorType::get(shape, element); };
  Value a = p.reshape(shaped({rows, i}), p.convert(x1, element));
  Value b = p.reshape(shaped({rows, j}), p.convert(x2, element));
  Value w = p.reshape(shaped({i, o * j}),
                      p.create<prim::TransposeOp>(p.convert(weight, element),
                                                  rewriter.getDenseI64ArrayAttr({1, 0, 2})));
  // torch's _trilinear rounds x1 W to the input dtype before the second
  // contraction (two bmm): so does this for float16/bfloat16.
  Value product = p.create<prim::MatmulOp>(p.convert(a, type.getElementType()),
                                           p.convert(w, type.getElementType()));
  Value left = p.reshape(shaped({rows, o, j}), p.convert(product, element));
  Value spread = p.broadcastInDim(b, shaped({rows, o, j}), {0, 2}, {});
  Value out = p.reduce(prim::ReduceKind::sum, p.create<prim::MulOp>(left, spread), {2}, false);
  if (Value bias = tensorArg(args, "bias"))
    out = p.create<prim::AddOp>(out, p.broadcastTo(p.convert(bias, element), shaped({rows, o}), {}));
  return replaceChecked(call, p.convert(p.reshape(type.clone(element), out), type.getElementType()),
                        rewriter);
}

// linalg_multi_dot(tensors): their matrix product, a first 1-d tensor a
// row and a last one a column (those dims dropped from the result),
// multiplied left to right (torch picks the cheapest order; the sums
// differ only in rounding). Static shapes.
LogicalResult multiDot(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  OperandRange tensors = args.values("tensors");
  if (!type || tensors.size() < 2 || !type.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects at least two tensors and a static result");
  PrimBuilder p(rewriter, call.getLoc());
  Type element = type.getElementType();
  Value product;
  for (auto [k, tensor] : llvm::enumerate(tensors)) {
    auto t = dyn_cast<RankedTensorType>(tensor.getType());
    bool end = k == 0 || k + 1 == tensors.size();
    if (!t || !t.hasStaticShape() || t.getRank() > 2 || t.getRank() < (end ? 1 : 2))
      return rewriter.notifyMatchFailure(call, "static matrices, vectors only first or last");
    SmallVector<int64_t> shape(t.getShape());
    if (shape.size() == 1)
      shape.insert(k == 0 ? shape.begin() : shape.end(), 1);
    Value matrix = p.reshape(RankedTensorType::get(shape, element), p.convert(tensor, element));
    product = product ? p.create<prim::MatmulOp>(product, matrix) : matrix;
  }
  return replaceChecked(call, p.reshape(type, product), rewriter);
}

// cross(a, b, dim) of 3-vectors along dim (both broadcast to the result):
// a[(1, 2, 0)] b[(2, 0, 1)] - a[(2, 0, 1)] b[(1, 2, 0)], the index triples
// taken along dim. cross.default without dim takes the first dim of size 3.
LogicalResult cross(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type || !type.hasStaticShape() || !tensorArg(args, "self") || !tensorArg(args, "other"))
    return rewriter.notifyMatchFailure(call, "expects tensors self and other, a static result");
  std::optional<int64_t> dim = args.integer("dim");
  if (!dim) {
    auto sizes = type.getShape();
    auto three = llvm::find(sizes, 3);
    if (three == sizes.end())
      return rewriter.notifyMatchFailure(call, "no dim of size 3");
    dim = three - sizes.begin();
  }
  std::optional<int64_t> d = shapeDim(*dim, type);
  if (!d || type.getDimSize(*d) != 3)
    return rewriter.notifyMatchFailure(call, "dim must have size 3");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> sources;
  Value x = operandAs(p, args, "self", type, sources);
  Value y = operandAs(p, args, "other", type, sources);
  if (!x || !y)
    return rewriter.notifyMatchFailure(call, "self and other must broadcast to the result");
  auto indexType = RankedTensorType::get({3}, rewriter.getI64Type());
  auto rotated = [&](Value v, ArrayRef<int64_t> order) {
    Value index = p.create<prim::ConstantOp>(DenseElementsAttr::get(indexType, order));
    return p.create<prim::TakeOp>(v, index, rewriter.getI64IntegerAttr(*d));
  };
  SmallVector<int64_t> next = {1, 2, 0}, after = {2, 0, 1};
  Value result = p.create<prim::SubOp>(
      p.create<prim::MulOp>(rotated(x, next), rotated(y, after)),
      p.create<prim::MulOp>(rotated(x, after), rotated(y, next)));
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

} // namespace

void addLinearDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.linear.default", "linear", "reshape, transpose, matmul, broadcast_in_dim, add", linear},
      {"aten.kron.default", "linear", "reshape, broadcast_in_dim, mul, convert", kron},
      {"aten.inner.default", "linear", "reshape, transpose, matmul, mul, convert", inner},
      {"aten.tensordot.default", "linear", "transpose, reshape, matmul, convert", tensordot},
      {"aten.bilinear.default", "linear",
       "reshape, transpose, matmul, broadcast_in_dim, mul, reduce, add, convert", bilinear},
      {"aten.linalg_multi_dot.default", "linear", "reshape, matmul, convert", multiDot},
      {"aten.cross.default", "linear", "broadcast_in_dim, take, mul, sub, convert", cross},
      {"aten.linalg_cross.default", "linear", "broadcast_in_dim, take, mul, sub, convert", cross},
      {"aten.mm.default", "linear", "matmul, convert", mm},
      {"aten.bmm.default", "linear", "matmul, convert", mm},
      {"aten.baddbmm.default", "linear", "matmul, mul, broadcast_in_dim, add", baddbmm},
      {"aten.addbmm.default", "linear", "matmul, reduce, mul, broadcast_in_dim, add",
       addProduct<AddForm::bmm>},
      {"aten.addmv.default", "linear", "matmul, reshape, mul, broadcast_in_dim, add",
       addProduct<AddForm::mv>},
      {"aten.addr.default", "linear", "broadcast_in_dim, mul, add", addProduct<AddForm::r>},
      {"aten.dot.default", "linear", "reshape, matmul, convert", dotOrMv<false>},
      {"aten.mv.default", "linear", "reshape, matmul, convert", dotOrMv<true>},
      {"aten.outer.default", "linear", "broadcast_in_dim, mul, convert", outer},
  });
}

} // namespace pt2c
