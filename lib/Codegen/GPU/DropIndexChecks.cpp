//===- DropIndexChecks.cpp - The pt2c-drop-index-checks pass --------------===//
//
// Passes.td says what it does and why.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"
#include "pt2c/Conversion/IndexChecks.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace pt2c {

#define GEN_PASS_DEF_DROPINDEXCHECKS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

struct DropIndexChecks : impl::DropIndexChecksBase<DropIndexChecks> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::IfOp> checks;
    module.walk([&](scf::IfOp check) {
      if (check->hasAttr(kIndexCheckAttr))
        checks.push_back(check);
    });
    for (scf::IfOp check : checks)
      check.erase();
    // The site names' addresses (hoisted out of the checks as constants).
    module.walk([&](LLVM::AddressOfOp address) {
      if (address->use_empty() && address.getGlobalName().starts_with(kIndexSiteName))
        address.erase();
    });
    // The site names and the report's declaration, now unused; the
    // reductions that fed the checks are dead and go with canonicalization.
    SmallVector<Operation *> unused;
    for (Operation &op : module.getBody()->getOperations()) {
      auto symbol = dyn_cast<SymbolOpInterface>(&op);
      bool isSite = isa<LLVM::GlobalOp>(op) && symbol.getName().starts_with(kIndexSiteName);
      bool isReport = isa<func::FuncOp>(op) && symbol.getName() == kIndexReportFunction;
      if ((isSite || isReport) && SymbolTable::symbolKnownUseEmpty(&op, module))
        unused.push_back(&op);
    }
    for (Operation *op : unused)
      op->erase();
  }
};

} // namespace
} // namespace pt2c
