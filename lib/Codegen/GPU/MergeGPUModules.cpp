//===- MergeGPUModules.cpp - The pt2c-merge-gpu-modules pass --------------===//

#include "pt2c/Codegen/GPU/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace pt2c {

#define GEN_PASS_DEF_MERGEGPUMODULES
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;

struct MergeGPUModulesPass : impl::MergeGPUModulesBase<MergeGPUModulesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> modules(module.getOps<gpu::GPUModuleOp>());
    if (modules.size() < 2)
      return;
    gpu::GPUModuleOp target = modules.front();
    SymbolTable targetSymbols(target);
    // Each outlined module names its kernel after the function, so kernels
    // clash: SymbolTable::insert renames them, and launches follow the new
    // names. A clashing declaration (a libdevice helper) or constant table
    // (the same memref.global) is the same in both modules and is dropped.
    // Functions with bodies are never dropped: OperationEquivalence here
    // ignores which values an op uses, so two kernels that differ only in
    // an index (x[i] vs x[j]) would look the same.
    llvm::DenseMap<std::pair<StringAttr, StringAttr>, StringAttr> renamed;
    for (gpu::GPUModuleOp source : llvm::drop_begin(modules)) {
      for (Operation &op : llvm::make_early_inc_range(source.getBody()->getOperations())) {
        auto symbol = dyn_cast<SymbolOpInterface>(op);
        Operation *existing = symbol ? targetSymbols.lookup(symbol.getName()) : nullptr;
        // The same declaration, or the same constant table, in both.
        bool hasBody = isa<FunctionOpInterface>(op) && !symbol.isDeclaration();
        if (existing && (symbol.isDeclaration() ||
                         (!hasBody && OperationEquivalence::isEquivalentTo(
                                          existing, &op,
                                          OperationEquivalence::ignoreValueEquivalence,
                                          nullptr, OperationEquivalence::IgnoreLocations))))
          continue;
        StringAttr oldName = symbol ? symbol.getNameAttr() : StringAttr();
        op.moveBefore(target.getBody(), target.getBody()->end());
        if (symbol)
          renamed[{source.getNameAttr(), oldName}] = targetSymbols.insert(&op);
      }
    }
    auto targetName = target.getNameAttr();
    module.walk([&](gpu::LaunchFuncOp launch) {
      StringAttr kernel = launch.getKernelName();
      auto it = renamed.find({launch.getKernelModuleName(), kernel});
      if (it != renamed.end())
        kernel = it->second;
      launch.setKernelAttr(SymbolRefAttr::get(targetName, {FlatSymbolRefAttr::get(kernel)}));
    });
    for (gpu::GPUModuleOp source : llvm::drop_begin(modules))
      source.erase();
  }
};

} // namespace

} // namespace pt2c
