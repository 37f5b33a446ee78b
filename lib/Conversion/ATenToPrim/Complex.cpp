//===- Complex.cpp - complex tensors made from real ones, and back --------===//
//
// complex(real, imag) and polar(abs, angle) build a complex tensor from its
// parts (broadcast as a binary op); view_as_complex and view_as_real are the
// interleaved form (ComplexBoundary.h) read as complex and back, so they
// are only the casts.
//
//===----------------------------------------------------------------------===//

#include "ComplexParts.h"
#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace pt2c {
namespace {

/// The complex result type and its part type (the operands broadcast to
/// it); null when the result is not a complex tensor.
RankedTensorType partTypeOf(aten::CallOp call) {
  RankedTensorType type = resultType(call);
  if (!type || !isComplexTensor(type))
    return nullptr;
  return type.clone(cast<ComplexType>(type.getElementType()).getElementType());
}

template <bool polar>
LogicalResult fromParts(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType partType = partTypeOf(call);
  if (!partType || !partType.hasStaticShape())
    return rewriter.notifyMatchFailure(call, "expects a complex result of static shape");
  PrimBuilder p(rewriter, call.getLoc());
  SmallVector<Value> operands =
      operandsAs(p, args, polar ? ArrayRef<StringRef>{"abs", "angle"}
                                : ArrayRef<StringRef>{"real", "imag"},
                 partType);
  if (operands.size() != 2)
    return rewriter.notifyMatchFailure(call, "expects two real tensors");
  Cx parts = {operands[0], operands[1]};
  if (polar)
    parts = {p.create<prim::MulOp>(operands[0], p.create<prim::CosOp>(operands[1])),
             p.create<prim::MulOp>(operands[0], p.create<prim::SinOp>(operands[1]))};
  return replaceChecked(call, complexOfParts(p, parts, resultType(call)), rewriter);
}

/// The operand, already of the result's interleaved (or complex) form,
/// cast to the result type.
LogicalResult reinterpret(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  RankedTensorType type = resultType(call);
  if (!self || !type)
    return rewriter.notifyMatchFailure(call, "expects a tensor");
  auto selfType = cast<RankedTensorType>(self.getType());
  bool toComplex = isComplexTensor(type);
  if (toComplex ? interleavedType(type) != selfType
                : !isComplexTensor(selfType) || interleavedType(selfType) != type)
    return rewriter.notifyMatchFailure(call, "expects [..., 2] floats and the complex [...]");
  rewriter.replaceOp(call, UnrealizedConversionCastOp::create(rewriter, call.getLoc(),
                                                              TypeRange{type}, ValueRange{self}));
  return success();
}

} // namespace

void addComplexDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.complex.default", "complex", "concatenate, reshape", fromParts<false>, true},
      {"aten.polar.default", "complex", "cos, sin, mul, concatenate, reshape", fromParts<true>,
       true},
      {"aten.view_as_complex.default", "complex", "(none)", reinterpret, true},
      {"aten.view_as_real.default", "complex", "(none)", reinterpret, true},
  });
}

} // namespace pt2c
