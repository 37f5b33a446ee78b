//===- FillFolding.cpp - Constant fills folded into the kernels that follow ===//

#include "FillFolding.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace pt2c {

using namespace mlir;

namespace {

/// The fill whose values `copy` reads: `copy`'s source is an allocation
/// filled once, and every use of it up to the copy (in the same block) is
/// that fill or a read (a copy out of it, a linalg input). Uses after the
/// copy do not matter to it, also inside later ops' regions (the last user
/// of a CSE'd zero buffer is often a matmul that accumulates into it in
/// place, inside the scf.if of a library call's fallback).
linalg::FillOp fillCopiedBy(memref::CopyOp copy) {
  Value buffer = copy.getSource();
  if (!buffer.getDefiningOp<memref::AllocOp>())
    return {};
  linalg::FillOp fill;
  for (OpOperand &use : buffer.getUses()) {
    Operation *user = use.getOwner();
    if (user == copy)
      continue;
    Operation *anchor = copy->getBlock()->findAncestorOpInBlock(*user);
    if (!anchor)
      return {};
    if (!anchor->isBeforeInBlock(copy))
      continue;
    if (anchor != user)
      return {}; // used inside an earlier op's region: not followed here
    if (auto f = dyn_cast<linalg::FillOp>(user)) {
      if (fill)
        return {};
      fill = f;
      continue;
    }
    if (auto other = dyn_cast<memref::CopyOp>(user); other && other.getSource() == buffer)
      continue;
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(user); linalgOp && linalgOp.isDpsInput(&use))
      continue;
    return {};
  }
  return fill;
}

/// Whether `op` has one output, written at every element: its map a
/// permutation of its loops (none broadcast, none dropped), its loops all
/// parallel except reductions the output does not use.
bool writesAllOf(linalg::LinalgOp op, Value buffer) {
  if (op.getNumDpsInits() != 1 || op.getDpsInitOperand(0)->get() != buffer ||
      !op.hasPureBufferSemantics())
    return false;
  for (OpOperand *input : op.getDpsInputOperands())
    if (input->get() == buffer)
      return false; // it reads the filled values as an input too
  AffineMap map = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
    return false;
  for (auto [dim, iterator] : llvm::enumerate(op.getIteratorTypesArray()))
    if (iterator == utils::IteratorType::parallel && !map.isFunctionOfDim(dim))
      return false; // a parallel loop the output does not see: written twice
  return true;
}

} // namespace

void fillCopiesOfFilledBuffers(func::FuncOp func, IRRewriter &rewriter) {
  SmallVector<memref::CopyOp> copies;
  func.walk([&](memref::CopyOp copy) { copies.push_back(copy); });
  llvm::SetVector<Operation *> sources;
  for (memref::CopyOp copy : copies) {
    linalg::FillOp fill = fillCopiedBy(copy);
    if (!fill)
      continue;
    rewriter.setInsertionPoint(copy);
    rewriter.replaceOpWithNewOp<linalg::FillOp>(copy, fill.getInputs()[0], copy.getTarget());
    sources.insert(fill);
  }
  for (Operation *fill : sources) {
    Value buffer = cast<linalg::FillOp>(fill).getOutputs()[0];
    if (llvm::all_of(buffer.getUsers(), [&](Operation *user) {
          return user == fill || isa<memref::DeallocOp>(user);
        })) {
      for (Operation *user : llvm::make_early_inc_range(buffer.getUsers()))
        rewriter.eraseOp(user);
      rewriter.eraseOp(buffer.getDefiningOp());
    }
  }
}

llvm::DenseMap<Operation *, Value> foldFillsIntoNextOps(func::FuncOp func,
                                                        IRRewriter &rewriter) {
  llvm::DenseMap<Operation *, Value> initial;
  SmallVector<linalg::FillOp> fills;
  func.walk([&](linalg::FillOp fill) { fills.push_back(fill); });
  for (linalg::FillOp fill : fills) {
    auto next = dyn_cast_or_null<linalg::LinalgOp>(fill->getNextNode());
    Value buffer = fill.getOutputs()[0];
    if (!next || isa<linalg::FillOp>(next.getOperation()) || !writesAllOf(next, buffer) ||
        !isa<MemRefType>(buffer.getType()))
      continue;
    initial[next] = fill.getInputs()[0];
    rewriter.eraseOp(fill);
  }
  return initial;
}

} // namespace pt2c
