//===- pt2c-opt.cpp - mlir-opt with pt2c's dialects and passes ------------===//

#include "pt2c/Import/Importer.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  pt2c::registerImportDialects(registry);
  // Generic passes (canonicalize, cse, ...) are useful on every stage.
  mlir::registerTransformsPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "pt2c optimizer driver\n", registry));
}
