//===- PrimOpsAsm.h - Custom directives of the prim assembly (private) ----===//
//
// The `custom<...>` directives of the ops' assemblyFormat. PrimOps.cpp
// includes this before the generated op definitions, which call them
// unqualified from namespace pt2c::prim.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_LIB_DIALECT_PRIM_PRIMOPSASM_H
#define PT2C_LIB_DIALECT_PRIM_PRIMOPSASM_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

namespace pt2c::prim {

/// `custom<SameTypes>(type($a), type($b), ...)`: one type when all are equal
/// (`: tensor<4xf32>`), else each in order, comma-separated.
mlir::ParseResult parseSameTypesImpl(mlir::OpAsmParser &parser,
                                     llvm::ArrayRef<mlir::Type *> types);
void printSameTypesImpl(mlir::OpAsmPrinter &printer,
                        llvm::ArrayRef<mlir::Type> types);

template <typename... Types>
mlir::ParseResult parseSameTypes(mlir::OpAsmParser &parser, Types &...types) {
  mlir::Type *refs[] = {&types...};
  return parseSameTypesImpl(parser, refs);
}
template <typename... Types>
void printSameTypes(mlir::OpAsmPrinter &printer, mlir::Operation *,
                    Types... types) {
  mlir::Type list[] = {types...};
  printSameTypesImpl(printer, list);
}

/// `custom<SliceRanges>`: `[start:limit(:stride)?, ...]`, `?` for a
/// dynamic limit.
mlir::ParseResult parseSliceRanges(mlir::OpAsmParser &parser,
                                   mlir::DenseI64ArrayAttr &start,
                                   mlir::DenseI64ArrayAttr &limit,
                                   mlir::DenseI64ArrayAttr &strides);
void printSliceRanges(mlir::OpAsmPrinter &printer, mlir::Operation *,
                      mlir::DenseI64ArrayAttr start,
                      mlir::DenseI64ArrayAttr limit,
                      mlir::DenseI64ArrayAttr strides);

/// `custom<ConvAttrs>`: the present optional attributes of
/// prim.convolution as `, name = value`, padding as `[[lo, hi], ...]`.
mlir::ParseResult parseConvAttrs(mlir::OpAsmParser &parser,
                                 mlir::DenseI64ArrayAttr &strides,
                                 mlir::DenseI64ArrayAttr &padding,
                                 mlir::DenseI64ArrayAttr &lhsDilation,
                                 mlir::DenseI64ArrayAttr &rhsDilation,
                                 mlir::IntegerAttr &featureGroupCount);
void printConvAttrs(mlir::OpAsmPrinter &printer, mlir::Operation *,
                    mlir::DenseI64ArrayAttr strides,
                    mlir::DenseI64ArrayAttr padding,
                    mlir::DenseI64ArrayAttr lhsDilation,
                    mlir::DenseI64ArrayAttr rhsDilation,
                    mlir::IntegerAttr featureGroupCount);

/// `custom<WindowAttrs>`: the same for prim.reduce_window.
mlir::ParseResult parseWindowAttrs(mlir::OpAsmParser &parser,
                                   mlir::DenseI64ArrayAttr &strides,
                                   mlir::DenseI64ArrayAttr &windowDilations,
                                   mlir::DenseI64ArrayAttr &padding);
void printWindowAttrs(mlir::OpAsmPrinter &printer, mlir::Operation *,
                      mlir::DenseI64ArrayAttr strides,
                      mlir::DenseI64ArrayAttr windowDilations,
                      mlir::DenseI64ArrayAttr padding);

} // namespace pt2c::prim

#endif // PT2C_LIB_DIALECT_PRIM_PRIMOPSASM_H
