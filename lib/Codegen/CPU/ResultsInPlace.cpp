//===- ResultsInPlace.cpp - The pt2c-results-in-place pass ----------------===//
//
// Passes.td says what it does and why.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/PatternMatch.h"

namespace pt2c {

#define GEN_PASS_DEF_RESULTSINPLACE
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// The one copy out of `view` into an argument of `function` used by
/// nothing else, or null.
memref::CopyOp copyIntoOutParam(Value view, func::FuncOp function) {
  if (!view.hasOneUse())
    return nullptr;
  auto copy = dyn_cast<memref::CopyOp>(*view.getUsers().begin());
  if (!copy || copy.getSource() != view)
    return nullptr;
  auto out = dyn_cast<BlockArgument>(copy.getTarget());
  if (!out || out.getOwner() != &function.getBody().front() || !out.hasOneUse())
    return nullptr;
  return copy;
}

/// A static, identity-layout memref type.
bool isPlain(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.hasStaticShape() && memref.getLayout().isIdentity();
}

/// Whether `op` reshapes its first operand (any kind of reshape).
bool isReshape(Operation *op) {
  return isa<memref::ReshapeOp, memref::ExpandShapeOp, memref::CollapseShapeOp>(op);
}

/// The copy into an out-param at the end of a chain of reshapes starting
/// at `view` (each the only use of the one before), collected into
/// `chain`; null if the chain ends anywhere else.
memref::CopyOp copyAfterReshapes(Value view, func::FuncOp function,
                                 SmallVectorImpl<Operation *> &chain) {
  while (view.hasOneUse() && isReshape(*view.getUsers().begin()) &&
         (*view.getUsers().begin())->getOperand(0) == view) {
    chain.push_back(*view.getUsers().begin());
    view = chain.back()->getResult(0);
  }
  return copyIntoOutParam(view, function);
}

/// `out` seen with `shape` (as many elements, both contiguous), built at
/// the function's entry: one collapse or expansion of contiguous dims where
/// one does it, else flattened and expanded again (stem convolutions'
/// [1, 1, 64, 12544] buffer as the [1, 64, 112, 112] result).
Value viewAs(OpBuilder &b, Value out, MemRefType shape) {
  auto outType = cast<MemRefType>(out.getType());
  Location loc = out.getLoc();
  if (outType.getShape() == shape.getShape())
    return out;
  if (outType.getRank() > shape.getRank())
    if (auto groups = getReassociationIndicesForCollapse(outType.getShape(), shape.getShape()))
      return memref::CollapseShapeOp::create(b, loc, shape, out, *groups);
  if (outType.getRank() < shape.getRank())
    if (auto groups = getReassociationIndicesForCollapse(shape.getShape(), outType.getShape()))
      return memref::ExpandShapeOp::create(b, loc, shape, out, *groups);
  auto all = [](int64_t rank) {
    ReassociationIndices group;
    for (int64_t d = 0; d < rank; ++d)
      group.push_back(d);
    return SmallVector<ReassociationIndices>{group};
  };
  Value flat = out;
  if (outType.getRank() != 1)
    flat = memref::CollapseShapeOp::create(
        b, loc, MemRefType::get({outType.getNumElements()}, outType.getElementType()), out,
        all(outType.getRank()));
  if (shape.getRank() == 1)
    return flat;
  return memref::ExpandShapeOp::create(b, loc, shape, flat, all(shape.getRank()));
}

struct ResultsInPlacePass : impl::ResultsInPlaceBase<ResultsInPlacePass> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isDeclaration())
      return;
    SmallVector<memref::AllocOp> allocs;
    function.walk([&](memref::AllocOp alloc) { allocs.push_back(alloc); });
    IRRewriter rewriter(&getContext());
    for (memref::AllocOp alloc : allocs) {
      Value buffer = alloc.getResult();
      if (alloc->getBlock() != &function.getBody().front() || !isPlain(buffer.getType()))
        continue;
      // Its way out: a chain of reshapes (of any kind, each used only by
      // the next) ending in the copy.
      SmallVector<Operation *> deallocs, chain;
      memref::CopyOp copy;
      int ways = 0;
      for (Operation *user : buffer.getUsers()) {
        if (isa<memref::DeallocOp>(user)) {
          deallocs.push_back(user);
          continue;
        }
        SmallVector<Operation *> reshapes;
        if (!isReshape(user) || user->getOperand(0) != buffer)
          continue;
        reshapes.push_back(user);
        if (memref::CopyOp found = copyAfterReshapes(user->getResult(0), function, reshapes)) {
          ++ways;
          copy = found;
          chain = reshapes;
        }
      }
      if (ways != 1 || !isPlain(copy.getSource().getType()) ||
          copy.getTarget().getType() != copy.getSource().getType())
        continue;
      rewriter.setInsertionPoint(alloc);
      Value view = viewAs(rewriter, copy.getTarget(), cast<MemRefType>(buffer.getType()));
      if (!view)
        continue;
      rewriter.eraseOp(copy);
      for (Operation *reshape : llvm::reverse(chain))
        rewriter.eraseOp(reshape);
      for (Operation *dealloc : deallocs)
        rewriter.eraseOp(dealloc);
      rewriter.replaceOp(alloc, view);
    }
  }
};

} // namespace
} // namespace pt2c
