//===- Contraction.cpp - Recognize row-major f32 contractions -------------===//

#include "Contraction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace pt2c::cpu {

using namespace mlir;

namespace {

/// The body is `yield out + lhs * rhs` (either operand order), nothing else:
/// then the tile's vector.contract computes exactly what the loops did.
bool isMultiplyAccumulate(linalg::GenericOp op) {
  Block *body = op.getBody();
  if (body->getNumArguments() != 3 || body->getOperations().size() != 3)
    return false;
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  Value acc = body->getArgument(2);
  Value product = add.getLhs() == acc ? add.getRhs() : add.getRhs() == acc ? add.getLhs() : Value();
  auto mul = product ? product.getDefiningOp<arith::MulFOp>() : arith::MulFOp();
  if (!mul)
    return false;
  Value a = body->getArgument(0), b = body->getArgument(1);
  return (mul.getLhs() == a && mul.getRhs() == b) || (mul.getLhs() == b && mul.getRhs() == a);
}

bool uses(AffineMap map, unsigned dim) {
  return map.isFunctionOfDim(dim);
}

unsigned lastDim(AffineMap map) {
  return cast<AffineDimExpr>(map.getResults().back()).getPosition();
}

} // namespace

RegisterTile registerTile(int64_t vectorBits) {
  if (vectorBits >= 512)
    return {/*rows=*/8, /*columns=*/32, /*lanes=*/16};
  return {/*rows=*/6, /*columns=*/16, /*lanes=*/8};
}

int64_t rowsPerTile(int64_t rows, const RegisterTile &tile) {
  // A shorter tile has fewer accumulators for each rhs load: only one row
  // shorter, and only where the rows would otherwise end in a tile of one
  // or two.
  int64_t last = ShapedType::isDynamic(rows) ? 0 : rows % tile.rows;
  if (rows > tile.rows && (last == 1 || last == 2) && rows % (tile.rows - 1) == 0)
    return tile.rows - 1;
  return tile.rows;
}

std::optional<ContractionLoops> matchRowMajorContraction(linalg::LinalgOp linalgOp) {
  auto op = dyn_cast<linalg::GenericOp>(linalgOp.getOperation());
  if (!op || op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 || !op.hasPureTensorSemantics())
    return std::nullopt;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    if (!type || !type.getElementType().isF32() || type.getRank() < 2)
      return std::nullopt;
  }
  if (op.getNumReductionLoops() != 1 || !isMultiplyAccumulate(op))
    return std::nullopt;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (!llvm::all_of(maps, [](AffineMap map) { return map.isProjectedPermutation(/*allowZeroInResults=*/false); }))
    return std::nullopt;
  AffineMap lhs = maps[0], rhs = maps[1], out = maps[2];
  ContractionLoops loops;
  unsigned numLoops = op.getNumLoops();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  loops.n = numLoops - 1;
  // m: the innermost output dim before n that is a row of lhs only (a
  // plain matmul's second to last; a packed rhs (pt2c-pack-weight-panels)
  // puts its panel loop, a dim of rhs and out, in between).
  loops.m = loops.n;
  for (AffineExpr result : llvm::reverse(out.getResults().drop_back())) {
    unsigned d = cast<AffineDimExpr>(result).getPosition();
    if (uses(lhs, d) && !uses(rhs, d)) {
      loops.m = d;
      break;
    }
  }
  loops.k = 0;
  for (unsigned d = 0; d < numLoops; ++d)
    if (iterators[d] == utils::IteratorType::reduction)
      loops.k = d;
  // n: the contiguous column of rhs and out; m: a row of lhs and out only;
  // k: read by both inputs.
  bool shaped = iterators[loops.n] == utils::IteratorType::parallel &&
                loops.m != loops.n && iterators[loops.m] == utils::IteratorType::parallel && lastDim(rhs) == loops.n &&
                lastDim(out) == loops.n && !uses(lhs, loops.n) && uses(lhs, loops.m) &&
                !uses(rhs, loops.m) && uses(lhs, loops.k) && uses(rhs, loops.k);
  if (!shaped)
    return std::nullopt;
  for (unsigned d = 0; d < numLoops; ++d)
    if (d != loops.m && d != loops.n && d != loops.k)
      loops.batch.push_back(d);
  return loops;
}

bool hasConvolutionMaps(linalg::LinalgOp op) {
  if (op.getNumLoops() != 5 || op->getNumOperands() != 3)
    return false;
  MLIRContext *context = op.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, context); };
  SmallVector<AffineMap> expected = {AffineMap::get(5, 0, {d(1), d(2), d(3)}, context),
                                     AffineMap::get(5, 0, {d(0), d(1), d(3), d(4)}, context),
                                     AffineMap::get(5, 0, {d(0), d(1), d(2), d(4)}, context)};
  return op.getIndexingMapsArray() == expected &&
         op.getIteratorTypesArray()[3] == utils::IteratorType::reduction;
}

} // namespace pt2c::cpu
