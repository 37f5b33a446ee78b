//===- DecomposeATen.cpp - The pt2c-decompose-aten pass -------------------===//

#include "pt2c/Conversion/ATenToPrim/CallArgs.h"
#include "pt2c/Conversion/ATenToPrim/DecompositionTable.h"
#include "pt2c/Conversion/Passes.h"
#include "pt2c/Dialect/Prim/PrimDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

namespace pt2c {

#define GEN_PASS_DEF_DECOMPOSEATEN
#include "pt2c/Conversion/Passes.h.inc"

namespace {

/// The first dim argument of `call` outside its tensor's range, as a
/// message; empty when all are in range. The decompositions index arrays
/// with normalized dims (an unchecked transpose dim of 99 wrote past a
/// stack array), so a dim is checked once here for every op: 'dim',
/// 'dim0', 'dim1', 'dim2' and 'dims' of the op's 'self' or 'input' tensor
/// lie in [-rank, rank) (a 0-d tensor's dims as for rank 1, as torch
/// wraps them), or [-rank - 1, rank] where the op inserts one
/// (unsqueeze). Ops without such a tensor (cat, stack) are left to their
/// decompositions.
std::string dimOutOfRange(aten::CallOp call, const CallArgs &args) {
  mlir::Value tensor = args.value("self");
  if (!tensor)
    tensor = args.value("input");
  auto type = tensor ? llvm::dyn_cast<mlir::RankedTensorType>(tensor.getType())
                     : mlir::RankedTensorType();
  if (!type)
    return "";
  int64_t rank = std::max<int64_t>(type.getRank(), 1);
  if (call.getTarget().contains("unsqueeze"))
    rank += 1;
  for (llvm::StringRef name : {"dim", "dim0", "dim1", "dim2", "dims"}) {
    std::optional<llvm::SmallVector<int64_t>> dims = args.integers(name);
    if (!dims)
      continue;
    for (int64_t dim : *dims)
      if (dim < -rank || dim >= rank)
        return ("argument '" + name + "' = " + llvm::Twine(dim) +
                " is out of range for a tensor of rank " + llvm::Twine(type.getRank()))
            .str();
  }
  return "";
}

/// The rewriter the decompositions get: the driver's (same insertion point
/// and listener), except that a node is never replaced by a null value. The
/// checked builders (PrimBuilder) return null after an error where the
/// metadata disagrees; a decomposition that carries such a null to its end
/// has its replacement refused here, instead of leaving users with a null
/// operand to crash on.
class CheckedRewriter : public mlir::PatternRewriter {
public:
  explicit CheckedRewriter(mlir::PatternRewriter &driver)
      : PatternRewriter(static_cast<const mlir::OpBuilder &>(driver)) {}

  void replaceOp(mlir::Operation *op, mlir::ValueRange newValues) override {
    if (llvm::any_of(newValues, [](mlir::Value value) { return !value; })) {
      refusedReplacement = true;
      return;
    }
    PatternRewriter::replaceOp(op, newValues);
  }
  void replaceOp(mlir::Operation *op, mlir::Operation *newOp) override {
    PatternRewriter::replaceOp(op, newOp);
  }

  bool refusedReplacement = false;
};

/// One pattern for every aten.call: it looks the target up in the table.
class DecomposeCall : public mlir::OpRewritePattern<aten::CallOp> {
public:
  /// `refused` collects, per node, the first error its decomposition
  /// emitted before failing (the pass reports it at the end).
  DecomposeCall(mlir::MLIRContext *context, const std::vector<Decomposition> &table,
                llvm::DenseMap<mlir::Operation *, std::string> &refused)
      : OpRewritePattern(context), refused_(refused) {
    for (const Decomposition &entry : table)
      byTarget_[entry.target] = entry.rewrite;
  }

  mlir::LogicalResult matchAndRewrite(aten::CallOp call,
                                      mlir::PatternRewriter &rewriter) const override {
    DecomposeFn rewrite = byTarget_.lookup(call.getTarget());
    if (!rewrite)
      return rewriter.notifyMatchFailure(call, "no decomposition for this target");
    // A node already refused is not tried again: the greedy driver revisits
    // ops, and each try would repeat the error.
    if (refused_.count(call))
      return mlir::failure();
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
    if (checked.refusedReplacement && firstError.empty())
      firstError = "a prim could not be built"; // every null comes after an error; kept safe
    if (!firstError.empty())
      refused_[call] = firstError;
    return mlir::failure();
  }

private:
  llvm::StringMap<DecomposeFn> byTarget_;
  llvm::DenseMap<mlir::Operation *, std::string> &refused_;
};

class DecomposeATenPass : public impl::DecomposeATenBase<DecomposeATenPass> {
public:
  using DecomposeATenBase::DecomposeATenBase;

  void runOnOperation() override {
    // Dims out of range are refused before any decomposition sees them.
    bool badDims = false;
    getOperation().walk([&](aten::CallOp call) {
      if (std::string bad = dimOutOfRange(call, CallArgs(call)); !bad.empty()) {
        call.emitError() << "'" << call.getTarget() << "': " << bad;
        badDims = true;
      }
    });
    if (badDims)
      return signalPassFailure();
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
      signalPassFailure();
  }
};

} // namespace
} // namespace pt2c
