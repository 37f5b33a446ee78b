// The descriptor the packager emits must have exactly the layout the C
// compiler gives runtime/include/pt2c/model_abi.h: this test compares the
// emitted LLVM globals' layouts with offsetof/sizeof of the real C structs.

#include "pt2c/Package/DescriptorEmitter.h"
#include "pt2c/model_abi.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"

#include <catch2/catch.hpp>

#include <cstddef>

using namespace pt2c;

namespace {
// A module defining an empty _mlir_ciface_forward with one pointer per
// memref, as the CPU lowering produces.
std::unique_ptr<llvm::Module> moduleWithForward(llvm::LLVMContext &context,
                                                unsigned arguments) {
  auto module = std::make_unique<llvm::Module>("test", context);
  module->setDataLayout("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128");
  auto *ptr = llvm::PointerType::get(context, 0);
  std::vector<llvm::Type *> params(arguments, ptr);
  auto *forward = llvm::Function::Create(
      llvm::FunctionType::get(llvm::Type::getVoidTy(context), params, false),
      llvm::GlobalValue::ExternalLinkage, "_mlir_ciface_forward", *module);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", forward));
  b.CreateRetVoid();
  return module;
}

ModelSignature signatureWithDynamicBatch() {
  ModelSignature signature;
  signature.symbols.push_back({"s77", 1, 1024});
  signature.weights.push_back({"fc.weight", 0, {10, 4}});
  SignatureTensor input{"x", {2, 32}, {-1, 4}, {0, -1}};
  SignatureTensor output{"y", {2, 32}, {-1, 10}, {0, -1}};
  signature.inputs.push_back(input);
  signature.outputs.push_back(output);
  return signature;
}

/// 160 zero bytes of weights, one weight at offset 0.
WeightsBlob zeroBlob() {
  WeightsBlob blob;
  blob.bytes.assign(160, 0);
  blob.offsets = {0};
  blob.sizes = {160};
  blob.totalBytes = 160;
  return blob;
}
} // namespace

TEST_CASE("the emitted descriptor has the C layout of model_abi.h", "[package]") {
  llvm::LLVMContext context;
  auto module = moduleWithForward(context, 3);
  WeightsBlob blob = zeroBlob();
  DescriptorOptions options;
  options.modelName = "test";
  ModelSignature signature = signatureWithDynamicBatch();
  llvm::Error emitted = emitModelDescriptor(*module, signature, blob, options);
  if (emitted)
    FAIL(llvm::toString(std::move(emitted)));
  REQUIRE(!llvm::verifyModule(*module, &llvm::errs()));

  const llvm::DataLayout &layout = module->getDataLayout();
  llvm::GlobalVariable *descriptor = module->getNamedGlobal("pt2c_model_descriptor");
  REQUIRE(descriptor);
  CHECK(descriptor->hasHiddenVisibility());
  auto *type = llvm::cast<llvm::StructType>(descriptor->getValueType());
  const llvm::StructLayout *struct_ = layout.getStructLayout(type);
  CHECK(struct_->getSizeInBytes() == sizeof(pt2c_model_desc));
  CHECK(struct_->getElementOffset(0) == offsetof(pt2c_model_desc, abi_version));
  CHECK(struct_->getElementOffset(3) == offsetof(pt2c_model_desc, n_inputs));
  CHECK(struct_->getElementOffset(4) == offsetof(pt2c_model_desc, inputs));
  CHECK(struct_->getElementOffset(7) == offsetof(pt2c_model_desc, n_symbols));
  CHECK(struct_->getElementOffset(9) == offsetof(pt2c_model_desc, n_weights));
  CHECK(struct_->getElementOffset(11) == offsetof(pt2c_model_desc, weights_blob));
  CHECK(struct_->getElementOffset(12) == offsetof(pt2c_model_desc, weights_bytes));
  CHECK(struct_->getElementOffset(13) == offsetof(pt2c_model_desc, output_dims));
  CHECK(struct_->getElementOffset(15) == offsetof(pt2c_model_desc, run));
  CHECK(struct_->getElementOffset(17) == offsetof(pt2c_model_desc, external_weights));
  CHECK(struct_->getElementOffset(20) == offsetof(pt2c_model_desc, n_metadata));
  CHECK(struct_->getElementOffset(21) == offsetof(pt2c_model_desc, metadata));

  // The tensor, dim, symbol and weight tables have the C element sizes.
  auto elementSize = [&](const char *name) {
    llvm::GlobalVariable *table = module->getNamedGlobal(name);
    REQUIRE(table);
    auto *array = llvm::cast<llvm::ArrayType>(table->getValueType());
    return layout.getTypeAllocSize(array->getElementType()).getFixedValue();
  };
  CHECK(elementSize("pt2c.inputs") == sizeof(pt2c_tensor_desc));
  CHECK(elementSize("pt2c.inputs.0.dims") == sizeof(pt2c_dim_desc));
  CHECK(elementSize("pt2c.symbols") == sizeof(pt2c_symbol_desc));
  CHECK(elementSize("pt2c.weights") == sizeof(pt2c_weight_desc));
  auto *tensorType = llvm::cast<llvm::StructType>(
      llvm::cast<llvm::ArrayType>(module->getNamedGlobal("pt2c.inputs")->getValueType())
          ->getElementType());
  const llvm::StructLayout *tensor = layout.getStructLayout(tensorType);
  CHECK(tensor->getElementOffset(1) == offsetof(pt2c_tensor_desc, dtype));
  CHECK(tensor->getElementOffset(2) == offsetof(pt2c_tensor_desc, rank));
  CHECK(tensor->getElementOffset(3) == offsetof(pt2c_tensor_desc, dims));

  // The blob is 64-byte aligned, as the ABI promises the runtime.
  llvm::GlobalVariable *blobGlobal = module->getNamedGlobal("pt2c.weights_blob");
  REQUIRE(blobGlobal);
  CHECK(blobGlobal->getAlign()->value() == 64);
}

TEST_CASE("metadata: the section's bytes and a table pointing into them", "[package]") {
  llvm::LLVMContext context;
  auto module = moduleWithForward(context, 3);
  WeightsBlob blob = zeroBlob();
  DescriptorOptions options;
  options.metadata = {{"pt2c.version", "0.1.0"}, {"owner", ""}};
  llvm::Error emitted =
      emitModelDescriptor(*module, signatureWithDynamicBatch(), blob, options);
  if (emitted)
    FAIL(llvm::toString(std::move(emitted)));
  REQUIRE(!llvm::verifyModule(*module, &llvm::errs()));

  llvm::GlobalVariable *section = module->getNamedGlobal("pt2c.metadata");
  REQUIRE(section);
  CHECK(section->getSection() == PT2C_METADATA_SECTION);
  auto *bytes = llvm::cast<llvm::ConstantDataSequential>(section->getInitializer());
  CHECK(bytes->getRawDataValues() == llvm::StringRef("pt2c.version\0" "0.1.0\0owner\0\0", 26));

  const llvm::DataLayout &layout = module->getDataLayout();
  llvm::GlobalVariable *table = module->getNamedGlobal("pt2c.metadata_table");
  REQUIRE(table);
  auto *array = llvm::cast<llvm::ArrayType>(table->getValueType());
  CHECK(array->getNumElements() == 2);
  CHECK(layout.getTypeAllocSize(array->getElementType()).getFixedValue() ==
        sizeof(pt2c_metadata_desc));
  // Pair 1's value is the byte after "owner\0", at offset 25.
  auto *pair = llvm::cast<llvm::ConstantStruct>(table->getInitializer()->getAggregateElement(1));
  auto *value = llvm::cast<llvm::ConstantExpr>(pair->getOperand(1));
  CHECK(llvm::cast<llvm::ConstantInt>(value->getOperand(1))->getZExtValue() == 25);

  auto *descriptor = module->getNamedGlobal("pt2c_model_descriptor");
  auto *fields = llvm::cast<llvm::ConstantStruct>(descriptor->getInitializer());
  CHECK(llvm::cast<llvm::ConstantInt>(fields->getOperand(20))->getZExtValue() == 2);
  CHECK(fields->getOperand(21) == table);
}

TEST_CASE("a forward with the wrong arity is an internal error", "[package]") {
  llvm::LLVMContext context;
  auto module = moduleWithForward(context, 2); // the signature needs 3
  WeightsBlob blob;
  blob.offsets = {0};
  blob.sizes = {0};
  llvm::Error error = emitModelDescriptor(*module, signatureWithDynamicBatch(), blob, {});
  REQUIRE(bool(error));
  CHECK_THAT(llvm::toString(std::move(error)), Catch::Contains("takes 2 arguments"));
}

TEST_CASE("external weights: no blob, and a table with the C layout", "[package]") {
  llvm::LLVMContext context;
  auto module = moduleWithForward(context, 3);
  WeightsBlob blob;
  blob.offsets = {0};
  blob.sizes = {160};
  blob.totalBytes = 160;
  ExternalWeights external;
  external.archiveName = "m.pt2";
  external.entries.push_back({"data/weights/weight_0", 160, true, 160, 0x1234});
  external.sources.push_back({0, 4, {10, 4}, {1, 10}, 0});
  blob.external = external;
  WeightFold scaled;
  scaled.kind = PT2C_FOLD_SCALE_FILTER;
  scaled.sizes = {10, 4};
  scaled.strides = {1, 10};
  blob.folds.push_back(scaled);
  ModelSignature signature = signatureWithDynamicBatch();
  llvm::Error emitted = emitModelDescriptor(*module, signature, blob, {});
  if (emitted)
    FAIL(llvm::toString(std::move(emitted)));
  REQUIRE(!llvm::verifyModule(*module, &llvm::errs()));
  CHECK(module->getNamedGlobal("pt2c.weights_blob") == nullptr);

  const llvm::DataLayout &layout = module->getDataLayout();
  auto structOf = [&](const char *name, bool isArray) {
    llvm::GlobalVariable *global = module->getNamedGlobal(name);
    REQUIRE(global);
    llvm::Type *type = global->getValueType();
    if (isArray)
      type = llvm::cast<llvm::ArrayType>(type)->getElementType();
    return llvm::cast<llvm::StructType>(type);
  };
  llvm::StructType *table = structOf("pt2c.external", false);
  const llvm::StructLayout *tableLayout = layout.getStructLayout(table);
  CHECK(tableLayout->getSizeInBytes() == sizeof(pt2c_external_weights_desc));
  CHECK(tableLayout->getElementOffset(1) == offsetof(pt2c_external_weights_desc, n_entries));
  CHECK(tableLayout->getElementOffset(2) == offsetof(pt2c_external_weights_desc, entries));
  CHECK(tableLayout->getElementOffset(3) == offsetof(pt2c_external_weights_desc, sources));
  CHECK(tableLayout->getElementOffset(4) == offsetof(pt2c_external_weights_desc, n_folds));
  CHECK(tableLayout->getElementOffset(5) == offsetof(pt2c_external_weights_desc, folds));

  const llvm::StructLayout *fold = layout.getStructLayout(structOf("pt2c.external.folds", true));
  CHECK(fold->getSizeInBytes() == sizeof(pt2c_weight_fold));
  CHECK(fold->getElementOffset(1) == offsetof(pt2c_weight_fold, target_code));
  CHECK(fold->getElementOffset(4) == offsetof(pt2c_weight_fold, stats_bits));
  CHECK(fold->getElementOffset(5) == offsetof(pt2c_weight_fold, target));
  CHECK(fold->getElementOffset(8) == offsetof(pt2c_weight_fold, mean));
  CHECK(fold->getElementOffset(9) == offsetof(pt2c_weight_fold, bias));
  CHECK(fold->getElementOffset(10) == offsetof(pt2c_weight_fold, channels));
  CHECK(fold->getElementOffset(11) == offsetof(pt2c_weight_fold, eps));
  CHECK(fold->getElementOffset(12) == offsetof(pt2c_weight_fold, rank));
  CHECK(fold->getElementOffset(13) == offsetof(pt2c_weight_fold, sizes));
  CHECK(fold->getElementOffset(14) == offsetof(pt2c_weight_fold, strides));
  CHECK(fold->getElementOffset(15) == offsetof(pt2c_weight_fold, base));
  CHECK(fold->getElementOffset(16) == offsetof(pt2c_weight_fold, channel_stride));

  const llvm::StructLayout *entry = layout.getStructLayout(structOf("pt2c.external.entries", true));
  CHECK(entry->getSizeInBytes() == sizeof(pt2c_archive_entry_desc));
  CHECK(entry->getElementOffset(1) == offsetof(pt2c_archive_entry_desc, min_bytes));
  CHECK(entry->getElementOffset(2) == offsetof(pt2c_archive_entry_desc, bytes));
  CHECK(entry->getElementOffset(3) == offsetof(pt2c_archive_entry_desc, crc32));
  CHECK(entry->getElementOffset(4) == offsetof(pt2c_archive_entry_desc, exact));

  const llvm::StructLayout *source = layout.getStructLayout(structOf("pt2c.external.sources", true));
  CHECK(source->getSizeInBytes() == sizeof(pt2c_weight_source));
  CHECK(source->getElementOffset(1) == offsetof(pt2c_weight_source, rank));
  CHECK(source->getElementOffset(2) == offsetof(pt2c_weight_source, sizes));
  CHECK(source->getElementOffset(3) == offsetof(pt2c_weight_source, strides));
  CHECK(source->getElementOffset(4) == offsetof(pt2c_weight_source, storage_offset));
  CHECK(source->getElementOffset(5) == offsetof(pt2c_weight_source, element_bytes));
}
