//===- ConvolutionEpilogue.cpp - The pt2c-convolution-epilogue pass --------===//
//
// A convolution handed to cuDNN (pt2c-convolution-to-library) is almost
// always followed by one elementwise kernel: its bias (a folded batch
// norm's beta), often a ReLU, in resnet's bottlenecks a residual added
// before it. That kernel reads and writes the whole activation once more:
// about 40% of resnet50's bfloat16 GPU time. cuDNN's fused call
// (cudnnConvolutionBiasActivationForward) does y = act(conv(x) + z + bias)
// in the convolution's own epilogue. This pass offers it: once everything
// is a buffer, when the op right after the call's fallback is that
// elementwise generic, the call is given the bias, z and output addresses
// and the epilogue flags, and the generic runs only when the runtime did
// not do it (PT2CRT_CONV_DONE_WITH_EPILOGUE), the way pt2c-gemm-to-library
// offers cuBLASLt its epilogues.
//
// The call writes the generic's output at the call, earlier than the
// generic did, with y's strides: so the output must be a fresh allocation
// nobody touches before the generic, laid out like the view of y the
// generic reads (both contiguous, same shape, same indexing), z likewise,
// and y must be read by nothing else (with the epilogue done it is never
// written).
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/GPU/Passes.h"

#include "LibraryCall.h"
#include "pt2c/library_calls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

namespace pt2c {

#define GEN_PASS_DEF_CONVOLUTIONEPILOGUE
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;

constexpr llvm::StringLiteral kConvFunction = "pt2crt_cuda_conv";
static_assert(PT2CRT_CONV_PARAMETERS == 36, "the argument positions below");
// Argument positions (runtime/src/CudaConv.h).
enum : unsigned {
  kType = 0, kF = 11, kY = 17, kOH = 18, kOW = 19, kYF = 22, kYP = 23, kAccumulate = 31,
  kFlags = 32, kBias = 33, kZ = 34, kOut = 35
};

std::optional<int64_t> constantOf(Value value) {
  APInt constant;
  if (!matchPattern(value, m_ConstantInt(&constant)))
    return std::nullopt;
  return constant.getSExtValue();
}

bool isIdentityLayout(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && type.hasStaticShape() && type.getLayout().isIdentity();
}

/// `value` through reshapes and casts of contiguous row-major buffers: the
/// buffer whose elements it orders alike.
Value throughReshapes(Value value) {
  while (isIdentityLayout(value)) {
    Operation *def = value.getDefiningOp();
    if (!def || !isa<memref::ExpandShapeOp, memref::CollapseShapeOp, memref::CastOp>(def) ||
        !isIdentityLayout(def->getOperand(0)))
      break;
    value = def->getOperand(0);
  }
  return value;
}

/// The allocation whose address the call's y argument is (the i64 of an
/// aligned pointer of it or of a transposed or cast view).
memref::AllocOp outputAllocation(Value address) {
  if (auto cast = address.getDefiningOp<arith::IndexCastOp>())
    address = cast.getIn();
  if (auto add = address.getDefiningOp<arith::AddIOp>()) {
    // pointer + offset * bytes, the offset 0 (static layouts fold it).
    std::optional<int64_t> rhs = constantOf(add.getRhs());
    if (!rhs || *rhs != 0)
      return {};
    address = add.getLhs();
  }
  auto pointer = address.getDefiningOp<memref::ExtractAlignedPointerAsIndexOp>();
  if (!pointer)
    return {};
  Value memref = pointer.getSource();
  while (Operation *def = memref.getDefiningOp()) {
    if (!isa<memref::TransposeOp, memref::CastOp>(def))
      break;
    memref = def->getOperand(0);
  }
  auto alloc = memref.getDefiningOp<memref::AllocOp>();
  return alloc && isIdentityLayout(alloc) ? alloc : memref::AllocOp();
}

/// The generic's body as act(y + bias (+ z)): which leaves are summed.
struct BodyMatch {
  int y = 0, bias = 0, z = 0;
  bool relu = false;
  llvm::SmallPtrSet<Operation *, 8> ops;
};

class BodyMatcher {
public:
  BodyMatcher(BlockArgument y, BlockArgument bias, BlockArgument z, Type elementType)
      : yArg(y), biasArg(bias), zArg(z), elementType(elementType) {}

  std::optional<BodyMatch> match(Block &body) {
    Value result = cast<linalg::YieldOp>(body.getTerminator()).getOperand(0);
    result = peel(result);
    if (auto max = result.getDefiningOp<arith::MaximumFOp>()) {
      Value zero = isZero(max.getRhs()) ? max.getRhs() : isZero(max.getLhs()) ? max.getLhs()
                                                                               : Value();
      if (!zero)
        return std::nullopt;
      matched.ops.insert(max);
      if (Operation *constant = zero.getDefiningOp(); constant && constant->getBlock() == &body)
        matched.ops.insert(constant);
      matched.relu = true;
      result = zero == max.getRhs() ? max.getLhs() : max.getRhs();
    }
    if (!sum(result))
      return std::nullopt;
    if (matched.ops.size() != size_t(llvm::range_size(body.without_terminator())))
      return std::nullopt; // something else is computed
    return std::move(matched);
  }

private:
  BlockArgument yArg, biasArg, zArg;
  Type elementType;
  BodyMatch matched;

  static bool isZero(Value value) {
    APFloat constant(0.0f);
    return matchPattern(value, m_ConstantFloat(&constant)) && constant.isZero();
  }

  /// A conversion between the convolution's type and f32 (where the
  /// generated code rounds in between, cuDNN rounds once at the end).
  bool isConversion(Type from, Type to) {
    Type f32 = Float32Type::get(from.getContext());
    return (from == elementType || from == f32) && (to == elementType || to == f32);
  }

  Value peel(Value value) {
    while (Operation *def = value.getDefiningOp()) {
      if (!isa<arith::ExtFOp, arith::TruncFOp>(def) ||
          !isConversion(def->getOperand(0).getType(), value.getType()))
        break;
      matched.ops.insert(def);
      value = def->getOperand(0);
    }
    return value;
  }

  bool sum(Value value) {
    value = peel(value);
    if (value == yArg)
      return ++matched.y, true;
    if (value == biasArg)
      return ++matched.bias, true;
    if (zArg && value == zArg)
      return ++matched.z, true;
    auto add = value.getDefiningOp<arith::AddFOp>();
    if (!add)
      return false;
    matched.ops.insert(add);
    return sum(add.getLhs()) && sum(add.getRhs());
  }
};

/// Row-major strides of a static shape.
SmallVector<int64_t> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// Whether the bias, read through `biasMap`, is bias[channel] at each point
/// of y's view (row-major `yShape`, read through the permutation `yMap`):
/// the channel of linear offset L is (L / inner) % f.
bool readsChannel(ArrayRef<int64_t> yShape, AffineMap yMap, MemRefType biasType,
                  AffineMap biasMap, int64_t inner, int64_t f) {
  if (biasType.getNumElements() != f)
    return false;
  SmallVector<int64_t> biasStrides = rowMajorStrides(biasType.getShape());
  SmallVector<int64_t> perLoop(yMap.getNumDims(), 0);
  for (auto [j, expr] : llvm::enumerate(biasMap.getResults())) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
      perLoop[dim.getPosition()] += biasStrides[j];
      continue;
    }
    auto constant = dyn_cast<AffineConstantExpr>(expr);
    if (!constant || constant.getValue() != 0)
      return false;
  }
  SmallVector<int64_t> yStrides = rowMajorStrides(yShape);
  for (auto [d, expr] : llvm::enumerate(yMap.getResults())) {
    unsigned loop = cast<AffineDimExpr>(expr).getPosition();
    int64_t size = yShape[d], stride = yStrides[d];
    if (size == 1)
      continue;
    // The dim must not straddle the channel's boundaries.
    if ((stride % inner && stride * size > inner) ||
        (stride % (inner * f) && stride * size > inner * f))
      return false;
    int64_t expected = stride >= inner && stride < inner * f ? stride / inner : 0;
    if (perLoop[loop] != expected)
      return false;
  }
  return true;
}

/// Whether `value` is available at `call`, or can be made so by cloning
/// the reshapes and casts that define it there; with `clone`, does it.
Value availableAt(Value value, func::CallOp call, DominanceInfo &dominance, bool clone,
                  OpBuilder &b) {
  if (dominance.properlyDominates(value, call))
    return value;
  Operation *def = value.getDefiningOp();
  if (!def || !isa<memref::ExpandShapeOp, memref::CollapseShapeOp, memref::CastOp>(def) ||
      def->getNumOperands() != 1)
    return {};
  Value source = availableAt(def->getOperand(0), call, dominance, clone, b);
  if (!source)
    return {};
  if (!clone)
    return value;
  IRMapping mapping;
  mapping.map(def->getOperand(0), source);
  b.setInsertionPoint(call);
  return b.clone(*def, mapping)->getResult(0);
}

/// The op of `block` that `op` is or is nested in.
Operation *inBlock(Block *block, Operation *op) { return block->findAncestorOpInBlock(*op); }

/// Whether every use of the allocation `y` (through views) is the call's
/// address, the fallback, the epilogue or a deallocation.
bool onlyEpilogueReads(Value y, scf::IfOp fallback, linalg::GenericOp epilogue) {
  SmallVector<Value> worklist = {y};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (isa<memref::ExpandShapeOp, memref::CollapseShapeOp, memref::CastOp,
              memref::TransposeOp>(user)) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      if (isa<memref::ExtractAlignedPointerAsIndexOp, memref::ExtractStridedMetadataOp,
              memref::DeallocOp>(user) ||
          user == epilogue.getOperation() || fallback->isAncestor(user))
        continue;
      return false;
    }
  }
  return true;
}

/// Whether the allocation `out` is touched by nothing before `epilogue`
/// (besides itself): the call may write it earlier.
bool freshUntil(memref::AllocOp out, linalg::GenericOp epilogue) {
  Block *block = epilogue->getBlock();
  if (out->getBlock() != block)
    return false;
  for (Operation *user : out->getUsers()) {
    Operation *op = inBlock(block, user);
    if (!op)
      return false;
    if (op != epilogue.getOperation() && !epilogue->isBeforeInBlock(op))
      return false;
  }
  return true;
}

struct Candidate {
  func::CallOp call;
  linalg::GenericOp epilogue;
  Value bias, z;
  memref::AllocOp out;
  int64_t flags;
};

std::optional<Candidate> matchCandidate(func::CallOp call, DominanceInfo &dominance) {
  if (call.getNumOperands() != PT2CRT_CONV_PARAMETERS || call.getNumResults() != 1)
    return std::nullopt;
  std::optional<int64_t> type = constantOf(call.getOperand(kType)),
                         flags = constantOf(call.getOperand(kFlags)),
                         accumulate = constantOf(call.getOperand(kAccumulate)),
                         f = constantOf(call.getOperand(kF)),
                         oh = constantOf(call.getOperand(kOH)),
                         ow = constantOf(call.getOperand(kOW)),
                         yF = constantOf(call.getOperand(kYF)),
                         yP = constantOf(call.getOperand(kYP));
  if (!type || !flags || !accumulate || *accumulate != 0 || !f || !oh || !ow || !yF || !yP ||
      (*flags & PT2CRT_CONV_EPILOGUE))
    return std::nullopt;
  // The channel of y's linear offset L: (L / inner) % f.
  int64_t inner;
  if (*yP == 1 && *yF == *oh * *ow)
    inner = *oh * *ow; // channels-first [n, g, f / g, p]
  else if (*yF == 1 && *yP == *f)
    inner = 1; // channels-last [n, p, g, f / g]
  else
    return std::nullopt;
  memref::AllocOp y = outputAllocation(call.getOperand(kY));
  if (!y)
    return std::nullopt;
  // The fallback: scf.if (answer == DECLINED) right after.
  scf::IfOp fallback;
  for (Operation *user : call.getResult(0).getUsers())
    if (auto compare = dyn_cast<arith::CmpIOp>(user))
      for (Operation *compareUser : compare->getUsers())
        if (auto branch = dyn_cast<scf::IfOp>(compareUser))
          fallback = branch;
  if (!fallback || fallback->getBlock() != call->getBlock())
    return std::nullopt;
  auto epilogue = dyn_cast_or_null<linalg::GenericOp>(library::nextWithEffects(fallback));
  if (!epilogue || !epilogue.hasPureBufferSemantics() || epilogue.getNumDpsInits() != 1 ||
      epilogue.getNumDpsInputs() < 2 || epilogue.getNumDpsInputs() > 3 ||
      epilogue.getNumReductionLoops() != 0)
    return std::nullopt;
  OpOperand *output = epilogue.getDpsInitOperand(0);
  AffineMap outMap = epilogue.getMatchingIndexingMap(output);
  auto outType = dyn_cast<MemRefType>(output->get().getType());
  auto outAlloc = output->get().getDefiningOp<memref::AllocOp>();
  Type elementType = getElementTypeOrSelf(y.getType());
  if (!outAlloc || !isIdentityLayout(outAlloc) || !outMap.isPermutation() ||
      outType.getElementType() != elementType ||
      library::typeCode(elementType) != std::optional<int64_t>(*type))
    return std::nullopt;
  // y's view and z: the output's shape and indexing; the bias: the rest.
  OpOperand *yOperand = nullptr, *zOperand = nullptr, *biasOperand = nullptr;
  for (OpOperand *input : epilogue.getDpsInputOperands()) {
    Value value = input->get();
    bool likeOutput = isIdentityLayout(value) &&
                      cast<MemRefType>(value.getType()).getShape() == outType.getShape() &&
                      epilogue.getMatchingIndexingMap(input) == outMap &&
                      getElementTypeOrSelf(value.getType()) == elementType;
    if (likeOutput && throughReshapes(value) == y.getResult()) {
      if (yOperand)
        return std::nullopt;
      yOperand = input;
    } else if (likeOutput && !zOperand) {
      zOperand = input;
    } else if (!biasOperand && isIdentityLayout(value) &&
               getElementTypeOrSelf(value.getType()) == elementType) {
      biasOperand = input;
    } else {
      return std::nullopt;
    }
  }
  if (!yOperand || !biasOperand)
    return std::nullopt;
  BodyMatcher matcher(epilogue.getMatchingBlockArgument(yOperand),
                      epilogue.getMatchingBlockArgument(biasOperand),
                      zOperand ? epilogue.getMatchingBlockArgument(zOperand) : BlockArgument(),
                      elementType);
  std::optional<BodyMatch> body = matcher.match(epilogue.getRegion().front());
  if (!body || body->y != 1 || body->bias != 1 || body->z != (zOperand ? 1 : 0))
    return std::nullopt;
  if (!readsChannel(outType.getShape(), outMap,
                    cast<MemRefType>(biasOperand->get().getType()),
                    epilogue.getMatchingIndexingMap(biasOperand), inner, *f))
    return std::nullopt;
  if (!onlyEpilogueReads(y.getResult(), fallback, epilogue) || !freshUntil(outAlloc, epilogue))
    return std::nullopt;
  // What the call reads must exist there: the output's allocation moves
  // up (its sizes are static), reshapes of the bias and z are cloned.
  OpBuilder b(call);
  if (!availableAt(biasOperand->get(), call, dominance, false, b) ||
      (zOperand && !availableAt(zOperand->get(), call, dominance, false, b)))
    return std::nullopt;
  Candidate candidate{call, epilogue, biasOperand->get(),
                      zOperand ? zOperand->get() : Value(), outAlloc,
                      PT2CRT_CONV_BIAS | (zOperand ? PT2CRT_CONV_RESIDUAL : 0) |
                          (body->relu ? PT2CRT_CONV_RELU : 0)};
  return candidate;
}

void offerEpilogue(Candidate &candidate, DominanceInfo &dominance) {
  func::CallOp call = candidate.call;
  Location loc = call.getLoc();
  OpBuilder b(call);
  if (!dominance.properlyDominates(candidate.out.getResult(), call))
    candidate.out->moveBefore(call);
  Value bias = availableAt(candidate.bias, call, dominance, true, b);
  Value z = candidate.z ? availableAt(candidate.z, call, dominance, true, b) : Value();
  b.setInsertionPoint(call);
  auto address = [&](Value memref) {
    return library::describeMemref(b, loc, memref).address;
  };
  std::optional<int64_t> flags = constantOf(call.getOperand(kFlags));
  call->setOperand(kFlags, library::constantI64(b, loc, *flags | candidate.flags));
  call->setOperand(kBias, address(bias));
  if (z)
    call->setOperand(kZ, address(z));
  call->setOperand(kOut, address(candidate.out.getResult()));
  // The generic, only when the runtime did not do it.
  linalg::GenericOp epilogue = candidate.epilogue;
  b.setInsertionPoint(epilogue);
  Value done = arith::ConstantIntOp::create(b, loc, b.getI32Type(),
                                            PT2CRT_CONV_DONE_WITH_EPILOGUE);
  Value undone =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, call.getResult(0), done);
  auto branch = scf::IfOp::create(b, loc, undone, /*withElseRegion=*/false);
  epilogue->moveBefore(branch.thenBlock()->getTerminator());
}

struct ConvolutionEpiloguePass : impl::ConvolutionEpilogueBase<ConvolutionEpiloguePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      if (call.getCallee() == kConvFunction)
        calls.push_back(call);
    });
    for (func::CallOp call : calls) {
      DominanceInfo dominance(call->getParentOfType<func::FuncOp>());
      if (std::optional<Candidate> candidate = matchCandidate(call, dominance))
        offerEpilogue(*candidate, dominance);
    }
  }
};

} // namespace

} // namespace pt2c
