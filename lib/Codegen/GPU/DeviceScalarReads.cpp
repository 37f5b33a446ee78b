//===- DeviceScalarReads.cpp - The pt2c-device-scalar-reads pass ----------===//
//
// Passes.td says what it does and why; docs/runtime.md ("Data-dependent
// sizes on the GPU") what the runtime does with the call.
//
//===----------------------------------------------------------------------===//

#include "LibraryCall.h"

#include "pt2c/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"

namespace pt2c {

#define GEN_PASS_DEF_DEVICESCALARREADS
#include "pt2c/Codegen/GPU/Passes.h.inc"

namespace {

using namespace mlir;

/// The runtime's read: `pt2crt_cuda_read_scalar(address, bytes) -> i64`,
/// the element's bytes zero-extended (runtime/src/CudaScalarReads.h).
constexpr char kReadScalarFunction[] = "pt2crt_cuda_read_scalar";

/// Whether `extract` reads a tensor the host holds itself: a
/// `tensor.from_elements` of host values or a constant, which
/// canonicalization folds with constant positions and bufferization keeps
/// on the host. Anything else a kernel or the caller left in device memory.
bool readsHostTensor(tensor::ExtractOp extract) {
  Operation *source = extract.getTensor().getDefiningOp();
  return source && isa<tensor::FromElementsOp, arith::ConstantOp>(source);
}

/// `bits` read as an integer of the element's width, as `type`.
Value asElement(OpBuilder &b, Location loc, Value bits, Type type) {
  unsigned width = type.getIntOrFloatBitWidth();
  Value value = bits;
  if (width < 64)
    value = arith::TruncIOp::create(b, loc, b.getIntegerType(width), bits);
  if (isa<FloatType>(type))
    value = arith::BitcastOp::create(b, loc, type, value);
  return value;
}

/// The element's address: the view's first element's, plus its position
/// times the strides, times `bytes` (an i64).
Value elementAddress(OpBuilder &b, Location loc, tensor::ExtractOp extract, Value bytes) {
  library::MemrefView view = library::describeMemref(
      b, loc, library::readOnlyBuffer(b, loc, extract.getTensor()));
  Value address = view.address;
  for (auto [index, stride] : llvm::zip_equal(extract.getIndices(), view.strides)) {
    Value offset = arith::MulIOp::create(b, loc, library::toI64(b, loc, index), stride);
    offset = arith::MulIOp::create(b, loc, offset, bytes);
    address = arith::AddIOp::create(b, loc, address, offset);
  }
  return address;
}

struct DeviceScalarReads : impl::DeviceScalarReadsBase<DeviceScalarReads> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<tensor::ExtractOp> reads;
    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      // Host code is the function's own block: an extract inside a linalg
      // op's body becomes a load in its kernel.
      for (auto extract : function.getBody().front().getOps<tensor::ExtractOp>())
        if (!readsHostTensor(extract))
          reads.push_back(extract);
    }
    for (tensor::ExtractOp extract : reads) {
      if (extract.use_empty()) {
        extract.erase();
        continue;
      }
      Type element = extract.getType();
      if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8 ||
          element.getIntOrFloatBitWidth() > 64) {
        extract.emitError() << "the host reads a " << element
                            << " from device memory: only 8- to 64-bit integers and "
                               "floats are read back (a pt2c bug)";
        return signalPassFailure();
      }
      OpBuilder b(extract);
      Location loc = extract.getLoc();
      Value bytes = library::constantI64(b, loc, element.getIntOrFloatBitWidth() / 8);
      Value address = elementAddress(b, loc, extract, bytes);
      func::FuncOp entry =
          library::declareRuntimeFunction(module, kReadScalarFunction, 2, /*resultBits=*/64);
      auto call = func::CallOp::create(b, loc, entry, ValueRange{address, bytes});
      extract.replaceAllUsesWith(asElement(b, loc, call.getResult(0), element));
      extract.erase();
    }
  }
};

} // namespace
} // namespace pt2c
