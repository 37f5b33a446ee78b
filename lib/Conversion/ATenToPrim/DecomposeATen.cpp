//===- DecomposeATen.cpp - The pt2c-decompose-aten pass -------------------===//

#include "ComplexParts.h"

#include "pt2c/Conversion/ATenToPrim/CallArgs.h"
#include "pt2c/Conversion/ATenToPrim/ComplexBoundary.h"
#include "pt2c/Conversion/ATenToPrim/DataDependentOutputs.h"
#include "pt2c/Conversion/ATenToPrim/DecompositionTable.h"
#include "pt2c/Conversion/ATenToPrim/PrimBuilder.h"
#include "pt2c/Conversion/ATenToPrim/VerifyCalls.h"
#include "pt2c/Conversion/Passes.h"
#include "pt2c/Dialect/Prim/PrimDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace pt2c {

#define GEN_PASS_DEF_DECOMPOSEATEN
#include "pt2c/Conversion/Passes.h.inc"

namespace {

/// True when `derived` can never stand for a value declared `declared`:
/// tensors of another element type or rank, or a static size that differs.
/// (A `?` against a size is not a contradiction: the prims type sizes that
/// torch knew as `?` where their operands' are known, and back.)
bool contradicts(mlir::Type declared, mlir::Type derived) {
  if (declared == derived)
    return false;
  auto want = mlir::dyn_cast<mlir::RankedTensorType>(declared);
  auto got = mlir::dyn_cast<mlir::RankedTensorType>(derived);
  if (!want || !got)
    return false; // not tensors: no metadata of the archive to disagree with
  return want.getElementType() != got.getElementType() ||
         mlir::failed(mlir::verifyCompatibleShape(want, got));
}

/// The rewriter the decompositions get: the driver's (same insertion point
/// and listener), except that a node is never replaced by a null value, nor
/// by a value whose type contradicts the node's declared result type. The
/// checked builders (PrimBuilder) return null after an error where the
/// metadata disagrees; a decomposition that carries such a null to its end
/// has its replacement refused here, instead of leaving users with a null
/// operand to crash on. A decomposition derives its results from its
/// arguments; where the archive declares the result otherwise (an
/// embedding's result with a dim too many), the metadata disagrees with
/// itself, and replacing the node would leave its users (func.return) with
/// operands of the wrong type: a module that does not verify (fuzzing,
/// issue #18). That is refused here, for every decomposition, with an error.
class CheckedRewriter : public mlir::PatternRewriter {
public:
  explicit CheckedRewriter(mlir::PatternRewriter &driver)
      : PatternRewriter(static_cast<const mlir::OpBuilder &>(driver)) {}

  void replaceOp(mlir::Operation *op, mlir::ValueRange newValues) override {
    if (llvm::any_of(newValues, [](mlir::Value value) { return !value; })) {
      refusedReplacement = true;
      return;
    }
    for (auto [index, result, value] : llvm::enumerate(op->getResults(), newValues)) {
      if (contradicts(result.getType(), value.getType())) {
        mlir::emitError(op->getLoc())
            << "result " << index << " is declared " << result.getType()
            << " but its arguments give " << value.getType();
        refusedReplacement = true;
        return;
      }
    }
    PatternRewriter::replaceOp(op, newValues);
  }
  void replaceOp(mlir::Operation *op, mlir::Operation *newOp) override {
    replaceOp(op, newOp->getResults());
  }

  bool refusedReplacement = false;
};

/// Whether an operand or result of `call` is a complex tensor.
bool touchesComplex(aten::CallOp call) {
  return llvm::any_of(call->getOperandTypes(), isComplexTensor) ||
         llvm::any_of(call->getResultTypes(), isComplexTensor);
}

/// An op whose results all hold no elements (static shapes with a 0) needs
/// nothing computed: where its decomposition does not take such shapes (a
/// solve of an empty batch, a norm of no rows), empty constants stand in.
/// The emptiness must come from an operand that is empty too: a result
/// declared empty for non-empty operands contradicts them and stays
/// refused. Only ops the table knows come here, so coverage stays what it
/// says.
mlir::LogicalResult replaceByEmptyResults(aten::CallOp call, mlir::PatternRewriter &rewriter) {
  auto isEmpty = [](mlir::Type type) {
    auto tensor = mlir::dyn_cast<mlir::RankedTensorType>(type);
    return tensor && tensor.hasStaticShape() && tensor.getNumElements() == 0;
  };
  if (call->getNumResults() == 0 || llvm::none_of(call->getOperandTypes(), isEmpty))
    return mlir::failure();
  llvm::SmallVector<mlir::Value> empties;
  PrimBuilder p(rewriter, call.getLoc());
  for (mlir::Type type : call->getResultTypes()) {
    auto tensor = mlir::dyn_cast<mlir::RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape() || tensor.getNumElements() != 0 ||
        isComplexTensor(type))
      return mlir::failure();
    empties.push_back(p.splat(0.0, tensor, {}));
    if (!empties.back())
      return mlir::failure();
  }
  rewriter.replaceOp(call, empties);
  return mlir::success();
}

/// One pattern for every aten.call: it looks the target up in the table.
class DecomposeCall : public mlir::OpRewritePattern<aten::CallOp> {
public:
  /// `refused` collects, per node, the first error its decomposition
  /// emitted before failing (the pass reports it at the end).
  DecomposeCall(mlir::MLIRContext *context, const std::vector<Decomposition> &table,
                llvm::DenseMap<mlir::Operation *, std::string> &refused)
      : OpRewritePattern(context), refused_(refused) {
    for (const Decomposition &entry : table)
      byTarget_[entry.target] = entry;
  }

  mlir::LogicalResult matchAndRewrite(aten::CallOp call,
                                      mlir::PatternRewriter &rewriter) const override {
    auto entry = byTarget_.find(call.getTarget());
    if (entry == byTarget_.end())
      return rewriter.notifyMatchFailure(call, "no decomposition for this target");
    DecomposeFn rewrite = entry->second.rewrite;
    // A node already refused is not tried again: the greedy driver revisits
    // ops, and each try would repeat the error.
    if (refused_.count(call))
      return mlir::failure();
    if (!entry->second.takesComplex && touchesComplex(call)) {
      refused_[call] = "its decomposition takes no complex tensors (in this version the "
                       "FFT ops, complex, polar, view_as_complex, view_as_real and "
                       "conversions to complex do)";
      return mlir::failure();
    }
    // Errors from the checked builders are caught, not printed: where the
    // decomposition fails they become the node's one error; where it
    // succeeds anyway (it probed, then took another way) they are dropped.
    // The handler is context-wide; this module pass rewrites on one thread,
    // so what it sees comes from this rewrite.
    std::string firstError;
    CheckedRewriter checked(rewriter);
    mlir::LogicalResult result = mlir::failure();
    {
      mlir::ScopedDiagnosticHandler capture(getContext(), [&](mlir::Diagnostic &diagnostic) {
        if (diagnostic.getSeverity() != mlir::DiagnosticSeverity::Error)
          return mlir::failure(); // notes and remarks go on as before
        if (firstError.empty())
          firstError = diagnostic.str();
        return mlir::success();
      });
      result = rewrite(call, CallArgs(call), checked);
    }
    if (succeeded(result) && !checked.refusedReplacement)
      return mlir::success();
    if (mlir::succeeded(replaceByEmptyResults(call, rewriter)))
      return mlir::success();
    if (checked.refusedReplacement && firstError.empty())
      firstError = "a prim could not be built"; // every null comes after an error; kept safe
    if (!firstError.empty())
      refused_[call] = firstError;
    return mlir::failure();
  }

private:
  llvm::StringMap<Decomposition> byTarget_;
  llvm::DenseMap<mlir::Operation *, std::string> &refused_;
};

class DecomposeATenPass : public impl::DecomposeATenBase<DecomposeATenPass> {
public:
  using DecomposeATenBase::DecomposeATenBase;

  /// Gives each random node `pt2c.rng = [seed, stream]`, streams in program
  /// order: the same program and seed draw the same numbers, and no two
  /// nodes share a stream. A node already numbered (a rerun) keeps its own.
  void numberRandomNodes() {
    llvm::StringSet<> random;
    for (const Decomposition &entry : decompositionTable())
      if (llvm::StringRef(entry.family) == "random")
        random.insert(entry.target);
    int64_t stream = 0;
    getOperation().walk([&](aten::CallOp call) {
      if (!random.contains(call.getTarget()) || call->hasAttr(kRandomAttr))
        return;
      call->setAttr(kRandomAttr, mlir::DenseI64ArrayAttr::get(
                                     &getContext(), {static_cast<int64_t>(seed), stream++}));
    });
  }

  void runOnOperation() override {
    // Nodes that disagree with their schema or their metadata are refused
    // before any decomposition reads them (VerifyCalls.h), also with
    // allow-partial: what a decomposition may assume does not hold there.
    if (mlir::failed(verifyATenCalls(getOperation())))
      return signalPassFailure();
    numberRandomNodes();
    mlir::RewritePatternSet patterns(&getContext());
    llvm::DenseMap<mlir::Operation *, std::string> refused;
    patterns.add<DecomposeCall>(&getContext(), decompositionTable(), refused);
    // Not converging is not an error by itself: an op no pattern could
    // rewrite is reported below, at its location, which is what users need.
    (void)mlir::applyPatternsGreedily(getOperation(), std::move(patterns));
    if (allowPartial)
      return;
    bool leftOver = false;
    getOperation().walk([&](aten::CallOp call) {
      auto reason = refused.find(call);
      if (reason != refused.end())
        // Its metadata disagrees with itself: the checked builders said how.
        call.emitError() << "no decomposition of '" << call.getTarget()
                         << "' applies: " << reason->second;
      else
        call.emitError() << "no decomposition of '" << call.getTarget()
                         << "' applies (the op is not in the table, or its arguments "
                            "are not supported yet)";
      leftOver = true;
    });
    if (leftOver)
      return signalPassFailure();
    if (mlir::failed(complexTensorsAsPairs(getOperation())) ||
        mlir::failed(returnDataDependentSizes(getOperation())))
      signalPassFailure();
  }
};

} // namespace
} // namespace pt2c
