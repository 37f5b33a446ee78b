//===- Random.cpp - rand, randn, randint, normal, bernoulli, dropout, ... -===//
//
// pt2c's random numbers come from Philox4x32-10 (Salmon, Moraes, Dror and
// Shaw, "Parallel random numbers: as easy as 1, 2, 3", SC 2011), a
// counter-based generator: the 4 words drawn for an element are a pure
// function of a key and a counter,
//
//   key     = (seed low 32 bits, seed high 32 bits)
//   counter = (element index low 32 bits, element index high 32 bits,
//              stream, draw)
//
// so every element is computed on its own, in any order, by any thread,
// with no state, and the CPU and the GPU draw the same bits. It is written
// with the prims every target already lowers (iota, mul, and, xor, and a
// division by 2^16 of values known non-negative for the high half of a
// 32x32-bit product), on i64 tensors holding 32-bit words.
//
// `seed` is the compile option --seed; `stream` numbers the program's random
// nodes in program order (pt2c-decompose-aten sets both as the node's
// `pt2c.rng` attribute before decomposing), so two nodes draw independent
// numbers. A library draws the same numbers on every run: like torch with
// torch.manual_seed(seed) before each call, though the numbers are not
// torch's (docs/random.md).
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <array>
#include <cmath>
#include <limits>

using namespace mlir;

namespace pt2c {

const char *const kRandomAttr = "pt2c.rng";

namespace {

using P = prim::ComparePredicate;

constexpr uint64_t kWordMask = 0xFFFFFFFFull;
// Philox4x32's multipliers and Weyl key increments (the paper's values).
constexpr uint64_t kMultiplier0 = 0xD2511F53, kMultiplier1 = 0xCD9E8D57;
constexpr uint64_t kWeyl0 = 0x9E3779B9, kWeyl1 = 0xBB67AE85;
constexpr int kRounds = 10;

/// The node's seed and stream (`pt2c.rng`); 0 and 0 without one (a program
/// decomposed by a pass that did not number its nodes).
std::pair<uint64_t, uint64_t> seedAndStream(aten::CallOp call) {
  auto attr = call->getAttrOfType<DenseI64ArrayAttr>(kRandomAttr);
  if (!attr || attr.size() != 2)
    return {0, 0};
  return {static_cast<uint64_t>(attr[0]), static_cast<uint64_t>(attr[1])};
}

/// Philox4x32-10 blocks for every element of a shape.
class Philox {
public:
  /// `shape` gives the shape (its element type is ignored); `dynamicSizes`
  /// its `?` sizes.
  Philox(PrimBuilder &p, RankedTensorType shape, ArrayRef<Value> dynamicSizes, aten::CallOp call)
      : p_(p) {
    std::tie(seed_, stream_) = seedAndStream(call);
    auto words = RankedTensorType::get(shape.getShape(), p.builder().getI64Type());
    index_ = elementIndex(words, dynamicSizes);
  }

  /// The element's linear (row-major) index; null after an error.
  Value index() const { return index_; }

  /// The 4 words (each in [0, 2^32), i64) of the block of counter
  /// (index, stream, draw).
  std::array<Value, 4> block(uint64_t draw) {
    Ew e{p_, index_};
    std::array<Value, 4> c = {e.p.create<prim::AndOp>(index_, word(kWordMask)),
                              e.div(index_, word(uint64_t(1) << 32)), word(stream_ & kWordMask),
                              word(draw & kWordMask)};
    uint64_t k0 = seed_ & kWordMask, k1 = seed_ >> 32;
    for (int round = 0; round < kRounds; ++round) {
      auto [hi0, lo0] = mulHiLo(kMultiplier0, c[0]);
      auto [hi1, lo1] = mulHiLo(kMultiplier1, c[2]);
      c = {xor3(hi1, c[1], k0), lo1, xor3(hi0, c[3], k1), lo0};
      k0 = (k0 + kWeyl0) & kWordMask;
      k1 = (k1 + kWeyl1) & kWordMask;
    }
    return c;
  }

  /// A float tensor of `type` (f32 or f64) uniform on [0, 1) with `digits`
  /// random bits (at most 24 for f32, 53 for f64): exactly representable in
  /// any float type of at least `digits` digits, so rounding to the result
  /// type never gives 1. With `openAtZero`, on (0, 1] instead (the grid
  /// shifted by one step), for logarithms.
  Value uniform(RankedTensorType type, int digits, uint64_t draw, bool openAtZero = false) {
    std::array<Value, 4> w = block(draw);
    Ew e{p_, index_};
    Value bits;
    if (digits <= 32) {
      bits = e.div(w[0], word(uint64_t(1) << (32 - digits)));
    } else { // w0's 32 bits above the top (digits - 32) bits of w1
      int low = digits - 32;
      bits = e.add(e.mul(w[0], word(uint64_t(1) << low)), e.div(w[1], word(uint64_t(1) << (32 - low))));
    }
    if (openAtZero)
      bits = e.add(bits, word(1));
    Value asFloat = p_.convert(bits, type.getElementType());
    Ew f{p_, asFloat};
    return f.mul(asFloat, f.c(std::ldexp(1.0, -digits)));
  }

  /// Standard normal numbers in `type` (f32 or f64), by Box-Muller on two
  /// words: sqrt(-2 log u1) cos(2 pi u2), u1 on (0, 1].
  Value normal(RankedTensorType type, int digits) {
    Value u1 = uniform(type, digits, 0, /*openAtZero=*/true);
    Value u2 = uniform(type, digits, 1);
    Ew f{p_, u1};
    Value radius = f.apply<prim::SqrtOp>(f.mul(f.apply<prim::LogOp>(u1), f.c(-2.0)));
    Value angle = f.mul(u2, f.c(2.0 * M_PI));
    return f.mul(radius, f.apply<prim::CosOp>(angle));
  }

  /// Integers uniform on [0, range), i64, for 0 < range <= 2^63: a word (or
  /// 63 bits of two) modulo the range; the bias is below range / 2^32 (2^63).
  Value below(uint64_t range) {
    std::array<Value, 4> w = block(0);
    Ew e{p_, index_};
    if (range <= (uint64_t(1) << 32))
      return range == (uint64_t(1) << 32) ? w[0] : e.p.create<prim::RemOp>(w[0], word(range));
    Value bits = e.add(e.mul(e.p.create<prim::AndOp>(w[0], word(0x7FFFFFFF)),
                             word(uint64_t(1) << 32)),
                       w[1]);
    return range == (uint64_t(1) << 63) ? bits : e.p.create<prim::RemOp>(bits, word(range));
  }

  /// A constant i64 tensor of the index's shape.
  Value word(uint64_t value) {
    return index_ ? p_.splat(static_cast<double>(value), indexType(), {index_}) : Value();
  }

private:
  RankedTensorType indexType() const { return cast<RankedTensorType>(index_.getType()); }

  Value elementIndex(RankedTensorType words, ArrayRef<Value> dynamicSizes) {
    MLIRContext *context = p_.builder().getContext();
    Value index;
    unsigned nextDynamic = 0;
    for (int64_t d = 0; d < words.getRank(); ++d) {
      Value along = p_.build<prim::IotaOp>(words, IntegerAttr::get(IntegerType::get(context, 64), d),
                                           dynamicSizes);
      if (!index) {
        index = along;
        continue;
      }
      Value size;
      if (words.isDynamicDim(d)) {
        Value dim = dynamicSizes[nextDynamic];
        size = p_.splatScalar(arith::IndexCastOp::create(p_.builder(), p_.loc(),
                                                          p_.builder().getI64Type(), dim),
                              words, {}, dynamicSizes);
      } else {
        size = p_.splat(static_cast<double>(words.getDimSize(d)), words, {along});
      }
      index = p_.create<prim::AddOp>(p_.create<prim::MulOp>(index, size), along);
      if (words.isDynamicDim(d))
        ++nextDynamic;
    }
    if (!index) // a 0-d result: the one element's index is 0
      index = p_.splat(0.0, words, {});
    return index;
  }

  /// (high, low) 32-bit halves of m * x, for a 32-bit constant m and x in
  /// [0, 2^32). The low half is the wrapped 64-bit product's; the high half
  /// is ((m_hi * x) + (m_lo * x) / 2^16) / 2^16 with m = m_hi 2^16 + m_lo,
  /// where every value stays below 2^49, so the signed division is a shift.
  std::pair<Value, Value> mulHiLo(uint64_t m, Value x) {
    Ew e{p_, index_};
    Value low = e.p.create<prim::AndOp>(e.mul(word(m), x), word(kWordMask));
    Value partLow = e.mul(word(m & 0xFFFF), x);
    Value partHigh = e.mul(word(m >> 16), x);
    Value high = e.div(e.add(partHigh, e.div(partLow, word(1 << 16))), word(1 << 16));
    return {high, low};
  }

  Value xor3(Value a, Value b, uint64_t key) {
    return p_.create<prim::XorOp>(p_.create<prim::XorOp>(a, b), word(key));
  }

  PrimBuilder &p_;
  uint64_t seed_ = 0, stream_ = 0;
  Value index_;
};

/// The float type the draws are computed in (f64 for f64 results, f32
/// otherwise) and the random digits a uniform number gets: the result
/// type's significand (24 for f32, 11 for f16, 8 for bf16, 53 for f64), so
/// each value on the grid is exact in the result type, as torch draws them.
std::pair<RankedTensorType, int> drawType(RankedTensorType result) {
  Type element = result.getElementType();
  MLIRContext *context = result.getContext();
  Type compute = element.isF64() ? Type(Float64Type::get(context)) : Float32Type::get(context);
  int digits = 24;
  if (auto floatType = dyn_cast<FloatType>(element))
    digits = std::min<int>(floatType.getFPMantissaWidth(), element.isF64() ? 53 : 24);
  return {RankedTensorType::get(result.getShape(), compute), digits};
}

/// The `?` sizes of a draw of `type`: from `like` (the tensor whose shape
/// it has) or else from the `size` list. Nullopt when unknown.
std::optional<SmallVector<Value>> drawSizes(PrimBuilder &p, const CallArgs &args,
                                            RankedTensorType type, Value like) {
  if (type.hasStaticShape())
    return SmallVector<Value>{};
  if (!like)
    return sizesFromList(p, args, "size", type);
  SmallVector<Value> sizes = p.dynamicSizes(type, {like});
  if (!PrimBuilder::allKnown(sizes))
    return std::nullopt;
  return sizes;
}

/// Everything a decomposition needs: the result type, its draw type and
/// digits, and the generator over its shape.
struct Draw {
  RankedTensorType result;
  RankedTensorType compute;
  int digits;        // a uniform number's, for rand and uniform (the result type's)
  int computeDigits; // those of the compute type, for the other transforms
  std::optional<Philox> philox;
};

/// A Draw for `call`, whose shape comes from the tensor argument `likeName`
/// (or the `size` list when empty). Fails (after notifying the rewriter)
/// where the shape is unknown or a generator object is passed.
/// `shape` (static), when given, is the draw's instead of the result's
/// (feature dropout draws one number per channel).
FailureOr<Draw> prepare(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
                        PrimBuilder &p, llvm::StringRef likeName,
                        RankedTensorType shape = nullptr) {
  RankedTensorType type = shape ? shape : resultType(call);
  if (shape)
    likeName = "";
  if (!type)
    return rewriter.notifyMatchFailure(call, "expects a ranked tensor result");
  if (!args.isNone("generator"))
    return rewriter.notifyMatchFailure(
        call, "a torch.Generator argument (pt2c draws from --seed; pass generator=None)");
  Value like = likeName.empty() ? Value() : tensorArg(args, likeName);
  if (!likeName.empty() && !like)
    return rewriter.notifyMatchFailure(call, "expects a tensor argument");
  std::optional<SmallVector<Value>> sizes = drawSizes(p, args, type, like);
  if (!sizes)
    return rewriter.notifyMatchFailure(call, "a `?` size of the result is not known");
  Draw draw;
  draw.result = type;
  std::tie(draw.compute, draw.digits) = drawType(type);
  draw.computeDigits = draw.compute.getElementType().isF64() ? 53 : 24;
  draw.philox.emplace(p, type, *sizes, call);
  if (!draw.philox->index())
    return failure();
  return draw;
}

LogicalResult finish(aten::CallOp call, PrimBuilder &p, Value value, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value result = p.convert(value, type.getElementType());
  if (!result)
    return failure();
  rewriter.replaceOp(call, result);
  return success();
}

/// A float argument as a constant of the draw's compute type.
Value constantLike(PrimBuilder &p, Value like, double value) {
  return p.splat(value, cast<RankedTensorType>(like.getType()), {like});
}

// rand(size) / rand_like(self) and their generator/names overloads: uniform
// on [0, 1).
template <bool fromSelf>
LogicalResult rand(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  FailureOr<Draw> d = prepare(call, args, rewriter, p, fromSelf ? "self" : "");
  if (failed(d))
    return failure();
  return finish(call, p, d->philox->uniform(d->compute, d->digits, 0), rewriter);
}

// randn(size) / randn_like(self): standard normal.
template <bool fromSelf>
LogicalResult randn(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  FailureOr<Draw> d = prepare(call, args, rewriter, p, fromSelf ? "self" : "");
  if (failed(d))
    return failure();
  return finish(call, p, d->philox->normal(d->compute, d->computeDigits), rewriter);
}

/// Integers uniform on [low, high) converted to the result type.
LogicalResult integersIn(aten::CallOp call, PrimBuilder &p, Draw &d, int64_t low, int64_t high,
                         PatternRewriter &rewriter) {
  if (high <= low)
    return rewriter.notifyMatchFailure(call, "expects low < high");
  uint64_t range = static_cast<uint64_t>(high) - static_cast<uint64_t>(low);
  if (range > (uint64_t(1) << 63))
    return rewriter.notifyMatchFailure(call, "a range wider than 2^63");
  Value offset = d.philox->below(range);
  Ew e{p, offset};
  Value value = low == 0 ? offset : e.add(offset, e.c(static_cast<double>(low)));
  return finish(call, p, value, rewriter);
}

// randint(high, size) / randint.low(low, high, size) / randint_like(self,
// high) / randint_like.low_dtype(self, low, high), with constant bounds.
template <bool fromSelf>
LogicalResult randint(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  std::optional<int64_t> high = args.integer("high");
  if (!high)
    return rewriter.notifyMatchFailure(call, "expects a constant int high");
  int64_t low = args.integer("low").value_or(0);
  PrimBuilder p(rewriter, call.getLoc());
  FailureOr<Draw> d = prepare(call, args, rewriter, p, fromSelf ? "self" : "");
  if (failed(d))
    return failure();
  return integersIn(call, p, *d, low, *high, rewriter);
}

/// random_'s exclusive upper bound without `to`: 2^digits + 1 for floats
/// (every integer up to 2^digits is exact), the type's maximum + 1 for
/// integers (2^63 for int64).
uint64_t randomUpperBound(Type element) {
  if (auto floatType = dyn_cast<FloatType>(element))
    return (uint64_t(1) << std::min<int>(floatType.getFPMantissaWidth(), 53)) + 1;
  unsigned width = element.getIntOrFloatBitWidth();
  if (width == 1)
    return 2;
  if (element.isUnsignedInteger())
    return uint64_t(1) << width;
  return uint64_t(1) << (width - 1);
}

// random(self) / random.from(self, from, to) / random.to(self, to):
// integers on [from, to) in self's type.
LogicalResult random(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type)
    return rewriter.notifyMatchFailure(call, "expects a ranked tensor result");
  int64_t low = args.integer("from").value_or(0);
  std::optional<int64_t> high = args.integer("to");
  if (!high && low < 0)
    return rewriter.notifyMatchFailure(call, "a negative `from` needs a `to`");
  uint64_t range = high ? static_cast<uint64_t>(*high) - static_cast<uint64_t>(low)
                        : randomUpperBound(type.getElementType()) - static_cast<uint64_t>(low);
  if ((high && *high <= low) || (!high && range > randomUpperBound(type.getElementType())) ||
      range > (uint64_t(1) << 63))
    return rewriter.notifyMatchFailure(call, "expects from < to, within the type");
  PrimBuilder p(rewriter, call.getLoc());
  FailureOr<Draw> d = prepare(call, args, rewriter, p, "self");
  if (failed(d))
    return failure();
  Value offset = d->philox->below(range);
  Ew e{p, offset};
  Value value = low == 0 ? offset : e.add(offset, e.c(static_cast<double>(low)));
  return finish(call, p, value, rewriter);
}

// uniform(self, from, to): from + (to - from) u.
LogicalResult uniform(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  double from = args.number("from").value_or(0.0), to = args.number("to").value_or(1.0);
  PrimBuilder p(rewriter, call.getLoc());
  FailureOr<Draw> d = prepare(call, args, rewriter, p, "self");
  if (failed(d))
    return failure();
  Value u = d->philox->uniform(d->compute, d->digits, 0);
  Ew f{p, u};
  return finish(call, p, f.add(f.mul(u, f.c(to - from)), f.c(from)), rewriter);
}

/// A normal draw's `mean` or `std`: a float argument, or a tensor broadcast
/// to the draw (in its compute type).
Value parameter(PrimBuilder &p, const CallArgs &args, llvm::StringRef name, double byDefault,
                Value like) {
  if (Value tensor = tensorArg(args, name))
    return p.broadcastTo(tensor, cast<RankedTensorType>(like.getType()), {like});
  return constantLike(p, like, args.number(name).value_or(byDefault));
}

// normal_functional(self, mean, std) (normal_'s value), normal.float_float
// (mean, std, size), and normal.{Tensor,float}_{Tensor,float}: mean + std z,
// the result's shape that of the tensor arguments broadcast.
LogicalResult normal(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  if (!type)
    return rewriter.notifyMatchFailure(call, "expects a ranked tensor result");
  // The draw has the result's shape: self's, the size list's, or that of
  // the mean or std tensor that has it (else a static shape).
  auto hasResultType = [&](llvm::StringRef name) {
    Value tensor = tensorArg(args, name);
    return tensor && tensor.getType() == type;
  };
  llvm::StringRef like = hasResultType("self")   ? "self"
                         : hasResultType("mean") ? "mean"
                         : hasResultType("std")  ? "std"
                                                 : "";
  PrimBuilder p(rewriter, call.getLoc());
  FailureOr<Draw> d = prepare(call, args, rewriter, p, like);
  if (failed(d))
    return failure();
  Value z = d->philox->normal(d->compute, d->computeDigits);
  Ew f{p, z};
  Value mean = parameter(p, args, "mean", 0.0, z), std = parameter(p, args, "std", 1.0, z);
  return finish(call, p, f.add(f.mul(z, std), mean), rewriter);
}

// log_normal(self, mean, std): exp(mean + std z).
LogicalResult logNormal(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  double mean = args.number("mean").value_or(1.0), std = args.number("std").value_or(2.0);
  PrimBuilder p(rewriter, call.getLoc());
  FailureOr<Draw> d = prepare(call, args, rewriter, p, "self");
  if (failed(d))
    return failure();
  Value z = d->philox->normal(d->compute, d->computeDigits);
  Ew f{p, z};
  return finish(call, p, f.apply<prim::ExpOp>(f.add(f.mul(z, f.c(std)), f.c(mean))), rewriter);
}

/// A node of self's shape whose value is `transform(f, u)` of one uniform
/// number u per element, on (0, 1] (these transforms take its logarithm),
/// with f the arithmetic in the draw's compute type.
template <typename Transform>
LogicalResult ofUniform(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter,
                        Transform transform) {
  PrimBuilder p(rewriter, call.getLoc());
  FailureOr<Draw> d = prepare(call, args, rewriter, p, "self");
  if (failed(d))
    return failure();
  Value u = d->philox->uniform(d->compute, d->computeDigits, 0, /*openAtZero=*/true);
  Ew f{p, u};
  return finish(call, p, transform(f, u), rewriter);
}

// exponential(self, lambd): -log(u) / lambd.
LogicalResult exponential(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  double lambda = args.number("lambd").value_or(1.0);
  if (!(lambda > 0))
    return rewriter.notifyMatchFailure(call, "expects lambd > 0");
  return ofUniform(call, args, rewriter, [&](Ew &f, Value u) {
    return f.mul(f.apply<prim::LogOp>(u), f.c(-1.0 / lambda));
  });
}

// cauchy(self, median, sigma): median + sigma tan(pi (u - 1/2)).
LogicalResult cauchy(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  double median = args.number("median").value_or(0.0), sigma = args.number("sigma").value_or(1.0);
  return ofUniform(call, args, rewriter, [&](Ew &f, Value u) {
    Value angle = f.mul(f.sub(u, f.c(0.5)), f.c(M_PI));
    Value tangent = f.div(f.apply<prim::SinOp>(angle), f.apply<prim::CosOp>(angle));
    return f.add(f.mul(tangent, f.c(sigma)), f.c(median));
  });
}

// geometric(self, p): the number of Bernoulli(p) trials up to the first
// success, ceil(log(u) / log(1 - p)), at least 1.
LogicalResult geometric(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  std::optional<double> probability = args.number("p");
  if (!probability || !(*probability > 0 && *probability < 1))
    return rewriter.notifyMatchFailure(call, "expects 0 < p < 1");
  return ofUniform(call, args, rewriter, [&](Ew &f, Value u) {
    Value trials = f.apply<prim::CeilOp>(
        f.mul(f.apply<prim::LogOp>(u), f.c(1.0 / std::log1p(-*probability))));
    return f.p.create<prim::MaxOp>(trials, f.c(1.0));
  });
}

// bernoulli(self) (self holds the probabilities), bernoulli.p(self, p),
// bernoulli.Tensor(self, p): 1 where u < p, else 0, in self's type.
LogicalResult bernoulli(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  PrimBuilder p(rewriter, call.getLoc());
  FailureOr<Draw> d = prepare(call, args, rewriter, p, "self");
  if (failed(d))
    return failure();
  Value u = d->philox->uniform(d->compute, d->computeDigits, 0);
  Ew f{p, u};
  Value probability;
  if (Value tensor = tensorArg(args, "p"))
    probability = p.broadcastTo(tensor, d->compute, {u});
  else if (std::optional<double> constant = args.number("p"))
    probability = f.c(*constant);
  else
    probability = p.convert(tensorArg(args, "self"), d->compute.getElementType());
  return finish(call, p, f.cmp(P::lt, u, probability), rewriter);
}

} // namespace

/// How a dropout drops (torch's _dropout_impl): each element or, for the
/// feature forms, each (sample, channel) plane is kept with probability
/// 1 - p. Kept values are scaled by 1 / (1 - p); alpha dropout (SELU's)
/// instead maps x to a x + alpha a p where kept and to alpha a (p - 1)
/// where dropped, a = 1 / sqrt((alpha^2 p + 1)(1 - p)), which keeps the
/// mean and variance of SELU's outputs.
struct DropoutKind {
  bool feature = false;
  bool alpha = false;
};

/// dropout(input, p, train), native_dropout (with the mask as a second
/// result) and the feature/alpha forms: without train (or with p = 0 for
/// the forms torch shortcuts) the input itself; p = 1 drops everything
/// (zeros).
static LogicalResult dropoutOf(aten::CallOp call, const CallArgs &args,
                               PatternRewriter &rewriter, bool withMask, DropoutKind kind = {}) {
  RankedTensorType type = resultType(call);
  Value input = tensorArg(args, "input");
  std::optional<double> probability = args.number("p");
  if (!type || !input || !probability || *probability < 0 || *probability > 1)
    return rewriter.notifyMatchFailure(call, "expects a tensor input and 0 <= p <= 1");
  PrimBuilder p(rewriter, call.getLoc());
  RankedTensorType maskType = withMask ? resultType(call, 1) : nullptr;
  if (withMask && !maskType)
    return rewriter.notifyMatchFailure(call, "expects a mask result");
  bool identity = !args.boolean("train").value_or(true) ||
                  ((kind.feature || kind.alpha) && *probability == 0);
  if (identity) {
    if (input.getType() != type)
      return rewriter.notifyMatchFailure(call, "expects a result of the input's type");
    SmallVector<Value> results = {input};
    if (withMask)
      results.push_back(p.splat(1.0, maskType, {input}));
    rewriter.replaceOp(call, results);
    return success();
  }
  // The feature forms draw over [N, C, 1, ...].
  RankedTensorType noise;
  if (kind.feature) {
    if (type.getRank() < 2 || !type.hasStaticShape())
      return rewriter.notifyMatchFailure(
          call, "feature dropout needs a static input of at least 2 dims (batch, channels, ...)");
    SmallVector<int64_t> shape(type.getRank(), 1);
    shape[0] = type.getDimSize(0);
    shape[1] = type.getDimSize(1);
    noise = type.clone(shape);
  }
  FailureOr<Draw> d = prepare(call, args, rewriter, p, "input", noise);
  if (failed(d))
    return failure();
  Value u = d->philox->uniform(d->compute, d->computeDigits, 0);
  Ew f{p, u};
  Value keep = f.cmp(P::ge, u, f.c(*probability));
  auto computeType = type.clone(d->compute.getElementType());
  if (noise)
    keep = p.broadcastTo(keep, computeType.clone(rewriter.getI1Type()), {});
  Value x = p.convert(input, computeType.getElementType());
  Ew e{p, x};
  Value dropped;
  if (*probability == 1) {
    dropped = e.c(0.0);
  } else if (kind.alpha) {
    constexpr double alpha = 1.7580993408473766; // SELU's scale x alpha
    double q = *probability;
    double a = 1.0 / std::sqrt((alpha * alpha * q + 1) * (1 - q));
    dropped = e.sel(keep, e.add(e.mul(x, e.c(a)), e.c(alpha * a * q)), e.c(alpha * a * (q - 1)));
  } else {
    dropped = e.sel(keep, e.mul(x, e.c(1.0 / (1.0 - *probability))), e.c(0.0));
  }
  SmallVector<Value> results = {p.convert(dropped, type.getElementType())};
  if (withMask)
    results.push_back(p.convert(keep, maskType.getElementType()));
  if (llvm::any_of(results, [](Value value) { return !value; }))
    return failure();
  rewriter.replaceOp(call, results);
  return success();
}

static LogicalResult dropout(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  return dropoutOf(call, args, rewriter, /*withMask=*/false);
}

template <bool feature, bool alpha>
static LogicalResult dropoutLike(aten::CallOp call, const CallArgs &args,
                                 PatternRewriter &rewriter) {
  return dropoutOf(call, args, rewriter, /*withMask=*/false, DropoutKind{feature, alpha});
}

static LogicalResult nativeDropout(aten::CallOp call, const CallArgs &args,
                                   PatternRewriter &rewriter) {
  return dropoutOf(call, args, rewriter, /*withMask=*/true);
}

// rrelu(x, lower, upper, training): x where x >= 0, else x times a slope:
// in training mode drawn per element uniform on [lower, upper), otherwise
// their mean (torch's eval form, no draw).
static LogicalResult rrelu(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  double lower = args.number("lower").value_or(1.0 / 8.0);
  double upper = args.number("upper").value_or(1.0 / 3.0);
  Value self = tensorArg(args, "self");
  RankedTensorType type = resultType(call);
  if (!self || !type || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects a float tensor");
  PrimBuilder p(rewriter, call.getLoc());
  Value slope;
  RankedTensorType compute = computeType(type);
  if (args.boolean("training").value_or(false)) {
    FailureOr<Draw> d = prepare(call, args, rewriter, p, "self");
    if (failed(d))
      return failure();
    Value u = p.convert(d->philox->uniform(d->compute, d->digits, 0), compute.getElementType());
    Ew f{p, u};
    slope = f.add(f.mul(u, f.c(upper - lower)), f.c(lower));
  }
  Value x = p.convert(self, compute.getElementType());
  Ew e{p, x};
  if (!slope)
    slope = e.c((lower + upper) / 2.0);
  Value result = e.sel(e.cmp(prim::ComparePredicate::ge, x, e.c(0.0)), x, e.mul(x, slope));
  return finish(call, p, result, rewriter);
}

// native_dropout_backward(grad, mask, scale) = grad * mask * scale: the
// gradient through the dropout that kept `mask` (no draw of its own), in the
// result's dtype.
static LogicalResult nativeDropoutBackward(aten::CallOp call, const CallArgs &args,
                                           PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value grad = tensorArg(args, "grad_output"), mask = tensorArg(args, "mask");
  std::optional<double> scale = args.number("scale");
  if (!type || !grad || !mask || !scale || !isa<FloatType>(type.getElementType()))
    return rewriter.notifyMatchFailure(call, "expects grad_output, mask, a scale and a float result");
  PrimBuilder p(rewriter, call.getLoc());
  Value kept = p.create<prim::MulOp>(p.broadcastTo(p.convert(grad, type.getElementType()), type, {}),
                                     p.broadcastTo(p.convert(mask, type.getElementType()), type, {}));
  Value result = kept ? p.create<prim::MulOp>(kept, p.splat(*scale, type, {kept})) : Value();
  if (!result)
    return failure(); // p said why
  rewriter.replaceOp(call, result);
  return success();
}

void addRandomDecompositions(std::vector<Decomposition> &table) {
  constexpr const char *kDraw = "iota, mul, and, xor, div, rem, convert (Philox4x32-10)";
  constexpr const char *kNormal = "Philox4x32-10, log, sqrt, cos, mul, add, convert";
  table.insert(table.end(), {
      {"aten.rand.default", "random", kDraw, rand<false>},
      {"aten.rand.generator", "random", kDraw, rand<false>},
      {"aten.rand.names", "random", kDraw, rand<false>},
      {"aten.rand.generator_with_names", "random", kDraw, rand<false>},
      {"aten.rand_like.default", "random", kDraw, rand<true>},
      {"aten.rand_like.generator", "random", kDraw, rand<true>},
      {"aten.randn.default", "random", kNormal, randn<false>},
      {"aten.randn.generator", "random", kNormal, randn<false>},
      {"aten.randn.names", "random", kNormal, randn<false>},
      {"aten.randn.generator_with_names", "random", kNormal, randn<false>},
      {"aten.randn_like.default", "random", kNormal, randn<true>},
      {"aten.randn_like.generator", "random", kNormal, randn<true>},
      {"aten.randint.default", "random", kDraw, randint<false>},
      {"aten.randint.generator", "random", kDraw, randint<false>},
      {"aten.randint.low", "random", kDraw, randint<false>},
      {"aten.randint.low_generator", "random", kDraw, randint<false>},
      {"aten.randint_like.default", "random", kDraw, randint<true>},
      {"aten.randint_like.generator", "random", kDraw, randint<true>},
      {"aten.randint_like.low_dtype", "random", kDraw, randint<true>},
      {"aten.randint_like.low_generator_dtype", "random", kDraw, randint<true>},
      {"aten.random.default", "random", kDraw, random},
      {"aten.random.from", "random", kDraw, random},
      {"aten.random.to", "random", kDraw, random},
      {"aten.uniform.default", "random", kDraw, uniform},
      {"aten.normal_functional.default", "random", kNormal, normal},
      {"aten.normal.float_float", "random", kNormal, normal},
      {"aten.normal.Tensor_float", "random", kNormal, normal},
      {"aten.normal.float_Tensor", "random", kNormal, normal},
      {"aten.normal.Tensor_Tensor", "random", kNormal, normal},
      {"aten.log_normal.default", "random", kNormal, logNormal},
      {"aten.exponential.default", "random", "Philox4x32-10, log, mul, convert", exponential},
      {"aten.cauchy.default", "random", "Philox4x32-10, sin, cos, div, mul, add", cauchy},
      {"aten.geometric.default", "random", "Philox4x32-10, log, ceil, max", geometric},
      {"aten.bernoulli.default", "random", "Philox4x32-10, compare, convert", bernoulli},
      {"aten.bernoulli.p", "random", "Philox4x32-10, compare, convert", bernoulli},
      {"aten.bernoulli.Tensor", "random", "Philox4x32-10, compare, convert", bernoulli},
      {"aten.dropout.default", "random", "(none) | Philox4x32-10, compare, select, mul", dropout},
      {"aten.feature_dropout.default", "random",
       "(none) | Philox4x32-10, compare, broadcast_in_dim, select, mul", dropoutLike<true, false>},
      {"aten.alpha_dropout.default", "random",
       "(none) | Philox4x32-10, compare, select, mul, add", dropoutLike<false, true>},
      {"aten.feature_alpha_dropout.default", "random",
       "(none) | Philox4x32-10, compare, broadcast_in_dim, select, mul, add",
       dropoutLike<true, true>},
      {"aten.rrelu.default", "random", "(none) | Philox4x32-10, mul, add, compare, select",
       rrelu},
      {"aten.native_dropout_backward.default", "pointwise", "convert, broadcast_in_dim, mul",
       nativeDropoutBackward},
      {"aten.native_dropout.default", "random",
       "(none) | Philox4x32-10, compare, select, mul, convert", nativeDropout},
  });
}

} // namespace pt2c
