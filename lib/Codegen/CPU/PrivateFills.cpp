//===- PrivateFills.cpp - The pt2c-private-fills pass ---------------------===//
//
// Gives every user of a shared linalg.fill its own fill (see Passes.td for
// why: a shared zero fill costs each matmul a copy of it).
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

namespace pt2c {

#define GEN_PASS_DEF_PRIVATEFILLS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

struct PrivateFills : impl::PrivateFillsBase<PrivateFills> {
  void runOnOperation() override {
    SmallVector<linalg::FillOp> shared;
    getOperation().walk([&](linalg::FillOp fill) {
      if (fill.hasPureTensorSemantics() && !fill->getResult(0).hasOneUse() &&
          !fill->getResult(0).use_empty())
        shared.push_back(fill);
    });
    for (linalg::FillOp fill : shared) {
      Value result = fill->getResult(0);
      // The first user keeps the original; every other gets a clone made
      // right before it, with a fresh tensor.empty when the original
      // fills one (so no two fills share a destination either).
      SmallVector<OpOperand *> uses;
      for (OpOperand &use : result.getUses())
        uses.push_back(&use);
      // In program order, by each user's ancestor in the fill's block.
      Block *block = fill->getBlock();
      llvm::stable_sort(uses, [&](OpOperand *a, OpOperand *b) {
        Operation *x = block->findAncestorOpInBlock(*a->getOwner());
        Operation *y = block->findAncestorOpInBlock(*b->getOwner());
        return x && y && x != y && x->isBeforeInBlock(y);
      });
      Value destination = fill.getDpsInitOperand(0)->get();
      auto empty = destination.getDefiningOp<tensor::EmptyOp>();
      for (OpOperand *use : llvm::drop_begin(uses)) {
        Operation *user = use->getOwner();
        OpBuilder builder(user);
        IRMapping mapping;
        if (empty && empty->getBlock() == user->getBlock())
          mapping.map(destination, builder.clone(*empty)->getResult(0));
        Operation *clone = builder.clone(*fill, mapping);
        use->set(clone->getResult(0));
      }
    }
  }
};

} // namespace
} // namespace pt2c
