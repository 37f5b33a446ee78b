//===- Attention.cpp - scaled_dot_product_attention -----------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace pt2c {
namespace {

// sdpa(q [..., L, E], k [..., S, E], v [..., S, Ev]) =
//   softmax(q @ k^T * scale + mask) @ v, scale = 1/sqrt(E) unless given.
// is_causal keeps s <= l (torch's tril); a bool mask keeps where true, a
// float mask is added. The math is torch's reference (math) kernel.
LogicalResult sdpa(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value q = args.value("query"), k = args.value("key"), v = args.value("value");
  if (!type || !q || !k || !v || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects float query, key, value");
  if (args.number("dropout_p").value_or(0.0) != 0.0)
    return rewriter.notifyMatchFailure(call, "dropout_p must be 0 for inference");
  auto qType = cast<RankedTensorType>(q.getType());
  auto kType = cast<RankedTensorType>(k.getType());
  int64_t rank = qType.getRank();
  if (rank < 2 || kType.getRank() != rank || qType.isDynamicDim(rank - 1) ||
      qType.isDynamicDim(rank - 2) || kType.isDynamicDim(rank - 2))
    return rewriter.notifyMatchFailure(call, "static L, S and E only, so far");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  // float16/bfloat16 attention runs in f32 and is rounded once, as torch's
  // CPU (flash) and CUDA kernels do: softmax in half precision loses digits.
  Type element = computeType(type).getElementType();
  int64_t L = qType.getDimSize(rank - 2), S = kType.getDimSize(rank - 2);
  int64_t E = qType.getDimSize(rank - 1);
  auto vType = cast<RankedTensorType>(v.getType());
  if (vType.getRank() != rank || type.getRank() != rank)
    return rewriter.notifyMatchFailure(call, "query, key, value and result ranks differ");

  // Grouped-query attention: query head h reads key/value head h / (Hq/Hkv)
  // (torch repeats each key/value head Hq/Hkv times, repeat_interleave).
  if (args.boolean("enable_gqa").value_or(false) && rank >= 3 &&
      kType.getDimSize(rank - 3) != qType.getDimSize(rank - 3)) {
    int64_t hq = qType.getDimSize(rank - 3), hkv = kType.getDimSize(rank - 3);
    if (!kType.hasStaticShape() || !vType.hasStaticShape() || ShapedType::isDynamic(hq) ||
        hkv <= 0 || hq % hkv)
      return rewriter.notifyMatchFailure(
          call, "grouped-query attention needs static key/value shapes and Hq divisible by Hkv");
    // torch refuses key and value with different head counts too.
    if (vType.getDimSize(rank - 3) != hkv) {
      emitError(call.getLoc()) << "key and value have different head counts (" << hkv
                               << " and " << vType.getDimSize(rank - 3) << ")";
      return failure();
    }
    auto repeatHeads = [&](Value x) -> Value {
      auto xType = cast<RankedTensorType>(x.getType());
      SmallVector<int64_t> spread(xType.getShape());
      spread.insert(spread.begin() + (rank - 2), hq / hkv);
      SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, rank - 2));
      dims.append({rank - 1, rank});
      Value spreadOut = p.broadcastInDim(x, xType.clone(spread), dims, {});
      SmallVector<int64_t> merged(xType.getShape());
      merged[rank - 3] = hq;
      return Value(p.build<prim::ReshapeOp>(xType.clone(merged), spreadOut, ValueRange{}));
    };
    k = repeatHeads(k);
    v = repeatHeads(v);
  }
  // Batch dims broadcast (numpy rules) to the result's, as torch's math
  // kernel does through matmul: q [2, 4, L, E] with k, v [1, 4, S, E].
  auto toBatch = [&](Value x) -> Value {
    if (!x)
      return Value(); // an earlier step failed and said why
    auto xType = cast<RankedTensorType>(x.getType());
    SmallVector<int64_t> shape(type.getShape().drop_back(2));
    shape.append({xType.getDimSize(rank - 2), xType.getDimSize(rank - 1)});
    auto target = RankedTensorType::get(shape, element);
    if (xType == target)
      return x;
    return p.broadcastTo(x, target, {x, q, k, v});
  };
  q = toBatch(q);
  k = toBatch(k);
  v = toBatch(v);
  if (!q || !k || !v)
    return rewriter.notifyMatchFailure(call, "query, key and value batch dims do not broadcast");

  SmallVector<int64_t> swapLast = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(swapLast[rank - 1], swapLast[rank - 2]);
  Value kT = p.create<prim::TransposeOp>(k, rewriter.getDenseI64ArrayAttr(swapLast));
  Value scores = p.create<prim::MatmulOp>(q, kT);
  if (!scores)
    return failure(); // p said why
  auto scoresType = cast<RankedTensorType>(scores.getType());
  double scale = args.isNone("scale") ? 1.0 / std::sqrt(static_cast<double>(E))
                                      : args.number("scale").value_or(1.0);
  Value scaleTensor = p.splat(scale, scoresType, {scores});
  if (!scaleTensor)
    return rewriter.notifyMatchFailure(call, "unknown dynamic size");
  scores = p.create<prim::MulOp>(scores, scaleTensor);

  Value negInf = p.splat(-std::numeric_limits<double>::infinity(), scoresType, {scores});
  if (args.boolean("is_causal").value_or(false)) {
    auto indexType = RankedTensorType::get({L, S}, rewriter.getI64Type());
    Value row = p.build<prim::IotaOp>(indexType, rewriter.getI64IntegerAttr(0),
                                     ValueRange{});
    Value col = p.build<prim::IotaOp>(indexType, rewriter.getI64IntegerAttr(1),
                                     ValueRange{});
    Value keep = p.create<prim::CompareOp>(
        col, row,
        prim::ComparePredicateAttr::get(rewriter.getContext(), prim::ComparePredicate::le));
    Value keepAll = p.broadcastTo(keep, scoresType.clone(rewriter.getI1Type()), {scores});
    scores = p.create<prim::SelectOp>(keepAll, scores, negInf);
  }
  if (Value mask = args.value("attn_mask")) {
    auto maskType = cast<RankedTensorType>(mask.getType());
    if (maskType.getElementType().isInteger(1)) {
      Value keep = p.broadcastTo(mask, scoresType.clone(rewriter.getI1Type()), {scores});
      if (!keep)
        return rewriter.notifyMatchFailure(call, "mask does not broadcast");
      scores = p.create<prim::SelectOp>(keep, scores, negInf);
    } else {
      Value bias = p.broadcastTo(mask, scoresType, {scores});
      if (!bias)
        return rewriter.notifyMatchFailure(call, "mask does not broadcast");
      scores = p.create<prim::AddOp>(scores, bias);
    }
  }
  Value weights = softmaxAlong(p, scores, rank - 1);
  Value out = p.create<prim::MatmulOp>(weights, v);
  rewriter.replaceOp(call, p.convert(out, type.getElementType()));
  return success();
}

} // namespace

void addAttentionDecompositions(std::vector<Decomposition> &table) {
  table.push_back({"aten.scaled_dot_product_attention.default", "attention",
                   "transpose, matmul, mul, iota, compare, select, reduce, exp, div", sdpa});
}

} // namespace pt2c
