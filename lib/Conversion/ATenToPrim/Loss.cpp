//===- Loss.cpp - pointwise losses, nll and cross entropy -----------------===//
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

/// The pointwise loss of an input and its target, both broadcast to one
/// shape in the compute type; `args` holds the loss's own parameters.
using LossFn = Value (*)(Ew &e, Value x, Value y, const CallArgs &args);

using P = prim::ComparePredicate;

Value squared(Ew &e, Value x, Value y, const CallArgs &) {
  Value d = e.sub(x, y);
  return e.mul(d, d);
}
Value absolute(Ew &e, Value x, Value y, const CallArgs &) {
  return e.apply<prim::AbsOp>(e.sub(x, y));
}

// huber: 0.5 d^2 below delta, delta (d - 0.5 delta) above, d = |x - y|.
Value huber(Ew &e, Value x, Value y, const CallArgs &args) {
  double delta = args.number("delta").value_or(1.0);
  Value d = e.apply<prim::AbsOp>(e.sub(x, y));
  return e.sel(e.cmp(P::lt, d, e.c(delta)), e.mul(e.mul(d, d), e.c(0.5)),
               e.mul(e.sub(d, e.c(0.5 * delta)), e.c(delta)));
}

// smooth_l1: 0.5 d^2 / beta below beta, d - 0.5 beta above (l1 at beta 0).
Value smoothL1(Ew &e, Value x, Value y, const CallArgs &args) {
  double beta = args.number("beta").value_or(1.0);
  Value d = e.apply<prim::AbsOp>(e.sub(x, y));
  if (beta == 0.0)
    return d;
  return e.sel(e.cmp(P::lt, d, e.c(beta)), e.mul(e.mul(d, d), e.c(0.5 / beta)),
               e.sub(d, e.c(0.5 * beta)));
}

// soft_margin: log(1 + exp(-y x)).
Value softMargin(Ew &e, Value x, Value y, const CallArgs &) {
  return e.apply<prim::Log1pOp>(e.apply<prim::ExpOp>(e.apply<prim::NegOp>(e.mul(x, y))));
}

// binary_cross_entropy of probabilities x: -(y log x + (1 - y) log(1 - x)),
// each log clamped at -100 as torch does.
Value binaryCrossEntropy(Ew &e, Value x, Value y, const CallArgs &) {
  auto clamped = [&](Value v) { return e.p.create<prim::MaxOp>(v, e.c(-100.0)); };
  Value logX = clamped(e.apply<prim::LogOp>(x));
  Value logNotX = clamped(e.apply<prim::Log1pOp>(e.apply<prim::NegOp>(x)));
  return e.sub(e.mul(e.sub(y, e.c(1.0)), logNotX), e.mul(y, logX));
}

// binary_cross_entropy_with_logits: (1 - y) x + softplus(-x), softplus(-x)
// = max(-x, 0) + log1p(exp(-|x|)) (no overflow).
Value binaryCrossEntropyWithLogits(Ew &e, Value x, Value y, const CallArgs &) {
  Value softplus =
      e.add(e.p.create<prim::MaxOp>(e.apply<prim::NegOp>(x), e.c(0.0)),
            e.apply<prim::Log1pOp>(e.apply<prim::ExpOp>(e.apply<prim::NegOp>(e.apply<prim::AbsOp>(x)))));
  return e.add(e.mul(e.sub(e.c(1.0), y), x), softplus);
}

// hinge_embedding: x where the target is 1, max(0, margin - x) where it is
// -1 (torch adds both terms, so a target of neither gets their sum).
Value hingeEmbedding(Ew &e, Value x, Value y, const CallArgs &args) {
  double margin = args.number("margin").value_or(1.0);
  Value clamped = e.p.create<prim::MaxOp>(e.sub(e.c(margin), x), e.c(0.0));
  Value marginPart = e.sel(e.cmp(P::ne, y, e.c(1.0)), clamped, e.c(0.0));
  Value selfPart = e.sel(e.cmp(P::ne, y, e.c(-1.0)), x, e.c(0.0));
  return e.add(marginPart, selfPart);
}

// kl_div of log-probabilities x: xlogy(y, y) - y x (0 where y is 0), or
// e^y (y - x) with log_target.
Value klDiv(Ew &e, Value x, Value y, const CallArgs &args) {
  if (args.boolean("log_target").value_or(false))
    return e.mul(e.apply<prim::ExpOp>(y), e.sub(y, x));
  Value yLogY =
      e.sel(e.cmp(P::eq, y, e.c(0.0)), e.c(0.0), e.mul(y, e.apply<prim::LogOp>(y)));
  return e.sub(yLogY, e.mul(y, x));
}

/// Replaces `call` with the pointwise `loss` (compute type) reduced as
/// torch's `reduction` says: itself, its mean or its sum, in the result's
/// type.
LogicalResult replaceReduced(aten::CallOp call, PrimBuilder &p, Value loss, int64_t reduction,
                             PatternRewriter &rewriter) {
  if (loss && reduction != kNone) {
    auto lossType = cast<RankedTensorType>(loss.getType());
    int64_t count = lossType.getNumElements();
    loss = p.reduce(prim::ReduceKind::sum, loss,
                    llvm::to_vector(llvm::seq<int64_t>(0, lossType.getRank())), false);
    if (loss && reduction == kMean) {
      Ew scalar{p, loss};
      loss = scalar.div(loss, scalar.c(double(count)));
    }
  }
  return replaceChecked(call, p.convert(loss, resultType(call).getElementType()), rewriter);
}

/// The result type and reduction of a loss whose named tensor operands
/// broadcast to one static shape (returned, in the compute type); nullopt
/// after notifying the rewriter.
std::optional<std::pair<RankedTensorType, int64_t>>
broadcastLoss(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
              ArrayRef<StringRef> names) {
  RankedTensorType type = resultType(call);
  std::optional<int64_t> reduction = args.integer("reduction");
  if (!type || !reduction || *reduction < kNone || *reduction > kSum ||
      !isa<FloatType>(type.getElementType())) {
    (void)rewriter.notifyMatchFailure(call, "expects a float result and reduction 0, 1 or 2");
    return std::nullopt;
  }
  auto shape = staticBroadcastShape(args, names);
  if (!shape) {
    (void)rewriter.notifyMatchFailure(call, "static operands that broadcast");
    return std::nullopt;
  }
  return std::make_pair(RankedTensorType::get(*shape, computeType(type).getElementType()),
                        *reduction);
}

// margin_ranking_loss(input1, input2, target, margin, reduction):
// max(0, margin - target (input1 - input2)), the three broadcast together.
LogicalResult marginRanking(aten::CallOp call, const CallArgs &args,
                            PatternRewriter &rewriter) {
  auto in = broadcastLoss(call, args, rewriter, {"input1", "input2", "target"});
  if (!in)
    return failure();
  auto [pointwise, reduction] = *in;
  PrimBuilder p(rewriter, call.getLoc());
  Value x1 = operandAs(p, args, "input1", pointwise, {});
  Value x2 = operandAs(p, args, "input2", pointwise, {});
  Value y = operandAs(p, args, "target", pointwise, {});
  Ew e{p, x1};
  Value loss = e.p.create<prim::MaxOp>(
      e.sub(e.c(args.number("margin").value_or(0.0)), e.mul(y, e.sub(x1, x2))), e.c(0.0));
  return replaceReduced(call, p, loss, reduction, rewriter);
}

// poisson_nll_loss(input, target, log_input, full, eps, reduction):
// exp(x) - y x (log_input) or x - y log(x + eps); with full, Stirling's
// y log y - y + log(2 pi y) / 2 added where y > 1.
LogicalResult poissonNll(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  auto in = broadcastLoss(call, args, rewriter, {"input", "target"});
  if (!in)
    return failure();
  auto [pointwise, reduction] = *in;
  PrimBuilder p(rewriter, call.getLoc());
  Value x = operandAs(p, args, "input", pointwise, {});
  Value y = operandAs(p, args, "target", pointwise, {});
  Ew e{p, x};
  Value loss = args.boolean("log_input").value_or(true)
                   ? e.sub(e.apply<prim::ExpOp>(x), e.mul(y, x))
                   : e.sub(x, e.mul(y, e.apply<prim::LogOp>(
                                          e.add(x, e.c(args.number("eps").value_or(1e-8))))));
  if (args.boolean("full").value_or(false)) {
    Value stirling = e.add(e.sub(e.mul(y, e.apply<prim::LogOp>(y)), y),
                           e.mul(e.apply<prim::LogOp>(e.mul(y, e.c(2 * M_PI))), e.c(0.5)));
    loss = e.add(loss, e.sel(e.cmp(P::gt, y, e.c(1.0)), stirling, e.c(0.0)));
  }
  return replaceReduced(call, p, loss, reduction, rewriter);
}

// cosine_embedding_loss(input1, input2, target, margin, reduction): with
// cos the cosine of input1 and input2 along their last dim (each squared
// norm + 1e-12, as torch), 1 - cos where the target is 1 and max(0, cos -
// margin) where it is -1 (0 elsewhere).
LogicalResult cosineEmbedding(aten::CallOp call, const CallArgs &args,
                              PatternRewriter &rewriter) {
  auto in = broadcastLoss(call, args, rewriter, {"input1", "input2"});
  if (!in || in->first.getRank() == 0)
    return in ? rewriter.notifyMatchFailure(call, "inputs of at least one dim") : failure();
  auto [wide, reduction] = *in;
  PrimBuilder p(rewriter, call.getLoc());
  Value x1 = operandAs(p, args, "input1", wide, {});
  Value x2 = operandAs(p, args, "input2", wide, {});
  int64_t last = wide.getRank() - 1;
  auto sumLast = [&](Value a, Value b) {
    return p.reduce(prim::ReduceKind::sum, p.create<prim::MulOp>(a, b), {last}, false);
  };
  Value dot = sumLast(x1, x2);
  auto rows = RankedTensorType::get(wide.getShape().drop_back(), wide.getElementType());
  Value target = operandAs(p, args, "target", rows, {});
  if (!dot || !target)
    return rewriter.notifyMatchFailure(call, "a target of the inputs' shape without the last dim");
  Ew e{p, dot};
  Value squares = e.mul(e.add(sumLast(x1, x1), e.c(1e-12)), e.add(sumLast(x2, x2), e.c(1e-12)));
  Value cos = e.div(dot, e.apply<prim::SqrtOp>(squares));
  Value negative = p.create<prim::MaxOp>(e.sub(cos, e.c(args.number("margin").value_or(0.0))),
                                         e.c(0.0));
  Value loss = e.add(e.sel(e.cmp(P::eq, target, e.c(1.0)), e.sub(e.c(1.0), cos), e.c(0.0)),
                     e.sel(e.cmp(P::eq, target, e.c(-1.0)), negative, e.c(0.0)));
  return replaceReduced(call, p, loss, reduction, rewriter);
}

// triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap,
// reduction): max(0, margin + d(a, pos) - d(a, neg)) with d torch's
// pairwise_distance (the p-norm of x - y + eps along the last dim); with
// swap, d(a, neg) is the smaller of it and d(pos, neg).
LogicalResult tripletMargin(aten::CallOp call, const CallArgs &args,
                            PatternRewriter &rewriter) {
  auto in = broadcastLoss(call, args, rewriter, {"anchor", "positive", "negative"});
  if (!in || in->first.getRank() == 0)
    return in ? rewriter.notifyMatchFailure(call, "inputs of at least one dim") : failure();
  auto [wide, reduction] = *in;
  PrimBuilder p(rewriter, call.getLoc());
  double order = args.number("p").value_or(2.0), eps = args.number("eps").value_or(1e-6);
  auto distance = [&](StringRef from, StringRef to) {
    Ew e{p, operandAs(p, args, from, wide, {})};
    Value difference = e.add(e.sub(e.like, operandAs(p, args, to, wide, {})), e.c(eps));
    return vectorNormOf(p, difference, order, {wide.getRank() - 1}, false);
  };
  Value toPositive = distance("anchor", "positive"), toNegative = distance("anchor", "negative");
  if (args.boolean("swap").value_or(false))
    toNegative = p.create<prim::MinOp>(toNegative, distance("positive", "negative"));
  if (!toPositive || !toNegative)
    return failure(); // p said why
  Ew e{p, toPositive};
  Value loss = p.create<prim::MaxOp>(
      e.sub(e.add(e.c(args.number("margin").value_or(1.0)), toPositive), toNegative), e.c(0.0));
  return replaceReduced(call, p, loss, reduction, rewriter);
}

/// loss(self, target), then reduced as `reduction` says.
template <LossFn loss>
LogicalResult pointwiseLoss(aten::CallOp call, const CallArgs &args,
                            PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), target = tensorArg(args, "target");
  std::optional<int64_t> reduction = args.integer("reduction");
  if (!type || !self || !target || !reduction || *reduction < kNone || *reduction > kSum ||
      !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects float tensors and reduction 0, 1 or 2");
  if (tensorArg(args, "weight") || tensorArg(args, "pos_weight"))
    return rewriter.notifyMatchFailure(call, "a weight or pos_weight tensor is not supported yet");
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
  Value result = loss(e, a, b, args);
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

// nll_loss_forward(self [N, C] or [C], target [N] or [], weight, reduction,
// ignore_index) and nll_loss2d_forward (self [N, C, H, W], target [N, H,
// W]): loss = -w[t] self[.., t, ..] where t != ignore_index (else 0), with
// w[t] = 1 without weights; reduced (none, mean over the weights taken,
// sum); total_weight = the sum of those weights. nll_loss_nd returns the
// loss alone; cross_entropy_loss is nll of log_softmax over the classes
// (class-index targets, no label smoothing). The class is gathered along
// dim 1 (0 for one sample) at t, with ignored positions reading class 0,
// so the run-time index check sees only real classes.
template <bool fromLogits>
LogicalResult nllLoss(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  RankedTensorType totalType = call->getNumResults() > 1 ? resultType(call, 1) : nullptr;
  Value self = tensorArg(args, "self"), target = tensorArg(args, "target");
  std::optional<int64_t> reduction = args.integer("reduction");
  int64_t ignore = args.integer("ignore_index").value_or(-100);
  if (!type || (call->getNumResults() > 1 && !totalType) || !self || !target || !reduction ||
      *reduction < kNone || *reduction > kSum || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects float scores, int targets, a reduction");
  if (args.number("label_smoothing").value_or(0.0) != 0.0)
    return rewriter.notifyMatchFailure(call, "label smoothing is not supported yet");
  auto selfType = cast<RankedTensorType>(self.getType());
  auto targetType = cast<RankedTensorType>(target.getType());
  int64_t classDim = selfType.getRank() == 1 ? 0 : 1;
  if (!selfType.hasStaticShape() || !targetType.hasStaticShape() ||
      !isa<IntegerType>(targetType.getElementType()) ||
      targetType.getRank() != selfType.getRank() - 1)
    return rewriter.notifyMatchFailure(
        call, "static scores with one more dim than the class-index target");
  PrimBuilder p(rewriter, call.getLoc());
  Type compute = computeType(type).getElementType();
  Value scores = p.convert(self, compute);
  if (fromLogits)
    scores = logSoftmaxAlong(p, scores, classDim);
  // target with the class dim put back as size 1: [N, 1, H, W].
  SmallVector<int64_t> keptShape(targetType.getShape());
  keptShape.insert(keptShape.begin() + classDim, 1);
  Value t = p.build<prim::ReshapeOp>(RankedTensorType::get(keptShape, targetType.getElementType()),
                                     target, ValueRange{});
  Ew ti{p, t};
  Value kept = ti.cmp(P::ne, t, ti.c(double(ignore)));
  Value safe = ti.sel(kept, t, ti.c(0.0));
  Value picked = p.create<prim::TakeAlongOp>(scores, safe, rewriter.getI64IntegerAttr(classDim));
  Ew e{p, picked};
  Value weights = p.convert(kept, compute);
  if (Value weight = tensorArg(args, "weight"))
    weights = e.mul(weights, p.convert(p.create<prim::TakeOp>(weight, safe,
                                                              rewriter.getI64IntegerAttr(0)),
                                       compute));
  Value losses = e.mul(e.apply<prim::NegOp>(picked), weights);
  if (!losses)
    return failure(); // p said why
  int64_t rank = cast<RankedTensorType>(losses.getType()).getRank();
  SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  Value total = p.reduce(prim::ReduceKind::sum, weights, all, false);
  Value result;
  if (*reduction == kNone) {
    result = p.build<prim::ReshapeOp>(type.clone(compute), losses, ValueRange{});
  } else {
    result = p.reduce(prim::ReduceKind::sum, losses, all, false);
    if (*reduction == kMean)
      result = p.create<prim::DivOp>(result, total);
  }
  SmallVector<Value> results = {p.convert(result, type.getElementType())};
  if (totalType)
    results.push_back(p.convert(total, totalType.getElementType()));
  if (llvm::any_of(results, [](Value v) { return !v; }) || results[0].getType() != type ||
      (totalType && results[1].getType() != totalType))
    return rewriter.notifyMatchFailure(call, "unexpected result shapes");
  rewriter.replaceOp(call, results);
  return success();
}

/// `x` (0-d, [C] or [N, C]) as rows [N, C] (a 0-d is one row of one class,
/// a vector one row), or null for another rank or a dynamic shape.
Value asRows(PrimBuilder &p, Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  if (type.getRank() > 2 || !type.hasStaticShape())
    return Value();
  int64_t classes = type.getRank() == 0 ? 1 : type.getShape().back();
  int64_t rows = type.getRank() == 2 ? type.getDimSize(0) : 1;
  return p.reshape(RankedTensorType::get({rows, classes}, type.getElementType()), x);
}

/// The per-row `loss` [N] reduced as `reduction` says, in the result's
/// shape (none: [N], or 0-d for a 0-d or vector input).
LogicalResult replaceRowLoss(aten::CallOp call, PrimBuilder &p, Value loss, int64_t reduction,
                             PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (reduction == kNone && loss)
    loss = p.reshape(type.clone(cast<RankedTensorType>(loss.getType()).getElementType()), loss);
  return replaceReduced(call, p, loss, reduction, rewriter);
}

// multi_margin_loss(self [N, C] / [C] / 0-d, target [N] / 0-d, p (1 or 2),
// margin, weight, reduction): per row, the sum over classes i other than
// the target y of w[y] max(0, margin - x[y] + x[i])^p, divided by C.
LogicalResult multiMargin(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), target = tensorArg(args, "target");
  std::optional<int64_t> reduction = args.integer("reduction");
  std::optional<double> power = args.number("p");
  if (!type || !self || !target || !reduction || *reduction < kNone || *reduction > kSum ||
      !isa<FloatType>(type.getElementType()) || (power && *power != 1.0 && *power != 2.0))
    return rewriter.notifyMatchFailure(call, "expects float input, p 1 or 2, reduction 0-2");
  PrimBuilder p(rewriter, call.getLoc());
  Type wide = computeType(type).getElementType();
  Value x = asRows(p, p.convert(self, wide));
  if (!x)
    return rewriter.notifyMatchFailure(call, "expects a static input of rank 0, 1 or 2");
  auto rowsType = cast<RankedTensorType>(x.getType());
  int64_t n = rowsType.getDimSize(0), classes = rowsType.getDimSize(1);
  auto columnType = RankedTensorType::get({n, 1}, rewriter.getI64Type());
  Value y = p.reshape(columnType, p.convert(target, rewriter.getI64Type()));
  if (!y)
    return rewriter.notifyMatchFailure(call, "target must hold one class per row");
  Value xy = p.create<prim::TakeAlongOp>(x, y, rewriter.getI64IntegerAttr(1));
  Ew e{p, x};
  Value margin = e.c(args.number("margin").value_or(1.0));
  Value z = p.create<prim::MaxOp>(e.add(e.sub(margin, p.broadcastTo(xy, rowsType, {})), x), e.c(0));
  if (power.value_or(1.0) == 2.0)
    z = e.mul(z, z);
  if (Value weight = tensorArg(args, "weight")) {
    Value wy = p.create<prim::TakeOp>(p.convert(weight, wide), y, rewriter.getI64IntegerAttr(0));
    z = e.mul(z, p.broadcastTo(wy, rowsType, {}));
  }
  Value column = p.build<prim::IotaOp>(rowsType.clone(rewriter.getI64Type()),
                                       rewriter.getI64IntegerAttr(1), ValueRange{});
  Value other = e.cmp(P::ne, column, p.broadcastTo(y, rowsType.clone(rewriter.getI64Type()), {}));
  z = e.sel(other, z, e.c(0));
  Value loss = p.reduce(prim::ReduceKind::sum, z, {1}, false);
  Ew r{p, loss};
  return replaceRowLoss(call, p, r.div(loss, r.c(double(classes))), *reduction, rewriter);
}

// multilabel_margin_loss(self [N, C] / [C] / 0-d, target (int64, same
// shape), reduction): a row's target classes are its target entries
// before the first -1; the loss sums, over target classes j and non-target
// classes i, max(0, 1 - (x[j] - x[i])), divided by C.
LogicalResult multilabelMargin(aten::CallOp call, const CallArgs &args,
                               PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value self = tensorArg(args, "self"), target = tensorArg(args, "target");
  std::optional<int64_t> reduction = args.integer("reduction");
  if (!type || !self || !target || !reduction || *reduction < kNone || *reduction > kSum ||
      !isa<FloatType>(type.getElementType()) ||
      cast<RankedTensorType>(target.getType()).getShape() !=
          cast<RankedTensorType>(self.getType()).getShape())
    return rewriter.notifyMatchFailure(call, "expects float input, a target of its shape and "
                                             "reduction 0, 1 or 2");
  PrimBuilder p(rewriter, call.getLoc());
  Type wide = computeType(type).getElementType(), i64 = rewriter.getI64Type();
  Value x = asRows(p, p.convert(self, wide));
  Value t = asRows(p, p.convert(target, i64));
  if (!x || !t)
    return rewriter.notifyMatchFailure(call, "expects a static input of rank 0, 1 or 2");
  auto rowsType = cast<RankedTensorType>(x.getType());
  int64_t n = rowsType.getDimSize(0), classes = rowsType.getDimSize(1);
  Ew ti{p, t};
  // Entries before the first -1: no -1 among them and themselves.
  Value ended = p.create<prim::CumsumOp>(p.convert(ti.cmp(P::eq, t, ti.c(-1)), i64),
                                         rewriter.getI64IntegerAttr(1));
  Value valid = ti.cmp(P::eq, ended, ti.c(0));
  // Pairs [N, C(j), C(i)]: is class i the valid target entry j?
  auto pairs = RankedTensorType::get({n, classes, classes}, i64);
  Value tj = p.broadcastInDim(t, pairs, {0, 1}, {});
  Value classI = p.build<prim::IotaOp>(pairs, rewriter.getI64IntegerAttr(2), ValueRange{});
  Ew pe{p, tj};
  Value hit = p.create<prim::AndOp>(pe.cmp(P::eq, tj, classI),
                                    p.broadcastInDim(valid, pairs.clone(rewriter.getI1Type()),
                                                     {0, 1}, {}));
  Value isTarget = p.reduce(prim::ReduceKind::max, p.convert(hit, i64), {1}, false); // [N, C]
  Value clamped = ti.sel(valid, t, ti.c(0));
  Value xj = p.create<prim::TakeAlongOp>(x, clamped, rewriter.getI64IntegerAttr(1)); // [N, C(j)]
  auto widePairs = pairs.clone(wide);
  Value xjPairs = p.broadcastInDim(xj, widePairs, {0, 1}, {});
  Value xiPairs = p.broadcastInDim(x, widePairs, {0, 2}, {});
  Ew w{p, xjPairs};
  Value hinge = p.create<prim::MaxOp>(w.sub(w.c(1.0), w.sub(xjPairs, xiPairs)), w.c(0.0));
  Value counted = p.create<prim::AndOp>(
      p.broadcastInDim(valid, pairs.clone(rewriter.getI1Type()), {0, 1}, {}),
      p.broadcastInDim(ti.cmp(P::eq, isTarget, ti.c(0)), pairs.clone(rewriter.getI1Type()),
                       {0, 2}, {}));
  Value terms = w.sel(counted, hinge, w.c(0.0));
  Value loss = p.reduce(prim::ReduceKind::sum, terms, {1, 2}, false);
  Ew r{p, loss};
  return replaceRowLoss(call, p, r.div(loss, r.c(double(classes))), *reduction, rewriter);
}

// cross_entropy_loss(self, target, weight, reduction, ignore_index,
// label_smoothing) with class probabilities as the target (a float tensor
// of self's shape): loss = -sum_c w_c t_c log_softmax(self)_c over the
// class dim (1, or 0 for one sample), t smoothed to t (1 - e) + e / C;
// mean divides by the number of samples, as torch. Class-index targets go
// to nllLoss.
LogicalResult crossEntropy(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self"), target = tensorArg(args, "target");
  if (!self || !target || !isa<FloatType>(cast<RankedTensorType>(target.getType()).getElementType()))
    return nllLoss<true>(call, args, rewriter);
  RankedTensorType type = resultType(call);
  std::optional<int64_t> reduction = args.integer("reduction");
  auto selfType = cast<RankedTensorType>(self.getType());
  if (!type || !reduction || *reduction < kNone || *reduction > kSum ||
      !isa<FloatType>(type.getElementType()) || !selfType.hasStaticShape() ||
      target.getType() != self.getType() || selfType.getRank() == 0)
    return rewriter.notifyMatchFailure(
        call, "expects static float scores and probabilities of the same shape, a reduction");
  int64_t classDim = selfType.getRank() == 1 ? 0 : 1, classes = selfType.getDimSize(classDim);
  PrimBuilder p(rewriter, call.getLoc());
  Type compute = computeType(type).getElementType();
  Value scores = logSoftmaxAlong(p, p.convert(self, compute), classDim);
  Value t = p.convert(target, compute);
  Ew e{p, scores};
  if (double smoothing = args.number("label_smoothing").value_or(0.0); smoothing != 0.0)
    t = e.add(e.mul(t, e.c(1.0 - smoothing)), e.c(smoothing / double(classes)));
  Value terms = e.mul(scores, t);
  if (Value weight = tensorArg(args, "weight")) {
    auto weightType = dyn_cast<RankedTensorType>(weight.getType());
    if (!weightType || weightType.getShape() != ArrayRef<int64_t>{classes})
      return rewriter.notifyMatchFailure(call, "a weight per class");
    terms = e.mul(terms, p.broadcastInDim(p.convert(weight, compute),
                                          cast<RankedTensorType>(scores.getType()), {classDim},
                                          {}));
  }
  Value summed = p.reduce(prim::ReduceKind::sum, terms, {classDim}, false);
  return replaceReduced(call, p, summed ? p.create<prim::NegOp>(summed) : Value(), *reduction,
                        rewriter);
}

} // namespace

void addLossDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.binary_cross_entropy.default", "loss",
       "broadcast_in_dim, log, log1p, max, mul, sub, reduce, div, convert",
       pointwiseLoss<binaryCrossEntropy>},
      {"aten.binary_cross_entropy_with_logits.default", "loss",
       "broadcast_in_dim, abs, neg, exp, log1p, max, mul, add, reduce, div, convert",
       pointwiseLoss<binaryCrossEntropyWithLogits>},
      {"aten.hinge_embedding_loss.default", "loss",
       "broadcast_in_dim, sub, max, compare, select, add, reduce, div, convert",
       pointwiseLoss<hingeEmbedding>},
      {"aten.poisson_nll_loss.default", "loss",
       "broadcast_in_dim, exp, log, mul, sub, add, compare, select, reduce, div, convert",
       poissonNll},
      {"aten.cosine_embedding_loss.default", "loss",
       "broadcast_in_dim, mul, reduce, add, sqrt, div, sub, max, compare, select, convert",
       cosineEmbedding},
      {"aten.triplet_margin_loss.default", "loss",
       "broadcast_in_dim, sub, add, abs, mul, reduce, sqrt | pow, min, max, div, convert",
       tripletMargin},
      {"aten.margin_ranking_loss.default", "loss",
       "broadcast_in_dim, sub, mul, max, reduce, div, convert", marginRanking},
      {"aten.kl_div.default", "loss",
       "broadcast_in_dim, compare, select, log, exp, mul, sub, reduce, div, convert",
       pointwiseLoss<klDiv>},
      {"aten.huber_loss.default", "loss",
       "broadcast_in_dim, sub, abs, mul, compare, select, reduce, div, convert",
       pointwiseLoss<huber>},
      {"aten.multi_margin_loss.default", "loss",
       "reshape, take_along, take, sub, add, max, mul, iota, compare, select, reduce, div, convert",
       multiMargin},
      {"aten.multilabel_margin_loss.default", "loss",
       "reshape, compare, cumsum, broadcast_in_dim, iota, and, reduce, select, take_along, sub, "
       "max, div, convert", multilabelMargin},
      {"aten.l1_loss.default", "loss", "broadcast_in_dim, sub, abs, reduce, div, convert",
       pointwiseLoss<absolute>},
      {"aten.mse_loss.default", "loss", "broadcast_in_dim, sub, mul, reduce, div, convert",
       pointwiseLoss<squared>},
      {"aten.cross_entropy_loss.default", "loss",
       "reduce, exp, log, sub, reshape, compare, select, take_along, take, neg, mul, add, div, "
       "broadcast_in_dim, convert",
       crossEntropy},
      {"aten.nll_loss_forward.default", "loss",
       "reshape, compare, select, take_along, take, neg, mul, reduce, div, convert",
       nllLoss<false>},
      {"aten.nll_loss2d_forward.default", "loss",
       "reshape, compare, select, take_along, take, neg, mul, reduce, div, convert",
       nllLoss<false>},
      {"aten.nll_loss_nd.default", "loss",
       "reshape, compare, select, take_along, take, neg, mul, reduce, div, convert",
       nllLoss<false>},
      {"aten.smooth_l1_loss.default", "loss",
       "broadcast_in_dim, sub, abs, mul, compare, select, reduce, div, convert",
       pointwiseLoss<smoothL1>},
      {"aten.soft_margin_loss.default", "loss",
       "broadcast_in_dim, mul, neg, exp, log1p, reduce, div, convert", pointwiseLoss<softMargin>},
  });
}

} // namespace pt2c
