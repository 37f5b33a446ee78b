//===- DataDependentOutputs.cpp - outputs whose size the run computes -----===//

#include "pt2c/Conversion/ATenToPrim/DataDependentOutputs.h"

#include "pt2c/Dialect/Prim/PrimOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <map>

using namespace mlir;

namespace pt2c {
namespace {

/// The identifiers of a `pt2c.dims` entry ("u0", or "2*s0" split).
SmallVector<StringRef> namesIn(StringRef text) {
  SmallVector<StringRef> names;
  while (!text.empty()) {
    text = text.drop_until([](char c) { return llvm::isAlpha(c) || c == '_'; });
    StringRef name = text.take_while([](char c) { return llvm::isAlnum(c) || c == '_'; });
    if (!name.empty())
      names.push_back(name);
    text = text.drop_front(name.size());
  }
  return names;
}

ArrayAttr dimsOf(DictionaryAttr attrs) {
  return attrs ? attrs.getAs<ArrayAttr>("pt2c.dims") : ArrayAttr();
}

/// Where the code finds a data-dependent size: dim `dim` of result `result`.
struct SizeSource {
  unsigned result;
  int64_t dim;
};

class Boundary {
public:
  explicit Boundary(func::FuncOp forward) : forward_(forward) {}

  LogicalResult run() {
    auto symbols = forward_->getAttrOfType<DictionaryAttr>("pt2c.symbols");
    if (!symbols || forward_.isExternal())
      return success();
    llvm::StringSet<> bound;
    for (unsigned i = 0; i < forward_.getNumArguments(); ++i)
      if (ArrayAttr dims = dimsOf(forward_.getArgAttrDict(i)))
        for (Attribute dim : dims)
          if (auto text = dyn_cast<StringAttr>(dim))
            for (StringRef name : namesIn(text.getValue()))
              bound.insert(name);
    auto onData = [&](StringRef name) { return symbols.get(name) && !bound.contains(name); };

    // Which results have a data-dependent size, and where each size is.
    std::map<std::string, SizeSource> sources; // name order: the signature's
    SmallVector<bool> padded(forward_.getNumResults(), false);
    for (unsigned k = 0; k < forward_.getNumResults(); ++k) {
      ArrayAttr dims = dimsOf(forward_.getResultAttrDict(k));
      for (auto [d, dim] : llvm::enumerate(dims ? dims.getValue() : ArrayRef<Attribute>())) {
        auto text = dyn_cast<StringAttr>(dim);
        if (!text)
          continue;
        for (StringRef name : namesIn(text.getValue())) {
          if (!onData(name))
            continue;
          if (name != text.getValue())
            return forward_.emitError() << "result " << k << " dim " << d << " is '"
                                        << text.getValue()
                                        << "', an expression of a data-dependent size; only "
                                           "a data-dependent size itself is supported as a dim";
          padded[k] = true;
          sources.try_emplace(name.str(), SizeSource{k, static_cast<int64_t>(d)});
        }
      }
    }
    if (sources.empty())
      return success();

    auto ret = cast<func::ReturnOp>(forward_.getBody().front().getTerminator());
    OpBuilder b(ret);
    SmallVector<Value> returned(ret.getOperands());
    SmallVector<Value> results = returned;
    SmallVector<DictionaryAttr> attrs;
    forward_.getAllResultAttrs(attrs);
    for (unsigned k = 0; k < returned.size(); ++k) {
      if (!padded[k])
        continue;
      FailureOr<int64_t> capacity = capacityOf(k, symbols);
      if (failed(capacity))
        return failure();
      results[k] = compactInto(b, returned[k], *capacity);
      NamedAttrList list(attrs[k]);
      list.set("pt2c.capacity", b.getI64IntegerAttr(*capacity));
      attrs[k] = list.getDictionary(b.getContext());
    }
    for (auto &[name, source] : sources) {
      Location loc = ret.getLoc();
      Value size = tensor::DimOp::create(b, loc, returned[source.result], source.dim);
      Value asI64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), size);
      results.push_back(tensor::FromElementsOp::create(
          b, loc, RankedTensorType::get({}, b.getI64Type()), ValueRange{asI64}));
      attrs.push_back(b.getDictionaryAttr(
          b.getNamedAttr(kSymbolValueAttr, b.getStringAttr(name))));
    }
    func::ReturnOp::create(b, ret.getLoc(), results);
    ret.erase();
    forward_.setFunctionType(FunctionType::get(
        forward_.getContext(), forward_.getArgumentTypes(), ValueRange(results).getTypes()));
    forward_.setAllResultAttrs(attrs);
    return success();
  }

private:
  /// The largest element count of result `k`: its static dims times the
  /// upper bounds of its data-dependent ones.
  FailureOr<int64_t> capacityOf(unsigned k, DictionaryAttr symbols) {
    auto type = cast<RankedTensorType>(forward_.getResultTypes()[k]);
    ArrayAttr dims = dimsOf(forward_.getResultAttrDict(k));
    if (static_cast<int64_t>(dims.size()) != type.getRank())
      return forward_.emitError() << "result " << k << " of data-dependent size has "
                                  << dims.size() << " entries in pt2c.dims for rank "
                                  << type.getRank();
    int64_t capacity = 1;
    for (auto [d, size] : llvm::enumerate(type.getShape())) {
      int64_t bound = size;
      if (ShapedType::isDynamic(size)) {
        auto name = dyn_cast<StringAttr>(dims[d]);
        auto range = name ? symbols.getAs<DictionaryAttr>(name.getValue()) : DictionaryAttr();
        auto max = range ? range.getAs<IntegerAttr>("max") : IntegerAttr();
        if (!max || max.getInt() < 0 || max.getInt() > (int64_t(1) << 48))
          return forward_.emitError()
                 << "result " << k << " dim " << d
                 << ": a dynamic dim of an output of data-dependent size must be a "
                    "data-dependent size with a finite upper bound";
        bound = max.getInt();
      }
      if (llvm::MulOverflow(capacity, bound, capacity))
        return forward_.emitError() << "result " << k << ": its largest size overflows";
    }
    return capacity;
  }

  /// `value`'s elements, row-major, at the start of a zero-filled 1-d
  /// tensor of `capacity` elements. At most `capacity` are copied: a size
  /// past its bound is reported by the runtime, never written out of bounds.
  Value compactInto(OpBuilder &b, Value value, int64_t capacity) {
    Location loc = value.getLoc();
    auto type = cast<RankedTensorType>(value.getType());
    auto bufferType = RankedTensorType::get({capacity}, type.getElementType());
    Value fill = arith::ConstantOp::create(b, loc, b.getZeroAttr(type.getElementType()));
    Value buffer = prim::SplatOp::create(b, loc, bufferType, fill, ValueRange{});
    if (capacity == 0) // a [u0, 0] result: nothing to hold
      return buffer;
    Value count = arith::ConstantIndexOp::create(b, loc, 1);
    for (int64_t d = 0; d < type.getRank(); ++d)
      count = arith::MulIOp::create(b, loc, count, tensor::DimOp::create(b, loc, value, d));
    auto flatType = RankedTensorType::get({ShapedType::kDynamic}, type.getElementType());
    Value flat = prim::ReshapeOp::create(b, loc, flatType, value, ValueRange{count});
    Value kept = arith::MinSIOp::create(b, loc, count,
                                        arith::ConstantIndexOp::create(b, loc, capacity));
    OpFoldResult zero = b.getIndexAttr(0), one = b.getIndexAttr(1);
    Value head = tensor::ExtractSliceOp::create(b, loc, flat, ArrayRef<OpFoldResult>{zero},
                                                ArrayRef<OpFoldResult>{kept},
                                                ArrayRef<OpFoldResult>{one});
    return tensor::InsertSliceOp::create(b, loc, head, buffer, ArrayRef<OpFoldResult>{zero},
                                         ArrayRef<OpFoldResult>{kept},
                                         ArrayRef<OpFoldResult>{one});
  }

  func::FuncOp forward_;
};

} // namespace

LogicalResult returnDataDependentSizes(ModuleOp module) {
  auto forward = module.lookupSymbol<func::FuncOp>("forward");
  return forward ? Boundary(forward).run() : success();
}

} // namespace pt2c
