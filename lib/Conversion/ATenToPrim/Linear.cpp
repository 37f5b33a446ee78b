//===- Linear.cpp - linear -------------------------------------------------===//

#include "Families.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

using namespace mlir;

namespace pt2c {
namespace {

// linear(x [..., K], W [N, K], b [N]?) = x @ W^T + b
// prim.matmul takes identical batch dims, so W^T is broadcast over x's batch.
LogicalResult linear(aten::CallOp call, const CallArgs &args, PatternRewriter &rewriter) {
  RankedTensorType type = resultType(call);
  Value input = args.value("input"), weight = args.value("weight");
  if (!type || !input || !weight)
    return rewriter.notifyMatchFailure(call, "expects tensors input and weight");
  auto inputType = cast<RankedTensorType>(input.getType());
  auto weightType = cast<RankedTensorType>(weight.getType());
  int64_t rank = inputType.getRank();
  if (rank < 2 || weightType.getRank() != 2)
    return rewriter.notifyMatchFailure(call, "supports input rank >= 2 and a 2-d weight");
  Location loc = call.getLoc();
  PrimBuilder p(rewriter, loc);
  Type element = type.getElementType();
  input = p.convert(input, element);
  Value transposed = prim::TransposeOp::create(rewriter, loc, p.convert(weight, element),
                                               rewriter.getDenseI64ArrayAttr({1, 0}));
  if (rank > 2) {
    // [batch..., K, N]: x's batch dims, then W^T.
    SmallVector<int64_t> shape(inputType.getShape().drop_back(2));
    shape.append({weightType.getDimSize(1), weightType.getDimSize(0)});
    auto batched = RankedTensorType::get(shape, element);
    transposed = p.broadcastInDim(transposed, batched, {rank - 2, rank - 1}, {input});
  }
  Value result = prim::MatmulOp::create(rewriter, loc, input, transposed);
  if (!args.isNone("bias")) {
    Value bias = args.value("bias");
    if (!bias)
      return rewriter.notifyMatchFailure(call, "bias must be a tensor or None");
    result = prim::AddOp::create(rewriter, loc, result,
                                 p.broadcastInDim(bias, type, {rank - 1}, {input}));
  }
  rewriter.replaceOp(call, result);
  return success();
}

} // namespace

void addLinearDecompositions(std::vector<Decomposition> &table) {
  table.insert(table.end(), {
      {"aten.linear.default", "linear", "transpose, broadcast_in_dim, matmul, add", linear},
  });
}

} // namespace pt2c
