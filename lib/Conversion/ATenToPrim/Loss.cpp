//===- Loss.cpp - mse_loss, l1_loss -----------------------------------------===//
//
// A pointwise loss of (self, target), broadcast to each other, then
// torch's `reduction`: 0 none (the pointwise tensor), 1 mean, 2 sum (0-d).
// f16/bf16 are computed in f32 and rounded once.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Traits.h"

using namespace mlir;

namespace pt2c {
namespace {

enum Reduction : int64_t { kNone = 0, kMean = 1, kSum = 2 };

using LossFn = Value (*)(Ew &e, Value difference);

Value squared(Ew &e, Value d) { return e.mul(d, d); }
Value absolute(Ew &e, Value d) { return e.apply<prim::AbsOp>(d); }

/// loss(self - target), then reduced as `reduction` says.
template <LossFn loss>
LogicalResult pointwiseLoss(aten::CallOp call, const CallArgs &args,
                            PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), target = tensorArg(args, "target");
  std::optional<int64_t> reduction = args.integer("reduction");
  if (!type || !self || !target || !reduction || *reduction < kNone || *reduction > kSum ||
      !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects float tensors and reduction 0, 1 or 2");
  // The pointwise shape: the result's for `none`; else self's and
  // target's broadcast (torch warns and broadcasts when they differ),
  // which a mean needs static to count.
  auto selfType = cast<RankedTensorType>(self.getType());
  auto targetType = cast<RankedTensorType>(target.getType());
  Type compute = computeType(type).getElementType();
  RankedTensorType pointwise = type.clone(compute);
  if (*reduction != kNone) {
    if (type.getRank() != 0)
      return rewriter.notifyMatchFailure(call, "a reduced loss is 0-d");
    if (selfType.getShape() == targetType.getShape()) {
      pointwise = selfType.clone(compute);
    } else {
      SmallVector<int64_t> shape;
      if (!selfType.hasStaticShape() || !targetType.hasStaticShape() ||
          !OpTrait::util::getBroadcastedShape(selfType.getShape(), targetType.getShape(), shape))
        return rewriter.notifyMatchFailure(call, "self and target do not broadcast");
      pointwise = RankedTensorType::get(shape, compute);
    }
    if (*reduction == kMean && !pointwise.hasStaticShape())
      return rewriter.notifyMatchFailure(call, "a mean over a dynamic shape");
  }
  PrimBuilder p(rewriter, call.getLoc());
  Value a = p.broadcastTo(self, pointwise, {self, target});
  Value b = p.broadcastTo(target, pointwise, {self, target});
  if (!a || !b)
    return rewriter.notifyMatchFailure(call, "self and target do not broadcast");
  Ew e{p, a};
  Value result = loss(e, e.sub(a, b));
  if (*reduction != kNone) {
    SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, pointwise.getRank()));
    result = p.reduce(prim::ReduceKind::sum, result, all, false);
    if (*reduction == kMean) {
      Ew scalar{p, result};
      result = scalar.div(result, scalar.c(static_cast<double>(pointwise.getNumElements())));
    }
  }
  rewriter.replaceOp(call, p.convert(result, type.getElementType()));
  return success();
}

} // namespace

void addLossDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.l1_loss.default", "loss", "broadcast_in_dim, sub, abs, reduce, div, convert",
       pointwiseLoss<absolute>},
      {"aten.mse_loss.default", "loss", "broadcast_in_dim, sub, mul, reduce, div, convert",
       pointwiseLoss<squared>},
  });
}

} // namespace pt2c
