//===- ScatterAtomics.cpp - The pt2c-scatter-atomics pass -----------------===//
//
// A lowered prim.scatter (ScatterMarker.h) computes every result position
// by folding every update of its row that could land there: a thread per
// position and O(size(dim) x updates) per row. Here it becomes a kernel
// with a thread per update that combines the update into the one position
// its index names with an atomic read-modify-write (Passes.td says which
// kinds and why the others stay).
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/GPU/Passes.h"
#include "pt2c/Conversion/IndexChecks.h"
#include "pt2c/Conversion/ScatterMarker.h"

#include "KernelBody.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/TypeSwitch.h"

#include <optional>

namespace pt2c {

#define GEN_PASS_DEF_SCATTERATOMICS
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;
using namespace pt2c::kernel;

/// What a marked scatter's body does, in the terms of one update: the
/// position it lands on (`target`, compared with the result position
/// `position` in `hit`), the value it brings (`update`) and how that is
/// combined (`kind`; none: it replaces what is there).
struct ScatterBody {
  int64_t dim = 0;
  arith::CmpIOp hit;
  Value target;
  Value update;
  std::optional<arith::AtomicRMWKind> kind;
};

/// The atomic kind doing what `combine` does to the accumulator, if one
/// does it natively (for floats: NaN wins max and min, as arith's
/// maximumf/minimumf and LLVM's fmaximum/fminimum).
std::optional<arith::AtomicRMWKind> atomicKindOf(Operation *combine) {
  return llvm::TypeSwitch<Operation *, std::optional<arith::AtomicRMWKind>>(combine)
      .Case([](arith::AddFOp) { return arith::AtomicRMWKind::addf; })
      .Case([](arith::AddIOp) { return arith::AtomicRMWKind::addi; })
      .Case([](arith::MaximumFOp) { return arith::AtomicRMWKind::maximumf; })
      .Case([](arith::MinimumFOp) { return arith::AtomicRMWKind::minimumf; })
      .Case([](arith::MaxSIOp) { return arith::AtomicRMWKind::maxs; })
      .Case([](arith::MinSIOp) { return arith::AtomicRMWKind::mins; })
      .Case([](arith::MaxUIOp) { return arith::AtomicRMWKind::maxu; })
      .Case([](arith::MinUIOp) { return arith::AtomicRMWKind::minu; })
      .Default([](Operation *) { return std::nullopt; });
}

/// The `cmpi eq` of the result position with the update's target inside
/// `hit` (itself, or one term of an `andi` chain with guards).
arith::CmpIOp findPositionCompare(Value hit, Value position) {
  if (auto compare = hit.getDefiningOp<arith::CmpIOp>()) {
    if (compare.getPredicate() == arith::CmpIPredicate::eq &&
        (compare.getLhs() == position || compare.getRhs() == position))
      return compare;
    return {};
  }
  if (auto both = hit.getDefiningOp<arith::AndIOp>()) {
    if (arith::CmpIOp compare = findPositionCompare(both.getLhs(), position))
      return compare;
    return findPositionCompare(both.getRhs(), position);
  }
  return {};
}

/// The marked generic's body read as one update, when it is in the form
/// Scatter.cpp writes: loops over the
/// result's r dims and then the updates' position along `dim`, the output
/// the identity of the first r loops, no input reading along loop `dim`
/// (the result's position, which only the compare may use), and the yield
/// `select(hit, next, current)` with `next` either `combine(current,
/// update)` for an atomic kind or free of `current`.
std::optional<ScatterBody> matchScatterBody(linalg::GenericOp generic) {
  auto mark = generic->getAttrOfType<IntegerAttr>(kScatterDimAttr);
  if (!mark || !generic.hasPureBufferSemantics() || generic.getNumDpsInits() != 1)
    return std::nullopt;
  auto type = cast<MemRefType>(generic.getDpsInits()[0].getType());
  int64_t rank = type.getRank(), dim = mark.getInt();
  auto iterators = generic.getIteratorTypesArray();
  if (dim < 0 || dim >= rank || int64_t(iterators.size()) != rank + 1 ||
      iterators.back() != utils::IteratorType::reduction ||
      llvm::count(iterators, utils::IteratorType::reduction) != 1)
    return std::nullopt;
  AffineMap outputMap = generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  if (outputMap != AffineMap::getMultiDimIdentityMap(rank + 1, generic.getContext())
                       .getMajorSubMap(rank))
    return std::nullopt;
  for (OpOperand *input : generic.getDpsInputOperands())
    if (generic.getMatchingIndexingMap(input).isFunctionOfDim(dim))
      return std::nullopt;

  Block &body = generic.getRegion().front();
  Value current = body.getArguments().back();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto select = yield.getValues()[0].getDefiningOp<arith::SelectOp>();
  if (!select || select.getFalseValue() != current || select.getTrueValue() == current)
    return std::nullopt;
  // The result position: one linalg.index of `dim`, read by the compare only.
  Value position;
  for (auto index : body.getOps<linalg::IndexOp>())
    if (int64_t(index.getDim()) == dim) {
      if (position)
        return std::nullopt;
      position = index.getResult();
    }
  ScatterBody scatter;
  scatter.dim = dim;
  scatter.hit = position ? findPositionCompare(select.getCondition(), position) : nullptr;
  if (!scatter.hit || !position.hasOneUse())
    return std::nullopt;
  scatter.target = scatter.hit.getLhs() == position ? scatter.hit.getRhs() : scatter.hit.getLhs();

  Value next = select.getTrueValue();
  Operation *combine = next.getDefiningOp();
  SmallVector<Operation *> readers(current.getUsers().begin(), current.getUsers().end());
  if (readers.size() == 1) { // the select: the update replaces what is there
    scatter.update = next;
    return scatter;
  }
  if (readers.size() != 2 || !combine || !llvm::is_contained(readers, combine) ||
      combine->getNumOperands() != 2 || combine->getOperand(0) == combine->getOperand(1))
    return std::nullopt;
  scatter.kind = atomicKindOf(combine);
  // Native atomics of 32 and 64 bits only (f16/bf16 scatters accumulate in
  // f32 already).
  unsigned width = type.getElementTypeBitWidth();
  if (!scatter.kind || (width != 32 && width != 64))
    return std::nullopt;
  scatter.update = combine->getOperand(0) == current ? combine->getOperand(1)
                                                     : combine->getOperand(0);
  return scatter;
}

/// Replaces `generic` by a launch with a thread per update: every loop but
/// the result's `dim` (the updates' positions), linearized as pt2c-map-to-gpu
/// does. Each thread evaluates the body without the accumulator, and when
/// its update lands inside the dim (and any guard of the body holds)
/// combines it into the result at its position atomically, or stores it.
void launchPerUpdate(linalg::GenericOp generic, const ScatterBody &scatter, int64_t blockSize,
                     IRRewriter &rewriter) {
  Location loc = generic.getLoc();
  rewriter.setInsertionPoint(generic);
  SmallVector<Range> ranges =
      cast<linalg::LinalgOp>(generic.getOperation()).createLoopRanges(rewriter, loc);
  Value result = generic.getDpsInits()[0];
  Value dimSize = memref::DimOp::create(rewriter, loc, result, scatter.dim);
  ParallelSpace space;
  space.total = arith::ConstantIndexOp::create(rewriter, loc, 1);
  // In the updates' order (loop r stands for their position along `dim`),
  // their last dim varying fastest: neighbouring threads read neighbouring
  // indices and updates.
  int64_t rank = int64_t(ranges.size()) - 1;
  for (int64_t k = 0; k < rank; ++k) {
    int64_t loop = k == scatter.dim ? rank : k;
    Value count = getValueOrCreateConstantIndexOp(rewriter, loc, ranges[loop].size);
    space.dims.push_back(loop);
    space.counts.push_back(count);
    space.total = arith::MulIOp::create(rewriter, loc, space.total, count);
  }
  SmallVector<Value> loopIndices(generic.getNumLoops());
  launchPerPoint(rewriter, loc, space, blockSize, loopIndices);
  // The result position along `dim` is unknown until the body gives the
  // target; no input reads it (matchScatterBody), the compare is redone.
  loopIndices[scatter.dim] = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> blockValues = loadInputs(rewriter, loc, generic, loopIndices);
  Type element = getElementTypeOrSelf(result.getType());
  blockValues.push_back(arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(element)));
  IRMapping mapping;
  SmallVector<Value> yielded = emitBody(rewriter, generic, blockValues, loopIndices, mapping);
  OpBuilder::InsertPoint threadEnd = rewriter.saveInsertionPoint();

  // hit: the target inside the dim in place of `target == position`.
  Value target = mapping.lookupOrDefault(scatter.target);
  auto compare = cast<arith::CmpIOp>(mapping.lookup(scatter.hit->getResult(0)).getDefiningOp());
  rewriter.setInsertionPoint(compare);
  auto inside = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, target, dimSize);
  // The compare every index goes through: the check of the indices' range
  // (ScatterMarker.h), done here instead of by a scan of the runtime's.
  if (auto site = generic->getAttrOfType<FlatSymbolRefAttr>(kIndexSiteAttr))
    inside->setAttr(kIndexSiteAttr, site);
  rewriter.replaceOp(compare, inside);
  auto select = cast<arith::SelectOp>(yielded[0].getDefiningOp());
  Value hit = select.getCondition();
  Value update = mapping.lookupOrDefault(scatter.update);
  // The select and the combination read the placeholder accumulator.
  Operation *combine = select.getTrueValue().getDefiningOp();
  rewriter.eraseOp(select);
  if (scatter.kind && combine->use_empty())
    rewriter.eraseOp(combine);

  rewriter.restoreInsertionPoint(threadEnd);
  auto lands = scf::IfOp::create(rewriter, loc, hit, /*withElseRegion=*/false);
  rewriter.setInsertionPointToStart(lands.thenBlock());
  loopIndices[scatter.dim] = target;
  AffineMap outputMap = generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  SmallVector<Value> at = indicesAt(rewriter, loc, outputMap, loopIndices);
  // Without a kind the update replaces the element: of several updates of
  // one position, any may be the last (torch's CUDA scatters do the same).
  if (scatter.kind)
    memref::AtomicRMWOp::create(rewriter, loc, *scatter.kind, update, result, at);
  else
    memref::StoreOp::create(rewriter, loc, update, result, at);
  rewriter.eraseOp(generic);
}

struct ScatterAtomicsPass : impl::ScatterAtomicsBase<ScatterAtomicsPass> {
  using ScatterAtomicsBase::ScatterAtomicsBase;

  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, ScatterBody>> scatters;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (std::optional<ScatterBody> body = matchScatterBody(generic))
        scatters.emplace_back(generic, *body);
    });
    IRRewriter rewriter(&getContext());
    for (auto &[generic, body] : scatters)
      launchPerUpdate(generic, body, blockSize, rewriter);
  }
};

} // namespace
} // namespace pt2c
