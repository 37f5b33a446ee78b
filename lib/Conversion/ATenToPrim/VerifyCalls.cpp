//===- VerifyCalls.cpp - verifyATenCalls and the pt2c-verify-aten pass ----===//

#include "pt2c/Conversion/ATenToPrim/VerifyCalls.h"

#include "CallChecks.h"

#include "pt2c/Conversion/Passes.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"

namespace pt2c {

#define GEN_PASS_DEF_VERIFYATEN
#include "pt2c/Conversion/Passes.h.inc"

mlir::LogicalResult verifyATenCalls(mlir::ModuleOp module, const OpRegistry &registry) {
  bool ok = true;
  module.walk([&](mlir::func::FuncOp function) {
    if (std::string bad = emptySymbolRange(function); !bad.empty()) {
      function.emitError() << "function '" << function.getSymName() << "': " << bad;
      ok = false;
    }
  });
  module.walk([&](aten::CallOp call) {
    // One error per node, the first thing wrong with it: the schema first
    // (the metadata checks read arguments by their schema kinds).
    std::string bad;
    if (const OpSchema *schema = registry.lookup(call.getTarget()))
      bad = schemaMismatch(call, *schema);
    if (bad.empty())
      bad = dimOutOfRange(call);
    if (bad.empty())
      bad = dtypesDisagree(call);
    if (bad.empty())
      return;
    // The location names the node and its source line.
    call.emitError() << "'" << call.getTarget() << "': " << bad;
    ok = false;
  });
  return mlir::success(ok);
}

mlir::LogicalResult verifyATenCalls(mlir::ModuleOp module) {
  // Parsed once per process: the table is constant, and parsing it costs
  // a few ms, which the fuzz targets would pay per input. It fails only
  // for a line of ATenSchemas.def that does not parse (its unit test fails
  // first); the message is kept for every later call.
  struct Builtin {
    std::unique_ptr<OpRegistry> registry;
    std::string error;
  };
  static const Builtin builtin = [] {
    Builtin result;
    auto parsed = OpRegistry::createBuiltin();
    if (parsed)
      result.registry = std::make_unique<OpRegistry>(std::move(*parsed));
    else
      result.error = llvm::toString(parsed.takeError());
    return result;
  }();
  if (!builtin.registry)
    return module.emitError() << "internal error: the op registry does not parse: "
                              << builtin.error;
  return verifyATenCalls(module, *builtin.registry);
}

namespace {

class VerifyATenPass : public impl::VerifyATenBase<VerifyATenPass> {
public:
  void runOnOperation() override {
    if (mlir::failed(verifyATenCalls(getOperation())))
      signalPassFailure();
  }
};

} // namespace
} // namespace pt2c
