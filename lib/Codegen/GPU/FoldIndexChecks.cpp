//===- FoldIndexChecks.cpp - The pt2c-fold-index-checks pass ---------------===//
//
// Passes.td says what it does and why; docs/runtime.md ("While running:
// indices") how the runtime reports what the kernels find.
//
//===----------------------------------------------------------------------===//

#include "LibraryCall.h"

#include "pt2c/Codegen/GPU/Passes.h"
#include "pt2c/Conversion/IndexChecks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"

#include "llvm/ADT/MapVector.h"

namespace pt2c {

#define GEN_PASS_DEF_FOLDINDEXCHECKS
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;

/// The scan's arguments: address, bytes, n0..n3, s0..s3, size, site.
constexpr unsigned kScanSizeOperand = 2 + 2 * kDeviceIndexScanRank;
constexpr unsigned kScanSiteOperand = kScanSizeOperand + 1;

/// The site symbol a scan call reports: its last operand is
/// `llvm.ptrtoint (llvm.mlir.addressof @site)`.
StringAttr siteOf(func::CallOp scan) {
  if (scan.getNumOperands() != kScanSiteOperand + 1)
    return {};
  auto toInt = scan.getOperand(kScanSiteOperand).getDefiningOp<LLVM::PtrToIntOp>();
  auto address = toInt ? toInt.getArg().getDefiningOp<LLVM::AddressOfOp>() : LLVM::AddressOfOp();
  return address ? address.getGlobalNameAttr().getAttr() : StringAttr();
}

/// In the kernel, right after `inside` (the clamp's compare): when the
/// index is outside and the runtime gave a slot, store the index and a 1
/// into the slot.
void recordOutside(OpBuilder &b, arith::CmpIOp inside, Value slot) {
  Location loc = inside.getLoc();
  b.setInsertionPointAfter(inside);
  Type i64 = b.getI64Type();
  Value yes = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  Value outside = arith::XOrIOp::create(b, loc, inside, yes);
  Value zero = arith::ConstantIntOp::create(b, loc, i64, 0);
  Value given = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, slot, zero);
  Value record = arith::AndIOp::create(b, loc, outside, given);
  auto when = scf::IfOp::create(b, loc, record, /*withElseRegion=*/false);
  b.setInsertionPointToStart(when.thenBlock());
  Value index = arith::IndexCastOp::create(b, loc, i64, inside.getLhs());
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value pair = LLVM::IntToPtrOp::create(b, loc, ptrType, slot);
  LLVM::StoreOp::create(b, loc, index, pair);
  Value flag = LLVM::GEPOp::create(b, loc, ptrType, i64, pair, ArrayRef<LLVM::GEPArg>{1});
  LLVM::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, i64, 1), flag);
}

/// Folds the checks of `function` whose clamps all sit in its launches.
void foldChecks(func::FuncOp function, ModuleOp module) {
  llvm::MapVector<StringAttr, func::CallOp> scans;
  llvm::MapVector<StringAttr, SmallVector<arith::CmpIOp>> clamps;
  function.walk([&](Operation *op) {
    if (auto call = dyn_cast<func::CallOp>(op)) {
      if (call.getCallee() == kDeviceIndexScanFunction)
        if (StringAttr site = siteOf(call))
          scans[site] = call;
    } else if (auto compare = dyn_cast<arith::CmpIOp>(op)) {
      if (auto site = compare->getAttrOfType<FlatSymbolRefAttr>(kIndexSiteAttr))
        clamps[site.getAttr()].push_back(compare);
    }
  });
  DominanceInfo dominance(function);
  for (auto &[site, compares] : clamps) {
    func::CallOp scan = scans.lookup(site);
    if (!scan || !scan.use_empty())
      continue;
    // Launches in walk order, each with its compares.
    llvm::MapVector<gpu::LaunchOp, SmallVector<arith::CmpIOp>> launches;
    Value size = scan.getOperand(kScanSizeOperand);
    bool foldable = true;
    for (arith::CmpIOp compare : compares) {
      auto launch = compare->getParentOfType<gpu::LaunchOp>();
      if (!launch || !compare.getLhs().getType().isIndex() ||
          !dominance.properlyDominates(size, launch)) {
        foldable = false;
        break;
      }
      launches[launch].push_back(compare);
    }
    if (!foldable)
      continue;
    // int64_t pt2crt_cuda_index_slot(int64_t size, int64_t site).
    func::FuncOp entry =
        library::declareRuntimeFunction(module, kDeviceIndexSlotFunction, 2, /*resultBits=*/64);
    for (auto &[launch, inLaunch] : launches) {
      OpBuilder b(launch);
      Location loc = scan.getLoc();
      auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
      Value name = LLVM::AddressOfOp::create(b, loc, ptrType, site.getValue());
      Value siteAddress = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), name);
      Value slot = func::CallOp::create(b, loc, entry, ValueRange{size, siteAddress}).getResult(0);
      for (arith::CmpIOp compare : inLaunch)
        recordOutside(b, compare, slot);
    }
    scan.erase();
  }
}

struct FoldIndexChecks : impl::FoldIndexChecksBase<FoldIndexChecks> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto function : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (!function.isExternal())
        foldChecks(function, module);
    // The marks have done their work; kernels outlined into a gpu.module
    // must not name the host module's symbols.
    module.walk([](arith::CmpIOp compare) { compare->removeAttr(kIndexSiteAttr); });
  }
};

} // namespace
} // namespace pt2c
