//===- GemmToLibrary.cpp - The pt2c-gemm-to-library pass ------------------===//
//
// Matmuls are where a library beats one-thread-per-output kernels by the
// most: cuBLASLt's are tiled through shared memory and tensor cores. The
// decision to use it is made at run time, by the runtime's
// `pt2crt_cuda_gemm` (runtime/src/CudaGemm.c), because only then is it
// known whether cuBLASLt can be opened and what the operands' strides are;
// the generic stays behind an scf.if for when it declines.
//
// A linear layer's bias (and a ReLU after it) in the op right after the
// matmul is offered to the call as a cuBLASLt epilogue; that op then runs
// only when the call did not do it. With 16-bit operands the op right after
// usually rounds the float32 result to their type (maybe adding a bias):
// the call is then asked to write the rounded result itself, so the
// float32 one never reaches memory; when GPT-2's tanh GELU follows that
// rounding, the call writes the GELU's output (GeluEpilogue.h).
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/GPU/Passes.h"

#include "FillFolding.h"
#include "GeluEpilogue.h"
#include "LibraryCall.h"
#include "pt2c/library_calls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <optional>

namespace pt2c {

#define GEN_PASS_DEF_GEMMTOLIBRARY
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;
using library::isMultiplyAdd;
using library::nextWithEffects;
using library::toI64;

/// The runtime function (runtime/src/CudaGemm.h), its codes from the
/// contract both sides build from (runtime/include/pt2c/library_calls.h).
constexpr llvm::StringLiteral kGemmFunction = "pt2crt_cuda_gemm";
constexpr unsigned kGemmParameters = PT2CRT_GEMM_PARAMETERS;
constexpr int64_t kDeclined = PT2CRT_GEMM_DECLINED,
                  kDoneWithEpilogue = PT2CRT_GEMM_DONE_WITH_EPILOGUE;
constexpr int64_t kNoEpilogue = PT2CRT_GEMM_NO_EPILOGUE, kBias = PT2CRT_GEMM_BIAS,
                  kReluBias = PT2CRT_GEMM_RELU_BIAS, kGeluBias = PT2CRT_GEMM_GELU_BIAS,
                  kGelu = PT2CRT_GEMM_GELU;
constexpr int64_t kOverwrite = PT2CRT_GEMM_OVERWRITE, kNarrowOutput = PT2CRT_GEMM_NARROW_OUTPUT;
constexpr int64_t kAllowTF32 = PT2CRT_GEMM_ALLOW_TF32;

/// The runtime's code for the element types: A and B alike, C f32.
std::optional<int64_t> typeCode(Type a, Type b, Type c) {
  if (!c.isF32() || a != b)
    return std::nullopt;
  return library::typeCode(a);
}

/// The loops of a C += A·B generic (A input 0, B input 1): the reduction
/// k, the rows m (A and C only) and columns n (B and C only) of the matrices
/// cuBLASLt multiplies, -1 when absent (a size of 1), and up to two outer
/// loops over which the runtime repeats it: loops all three operands share,
/// and further row or column loops (an operand without one reads the same
/// matrix at each of its points). Outer loops are listed outermost first.
struct GemmLoops {
  int64_t m = -1, n = -1, k = -1;
  SmallVector<int64_t, 2> outer;
};
constexpr size_t kMaxOuterLoops = 2;

std::optional<GemmLoops> classifyLoops(linalg::GenericOp generic) {
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  for (AffineMap map : maps)
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
      return std::nullopt;
  GemmLoops loops;
  SmallVector<int64_t> rows, columns;
  for (auto [dim, iterator] : llvm::enumerate(generic.getIteratorTypesArray())) {
    bool inA = maps[0].isFunctionOfDim(dim), inB = maps[1].isFunctionOfDim(dim),
         inC = maps[2].isFunctionOfDim(dim);
    if (iterator == utils::IteratorType::reduction) {
      // cuBLASLt sums over one dimension.
      if (!inA || !inB || inC || loops.k != -1)
        return std::nullopt;
      loops.k = dim;
    } else if (!inC) {
      return std::nullopt;
    } else if (inA && inB) {
      loops.outer.push_back(dim);
    } else if (inA || inB) {
      (inA ? rows : columns).push_back(dim);
    } else {
      return std::nullopt; // C broadcast along a loop: not a matmul
    }
  }
  if (loops.k == -1)
    return std::nullopt;
  // The matrices' rows and columns are the ones innermost in C (the
  // contiguous ones of a row-major C); the others are outer loops.
  AffineMap cMap = maps[2];
  auto positionInC = [&](int64_t dim) { return *cMap.getResultPosition(
                                            getAffineDimExpr(dim, cMap.getContext())); };
  auto pickInnermost = [&](SmallVector<int64_t> &dims) -> int64_t {
    if (dims.empty())
      return -1;
    auto innermost = llvm::max_element(
        dims, [&](int64_t x, int64_t y) { return positionInC(x) < positionInC(y); });
    int64_t chosen = *innermost;
    dims.erase(innermost);
    loops.outer.append(dims.begin(), dims.end());
    return chosen;
  };
  loops.m = pickInnermost(rows);
  loops.n = pickInnermost(columns);
  if (loops.outer.size() > kMaxOuterLoops)
    return std::nullopt;
  llvm::sort(loops.outer,
             [&](int64_t x, int64_t y) { return positionInC(x) < positionInC(y); });
  return loops;
}

/// Addresses and strides of one operand, as i64 values for the call.
struct OperandView {
  Value address;
  SmallVector<Value> loopStrides; // per loop; 0 for loops it does not use
};

OperandView viewOf(OpBuilder &b, Location loc, Value memref, AffineMap map) {
  library::MemrefView memrefView = library::describeMemref(b, loc, memref);
  OperandView view;
  view.address = memrefView.address;
  view.loopStrides.assign(map.getNumDims(), library::constantI64(b, loc, 0));
  for (auto [position, expr] : llvm::enumerate(map.getResults()))
    view.loopStrides[cast<AffineDimExpr>(expr).getPosition()] = memrefView.strides[position];
  return view;
}

/// An op after the matmul that the call may do as its epilogue:
/// C[.., j] = C[.., j] + bias[j], optionally then max(., 0), in place; or
/// D = round(C) or round(C) + bias[j] with D and the bias of the operands'
/// 16-bit type (`output` is D; null for the in-place form).
struct Epilogue {
  linalg::GenericOp op;
  Value bias;
  int64_t kind = kNoEpilogue;
  Value output;
};

/// The matmul's column loop (C's columns, n) as a loop of the op after
/// it, which writes C's points through `outputMap` (a permutation).
std::optional<AffineExpr> columnLoopOf(linalg::GenericOp gemm, const GemmLoops &loops,
                                       AffineMap outputMap) {
  AffineMap cMap = gemm.getMatchingIndexingMap(gemm.getDpsInitOperand(0));
  std::optional<unsigned> column =
      cMap.getResultPosition(getAffineDimExpr(loops.n, gemm.getContext()));
  if (!column || !outputMap.isPermutation())
    return std::nullopt;
  return outputMap.getResult(*column);
}

bool isZero(Value value) {
  auto constant = value.getDefiningOp<arith::ConstantOp>();
  auto attr = constant ? dyn_cast<FloatAttr>(constant.getValue()) : FloatAttr();
  return attr && attr.getValue().isZero();
}

std::optional<Epilogue> matchEpilogue(linalg::GenericOp gemm, const GemmLoops &loops,
                                      Operation *next) {
  auto op = dyn_cast_or_null<linalg::GenericOp>(next);
  if (!op || loops.n == -1 || !op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || op.getNumReductionLoops() != 0)
    return std::nullopt;
  Value c = gemm.getDpsInitOperand(0)->get();
  OpOperand *output = op.getDpsInitOperand(0);
  if (output->get() != c)
    return std::nullopt;
  AffineMap outputMap = op.getMatchingIndexingMap(output);
  std::optional<AffineExpr> columnLoop = columnLoopOf(gemm, loops, outputMap);
  if (!columnLoop)
    return std::nullopt;
  Epilogue epilogue{op, Value(), kNoEpilogue};
  BlockArgument cValue, biasValue;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (input->get() == c && map == outputMap) {
      cValue = op.getMatchingBlockArgument(input);
      continue;
    }
    auto type = dyn_cast<MemRefType>(input->get().getType());
    if (!type || type.getRank() != 1 || !type.getElementType().isF32() ||
        !type.isLastDimUnitStride() || map.getNumResults() != 1 ||
        map.getResult(0) != *columnLoop)
      return std::nullopt;
    epilogue.bias = input->get();
    biasValue = op.getMatchingBlockArgument(input);
  }
  if (!cValue || !biasValue)
    return std::nullopt;
  // The body: add, or add then max with 0 (a constant maybe inside it);
  // nothing else.
  Block &body = op.getRegion().front();
  Value result = cast<linalg::YieldOp>(body.getTerminator()).getOperand(0);
  size_t expectedOps = 1;
  epilogue.kind = kBias;
  if (auto max = result.getDefiningOp<arith::MaximumFOp>()) {
    Value zero = isZero(max.getRhs()) ? max.getRhs() : isZero(max.getLhs()) ? max.getLhs()
                                                                             : Value();
    if (!zero)
      return std::nullopt;
    result = zero == max.getRhs() ? max.getLhs() : max.getRhs();
    expectedOps += zero.getParentBlock() == &body ? 2 : 1;
    epilogue.kind = kReluBias;
  }
  auto add = result.getDefiningOp<arith::AddFOp>();
  if (!add || !((add.getLhs() == cValue && add.getRhs() == biasValue) ||
                (add.getLhs() == biasValue && add.getRhs() == cValue)))
    return std::nullopt;
  if (size_t(llvm::range_size(body.without_terminator())) != expectedOps)
    return std::nullopt;
  return epilogue;
}

/// Whether `value`, within `body`, is C rounded to 16 bits: truncf(c).
bool isRounded(Value value, BlockArgument c) {
  auto trunc = value.getDefiningOp<arith::TruncFOp>();
  return trunc && trunc.getIn() == c;
}

/// Whether the buffer `c` (an allocation) holds nothing anyone reads
/// after `op`: the next op of `op`'s block that touches it is a zero...
/// any fill (which overwrites it all) or its deallocation, or none does.
/// Bufferization reuses one buffer for the same matmul of every layer, so
/// later uses are normal; they must overwrite before they read.
bool isDeadAfter(Value c, Operation *op) {
  if (!c.getDefiningOp<memref::AllocOp>())
    return false;
  Block *block = op->getBlock();
  llvm::SmallPtrSet<Operation *, 8> touching;
  for (Operation *user : c.getUsers()) {
    Operation *inBlock = block->findAncestorOpInBlock(*user);
    if (!inBlock)
      return false; // used outside the block: cannot tell
    touching.insert(inBlock);
  }
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode()) {
    if (!touching.contains(next))
      continue;
    if (auto fill = dyn_cast<linalg::FillOp>(next))
      return fill.getOutputs()[0] == c;
    auto dealloc = dyn_cast<memref::DeallocOp>(next);
    return dealloc && dealloc.getMemref() == c;
  }
  return true;
}

/// The narrowing epilogue after `gemm` (see Epilogue): D = round(C),
/// round(C) + bias[j] (in 16 bits) or round(C + bias[j]) (in float32),
/// with C read and D written at the same points. Only when C is
/// zero-filled by `zeroFill` before and dead after the op: the call leaves
/// C unwritten.
std::optional<Epilogue> matchNarrowingEpilogue(linalg::GenericOp gemm, const GemmLoops &loops,
                                               linalg::FillOp zeroFill, Operation *next) {
  auto op = dyn_cast_or_null<linalg::GenericOp>(next);
  if (!zeroFill || !op || loops.n == -1 || !op.hasPureBufferSemantics() ||
      op.getNumDpsInits() != 1 || op.getNumDpsInputs() < 1 || op.getNumDpsInputs() > 2 ||
      op.getNumReductionLoops() != 0)
    return std::nullopt;
  Value c = gemm.getDpsInitOperand(0)->get();
  Type narrowType = getElementTypeOrSelf(gemm.getDpsInputOperand(0)->get().getType());
  OpOperand *output = op.getDpsInitOperand(0);
  auto outputType = dyn_cast<MemRefType>(output->get().getType());
  auto cType = cast<MemRefType>(c.getType());
  if (!outputType || outputType.getElementType() != narrowType ||
      outputType.getShape() != cType.getShape())
    return std::nullopt;
  if (!isDeadAfter(c, op))
    return std::nullopt;
  AffineMap outputMap = op.getMatchingIndexingMap(output);
  std::optional<AffineExpr> columnLoop = columnLoopOf(gemm, loops, outputMap);
  if (!columnLoop)
    return std::nullopt;
  Epilogue epilogue{op, Value(), kNoEpilogue, output->get()};
  BlockArgument cValue, biasValue;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (input->get() == c && map == outputMap && !cValue) {
      cValue = op.getMatchingBlockArgument(input);
      continue;
    }
    auto type = dyn_cast<MemRefType>(input->get().getType());
    if (!type || type.getRank() != 1 || type.getElementType() != narrowType ||
        !type.isLastDimUnitStride() || map.getNumResults() != 1 ||
        map.getResult(0) != *columnLoop)
      return std::nullopt;
    epilogue.bias = input->get();
    biasValue = op.getMatchingBlockArgument(input);
  }
  if (!cValue)
    return std::nullopt;
  Block &body = op.getRegion().front();
  Value result = cast<linalg::YieldOp>(body.getTerminator()).getOperand(0);
  size_t ops = size_t(llvm::range_size(body.without_terminator()));
  if (!biasValue)
    return isRounded(result, cValue) && ops == 1 ? std::optional<Epilogue>(epilogue)
                                                 : std::nullopt;
  epilogue.kind = kBias;
  auto isSumOf = [](Value sum, function_ref<bool(Value)> one, function_ref<bool(Value)> other) {
    auto add = sum.getDefiningOp<arith::AddFOp>();
    return add && ((one(add.getLhs()) && other(add.getRhs())) ||
                   (other(add.getLhs()) && one(add.getRhs())));
  };
  auto isC = [&](Value v) { return v == cValue; };
  auto isBias = [&](Value v) { return v == biasValue; };
  auto isWidenedBias = [&](Value v) {
    auto ext = v.getDefiningOp<arith::ExtFOp>();
    return ext && ext.getIn() == biasValue;
  };
  // round(C) + bias, in 16 bits.
  if (ops == 2 && isSumOf(result, [&](Value v) { return isRounded(v, cValue); }, isBias))
    return epilogue;
  // round(C + widen(bias)), in float32.
  auto trunc = result.getDefiningOp<arith::TruncFOp>();
  if (ops == 3 && trunc && isSumOf(trunc.getIn(), isC, isWidenedBias))
    return epilogue;
  return std::nullopt;
}

/// The zero fill of `gemm`'s output before it, or null: the last op of
/// the block before the gemm that touches C, when it is a zero fill and
/// nothing with memory effects lies between it and the gemm, or when C is
/// an allocation without views (nothing else can reach it) — the fill then moves right
/// before the gemm. (Bufferization leaves one zero-filled allocation
/// that the last of several matmuls takes over, filled at the first.) The
/// call then overwrites C (beta 0) instead of adding to zeros it would
/// first read, and the fill moves behind the answer, for the fallback.
linalg::FillOp zeroFillOfOutput(linalg::GenericOp gemm) {
  Value c = gemm.getDpsInitOperand(0)->get();
  // Reached through no other value: no view of it exists.
  bool privateBuffer = c.getDefiningOp<memref::AllocOp>() &&
                       llvm::none_of(c.getUsers(), [](Operation *user) {
                         return isa<ViewLikeOpInterface>(user);
                       });
  for (Operation *op = gemm->getPrevNode(); op; op = op->getPrevNode()) {
    bool touches = llvm::is_contained(op->getOperands(), c) ||
                   (op->getNumRegions() > 0 &&
                    op->walk([&](Operation *inner) {
                        return llvm::is_contained(inner->getOperands(), c)
                                   ? WalkResult::interrupt()
                                   : WalkResult::advance();
                      }).wasInterrupted());
    if (auto fill = dyn_cast<linalg::FillOp>(op); fill && touches) {
      if (fill.getOutputs()[0] != c || !isZero(fill.getInputs()[0]))
        return {};
      if (fill->getNextNode() != gemm.getOperation())
        fill->moveBefore(gemm);
      return fill;
    }
    if (touches || (!privateBuffer && !isMemoryEffectFree(op)))
      return {};
  }
  return {};
}

/// A buffer for the call to write instead of a 16-bit C (a narrowing
/// epilogue's D), `written`, whose rows are not 16-byte aligned: its rows
/// padded to 16 bytes; null when `written` does not need or take one. cuBLASLt picks
/// its slowest kernels (one element at a time) for a misaligned C: gpt2's
/// vocabulary projection into rows of 50257 took 1.06 of 3.3 ms. Only for
/// a row-major C the call overwrites, without outer loops, and of some
/// size (the copy back costs a pass over C).
Value paddedOutput(OpBuilder &b, Location loc, linalg::GenericOp gemm, const GemmLoops &loops,
                   Value written) {
  auto type = dyn_cast<MemRefType>(written.getType());
  AffineMap cMap = gemm.getMatchingIndexingMap(gemm.getDpsInitOperand(0));
  if (!type || type.getRank() != 2 || !type.hasStaticShape() || !type.getLayout().isIdentity() ||
      !loops.outer.empty() || loops.m == -1 || loops.n == -1 ||
      cMap.getResult(0) != b.getAffineDimExpr(loops.m) ||
      cMap.getResult(1) != b.getAffineDimExpr(loops.n))
    return {};
  // float32 products run on CUDA cores, whose kernels barely depend on
  // the alignment (measured: gpt2 float32 lost the copy's time).
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  int64_t rows = type.getDimSize(0), columns = type.getDimSize(1);
  constexpr int64_t kAlignment = 16, kMinimumElements = 1 << 16;
  if (elementBytes != 2 ||
      (columns * elementBytes) % kAlignment == 0 || rows * columns < kMinimumElements)
    return {};
  int64_t perRow = kAlignment / elementBytes;
  int64_t paddedColumns = (columns + perRow - 1) / perRow * perRow;
  return memref::AllocOp::create(
      b, loc, MemRefType::get({rows, paddedColumns}, type.getElementType()),
      b.getI64IntegerAttr(64));
}

/// Puts the call before `generic` and the generic behind its answer; the
/// epilogue op, if any, behind the answer that it was not done; a zero
/// fill of C before the generic, if any, behind the answer too.
void callLibrary(linalg::GenericOp generic, const GemmLoops &loops, int64_t type,
                 func::FuncOp gemm, bool allowTF32, IRRewriter &rewriter) {
  Location loc = generic.getLoc();
  linalg::FillOp zeroFill = zeroFillOfOutput(generic);
  rewriter.setInsertionPoint(generic);
  SmallVector<Range> ranges =
      cast<linalg::LinalgOp>(generic.getOperation()).createLoopRanges(rewriter, loc);
  Value one = arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(), 1);
  auto size = [&](int64_t loop) {
    return loop == -1 ? one
                      : toI64(rewriter, loc,
                              getValueOrCreateConstantIndexOp(rewriter, loc,
                                                              ranges[loop].size));
  };
  Operation *next = nextWithEffects(generic);
  std::optional<Epilogue> epilogue = matchEpilogue(generic, loops, next);
  if (!epilogue) {
    epilogue = matchNarrowingEpilogue(generic, loops, zeroFill, next);
    // D is often allocated between the two; the call writes it, so it is
    // allocated before (its sizes are known there, or it is not taken).
    if (epilogue) {
      Operation *allocation = epilogue->output.getDefiningOp();
      bool after = allocation && allocation->getBlock() == generic->getBlock() &&
                   generic->isBeforeInBlock(allocation);
      if (after && (!isa<memref::AllocOp>(allocation) ||
                    llvm::any_of(allocation->getOperands(), [&](Value size) {
                      Operation *def = size.getDefiningOp();
                      return def && def->getBlock() == generic->getBlock() &&
                             !def->isBeforeInBlock(generic);
                    })))
        epilogue.reset();
      else if (after)
        allocation->moveBefore(generic);
    }
  }
  // GPT-2's GELU after the rounding: the call writes its output, seen
  // with D's shape (both contiguous, the same points in the same order).
  std::optional<library::GeluAfter> gelu;
  if (epilogue && epilogue->output)
    gelu = library::matchGeluAfter(epilogue->op, epilogue->output);
  if (gelu) {
    Operation *allocation = gelu->output.getDefiningOp();
    bool after = allocation && allocation->getBlock() == generic->getBlock() &&
                 generic->isBeforeInBlock(allocation);
    if (after && isa<memref::AllocOp>(allocation) && allocation->getNumOperands() == 0)
      allocation->moveBefore(generic);
    else if (after || (!allocation && !isa<BlockArgument>(gelu->output)))
      gelu.reset();
  }
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  // A narrowing epilogue's D stands in for C: same shape, read and written
  // at the same points.
  Value written = epilogue && epilogue->output ? epilogue->output : generic.getDpsInits()[0];
  if (gelu) {
    auto dType = cast<MemRefType>(written.getType());
    SmallVector<int64_t> strides(dType.getRank(), 1);
    for (int64_t d = dType.getRank() - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * dType.getDimSize(d + 1);
    written = memref::ReinterpretCastOp::create(rewriter, loc, dType, gelu->output, 0,
                                                dType.getShape(), strides);
    epilogue->kind = epilogue->kind == kBias ? kGeluBias : kGelu;
  }
  Value padded = zeroFill ? paddedOutput(rewriter, loc, generic, loops, written) : Value();
  SmallVector<OperandView> views = llvm::map_to_vector(llvm::seq<unsigned>(0, 3), [&](unsigned i) {
    return viewOf(rewriter, loc, i < 2 ? generic->getOperand(i) : padded ? padded : written,
                  maps[i]);
  });
  Value zero64 = arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(), 0);
  auto stride = [&](unsigned operand, int64_t loop) {
    return loop == -1 ? zero64 : views[operand].loopStrides[loop];
  };
  SmallVector<Value> arguments = {
      arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(), type),
      size(loops.m), size(loops.n), size(loops.k)};
  // Each operand: address, then its strides along its rows and columns.
  arguments.append({views[0].address, stride(0, loops.m), stride(0, loops.k)});
  arguments.append({views[1].address, stride(1, loops.k), stride(1, loops.n)});
  arguments.append({views[2].address, stride(2, loops.m), stride(2, loops.n)});
  // The outer loops, padded with size-1 ones: size, then A's, B's and C's
  // strides along it.
  for (size_t i = 0; i < kMaxOuterLoops; ++i) {
    int64_t loop = i < loops.outer.size() ? loops.outer[i] : -1;
    arguments.append({size(loop), stride(0, loop), stride(1, loop), stride(2, loop)});
  }
  int64_t flags = (zeroFill ? kOverwrite : 0) | (allowTF32 ? kAllowTF32 : 0);
  if (epilogue && epilogue->output)
    flags |= kNarrowOutput;
  if (epilogue) {
    AffineMap identity = AffineMap::getMultiDimIdentityMap(1, rewriter.getContext());
    Value bias = epilogue->bias ? viewOf(rewriter, loc, epilogue->bias, identity).address
                                : zero64;
    arguments.append({bias, arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                                         epilogue->kind | flags)});
  } else {
    arguments.append(
        {zero64, arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(), flags)});
  }
  auto call = func::CallOp::create(rewriter, loc, gemm, arguments);
  auto answerIs = [&](arith::CmpIPredicate predicate, int64_t answer) {
    Value value = arith::ConstantIntOp::create(rewriter, loc, rewriter.getI32Type(), answer);
    return arith::CmpIOp::create(rewriter, loc, predicate, call.getResult(0), value);
  };
  auto fallback = scf::IfOp::create(rewriter, loc, answerIs(arith::CmpIPredicate::eq, kDeclined),
                                    /*withElseRegion=*/padded != nullptr);
  generic->moveBefore(fallback.thenBlock()->getTerminator());
  if (zeroFill)
    zeroFill->moveBefore(generic);
  if (padded) {
    // Done: the rows come out of the padded buffer.
    rewriter.setInsertionPoint(fallback.elseBlock()->getTerminator());
    auto type = cast<MemRefType>(written.getType());
    SmallVector<OpFoldResult> zeros(2, rewriter.getIndexAttr(0)), ones(2, rewriter.getIndexAttr(1));
    SmallVector<OpFoldResult> sizes = {rewriter.getIndexAttr(type.getDimSize(0)),
                                       rewriter.getIndexAttr(type.getDimSize(1))};
    Value rows = memref::SubViewOp::create(rewriter, loc, padded, zeros, sizes, ones);
    memref::CopyOp::create(rewriter, loc, rows, written);
    rewriter.setInsertionPointAfter(fallback);
    memref::DeallocOp::create(rewriter, loc, padded);
  }
  if (!epilogue)
    return;
  // At the epilogue's place: what it reads may be defined after the matmul.
  rewriter.setInsertionPoint(epilogue->op);
  auto undone = scf::IfOp::create(rewriter, loc,
                                  answerIs(arith::CmpIPredicate::ne, kDoneWithEpilogue),
                                  /*withElseRegion=*/false);
  epilogue->op->moveBefore(undone.thenBlock()->getTerminator());
  if (!gelu)
    return;
  // The GELU likewise, at its place (it reads D through a view made
  // after the epilogue).
  rewriter.setInsertionPoint(gelu->op);
  auto geluUndone = scf::IfOp::create(
      rewriter, loc, answerIs(arith::CmpIPredicate::ne, kDoneWithEpilogue), false);
  gelu->op->moveBefore(geluUndone.thenBlock()->getTerminator());
}

struct GemmToLibraryPass : impl::GemmToLibraryBase<GemmToLibraryPass> {
  using GemmToLibraryBase::GemmToLibraryBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<linalg::GenericOp, std::pair<GemmLoops, int64_t>>> gemms;
    module.walk([&](linalg::GenericOp generic) {
      auto function = generic->getParentOfType<func::FuncOp>();
      if (!function || function.isPrivate() || !generic.hasPureBufferSemantics() ||
          generic.getNumDpsInputs() != 2 || generic.getNumDpsInits() != 1)
        return;
      auto types = llvm::map_to_vector(generic->getOperandTypes(), [](Type t) {
        return dyn_cast<MemRefType>(t);
      });
      if (llvm::any_of(types, [](MemRefType t) { return !t; }))
        return;
      std::optional<int64_t> type = typeCode(types[0].getElementType(),
                                             types[1].getElementType(),
                                             types[2].getElementType());
      if (!type || !isMultiplyAdd(generic))
        return;
      if (std::optional<GemmLoops> loops = classifyLoops(generic))
        gemms.push_back({generic, {*loops, *type}});
    });
    if (gemms.empty())
      return;
    func::FuncOp gemm = library::declareRuntimeFunction(module, kGemmFunction, kGemmParameters);
    IRRewriter rewriter(&getContext());
    // Bufferization copies one CSE'd zero buffer into each matmul's output;
    // as fills they can be recognized before the matmuls (FillFolding.h).
    for (func::FuncOp function : module.getOps<func::FuncOp>())
      if (!function.isPrivate() && !function.isDeclaration())
        fillCopiesOfFilledBuffers(function, rewriter);
    for (auto &[generic, match] : gemms)
      callLibrary(generic, match.first, match.second, gemm, allowTF32, rewriter);
  }
};

} // namespace

} // namespace pt2c
