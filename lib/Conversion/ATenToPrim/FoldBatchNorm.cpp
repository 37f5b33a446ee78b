//===- FoldBatchNorm.cpp - The pt2c-fold-batch-norm pass ------------------===//
//
// Passes.td says what it does and why. It matches the exact form the
// batch_norm decomposition writes (Conv.cpp, batchNorm), so a change there
// must be mirrored here (test/lit/Conversion/ATenToPrim/fold-batch-norm.mlir
// holds both together).
//
//===----------------------------------------------------------------------===//

#include "pt2c/Conversion/Passes.h"
#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace pt2c {

#define GEN_PASS_DEF_FOLDBATCHNORM
#include "pt2c/Conversion/Passes.h.inc"

namespace {

using namespace mlir;

/// A weight argument of `function`, possibly read through a convert (the
/// batch norm's statistics in its compute type).
struct WeightRead {
  BlockArgument argument;
  Operation *convert = nullptr;
};

std::optional<WeightRead> weightRead(func::FuncOp function, Value value) {
  WeightRead read;
  if (auto convert = value.getDefiningOp<prim::ConvertOp>()) {
    read.convert = convert;
    value = convert.getOperand();
  }
  auto argument = dyn_cast<BlockArgument>(value);
  if (!argument || argument.getOwner() != &function.getBody().front() ||
      !function.getArgAttr(argument.getArgNumber(), "pt2c.weight"))
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(argument.getType());
  if (!type || !type.hasStaticShape() || !isa<FloatType>(type.getElementType()))
    return std::nullopt;
  read.argument = argument;
  return read;
}

/// Read by one op only: the argument, and its convert if any.
bool readOnce(const WeightRead &read) {
  return read.argument.hasOneUse() && (!read.convert || read.convert->hasOneUse());
}

/// The other operand of the commutative `op` when one of them is `known`.
Value otherOperand(Operation *op, Value known) {
  if (op->getOperand(0) == known)
    return op->getOperand(1);
  if (op->getOperand(1) == known)
    return op->getOperand(0);
  return nullptr;
}

/// The [C] vector that `value` broadcasts along dim 1.
Value channelVector(Value value) {
  auto broadcast = value.getDefiningOp<prim::BroadcastInDimOp>();
  if (!broadcast || broadcast.getBroadcastDimensions() != ArrayRef<int64_t>{1})
    return nullptr;
  return broadcast.getOperand();
}

/// eps of `var + splat(eps)`.
std::optional<double> splatValue(Value value) {
  auto constant = value.getDefiningOp<prim::ConstantOp>();
  auto dense = constant ? dyn_cast<DenseFPElementsAttr>(constant.getValue()) : nullptr;
  if (!dense || !dense.isSplat())
    return std::nullopt;
  return dense.getSplatValue<APFloat>().convertToDouble();
}

/// One batch norm after a convolution, as found.
struct Match {
  WeightRead filter, beta, var, mean;
  std::optional<WeightRead> gamma, bias;
  double eps = 0;
  Operation *biasAdd = nullptr; // conv + bcast(b), when the conv has a bias
  Operation *scaling = nullptr; // x * bcast(s): what the folded conv computes
  Value scaleBroadcast;         // bcast(s)
  Value shift;                  // t, to be read from beta
};

/// s = rsqrt(var + eps) [* gamma], in either operand order.
bool matchScale(func::FuncOp function, Value scale, Match &match) {
  Value inverse = scale;
  if (auto mul = scale.getDefiningOp<prim::MulOp>()) {
    for (unsigned i = 0; i < 2 && !match.gamma; ++i)
      if (mul->getOperand(i).getDefiningOp<prim::RsqrtOp>()) {
        inverse = mul->getOperand(i);
        match.gamma = weightRead(function, mul->getOperand(1 - i));
      }
    if (!match.gamma)
      return false;
  }
  auto rsqrt = inverse.getDefiningOp<prim::RsqrtOp>();
  auto add = rsqrt ? rsqrt.getOperand().getDefiningOp<prim::AddOp>() : nullptr;
  if (!add)
    return false;
  for (unsigned i = 0; i < 2; ++i) {
    auto eps = splatValue(add->getOperand(i));
    auto var = weightRead(function, add->getOperand(1 - i));
    if (eps && var) {
      match.eps = *eps;
      match.var = *var;
      return true;
    }
  }
  return false;
}

/// t = beta - mean * s.
bool matchShift(func::FuncOp function, Value shift, Value scale, Match &match) {
  auto sub = shift.getDefiningOp<prim::SubOp>();
  auto centre = sub ? sub.getRhs().getDefiningOp<prim::MulOp>() : nullptr;
  Value mean = centre ? otherOperand(centre, scale) : nullptr;
  auto beta = sub ? weightRead(function, sub.getLhs()) : std::nullopt;
  auto meanRead = mean ? weightRead(function, mean) : std::nullopt;
  if (!beta || !meanRead)
    return false;
  match.beta = *beta;
  match.mean = *meanRead;
  match.shift = shift;
  return true;
}

std::optional<Match> matchAfter(func::FuncOp function, prim::ConvolutionOp conv) {
  Match match;
  auto filter = weightRead(function, conv.getWeight());
  if (!filter || filter->convert || !readOnce(*filter) || !conv->hasOneUse())
    return std::nullopt;
  match.filter = *filter;
  // x: the convolution, plus its bias if any, then possibly converted to
  // the batch norm's compute type.
  Value x = conv.getResult();
  Operation *user = *x.getUsers().begin();
  if (isa<prim::AddOp>(user)) {
    Value bias = channelVector(otherOperand(user, x));
    match.bias = bias ? weightRead(function, bias) : std::nullopt;
    if (!match.bias || !user->hasOneUse())
      return std::nullopt;
    match.biasAdd = user;
    x = user->getResult(0);
    user = *x.getUsers().begin();
  }
  if (isa<prim::ConvertOp>(user)) {
    x = user->getResult(0);
    if (!x.hasOneUse())
      return std::nullopt;
    user = *x.getUsers().begin();
  }
  auto mul = dyn_cast<prim::MulOp>(user);
  match.scaleBroadcast = mul ? otherOperand(mul, x) : nullptr;
  Value scale = match.scaleBroadcast ? channelVector(match.scaleBroadcast) : nullptr;
  if (!scale || !mul->hasOneUse())
    return std::nullopt;
  auto add = dyn_cast<prim::AddOp>(*mul->getUsers().begin());
  Value shift = add ? channelVector(otherOperand(add, mul.getResult())) : nullptr;
  if (!shift || !matchScale(function, scale, match) ||
      !matchShift(function, shift, scale, match))
    return std::nullopt;
  match.scaling = mul;
  // The filter and beta are rewritten in place: nothing else may read
  // them, nor may they be a statistic the folds read.
  if (!readOnce(match.beta))
    return std::nullopt;
  SmallVector<BlockArgument> all = {match.filter.argument, match.beta.argument,
                                    match.var.argument, match.mean.argument};
  if (match.gamma)
    all.push_back(match.gamma->argument);
  if (match.bias)
    all.push_back(match.bias->argument);
  for (unsigned i = 0; i < all.size(); ++i)
    for (unsigned j = 0; j < i; ++j)
      if (all[i] == all[j])
        return std::nullopt;
  // [C] statistics for the filter's C output channels, of one type (the
  // folds read them as one; beta, written, may differ).
  int64_t channels = cast<RankedTensorType>(match.filter.argument.getType()).getDimSize(0);
  Type statisticType = match.var.argument.getType();
  for (BlockArgument statistic : ArrayRef<BlockArgument>(all).drop_front()) {
    auto type = cast<RankedTensorType>(statistic.getType());
    if (type.getShape() != ArrayRef<int64_t>{channels} ||
        (statistic != match.beta.argument && type != statisticType))
      return std::nullopt;
  }
  return match;
}

struct FoldBatchNormPass : impl::FoldBatchNormBase<FoldBatchNormPass> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isDeclaration())
      return;
    Builder builder(&getContext());
    auto fqn = [&](const WeightRead &read) {
      return function.getArgAttr(read.argument.getArgNumber(), "pt2c.weight");
    };
    SmallVector<prim::ConvolutionOp> convolutions;
    function.walk([&](prim::ConvolutionOp conv) { convolutions.push_back(conv); });
    for (prim::ConvolutionOp conv : convolutions) {
      std::optional<Match> match = matchAfter(function, conv);
      if (!match)
        continue;
      SmallVector<NamedAttribute> recipe = {
          builder.getNamedAttr("eps", builder.getF64FloatAttr(match->eps)),
          builder.getNamedAttr("var", fqn(match->var))};
      if (match->gamma)
        recipe.push_back(builder.getNamedAttr("gamma", fqn(*match->gamma)));
      SmallVector<NamedAttribute> filterRecipe = recipe, shiftRecipe = recipe;
      filterRecipe.push_back(builder.getNamedAttr("kind", builder.getStringAttr("scale_filter")));
      shiftRecipe.push_back(builder.getNamedAttr("kind", builder.getStringAttr("shift")));
      shiftRecipe.push_back(builder.getNamedAttr("mean", fqn(match->mean)));
      if (match->bias)
        shiftRecipe.push_back(builder.getNamedAttr("bias", fqn(*match->bias)));
      function.setArgAttr(match->filter.argument.getArgNumber(), "pt2c.weight_fold",
                          builder.getDictionaryAttr(filterRecipe));
      function.setArgAttr(match->beta.argument.getArgNumber(), "pt2c.weight_fold",
                          builder.getDictionaryAttr(shiftRecipe));
      // The convolution of the scaled filter is x * s (its bias is in t);
      // beta holds t. The statistics' arithmetic is left dead for
      // canonicalization.
      if (match->biasAdd)
        match->biasAdd->getResult(0).replaceAllUsesWith(conv.getResult());
      match->scaling->getResult(0).replaceAllUsesWith(
          otherOperand(match->scaling, match->scaleBroadcast));
      Value beta = match->beta.convert ? match->beta.convert->getResult(0)
                                       : Value(match->beta.argument);
      match->shift.replaceAllUsesWith(beta);
    }
  }
};

} // namespace
} // namespace pt2c
