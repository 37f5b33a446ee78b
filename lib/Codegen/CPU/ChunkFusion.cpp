//===- ChunkFusion.cpp - What a contraction's chunks compute besides it ---===//
//
// ChunkFusion.h says what and why.
//
//===----------------------------------------------------------------------===//

#include "ChunkFusion.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SetVector.h"

namespace pt2c {

using namespace mlir;

namespace {

/// Whether `slice` takes exactly what `insert` puts back: the same offsets,
/// sizes and strides.
bool sameSlice(tensor::ExtractSliceOp slice, tensor::ParallelInsertSliceOp insert) {
  return slice.getMixedOffsets() == insert.getMixedOffsets() &&
         slice.getMixedSizes() == insert.getMixedSizes() &&
         slice.getMixedStrides() == insert.getMixedStrides();
}

/// The parallel_insert_slice ops of `loop` writing into `output`.
SmallVector<tensor::ParallelInsertSliceOp> insertsInto(scf::ForallOp loop, BlockArgument output) {
  SmallVector<tensor::ParallelInsertSliceOp> inserts;
  for (Operation *op : loop.getCombiningOps(output))
    if (auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(op))
      inserts.push_back(insert);
  return inserts;
}

/// Erases what nothing in `loop`'s body reads any more (consumer fusion
/// leaves the product's insertion into the old output and a slice of it
/// behind: bufferized, a whole-size buffer per chunk). Returns the loop.
scf::ForallOp eraseDeadOps(RewriterBase &rewriter, scf::ForallOp loop) {
  SmallVector<Operation *> body;
  for (Operation &op : loop.getBody()->without_terminator())
    body.push_back(&op);
  for (Operation *op : llvm::reverse(body))
    if (isOpTriviallyDead(op))
      rewriter.eraseOp(op);
  return loop;
}

/// Drops the shared outputs of `loop` that nothing reads after it: their
/// writes go, each chunk's slice of one becomes a slice of its initial
/// value (a tensor.empty: a buffer of the chunk's own). Returns the loop.
scf::ForallOp dropUnreadOutputs(RewriterBase &rewriter, scf::ForallOp loop) {
  llvm::BitVector unread(loop.getNumResults()), unreadArgs(loop.getBody()->getNumArguments());
  SmallVector<Value> kept;
  for (OpResult result : loop.getResults()) {
    OpOperand *init = loop.getTiedOpOperand(result);
    if (!result.use_empty()) {
      kept.push_back(init->get());
      continue;
    }
    BlockArgument arg = loop.getTiedBlockArgument(init);
    for (Operation *write : loop.getCombiningOps(arg))
      rewriter.eraseOp(write);
    rewriter.replaceAllUsesWith(arg, init->get());
    unread.set(result.getResultNumber());
    unreadArgs.set(arg.getArgNumber());
  }
  if (unread.none())
    return eraseDeadOps(rewriter, loop);
  rewriter.modifyOpInPlace(loop, [&] { loop.getBody()->eraseArguments(unreadArgs); });
  auto newLoop = cast<scf::ForallOp>(rewriter.eraseOpResults(loop, unread));
  rewriter.modifyOpInPlace(newLoop, [&] { newLoop.getOutputsMutable().assign(kept); });
  // A chunk's slice of a tensor.empty is a tensor.empty of its own.
  newLoop.getBody()->walk([&](tensor::ExtractSliceOp slice) {
    auto empty = slice.getSource().getDefiningOp<tensor::EmptyOp>();
    if (!empty)
      return;
    rewriter.setInsertionPoint(slice);
    SmallVector<OpFoldResult> sizes;
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    for (auto [i, size] : llvm::enumerate(slice.getMixedSizes()))
      if (!dropped.test(i))
        sizes.push_back(size);
    rewriter.replaceOpWithNewOp<tensor::EmptyOp>(slice, sizes,
                                                 slice.getType().getElementType());
  });
  return eraseDeadOps(rewriter, newLoop);
}

/// The values `op` reads (operands, and values its regions use from
/// above) that are defined in `loop`'s block at or after `loop`, except
/// `skip`: what must move above `loop` before `op` can go into it.
SmallVector<Value> definedAfter(Operation *op, Operation *loop, ArrayRef<Value> skip) {
  llvm::SetVector<Value> read;
  for (Value v : op->getOperands())
    read.insert(v);
  getUsedValuesDefinedAbove(op->getRegions(), read);
  SmallVector<Value> after;
  for (Value v : read) {
    if (llvm::is_contained(skip, v))
      continue;
    Operation *def = v.getDefiningOp();
    if (def && def->getBlock() == loop->getBlock() && !def->isBeforeInBlock(loop))
      after.push_back(v);
  }
  return after;
}

/// A reshape that findEpilogue follows: expand_shape, collapse_shape, or a
/// static tensor.reshape that is one of them.
bool isChainReshape(Operation *op) {
  if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
    return true;
  auto reshape = dyn_cast<tensor::ReshapeOp>(op);
  if (!reshape)
    return false;
  auto source = cast<RankedTensorType>(reshape.getSource().getType());
  auto result = cast<RankedTensorType>(reshape.getResult().getType());
  if (!source.hasStaticShape() || !result.hasStaticShape() || source.getRank() == result.getRank())
    return false;
  return source.getRank() < result.getRank()
             ? getReassociationIndicesForReshape(source, result).has_value()
             : getReassociationIndicesForReshape(result, source).has_value();
}

/// The static tensor.reshape `reshape` (isChainReshape) as the
/// expand_shape or collapse_shape it is.
FailureOr<Operation *> asExpandOrCollapse(RewriterBase &rewriter, tensor::ReshapeOp reshape) {
  auto source = cast<RankedTensorType>(reshape.getSource().getType());
  auto result = cast<RankedTensorType>(reshape.getResult().getType());
  if (!isChainReshape(reshape))
    return failure();
  rewriter.setInsertionPoint(reshape);
  if (source.getRank() < result.getRank()) {
    auto groups = *getReassociationIndicesForReshape(source, result);
    return rewriter
        .replaceOpWithNewOp<tensor::ExpandShapeOp>(reshape, result, reshape.getSource(), groups)
        .getOperation();
  }
  auto groups = *getReassociationIndicesForReshape(result, source);
  return rewriter
      .replaceOpWithNewOp<tensor::CollapseShapeOp>(reshape, result, reshape.getSource(), groups)
      .getOperation();
}

/// The input of `consumer` that reads `result` or a reshape chain from it.
OpOperand *readOf(linalg::GenericOp consumer, Value result) {
  for (OpOperand *input : consumer.getDpsInputOperands()) {
    Value v = input->get();
    while (v != result && v.getDefiningOp() && isChainReshape(v.getDefiningOp()))
      v = v.getDefiningOp()->getOperand(0);
    if (v == result)
      return input;
  }
  return nullptr;
}

/// `consumer`, which reads `expand`'s result through the identity map,
/// rewritten to iterate over the collapsed shape and read its source.
LogicalResult collapseOver(RewriterBase &rewriter, linalg::GenericOp &consumer,
                           tensor::ExpandShapeOp expand) {
  SmallVector<ReassociationIndices> groups = expand.getReassociationIndices();
  SmallVector<ReassociationIndices> folded;
  for (const ReassociationIndices &group : groups)
    if (group.size() > 1)
      folded.push_back(group);
  if (!linalg::areDimSequencesPreserved(consumer.getIndexingMapsArray(), folded))
    return failure();
  rewriter.setInsertionPoint(consumer);
  FailureOr<linalg::CollapseResult> collapsed =
      linalg::collapseOpIterationDims(consumer, folded, rewriter);
  if (failed(collapsed))
    return failure();
  rewriter.replaceOp(consumer, collapsed->results);
  consumer = cast<linalg::GenericOp>(collapsed->collapsedOp.getOperation());
  for (OpOperand *input : consumer.getDpsInputOperands()) {
    auto collapse = input->get().getDefiningOp<tensor::CollapseShapeOp>();
    if (collapse && collapse.getSrc() == expand.getResult() &&
        collapse.getReassociationIndices() == groups) {
      rewriter.modifyOpInPlace(consumer, [&] { input->set(expand.getSrc()); });
      if (collapse->use_empty())
        rewriter.eraseOp(collapse);
    }
  }
  if (!expand->use_empty())
    return failure();
  rewriter.eraseOp(expand);
  return success();
}

/// `consumer`, which reads `collapse`'s result, rewritten to iterate over
/// the expanded shape and read its source (linalg's fusion of a reshape by
/// expansion, applied to this pair only).
LogicalResult expandOver(RewriterBase &rewriter, linalg::GenericOp &consumer,
                         tensor::CollapseShapeOp collapse) {
  Operation *target = consumer;
  Value source = collapse.getSrc();
  RewritePatternSet patterns(consumer.getContext());
  linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, [&](OpOperand *operand) {
    return operand->getOwner() == target && operand->get() == collapse.getResult();
  });
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingOps);
  bool changed = false;
  if (failed(applyOpPatternsGreedily({target}, std::move(patterns), config, &changed)) || !changed)
    return failure();
  for (Operation *user : source.getUsers())
    if (auto expanded = dyn_cast<linalg::GenericOp>(user)) {
      consumer = expanded;
      if (collapse->use_empty())
        rewriter.eraseOp(collapse);
      return success();
    }
  return failure();
}

} // namespace

SmallVector<Operation *> cpu::initsInChunks(RewriterBase &rewriter, scf::ForallOp loop) {
  SmallVector<Operation *> moved;
  for (OpOperand &init : loop.getOutputsMutable()) {
    auto producer = init.get().getDefiningOp<linalg::LinalgOp>();
    if (!producer || !producer->hasOneUse() || !isInitProducer(producer))
      continue;
    BlockArgument arg = loop.getTiedBlockArgument(&init);
    SmallVector<tensor::ParallelInsertSliceOp> inserts = insertsInto(loop, arg);
    // Each chunk must compute exactly the slice it writes back, or parts
    // of the output would keep no value.
    SmallVector<tensor::ExtractSliceOp> slices;
    bool chunked = !inserts.empty();
    int64_t rank = cast<RankedTensorType>(init.get().getType()).getRank();
    for (OpOperand &use : arg.getUses()) {
      if (isa<tensor::ParallelInsertSliceOp>(use.getOwner()))
        continue;
      auto slice = dyn_cast<tensor::ExtractSliceOp>(use.getOwner());
      chunked &= slice && slice.getType().getRank() == rank &&
                 llvm::any_of(inserts, [&](tensor::ParallelInsertSliceOp insert) {
                   return sameSlice(slice, insert);
                 });
      if (slice)
        slices.push_back(slice);
    }
    if (!chunked || slices.empty())
      continue;
    bool tiled = true;
    for (tensor::ExtractSliceOp slice : slices) {
      rewriter.setInsertionPointAfter(slice);
      FailureOr<TilingResult> tile =
          cast<TilingInterface>(producer.getOperation())
              .getTiledImplementation(rewriter, slice.getMixedOffsets(), slice.getMixedSizes());
      if (failed(tile) || tile->tiledOps.size() != 1 || tile->tiledValues.size() != 1) {
        tiled = false;
        break;
      }
      // The tile is computed in place, into the chunk's slice of the output.
      auto tileOp = cast<DestinationStyleOpInterface>(tile->tiledOps.front());
      Operation *ownSlice = tileOp.getDpsInits()[0].getDefiningOp();
      rewriter.modifyOpInPlace(tileOp, [&] { tileOp.getDpsInitsMutable()[0].set(slice); });
      rewriter.replaceAllUsesExcept(slice.getResult(), tile->tiledValues.front(), tileOp);
      // The tile's own slice of the producer's (whole-size) init is dead:
      // left, bufferization would allocate that init.
      if (ownSlice && isOpTriviallyDead(ownSlice))
        rewriter.eraseOp(ownSlice);
    }
    // A tile that could not be made leaves the rest as they were: the
    // producer stays and computes the whole output first (correct, slower).
    if (!tiled)
      continue;
    rewriter.modifyOpInPlace(loop, [&] { init.set(producer.getDpsInits()[0]); });
    moved.push_back(producer);
    rewriter.eraseOp(producer);
  }
  return moved;
}

bool cpu::isInitProducer(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 || op.getNumReductionLoops() != 0 ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() ||
      op.payloadUsesValueFromOperand(op.getDpsInitOperand(0)))
    return false;
  // Cheap to compute per chunk: a fill, or a broadcast (a bias) that reads
  // less than it writes.
  if (isa<linalg::FillOp>(op))
    return true;
  return llvm::all_of(op.getDpsInputOperands(), [&](OpOperand *input) {
    AffineMap map = op.getMatchingIndexingMap(input);
    return map.isProjectedPermutation() && map.getNumResults() < map.getNumDims();
  });
}

linalg::GenericOp cpu::findEpilogue(scf::ForallOp loop) {
  if (loop.getNumResults() != 1)
    return nullptr;
  // Through a chain of reshapes, each read once (a convolution's positions
  // [OH * OW] read as [OH, OW]; a packed linear layer's panels [.., P, 32]
  // collapsed to its columns, then given a batch dim).
  Value read = loop.getResult(0);
  while (read.hasOneUse() && isChainReshape(*read.getUsers().begin()))
    read = read.getUsers().begin()->getResult(0);
  if (!read.hasOneUse())
    return nullptr;
  Operation *user = *read.getUsers().begin();
  auto consumer = dyn_cast<linalg::GenericOp>(user);
  if (!consumer || consumer->getBlock() != loop->getBlock() || !consumer.hasPureTensorSemantics() ||
      consumer.getNumDpsInits() != 1 || consumer.getNumReductionLoops() != 0)
    return nullptr;
  OpOperand *out = consumer.getDpsInitOperand(0);
  if (!out->get().getDefiningOp<tensor::EmptyOp>() || consumer.payloadUsesValueFromOperand(out))
    return nullptr;
  // The result read once, element for element; every other operand read
  // through a projected permutation (a broadcast) so its tiles are slices.
  int reads = 0;
  for (OpOperand *input : consumer.getDpsInputOperands()) {
    AffineMap map = consumer.getMatchingIndexingMap(input);
    if (input->get() == read) {
      if (!map.isIdentity())
        return nullptr;
      ++reads;
    } else if (!map.isProjectedPermutation()) {
      return nullptr;
    }
  }
  if (reads != 1 || !consumer.getMatchingIndexingMap(out).isIdentity())
    return nullptr;
  return consumer;
}

FailureOr<scf::ForallOp> cpu::fuseEpilogue(RewriterBase &rewriter, scf::ForallOp loop,
                                           linalg::GenericOp &consumer) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(consumer);
  Value result = loop.getResult(0);
  // Read through reshapes: the consumer is rewritten, one reshape at a
  // time from its end of the chain, to iterate over the shape before it,
  // until it reads the loop's result itself.
  while (true) {
    OpOperand *input = readOf(consumer, result);
    if (!input)
      return failure();
    Value read = input->get();
    if (read == result)
      break;
    Operation *reshape = read.getDefiningOp();
    if (auto general = dyn_cast<tensor::ReshapeOp>(reshape)) {
      FailureOr<Operation *> shaped = asExpandOrCollapse(rewriter, general);
      if (failed(shaped))
        return failure();
      reshape = *shaped;
    }
    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(reshape)) {
      if (failed(collapseOver(rewriter, consumer, expand)))
        return failure();
    } else if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(reshape)) {
      if (failed(expandOver(rewriter, consumer, collapse)))
        return failure();
    } else {
      return failure();
    }
  }
  // What the consumer reads besides the result (a batch norm's per-channel
  // vectors are computed after the convolution) moves above the loop.
  SmallVector<Value> after = definedAfter(consumer, loop, {result});
  if (!after.empty() && failed(moveValueDefinitions(rewriter, after, loop)))
    return failure();

  SmallVector<LoopLikeOpInterface> loops = {cast<LoopLikeOpInterface>(loop.getOperation())};
  FailureOr<scf::SCFFuseConsumerOfSliceResult> fused =
      scf::tileAndFuseConsumer(rewriter, consumer, loops);
  if (failed(fused))
    return failure();
  auto newLoop = fused->tiledOps.front()->getParentOfType<scf::ForallOp>();
  if (consumer->use_empty())
    rewriter.eraseOp(consumer);
  consumer = nullptr;
  return dropUnreadOutputs(rewriter, newLoop);
}

} // namespace pt2c
