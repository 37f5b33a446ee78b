//===- ModelSignature.cpp - What the runtime must know about @forward -----===//

#include "pt2c/Package/ModelSignature.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>

using namespace mlir;

namespace pt2c {

llvm::Expected<DTypeCode> dtypeCodeOf(Type type) {
  // DLPack codes: kDLInt 0, kDLUInt 1, kDLFloat 2, kDLBfloat 4, kDLComplex
  // 5 (the bits of both parts; the code reads them interleaved as [..., 2]
  // floats, ComplexBoundary.h), bool 6.
  if (auto complex = dyn_cast<ComplexType>(type))
    if (complex.getElementType().isF32() || complex.getElementType().isF64())
      return DTypeCode{5, static_cast<uint8_t>(
                              2 * cast<FloatType>(complex.getElementType()).getWidth())};
  if (type.isBF16())
    return DTypeCode{4, 16};
  if (auto floatType = dyn_cast<FloatType>(type))
    if (type.isF16() || type.isF32() || type.isF64())
      return DTypeCode{2, static_cast<uint8_t>(floatType.getWidth())};
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.getWidth() == 1)
      return DTypeCode{6, 8};
    return DTypeCode{static_cast<uint8_t>(integer.isUnsigned() ? 1 : 0),
                     static_cast<uint8_t>(integer.getWidth())};
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return llvm::createStringError("element type " + text +
                                 " has no DLPack dtype the runtime supports");
}

namespace {
class SignatureReader {
public:
  explicit SignatureReader(func::FuncOp forward) : forward_(forward) {}

  llvm::Expected<ModelSignature> read() {
    if (auto symbols = forward_->getAttrOfType<DictionaryAttr>("pt2c.symbols")) {
      llvm::StringSet<> used = namesInDims(/*inputs=*/false);
      llvm::StringSet<> bound = namesInDims(/*inputs=*/true);
      for (NamedAttribute symbol : symbols) {
        // The export also names sizes no tensor of the signature has (a
        // view's storage offset, asserted on and dropped): not the runtime's.
        if (!used.contains(symbol.getName()) && !bound.contains(symbol.getName()))
          continue;
        SignatureSymbol entry;
        entry.name = symbol.getName().str();
        if (auto bounds = dyn_cast<DictionaryAttr>(symbol.getValue())) {
          if (auto min = bounds.getAs<IntegerAttr>("min"))
            entry.min = min.getInt();
          if (auto max = bounds.getAs<IntegerAttr>("max"))
            entry.max = max.getInt();
        }
        entry.dataDependent = !bound.contains(symbol.getName());
        // torch writes an unknown bound as sys.maxsize - 1: anything past
        // 2^48 elements is no bound to allocate for.
        if (entry.dataDependent && (entry.max > (int64_t(1) << 48) || entry.max < 0))
          return error("the data-dependent size '" + entry.name +
                       "' (computed from tensor values: nonzero, masked_select, unique, ...) "
                       "has no upper bound in the archive's range constraints; pt2c "
                       "allocates such outputs for their largest size (export with static "
                       "input shapes to bound it)");
        if (entry.dataDependent)
          entry.min = std::max<int64_t>(entry.min, 0);
        signature_.symbols.push_back(entry);
      }
    }
    std::sort(signature_.symbols.begin(), signature_.symbols.end(),
              [](auto &a, auto &b) { return a.name < b.name; });

    for (unsigned index = 0; index < forward_.getNumArguments(); ++index) {
      DictionaryAttr attrs = forward_.getArgAttrDict(index);
      if (auto fqn = attrs ? attrs.getAs<StringAttr>("pt2c.weight") : StringAttr()) {
        if (!signature_.inputs.empty())
          return error("argument " + llvm::Twine(index) + " ('" + fqn.getValue() +
                       "'): weights must come before user inputs");
        auto type = dyn_cast<RankedTensorType>(forward_.getArgumentTypes()[index]);
        if (!type || !type.hasStaticShape())
          return error("weight '" + fqn.getValue() + "' must have a static shape");
        signature_.weights.push_back({fqn.str(), index, type.getShape().vec()});
        continue;
      }
      auto name = attrs ? attrs.getAs<StringAttr>("pt2c.input") : StringAttr();
      auto tensor = describe(forward_.getArgumentTypes()[index], attrs,
                             name ? name.str() : "input" + std::to_string(index),
                             "input");
      if (!tensor)
        return tensor.takeError();
      signature_.inputs.push_back(std::move(*tensor));
    }
    for (unsigned index = 0; index < forward_.getNumResults(); ++index) {
      DictionaryAttr attrs = forward_.getResultAttrDict(index);
      StringAttr name;
      for (const char *key : {"pt2c.output", "pt2c.buffer_mutation",
                              "pt2c.input_mutation", "pt2c.parameter_mutation"})
        if (!name && attrs)
          name = attrs.getAs<StringAttr>(key);
      auto tensor = describe(forward_.getResultTypes()[index], attrs,
                             name ? name.str() : "output" + std::to_string(index),
                             "output");
      if (!tensor)
        return tensor.takeError();
      signature_.outputs.push_back(std::move(*tensor));
    }
    return std::move(signature_);
  }

private:
  /// Every name in the `pt2c.dims` of the arguments (inputs) or the results,
  /// expressions ("2*s0") split into their identifiers.
  llvm::StringSet<> namesInDims(bool inputs) {
    llvm::StringSet<> names;
    unsigned count = inputs ? forward_.getNumArguments() : forward_.getNumResults();
    for (unsigned index = 0; index < count; ++index) {
      DictionaryAttr attrs =
          inputs ? forward_.getArgAttrDict(index) : forward_.getResultAttrDict(index);
      ArrayAttr dims = attrs ? attrs.getAs<ArrayAttr>("pt2c.dims") : ArrayAttr();
      for (Attribute dim : dims ? dims.getValue() : llvm::ArrayRef<Attribute>()) {
        auto text = dyn_cast<StringAttr>(dim);
        llvm::StringRef rest = text ? text.getValue() : "";
        while (!rest.empty()) {
          rest = rest.drop_until([](char c) { return llvm::isAlpha(c) || c == '_'; });
          llvm::StringRef name =
              rest.take_while([](char c) { return llvm::isAlnum(c) || c == '_'; });
          if (!name.empty())
            names.insert(name);
          rest = rest.drop_front(name.size());
        }
      }
    }
    return names;
  }

  llvm::Error error(const llvm::Twine &message) {
    return llvm::createStringError("@forward: " + message.str());
  }

  int32_t symbolIndex(llvm::StringRef name) {
    for (auto [index, symbol] : llvm::enumerate(signature_.symbols))
      if (symbol.name == name)
        return static_cast<int32_t>(index);
    return -1;
  }

  llvm::Expected<SignatureTensor> describe(Type type, DictionaryAttr attrs,
                                           std::string name, const char *what) {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType)
      return error(llvm::Twine(what) + " '" + name +
                   "' is not a tensor; scalar inputs and outputs are not supported yet");
    auto dtype = dtypeCodeOf(tensorType.getElementType());
    if (!dtype)
      return error(llvm::Twine(what) + " '" + name + "': " +
                   llvm::toString(dtype.takeError()));
    SignatureTensor tensor;
    tensor.name = std::move(name);
    tensor.dtype = *dtype;
    ArrayAttr dims = attrs ? attrs.getAs<ArrayAttr>("pt2c.dims") : ArrayAttr();
    bool isOutput = llvm::StringRef(what) == "output";
    tensor.derived.resize(tensorType.getRank());
    for (auto [dim, size] : llvm::enumerate(tensorType.getShape())) {
      tensor.sizes.push_back(ShapedType::isDynamic(size) ? -1 : size);
      if (!ShapedType::isDynamic(size)) {
        tensor.symbols.push_back(-1);
        continue;
      }
      auto expression = dims && dim < dims.size() ? dyn_cast<StringAttr>(dims[dim])
                                                  : StringAttr();
      int32_t symbol = expression ? symbolIndex(expression.getValue()) : -1;
      // An output dim may be an expression over the symbols ("2*s33").
      if (symbol < 0 && expression && isOutput) {
        bool onData = false;
        auto derived = parseSizeExpression(expression.getValue(), [&](llvm::StringRef name) {
          int32_t index = symbolIndex(name);
          onData |= index >= 0 && signature_.symbols[index].dataDependent;
          return index;
        });
        if (!derived)
          return error(llvm::Twine(what) + " '" + tensor.name + "' dim " + llvm::Twine(dim) +
                       ": " + llvm::toString(derived.takeError()));
        if (onData)
          return error(llvm::Twine(what) + " '" + tensor.name + "' dim " + llvm::Twine(dim) +
                       " is '" + expression.getValue() +
                       "', an expression of a data-dependent size; only a data-dependent "
                       "size itself is supported as a dim yet");
        tensor.derived[dim] = std::move(*derived);
        tensor.symbols.push_back(kDerivedDim);
        continue;
      }
      if (symbol < 0)
        return error(llvm::Twine(what) + " '" + tensor.name + "' dim " +
                     llvm::Twine(dim) + " is " +
                     (expression ? "'" + expression.getValue().str() + "'"
                                 : std::string("dynamic without a symbol")) +
                     "; only dims that are a symbol of the signature are "
                     "supported yet");
      tensor.symbols.push_back(symbol);
    }
    if (isOutput && tensor.dataDependent(signature_.symbols))
      for (auto [dim, symbol] : llvm::enumerate(tensor.symbols))
        if (symbol != -1 && !signature_.symbols[symbol].dataDependent)
          return error("output '" + tensor.name + "' dim " + llvm::Twine(dim) +
                       ": an output with a data-dependent size may have only static dims "
                       "besides it yet (this one is '" +
                       (symbol >= 0 ? signature_.symbols[symbol].name : std::string("derived")) +
                       "')");
    return tensor;
  }

  func::FuncOp forward_;
  ModelSignature signature_;
};
} // namespace

bool SignatureTensor::dataDependent(const std::vector<SignatureSymbol> &all) const {
  return llvm::any_of(symbols, [&](int32_t symbol) {
    return symbol >= 0 && all[symbol].dataDependent;
  });
}

bool ModelSignature::hasDataDependentSizes() const {
  return llvm::any_of(symbols, [](const SignatureSymbol &symbol) { return symbol.dataDependent; });
}

llvm::Expected<ModelSignature> extractSignature(func::FuncOp forward) {
  return SignatureReader(forward).read();
}

void readWeightLayouts(mlir::func::FuncOp forward, ModelSignature &signature) {
  // Weight arguments the layout passes added (a transposed copy of a
  // weight also read as it is) come after the signature's weights.
  unsigned next = signature.weights.empty() ? 0 : signature.weights.back().argument + 1;
  for (; next < forward.getNumArguments(); ++next) {
    auto fqn = forward.getArgAttrOfType<mlir::StringAttr>(next, "pt2c.weight");
    if (!fqn)
      break;
    signature.weights.push_back({fqn.str(), next, {}});
  }
  for (SignatureWeight &weight : signature.weights) {
    auto permutation = forward.getArgAttrOfType<mlir::DenseI64ArrayAttr>(
        weight.argument, "pt2c.weight_permutation");
    auto panel = forward.getArgAttrOfType<mlir::IntegerAttr>(weight.argument, "pt2c.weight_panel");
    auto columns = forward.getArgAttrOfType<mlir::DenseI64ArrayAttr>(weight.argument,
                                                                      "pt2c.weight_columns");
    if (!permutation && !panel && !columns)
      continue;
    if (permutation)
      weight.permutation.assign(permutation.asArrayRef().begin(), permutation.asArrayRef().end());
    if (panel)
      weight.panel = panel.getInt();
    if (columns && columns.size() == 2) {
      weight.firstColumn = columns[0];
      weight.endColumn = columns[1];
    }
    auto type = mlir::cast<mlir::RankedTensorType>(forward.getArgumentTypes()[weight.argument]);
    weight.shape = type.getShape().vec();
  }
}

llvm::Error readWeightFolds(mlir::func::FuncOp forward, ModelSignature &signature) {
  llvm::StringMap<WeightFoldRecipe> recipes;
  for (unsigned index = 0; index < forward.getNumArguments(); ++index) {
    auto fqn = forward.getArgAttrOfType<StringAttr>(index, "pt2c.weight");
    auto fold = forward.getArgAttrOfType<DictionaryAttr>(index, "pt2c.weight_fold");
    if (!fqn || !fold)
      continue;
    auto text = [&](llvm::StringRef key) {
      auto value = fold.getAs<StringAttr>(key);
      return value ? value.str() : std::string();
    };
    WeightFoldRecipe recipe;
    std::string kind = text("kind");
    auto eps = fold.getAs<FloatAttr>("eps");
    recipe.gamma = text("gamma");
    recipe.var = text("var");
    recipe.mean = text("mean");
    recipe.bias = text("bias");
    if (kind != "scale_filter" && kind != "shift")
      return llvm::createStringError("weight '" + fqn.getValue() +
                                     "': unknown kind of batch-norm fold '" + kind + "'");
    recipe.kind = kind == "shift" ? WeightFoldRecipe::Shift : WeightFoldRecipe::ScaleFilter;
    if (!eps || recipe.var.empty() ||
        (recipe.kind == WeightFoldRecipe::Shift && recipe.mean.empty()))
      return llvm::createStringError("weight '" + fqn.getValue() +
                                     "': its batch-norm fold lacks eps, var or mean");
    recipe.eps = eps.getValueAsDouble();
    recipes[fqn.getValue()] = recipe;
  }
  for (SignatureWeight &weight : signature.weights) {
    auto found = recipes.find(weight.fqn);
    if (found != recipes.end())
      weight.fold = found->second;
  }
  return llvm::Error::success();
}

} // namespace pt2c
