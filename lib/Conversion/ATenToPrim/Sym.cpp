//===- Sym.cpp - symbolic sizes and the scalar arithmetic on them ---------===//
//
// Programs exported with dynamic shapes compute sizes at run time: sym_size
// reads a dim, `_operator.*` and `torch.sym_*` combine sizes with Python's
// semantics (SymBool i1, SymInt i64, SymFloat f64), and the results feed
// view sizes, factory sizes or scalar operands. They become arith ops next
// to the prim ops; no tensor is involved. Our tensors are values, hence
// contiguous with storage offset 0.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace pt2c {
namespace {

Value i64Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 64);
}

/// Dim `dim` of `tensor` as an i64 (a constant when static).
Value dimSize(OpBuilder &b, Location loc, Value tensor, int64_t dim) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (!type.isDynamicDim(dim))
    return i64Constant(b, loc, type.getDimSize(dim));
  Value size = tensor::DimOp::create(b, loc, tensor, dim);
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), size);
}

/// The product of `tensor`'s dims from `first` on.
Value sizeProduct(OpBuilder &b, Location loc, Value tensor, int64_t first) {
  auto type = cast<RankedTensorType>(tensor.getType());
  Value product = i64Constant(b, loc, 1);
  for (int64_t d = first; d < type.getRank(); ++d)
    product = arith::MulIOp::create(b, loc, product, dimSize(b, loc, tensor, d));
  return product;
}

/// A tensor argument and its normalized `dim` argument.
std::optional<std::pair<Value, int64_t>> tensorAndDim(const CallArgs &args) {
  Value self = tensorArg(args, "self");
  auto dim = args.integer("dim");
  if (!self || !dim)
    return std::nullopt;
  int64_t rank = cast<RankedTensorType>(self.getType()).getRank();
  if (*dim < -rank || *dim >= rank)
    return std::nullopt;
  return std::make_pair(self, PrimBuilder::normalizeDim(*dim, rank));
}

LogicalResult symSize(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  auto operand = tensorAndDim(args);
  if (!operand)
    return rewriter.notifyMatchFailure(call, "expects a tensor and a dim within its rank");
  rewriter.replaceOp(call, dimSize(rewriter, call.getLoc(), operand->first, operand->second));
  return success();
}

// The stride of a contiguous tensor: the product of the dims after `dim`.
LogicalResult symStride(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  auto operand = tensorAndDim(args);
  if (!operand)
    return rewriter.notifyMatchFailure(call, "expects a tensor and a dim within its rank");
  rewriter.replaceOp(call,
                     sizeProduct(rewriter, call.getLoc(), operand->first, operand->second + 1));
  return success();
}

LogicalResult symNumel(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Value self = tensorArg(args, "self");
  if (!self)
    return rewriter.notifyMatchFailure(call, "expects a tensor");
  rewriter.replaceOp(call, sizeProduct(rewriter, call.getLoc(), self, 0));
  return success();
}

LogicalResult symStorageOffset(aten::CallOp call, const CallArgs &args,
                               PatternRewriter &rewriter) {
  if (!tensorArg(args, "self"))
    return rewriter.notifyMatchFailure(call, "expects a tensor");
  rewriter.replaceOp(call, i64Constant(rewriter, call.getLoc(), 0));
  return success();
}

// True in the default (row-major) format; whether a row-major tensor is
// also channels_last-contiguous depends on its sizes, which is refused.
LogicalResult symIsContiguous(aten::CallOp call, const CallArgs &args,
                              PatternRewriter &rewriter) {
  if (!tensorArg(args, "self"))
    return rewriter.notifyMatchFailure(call, "expects a tensor");
  if (auto format = args.string("memory_format"); format && *format != "contiguous_format")
    return rewriter.notifyMatchFailure(call, "is_contiguous in another memory format");
  rewriter.replaceOp(call, arith::ConstantIntOp::create(rewriter, call.getLoc(), 1, 1).getResult());
  return success();
}

/// The type of operand `name` of a Python scalar operator: i1 (bool), i64
/// (int) or f64 (float), as an SSA value or an attribute; null for anything
/// else. Read before building anything, so a refused call leaves no op.
Type scalarOperandType(Builder &b, const CallArgs &args, StringRef name) {
  if (Value value = args.value(name)) {
    Type type = value.getType();
    return type.isSignlessInteger(64) || type.isSignlessInteger(1) || type.isF64() ? type
                                                                                  : Type();
  }
  if (args.boolean(name))
    return b.getI1Type();
  if (args.integer(name))
    return b.getI64Type();
  if (args.number(name))
    return b.getF64Type();
  return Type();
}

/// Operand `name`, whose type scalarOperandType accepted.
Value scalarOperand(OpBuilder &b, Location loc, const CallArgs &args, StringRef name) {
  if (Value value = args.value(name))
    return value;
  if (auto flag = args.boolean(name))
    return arith::ConstantIntOp::create(b, loc, *flag ? 1 : 0, 1);
  if (auto integer = args.integer(name))
    return i64Constant(b, loc, *integer);
  return arith::ConstantFloatOp::create(b, loc, b.getF64Type(), APFloat(*args.number(name)));
}

/// Python's numeric promotion of a scalar to `type` (bool < int < float).
Value promoteScalar(OpBuilder &b, Location loc, Value value, Type type) {
  Type from = value.getType();
  if (from == type)
    return value;
  if (type.isF64())
    return from.isInteger(1) ? arith::UIToFPOp::create(b, loc, type, value).getResult()
                             : arith::SIToFPOp::create(b, loc, type, value).getResult();
  return arith::ExtUIOp::create(b, loc, type, value); // bool -> int
}

/// The wider of two scalar types in Python's order bool < int < float.
Type commonScalarType(Type lhs, Type rhs) {
  auto rank = [](Type type) { return type.isF64() ? 2 : type.isInteger(64) ? 1 : 0; };
  return rank(lhs) >= rank(rhs) ? lhs : rhs;
}

enum class ScalarOp {
  add, sub, mul, truediv, floordiv, mod, eq, ne, lt, le, gt, ge, and_, or_, max, min
};

/// Python's operators on two scalars of one type: int floordiv and mod round
/// toward -inf (the remainder takes the divisor's sign), comparisons give an
/// i1, float comparisons are false on NaN (but `!=` is true). Only what
/// operationType accepts.
Value pythonScalarOp(OpBuilder &b, Location loc, ScalarOp op, Value lhs, Value rhs) {
  bool isFloat = lhs.getType().isF64();
  auto compare = [&](arith::CmpIPredicate ints, arith::CmpFPredicate floats) -> Value {
    if (isFloat)
      return arith::CmpFOp::create(b, loc, floats, lhs, rhs);
    return arith::CmpIOp::create(b, loc, ints, lhs, rhs);
  };
  using I = arith::CmpIPredicate;
  using F = arith::CmpFPredicate;
  switch (op) {
  case ScalarOp::add:
    return isFloat ? arith::AddFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::AddIOp::create(b, loc, lhs, rhs).getResult();
  case ScalarOp::sub:
    return isFloat ? arith::SubFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::SubIOp::create(b, loc, lhs, rhs).getResult();
  case ScalarOp::mul:
    return isFloat ? arith::MulFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::MulIOp::create(b, loc, lhs, rhs).getResult();
  case ScalarOp::truediv: // on floats (int / int is a float)
    return arith::DivFOp::create(b, loc, lhs, rhs);
  case ScalarOp::floordiv: // on ints
    return arith::FloorDivSIOp::create(b, loc, lhs, rhs);
  case ScalarOp::mod: {
    // lhs - floordiv(lhs, rhs) * rhs
    Value quotient = arith::FloorDivSIOp::create(b, loc, lhs, rhs);
    return arith::SubIOp::create(b, loc, lhs, arith::MulIOp::create(b, loc, quotient, rhs));
  }
  case ScalarOp::eq:
    return compare(I::eq, F::OEQ);
  case ScalarOp::ne:
    return compare(I::ne, F::UNE);
  case ScalarOp::lt:
    return compare(I::slt, F::OLT);
  case ScalarOp::le:
    return compare(I::sle, F::OLE);
  case ScalarOp::gt:
    return compare(I::sgt, F::OGT);
  case ScalarOp::ge:
    return compare(I::sge, F::OGE);
  case ScalarOp::and_: // the rest on ints or bools
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case ScalarOp::or_:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case ScalarOp::max: // torch.sym_max/sym_min
    return arith::MaxSIOp::create(b, loc, lhs, rhs);
  case ScalarOp::min:
    return arith::MinSIOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("unknown scalar op");
}

/// The type both operands are promoted to (Python: bool < int < float;
/// arithmetic on bools is on ints, True + True is 2), or null when `op` is
/// not supported on it (float floordiv/mod/&/|/max/min: sizes never need
/// them).
Type operationType(Builder &b, ScalarOp op, Type lhs, Type rhs) {
  if (op == ScalarOp::truediv)
    return b.getF64Type();
  Type common = commonScalarType(lhs, rhs);
  switch (op) {
  case ScalarOp::and_:
  case ScalarOp::or_:
    return common.isF64() ? Type() : common;
  case ScalarOp::floordiv:
  case ScalarOp::mod:
  case ScalarOp::max:
  case ScalarOp::min:
    return common.isF64() ? Type() : b.getI64Type();
  case ScalarOp::add:
  case ScalarOp::sub:
  case ScalarOp::mul:
    return common.isInteger(1) ? b.getI64Type() : common;
  default: // comparisons: on the common type
    return common;
  }
}

bool isComparison(ScalarOp op) {
  return op == ScalarOp::eq || op == ScalarOp::ne || op == ScalarOp::lt || op == ScalarOp::le ||
         op == ScalarOp::gt || op == ScalarOp::ge;
}

template <ScalarOp op>
LogicalResult scalarBinary(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Type lhsType = scalarOperandType(rewriter, args, "a");
  Type rhsType = scalarOperandType(rewriter, args, "b");
  if (!lhsType || !rhsType || call->getNumResults() != 1)
    return rewriter.notifyMatchFailure(call, "expects two bool, int or float operands");
  Type type = operationType(rewriter, op, lhsType, rhsType);
  if (!type)
    return rewriter.notifyMatchFailure(call, "float floordiv, mod, &, |, max and min are not "
                                             "supported");
  Type expected = isComparison(op) ? rewriter.getI1Type() : type;
  if (call->getResult(0).getType() != expected)
    return rewriter.notifyMatchFailure(call, "the result type is not the operation's");
  Location loc = call.getLoc();
  Value lhs = promoteScalar(rewriter, loc, scalarOperand(rewriter, loc, args, "a"), type);
  Value rhs = promoteScalar(rewriter, loc, scalarOperand(rewriter, loc, args, "b"), type);
  rewriter.replaceOp(call, pythonScalarOp(rewriter, loc, op, lhs, rhs));
  return success();
}

// -a, +a, not a, float(a): one operand.
enum class ScalarUnary { neg, pos, not_, toFloat };

/// The result type of `op` on `type` (bools are ints to - and +), null when
/// unsupported (not on a non-bool).
Type unaryResultType(Builder &b, ScalarUnary op, Type type) {
  switch (op) {
  case ScalarUnary::neg:
  case ScalarUnary::pos:
    return type.isInteger(1) ? b.getI64Type() : type;
  case ScalarUnary::not_:
    return type.isInteger(1) ? type : Type();
  case ScalarUnary::toFloat:
    return b.getF64Type();
  }
  llvm_unreachable("unknown unary op");
}

template <ScalarUnary op>
LogicalResult scalarUnary(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Type type = scalarOperandType(rewriter, args, "a");
  Type resultType = type ? unaryResultType(rewriter, op, type) : Type();
  if (!resultType || call->getNumResults() != 1 ||
      call->getResult(0).getType() != resultType)
    return rewriter.notifyMatchFailure(call, "unsupported operand or result type");
  Location loc = call.getLoc();
  Value value = promoteScalar(rewriter, loc, scalarOperand(rewriter, loc, args, "a"), resultType);
  Value result = value; // pos, float
  if (op == ScalarUnary::neg)
    result = resultType.isF64()
                 ? arith::NegFOp::create(rewriter, loc, value).getResult()
                 : arith::SubIOp::create(rewriter, loc, i64Constant(rewriter, loc, 0), value)
                       .getResult();
  else if (op == ScalarUnary::not_)
    result = arith::XOrIOp::create(rewriter, loc, value,
                                   arith::ConstantIntOp::create(rewriter, loc, 1, 1));
  rewriter.replaceOp(call, result);
  return success();
}

// _assert_scalar(cond, msg): export proved the condition for every size the
// input symbols' ranges allow (the runtime rejects inputs outside them), so
// it is dropped. On a data-dependent size (nonzero's count u0 <= numel) it
// states the range the export recorded for it, which the decompositions
// meet by construction and the runtime checks after the run
// (DataDependentOutputs.h).
LogicalResult assertScalar(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  if (call->getNumResults() != 0)
    return rewriter.notifyMatchFailure(call, "expects no result");
  rewriter.eraseOp(call);
  return success();
}

} // namespace

void addSymDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.sym_size.int", "sym", "(arith, tensor.dim)", symSize},
      {"aten.sym_stride.int", "sym", "(arith, tensor.dim)", symStride},
      {"aten.sym_numel.default", "sym", "(arith, tensor.dim)", symNumel},
      {"aten.sym_storage_offset.default", "sym", "(arith)", symStorageOffset},
      {"aten.sym_is_contiguous.default", "sym", "(arith)", symIsContiguous},
      {"aten._assert_scalar.default", "sym", "(none)", assertScalar},
      {"_operator.add", "sym", "(arith)", scalarBinary<ScalarOp::add>},
      {"_operator.sub", "sym", "(arith)", scalarBinary<ScalarOp::sub>},
      {"_operator.mul", "sym", "(arith)", scalarBinary<ScalarOp::mul>},
      {"_operator.truediv", "sym", "(arith)", scalarBinary<ScalarOp::truediv>},
      {"_operator.floordiv", "sym", "(arith)", scalarBinary<ScalarOp::floordiv>},
      {"_operator.mod", "sym", "(arith)", scalarBinary<ScalarOp::mod>},
      {"_operator.eq", "sym", "(arith)", scalarBinary<ScalarOp::eq>},
      {"_operator.ne", "sym", "(arith)", scalarBinary<ScalarOp::ne>},
      {"_operator.lt", "sym", "(arith)", scalarBinary<ScalarOp::lt>},
      {"_operator.le", "sym", "(arith)", scalarBinary<ScalarOp::le>},
      {"_operator.gt", "sym", "(arith)", scalarBinary<ScalarOp::gt>},
      {"_operator.ge", "sym", "(arith)", scalarBinary<ScalarOp::ge>},
      {"_operator.and_", "sym", "(arith)", scalarBinary<ScalarOp::and_>},
      {"_operator.or_", "sym", "(arith)", scalarBinary<ScalarOp::or_>},
      {"torch.sym_max", "sym", "(arith)", scalarBinary<ScalarOp::max>},
      {"torch.sym_min", "sym", "(arith)", scalarBinary<ScalarOp::min>},
      {"_operator.neg", "sym", "(arith)", scalarUnary<ScalarUnary::neg>},
      {"_operator.pos", "sym", "(arith)", scalarUnary<ScalarUnary::pos>},
      {"torch.sym_not", "sym", "(arith)", scalarUnary<ScalarUnary::not_>},
      {"torch.sym_float", "sym", "(arith)", scalarUnary<ScalarUnary::toFloat>},
  });
}

} // namespace pt2c
