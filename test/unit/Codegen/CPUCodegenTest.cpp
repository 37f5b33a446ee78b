// CPU codegen on a small linalg function with a dynamic batch: it lowers,
// and the object is x86-64 ELF with the entry point and a hidden descriptor.

#include "pt2c/Codegen/CPU/CPUCodegen.h"
#include "pt2c/Package/DescriptorEmitter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"

#include <catch2/catch.hpp>

#include <set>

using namespace pt2c;

// y[i, j] = tanh(x[i, j] * w[j]) for x: [s0, 4]
static const char *kScaleTanh = R"mlir(
#map = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @forward(%w: tensor<4xf32>, %x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %init = tensor.empty(%n) : tensor<?x4xf32>
  %y = linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel"]}
      ins(%x, %w : tensor<?x4xf32>, tensor<4xf32>) outs(%init : tensor<?x4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    %t = math.tanh %m : f32
    linalg.yield %t : f32
  } -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
)mlir";

/// `source`'s object file, its `forward` lowered by the CPU pipeline and
/// emitted with `addToModule` run on the LLVM module first; FAILs the test
/// on any error.
static std::unique_ptr<llvm::object::ObjectFile>
objectOf(const char *source, llvm::function_ref<llvm::Error(llvm::Module &)> addToModule,
         std::string &bytes, bool launchesOnly = false) {
  mlir::DialectRegistry registry;
  registerCPUCodegen(registry);
  mlir::MLIRContext context(registry);
  auto module = mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  REQUIRE(module);
  module->lookupSymbol<mlir::func::FuncOp>("forward")->setAttr(
      "llvm.emit_c_interface", mlir::UnitAttr::get(&context));
  mlir::PassManager pm(&context);
  CPUCodegenOptions options;
  addCPULoweringPasses(pm, options);
  REQUIRE(mlir::succeeded(pm.run(*module)));
  auto objects = emitCPUObjects({{*module, options, launchesOnly}}, options, addToModule);
  if (!objects)
    FAIL(llvm::toString(objects.takeError()));
  REQUIRE(objects->size() == 1);
  bytes.assign(objects->front().begin(), objects->front().end());
  auto file = llvm::object::ObjectFile::createObjectFile(llvm::MemoryBufferRef(bytes, "model.o"));
  if (!file)
    FAIL(llvm::toString(file.takeError()));
  return std::move(*file);
}

TEST_CASE("a linalg function lowers to an x86-64 object with the model descriptor",
          "[codegen]") {
  ModelSignature signature;
  signature.symbols.push_back({"s0", 1, 64});
  signature.weights.push_back({"w", 0, {4}});
  signature.inputs.push_back({"x", {2, 32}, {-1, 4}, {0, -1}});
  signature.outputs.push_back({"y", {2, 32}, {-1, 4}, {0, -1}});
  WeightsBlob blob;
  blob.bytes.assign(16, 0);
  blob.offsets = {0};
  blob.sizes = {16};
  std::string bytes;
  auto file = objectOf(kScaleTanh, [&](llvm::Module &llvmModule) {
    return emitModelDescriptor(llvmModule, signature, blob, {});
  }, bytes);
  CHECK(file->getArch() == llvm::Triple::x86_64);
  bool forward = false, descriptor = false;
  for (const llvm::object::SymbolRef &symbol : file->symbols()) {
    llvm::Expected<llvm::StringRef> name = symbol.getName();
    REQUIRE(bool(name));
    if (*name == "_mlir_ciface_forward")
      forward = true;
    // The expanded form is internal (an external call of every descriptor
    // field costs LLVM's code generation seconds): never a global symbol.
    if (*name == "forward") {
      llvm::Expected<uint32_t> flags = symbol.getFlags();
      REQUIRE(bool(flags));
      CHECK_FALSE(*flags & llvm::object::SymbolRef::SF_Global);
    }
    if (*name == "pt2c_model_descriptor") {
      descriptor = true;
      auto elf = llvm::object::ELFSymbolRef(symbol);
      CHECK(elf.getOther() == llvm::ELF::STV_HIDDEN);
    }
  }
  CHECK(forward);
  CHECK(descriptor);
}

TEST_CASE("host code that only queues GPU work is compiled lightly and still links",
          "[codegen]") {
  // launchesOnly: LLVM's O1 and fast instruction selection; the object
  // still has the entry point and the descriptor the library needs.
  std::string bytes;
  auto file = objectOf(kScaleTanh, [](llvm::Module &) { return llvm::Error::success(); },
                       bytes, /*launchesOnly=*/true);
  CHECK(file->getArch() == llvm::Triple::x86_64);
  bool forward = false;
  for (const llvm::object::SymbolRef &symbol : file->symbols()) {
    llvm::Expected<llvm::StringRef> name = symbol.getName();
    REQUIRE(bool(name));
    forward |= *name == "_mlir_ciface_forward";
  }
  CHECK(forward);
}

// y[i] = pow(exp(x[i]), log(x[i])) in float64: libm calls whose default
// version on a new glibc is 2.29 (lib/Codegen/CPU/GlibcBaseline.cpp).
static const char *kFloat64Math = R"mlir(
#map = affine_map<(i) -> (i)>
func.func @forward(%x: tensor<8xf64>) -> tensor<8xf64> {
  %init = tensor.empty() : tensor<8xf64>
  %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<8xf64>) outs(%init : tensor<8xf64>) {
  ^bb0(%a: f64, %out: f64):
    %e = math.exp %a : f64
    %l = math.log %a : f64
    %p = math.powf %e, %l : f64
    linalg.yield %p : f64
  } -> tensor<8xf64>
  return %y : tensor<8xf64>
}
)mlir";

TEST_CASE("the object calls libm's exp/log/pow at their glibc 2.28 versions",
          "[codegen]") {
  std::string bytes;
  auto file = objectOf(kFloat64Math, [](llvm::Module &) { return llvm::Error::success(); },
                       bytes);
  std::set<std::string> undefined;
  for (const llvm::object::SymbolRef &symbol : file->symbols()) {
    llvm::Expected<uint32_t> flags = symbol.getFlags();
    llvm::Expected<llvm::StringRef> name = symbol.getName();
    REQUIRE((flags && name));
    if (*flags & llvm::object::SymbolRef::SF_Undefined)
      undefined.insert(name->str());
  }
  // The linker reads "name@VERSION" as a reference to that version.
  for (const char *function : {"exp", "log", "pow"}) {
    INFO(function);
    CHECK(undefined.count(std::string(function) + "@GLIBC_2.2.5") == 1);
    CHECK(undefined.count(function) == 0);
  }
}
