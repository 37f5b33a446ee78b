//===- Sym.cpp - symbolic sizes and the scalar arithmetic on them ---------===//
//
// Programs exported with dynamic shapes compute sizes at run time: sym_size
// reads a dim, `_operator.*` combine sizes (Python int semantics), and the
// results feed view sizes, factory sizes or scalar operands. They become
// arith ops on i64 (index for tensor.dim) next to the prim ops; no tensor is
// involved. Our tensors are values, hence contiguous with storage offset 0.
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

LogicalResult symIsContiguous(aten::CallOp call, const CallArgs &args,
                              PatternRewriter &rewriter) {
  if (!tensorArg(args, "self"))
    return rewriter.notifyMatchFailure(call, "expects a tensor");
  rewriter.replaceOp(call, arith::ConstantIntOp::create(rewriter, call.getLoc(), 1, 1).getResult());
  return success();
}

/// Operand `name` of an `_operator` call as an i64 or i1: an SSA value, or
/// an int/bool attribute. Null for floats (SymFloat arithmetic is not
/// supported) and anything else.
Value intOperand(OpBuilder &b, Location loc, const CallArgs &args, StringRef name) {
  if (Value value = args.value(name))
    return value.getType().isSignlessInteger(64) || value.getType().isSignlessInteger(1)
               ? value
               : Value();
  if (auto flag = args.boolean(name))
    return arith::ConstantIntOp::create(b, loc, *flag ? 1 : 0, 1);
  if (auto integer = args.integer(name))
    return i64Constant(b, loc, *integer);
  return Value();
}

enum class IntOp { add, sub, mul, floordiv, mod, eq, ne, lt, le, gt, ge, and_, or_ };

/// Python's int operators on i64 (floordiv and mod round toward -inf, the
/// remainder takes the divisor's sign) and comparisons giving i1.
Value pythonIntOp(OpBuilder &b, Location loc, IntOp op, Value lhs, Value rhs) {
  auto compare = [&](arith::CmpIPredicate predicate) -> Value {
    return arith::CmpIOp::create(b, loc, predicate, lhs, rhs);
  };
  switch (op) {
  case IntOp::add:
    return arith::AddIOp::create(b, loc, lhs, rhs);
  case IntOp::sub:
    return arith::SubIOp::create(b, loc, lhs, rhs);
  case IntOp::mul:
    return arith::MulIOp::create(b, loc, lhs, rhs);
  case IntOp::floordiv:
    return arith::FloorDivSIOp::create(b, loc, lhs, rhs);
  case IntOp::mod: {
    // lhs - floordiv(lhs, rhs) * rhs
    Value quotient = arith::FloorDivSIOp::create(b, loc, lhs, rhs);
    return arith::SubIOp::create(b, loc, lhs, arith::MulIOp::create(b, loc, quotient, rhs));
  }
  case IntOp::eq:
    return compare(arith::CmpIPredicate::eq);
  case IntOp::ne:
    return compare(arith::CmpIPredicate::ne);
  case IntOp::lt:
    return compare(arith::CmpIPredicate::slt);
  case IntOp::le:
    return compare(arith::CmpIPredicate::sle);
  case IntOp::gt:
    return compare(arith::CmpIPredicate::sgt);
  case IntOp::ge:
    return compare(arith::CmpIPredicate::sge);
  case IntOp::and_:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case IntOp::or_:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("unknown int op");
}

template <IntOp op>
LogicalResult intBinary(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Location loc = call.getLoc();
  Value lhs = intOperand(rewriter, loc, args, "a");
  Value rhs = intOperand(rewriter, loc, args, "b");
  if (!lhs || !rhs || call->getNumResults() != 1)
    return rewriter.notifyMatchFailure(call, "expects two int (or bool) operands");
  // bool op int: Python promotes the bool.
  if (lhs.getType() != rhs.getType()) {
    auto widen = [&](Value v) -> Value {
      return v.getType().isInteger(1) ? arith::ExtUIOp::create(rewriter, loc, rewriter.getI64Type(), v).getResult() : v;
    };
    lhs = widen(lhs);
    rhs = widen(rhs);
  }
  Value result = pythonIntOp(rewriter, loc, op, lhs, rhs);
  if (result.getType() != call->getResult(0).getType())
    return rewriter.notifyMatchFailure(call, "the result type is not the operation's");
  rewriter.replaceOp(call, result);
  return success();
}

LogicalResult intNeg(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  Location loc = call.getLoc();
  Value value = intOperand(rewriter, loc, args, "a");
  if (!value || !value.getType().isInteger(64))
    return rewriter.notifyMatchFailure(call, "expects an int operand");
  rewriter.replaceOp(call, arith::SubIOp::create(rewriter, loc, i64Constant(rewriter, loc, 0),
                                                 value).getResult());
  return success();
}

// _assert_scalar(cond, msg): export proved the condition for every size the
// input symbols' ranges allow (the runtime rejects inputs outside them), so
// it is dropped. A condition on data-dependent sizes would need a run-time
// check; those programs are refused earlier (their ops have data-dependent
// output shapes).
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
      {"_operator.add", "sym", "(arith)", intBinary<IntOp::add>},
      {"_operator.sub", "sym", "(arith)", intBinary<IntOp::sub>},
      {"_operator.mul", "sym", "(arith)", intBinary<IntOp::mul>},
      {"_operator.floordiv", "sym", "(arith)", intBinary<IntOp::floordiv>},
      {"_operator.mod", "sym", "(arith)", intBinary<IntOp::mod>},
      {"_operator.eq", "sym", "(arith)", intBinary<IntOp::eq>},
      {"_operator.ne", "sym", "(arith)", intBinary<IntOp::ne>},
      {"_operator.lt", "sym", "(arith)", intBinary<IntOp::lt>},
      {"_operator.le", "sym", "(arith)", intBinary<IntOp::le>},
      {"_operator.gt", "sym", "(arith)", intBinary<IntOp::gt>},
      {"_operator.ge", "sym", "(arith)", intBinary<IntOp::ge>},
      {"_operator.and_", "sym", "(arith)", intBinary<IntOp::and_>},
      {"_operator.or_", "sym", "(arith)", intBinary<IntOp::or_>},
      {"_operator.neg", "sym", "(arith)", intNeg},
  });
}

} // namespace pt2c
