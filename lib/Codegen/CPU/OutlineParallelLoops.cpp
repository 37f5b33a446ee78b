//===- OutlineParallelLoops.cpp - The pt2c-outline-parallel-loops pass ----===//
//
// Passes.td says what it does and why: each outermost scf.parallel moves
// into a private function of its own, so that the OpenMP translation's
// outlining (LLVM's CodeExtractor, which scans the whole function around
// each region it extracts) sees a small function per region instead of
// the whole model's; where a function has very many outermost sequential
// loops, each of those moves out too (noinline), so that LLVM's register
// allocation sees bounded functions.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace pt2c {

#define GEN_PASS_DEF_OUTLINEPARALLELLOOPS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

/// Moves `loop` (which has no results) into a new private function named
/// after `func` and calls it in its place; fails (leaving `loop` where it
/// was) if MLIR's outlining does not apply.
FailureOr<func::FuncOp> outline(RewriterBase &rewriter, SymbolTable &symbols, func::FuncOp func,
                                Operation *loop, llvm::StringRef kind, unsigned index) {
  Location loc = loop->getLoc();
  // outlineSingleBlockRegion takes a region: wrap the loop in one.
  rewriter.setInsertionPoint(loop);
  auto wrapper = scf::ExecuteRegionOp::create(rewriter, loc, TypeRange{});
  Block *body = rewriter.createBlock(&wrapper.getRegion());
  rewriter.setInsertionPointToEnd(body);
  auto yield = scf::YieldOp::create(rewriter, loc);
  loop->moveBefore(yield);

  // Constants the loop uses are cloned into it rather than passed in: as
  // arguments they would hide loop bounds, splat vectors and a GELU's
  // `pow(x, 3.0)` exponent from the optimisations after (the strength
  // reduction of pt2c-approximate-math, LLVM's once the function is
  // called from several places).
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(wrapper.getRegion(), captured);
  for (Value value : captured) {
    Operation *definition = value.getDefiningOp();
    if (!definition || !definition->hasTrait<OpTrait::ConstantLike>())
      continue;
    rewriter.setInsertionPointToStart(body);
    Value copy = rewriter.clone(*definition)->getResult(0);
    replaceAllUsesInRegionWith(value, copy, wrapper.getRegion());
  }

  std::string name = (func.getName() + "_" + kind + "_" + llvm::Twine(index)).str();
  while (symbols.lookup(name))
    name += "_";
  func::CallOp call;
  FailureOr<func::FuncOp> outlined =
      outlineSingleBlockRegion(rewriter, loc, wrapper.getRegion(), name, &call);
  if (failed(outlined)) {
    loop->moveBefore(wrapper);
    rewriter.eraseOp(wrapper);
    return failure();
  }
  outlined->setPrivate();
  symbols.insert(*outlined);
  // The wrapper now holds the call and its yield: put the call in its place.
  Block &holder = wrapper.getRegion().front();
  rewriter.eraseOp(holder.getTerminator());
  rewriter.inlineBlockBefore(&holder, wrapper);
  rewriter.eraseOp(wrapper);
  return outlined;
}

class OutlineParallelLoopsPass
    : public impl::OutlineParallelLoopsBase<OutlineParallelLoopsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    IRRewriter rewriter(&getContext());
    SmallVector<func::FuncOp> functions(module.getOps<func::FuncOp>());
    for (func::FuncOp func : functions) {
      if (func.isExternal())
        continue;
      SmallVector<scf::ParallelOp> loops;
      func.walk([&](scf::ParallelOp loop) {
        if (!loop->getParentOfType<scf::ParallelOp>())
          loops.push_back(loop);
      });
      // The function's own sequential loops (not inside a parallel one),
      // counted before any moves out.
      SmallVector<scf::ForOp> sequential;
      for (Operation &op : func.getBody().front())
        if (auto loop = dyn_cast<scf::ForOp>(op); loop && loop->getNumResults() == 0)
          sequential.push_back(loop);
      // A function with one parallel loop is small enough already.
      if (loops.size() >= 2)
        for (auto [index, loop] : llvm::enumerate(loops))
          (void)outline(rewriter, symbols, func, loop, "parallel", index);
      if (sequentialAbove <= 0 || int64_t(sequential.size()) <= sequentialAbove)
        continue;
      for (auto [index, loop] : llvm::enumerate(sequential)) {
        FailureOr<func::FuncOp> outlined =
            outline(rewriter, symbols, func, loop, "loop", index);
        // LLVM would inline a private function called once straight back.
        if (succeeded(outlined))
          (*outlined)->setAttr("passthrough",
                               rewriter.getArrayAttr({rewriter.getStringAttr("noinline")}));
      }
    }
  }
};

} // namespace
} // namespace pt2c
