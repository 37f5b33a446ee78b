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

/// `out` seen with `shape` by collapsing or expanding contiguous dims,
/// built at the function's entry; null when no single one does it.
Value viewAs(OpBuilder &b, Value out, MemRefType shape) {
  auto outType = cast<MemRefType>(out.getType());
  Location loc = out.getLoc();
  if (outType.getRank() > shape.getRank()) {
    auto groups = getReassociationIndicesForCollapse(outType.getShape(), shape.getShape());
    if (!groups)
      return nullptr;
    return memref::CollapseShapeOp::create(b, loc, shape, out, *groups);
  }
  if (outType.getRank() < shape.getRank()) {
    auto groups = getReassociationIndicesForCollapse(shape.getShape(), outType.getShape());
    if (!groups)
      return nullptr;
    return memref::ExpandShapeOp::create(b, loc, shape, out, *groups);
  }
  return nullptr;
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
      // Its way out: one reshape (of any kind) whose only use is the copy.
      SmallVector<Operation *> reshapes, deallocs;
      for (Operation *user : buffer.getUsers()) {
        if (isa<memref::DeallocOp>(user))
          deallocs.push_back(user);
        else if (isa<memref::ReshapeOp, memref::ExpandShapeOp, memref::CollapseShapeOp>(user) &&
                 user->getOperand(0) == buffer && copyIntoOutParam(user->getResult(0), function))
          reshapes.push_back(user);
      }
      if (reshapes.size() != 1 || !isPlain(reshapes.front()->getResult(0).getType()))
        continue;
      Operation *reshape = reshapes.front();
      memref::CopyOp copy = copyIntoOutParam(reshape->getResult(0), function);
      if (copy.getTarget().getType() != reshape->getResult(0).getType())
        continue;
      rewriter.setInsertionPoint(alloc);
      Value view = viewAs(rewriter, copy.getTarget(), cast<MemRefType>(buffer.getType()));
      if (!view)
        continue;
      rewriter.eraseOp(copy);
      rewriter.eraseOp(reshape);
      for (Operation *dealloc : deallocs)
        rewriter.eraseOp(dealloc);
      rewriter.replaceOp(alloc, view);
    }
  }
};

} // namespace
} // namespace pt2c
