//===- ImportDialects.cpp - The dialects of the aten form -----------------===//
//
// Its own file so tools that only parse IR (pt2c-opt) do not link the importer.

#include "pt2c/Dialect/ATen/ATenDialect.h"
#include "pt2c/Import/Importer.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

void pt2c::registerImportDialects(mlir::DialectRegistry &registry) {
  registry.insert<aten::ATenDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect>();
}
