// Unit tests for verifyATenCalls (VerifyCalls.h): a registry of the test's
// own schemas, checked the way the verification checks the builtin one,
// and every archive of test/data (fixtures and the op corpus, every model)
// imported and verified: a well-formed torch export must never be refused.

#include "pt2c/Conversion/ATenToPrim/VerifyCalls.h"

#include "pt2c/Archive/Pt2Archive.h"
#include "pt2c/Archive/ZipReader.h"
#include "pt2c/Dialect/ATen/ATenDialect.h"
#include "pt2c/Import/Importer.h"
#include "pt2c/OpRegistry/OpRegistry.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace {

/// A context with the aten form's dialects and the errors emitted in it.
struct Fixture {
  mlir::MLIRContext context{makeRegistry()};
  std::vector<std::string> errors;
  mlir::ScopedDiagnosticHandler handler{&context, [this](mlir::Diagnostic &d) {
                                          errors.push_back(d.str());
                                          return mlir::success();
                                        }};

  static mlir::DialectRegistry makeRegistry() {
    mlir::DialectRegistry registry;
    pt2c::registerImportDialects(registry);
    return registry;
  }

  mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef text) {
    auto module = mlir::parseSourceString<mlir::ModuleOp>(text, &context);
    REQUIRE(module);
    return module;
  }
};

pt2c::OpRegistry testRegistry() {
  // A plugin-style op the builtin registry does not know.
  auto registry = pt2c::OpRegistry::create(
      {"mylib::scale(Tensor self, float factor, int[3] dims=1, *, str? mode=None) -> Tensor"});
  REQUIRE(bool(registry));
  return std::move(*registry);
}

constexpr const char *kScaleCall = R"(
func.func @f(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = aten.call "mylib.scale.default"(self: %x) {ARGS} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
})";

std::string scaleCall(llvm::StringRef args) {
  std::string text = kScaleCall;
  text.replace(text.find("ARGS"), 4, args.str());
  return text;
}

} // namespace

TEST_CASE("verifyATenCalls checks a call against the registry's schema", "[verify]") {
  pt2c::OpRegistry registry = testRegistry();
  Fixture f;
  SECTION("well-formed: defaults left out, one int for int[3], None for str?") {
    auto module = f.parse(scaleCall("factor = 2.0 : f64, dims = 1 : i64, mode = #aten.none"));
    CHECK(succeeded(pt2c::verifyATenCalls(*module, registry)));
    CHECK(f.errors.empty());
  }
  SECTION("an int where the float goes is accepted (torch writes 2 for 2.0)") {
    auto module = f.parse(scaleCall("factor = 2 : i64"));
    CHECK(succeeded(pt2c::verifyATenCalls(*module, registry)));
  }
  SECTION("a fixed-size list of another length") {
    auto module = f.parse(scaleCall("factor = 2.0 : f64, dims = array<i64: 0, 1>"));
    CHECK(failed(pt2c::verifyATenCalls(*module, registry)));
    REQUIRE(f.errors.size() == 1);
    CHECK(f.errors[0] == "'mylib.scale.default': argument 'dims' (int[3]) has 2 entries, "
                         "expected 1 or 3");
  }
  SECTION("a required argument missing") {
    auto module = f.parse(scaleCall(""));
    CHECK(failed(pt2c::verifyATenCalls(*module, registry)));
    REQUIRE(f.errors.size() == 1);
    CHECK(f.errors[0] == "'mylib.scale.default': required argument 'factor' is missing");
  }
  SECTION("a kwarg of another kind") {
    auto module = f.parse(scaleCall("factor = 2.0 : f64, mode = 3.5 : f64"));
    CHECK(failed(pt2c::verifyATenCalls(*module, registry)));
    REQUIRE(f.errors.size() == 1);
    CHECK(f.errors[0] ==
          "'mylib.scale.default': argument 'mode' (str?) is not a string or enum value");
  }
  SECTION("the builtin registry does not know the op: only the metadata is checked") {
    auto module = f.parse(scaleCall(""));
    CHECK(succeeded(pt2c::verifyATenCalls(*module)));
    CHECK(f.errors.empty());
  }
}

namespace {

/// Every program of `path`: the names of its models/*.json entries.
std::vector<std::string> modelsOf(const std::string &path) {
  std::vector<std::string> models;
  auto zip = pt2c::archive::ZipReader::open(path);
  REQUIRE(bool(zip));
  for (const pt2c::archive::ZipEntry &entry : (*zip)->entries()) {
    llvm::StringRef name = entry.name;
    size_t at = name.find("/models/");
    if (at == llvm::StringRef::npos || !name.ends_with(".json"))
      continue;
    llvm::StringRef model = name.drop_front(at + 8).drop_back(5);
    if (!model.contains('/'))
      models.push_back(model.str());
  }
  return models;
}

std::vector<std::string> archivesIn(const std::string &folder) {
  std::vector<std::string> paths;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(folder, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::StringRef(it->path()).ends_with(".pt2"))
      paths.push_back(it->path());
  std::sort(paths.begin(), paths.end());
  return paths;
}

} // namespace

TEST_CASE("every archive of test/data verifies", "[verify]") {
  auto registry = pt2c::OpRegistry::createBuiltin();
  REQUIRE(bool(registry));
  std::vector<std::string> paths = archivesIn(PT2C_TEST_DATA);
  std::vector<std::string> corpus = archivesIn(std::string(PT2C_TEST_DATA) + "/corpus");
  paths.insert(paths.end(), corpus.begin(), corpus.end());
  REQUIRE(paths.size() >= 20);
  size_t programs = 0;
  for (const std::string &path : paths) {
    for (const std::string &model : modelsOf(path)) {
      INFO(path << " --model " << model);
      auto archive = pt2c::archive::Pt2Archive::open(path, model);
      REQUIRE(bool(archive));
      Fixture f;
      auto module = pt2c::importArchive(f.context, **archive, *registry);
      if (!module) {
        // Ops the importer refuses are not this test's business; the
        // coverage tests name them.
        llvm::consumeError(module.takeError());
        continue;
      }
      bool verified = succeeded(pt2c::verifyATenCalls(**module, *registry));
      INFO((f.errors.empty() ? std::string() : f.errors.front()));
      CHECK(verified);
      ++programs;
    }
  }
  // 11 fixtures and several hundred corpus programs.
  CHECK(programs > 300);
}
