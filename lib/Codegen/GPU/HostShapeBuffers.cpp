//===- HostShapeBuffers.cpp - The pt2c-host-shape-buffers pass ------------===//

#include "pt2c/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace pt2c {

#define GEN_PASS_DEF_HOSTSHAPEBUFFERS
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;

/// Only written by the host and read as a reshape's shape.
bool isHostShapeBuffer(memref::AllocOp alloc) {
  if (!alloc.getType().hasStaticShape() || !alloc.getType().getElementType().isIntOrIndex())
    return false;
  return llvm::all_of(alloc->getUses(), [](OpOperand &use) {
    Operation *user = use.getOwner();
    if (auto store = dyn_cast<memref::StoreOp>(user))
      return store.getMemRef() == use.get();
    if (auto reshape = dyn_cast<memref::ReshapeOp>(user))
      return reshape.getShape() == use.get();
    return false;
  });
}

struct HostShapeBuffersPass : impl::HostShapeBuffersBase<HostShapeBuffersPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocOp> buffers;
    getOperation().walk([&](memref::AllocOp alloc) {
      if (isHostShapeBuffer(alloc))
        buffers.push_back(alloc);
    });
    IRRewriter rewriter(&getContext());
    for (memref::AllocOp alloc : buffers) {
      rewriter.setInsertionPoint(alloc);
      rewriter.replaceOpWithNewOp<memref::AllocaOp>(alloc, alloc.getType(),
                                                    alloc.getAlignmentAttr());
    }
  }
};

} // namespace

} // namespace pt2c
