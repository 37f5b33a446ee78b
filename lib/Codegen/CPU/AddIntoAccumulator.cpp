//===- AddIntoAccumulator.cpp - The pt2c-add-into-accumulator pass --------===//
//
// Passes.td says what it does and why; Contraction.h what a row-major
// contraction is.
//
//===----------------------------------------------------------------------===//

#include "Contraction.h"

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace pt2c {

#define GEN_PASS_DEF_ADDINTOACCUMULATOR
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// A contraction whose only use is one operand of an elementwise add: the
/// add's other operand can start the accumulator instead.
struct Fold {
  linalg::GenericOp add;
  unsigned contractionInput; // the add's operand that is the contraction's result
  linalg::GenericOp contraction;
  /// A packed contraction's (pt2c-pack-weight-panels) output is viewed as
  /// [.., N / panel, panel]: its init is this expand_shape of the real one
  /// and its result comes out through `collapse`.
  tensor::ExpandShapeOp expand;
  tensor::CollapseShapeOp collapse;
};

/// `op` is `out = in0 + in1` over identity-indexed outputs, every loop
/// parallel, f32.
bool isElementwiseAdd(linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 || !op.hasPureTensorSemantics() ||
      op.getNumReductionLoops() != 0 ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity())
    return false;
  Block *body = op.getBody();
  if (body->getOperations().size() != 2)
    return false;
  auto add = dyn_cast<arith::AddFOp>(body->front());
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  if (!add || yield.getOperand(0) != add.getResult() || !add.getType().isF32())
    return false;
  Value a = body->getArgument(0), b = body->getArgument(1);
  return (add.getLhs() == a && add.getRhs() == b) || (add.getLhs() == b && add.getRhs() == a);
}

std::optional<Fold> matchFold(linalg::GenericOp add) {
  if (!isElementwiseAdd(add))
    return std::nullopt;
  Type resultType = add.getResult(0).getType();
  for (unsigned input = 0; input < 2; ++input) {
    OpOperand *operand = add.getDpsInputOperand(input);
    Value value = operand->get();
    if (!add.getMatchingIndexingMap(operand).isIdentity() || value.getType() != resultType ||
        !value.hasOneUse())
      continue;
    Fold fold{add, input, {}, {}, {}};
    if ((fold.collapse = value.getDefiningOp<tensor::CollapseShapeOp>())) {
      value = fold.collapse.getSrc();
      if (!value.hasOneUse())
        continue;
    }
    fold.contraction = value.getDefiningOp<linalg::GenericOp>();
    if (!fold.contraction || !cpu::matchRowMajorContraction(fold.contraction))
      continue;
    if (fold.collapse) {
      // The packed form: its init must be the matching view of a tensor
      // of the add's type.
      fold.expand = fold.contraction.getDpsInits()[0].getDefiningOp<tensor::ExpandShapeOp>();
      if (!fold.expand || fold.expand.getSrc().getType() != resultType ||
          fold.expand.getReassociationIndices() != fold.collapse.getReassociationIndices())
        continue;
    }
    return fold;
  }
  return std::nullopt;
}

/// Whether `value` is a linalg.fill of +0.0: the accumulator then starts
/// from the add's other operand alone.
bool isZeroFill(Value value) {
  auto fill = value.getDefiningOp<linalg::FillOp>();
  return fill && matchPattern(fill.getInputs()[0], m_PosZeroFloat());
}

/// Rewrites `fold`: the new accumulator (the other operand, broadcast as
/// the add read it, plus the old accumulator unless that was zeros), the
/// contraction into it, and the add's uses on its result. Everything is
/// built at the add, which every operand involved dominates.
void applyFold(RewriterBase &rewriter, Fold fold) {
  linalg::GenericOp add = fold.add, contraction = fold.contraction;
  rewriter.setInsertionPoint(add);
  Location loc = rewriter.getFusedLoc({contraction.getLoc(), add.getLoc()});
  MLIRContext *context = rewriter.getContext();
  OpOperand *other = add.getDpsInputOperand(1 - fold.contractionInput);
  Value oldInit = fold.expand ? fold.expand.getSrc() : contraction.getDpsInits()[0];
  auto type = cast<RankedTensorType>(add.getResult(0).getType());
  AffineMap identity = AffineMap::getMultiDimIdentityMap(type.getRank(), context);
  SmallVector<utils::IteratorType> parallel(type.getRank(), utils::IteratorType::parallel);

  SmallVector<Value> inputs = {other->get()};
  SmallVector<AffineMap> maps = {add.getMatchingIndexingMap(other)};
  bool startsAtZero = isZeroFill(oldInit);
  if (!startsAtZero) {
    inputs.push_back(oldInit);
    maps.push_back(identity);
  }
  maps.push_back(identity);
  auto init = linalg::GenericOp::create(
      rewriter, loc, type, inputs, ValueRange{add.getDpsInits()[0]}, maps, parallel,
      [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        Value start = startsAtZero ? args[0]
                                   : arith::AddFOp::create(b, bodyLoc, args[1], args[0]).getResult();
        linalg::YieldOp::create(b, bodyLoc, start);
      });
  Value accumulator = init.getResult(0);
  if (fold.expand)
    accumulator = tensor::ExpandShapeOp::create(rewriter, loc, fold.expand.getType(), accumulator,
                                                fold.expand.getReassociationIndices());
  SmallVector<Value> contractionInputs(contraction.getDpsInputs());
  auto accumulated = linalg::GenericOp::create(
      rewriter, loc, accumulator.getType(), contractionInputs, ValueRange{accumulator},
      contraction.getIndexingMapsArray(), contraction.getIteratorTypesArray());
  rewriter.inlineRegionBefore(contraction.getRegion(), accumulated.getRegion(),
                              accumulated.getRegion().begin());
  Value result = accumulated.getResult(0);
  if (fold.collapse)
    result = tensor::CollapseShapeOp::create(rewriter, loc, type, result,
                                             fold.collapse.getReassociationIndices());
  rewriter.replaceOp(add, result);
  if (fold.collapse)
    rewriter.eraseOp(fold.collapse);
  rewriter.eraseOp(contraction);
  if (fold.expand && fold.expand->use_empty())
    rewriter.eraseOp(fold.expand);
}

struct AddIntoAccumulatorPass : impl::AddIntoAccumulatorBase<AddIntoAccumulatorPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // In program order: a bias add folded into a matmul leaves the
    // residual add after it with the matmul as its operand again, and it
    // comes later in the list. Only adds are listed (and only the one
    // being folded is erased; contractions are, so they are not listed).
    SmallVector<linalg::GenericOp> adds;
    getOperation().walk([&](linalg::GenericOp op) {
      if (isElementwiseAdd(op))
        adds.push_back(op);
    });
    for (linalg::GenericOp add : adds)
      if (std::optional<Fold> fold = matchFold(add))
        applyFold(rewriter, *fold);
  }
};

} // namespace
} // namespace pt2c
