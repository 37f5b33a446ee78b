//===- ATenOps.cpp - aten.call: syntax and verifier -----------------------===//
//
// aten.call prints its operands grouped under their schema names:
//   aten.call "aten.cat.default"(tensors: [%a, %b]) {dim = 1 : i64} : (...) -> ...
// `{...}` after the operands is the `args` dictionary; other attributes
// follow as `attributes {...}`.
//
//===----------------------------------------------------------------------===//

#include "pt2c/Dialect/ATen/ATenOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace pt2c::aten;

// The attributes spelled by the custom syntax rather than the attribute dict.
static const StringRef kElidedAttrs[] = {
    "target", "operand_names", "operand_segments", "args"};

LogicalResult CallOp::verify() {
  if (getTarget().empty())
    return emitOpError("C3: target must not be empty");
  ArrayRef<int32_t> segments = getOperandSegments();
  if (segments.size() != getOperandNames().size())
    return emitOpError("C1: ") << getOperandNames().size()
                               << " operand names but " << segments.size()
                               << " operand segments";
  int64_t total = 0;
  for (int32_t segment : segments) {
    if (segment < -1)
      return emitOpError("C2: operand segment ") << segment << " is negative";
    total += segment == -1 ? 1 : segment;
  }
  if (total != static_cast<int64_t>(getOperands().size()))
    return emitOpError("C2: operand segments cover ")
           << total << " operands but the op has " << getOperands().size();
  return success();
}

OperandRange CallOp::getOperandGroup(StringRef name) {
  ArrayRef<int32_t> segments = getOperandSegments();
  unsigned position = 0;
  for (auto [groupName, segment] : llvm::zip(getOperandNames(), segments)) {
    unsigned length = segment == -1 ? 1 : segment;
    if (cast<StringAttr>(groupName).getValue() == name)
      return getOperands().slice(position, length);
    position += length;
  }
  return getOperands().slice(0, 0);
}

void CallOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printString(getTarget());
  printer << '(';
  OperandRange operands = getOperands();
  unsigned position = 0;
  for (auto [index, groupName, segment] :
       llvm::enumerate(getOperandNames(), getOperandSegments())) {
    if (index)
      printer << ", ";
    printer.printKeywordOrString(cast<StringAttr>(groupName).getValue());
    printer << ": ";
    if (segment == -1) {
      printer << operands[position++];
      continue;
    }
    printer << '[';
    printer << operands.slice(position, segment);
    printer << ']';
    position += segment;
  }
  printer << ')';
  if (!getArgs().empty()) {
    printer << ' ';
    printer.printAttributeWithoutType(getArgs());
  }
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(), kElidedAttrs);
  printer << " : ";
  printer.printFunctionalType(getOperands().getTypes(), getResults().getTypes());
}

ParseResult CallOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  std::string target;
  if (parser.parseString(&target) || parser.parseLParen())
    return failure();

  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<Attribute> names;
  SmallVector<int32_t> segments;
  auto parseGroup = [&]() -> ParseResult {
    std::string name;
    if (parser.parseKeywordOrString(&name) || parser.parseColon())
      return failure();
    names.push_back(builder.getStringAttr(name));
    if (failed(parser.parseOptionalLSquare())) {
      segments.push_back(-1);
      return parser.parseOperand(operands.emplace_back());
    }
    size_t before = operands.size();
    if (failed(parser.parseOptionalRSquare())) {
      if (parser.parseOperandList(operands) || parser.parseRSquare())
        return failure();
    }
    segments.push_back(static_cast<int32_t>(operands.size() - before));
    return success();
  };
  if (failed(parser.parseOptionalRParen())) {
    if (parser.parseCommaSeparatedList(parseGroup) || parser.parseRParen())
      return failure();
  }

  NamedAttrList args;
  if (parser.parseOptionalAttrDict(args) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();

  FunctionType type;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseColonType(type) ||
      parser.resolveOperands(operands, type.getInputs(), typeLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());

  Properties &properties = result.getOrAddProperties<Properties>();
  properties.target = builder.getStringAttr(target);
  properties.operand_names = builder.getArrayAttr(names);
  properties.operand_segments = builder.getDenseI32ArrayAttr(segments);
  properties.args = args.getDictionary(builder.getContext());
  return success();
}

#define GET_OP_CLASSES
#include "pt2c/Dialect/ATen/ATenOps.cpp.inc"
