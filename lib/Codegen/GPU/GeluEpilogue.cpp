//===- GeluEpilogue.cpp - GPT-2's GELU after a matmul, for cuBLASLt -------===//

#include "GeluEpilogue.h"

#include "LibraryCall.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/DenseMap.h"

#include <cmath>

namespace pt2c::library {

using namespace mlir;

namespace {

/// `value` rounded to the float type `type`, as the GPU code rounds each
/// op's result.
double roundTo(double value, Type type) {
  auto floatType = dyn_cast<FloatType>(type);
  if (!floatType || floatType.isF64())
    return value;
  llvm::APFloat rounded(value);
  bool lost = false;
  rounded.convert(floatType.getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven, &lost);
  rounded.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &lost);
  return rounded.convertToDouble();
}

/// The body's yielded value for input `x`, each op rounded to its type;
/// nothing for an op outside the arithmetic isTanhGelu allows.
std::optional<double> evaluate(Block &body, double x) {
  llvm::DenseMap<Value, double> values;
  values[body.getArgument(0)] = roundTo(x, body.getArgument(0).getType());
  auto get = [&](Value v) -> std::optional<double> {
    auto found = values.find(v);
    if (found != values.end())
      return found->second;
    auto constant = v.getDefiningOp<arith::ConstantOp>();
    auto attr = constant ? dyn_cast<FloatAttr>(constant.getValue()) : FloatAttr();
    if (!attr)
      return std::nullopt;
    return attr.getValueAsDouble();
  };
  for (Operation &op : body.without_terminator()) {
    if (isa<arith::ConstantOp>(op))
      continue;
    if (op.getNumResults() != 1)
      return std::nullopt;
    SmallVector<double, 2> operands;
    for (Value operand : op.getOperands()) {
      std::optional<double> value = get(operand);
      if (!value)
        return std::nullopt;
      operands.push_back(*value);
    }
    double result;
    if (isa<arith::ExtFOp, arith::TruncFOp>(op))
      result = operands[0];
    else if (isa<arith::NegFOp>(op))
      result = -operands[0];
    else if (isa<math::TanhOp>(op))
      result = std::tanh(operands[0]);
    else if (isa<arith::AddFOp>(op))
      result = operands[0] + operands[1];
    else if (isa<arith::SubFOp>(op))
      result = operands[0] - operands[1];
    else if (isa<arith::MulFOp>(op))
      result = operands[0] * operands[1];
    else if (isa<arith::DivFOp>(op))
      result = operands[0] / operands[1];
    else if (isa<math::PowFOp>(op))
      result = std::pow(operands[0], operands[1]);
    else
      return std::nullopt;
    values[op.getResult(0)] = roundTo(result, op.getResult(0).getType());
  }
  return get(cast<linalg::YieldOp>(body.getTerminator()).getOperand(0));
}

/// Whether `view` is `d` itself, or a reshape of it the op reads point
/// for point (same element count, contiguous), used by nothing but `op`
/// and deallocations.
bool isPointwiseViewOf(Value view, Value d, Operation *op) {
  if (view == d)
    return true;
  Operation *reshape = view.getDefiningOp();
  if (!reshape || !isa<memref::ReshapeOp, memref::CollapseShapeOp, memref::ExpandShapeOp>(
                      reshape) ||
      reshape->getOperand(0) != d)
    return false;
  auto type = dyn_cast<MemRefType>(view.getType());
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
    return false;
  return llvm::all_of(view.getUsers(), [&](Operation *user) {
    return user == op || isa<memref::DeallocOp>(user);
  });
}

/// Whether nothing reads `d` after `op`: the next op of `op`'s block that
/// touches it frees it, or writes all of it without reading it (the same
/// layer's epilogue in the next layer, which bufferization gives the same
/// buffer), or none does.
bool deadAfter(Value d, Operation *op) {
  Block *block = op->getBlock();
  llvm::SmallPtrSet<Operation *, 8> touching;
  for (Operation *user : d.getUsers()) {
    Operation *inBlock = block->findAncestorOpInBlock(*user);
    if (!inBlock)
      return false;
    touching.insert(inBlock);
  }
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode()) {
    if (!touching.contains(next))
      continue;
    if (isa<memref::DeallocOp>(next))
      return true;
    auto writer = dyn_cast<linalg::GenericOp>(next);
    if (!writer || writer.getNumDpsInits() != 1 || writer.getNumReductionLoops() != 0)
      return false;
    OpOperand *init = writer.getDpsInitOperand(0);
    return init->get() == d && writer.getMatchingIndexingMap(init).isIdentity() &&
           writer.getMatchingBlockArgument(init).use_empty() &&
           llvm::none_of(writer.getDpsInputs(), [&](Value input) { return input == d; });
  }
  return true;
}

} // namespace

bool isTanhGelu(linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1)
    return false;
  Block &body = op.getRegion().front();
  int tanhs = 0;
  for (Operation &inner : body.without_terminator()) {
    if (!isa<arith::ConstantOp, arith::ExtFOp, arith::TruncFOp, arith::AddFOp, arith::SubFOp,
             arith::MulFOp, arith::DivFOp, arith::NegFOp, math::TanhOp>(inner) &&
        !(isa<math::PowFOp>(inner) && matchPattern(inner.getOperand(1), m_Constant())))
      return false;
    tanhs += isa<math::TanhOp>(inner);
  }
  if (tanhs != 1)
    return false;
  Type outType = body.getArgument(1).getType();
  auto gelu = [](double x) {
    return 0.5 * x * (1.0 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
  };
  for (double x : {-4.0, -2.0, -1.25, -0.5, -0.125, 0.125, 0.5, 1.25, 2.0, 4.0}) {
    double input = roundTo(x, body.getArgument(0).getType());
    std::optional<double> value = evaluate(body, input);
    double want = gelu(input);
    // A few 16-bit roundings (each 2^-9 relative) along the chain.
    if (!value || std::abs(*value - roundTo(want, outType)) > 0.03 * std::abs(want) + 0.01)
      return false;
  }
  return true;
}

std::optional<GeluAfter> matchGeluAfter(linalg::GenericOp epilogue, Value d) {
  auto dType = dyn_cast<MemRefType>(d.getType());
  if (!dType || !dType.hasStaticShape() || !dType.getLayout().isIdentity() ||
      dType.getElementTypeBitWidth() != 16)
    return std::nullopt;
  // Past reshapes of D (memref.reshape reads its shape operand, so it
  // counts as an op with effects) and the freeing of other buffers (the
  // matmul's float32 one).
  Operation *next = nextWithEffects(epilogue);
  while (next &&
         ((isa<memref::ReshapeOp, memref::CollapseShapeOp, memref::ExpandShapeOp>(next) &&
           next->getOperand(0) == d) ||
          (isa<memref::DeallocOp>(next) && next->getOperand(0) != d)))
    next = nextWithEffects(next);
  auto op = dyn_cast_or_null<linalg::GenericOp>(next);
  if (!op || !op.hasPureBufferSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || op.getNumReductionLoops() != 0 ||
      !llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) { return map.isIdentity(); }))
    return std::nullopt;
  Value input = op.getDpsInputOperand(0)->get();
  Value output = op.getDpsInitOperand(0)->get();
  auto outputType = dyn_cast<MemRefType>(output.getType());
  if (!isPointwiseViewOf(input, d, op) || !outputType || !outputType.hasStaticShape() ||
      !outputType.getLayout().isIdentity() ||
      outputType.getElementType() != dType.getElementType() ||
      outputType.getNumElements() != dType.getNumElements() || !deadAfter(d, op) ||
      !isTanhGelu(op))
    return std::nullopt;
  return GeluAfter{op, output};
}

} // namespace pt2c::library
