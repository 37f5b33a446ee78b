//===- ComplexBoundary.cpp - @forward's complex tensors as real pairs -----===//

#include "pt2c/Conversion/ATenToPrim/ComplexBoundary.h"

#include "ComplexParts.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;

namespace pt2c {
namespace {

/// `value` (complex) as its interleaved form, cast before `user`.
Value interleavedBefore(Operation *user, Value value) {
  OpBuilder b(user);
  auto type = cast<RankedTensorType>(value.getType());
  return UnrealizedConversionCastOp::create(b, value.getLoc(), TypeRange{interleavedType(type)},
                                            ValueRange{value})
      .getResult(0);
}

/// The function's complex arguments and results in their interleaved form;
/// its body still sees complex values, through casts.
void interleaveSignature(func::FuncOp function) {
  if (function.isExternal())
    return;
  Block &entry = function.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  for (BlockArgument argument : entry.getArguments()) {
    if (!isComplexTensor(argument.getType()))
      continue;
    auto complexType = cast<RankedTensorType>(argument.getType());
    argument.setType(interleavedType(complexType));
    auto asComplex = UnrealizedConversionCastOp::create(b, argument.getLoc(),
                                                        TypeRange{complexType},
                                                        ValueRange{argument});
    argument.replaceAllUsesExcept(asComplex.getResult(0), asComplex);
  }
  SmallVector<Type> results;
  function.walk([&](func::ReturnOp ret) {
    results.clear();
    for (OpOperand &operand : ret->getOpOperands()) {
      if (isComplexTensor(operand.get().getType()))
        operand.set(interleavedBefore(ret, operand.get()));
      results.push_back(operand.get().getType());
    }
  });
  function.setFunctionType(
      FunctionType::get(function.getContext(), entry.getArgumentTypes(), results));
}

/// cast(cast(x : A -> B) : B -> A) is x; casts left without users go.
void foldCastPairs(ModuleOp module) {
  module.walk([](UnrealizedConversionCastOp cast) {
    if (cast->getNumOperands() != 1 || cast->getNumResults() != 1)
      return;
    auto source = cast.getOperand(0).getDefiningOp<UnrealizedConversionCastOp>();
    if (source && source->getNumOperands() == 1 &&
        source.getOperand(0).getType() == cast.getResult(0).getType())
      cast.getResult(0).replaceAllUsesWith(source.getOperand(0));
  });
  bool erased = true;
  while (erased) {
    erased = false;
    module.walk([&](UnrealizedConversionCastOp cast) {
      if (cast->use_empty()) {
        cast->erase();
        erased = true;
      }
    });
  }
}

} // namespace

LogicalResult complexTensorsAsPairs(ModuleOp module) {
  module.walk(interleaveSignature);
  foldCastPairs(module);
  bool left = false;
  module.walk([&](Operation *op) {
    auto complexValue = [](Value value) { return isComplexTensor(value.getType()); };
    if (llvm::any_of(op->getResults(), complexValue) ||
        llvm::any_of(op->getOperands(), complexValue)) {
      op->emitError() << "a complex tensor reaches '" << op->getName()
                      << "', which computes on real tensors only";
      left = true;
    }
  });
  return failure(left);
}

} // namespace pt2c
