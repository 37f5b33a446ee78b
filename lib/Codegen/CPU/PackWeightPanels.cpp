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

/// `generic`'s contraction with its rhs read from `packed` [P, K, panel]
/// and its output from `init` [.., P * panel]: a loop over panels goes in
/// just before the column loop n (still innermost), and the output is
/// viewed as [.., P, panel] on the way in and collapsed back on the way
/// out. `generic` itself is left in place (its region is cloned).
Value readPackedRhs(RewriterBase &rewriter, linalg::GenericOp generic, Value packed, Value init,
                    int64_t panel) {
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
  auto outType = cast<RankedTensorType>(init.getType());
  SmallVector<int64_t> panelShape(outType.getShape());
  panelShape.back() /= panel;
  panelShape.push_back(panel);
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t d = 0; d + 1 < outType.getRank(); ++d)
    reassociation.push_back({d});
  reassociation.push_back({outType.getRank() - 1, outType.getRank()});

  Value panelInit = tensor::ExpandShapeOp::create(
      rewriter, loc, RankedTensorType::get(panelShape, outType.getElementType()), init,
      reassociation);
  auto packedGeneric = linalg::GenericOp::create(
      rewriter, loc, panelInit.getType(), ValueRange{generic.getDpsInputs()[0], packed},
      ValueRange{panelInit}, ArrayRef<AffineMap>{lhs, rhs, out}, iterators);
  rewriter.cloneRegionBefore(generic.getRegion(), packedGeneric.getRegion(),
                             packedGeneric.getRegion().begin());
  return tensor::CollapseShapeOp::create(rewriter, loc, outType, packedGeneric.getResult(0),
                                         reassociation);
}

/// The offsets, sizes and strides of the columns [first, first + count)
/// (the last dim) of a tensor shaped like `whole`, every other dim whole.
struct ColumnRange {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  ColumnRange(RewriterBase &rewriter, Location loc, Value whole, int64_t first, int64_t count) {
    int64_t rank = cast<RankedTensorType>(whole.getType()).getRank();
    offsets.assign(rank, rewriter.getIndexAttr(0));
    sizes = tensor::getMixedSizes(rewriter, loc, whole);
    strides.assign(rank, rewriter.getIndexAttr(1));
    offsets.back() = rewriter.getIndexAttr(first);
    sizes.back() = rewriter.getIndexAttr(count);
  }
};

/// `init`'s columns [first, first + count).
Value columnSlice(RewriterBase &rewriter, Location loc, Value init, int64_t first, int64_t count) {
  ColumnRange range(rewriter, loc, init, first, count);
  return tensor::ExtractSliceOp::create(rewriter, loc, init, range.offsets, range.sizes,
                                        range.strides);
}

/// `part` written back into `into`'s columns from `first` on.
Value insertColumns(RewriterBase &rewriter, Location loc, Value part, Value into, int64_t first) {
  int64_t count = cast<RankedTensorType>(part.getType()).getShape().back();
  ColumnRange range(rewriter, loc, into, first, count);
  return tensor::InsertSliceOp::create(rewriter, loc, part, into, range.offsets, range.sizes,
                                       range.strides);
}

/// Rewrites `generic` to read its rhs from the panels `packed` holding its
/// first `whole` columns and, when there are more, from `tail` [K, N -
/// whole] (row-major) for the rest: two contractions, each on its own
/// columns of the output (extract_slice in, insert_slice back, one after
/// the other so bufferization keeps both in the output's buffer).
void splitAndPack(RewriterBase &rewriter, linalg::GenericOp generic, Value packed, Value tail,
                  int64_t whole, int64_t panel) {
  Location loc = generic.getLoc();
  rewriter.setInsertionPoint(generic);
  Value init = generic.getDpsInits()[0];
  if (!tail) {
    rewriter.replaceOp(generic, readPackedRhs(rewriter, generic, packed, init, panel));
    return;
  }
  int64_t columns = cast<RankedTensorType>(init.getType()).getShape().back();
  Value front = readPackedRhs(rewriter, generic, packed, columnSlice(rewriter, loc, init, 0, whole),
                              panel);
  Value withFront = insertColumns(rewriter, loc, front, init, 0);
  Value tailInit = columnSlice(rewriter, loc, withFront, whole, columns - whole);
  auto tailGeneric = linalg::GenericOp::create(
      rewriter, loc, tailInit.getType(), ValueRange{generic.getDpsInputs()[0], tail},
      ValueRange{tailInit}, generic.getIndexingMapsArray(), generic.getIteratorTypesArray());
  rewriter.cloneRegionBefore(generic.getRegion(), tailGeneric.getRegion(),
                             tailGeneric.getRegion().begin());
  rewriter.replaceOp(generic, insertColumns(rewriter, loc, tailGeneric.getResult(0), withFront,
                                            whole));
}

/// The [K, N] matrices `argument` is read as: itself where it is 2-d; where
/// it has more dims, the collapse_shapes merging all but its last, if they
/// are its only uses. Nothing if it is read otherwise.
std::optional<SmallVector<Value>> matrixViews(BlockArgument argument) {
  int64_t rank = cast<RankedTensorType>(argument.getType()).getRank();
  if (rank == 2)
    return SmallVector<Value>{argument};
  ReassociationIndices leading;
  for (int64_t d = 0; d + 1 < rank; ++d)
    leading.push_back(d);
  SmallVector<ReassociationIndices> matrixGroups = {leading, {rank - 1}};
  SmallVector<Value> views;
  for (Operation *user : argument.getUsers()) {
    auto collapse = dyn_cast<tensor::CollapseShapeOp>(user);
    if (!collapse || collapse.getReassociationIndices() != matrixGroups)
      return std::nullopt;
    views.push_back(collapse.getResult());
  }
  return views;
}

struct PackWeightPanelsPass : impl::PackWeightPanelsBase<PackWeightPanelsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isDeclaration() || panel < 1)
      return;
    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);
    Block &entry = function.getBody().front();
    unsigned numWeights = 0;
    for (unsigned index = 0; index < function.getNumArguments(); ++index)
      if (function.getArgAttr(index, "pt2c.weight"))
        numWeights = index + 1;
    // Tails are appended after the last weight as they are made: only
    // the weights there were to begin with are candidates.
    unsigned numCandidates = numWeights;
    for (unsigned index = 0; index < numCandidates; ++index) {
      BlockArgument argument = entry.getArgument(index);
      auto type = dyn_cast<RankedTensorType>(argument.getType());
      auto fqn = function.getArgAttrOfType<StringAttr>(index, "pt2c.weight");
      if (!fqn || !type || !type.hasStaticShape() || type.getRank() < 2 ||
          !type.getElementType().isF32() || argument.use_empty())
        continue;
      std::optional<SmallVector<Value>> matrices = matrixViews(argument);
      if (!matrices)
        continue;
      int64_t columns = type.getShape().back();
      int64_t rows = type.getNumElements() / columns;
      int64_t whole = columns - columns % panel;
      if (whole < 2 * panel ||
          !llvm::all_of(*matrices, [](Value matrix) {
            return llvm::all_of(matrix.getUses(), isPackableUse);
          }))
        continue;
      // A convolution's filter [KH, KW, C, F] read as [KH * KW * C, F]
      // (pt2c-convolutions-along-filters) is packed whole, with no tail.
      if (type.getRank() > 2 && whole != columns)
        continue;
      // Columns past the last whole panel (gpt2's LM head: 50257 = 1570 x
      // 32 + 17) are a second weight argument of their own, [K, N - whole]
      // row-major, the same archive tensor's last columns: padding them to
      // a panel would leave a padded output to copy out of.
      Value tail;
      if (whole != columns) {
        SmallVector<NamedAttribute> attrs = {
            NamedAttribute(StringAttr::get(context, "pt2c.weight"), fqn),
            NamedAttribute(StringAttr::get(context, "pt2c.weight_columns"),
                           DenseI64ArrayAttr::get(context, {whole, columns}))};
        if (Attribute permutation = function.getArgAttr(index, "pt2c.weight_permutation"))
          attrs.push_back(
              NamedAttribute(StringAttr::get(context, "pt2c.weight_permutation"), permutation));
        auto tailType = RankedTensorType::get({rows, columns - whole}, type.getElementType());
        if (failed(function.insertArgument(numWeights, tailType,
                                           DictionaryAttr::get(context, attrs),
                                           argument.getLoc()))) {
          signalPassFailure();
          return;
        }
        tail = entry.getArgument(numWeights++);
        function.setArgAttr(index, "pt2c.weight_columns",
                            DenseI64ArrayAttr::get(context, {0, whole}));
      }
      SmallVector<linalg::GenericOp> users;
      for (Value matrix : *matrices)
        for (Operation *user : matrix.getUsers())
          users.push_back(cast<linalg::GenericOp>(user));
      argument.setType(RankedTensorType::get({whole / panel, rows, panel}, type.getElementType()));
      for (linalg::GenericOp user : users)
        splitAndPack(rewriter, user, argument, tail, whole, panel);
      for (Value matrix : *matrices)
        if (matrix != argument)
          rewriter.eraseOp(matrix.getDefiningOp());
      function.setArgAttr(index, "pt2c.weight_panel", rewriter.getI64IntegerAttr(panel));
    }
    function.setType(FunctionType::get(context, entry.getArgumentTypes(),
                                       function.getResultTypes()));
  }
};

} // namespace
} // namespace pt2c
