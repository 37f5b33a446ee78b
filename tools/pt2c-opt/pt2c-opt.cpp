//===- pt2c-opt.cpp - mlir-opt with pt2c's dialects and passes ------------===//

#include "pt2c/Codegen/CPU/CPUCodegen.h"
#include "pt2c/Codegen/GPU/GPUCodegen.h"
#include "pt2c/Conversion/Passes.h"
#include "pt2c/Dialect/Prim/PrimDialect.h"
#include "pt2c/Import/Importer.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  pt2c::registerImportDialects(registry);
  pt2c::registerPrimDialect(registry);
  // Every upstream dialect and pass the CPU pipeline uses (canonicalize,
  // one-shot-bufferize, ...), so each stage can be tested on its own.
  pt2c::registerCPUCodegen(registry);
  pt2c::registerGPUCodegen();
  pt2c::registerConversionPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "pt2c optimizer driver\n", registry));
}
