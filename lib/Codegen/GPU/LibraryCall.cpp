//===- LibraryCall.cpp - Calls of the runtime's library entry points ------===//

#include "LibraryCall.h"

#include "pt2c/library_calls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace pt2c::library {

using namespace mlir;

Value toI64(OpBuilder &b, Location loc, Value index) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
}

Value constantI64(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, b.getI64Type(), value);
}

std::optional<int64_t> typeCode(Type type) {
  if (type.isF32())
    return PT2CRT_TYPE_FLOAT32;
  if (type.isF16())
    return PT2CRT_TYPE_FLOAT16;
  if (type.isBF16())
    return PT2CRT_TYPE_BFLOAT16;
  return std::nullopt;
}

MemrefView describeMemref(OpBuilder &b, Location loc, Value memref) {
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value pointer = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  int64_t bytes = getElementTypeOrSelf(memref.getType()).getIntOrFloatBitWidth() / 8;
  Value offset = arith::MulIOp::create(b, loc, metadata.getOffset(),
                                       arith::ConstantIndexOp::create(b, loc, bytes));
  MemrefView view;
  view.address = toI64(b, loc, arith::AddIOp::create(b, loc, pointer, offset));
  for (Value stride : metadata.getStrides())
    view.strides.push_back(toI64(b, loc, stride));
  return view;
}

Value readOnlyBuffer(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  auto layout = StridedLayoutAttr::get(
      b.getContext(), ShapedType::kDynamic,
      SmallVector<int64_t>(type.getRank(), ShapedType::kDynamic));
  auto bufferType = MemRefType::get(type.getShape(), type.getElementType(), layout);
  return bufferization::ToBufferOp::create(b, loc, bufferType, tensor, /*readOnly=*/true);
}

func::FuncOp declareRuntimeFunction(ModuleOp module, StringRef name, unsigned parameters,
                                    unsigned resultBits) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  SmallVector<Type> types(parameters, b.getI64Type());
  auto function =
      func::FuncOp::create(b, module.getLoc(), name,
                           b.getFunctionType(types, b.getIntegerType(resultBits)));
  function.setPrivate();
  return function;
}

bool isMultiplyAdd(linalg::GenericOp generic) {
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (body.getNumArguments() != 3 || yield.getNumOperands() != 1)
    return false;
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  BlockArgument acc = body.getArgument(2);
  Value product = add.getLhs() == acc ? add.getRhs() : add.getRhs() == acc ? add.getLhs() : Value();
  auto mul = product ? product.getDefiningOp<arith::MulFOp>() : arith::MulFOp();
  if (!mul)
    return false;
  unsigned extensions = 0;
  auto source = [&](Value v) -> Value {
    if (auto ext = v.getDefiningOp<arith::ExtFOp>()) {
      ++extensions;
      return ext.getIn();
    }
    return v;
  };
  Value x = source(mul.getLhs()), y = source(mul.getRhs());
  BlockArgument a = body.getArgument(0), b = body.getArgument(1);
  bool operands = (x == a && y == b) || (x == b && y == a);
  // The add, the mul and the extensions: no other op hides in the body.
  return operands && llvm::range_size(body.without_terminator()) == 2 + extensions;
}

mlir::Operation *nextWithEffects(mlir::Operation *op) {
  mlir::Operation *next = op->getNextNode();
  while (next && (mlir::isa<mlir::memref::AllocOp>(next) || mlir::isMemoryEffectFree(next)))
    next = next->getNextNode();
  return next;
}

} // namespace pt2c::library
