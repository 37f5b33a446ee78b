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
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
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

/// The indices of `reduction` when the runtime's scan can take them (one
/// input of i32 or i64, reduced over up to 4 dims by the signed min and max
/// that IndexChecks.cpp makes, nothing else), else null.
Value scannableIndices(linalg::GenericOp reduction) {
  if (!reduction || reduction.getNumDpsInputs() != 1 || reduction.getNumDpsInits() != 2 ||
      reduction.getNumParallelLoops() != 0)
    return {};
  Value indices = reduction.getDpsInputs()[0];
  auto type = dyn_cast<RankedTensorType>(indices.getType());
  if (!type || type.getRank() > kDeviceIndexScanRank ||
      !reduction.getMatchingIndexingMap(reduction.getDpsInputOperand(0)).isIdentity())
    return {};
  Type element = type.getElementType();
  if (!element.isSignlessInteger(32) && !element.isSignlessInteger(64))
    return {};
  // Unsigned-like indices are widened with extui: the scan sign-extends.
  for (Operation &op : reduction.getRegion().front())
    if (!isa<arith::ExtSIOp, arith::MinSIOp, arith::MaxSIOp, linalg::YieldOp>(op))
      return {};
  return indices;
}

/// The scan's call for `indices`: address, element bytes, 4 sizes and 4
/// strides (missing leading dims of size 1), size, site.
void callScan(OpBuilder &b, Location loc, ModuleOp module, Value indices, Value size,
              Value site) {
  auto type = cast<RankedTensorType>(indices.getType());
  library::MemrefView view =
      library::describeMemref(b, loc, library::readOnlyBuffer(b, loc, indices));
  SmallVector<Value> arguments = {view.address,
                                  library::constantI64(b, loc, type.getElementTypeBitWidth() / 8)};
  int64_t missing = kDeviceIndexScanRank - type.getRank();
  SmallVector<Value> sizes, strides;
  for (int64_t d = 0; d < missing; ++d) {
    sizes.push_back(library::constantI64(b, loc, 1));
    strides.push_back(library::constantI64(b, loc, 0));
  }
  for (int64_t d = 0; d < type.getRank(); ++d) {
    sizes.push_back(library::toI64(b, loc, tensor::DimOp::create(b, loc, indices, d)));
    strides.push_back(view.strides[d]);
  }
  arguments.append(sizes);
  arguments.append(strides);
  arguments.push_back(size);
  arguments.push_back(site);
  func::FuncOp entry = library::declareRuntimeFunction(module, kDeviceIndexScanFunction,
                                                       arguments.size());
  func::CallOp::create(b, loc, entry, arguments);
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
      // A range the compiler knew (constant indices, IndexChecks.cpp) is
      // compared on the host: nothing on the device to read.
      if (report && matchPattern(report.getOperand(0), m_Constant()) &&
          matchPattern(report.getOperand(1), m_Constant()))
        continue;
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
      Value size = before(b, check, report.getOperand(2));
      Value site = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(),
                                            before(b, check, report.getOperand(3)));
      // The runtime's one kernel reduces the indices: the generated
      // reduction and its two fills, unused then, go with canonicalization.
      auto reduction = lowest.getTensor().getDefiningOp<linalg::GenericOp>();
      if (reduction && highest.getTensor().getDefiningOp() == reduction &&
          lowest.getTensor() == reduction->getResult(0) &&
          highest.getTensor() == reduction->getResult(1))
        if (Value indices = scannableIndices(reduction)) {
          callScan(b, loc, module, indices, size, site);
          check.erase();
          continue;
        }
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
