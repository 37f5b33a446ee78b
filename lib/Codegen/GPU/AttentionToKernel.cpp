//===- AttentionToKernel.cpp - The pt2c-attention-to-kernel pass ----------===//
//
// scaled_dot_product_attention decomposes (ATenToPrim's Attention.cpp) into
// a batched matmul q·kᵀ, a multiply by the scale, masks (a select with
// -inf, or an added bias), softmax along the keys (max, subtract, exp, sum,
// divide, each reduction broadcast back) and a batched matmul with v. On
// the GPU that is five or more kernels that write and read the [L, S]
// scores of every head. This pass recognizes that chain on tensors, before
// anything fuses into it, and replaces it by one flash-attention kernel
// (FlashAttention.h) writing a fresh buffer. Transposes and broadcasts that
// feed q, k, v and the masks are read through (an affine map per operand)
// instead of being copied.
//
// Like pt2c-convolution-to-library it bridges tensors and buffers with
// `bufferization.to_buffer` (read only, any strides) and `to_tensor`. The
// kernel itself is emitted after bufferization and deallocation
// (pt2c-emit-flash-attention): until then a call of a bodiless function
// stands for it (FlashAttentionCall.h), which neither the deallocation
// passes (they refuse a gpu.barrier) nor canonicalization (it would turn
// loads of to_buffer results into tensor.extract) look into.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/GPU/Passes.h"

#include "BoundedAffine.h"
#include "FlashAttention.h"
#include "FlashAttentionCall.h"
#include "LibraryCall.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Matchers.h"

#include <limits>
#include <optional>

namespace pt2c {

#define GEN_PASS_DEF_ATTENTIONTOKERNEL
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;
using kernel::AttentionKernel;
using kernel::AttentionMask;
using kernel::AttentionOperand;

/// The single op of an elementwise generic's body (all loops parallel, all
/// maps identities, one result), of type OpTy; null otherwise.
template <typename OpTy>
OpTy elementwiseBody(Value value, unsigned inputs) {
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != inputs || generic.getNumDpsInits() != 1 ||
      generic.getNumReductionLoops() != 0 ||
      !llvm::all_of(generic.getIndexingMapsArray(), [](AffineMap m) { return m.isIdentity(); }))
    return nullptr;
  Block &body = generic.getRegion().front();
  if (body.getOperations().size() != 2)
    return nullptr;
  auto op = dyn_cast<OpTy>(&body.front());
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (!op || yield.getValues()[0] != op->getResult(0))
    return nullptr;
  return op;
}

/// The generic input that block argument `value` stands for.
Value inputOf(Value value) {
  auto argument = dyn_cast<BlockArgument>(value);
  if (!argument)
    return nullptr;
  auto generic = dyn_cast<linalg::GenericOp>(argument.getOwner()->getParentOp());
  if (!generic || argument.getArgNumber() >= generic.getNumDpsInputs())
    return nullptr;
  return generic.getDpsInputs()[argument.getArgNumber()];
}

/// A tensor of one float everywhere: a splat constant, or (where a dim is
/// dynamic) a linalg.fill of a constant.
std::optional<double> splat(Value value) {
  if (!value)
    return std::nullopt;
  if (auto fill = value.getDefiningOp<linalg::FillOp>()) {
    APFloat scalar(0.0f);
    if (!matchPattern(fill.getInputs()[0], m_ConstantFloat(&scalar)))
      return std::nullopt;
    return scalar.convertToDouble();
  }
  DenseFPElementsAttr dense;
  if (!matchPattern(value, m_Constant(&dense)) || !dense.isSplat())
    return std::nullopt;
  return dense.getSplatValue<APFloat>().convertToDouble();
}

bool isSplat(Value value, double expected) {
  std::optional<double> constant = splat(value);
  return constant && *constant == expected;
}

/// A batched matmul C[batch..., m, n] = Σ_k A[.., m, .., k] · B[.., k, .., n]
/// into zeros, its operands indexed in any order: its loops, named.
struct BatchedMatmul {
  linalg::GenericOp op;
  SmallVector<unsigned> batch; ///< the loops of C's leading dims
  unsigned m, n, k;

  Value lhs() { return op.getDpsInputs()[0]; }
  Value rhs() { return op.getDpsInputs()[1]; }

  /// The map from a (batch..., row, column) index to operand `input`'s
  /// indices, with `row` and `column` two of the loops m, n, k (the third,
  /// which the operand does not read, at 0).
  AffineMap operandMap(unsigned input, unsigned row, unsigned column) {
    MLIRContext *context = op.getContext();
    unsigned rank = batch.size() + 2;
    SmallVector<AffineExpr> loops(op.getNumLoops(), getAffineConstantExpr(0, context));
    for (auto [i, loop] : llvm::enumerate(batch))
      loops[loop] = getAffineDimExpr(i, context);
    loops[row] = getAffineDimExpr(rank - 2, context);
    loops[column] = getAffineDimExpr(rank - 1, context);
    return op.getIndexingMapsArray()[input].compose(
        AffineMap::get(rank, 0, loops, context));
  }
};

std::optional<BatchedMatmul> matchBatchedMatmul(Value value) {
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 2 || generic.getNumDpsInits() != 1 ||
      generic.getNumReductionLoops() != 1 || !library::isMultiplyAdd(generic))
    return std::nullopt;
  auto init = generic.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  if (!init || !matchPattern(init.getInputs()[0], m_AnyZeroFloat()))
    return std::nullopt;
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  unsigned rank = maps[2].getNumResults();
  if (rank < 2 || generic.getNumLoops() != rank + 1)
    return std::nullopt;
  for (AffineMap map : maps)
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
      return std::nullopt;
  BatchedMatmul matmul;
  matmul.op = generic;
  auto loopOf = [&](AffineMap map, unsigned result) {
    return cast<AffineDimExpr>(map.getResult(result)).getPosition();
  };
  for (unsigned i = 0; i + 2 < rank; ++i)
    matmul.batch.push_back(loopOf(maps[2], i));
  matmul.m = loopOf(maps[2], rank - 2);
  matmul.n = loopOf(maps[2], rank - 1);
  matmul.k = *llvm::find_if(llvm::seq<unsigned>(0, rank + 1), [&](unsigned loop) {
    return generic.getIteratorTypesArray()[loop] == utils::IteratorType::reduction;
  });
  // A reads batch, m, k; B batch, k, n; every batch loop both.
  auto reads = [&](AffineMap map, unsigned loop) { return map.isFunctionOfDim(loop); };
  for (unsigned loop : matmul.batch)
    if (!reads(maps[0], loop) || !reads(maps[1], loop))
      return std::nullopt;
  if (maps[0].getNumResults() != rank || maps[1].getNumResults() != rank ||
      !reads(maps[0], matmul.m) || !reads(maps[0], matmul.k) || reads(maps[0], matmul.n) ||
      !reads(maps[1], matmul.k) || !reads(maps[1], matmul.n) || reads(maps[1], matmul.m))
    return std::nullopt;
  return matmul;
}

/// `value` = broadcast(reshape(reduce(x))) along the last dim, the reduce
/// being `Combiner` from `identity`: x.
template <typename Combiner>
Value matchRowReductionBroadcast(Value value, double identity) {
  auto broadcast = value.getDefiningOp<linalg::GenericOp>();
  if (!broadcast || broadcast.getNumDpsInputs() != 1 || broadcast.getNumReductionLoops() != 0)
    return nullptr;
  Block &body = broadcast.getRegion().front();
  if (body.getOperations().size() != 1 ||
      cast<linalg::YieldOp>(body.getTerminator()).getValues()[0] != body.getArgument(0))
    return nullptr;
  unsigned rank = broadcast.getNumLoops();
  AffineMap read = broadcast.getIndexingMapsArray()[0];
  MLIRContext *context = broadcast.getContext();
  SmallVector<AffineExpr> expected;
  for (unsigned i = 0; i + 1 < rank; ++i)
    expected.push_back(getAffineDimExpr(i, context));
  expected.push_back(getAffineConstantExpr(0, context));
  if (read != AffineMap::get(rank, 0, expected, context) ||
      !broadcast.getIndexingMapsArray()[1].isIdentity())
    return nullptr;
  Value reshaped = broadcast.getDpsInputs()[0];
  Value reduced;
  if (auto reshape = reshaped.getDefiningOp<tensor::ReshapeOp>())
    reduced = reshape.getSource();
  else if (auto expand = reshaped.getDefiningOp<tensor::ExpandShapeOp>())
    reduced = expand.getSrc();
  auto reduce = reduced ? reduced.getDefiningOp<linalg::ReduceOp>() : linalg::ReduceOp();
  if (!reduce || reduce.getInputs().size() != 1 ||
      reduce.getDimensions() != ArrayRef<int64_t>{int64_t(rank) - 1})
    return nullptr;
  Block &reduceBody = reduce.getRegion().front();
  if (reduceBody.getOperations().size() != 2 || !isa<Combiner>(reduceBody.front()))
    return nullptr;
  auto init = reduce.getInits()[0].getDefiningOp<linalg::FillOp>();
  APFloat constant(0.0f);
  if (!init || !matchPattern(init.getInputs()[0], m_ConstantFloat(&constant)) ||
      constant.convertToDouble() != identity)
    return nullptr;
  return reduce.getInputs()[0];
}

/// For a static slice of the same rank: source index = offset + index *
/// stride, per dim.
std::optional<AffineMap> sliceMap(tensor::ExtractSliceOp slice) {
  if (slice.getSourceType().getRank() != slice.getType().getRank() ||
      llvm::any_of(slice.getStaticStrides(), ShapedType::isDynamic) ||
      llvm::any_of(slice.getStaticOffsets(), ShapedType::isDynamic))
    return std::nullopt;
  MLIRContext *context = slice.getContext();
  SmallVector<AffineExpr> results;
  for (auto [d, offset, stride] :
       llvm::enumerate(slice.getStaticOffsets(), slice.getStaticStrides()))
    results.push_back(getAffineConstantExpr(offset, context) +
                      getAffineDimExpr(d, context) * stride);
  return AffineMap::get(slice.getType().getRank(), 0, results, context);
}

/// For a reshape that only splits dims (each group of result dims one
/// source dim, all but the group's first static): source index = the
/// group's indices combined row-major.
std::optional<AffineMap> expansionMap(ArrayRef<ReassociationIndices> groups,
                                      RankedTensorType result, MLIRContext *context) {
  SmallVector<AffineExpr> results;
  for (const ReassociationIndices &group : groups) {
    AffineExpr index = getAffineConstantExpr(0, context);
    int64_t stride = 1;
    for (int64_t i = int64_t(group.size()) - 1; i >= 0; --i) {
      index = index + getAffineDimExpr(group[i], context) * stride;
      if (i > 0) {
        if (result.isDynamicDim(group[i]))
          return std::nullopt;
        stride *= result.getDimSize(group[i]);
      }
    }
    results.push_back(index);
  }
  return AffineMap::get(result.getRank(), 0, results, context);
}

/// Any reshape between static shapes (splitting, merging or regrouping
/// dims: the row-major reinterpretation, BoundedAffine.h), or one that
/// splits dims with dynamic sizes.
std::optional<AffineMap> reshapeMap(Operation *op) {
  if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::ReshapeOp>(op))
    return std::nullopt;
  auto source = cast<RankedTensorType>(op->getOperand(0).getType());
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  if (source.hasStaticShape() && result.hasStaticShape())
    return rowMajorReshapeMap(source.getShape(), result.getShape(), op->getContext());
  if (auto expand = dyn_cast<tensor::ExpandShapeOp>(op))
    return expansionMap(expand.getReassociationIndices(), expand.getResultType(),
                        op->getContext());
  return std::nullopt;
}

/// Reads through transposes, broadcast or widening copies, slices and
/// reshapes: the tensor actually holding the values, and the map from
/// `map`'s domain (of sizes `domain`) to it, simplified with those sizes.
AttentionOperand traceOperand(Value value, AffineMap map, ArrayRef<int64_t> domain) {
  while (true) {
    map = simplifyWithinBounds(map, domain);
    if (Operation *op = value.getDefiningOp()) {
      if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op))
        if (std::optional<AffineMap> sliced = sliceMap(slice)) {
          map = sliced->compose(map);
          value = slice.getSource();
          continue;
        }
      if (std::optional<AffineMap> reshaped = reshapeMap(op)) {
        map = reshaped->compose(map);
        value = op->getOperand(0);
        continue;
      }
    }
    if (auto transpose = value.getDefiningOp<linalg::TransposeOp>()) {
      ArrayRef<int64_t> permutation = transpose.getPermutation();
      SmallVector<unsigned> inverse(permutation.size());
      for (auto [i, p] : llvm::enumerate(permutation))
        inverse[p] = i;
      map = AffineMap::getPermutationMap(inverse, value.getContext()).compose(map);
      value = transpose.getInput();
      continue;
    }
    auto generic = value.getDefiningOp<linalg::GenericOp>();
    if (!generic || generic.getNumDpsInputs() != 1 || generic.getNumDpsInits() != 1 ||
        generic.getNumReductionLoops() != 0 || !generic.getIndexingMapsArray()[1].isIdentity())
      break;
    Block &body = generic.getRegion().front();
    Value yielded = cast<linalg::YieldOp>(body.getTerminator()).getValues()[0];
    bool copy = yielded == body.getArgument(0) && body.getOperations().size() == 1;
    auto widen = yielded.getDefiningOp<arith::ExtFOp>();
    bool widening = widen && widen.getIn() == body.getArgument(0) &&
                    body.getOperations().size() == 2 && widen.getType().isF32();
    if (!copy && !widening)
      break;
    map = generic.getIndexingMapsArray()[0].compose(map);
    value = generic.getDpsInputs()[0];
  }
  return {value, simplifyWithinBounds(map, domain)};
}

/// What the pass found: the operands as tensors, and the kernel's sizes.
struct Attention {
  linalg::GenericOp output; ///< the second matmul, replaced
  /// What the kernel takes, its operands still tensors (no batch sizes
  /// and no output yet).
  AttentionKernel kernel;
};

/// Which loop index a generic without inputs yields (as an integer), or -1.
int64_t iotaDim(Value value) {
  auto generic = value ? value.getDefiningOp<linalg::GenericOp>() : linalg::GenericOp();
  if (!generic || generic.getNumDpsInputs() != 0 || generic.getNumDpsInits() != 1 ||
      !generic.getIndexingMapsArray()[0].isIdentity())
    return -1;
  Value yielded =
      cast<linalg::YieldOp>(generic.getRegion().front().getTerminator()).getValues()[0];
  if (auto cast = yielded.getDefiningOp<arith::IndexCastOp>())
    yielded = cast.getIn();
  auto index = yielded.getDefiningOp<linalg::IndexOp>();
  return index ? int64_t(index.getDim()) : -1;
}

/// Whether a boolean mask, read at (row, column) of the scores, keeps
/// column <= row: is_causal's mask (torch's tril of ones, aligned top left)
/// as Attention.cpp computes it from two iotas. The kernel then skips the
/// key tiles past a block's last row instead of reading a mask.
bool isCausal(const AttentionOperand &mask, unsigned rank) {
  MLIRContext *context = mask.map.getContext();
  if (mask.map.getNumResults() != 2 ||
      mask.map.getResult(0) != getAffineDimExpr(rank - 2, context) ||
      mask.map.getResult(1) != getAffineDimExpr(rank - 1, context))
    return false;
  auto compare = elementwiseBody<arith::CmpIOp>(mask.buffer, 2);
  if (!compare)
    return false;
  int64_t lhs = iotaDim(inputOf(compare.getLhs())), rhs = iotaDim(inputOf(compare.getRhs()));
  // The mask's dims are (row, column): column is dim 1, row dim 0.
  return (compare.getPredicate() == arith::CmpIPredicate::sle && lhs == 1 && rhs == 0) ||
         (compare.getPredicate() == arith::CmpIPredicate::sge && lhs == 0 && rhs == 1);
}

std::optional<Attention> matchAttention(linalg::GenericOp pv, bool tensorCores) {
  Value result = pv.getResult(0);
  auto resultType = cast<RankedTensorType>(result.getType());
  std::optional<BatchedMatmul> second = matchBatchedMatmul(result);
  if (!second || !resultType.getElementType().isF32())
    return std::nullopt;
  Value weights = second->lhs();
  // softmax: weights = e / broadcast(sum(e)), e = exp(s - broadcast(max(s))).
  auto divide = elementwiseBody<arith::DivFOp>(weights, 2);
  if (!divide)
    return std::nullopt;
  Value exponentials = inputOf(divide.getLhs());
  if (!exponentials ||
      matchRowReductionBroadcast<arith::AddFOp>(inputOf(divide.getRhs()), 0.0) != exponentials)
    return std::nullopt;
  auto exp = elementwiseBody<math::ExpOp>(exponentials, 1);
  auto subtract = exp ? elementwiseBody<arith::SubFOp>(inputOf(exp.getOperand()), 2)
                      : arith::SubFOp();
  if (!subtract)
    return std::nullopt;
  Value scores = inputOf(subtract.getLhs());
  if (!scores || matchRowReductionBroadcast<arith::MaximumFOp>(
                     inputOf(subtract.getRhs()), -std::numeric_limits<double>::infinity()) !=
                     scores)
    return std::nullopt;

  // Masks, last applied first, down to the scale and the first matmul.
  // Each operand's map starts from the kernel's index space: the batch
  // dims, then (row, column) of its own matrix.
  Attention attention;
  unsigned rank = resultType.getRank();
  auto scoresType = cast<RankedTensorType>(scores.getType());
  ArrayRef<int64_t> maskDomain = scoresType.getShape(); // (batch..., L, S)
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, pv.getContext());
  SmallVector<AttentionMask> masks;
  std::optional<double> scale;
  Value current = scores;
  while (!scale) {
    if (auto select = elementwiseBody<arith::SelectOp>(current, 3)) {
      Value keep = inputOf(select.getCondition());
      if (!keep || !isSplat(inputOf(select.getFalseValue()),
                            -std::numeric_limits<double>::infinity()))
        return std::nullopt;
      AttentionOperand operand = traceOperand(keep, identity, maskDomain);
      if (isCausal(operand, rank))
        attention.kernel.causal = true;
      else
        masks.push_back({operand, /*additive=*/false});
      current = inputOf(select.getTrueValue());
    } else if (auto add = elementwiseBody<arith::AddFOp>(current, 2)) {
      masks.push_back(
          {traceOperand(inputOf(add.getRhs()), identity, maskDomain), /*additive=*/true});
      current = inputOf(add.getLhs());
    } else if (auto multiply = elementwiseBody<arith::MulFOp>(current, 2)) {
      scale = splat(inputOf(multiply.getRhs()));
      current = inputOf(multiply.getLhs());
      if (!scale)
        return std::nullopt;
    } else {
      return std::nullopt;
    }
    if (!current)
      return std::nullopt;
  }
  std::optional<BatchedMatmul> first = matchBatchedMatmul(current);
  if (!first)
    return std::nullopt;
  // The kernel reads q as (batch..., l, e), k as (batch..., s, e) and v as
  // (batch..., s, ev): the matmuls' loops m, k; n, k; k, n.
  attention.output = pv;
  attention.kernel.scale = *scale;
  attention.kernel.masks.assign(masks.rbegin(), masks.rend());
  attention.kernel.queries = resultType.getDimSize(rank - 2);
  attention.kernel.keys = scoresType.getDimSize(rank - 1);
  attention.kernel.valueDim = resultType.getDimSize(rank - 1);
  attention.kernel.headDim = first->op.getStaticLoopRanges()[first->k];
  for (int64_t size : {attention.kernel.queries, attention.kernel.keys, attention.kernel.headDim, attention.kernel.valueDim})
    if (ShapedType::isDynamic(size) || size < 1)
      return std::nullopt;
  auto domain = [&](int64_t rows, int64_t columns) {
    SmallVector<int64_t> sizes(resultType.getShape().drop_back(2));
    sizes.append({rows, columns});
    return sizes;
  };
  const AttentionKernel &k = attention.kernel;
  attention.kernel.query = traceOperand(first->lhs(), first->operandMap(0, first->m, first->k),
                                        domain(k.queries, k.headDim));
  attention.kernel.key = traceOperand(first->rhs(), first->operandMap(1, first->n, first->k),
                                      domain(k.keys, k.headDim));
  attention.kernel.value = traceOperand(second->rhs(),
                                        second->operandMap(1, second->k, second->n),
                                        domain(k.keys, k.valueDim));
  // Head dims over 128 only on tensor cores (16-bit operands), whose
  // kernel stages fewer keys at a time there.
  if (!kernel::flashAttentionSupports(k.headDim, k.valueDim) &&
      !(tensorCores && kernel::flashAttentionMmaSupports(k)))
    return std::nullopt;
  return attention;
}

/// The call standing for the kernel until buffers are placed (see
/// FlashAttentionCall.h): operands q, k, v, the masks, the output buffer.
void replaceWithKernelCall(const Attention &attention, unsigned number,
                           IRRewriter &rewriter) {
  linalg::GenericOp pv = attention.output;
  Location loc = pv.getLoc();
  rewriter.setInsertionPoint(pv);
  auto resultType = cast<RankedTensorType>(pv.getResult(0).getType());
  // The result's only use rounding it to a narrower float (16-bit
  // attention computes in float32), then a transpose that is the only use
  // of that, are done by the kernel as it writes: the buffer takes their
  // type and layout.
  Operation *replaced = pv;
  Operation *rounding = nullptr;
  Operation *user = pv->hasOneUse() ? *pv->getUsers().begin() : nullptr;
  if (user && user->getNumResults() == 1)
    if (auto trunc = elementwiseBody<arith::TruncFOp>(user->getResult(0), 1);
        trunc && inputOf(trunc.getIn()) == pv.getResult(0))
      replaced = rounding = user;
  auto transpose = dyn_cast<linalg::TransposeOp>(
      replaced->hasOneUse() ? *replaced->getUsers().begin() : nullptr);
  AffineMap outputMap = AffineMap::getMultiDimIdentityMap(resultType.getRank(),
                                                          rewriter.getContext());
  SmallVector<int64_t> permutation = llvm::to_vector(llvm::seq<int64_t>(0, resultType.getRank()));
  if (transpose && transpose.getInput() == replaced->getResult(0)) {
    replaced = transpose;
    permutation = llvm::to_vector(transpose.getPermutation());
    outputMap = AffineMap::getPermutationMap(
        llvm::map_to_vector(permutation, [](int64_t p) { return unsigned(p); }),
        rewriter.getContext());
  }
  auto outputType = cast<RankedTensorType>(replaced->getResult(0).getType());
  Value init = pv.getDpsInits()[0];
  SmallVector<Value> dynamicSizes;
  for (int64_t d = 0; d < outputType.getRank(); ++d)
    if (outputType.isDynamicDim(d))
      dynamicSizes.push_back(tensor::DimOp::create(rewriter, loc, init, permutation[d]));
  Value output = memref::AllocOp::create(
      rewriter, loc, MemRefType::get(outputType.getShape(), outputType.getElementType()),
      dynamicSizes);
  kernel::FlashAttentionCall call = attention.kernel;
  auto buffered = [&](const AttentionOperand &operand) {
    return AttentionOperand{library::readOnlyBuffer(rewriter, loc, operand.buffer), operand.map};
  };
  call.query = buffered(call.query);
  call.key = buffered(call.key);
  call.value = buffered(call.value);
  for (AttentionMask &mask : call.masks)
    mask.operand = buffered(mask.operand);
  call.output = {output, outputMap};
  kernel::createFlashAttentionCall(rewriter, loc, pv->getParentOfType<ModuleOp>(), number,
                                   call);
  Value result = bufferization::ToTensorOp::create(rewriter, loc, outputType, output,
                                                   /*restrict=*/true, /*writable=*/true);
  rewriter.replaceOp(replaced, result);
  if (rounding && rounding != replaced)
    rewriter.eraseOp(rounding);
  if (replaced != pv)
    rewriter.eraseOp(pv);
}

struct AttentionToKernelPass : impl::AttentionToKernelBase<AttentionToKernelPass> {
  using AttentionToKernelBase::AttentionToKernelBase;

  void runOnOperation() override {
    SmallVector<Attention> found;
    getOperation().walk([&](linalg::GenericOp generic) {
      auto function = generic->getParentOfType<func::FuncOp>();
      if (!function || function.isPrivate() || !generic.hasPureTensorSemantics())
        return;
      if (std::optional<Attention> attention = matchAttention(generic, tensorCores))
        found.push_back(*attention);
    });
    IRRewriter rewriter(&getContext());
    for (auto [number, attention] : llvm::enumerate(found))
      replaceWithKernelCall(attention, unsigned(number), rewriter);
  }
};

} // namespace

} // namespace pt2c
