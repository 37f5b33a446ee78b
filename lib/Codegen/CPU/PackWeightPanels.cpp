//===- PackWeightPanels.cpp - The pt2c-pack-weight-panels pass ------------===//
//
// Passes.td says what it does and why; Contraction.h what a row-major
// contraction is.
//
//===----------------------------------------------------------------------===//

#include "Contraction.h"

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"

namespace pt2c {

#define GEN_PASS_DEF_PACKWEIGHTPANELS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// Whether `use` is the rhs of a row-major contraction that reads it as
/// (k, n), the column loop innermost: the form the packed panels replace.
bool isPackableUse(OpOperand &use) {
  auto generic = dyn_cast<linalg::GenericOp>(use.getOwner());
  if (!generic || use.getOperandNumber() != 1)
    return false;
  std::optional<cpu::ContractionLoops> loops = cpu::matchRowMajorContraction(generic);
  if (!loops)
    return false;
  AffineMap rhs = generic.getMatchingIndexingMap(&use);
  return rhs.getNumResults() == 2 && rhs.getDimPosition(0) == loops->k &&
         rhs.getDimPosition(1) == loops->n;
}

/// `generic` with its rhs read from `packed` [N / panel, K, panel]: a loop
/// over panels goes in just before the column loop n (still innermost),
/// and the output is viewed as [.., N / panel, panel] on the way in and
/// collapsed back on the way out.
void readPackedRhs(RewriterBase &rewriter, linalg::GenericOp generic, Value packed, int64_t panel) {
  std::optional<cpu::ContractionLoops> loops = cpu::matchRowMajorContraction(generic);
  unsigned numLoops = generic.getNumLoops();
  MLIRContext *context = rewriter.getContext();
  // Old loop d < n keeps its position; the panel loop takes n's, n moves
  // one further.
  unsigned panelLoop = loops->n, column = loops->n + 1;
  auto remap = [&](AffineMap map) {
    SmallVector<AffineExpr> results;
    for (unsigned d : llvm::map_range(map.getResults(), [](AffineExpr e) {
           return cast<AffineDimExpr>(e).getPosition();
         }))
      results.push_back(getAffineDimExpr(d == loops->n ? column : d, context));
    return results;
  };
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  AffineMap lhs = AffineMap::get(numLoops + 1, 0, remap(maps[0]), context);
  AffineMap rhs = AffineMap::get(numLoops + 1, 0,
                                 {getAffineDimExpr(panelLoop, context),
                                  getAffineDimExpr(loops->k, context),
                                  getAffineDimExpr(column, context)},
                                 context);
  // The output's last dim is n (the matcher checked): it splits in two.
  SmallVector<AffineExpr> outResults = remap(maps[2]);
  outResults.insert(outResults.end() - 1, getAffineDimExpr(panelLoop, context));
  AffineMap out = AffineMap::get(numLoops + 1, 0, outResults, context);

  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  iterators.insert(iterators.begin() + panelLoop, utils::IteratorType::parallel);

  Location loc = generic.getLoc();
  auto outType = cast<RankedTensorType>(generic.getDpsInits()[0].getType());
  SmallVector<int64_t> panelShape(outType.getShape());
  panelShape.back() /= panel;
  panelShape.push_back(panel);
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t d = 0; d + 1 < outType.getRank(); ++d)
    reassociation.push_back({d});
  reassociation.push_back({outType.getRank() - 1, outType.getRank()});

  rewriter.setInsertionPoint(generic);
  Value init = tensor::ExpandShapeOp::create(
      rewriter, loc, RankedTensorType::get(panelShape, outType.getElementType()),
      generic.getDpsInits()[0], reassociation);
  auto packedGeneric = linalg::GenericOp::create(
      rewriter, loc, init.getType(), ValueRange{generic.getDpsInputs()[0], packed}, ValueRange{init},
      ArrayRef<AffineMap>{lhs, rhs, out}, iterators);
  rewriter.inlineRegionBefore(generic.getRegion(), packedGeneric.getRegion(),
                              packedGeneric.getRegion().begin());
  Value result = tensor::CollapseShapeOp::create(rewriter, loc, outType, packedGeneric.getResult(0),
                                                 reassociation);
  rewriter.replaceOp(generic, result);
}

struct PackWeightPanelsPass : impl::PackWeightPanelsBase<PackWeightPanelsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isDeclaration() || panel < 1)
      return;
    IRRewriter rewriter(&getContext());
    Block &entry = function.getBody().front();
    for (BlockArgument argument : entry.getArguments()) {
      unsigned index = argument.getArgNumber();
      auto type = dyn_cast<RankedTensorType>(argument.getType());
      if (!function.getArgAttr(index, "pt2c.weight") || !type || !type.hasStaticShape() ||
          type.getRank() != 2 || !type.getElementType().isF32() || argument.use_empty())
        continue;
      int64_t rows = type.getDimSize(0), columns = type.getDimSize(1);
      if (columns % panel != 0 || columns < 2 * panel ||
          !llvm::all_of(argument.getUses(), isPackableUse))
        continue;
      auto packedType = RankedTensorType::get({columns / panel, rows, panel}, type.getElementType());
      SmallVector<linalg::GenericOp> users;
      for (Operation *user : argument.getUsers())
        users.push_back(cast<linalg::GenericOp>(user));
      argument.setType(packedType);
      for (linalg::GenericOp user : users)
        readPackedRhs(rewriter, user, argument, panel);
      function.setArgAttr(index, "pt2c.weight_panel", rewriter.getI64IntegerAttr(panel));
    }
    function.setType(FunctionType::get(&getContext(), entry.getArgumentTypes(),
                                       function.getResultTypes()));
  }
};

} // namespace
} // namespace pt2c
