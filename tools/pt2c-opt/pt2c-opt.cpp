//===- pt2c-opt.cpp - mlir-opt with pt2c's dialects and passes ------------===//

#include "pt2c/Dialect/Prim/PrimDialect.h"
#include "pt2c/Import/Importer.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  pt2c::registerImportDialects(registry);
  pt2c::registerPrimDialect(registry);
  // Generic passes (canonicalize, cse, ...) are useful on every stage.
  mlir::registerTransformsPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "pt2c optimizer driver\n", registry));
}
