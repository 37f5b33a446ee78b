//===- DistinctResults.cpp - The pt2c-distinct-results pass ---------------===//
//
// Every returned tensor gets a buffer of its own (see Passes.td for why).
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace pt2c {

#define GEN_PASS_DEF_DISTINCTRESULTS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// True when `value` has no allocation of its own that bufferization could
/// place in the caller's output buffer.
bool needsOwnBuffer(Value value, const llvm::SmallPtrSetImpl<Value> &earlier) {
  return earlier.contains(value) || isa<BlockArgument>(value) ||
         value.getDefiningOp<arith::ConstantOp>();
}

struct DistinctResults : impl::DistinctResultsBase<DistinctResults> {
  void runOnOperation() override {
    getOperation().walk([](func::ReturnOp ret) {
      OpBuilder builder(ret);
      llvm::SmallPtrSet<Value, 8> earlier;
      for (OpOperand &operand : ret->getOpOperands()) {
        Value value = operand.get();
        auto type = dyn_cast<RankedTensorType>(value.getType());
        if (!type || !needsOwnBuffer(value, earlier)) {
          earlier.insert(value);
          continue;
        }
        Location loc = value.getLoc();
        SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(builder, loc, value);
        Value empty = tensor::EmptyOp::create(builder, loc, sizes, type.getElementType());
        Value copy = linalg::CopyOp::create(builder, loc, value, empty).getResult(0);
        operand.set(copy);
      }
    });
  }
};

} // namespace
} // namespace pt2c
