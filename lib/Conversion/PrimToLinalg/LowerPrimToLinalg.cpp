//===- LowerPrimToLinalg.cpp - The pt2c-lower-prim-to-linalg pass ---------===//

#include "Lowering.h"

#include "pt2c/Conversion/Passes.h"
#include "pt2c/Dialect/Prim/PrimDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace pt2c {

#define GEN_PASS_DEF_LOWERPRIMTOLINALG
#include "pt2c/Conversion/Passes.h.inc"

namespace {
class LowerPrimToLinalgPass : public impl::LowerPrimToLinalgBase<LowerPrimToLinalgPass> {
  using LowerPrimToLinalgBase::LowerPrimToLinalgBase;

  /// A prim op whose results hold no elements (a batch of 0, a pad of an
  /// empty tensor) computes nothing: its results become tensor.empty. The
  /// lowerings need not handle empty shapes then; a pad of a [0, 3, 3, 3]
  /// tensor became an insert_slice at an offset past an empty dim, which
  /// the CPU pipeline rejected ("offset 0 is out-of-bounds"; OpInfo's
  /// constant_pad_nd and max_pool2d samples).
  void replaceEmptyResults() {
    llvm::SmallVector<mlir::Operation *> empty;
    getOperation().walk([&](mlir::Operation *op) {
      if (!llvm::isa<prim::PrimDialect>(op->getDialect()) || op->getNumResults() == 0)
        return;
      if (llvm::all_of(op->getResultTypes(), [](mlir::Type type) {
            auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(type);
            return tensor && tensor.hasStaticShape() && tensor.getNumElements() == 0;
          }))
        empty.push_back(op);
    });
    for (mlir::Operation *op : empty) {
      mlir::OpBuilder b(op);
      llvm::SmallVector<mlir::Value> results;
      for (mlir::Type type : op->getResultTypes()) {
        auto tensor = llvm::cast<mlir::RankedTensorType>(type);
        results.push_back(mlir::tensor::EmptyOp::create(b, op->getLoc(), tensor.getShape(),
                                                        tensor.getElementType()));
      }
      op->replaceAllUsesWith(results);
      op->erase();
    }
  }

public:
  void runOnOperation() override {
    // ui8 (torch.uint8) is a prim type, but the lowerings compute on their
    // tensors' element types with arith, whose integer ops take signless
    // integers only: a uint8 input converted to float became an
    // arith.uitofp of ui8 and the pass left a module that does not verify
    // (pt2c-fuzz-compile, 2026-11-27; no fixture has a uint8 tensor). Until
    // the lowering computes on them as i8, an op with a ui8 tensor is
    // refused here, named, before any lowering reads it.
    bool unsignedTensors = false;
    getOperation().walk([&](mlir::Operation *op) {
      if (!llvm::isa<prim::PrimDialect>(op->getDialect()))
        return;
      auto isUnsigned = [](mlir::Type type) {
        auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(type);
        return tensor && tensor.getElementType().isUnsignedInteger();
      };
      for (mlir::Type type : llvm::concat<const mlir::Type>(llvm::to_vector(op->getOperandTypes()),
                                                            llvm::to_vector(op->getResultTypes())))
        if (isUnsigned(type)) {
          op->emitError() << "'" << op->getName() << "' on " << type
                          << ": the linalg lowering takes no unsigned integer (torch.uint8) "
                             "tensors in this version";
          unsignedTensors = true;
          return;
        }
    });
    if (unsignedTensors)
      return signalPassFailure();
    replaceEmptyResults();
    mlir::RewritePatternSet patterns(&getContext());
    lowering::populateElementwiseLowerings(patterns);
    lowering::populateShapeLowerings(patterns);
    lowering::populateComputeLowerings(patterns);
    lowering::populateConvLowerings(patterns);
    lowering::populateGatherLowerings(patterns, blockIntegerScans);
    lowering::populateScatterLowerings(patterns);
    // Not converging is not an error by itself: an op no pattern could
    // rewrite is reported below, at its location, which is what users need.
    (void)mlir::applyPatternsGreedily(getOperation(), std::move(patterns));
    bool leftOver = false;
    getOperation().walk([&](mlir::Operation *op) {
      if (!llvm::isa<prim::PrimDialect>(op->getDialect()))
        return;
      op->emitError() << "'" << op->getName()
                      << "' has no lowering to linalg in this version";
      leftOver = true;
    });
    if (leftOver)
      signalPassFailure();
  }
};
} // namespace
} // namespace pt2c
