//===- DTypeCodeTest.cpp - Element types as the runtime's DLPack dtypes ---===//

#include "pt2c/Package/ModelSignature.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <catch2/catch.hpp>

using namespace pt2c;

namespace {

DTypeCode codeOf(mlir::Type type) {
  auto code = dtypeCodeOf(type);
  bool known = bool(code);
  REQUIRE(known);
  return *code;
}

} // namespace

TEST_CASE("element types map to DLPack (code, bits)", "[package]") {
  mlir::MLIRContext context;
  mlir::Builder b(&context);
  CHECK(codeOf(b.getF32Type()).code == 2);
  CHECK(codeOf(b.getBF16Type()).code == 4);
  CHECK(codeOf(b.getI1Type()).code == 6);
  // Complex tensors: kDLComplex with both parts' bits (the code reads them
  // as interleaved [..., 2] floats).
  DTypeCode complex64 = codeOf(mlir::ComplexType::get(b.getF32Type()));
  CHECK((complex64.code == 5 && complex64.bits == 64));
  DTypeCode complex128 = codeOf(mlir::ComplexType::get(b.getF64Type()));
  CHECK((complex128.code == 5 && complex128.bits == 128));
  // complex32 (torch.chalf) has no part type pt2c computes in.
  auto half = dtypeCodeOf(mlir::ComplexType::get(b.getF16Type()));
  bool refused = !half;
  CHECK(refused);
  llvm::consumeError(half.takeError());
}
