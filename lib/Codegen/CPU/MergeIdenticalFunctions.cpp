//===- MergeIdenticalFunctions.cpp - pt2c-merge-identical-functions ------===//
//
// Passes.td says what it does and why: private functions (and GPU
// kernels) whose bodies, types and attributes are the same (locations
// aside) become one, every call or launch going to the first of them. A
// deep model's repeated layers outline into the same loops and kernels
// over and over; merged, the rest of the lowering, LLVM and ptxas compile
// each once.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"

namespace pt2c {

#define GEN_PASS_DEF_MERGEIDENTICALFUNCTIONS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

constexpr auto kIgnoreLocations = OperationEquivalence::IgnoreLocations;

/// The attributes two mergeable functions must share: all but the name
/// (the type, argument and result attributes, `passthrough`, a kernel's
/// known block size, ...).
DictionaryAttr attributesButName(FunctionOpInterface function) {
  NamedAttrList attributes(function->getAttrDictionary());
  attributes.erase(SymbolTable::getSymbolAttrName());
  return attributes.getDictionary(function->getContext());
}

/// A hash of everything `sameFunction` compares, operands and results
/// aside (their correspondence is checked there): functions that may be
/// the same fall into one bucket.
llvm::hash_code structuralHash(FunctionOpInterface function) {
  llvm::hash_code hash = llvm::hash_value(attributesButName(function).getAsOpaquePointer());
  function.getFunctionBody().walk([&](Operation *op) {
    hash = llvm::hash_combine(
        hash, OperationEquivalence::computeHash(op, OperationEquivalence::ignoreHashValue,
                                                OperationEquivalence::ignoreHashValue,
                                                kIgnoreLocations));
  });
  return hash;
}

/// Whether calling `b` may be replaced by calling `a`: the same kind of
/// function and attributes (the name aside) and bodies equal op for op,
/// each operand the corresponding value.
bool sameFunction(FunctionOpInterface a, FunctionOpInterface b) {
  return a->getName() == b->getName() && attributesButName(a) == attributesButName(b) &&
         OperationEquivalence::isRegionEquivalentTo(&a.getFunctionBody(), &b.getFunctionBody(),
                                                    kIgnoreLocations);
}

class MergeIdenticalFunctionsPass
    : public impl::MergeIdenticalFunctionsBase<MergeIdenticalFunctionsPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // A public function is an entry point callers name; a declaration has
    // nothing to compare.
    SmallVector<FunctionOpInterface> candidates;
    for (func::FuncOp func : module.getOps<func::FuncOp>())
      if (func.isPrivate() && !func.isExternal())
        candidates.push_back(func);
    // Kernels are public in their gpu.module, but only this module's
    // gpu.launch_func ops name them (by @gpu_module::@kernel).
    for (gpu::GPUModuleOp kernels : module.getOps<gpu::GPUModuleOp>())
      for (gpu::GPUFuncOp kernel : kernels.getOps<gpu::GPUFuncOp>())
        if (kernel.isKernel())
          candidates.push_back(kernel);

    // Functions already kept, by symbol table and hash; the first of a
    // kind stays (module order: deterministic output).
    llvm::DenseMap<std::pair<Operation *, llvm::hash_code>, SmallVector<FunctionOpInterface, 1>>
        kept;
    llvm::DenseMap<Attribute, Attribute> renamed;
    SmallVector<FunctionOpInterface> duplicates;
    for (FunctionOpInterface function : candidates) {
      Operation *table = function->getParentOp();
      SmallVector<FunctionOpInterface, 1> &bucket = kept[{table, structuralHash(function)}];
      auto same = llvm::find_if(bucket, [&](FunctionOpInterface k) {
        return sameFunction(k, function);
      });
      if (same == bucket.end()) {
        bucket.push_back(function);
        continue;
      }
      duplicates.push_back(function);
      renamed[referenceTo(function)] = referenceTo(*same);
    }
    numMerged += duplicates.size();
    if (duplicates.empty())
      return;
    // Every reference to a duplicate names its original instead, in one
    // walk of the module (SymbolTable::replaceAllSymbolUses walks it once
    // per duplicate: a 32-layer graph has about 1,300).
    AttrTypeReplacer replacer;
    replacer.addReplacement([&](SymbolRefAttr ref) -> std::optional<Attribute> {
      auto it = renamed.find(ref);
      if (it == renamed.end())
        return std::nullopt;
      return it->second;
    });
    replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true, /*replaceLocs=*/false,
                                          /*replaceTypes=*/false);
    for (FunctionOpInterface duplicate : duplicates)
      duplicate->erase();
  }

private:
  /// How the module names `function`: @f, or @gpu_module::@kernel.
  static SymbolRefAttr referenceTo(FunctionOpInterface function) {
    auto name = FlatSymbolRefAttr::get(function->getContext(), function.getName());
    if (auto kernels = dyn_cast<gpu::GPUModuleOp>(function->getParentOp()))
      return SymbolRefAttr::get(kernels.getNameAttr(), {name});
    return name;
  }
};

} // namespace
} // namespace pt2c
