//===- DescriptorEmitter.cpp - The model descriptor and entry points ------===//
//
// The LLVM struct types below mirror runtime/include/pt2c/model_abi.h field
// by field; with x86-64's natural alignment their layouts are the C ones.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Package/DescriptorEmitter.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace pt2c {

namespace {

/// DLPack's kDLComplex (ModelSignature.h's dtypeCodeOf).
constexpr uint8_t kComplexCode = 5;

constexpr unsigned kModelAbiVersion = 7; // PT2C_MODEL_ABI_VERSION

class DescriptorEmitter {
public:
  DescriptorEmitter(Module &module, const ModelSignature &signature,
                    const WeightsBlob &weights, const DescriptorOptions &options)
      : module_(module), context_(module.getContext()), signature_(signature),
        weights_(weights), options_(options), ptr_(PointerType::get(context_, 0)),
        i8_(Type::getInt8Ty(context_)), i32_(Type::getInt32Ty(context_)),
        i64_(Type::getInt64Ty(context_)) {
    dtypeType_ = StructType::get(context_, {i8_, i8_});
    dimType_ = StructType::get(context_, {i64_, i32_});
    tensorType_ = StructType::get(context_, {ptr_, dtypeType_, i32_, ptr_});
    symbolType_ = StructType::get(context_, {ptr_, i64_, i64_, i32_});
    weightType_ = StructType::get(context_, {ptr_, i64_, i64_});
    entryType_ = StructType::get(context_, {ptr_, i64_, i64_, i32_, i32_});
    sourceType_ = StructType::get(context_, {i32_, i32_, ptr_, ptr_, i64_, i32_});
    externalType_ = StructType::get(context_, {ptr_, i32_, ptr_, ptr_, i32_, ptr_});
    foldType_ = StructType::get(context_, {i32_, i8_, i8_, i8_, i8_, i64_, i64_, i64_, i64_,
                                           i64_, i64_, Type::getDoubleTy(context_), i32_, ptr_,
                                           ptr_, i64_, i64_});
  }

  Error emit() {
    Function *forward = nullptr, *cudaForward = nullptr;
    if (Error error = lookupForward(options_.forwardSymbol, forward))
      return error;
    if (Error error = lookupForward(options_.cudaForwardSymbol, cudaForward))
      return error;
    if (!forward && !cudaForward)
      return createStringError(std::make_error_code(std::errc::state_not_recoverable),
                               "internal error: the model is compiled for no target");

    // External weights: no blob, the table of where they are instead.
    Constant *blob = weights_.external ? ConstantPointerNull::get(ptr_)
                                       : static_cast<Constant *>(emitBlob());
    Constant *external = weights_.external ? externalTable(*weights_.external)
                                           : ConstantPointerNull::get(ptr_);
    Constant *run = forward ? static_cast<Constant *>(emitRun(forward, "pt2c.run"))
                            : ConstantPointerNull::get(ptr_);
    Constant *runCuda = cudaForward
                            ? static_cast<Constant *>(emitRun(cudaForward, "pt2c.run_cuda"))
                            : ConstantPointerNull::get(ptr_);
    // The CPU entries, best first, the baseline `run` last.
    std::vector<Constant *> cpuEntries;
    if (forward) {
      auto *entryType = StructType::get(context_, {i32_, ptr_});
      for (auto [index, wider] : llvm::enumerate(options_.widerForwards)) {
        Function *widerForward = nullptr;
        if (Error error = lookupForward(wider.symbol, widerForward))
          return error;
        cpuEntries.push_back(ConstantStruct::get(
            entryType, {ConstantInt::get(i32_, wider.features),
                        emitRun(widerForward, ("pt2c.run_cpu" + Twine(index)).str())}));
      }
      cpuEntries.push_back(ConstantStruct::get(
          entryType, {ConstantInt::get(i32_, options_.forwardFeatures), run}));
    }
    Constant *cpuEntryTable =
        array(StructType::get(context_, {i32_, ptr_}), cpuEntries, "cpu_entries");
    Function *outputDims = emitOutputDims();
    Function *arenaBytes = emitArenaBytes();

    Constant *fields[] = {
        ConstantInt::get(i32_, kModelAbiVersion),
        string(options_.modelName, "name"),
        string(options_.compileOptions, "options"),
        ConstantInt::get(i32_, signature_.inputs.size()),
        tensorTable(signature_.inputs, "inputs"),
        ConstantInt::get(i32_, signature_.outputs.size()),
        tensorTable(signature_.outputs, "outputs"),
        ConstantInt::get(i32_, signature_.symbols.size()),
        symbolTable(),
        ConstantInt::get(i32_, signature_.weights.size()),
        weightTable(),
        blob,
        ConstantInt::get(i64_, weights_.totalBytes),
        outputDims,
        arenaBytes,
        run,
        runCuda,
        external,
        ConstantInt::get(i32_, cpuEntries.size()),
        cpuEntryTable,
        ConstantInt::get(i32_, options_.metadata.size()),
        metadataTable(),
    };
    std::vector<Type *> fieldTypes;
    for (Constant *field : fields)
      fieldTypes.push_back(field->getType());
    auto *descType = StructType::get(context_, fieldTypes);
    auto *descriptor = new GlobalVariable(
        module_, descType, /*isConstant=*/true, GlobalValue::ExternalLinkage,
        ConstantStruct::get(descType, fields), "pt2c_model_descriptor");
    // Only the runtime, linked into the same .so, reads it.
    descriptor->setVisibility(GlobalValue::HiddenVisibility);
    return Error::success();
  }

private:
  Constant *string(StringRef text, const Twine &name) {
    auto *value = ConstantDataArray::getString(context_, text);
    auto *global = new GlobalVariable(module_, value->getType(), true,
                                      GlobalValue::PrivateLinkage, value,
                                      "pt2c." + name);
    global->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    return global;
  }

  Constant *array(Type *element, ArrayRef<Constant *> values, const Twine &name) {
    if (values.empty())
      return ConstantPointerNull::get(ptr_);
    auto *type = ArrayType::get(element, values.size());
    return new GlobalVariable(module_, type, true, GlobalValue::PrivateLinkage,
                              ConstantArray::get(type, values), "pt2c." + name);
  }

  Constant *tensorTable(const std::vector<SignatureTensor> &tensors, StringRef kind) {
    std::vector<Constant *> entries;
    for (auto [index, tensor] : llvm::enumerate(tensors)) {
      std::vector<Constant *> dims;
      for (auto [size, symbol] : llvm::zip(tensor.sizes, tensor.symbols))
        dims.push_back(ConstantStruct::get(
            dimType_, {ConstantInt::get(i64_, size), ConstantInt::get(i32_, symbol)}));
      std::string suffix = (kind + "." + Twine(index)).str();
      entries.push_back(ConstantStruct::get(
          tensorType_,
          {string(tensor.name, suffix + ".name"),
           ConstantStruct::get(dtypeType_, {ConstantInt::get(i8_, tensor.dtype.code),
                                            ConstantInt::get(i8_, tensor.dtype.bits)}),
           ConstantInt::get(i32_, tensor.sizes.size()),
           array(dimType_, dims, suffix + ".dims")}));
    }
    return array(tensorType_, entries, kind);
  }

  Constant *symbolTable() {
    std::vector<Constant *> entries;
    for (auto [index, symbol] : llvm::enumerate(signature_.symbols))
      entries.push_back(ConstantStruct::get(
          symbolType_, {string(symbol.name, "symbol." + Twine(index)),
                        ConstantInt::get(i64_, symbol.min),
                        ConstantInt::get(i64_, symbol.max),
                        ConstantInt::get(i32_, symbol.dataDependent ? 1 : 0)}));
    return array(symbolType_, entries, "symbols");
  }

  Constant *weightTable() {
    std::vector<Constant *> entries;
    for (auto [index, weight] : llvm::enumerate(signature_.weights))
      entries.push_back(ConstantStruct::get(
          weightType_, {string(weight.fqn, "weight." + Twine(index)),
                        ConstantInt::get(i64_, weights_.offsets[index]),
                        ConstantInt::get(i64_, weights_.sizes[index])}));
    return array(weightType_, entries, "weights");
  }

  /// The metadata pairs as PT2C_METADATA_SECTION's bytes, and the table of
  /// pt2c_metadata_desc pointing into them (model_abi.h).
  Constant *metadataTable() {
    if (options_.metadata.empty())
      return ConstantPointerNull::get(ptr_);
    std::string bytes;
    std::vector<std::pair<size_t, size_t>> offsets;
    for (const auto &[key, value] : options_.metadata) {
      size_t keyOffset = bytes.size();
      bytes += key + '\0';
      offsets.push_back({keyOffset, bytes.size()});
      bytes += value + '\0';
    }
    auto *data = ConstantDataArray::getString(context_, bytes, /*AddNull=*/false);
    auto *section = new GlobalVariable(module_, data->getType(), true,
                                       GlobalValue::PrivateLinkage, data, "pt2c.metadata");
    section->setSection(".pt2c.metadata"); // PT2C_METADATA_SECTION
    section->setAlignment(Align(1));
    auto *pairType = StructType::get(context_, {ptr_, ptr_});
    auto at = [&](size_t offset) {
      return ConstantExpr::getInBoundsGetElementPtr(i8_, section,
                                                    ConstantInt::get(i64_, offset));
    };
    std::vector<Constant *> pairs;
    for (auto [keyOffset, valueOffset] : offsets)
      pairs.push_back(ConstantStruct::get(pairType, {at(keyOffset), at(valueOffset)}));
    return array(pairType, pairs, "metadata_table");
  }

  Constant *int64Array(ArrayRef<int64_t> values, const Twine &name) {
    std::vector<Constant *> elements;
    for (int64_t value : values)
      elements.push_back(ConstantInt::get(i64_, value));
    return array(i64_, elements, name);
  }

  /// pt2c_external_weights_desc: the entries to read and, per weight, its
  /// view of one of them.
  Constant *externalTable(const ExternalWeights &external) {
    std::vector<Constant *> entries, sources;
    for (auto [index, entry] : llvm::enumerate(external.entries))
      entries.push_back(ConstantStruct::get(
          entryType_, {string(entry.name, "external.entry." + Twine(index)),
                       ConstantInt::get(i64_, entry.minBytes),
                       ConstantInt::get(i64_, entry.bytes),
                       ConstantInt::get(i32_, entry.crc32),
                       ConstantInt::get(i32_, entry.exact ? 1 : 0)}));
    for (auto [index, source] : llvm::enumerate(external.sources)) {
      std::string suffix = ("external.source." + Twine(index)).str();
      sources.push_back(ConstantStruct::get(
          sourceType_,
          {ConstantInt::get(i32_, source.entry),
           ConstantInt::get(i32_, source.sizes.size()),
           int64Array(source.sizes, suffix + ".sizes"),
           int64Array(source.strides, suffix + ".strides"),
           ConstantInt::get(i64_, source.storageOffset),
           ConstantInt::get(i32_, source.elementBytes)}));
    }
    // pt2c_weight_fold: the batch norms to fold once the weights are read.
    std::vector<Constant *> folds;
    for (auto [index, fold] : llvm::enumerate(weights_.folds)) {
      std::string suffix = ("external.fold." + Twine(index)).str();
      folds.push_back(ConstantStruct::get(
          foldType_,
          {ConstantInt::get(i32_, fold.kind), ConstantInt::get(i8_, fold.target.code),
           ConstantInt::get(i8_, fold.target.bits), ConstantInt::get(i8_, fold.stats.code),
           ConstantInt::get(i8_, fold.stats.bits), ConstantInt::get(i64_, fold.targetOffset),
           ConstantInt::get(i64_, fold.gammaOffset), ConstantInt::get(i64_, fold.varOffset),
           ConstantInt::get(i64_, fold.meanOffset), ConstantInt::get(i64_, fold.biasOffset),
           ConstantInt::get(i64_, fold.channels),
           ConstantFP::get(Type::getDoubleTy(context_), fold.eps),
           ConstantInt::get(i32_, fold.sizes.size()),
           int64Array(fold.sizes, suffix + ".sizes"),
           int64Array(fold.strides, suffix + ".strides"), ConstantInt::get(i64_, fold.base),
           ConstantInt::get(i64_, fold.channelStride)}));
    }
    Constant *fields[] = {string(external.archiveName, "external.archive"),
                          ConstantInt::get(i32_, external.entries.size()),
                          array(entryType_, entries, "external.entries"),
                          array(sourceType_, sources, "external.sources"),
                          ConstantInt::get(i32_, folds.size()),
                          array(foldType_, folds, "external.folds")};
    return new GlobalVariable(module_, externalType_, true, GlobalValue::PrivateLinkage,
                              ConstantStruct::get(externalType_, fields),
                              "pt2c.external");
  }

  GlobalVariable *emitBlob() {
    auto *data = ConstantDataArray::getRaw(
        StringRef(reinterpret_cast<const char *>(weights_.bytes.data()),
                  weights_.bytes.size()),
        weights_.bytes.size(), i8_);
    auto *blob = new GlobalVariable(module_, data->getType(), true,
                                    GlobalValue::PrivateLinkage, data,
                                    "pt2c.weights_blob");
    blob->setAlignment(Align(64));
    return blob;
  }

  /// The size of `dim` of `tensor`: a constant, the bound symbol, or an
  /// expression over the bound symbols.
  Value *dimSize(IRBuilder<> &b, Value *symbols, const SignatureTensor &tensor, size_t dim) {
    int32_t symbol = tensor.symbols[dim];
    if (symbol == kDerivedDim)
      return expression(b, symbols, tensor.derived[dim]);
    if (symbol < 0)
      return b.getInt64(tensor.sizes[dim]);
    return symbolValue(b, symbols, symbol);
  }

  Value *symbolValue(IRBuilder<> &b, Value *symbols, int64_t symbol) {
    return b.CreateLoad(i64_, b.CreateConstGEP1_64(i64_, symbols, symbol));
  }

  /// `e` as i64 arithmetic (Python's // and %: toward minus infinity).
  Value *expression(IRBuilder<> &b, Value *symbols, const SizeExpression &e) {
    using Kind = SizeExpression::Kind;
    if (e.kind == Kind::Constant)
      return b.getInt64(e.value);
    if (e.kind == Kind::Symbol)
      return symbolValue(b, symbols, e.value);
    Value *lhs = expression(b, symbols, e.operands[0]);
    if (e.kind == Kind::Neg)
      return b.CreateNeg(lhs);
    Value *rhs = expression(b, symbols, e.operands[1]);
    switch (e.kind) {
    case Kind::Add:
      return b.CreateAdd(lhs, rhs);
    case Kind::Sub:
      return b.CreateSub(lhs, rhs);
    case Kind::Mul:
      return b.CreateMul(lhs, rhs);
    case Kind::Max:
      return b.CreateSelect(b.CreateICmpSGT(lhs, rhs), lhs, rhs);
    case Kind::Min:
      return b.CreateSelect(b.CreateICmpSLT(lhs, rhs), lhs, rhs);
    case Kind::FloorDiv:
    case Kind::Mod: {
      // q = lhs / rhs, minus one when inexact and the signs differ.
      Value *quotient = b.CreateSDiv(lhs, rhs);
      Value *inexact = b.CreateICmpNE(b.CreateSRem(lhs, rhs), b.getInt64(0));
      Value *signsDiffer = b.CreateICmpSLT(b.CreateXor(lhs, rhs), b.getInt64(0));
      quotient = b.CreateSub(quotient, b.CreateZExt(b.CreateAnd(inexact, signsDiffer), i64_));
      return e.kind == Kind::FloorDiv ? quotient : b.CreateSub(lhs, b.CreateMul(quotient, rhs));
    }
    default:
      return b.getInt64(0);
    }
  }

  /// A memref descriptor {alloc, aligned, offset, sizes[r], strides[r]} on the
  /// stack, for contiguous row-major data at `data`.
  Value *memref(IRBuilder<> &b, Value *data, ArrayRef<Value *> sizes) {
    unsigned rank = sizes.size();
    std::vector<Type *> fields = {ptr_, ptr_, i64_};
    if (rank) {
      fields.push_back(ArrayType::get(i64_, rank));
      fields.push_back(ArrayType::get(i64_, rank));
    }
    auto *type = StructType::get(context_, fields);
    Value *slot = b.CreateAlloca(type);
    b.CreateStore(data, b.CreateStructGEP(type, slot, 0));
    b.CreateStore(data, b.CreateStructGEP(type, slot, 1));
    b.CreateStore(b.getInt64(0), b.CreateStructGEP(type, slot, 2));
    auto element = [&](unsigned field, unsigned d) {
      return b.CreateInBoundsGEP(type, slot,
                                 {b.getInt32(0), b.getInt32(field), b.getInt32(d)});
    };
    Value *stride = b.getInt64(1); // row-major: the last dim is contiguous
    for (unsigned d = rank; d-- > 0;) {
      b.CreateStore(sizes[d], element(3, d));
      b.CreateStore(stride, element(4, d));
      stride = b.CreateMul(stride, sizes[d]);
    }
    return slot;
  }

  Function *function(Type *result, ArrayRef<Type *> params, const Twine &name) {
    auto *function = Function::Create(FunctionType::get(result, params, false),
                                      GlobalValue::InternalLinkage, name, module_);
    function->addFnAttr(Attribute::NoUnwind);
    return function;
  }

  /// `symbol` (none when empty), checked against the signature. A form
  /// compiled in an object of its own (emitCPUObjects: each CPU form on a
  /// thread) is declared here, `void(descriptor pointers...)` as MLIR's C
  /// interface defines it, and the linker joins the two.
  Error lookupForward(const std::string &symbol, Function *&forward) {
    if (symbol.empty())
      return Error::success();
    size_t expected = signature_.weights.size() + signature_.inputs.size() +
                      signature_.outputs.size() +
                      llvm::count_if(signature_.symbols,
                                     [](const SignatureSymbol &s) { return s.dataDependent; });
    forward = module_.getFunction(symbol);
    if (!forward)
      forward = Function::Create(
          FunctionType::get(Type::getVoidTy(context_), std::vector<Type *>(expected, ptr_), false),
          GlobalValue::ExternalLinkage, symbol, module_);
    if (forward->arg_size() != expected)
      return createStringError(std::make_error_code(std::errc::state_not_recoverable),
                               "internal error: " + symbol + " takes " +
                                   Twine(forward->arg_size()) +
                                   " arguments, the signature has " + Twine(expected));
    return Error::success();
  }

  /// int32_t run(const pt2c_run_args *args)
  Function *emitRun(Function *forward, StringRef name) {
    Function *run = function(i32_, {ptr_}, name);
    IRBuilder<> b(BasicBlock::Create(context_, "entry", run));
    // pt2c_run_args: inputs, outputs, symbols, weights, arena, pool, parallel_for.
    auto *argsType = StructType::get(context_, {ptr_, ptr_, ptr_, ptr_, ptr_, ptr_, ptr_});
    Value *args = run->getArg(0);
    auto field = [&](unsigned index) {
      return b.CreateLoad(ptr_, b.CreateStructGEP(argsType, args, index));
    };
    Value *inputs = field(0), *outputs = field(1), *symbols = field(2);
    Value *weights = field(3); // the embedded blob, or one the runtime loaded

    std::vector<Value *> operands;
    for (auto [index, weight] : llvm::enumerate(signature_.weights)) {
      std::vector<Value *> sizes;
      for (int64_t size : weight.shape)
        sizes.push_back(b.getInt64(size));
      operands.push_back(memref(
          b, b.CreateConstGEP1_64(i8_, weights, weights_.offsets[index]), sizes));
    }
    auto tensorOperands = [&](const std::vector<SignatureTensor> &tensors, Value *table) {
      for (auto [index, tensor] : llvm::enumerate(tensors)) {
        Value *data = b.CreateLoad(ptr_, b.CreateConstGEP1_64(ptr_, table, index));
        std::vector<Value *> sizes;
        for (size_t dim = 0; dim < tensor.sizes.size(); ++dim)
          sizes.push_back(dimSize(b, symbols, tensor, dim));
        // A complex tensor is read as its interleaved [..., 2] parts.
        if (tensor.dtype.code == kComplexCode)
          sizes.push_back(b.getInt64(2));
        // An output of data-dependent size is written flat, compact at the
        // start of a buffer of its largest size (the runtime sets the
        // data-dependent symbols to their maxima before the call).
        if (tensor.dataDependent(signature_.symbols)) {
          Value *capacity = b.getInt64(1);
          for (Value *size : sizes)
            capacity = b.CreateMul(capacity, size);
          sizes.assign({capacity});
        }
        operands.push_back(memref(b, data, sizes));
      }
    };
    tensorOperands(signature_.inputs, inputs);
    tensorOperands(signature_.outputs, outputs);
    // Then the data-dependent sizes the code computed, each written to its
    // symbol's slot (rank-0 out-params, pt2c-decompose-aten's order).
    for (auto [index, symbol] : llvm::enumerate(signature_.symbols))
      if (symbol.dataDependent)
        operands.push_back(memref(b, b.CreateConstGEP1_64(i64_, symbols, index), {}));
    b.CreateCall(forward, operands);
    b.CreateRet(b.getInt32(0));
    return run;
  }

  /// void output_dims(const int64_t *symbols, int64_t *dims)
  Function *emitOutputDims() {
    Function *outputDims = function(Type::getVoidTy(context_), {ptr_, ptr_}, "pt2c.output_dims");
    IRBuilder<> b(BasicBlock::Create(context_, "entry", outputDims));
    uint64_t slot = 0;
    for (const SignatureTensor &tensor : signature_.outputs)
      for (size_t dim = 0; dim < tensor.sizes.size(); ++dim)
        b.CreateStore(dimSize(b, outputDims->getArg(0), tensor, dim),
                      b.CreateConstGEP1_64(i64_, outputDims->getArg(1), slot++));
    b.CreateRetVoid();
    return outputDims;
  }

  /// uint64_t arena_bytes(const int64_t *symbols): kernels allocate their
  /// own scratch until buffer planning places it in the arena.
  Function *emitArenaBytes() {
    Function *arenaBytes = function(i64_, {ptr_}, "pt2c.arena_bytes");
    IRBuilder<> b(BasicBlock::Create(context_, "entry", arenaBytes));
    b.CreateRet(b.getInt64(0));
    return arenaBytes;
  }

private:
  Module &module_;
  LLVMContext &context_;
  const ModelSignature &signature_;
  const WeightsBlob &weights_;
  const DescriptorOptions &options_;
  PointerType *ptr_;
  IntegerType *i8_, *i32_, *i64_;
  StructType *dtypeType_, *dimType_, *tensorType_, *symbolType_, *weightType_;
  StructType *entryType_, *sourceType_, *externalType_, *foldType_;
};

} // namespace

Error emitModelDescriptor(Module &module, const ModelSignature &signature,
                          const WeightsBlob &weights, const DescriptorOptions &options) {
  return DescriptorEmitter(module, signature, weights, options).emit();
}

} // namespace pt2c
