//===- DeviceIndexChecks.cpp - The pt2c-device-index-checks pass ----------===//
//
// Passes.td says what it does and why; docs/runtime.md ("While running:
// indices") how the runtime reports what the check finds.
//
//===----------------------------------------------------------------------===//

#include "LibraryCall.h"

#include "pt2c/Codegen/GPU/Passes.h"
#include "pt2c/Conversion/IndexChecks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace pt2c {

#define GEN_PASS_DEF_DEVICEINDEXCHECKS
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;

/// The report inside a check: `func.call @pt2crt_index_out_of_range(lowest,
/// highest, size, site)`.
func::CallOp reportIn(scf::IfOp check) {
  func::CallOp report;
  check.getThenRegion().walk([&](func::CallOp call) {
    if (call.getCallee() == kIndexReportFunction)
      report = call;
  });
  return report;
}

/// `value` usable before `check`: itself, or a clone of its defining op
/// where that sits inside the check (the site's address, when
/// canonicalization did not hoist it).
Value before(OpBuilder &b, scf::IfOp check, Value value) {
  Operation *def = value.getDefiningOp();
  if (!def || !check->isAncestor(def))
    return value;
  return b.clone(*def)->getResult(0);
}

struct DeviceIndexChecks : impl::DeviceIndexChecksBase<DeviceIndexChecks> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::IfOp> checks;
    module.walk([&](scf::IfOp check) {
      if (check->hasAttr(kIndexCheckAttr))
        checks.push_back(check);
    });
    for (scf::IfOp check : checks) {
      func::CallOp report = reportIn(check);
      auto lowest = report ? report.getOperand(0).getDefiningOp<tensor::ExtractOp>()
                           : tensor::ExtractOp();
      auto highest = report ? report.getOperand(1).getDefiningOp<tensor::ExtractOp>()
                            : tensor::ExtractOp();
      if (!lowest || !highest) {
        // IndexChecks.cpp makes every check so; another form is a bug there.
        check.emitError("internal error: an index check that does not report two "
                        "extracted values");
        return signalPassFailure();
      }
      OpBuilder b(check);
      Location loc = check.getLoc();
      // The device addresses of the smallest and largest index (0-d
      // tensors the reduction leaves in device memory), the size (a host
      // value) and the site's name (a constant of the library, so its
      // address stays valid in a replayed graph).
      Value lowestAddress =
          library::describeMemref(b, loc, library::readOnlyBuffer(b, loc, lowest.getTensor()))
              .address;
      Value highestAddress =
          library::describeMemref(b, loc, library::readOnlyBuffer(b, loc, highest.getTensor()))
              .address;
      Value size = before(b, check, report.getOperand(2));
      Value site = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(),
                                            before(b, check, report.getOperand(3)));
      func::FuncOp entry =
          library::declareRuntimeFunction(module, kDeviceIndexCheckFunction, 4);
      func::CallOp::create(b, loc, entry, ValueRange{lowestAddress, highestAddress, size, site});
      check.erase();
    }
    // The host report's declaration, now unused; the extracts and compares
    // that fed the checks are dead and go with canonicalization.
    if (auto report = module.lookupSymbol<func::FuncOp>(kIndexReportFunction))
      if (SymbolTable::symbolKnownUseEmpty(report, module))
        report.erase();
  }
};

} // namespace
} // namespace pt2c
