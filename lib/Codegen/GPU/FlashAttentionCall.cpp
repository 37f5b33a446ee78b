//===- FlashAttentionCall.cpp - The flash-attention kernel until emitted --===//

#include "FlashAttentionCall.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace pt2c::kernel {

using namespace mlir;

func::CallOp createFlashAttentionCall(OpBuilder &b, Location loc, ModuleOp module,
                                      unsigned number, const FlashAttentionCall &call) {
  SmallVector<Value> operands = {call.query.buffer, call.key.buffer, call.value.buffer};
  SmallVector<Attribute> maps = {AffineMapAttr::get(call.query.map),
                                 AffineMapAttr::get(call.key.map),
                                 AffineMapAttr::get(call.value.map)};
  SmallVector<bool> additive;
  for (const AttentionMask &mask : call.masks) {
    operands.push_back(mask.operand.buffer);
    maps.push_back(AffineMapAttr::get(mask.operand.map));
    additive.push_back(mask.additive);
  }
  operands.push_back(call.output.buffer);
  maps.push_back(AffineMapAttr::get(call.output.map));

  std::string name = "pt2c_flash_attention_" + std::to_string(number);
  OpBuilder atEnd = OpBuilder::atBlockEnd(module.getBody());
  auto declaration = func::FuncOp::create(
      atEnd, loc, name, atEnd.getFunctionType(ValueRange(operands).getTypes(), {}));
  declaration.setPrivate();
  auto op = func::CallOp::create(b, loc, declaration, operands);
  NamedAttrList attributes;
  attributes.append("queries", b.getI64IntegerAttr(call.queries));
  attributes.append("keys", b.getI64IntegerAttr(call.keys));
  attributes.append("head_dim", b.getI64IntegerAttr(call.headDim));
  attributes.append("value_dim", b.getI64IntegerAttr(call.valueDim));
  attributes.append("scale", b.getF64FloatAttr(call.scale));
  attributes.append("causal", b.getBoolAttr(call.causal));
  attributes.append("maps", b.getArrayAttr(maps));
  attributes.append("additive", b.getDenseBoolArrayAttr(additive));
  op->setAttr(kFlashAttentionAttr, attributes.getDictionary(b.getContext()));
  return op;
}

std::optional<AttentionKernel> readFlashAttentionCall(OpBuilder &b, func::CallOp call) {
  auto dictionary = call->getAttrOfType<DictionaryAttr>(kFlashAttentionAttr);
  if (!dictionary)
    return std::nullopt;
  auto integer = [&](StringRef name) -> std::optional<int64_t> {
    auto attr = dictionary.getAs<IntegerAttr>(name);
    return attr ? std::optional<int64_t>(attr.getInt()) : std::nullopt;
  };
  auto scale = dictionary.getAs<FloatAttr>("scale");
  auto causal = dictionary.getAs<BoolAttr>("causal");
  auto maps = dictionary.getAs<ArrayAttr>("maps");
  auto additive = dictionary.getAs<DenseBoolArrayAttr>("additive");
  std::optional<int64_t> queries = integer("queries"), keys = integer("keys"),
                         headDim = integer("head_dim"), valueDim = integer("value_dim");
  ValueRange operands = call.getOperands();
  if (!scale || !causal || !maps || !additive || !queries || !keys || !headDim || !valueDim ||
      maps.size() != operands.size() || size_t(additive.size()) + 4 != maps.size())
    return std::nullopt;
  auto mapAt = [&](size_t i) { return cast<AffineMapAttr>(maps[i]).getValue(); };
  AttentionKernel kernel;
  kernel.queries = *queries;
  kernel.keys = *keys;
  kernel.headDim = *headDim;
  kernel.valueDim = *valueDim;
  kernel.scale = scale.getValueAsDouble();
  kernel.causal = causal.getValue();
  kernel.query = {operands[0], mapAt(0)};
  kernel.key = {operands[1], mapAt(1)};
  kernel.value = {operands[2], mapAt(2)};
  for (size_t i = 0; i < size_t(additive.size()); ++i)
    kernel.masks.push_back({{operands[3 + i], mapAt(3 + i)}, additive[i]});
  kernel.output = {operands.back(), mapAt(maps.size() - 1)};
  // The batch sizes: the output's dims that its map's first results read.
  AffineMap outputMap = kernel.output.map;
  for (unsigned d = 0; d + 2 < outputMap.getNumDims(); ++d) {
    std::optional<unsigned> position =
        outputMap.getResultPosition(getAffineDimExpr(d, b.getContext()));
    if (!position)
      return std::nullopt;
    kernel.batchSizes.push_back(
        memref::DimOp::create(b, call.getLoc(), kernel.output.buffer, *position));
  }
  return kernel;
}

} // namespace pt2c::kernel
