// Where pt2c finds the runtime: $PT2C_RUNTIME_DIR, then an installed
// layout next to the executable, then the build tree; errors name every
// place tried.

#include "pt2c/Package/RuntimeLocation.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

using namespace pt2c;
using Catch::Matchers::Contains;

namespace {
/// A scratch folder, removed with everything in it.
struct Scratch {
  llvm::SmallString<128> root;
  Scratch() { REQUIRE(!llvm::sys::fs::createUniqueDirectory("pt2c-runtime-location", root)); }
  ~Scratch() { llvm::sys::fs::remove_directories(root); }
  std::string path(llvm::StringRef relative) const {
    llvm::SmallString<128> full(root);
    llvm::sys::path::append(full, relative);
    return full.str().str();
  }
  std::string touch(llvm::StringRef relative) const {
    std::string full = path(relative);
    REQUIRE(!llvm::sys::fs::create_directories(llvm::sys::path::parent_path(full)));
    std::error_code ec;
    llvm::raw_fd_ostream(full, ec) << "x";
    REQUIRE(!ec);
    return full;
  }
};

std::string errorOf(llvm::Expected<RuntimeFiles> found) {
  REQUIRE(!found);
  return llvm::toString(found.takeError());
}
} // namespace

TEST_CASE("an installed pt2c links the runtime in ../lib/pt2c", "[package]") {
  Scratch scratch;
  std::string archive = scratch.touch("prefix/lib/pt2c/libpt2c_runtime.a");
  std::string script = scratch.touch("prefix/lib/pt2c/pt2c.map");
  RuntimeFiles buildTree{scratch.touch("build/lib/libpt2c_runtime.a"),
                         scratch.touch("src/runtime/pt2c.map")};
  auto found = findRuntimeIn(std::nullopt, scratch.path("prefix/bin/pt2c"), buildTree);
  REQUIRE(bool(found));
  CHECK(found->archive == archive);
  CHECK(found->versionScript == script);
}

TEST_CASE("without an installed runtime, the build tree's", "[package]") {
  Scratch scratch;
  scratch.touch("prefix/lib/pt2c/libpt2c_runtime.a"); // no pt2c.map: incomplete
  RuntimeFiles buildTree{scratch.touch("build/lib/libpt2c_runtime.a"),
                         scratch.touch("src/runtime/pt2c.map")};
  auto found = findRuntimeIn(std::nullopt, scratch.path("prefix/bin/pt2c"), buildTree);
  REQUIRE(bool(found));
  CHECK(found->archive == buildTree.archive);
  auto noExecutable = findRuntimeIn(std::nullopt, "", buildTree);
  REQUIRE(bool(noExecutable));
  CHECK(noExecutable->archive == buildTree.archive);
}

TEST_CASE("PT2C_RUNTIME_DIR overrides both, and only it is tried", "[package]") {
  Scratch scratch;
  std::string archive = scratch.touch("custom/libpt2c_runtime.a");
  scratch.touch("custom/pt2c.map");
  scratch.touch("prefix/lib/pt2c/libpt2c_runtime.a");
  scratch.touch("prefix/lib/pt2c/pt2c.map");
  auto found = findRuntimeIn(scratch.path("custom"), scratch.path("prefix/bin/pt2c"), {});
  REQUIRE(bool(found));
  CHECK(found->archive == archive);
  std::string message =
      errorOf(findRuntimeIn(scratch.path("empty"), scratch.path("prefix/bin/pt2c"), {}));
  CHECK_THAT(message, Contains("PT2C_RUNTIME_DIR is '" + scratch.path("empty") + "'"));
  CHECK_THAT(message, Contains(scratch.path("empty/libpt2c_runtime.a")));
}

TEST_CASE("a missing runtime names every place tried", "[package]") {
  Scratch scratch;
  RuntimeFiles buildTree{scratch.path("build/lib/libpt2c_runtime.a"),
                         scratch.path("src/runtime/pt2c.map")};
  std::string message =
      errorOf(findRuntimeIn(std::nullopt, scratch.path("prefix/bin/pt2c"), buildTree));
  CHECK_THAT(message, Contains(scratch.path("prefix/lib/pt2c/libpt2c_runtime.a")));
  CHECK_THAT(message, Contains(buildTree.archive));
  CHECK_THAT(message, Contains("PT2C_RUNTIME_DIR"));
}
