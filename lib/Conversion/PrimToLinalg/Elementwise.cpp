//===- Elementwise.cpp - prim elementwise ops -> linalg.generic -----------===//
//
// Every elementwise prim op becomes one linalg.generic with identity maps
// whose body is built by a scalar function per op; linalg's elementwise
// fusion then merges chains of them into one loop nest.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include <cmath>

using namespace mlir;

namespace pt2c::lowering {

SmallVector<Value> dynamicSizesOf(OpBuilder &b, Location loc, Value like) {
  SmallVector<Value> sizes;
  auto type = cast<RankedTensorType>(like.getType());
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (type.isDynamicDim(d))
      sizes.push_back(tensor::DimOp::create(b, loc, like, d));
  return sizes;
}

Value empty(OpBuilder &b, Location loc, RankedTensorType type, ValueRange dynamicSizes) {
  return tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType(),
                                 dynamicSizes);
}

Value filled(OpBuilder &b, Location loc, RankedTensorType type, ValueRange dynamicSizes,
             Value value) {
  return linalg::FillOp::create(b, loc, value, empty(b, loc, type, dynamicSizes))
      .getResult(0);
}

Type accumulatorType(Type element) {
  auto floatType = dyn_cast<FloatType>(element);
  if (floatType && floatType.getWidth() < 32)
    return Float32Type::get(element.getContext());
  return element;
}

Value extendTo(OpBuilder &b, Location loc, Value scalar, Type type) {
  if (scalar.getType() == type)
    return scalar;
  return arith::ExtFOp::create(b, loc, type, scalar);
}

Value roundTo(OpBuilder &b, Location loc, Value value, RankedTensorType type) {
  auto valueType = cast<RankedTensorType>(value.getType());
  if (valueType == type)
    return value;
  unsigned rank = type.getRank();
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
  Value init = empty(b, loc, type, dynamicSizesOf(b, loc, value));
  return linalg::GenericOp::create(
             b, loc, type, value, init, maps, iterators,
             [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
               Value rounded = arith::TruncFOp::create(nested, nestedLoc,
                                                       type.getElementType(), args[0]);
               linalg::YieldOp::create(nested, nestedLoc, rounded);
             })
      .getResult(0);
}

namespace {

/// Builds the scalar result from the scalar operands; null if unsupported.
using ScalarFn = Value (*)(OpBuilder &b, Location loc, ValueRange args, Type result);

/// One linalg.generic applying `fn` elementwise to `operands`.
Value elementwise(OpBuilder &b, Location loc, RankedTensorType type, ValueRange operands,
                  ScalarFn fn, bool &failed) {
  unsigned rank = type.getRank();
  SmallVector<AffineMap> maps(operands.size() + 1, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
  Value init = empty(b, loc, type, dynamicSizesOf(b, loc, operands.front()));
  auto generic = linalg::GenericOp::create(
      b, loc, type, operands, init, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value result = fn(nested, nestedLoc, args.drop_back(), type.getElementType());
        if (!result) {
          failed = true;
          result = args.back();
        }
        linalg::YieldOp::create(nested, nestedLoc, result);
      });
  return generic.getResult(0);
}

template <typename OpTy, ScalarFn fn>
struct ElementwiseLowering : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    bool failed = false;
    Value result =
        elementwise(rewriter, op.getLoc(), type, op->getOperands(), fn, failed);
    if (failed) {
      // Undo everything built, so a failing pattern leaves the IR unchanged:
      // the generic, its tensor.empty and the tensor.dim sizes.
      Operation *generic = result.getDefiningOp();
      Operation *init = generic->getOperands().back().getDefiningOp();
      rewriter.eraseOp(generic);
      SmallVector<Operation *> sizes;
      for (Value size : init->getOperands())
        sizes.push_back(size.getDefiningOp());
      rewriter.eraseOp(init);
      for (Operation *size : sizes)
        rewriter.eraseOp(size);
      return rewriter.notifyMatchFailure(op, "element type not supported");
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

bool isFloat(Type type) { return isa<FloatType>(type); }

// Float op or integer op, chosen by the element type.
template <typename FloatOp, typename IntOp>
Value arithmetic(OpBuilder &b, Location loc, ValueRange a, Type t) {
  if (isFloat(t))
    return FloatOp::create(b, loc, a[0], a[1]);
  if (t.isSignlessInteger())
    return IntOp::create(b, loc, a[0], a[1]);
  return Value();
}

template <typename FloatOp>
Value floatUnary(OpBuilder &b, Location loc, ValueRange a, Type t) {
  return isFloat(t) ? FloatOp::create(b, loc, a[0]).getResult() : Value();
}

Value neg(OpBuilder &b, Location loc, ValueRange a, Type t) {
  if (isFloat(t))
    return arith::NegFOp::create(b, loc, a[0]);
  Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, 0));
  return arith::SubIOp::create(b, loc, zero, a[0]);
}

Value abs(OpBuilder &b, Location loc, ValueRange a, Type t) {
  if (isFloat(t))
    return math::AbsFOp::create(b, loc, a[0]);
  return math::AbsIOp::create(b, loc, a[0]);
}

// logistic(x) = 1 / (1 + exp(-x))
Value logistic(OpBuilder &b, Location loc, ValueRange a, Type t) {
  if (!isFloat(t))
    return Value();
  Value one = arith::ConstantOp::create(b, loc, b.getFloatAttr(t, 1.0));
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, a[0]));
  return arith::DivFOp::create(b, loc, one, arith::AddFOp::create(b, loc, one, e));
}

// log1p(x) = log(u) * (x / (u - 1)) with u = 1 + x (Goldberg): the
// rounding error of 1 + x cancels out, where log(1 + x) alone loses every
// digit for tiny x (and math.log1p's LLVM lowering is exactly that). x where
// u == 1; u (inf) where u is inf.
Value log1p(OpBuilder &b, Location loc, ValueRange a, Type t) {
  if (!isFloat(t))
    return Value();
  Value x = a[0];
  Value one = arith::ConstantOp::create(b, loc, b.getFloatAttr(t, 1.0));
  Value inf = arith::ConstantOp::create(b, loc, b.getFloatAttr(t, INFINITY));
  Value u = arith::AddFOp::create(b, loc, one, x);
  Value d = arith::SubFOp::create(b, loc, u, one);
  Value r = arith::MulFOp::create(b, loc, math::LogOp::create(b, loc, u),
                                  arith::DivFOp::create(b, loc, x, d));
  Value isOne = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, u, one);
  Value isInf = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, u, inf);
  r = arith::SelectOp::create(b, loc, isInf, u, r);
  return arith::SelectOp::create(b, loc, isOne, x, r);
}

Value notOp(OpBuilder &b, Location loc, ValueRange a, Type t) {
  Value ones = arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, -1));
  return arith::XOrIOp::create(b, loc, a[0], ones);
}

Value div(OpBuilder &b, Location loc, ValueRange a, Type t) {
  if (isFloat(t))
    return arith::DivFOp::create(b, loc, a[0], a[1]);
  if (isUnsignedLike(t))
    return arith::DivUIOp::create(b, loc, a[0], a[1]);
  return arith::DivSIOp::create(b, loc, a[0], a[1]);
}

Value rem(OpBuilder &b, Location loc, ValueRange a, Type t) {
  if (isFloat(t))
    return arith::RemFOp::create(b, loc, a[0], a[1]);
  if (isUnsignedLike(t))
    return arith::RemUIOp::create(b, loc, a[0], a[1]);
  return arith::RemSIOp::create(b, loc, a[0], a[1]);
}

// Integer base ^ exponent by square-and-multiply over the exponent's bits,
// unrolled with selects (math.ipowi has no lowering to LLVM or NVVM).
// Negative exponents as torch's integral pow: 1 for base 1, +-1 for base -1,
// 0 otherwise; overflow wraps.
Value integerPow(OpBuilder &b, Location loc, Value base, Value exponent, Type t) {
  auto constant = [&](int64_t v) { return arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, v)); };
  auto equal = [&](Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  };
  Value one = constant(1), zero = constant(0);
  Value result = one, square = base;
  unsigned width = t.getIntOrFloatBitWidth();
  for (unsigned bit = 0; bit + 1 < width; ++bit) {
    Value shifted = arith::ShRUIOp::create(b, loc, exponent, constant(bit));
    Value set = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                      arith::AndIOp::create(b, loc, shifted, one), zero);
    result = arith::SelectOp::create(b, loc, set, arith::MulIOp::create(b, loc, result, square),
                                     result);
    if (bit + 2 < width)
      square = arith::MulIOp::create(b, loc, square, square);
  }
  if (isUnsignedLike(t))
    return result;
  Value odd = arith::AndIOp::create(b, loc, exponent, one);
  Value minusOne = constant(-1);
  Value ofMinusOne = arith::SelectOp::create(b, loc, equal(odd, zero), one, minusOne);
  Value negative = arith::SelectOp::create(
      b, loc, equal(base, one), one,
      arith::SelectOp::create(b, loc, equal(base, minusOne), ofMinusOne, zero));
  Value isNegative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, exponent, zero);
  return arith::SelectOp::create(b, loc, isNegative, negative, result);
}

Value pow(OpBuilder &b, Location loc, ValueRange a, Type t) {
  if (isFloat(t))
    return math::PowFOp::create(b, loc, a[0], a[1]);
  return integerPow(b, loc, a[0], a[1], t); // prim.pow takes no i1
}

// NaN-propagating float max/min, as torch.maximum/minimum.
Value max(OpBuilder &b, Location loc, ValueRange a, Type t) {
  if (isFloat(t))
    return arith::MaximumFOp::create(b, loc, a[0], a[1]);
  if (isUnsignedLike(t))
    return arith::MaxUIOp::create(b, loc, a[0], a[1]);
  return arith::MaxSIOp::create(b, loc, a[0], a[1]);
}

Value min(OpBuilder &b, Location loc, ValueRange a, Type t) {
  if (isFloat(t))
    return arith::MinimumFOp::create(b, loc, a[0], a[1]);
  if (isUnsignedLike(t))
    return arith::MinUIOp::create(b, loc, a[0], a[1]);
  return arith::MinSIOp::create(b, loc, a[0], a[1]);
}

template <typename FloatOp>
Value floatBinary(OpBuilder &b, Location loc, ValueRange a, Type t) {
  return isFloat(t) ? FloatOp::create(b, loc, a[0], a[1]).getResult() : Value();
}

template <typename IntOp>
Value bitwise(OpBuilder &b, Location loc, ValueRange a, Type t) {
  return isa<IntegerType>(t) ? IntOp::create(b, loc, a[0], a[1]).getResult() : Value();
}

Value select(OpBuilder &b, Location loc, ValueRange a, Type) {
  return arith::SelectOp::create(b, loc, a[0], a[1], a[2]);
}

// The element conversion of torch's .to(dtype): float<->int truncates toward
// zero, anything -> bool is "!= 0", bool -> number is 0/1.
Value convertScalar(OpBuilder &b, Location loc, Value x, Type to) {
  Type from = x.getType();
  if (from == to)
    return x;
  if (to.isInteger(1)) {
    if (isFloat(from)) {
      Value zero = arith::ConstantOp::create(b, loc, b.getFloatAttr(from, 0.0));
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x, zero);
    }
    Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(from, 0));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero);
  }
  if (isFloat(from) && isFloat(to)) {
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, to, x);
    // f64 -> f16/bf16 goes through f32, as torch's Half(float) and
    // BFloat16(float) conversions do (and the runtime has no direct
    // __truncdfhf2/__truncdfbf2).
    if (from.isF64() && to.getIntOrFloatBitWidth() < 32)
      x = arith::TruncFOp::create(b, loc, b.getF32Type(), x);
    // bf16 <-> f16: the same width, no direct cast; f32 holds either exactly.
    if (from.getIntOrFloatBitWidth() == to.getIntOrFloatBitWidth())
      x = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
    return arith::TruncFOp::create(b, loc, to, x);
  }
  if (isFloat(to))
    return isUnsignedLike(from) ? arith::UIToFPOp::create(b, loc, to, x).getResult()
                                : arith::SIToFPOp::create(b, loc, to, x).getResult();
  if (!to.isSignlessInteger() || !(from.isSignlessInteger() || isFloat(from)))
    return Value();
  if (isFloat(from))
    return arith::FPToSIOp::create(b, loc, to, x);
  unsigned fromWidth = from.getIntOrFloatBitWidth(), toWidth = to.getIntOrFloatBitWidth();
  if (fromWidth > toWidth)
    return arith::TruncIOp::create(b, loc, to, x);
  return isUnsignedLike(from) ? arith::ExtUIOp::create(b, loc, to, x).getResult()
                              : arith::ExtSIOp::create(b, loc, to, x).getResult();
}

Value convert(OpBuilder &b, Location loc, ValueRange a, Type t) {
  return convertScalar(b, loc, a[0], t);
}

Value bitcast(OpBuilder &b, Location loc, ValueRange a, Type t) {
  return arith::BitcastOp::create(b, loc, t, a[0]);
}

/// x ** c with `c` a splat constant (GPT-2's GELU cubes its input with
/// `pow(x, 3.0)`): the exponent goes into the body as a scalar constant,
/// not as a tensor operand read element by element, so that
/// pt2c-approximate-math sees a constant exponent and turns it into
/// multiplies (a powf call per element otherwise: 35% of gpt2_tiny's time
/// on one core). Tried before the generic lowering of prim.pow.
struct ConstantPowLowering : OpRewritePattern<prim::PowOp> {
  ConstantPowLowering(MLIRContext *context)
      : OpRewritePattern<prim::PowOp>(context, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(prim::PowOp op, PatternRewriter &rewriter) const override {
    DenseElementsAttr exponent;
    if (!matchPattern(op.getRhs(), m_Constant(&exponent)) || !exponent.isSplat())
      return rewriter.notifyMatchFailure(op, "the exponent is not a splat constant");
    auto type = cast<RankedTensorType>(op.getType());
    Type element = type.getElementType();
    if (exponent.getElementType() != element || (!isFloat(element) && !element.isSignlessInteger()))
      return rewriter.notifyMatchFailure(op, "an exponent of another element type");
    TypedAttr scalar = exponent.getSplatValue<TypedAttr>();
    Location loc = op.getLoc();
    unsigned rank = type.getRank();
    SmallVector<AffineMap> maps(2, rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    Value init = empty(rewriter, loc, type, dynamicSizesOf(rewriter, loc, op.getLhs()));
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, ValueRange{op.getLhs()}, init, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange a) {
          Value c = arith::ConstantOp::create(b, l, scalar);
          linalg::YieldOp::create(b, l, pow(b, l, ValueRange{a[0], c}, element));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

struct CompareLowering : OpRewritePattern<prim::CompareOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(prim::CompareOp op, PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Type element = cast<RankedTensorType>(op.getLhs().getType()).getElementType();
    prim::ComparePredicate predicate = op.getPredicate();
    unsigned rank = type.getRank();
    SmallVector<AffineMap> maps(3, rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    Location loc = op.getLoc();
    Value init = empty(rewriter, loc, type, dynamicSizesOf(rewriter, loc, op.getLhs()));
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, ValueRange{op.getLhs(), op.getRhs()}, init, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange a) {
          Value result;
          if (isFloat(element)) {
            // Ordered comparisons (false on NaN), except != which is true on NaN.
            arith::CmpFPredicate p[] = {arith::CmpFPredicate::OEQ, arith::CmpFPredicate::UNE,
                                        arith::CmpFPredicate::OLT, arith::CmpFPredicate::OLE,
                                        arith::CmpFPredicate::OGT, arith::CmpFPredicate::OGE};
            result = arith::CmpFOp::create(b, l, p[static_cast<int>(predicate)], a[0], a[1]);
          } else {
            bool u = isUnsignedLike(element);
            arith::CmpIPredicate p[] = {
                arith::CmpIPredicate::eq, arith::CmpIPredicate::ne,
                u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt,
                u ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle,
                u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt,
                u ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge};
            result = arith::CmpIOp::create(b, l, p[static_cast<int>(predicate)], a[0], a[1]);
          }
          linalg::YieldOp::create(b, l, result);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void populateElementwiseLowerings(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      ElementwiseLowering<prim::AddOp, arithmetic<arith::AddFOp, arith::AddIOp>>,
      ElementwiseLowering<prim::SubOp, arithmetic<arith::SubFOp, arith::SubIOp>>,
      ElementwiseLowering<prim::MulOp, arithmetic<arith::MulFOp, arith::MulIOp>>,
      ElementwiseLowering<prim::DivOp, div>, ElementwiseLowering<prim::RemOp, rem>,
      ElementwiseLowering<prim::PowOp, pow>, ElementwiseLowering<prim::MaxOp, max>,
      ElementwiseLowering<prim::MinOp, min>,
      ElementwiseLowering<prim::Atan2Op, floatBinary<math::Atan2Op>>,
      ElementwiseLowering<prim::AndOp, bitwise<arith::AndIOp>>,
      ElementwiseLowering<prim::OrOp, bitwise<arith::OrIOp>>,
      ElementwiseLowering<prim::XorOp, bitwise<arith::XOrIOp>>,
      ElementwiseLowering<prim::NegOp, neg>, ElementwiseLowering<prim::AbsOp, abs>,
      ElementwiseLowering<prim::ExpOp, floatUnary<math::ExpOp>>,
      ElementwiseLowering<prim::LogOp, floatUnary<math::LogOp>>,
      ElementwiseLowering<prim::Log1pOp, log1p>,
      ElementwiseLowering<prim::TanhOp, floatUnary<math::TanhOp>>,
      ElementwiseLowering<prim::ErfOp, floatUnary<math::ErfOp>>,
      ElementwiseLowering<prim::RsqrtOp, floatUnary<math::RsqrtOp>>,
      ElementwiseLowering<prim::SqrtOp, floatUnary<math::SqrtOp>>,
      ElementwiseLowering<prim::SinOp, floatUnary<math::SinOp>>,
      ElementwiseLowering<prim::CosOp, floatUnary<math::CosOp>>,
      ElementwiseLowering<prim::FloorOp, floatUnary<math::FloorOp>>,
      ElementwiseLowering<prim::CeilOp, floatUnary<math::CeilOp>>,
      // torch.round rounds half to even.
      ElementwiseLowering<prim::RoundOp, floatUnary<math::RoundEvenOp>>,
      ElementwiseLowering<prim::LogisticOp, logistic>,
      ElementwiseLowering<prim::NotOp, notOp>,
      ElementwiseLowering<prim::SelectOp, select>,
      ElementwiseLowering<prim::ConvertOp, convert>,
      ElementwiseLowering<prim::BitcastConvertOp, bitcast>, ConstantPowLowering, CompareLowering>(
      context);
}

} // namespace pt2c::lowering
