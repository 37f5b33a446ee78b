//===- PrimBuilder.cpp - Building blocks shared by the decompositions -----===//

#include "pt2c/Conversion/ATenToPrim/PrimBuilder.h"
#include "pt2c/Dialect/Prim/PrimTypeInference.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include <cmath>

using namespace mlir;

namespace pt2c {

Value PrimBuilder::createInferred(OperationState &state, InferFn infer) {
  if (llvm::any_of(state.operands, [](Value operand) { return !operand; }))
    return Value(); // an earlier step failed and has said why
  SmallVector<Type> types;
  // Inference first runs silently; on failure it runs again with its "Cn:"
  // message caught, which is then given in one error that also names the
  // op and its operands (a bare "C3: ..." would not say which prim).
  if (succeeded(infer(std::nullopt, types))) {
    state.addTypes(types);
    return b_.create(state)->getResult(0);
  }
  std::string reason;
  {
    ScopedDiagnosticHandler capture(b_.getContext(), [&](Diagnostic &diagnostic) {
      if (reason.empty())
        reason = diagnostic.str();
      return success();
    });
    types.clear();
    (void)infer(loc_, types);
  }
  InFlightDiagnostic error = emitError(loc_)
                             << "cannot build '" << state.name << "' from operands of type ";
  llvm::interleaveComma(state.operands, error, [&](Value operand) { error << operand.getType(); });
  if (!reason.empty())
    error << ": " << reason;
  return Value();
}

Value PrimBuilder::verified(Operation *op) {
  // The op alone (its operands are built and checked already); the
  // verifier's "Cn: ..." is caught and given in one error that also names
  // the prim and its types, as createInferred's.
  std::string reason;
  LogicalResult valid = success();
  {
    ScopedDiagnosticHandler capture(b_.getContext(), [&](Diagnostic &diagnostic) {
      if (reason.empty())
        reason = diagnostic.str();
      return success();
    });
    valid = mlir::verify(op, /*verifyRecursively=*/false);
  }
  if (succeeded(valid))
    return op->getResult(0);
  InFlightDiagnostic error = emitError(loc_) << "cannot build '" << op->getName() << "' of type "
                                             << op->getResult(0).getType() << " from operands of type ";
  llvm::interleaveComma(op->getOperands(), error, [&](Value operand) { error << operand.getType(); });
  if (!reason.empty())
    error << ": " << reason;
  return Value();
}

Value PrimBuilder::unsized(RankedTensorType type) {
  emitError(loc_) << "cannot size the dynamic dims of " << type
                  << ": no operand has them (the declared type disagrees with the "
                     "operands)";
  return Value();
}

SmallVector<Value> PrimBuilder::dynamicSizes(RankedTensorType type,
                                             ArrayRef<Value> sources) {
  SmallVector<Value> sizes;
  int64_t rank = type.getRank();
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (!type.isDynamicDim(dim))
      continue;
    Value size;
    // The first source whose aligned dim is dynamic too carries the symbol
    // (torch.export never gives a symbolic dim the size 1).
    for (Value source : sources) {
      auto sourceType = source ? dyn_cast<RankedTensorType>(source.getType()) : RankedTensorType();
      if (!sourceType)
        continue;
      int64_t aligned = dim - (rank - sourceType.getRank());
      if (aligned >= 0 && sourceType.isDynamicDim(aligned)) {
        size = tensor::DimOp::create(b_, loc_, source, aligned);
        break;
      }
    }
    sizes.push_back(size); // null: no source knows it; callers check
  }
  return sizes;
}

bool PrimBuilder::allKnown(ArrayRef<Value> sizes) {
  return llvm::all_of(sizes, [](Value size) { return bool(size); });
}



Value PrimBuilder::convert(Value value, Type elementType) {
  if (!value)
    return Value();
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getElementType() == elementType)
    return value;
  return build<prim::ConvertOp>(type.clone(elementType), value);
}

Value PrimBuilder::reshape(RankedTensorType type, Value value) {
  if (!value || value.getType() == type)
    return value;
  return build<prim::ReshapeOp>(type, value, ValueRange{});
}

Value PrimBuilder::broadcastInDim(Value value, RankedTensorType type,
                                  ArrayRef<int64_t> dims, ArrayRef<Value> sources) {
  value = convert(value, type.getElementType());
  if (!value || llvm::any_of(sources, [](Value source) { return !source; }))
    return Value();
  if (value.getType() == type && dims.size() == static_cast<size_t>(type.getRank()))
    return value;
  SmallVector<Value> sizes = dynamicSizes(type, sources);
  if (!allKnown(sizes))
    return unsized(type);
  return build<prim::BroadcastInDimOp>(type, value, b_.getDenseI64ArrayAttr(dims), sizes);
}

Value PrimBuilder::broadcastTo(Value value, RankedTensorType type,
                               ArrayRef<Value> sources) {
  if (!value)
    return Value();
  auto valueType = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < valueType.getRank(); ++i)
    dims.push_back(type.getRank() - valueType.getRank() + i);
  return broadcastInDim(value, type, dims, sources);
}

Value PrimBuilder::splat(double value, RankedTensorType type, ArrayRef<Value> sources) {
  Type element = type.getElementType();
  // prim.constant's builder aborts on an element type prims do not take
  // (a uint16 tensor the archive declares).
  if (!prim::isPrimElementType(element)) {
    emitError(loc_) << "cannot make a constant of " << type
                    << ": its element type is not one prims take";
    return Value();
  }
  TypedAttr scalar;
  if (isa<FloatType>(element)) {
    scalar = b_.getFloatAttr(element, value);
  } else if (element.isInteger(1)) {
    scalar = b_.getBoolAttr(value != 0); // bool(x) is x != 0
  } else {
    // torch refuses a number its integer tensor cannot hold ("value cannot
    // be converted to type int64_t without overflow"); converting it here
    // would be undefined behaviour.
    unsigned width = element.getIntOrFloatBitWidth();
    bool isUnsigned = element.isUnsignedInteger();
    double low = isUnsigned ? 0.0 : -std::ldexp(1.0, int(width) - 1);
    double high = std::ldexp(1.0, int(width) - (isUnsigned ? 0 : 1));
    if (!std::isfinite(value) || value < low || value >= high) {
      emitError(loc_) << "the number " << value << " does not fit the " << element
                      << " elements of " << type;
      return Value();
    }
    scalar = b_.getIntegerAttr(
        element, llvm::APInt(width, uint64_t(static_cast<int64_t>(value)), /*isSigned=*/true));
  }
  if (type.hasStaticShape())
    return prim::ConstantOp::create(b_, loc_, DenseElementsAttr::get(type, scalar));
  if (llvm::any_of(sources, [](Value source) { return !source; }))
    return Value();
  SmallVector<Value> sizes = dynamicSizes(type, sources);
  if (!allKnown(sizes))
    return unsized(type);
  Value constant = arith::ConstantOp::create(b_, loc_, scalar);
  return build<prim::SplatOp>(type, constant, sizes);
}

Value PrimBuilder::splatScalar(Value scalar, RankedTensorType type, ArrayRef<Value> sources,
                               std::optional<ArrayRef<Value>> knownSizes) {
  if (!scalar || llvm::any_of(sources, [](Value source) { return !source; }))
    return Value();
  Type from = scalar.getType(), to = type.getElementType();
  if (!from.isIntOrFloat())
    return Value();
  if (from != to) {
    if (isa<FloatType>(to) && from.isInteger(1))
      scalar = arith::UIToFPOp::create(b_, loc_, to, scalar);
    else if (isa<FloatType>(to) && isa<IntegerType>(from))
      scalar = arith::SIToFPOp::create(b_, loc_, to, scalar);
    else if (isa<FloatType>(to) && isa<FloatType>(from))
      scalar = from.getIntOrFloatBitWidth() > to.getIntOrFloatBitWidth()
                   ? arith::TruncFOp::create(b_, loc_, to, scalar).getResult()
                   : arith::ExtFOp::create(b_, loc_, to, scalar).getResult();
    else if (to.isInteger(1) && isa<FloatType>(from)) // bool(x) is x != 0
      scalar = arith::CmpFOp::create(b_, loc_, arith::CmpFPredicate::UNE, scalar,
                                     arith::ConstantOp::create(b_, loc_, b_.getFloatAttr(from, 0)));
    else if (to.isInteger(1))
      scalar = arith::CmpIOp::create(b_, loc_, arith::CmpIPredicate::ne, scalar,
                                     arith::ConstantOp::create(b_, loc_, b_.getIntegerAttr(from, 0)));
    else if (isa<IntegerType>(to) && isa<FloatType>(from))
      scalar = arith::FPToSIOp::create(b_, loc_, to, scalar);
    else if (to.getIntOrFloatBitWidth() < from.getIntOrFloatBitWidth())
      scalar = arith::TruncIOp::create(b_, loc_, to, scalar);
    else
      scalar = from.isInteger(1) ? arith::ExtUIOp::create(b_, loc_, to, scalar).getResult()
                                 : arith::ExtSIOp::create(b_, loc_, to, scalar).getResult();
  }
  SmallVector<Value> sizes =
      knownSizes ? SmallVector<Value>(*knownSizes) : dynamicSizes(type, sources);
  if (!allKnown(sizes))
    return unsized(type);
  return build<prim::SplatOp>(type, scalar, sizes);
}

Value PrimBuilder::reduce(prim::ReduceKind kind, Value value, ArrayRef<int64_t> dims,
                          bool keepDims) {
  Value reduced = create<prim::ReduceOp>(prim::ReduceKindAttr::get(b_.getContext(), kind), value,
                                         b_.getDenseI64ArrayAttr(dims));
  if (!reduced || !keepDims)
    return reduced;
  // Put the reduced dims back as size 1, so the result broadcasts against
  // the operand with a plain broadcast_in_dim.
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape(type.getShape());
  for (int64_t dim : dims)
    shape[dim] = 1;
  auto keptType = RankedTensorType::get(shape, type.getElementType());
  return build<prim::ReshapeOp>(keptType, reduced, dynamicSizes(keptType, {value}));
}

} // namespace pt2c
