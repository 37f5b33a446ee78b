//===- OpSchemaErrorsTest.cpp - Malformed schemas are errors, not crashes -===//

#include "pt2c/OpRegistry/OpSchema.h"

#include <catch2/catch.hpp>

using namespace pt2c;

namespace {

/// The error message for `text`, or "" (and a failed check) if it parsed.
std::string errorOf(llvm::StringRef text) {
  llvm::Expected<OpSchema> schema = parseOpSchema(text);
  if (schema) {
    FAIL_CHECK("parsed but should not: " << text.str());
    return "";
  }
  return llvm::toString(schema.takeError());
}

} // namespace

using Catch::Matchers::Contains;

TEST_CASE("errors name the column and what was expected",
          "[OpSchema][errors]") {
  CHECK_THAT(errorOf(""), Contains("column 1: expected a namespace") &&
                              Contains("end of text"));
  CHECK_THAT(errorOf("aten::relu(Tensor self) Tensor"),
             Contains("column 25: expected '->'"));
  CHECK_THAT(errorOf("aten::relu(Tensor self -> Tensor"),
             Contains("column 24: expected ',' or ')'"));
  CHECK_THAT(errorOf("aten::relu(Tensor self)) -> Tensor"),
             Contains("column 24: expected '->'"));
  CHECK_THAT(errorOf("aten::relu(Tensor self) -> (Tensor, Tensor"),
             Contains("column 43: expected ',' or ')'"));
  CHECK_THAT(errorOf("relu(Tensor self) -> Tensor"),
             Contains("column 5: expected '::'"));
  CHECK_THAT(errorOf("aten::relu(Tensor) -> Tensor"),
             Contains("expected an argument name, found ')'"));
  CHECK_THAT(errorOf("aten::relu(Tensor self) -> Tensor)"),
             Contains("column 34: expected end of schema"));
  // A word after a return type is the return's name; a second one is not.
  CHECK_THAT(errorOf("aten::relu(Tensor self) -> Tensor out more"),
             Contains("column 39: expected end of schema"));
}

TEST_CASE("bad defaults are errors", "[OpSchema][errors]") {
  CHECK_THAT(errorOf("aten::f(int a=) -> ()"),
             Contains("column 15: expected a default value"));
  CHECK_THAT(errorOf("aten::f(int a=[1, 2) -> ()"),
             Contains("expected ',' or ']'"));
  CHECK_THAT(errorOf("aten::f(int a=--1) -> ()"), Contains("a number"));
  CHECK_THAT(errorOf("aten::f(int a=1e) -> ()"),
             Contains("the digits of an exponent"));
  CHECK_THAT(errorOf(R"(aten::f(str a="open) -> ())"), Contains("a closing"));
  CHECK_THAT(errorOf("aten::f(int a=99999999999999999999) -> ()"),
             Contains("fits in 64 bits"));
  CHECK_THAT(errorOf("aten::f(float a=1e999) -> ()"),
             Contains("floating-point"));
  CHECK_THAT(errorOf("aten::f(int a=[1, 2]) -> ()"),
             Contains("column 15: expected a single value"));
  CHECK_THAT(errorOf("aten::f(int[] a=1) -> ()"), Contains("a list for"));
  CHECK_THAT(errorOf("aten::f(int a=None) -> ()"), Contains("other than None"));
  CHECK_THAT(errorOf("aten::f(int[] a=[1, True]) -> ()"),
             Contains("elements of one type"));
  CHECK_THAT(errorOf(R"(aten::f(str[] a=["x"]) -> ())"),
             Contains("a number or a boolean"));
}

TEST_CASE("bad types are errors", "[OpSchema][errors]") {
  CHECK_THAT(errorOf("aten::f(Tensor(a a) -> ()"),
             Contains("')' closing the alias annotation"));
  CHECK_THAT(errorOf("aten::f(Tensor() a) -> ()"), Contains("an alias set"));
  CHECK_THAT(errorOf("aten::f(int[x] a) -> ()"),
             Contains("']' or a list size"));
  CHECK_THAT(errorOf("aten::f(int[99999] a=0) -> ()"),
             Contains("a list size of at most"));
  CHECK_THAT(errorOf("aten::f(Dict(str a) x) -> ()"),
             Contains("column 18: expected ',' or ')' in a type list"));
  CHECK_THAT(errorOf("aten::f(*, *, int a) -> ()"), Contains("a single '*'"));
  CHECK_THAT(errorOf("aten::f(int a, int a) -> ()"),
             Contains("a unique argument name"));
  CHECK_THAT(errorOf("aten::f(..., int a) -> ()"), Contains("after '...'"));
  CHECK_THAT(errorOf("aten::f(Tensor a,) -> ()"), Contains("expected a type"));
}

TEST_CASE("garbage fails without crashing or looping", "[OpSchema][errors]") {
  for (llvm::StringRef text : {"(",
                               ")",
                               "->",
                               "::",
                               "aten::",
                               "aten::f",
                               "aten::f(",
                               "aten::f()",
                               "aten::f() ->",
                               "aten::f() -> (",
                               "aten::f.(",
                               "\x01\x02\xff",
                               "aten::f(Tensor a=\"\\",
                               "aten::f(Tensor[ a) -> ()",
                               "aten::f(int a=[) -> ()",
                               "aten::f(int a=[1,) -> ()",
                               "aten::f(Tensor(a|) x) -> ()",
                               "aten::f(Tensor(a ->) x) -> ()",
                               "aten::f(Tensor a) -> Tensor(",
                               "{}[]()<>",
                               "aten::f(int a=-) -> ()"})
    CHECK_FALSE(errorOf(text).empty());

  // Deep nesting stops at a limit instead of exhausting the stack.
  std::string deep = "aten::f(" + std::string(100000, '(') + ") -> ()";
  CHECK_THAT(errorOf(deep), Contains("nested less deeply"));
  CHECK_THAT(errorOf("aten::f(int a) -> " + std::string(100000, '(')),
             Contains("nested less deeply"));
}
