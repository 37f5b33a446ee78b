// Output dims torch writes as sympy expressions over the input symbols:
// parsed and evaluated with Python's integer semantics.

#include "pt2c/Package/SizeExpression.h"

#include <catch2/catch.hpp>

using namespace pt2c;

namespace {
// Symbols s0 (index 0) and s33 (index 1).
int32_t symbolIndex(llvm::StringRef name) {
  if (name == "s0")
    return 0;
  if (name == "s33")
    return 1;
  return -1;
}

int64_t evaluate(llvm::StringRef text, int64_t s0, int64_t s33) {
  auto expression = parseSizeExpression(text, symbolIndex);
  REQUIRE(static_cast<bool>(expression));
  return expression->evaluate({s0, s33});
}

std::string parseError(llvm::StringRef text) {
  auto expression = parseSizeExpression(text, symbolIndex);
  REQUIRE_FALSE(static_cast<bool>(expression));
  return llvm::toString(expression.takeError());
}
} // namespace

TEST_CASE("size expressions torch.export writes evaluate as Python would", "[package]") {
  CHECK(evaluate("2*s33", 0, 7) == 14);
  CHECK(evaluate("s0 + 1", 5, 0) == 6);
  CHECK(evaluate("s0*s33", 3, 4) == 12);
  CHECK(evaluate("((s0 - 1)//2) + 1", 9, 0) == 5);
  CHECK(evaluate("Max(1, s0 - 3)", 2, 0) == 1);
  CHECK(evaluate("Min(s0, s33)", 2, 9) == 2);
  CHECK(evaluate("s0**2 - s33", 3, 1) == 8);
  CHECK(evaluate("-s0 + 10", 3, 0) == 7);
  CHECK(evaluate("FloorDiv(s0, 4)", 9, 0) == 2);
  CHECK(evaluate("CleanDiv(4*s0, 4)", 9, 0) == 9);
  CHECK(evaluate("Mod(s0, 4) + s33 % 3", 9, 5) == 3);
  CHECK(evaluate("3*s33 - 2*s0", 1, 2) == 4);
  // sympy's Max/Min are n-ary.
  CHECK(evaluate("Max(1, s0, s33)", 3, 7) == 7);
  CHECK(evaluate("Min(s0, s33, 4)", 5, 7) == 4);
}

TEST_CASE("// and % round toward minus infinity", "[package]") {
  CHECK(floorDivide(-7, 2) == -4);
  CHECK(floorDivide(7, -2) == -4);
  CHECK(floorDivide(7, 2) == 3);
  CHECK(floorModulo(-7, 2) == 1);
  CHECK(floorModulo(7, -2) == -1);
  CHECK(evaluate("(s0 - 10)//3", 0, 0) == -4);
}

TEST_CASE("bad size expressions name what is wrong", "[package]") {
  CHECK_THAT(parseError("2*u0"), Catch::Contains("'u0' is not a symbol"));
  CHECK_THAT(parseError("s0 +"), Catch::Contains("unexpected end"));
  CHECK_THAT(parseError("(s0 + 1"), Catch::Contains("expected ')'"));
  CHECK_THAT(parseError("s0 ? 2"), Catch::Contains("unexpected '? 2'"));
  CHECK_THAT(parseError("sqrt(s0)"), Catch::Contains("'sqrt' is not a symbol"));
  CHECK_THAT(parseError("s0**s33"), Catch::Contains("integer powers"));
  CHECK_THAT(parseError("FloorDiv(s0, 2, 3)"), Catch::Contains("expected ')'"));
}
