//===- MergeIdenticalFunctions.cpp - pt2c-merge-identical-functions ------===//
//
// Passes.td says what it does and why: private functions whose bodies,
// types and attributes are the same (locations aside) become one, every
// call going to the first of them. A deep model's repeated layers outline
// into the same loops over and over (pt2c-outline-parallel-loops); merged,
// the rest of the lowering and LLVM compile each loop once.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"

namespace pt2c {

#define GEN_PASS_DEF_MERGEIDENTICALFUNCTIONS
#include "pt2c/Codegen/Passes.h.inc"

namespace {

using namespace mlir;

constexpr auto kIgnoreLocations = OperationEquivalence::IgnoreLocations;

/// A hash of everything `sameFunction` compares, operands and results
/// aside (their correspondence is checked there): functions that may be
/// the same fall into one bucket.
llvm::hash_code structuralHash(func::FuncOp func) {
  llvm::hash_code hash = llvm::hash_combine(func.getFunctionType(), func.getArgAttrsAttr(),
                                            func.getResAttrsAttr(),
                                            func->getDiscardableAttrDictionary());
  func.getBody().walk([&](Operation *op) {
    hash = llvm::hash_combine(
        hash, OperationEquivalence::computeHash(op, OperationEquivalence::ignoreHashValue,
                                                OperationEquivalence::ignoreHashValue,
                                                kIgnoreLocations));
  });
  return hash;
}

/// Whether calling `b` may be replaced by calling `a`: the same signature,
/// argument and result attributes, other attributes (`passthrough`, ...)
/// and bodies equal op for op, each operand the corresponding value.
bool sameFunction(func::FuncOp a, func::FuncOp b) {
  return a.getFunctionType() == b.getFunctionType() &&
         a.getArgAttrsAttr() == b.getArgAttrsAttr() &&
         a.getResAttrsAttr() == b.getResAttrsAttr() &&
         a->getDiscardableAttrDictionary() == b->getDiscardableAttrDictionary() &&
         OperationEquivalence::isRegionEquivalentTo(&a.getBody(), &b.getBody(),
                                                    kIgnoreLocations);
}

class MergeIdenticalFunctionsPass
    : public impl::MergeIdenticalFunctionsBase<MergeIdenticalFunctionsPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Functions already kept, by hash; the first of a kind stays (module
    // order: deterministic output).
    llvm::DenseMap<llvm::hash_code, SmallVector<func::FuncOp, 1>> kept;
    SmallVector<std::pair<func::FuncOp, func::FuncOp>> merges;
    for (func::FuncOp func : module.getOps<func::FuncOp>()) {
      // A public function is an entry point callers name; a declaration
      // has nothing to compare.
      if (!func.isPrivate() || func.isExternal())
        continue;
      SmallVector<func::FuncOp, 1> &bucket = kept[structuralHash(func)];
      auto same = llvm::find_if(bucket, [&](func::FuncOp k) { return sameFunction(k, func); });
      if (same != bucket.end())
        merges.push_back({func, *same});
      else
        bucket.push_back(func);
    }
    numMerged += merges.size();
    if (merges.empty())
      return;
    // Every reference to a duplicate names its original instead, in one
    // walk of the module (SymbolTable::replaceAllSymbolUses walks it once
    // per duplicate: a 32-layer graph has about 1,300).
    llvm::DenseMap<Attribute, Attribute> renamed;
    for (auto [duplicate, original] : merges)
      renamed[FlatSymbolRefAttr::get(duplicate.getSymNameAttr())] =
          FlatSymbolRefAttr::get(original.getSymNameAttr());
    AttrTypeReplacer replacer;
    replacer.addReplacement([&](SymbolRefAttr ref) -> std::optional<Attribute> {
      auto it = renamed.find(ref);
      if (it == renamed.end())
        return std::nullopt;
      return it->second;
    });
    replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true, /*replaceLocs=*/false,
                                          /*replaceTypes=*/false);
    for (auto [duplicate, original] : merges)
      duplicate.erase();
  }
};

} // namespace
} // namespace pt2c
