//===- SymExprTest.cpp - sympy srepr parsing, printing, evaluation
//---------===//

#include "pt2c/Archive/SymExpr.h"

#include <catch2/catch.hpp>

#include <string>

using namespace pt2c::archive;

namespace {

SymNode parseOk(llvm::StringRef text) {
  auto node = parseSymExpr(text);
  if (!node)
    FAIL("parse failed: " << llvm::toString(node.takeError()));
  return std::move(*node);
}

std::string parseError(llvm::StringRef text) {
  auto node = parseSymExpr(text);
  if (node)
    return "";
  return llvm::toString(node.takeError());
}

std::string roundTrip(llvm::StringRef text) {
  return formatSymExpr(parseOk(text));
}

std::optional<int64_t> eval(llvm::StringRef text,
                            const std::map<std::string, int64_t> &symbols) {
  return evaluateSymExpr(parseOk(text), symbols);
}

} // namespace

TEST_CASE("srepr symbols drop their assumptions", "[symexpr]") {
  SymNode node = parseOk("Symbol('s17', positive=True, integer=True)");
  CHECK(node.isSymbol());
  CHECK(node.name == "s17");
  CHECK(node.args.empty());
  CHECK(parseOk("Symbol(\"u0\", integer=True)").name == "u0");
}

TEST_CASE("srepr integers - including int64 limits", "[symexpr]") {
  CHECK(parseOk("Integer(3)").value == 3);
  CHECK(parseOk("Integer(-7)").value == -7);
  CHECK(parseOk("Integer(9223372036854775807)").value == INT64_MAX);
  CHECK(parseOk("Integer(-9223372036854775808)").value == INT64_MIN);
  CHECK(parseOk("  42 ").value == 42);
  CHECK_THAT(parseError("Integer(9223372036854775808)"),
             Catch::Contains("fits in int64"));
}

TEST_CASE("srepr calls keep their name and arguments", "[symexpr]") {
  SymNode node =
      parseOk("FloorDiv(Mul(Integer(2), Symbol('s0', integer=True)), "
              "Integer(3))");
  REQUIRE(node.kind == SymNode::Kind::Call);
  CHECK(node.name == "FloorDiv");
  REQUIRE(node.args.size() == 2);
  CHECK(node.args[0].name == "Mul");
  CHECK(node.args[0].args[1].name == "s0");
  CHECK(node.args[1].value == 3);

  SymNode rational = parseOk("Rational(1, 2)");
  CHECK(rational.kind == SymNode::Kind::Call);
  CHECK(rational.name == "Rational");
  CHECK(rational.args.size() == 2);

  SymNode unknown = parseOk("SomeNewFunction(Symbol('s1'), 4, evaluate=False)");
  CHECK(unknown.name == "SomeNewFunction");
  CHECK(unknown.args.size() == 2);

  SymNode flt = parseOk("Float('1.5', precision=53)");
  REQUIRE(flt.args.size() == 1);
  CHECK(flt.args[0].kind == SymNode::Kind::String);
  CHECK(formatSymExpr(flt) == "1.5");
}

TEST_CASE("booleans and constants are not symbols", "[symexpr]") {
  CHECK(parseOk("True").kind == SymNode::Kind::Boolean);
  CHECK(parseOk("True").value == 1);
  CHECK(parseOk("False").value == 0);
  CHECK(parseOk("BooleanTrue()").value == 1);
  CHECK(parseOk("BooleanFalse").value == 0);
  CHECK(parseOk("true").kind == SymNode::Kind::Boolean);
  SymNode inf = parseOk("oo");
  CHECK(inf.kind == SymNode::Kind::Call);
  CHECK(collectSymbols(inf).empty());
  CHECK(collectSymbols(parseOk("-int_oo")).empty());
}

TEST_CASE("old-style bare symbols and integers", "[symexpr]") {
  SymNode s0 = parseOk("s0");
  CHECK(s0.isSymbol());
  CHECK(s0.name == "s0");
  CHECK(parseOk("-5").value == -5);
}

TEST_CASE("formatting reads like torch's str()", "[symexpr]") {
  CHECK(roundTrip("Symbol('s17', positive=True, integer=True)") == "s17");
  CHECK(roundTrip("Mul(Integer(2), Symbol('s0'))") == "2*s0");
  CHECK(roundTrip("Add(Symbol('s0'), Integer(1))") == "s0 + 1");
  CHECK(roundTrip("Add(Symbol('s0'), Integer(-1))") == "s0 - 1");
  CHECK(roundTrip("Add(Symbol('s0'), Mul(Integer(-1), Symbol('s1')))") ==
        "s0 - s1");
  CHECK(roundTrip("FloorDiv(Add(Symbol('s0'), Integer(1)), Integer(2))") ==
        "(s0 + 1)//2");
  CHECK(roundTrip("FloorDiv(Symbol('s0'), Integer(2))") == "s0//2");
  CHECK(roundTrip("FloorDiv(Mul(Integer(2), Symbol('s0')), Integer(3))") ==
        "(2*s0)//3");
  CHECK(roundTrip("Mul(Integer(4), Add(Symbol('s0'), Integer(1)))") ==
        "4*(s0 + 1)");
  CHECK(roundTrip("Max(Symbol('s0'), Symbol('s1'))") == "Max(s0, s1)");
  CHECK(roundTrip("PythonMod(Symbol('s0'), Integer(8))") == "s0 % 8");
  CHECK(roundTrip("Pow(Symbol('s0'), Integer(2))") == "s0**2");
  CHECK(roundTrip("Mul(Integer(-1), Symbol('s0'))") == "-s0");
  CHECK(roundTrip("Mul(Integer(-1), FloorDiv(Symbol('a'), Symbol('b')))") ==
        "-(a//b)");
  CHECK(roundTrip("GreaterThan(Symbol('u0', integer=True), Integer(0))") ==
        "u0 >= 0");
  CHECK(roundTrip("CeilDiv(Symbol('s0'), Integer(4))") == "CeilDiv(s0, 4)");
  CHECK(roundTrip("Rational(1, 2)") == "1/2");
  CHECK(roundTrip("Integer(-9223372036854775808)") == "-9223372036854775808");
  CHECK(roundTrip("Add(Symbol('s0'), Integer(-9223372036854775808))") ==
        "s0 - 9223372036854775808");
}

TEST_CASE("collectSymbols is sorted and unique", "[symexpr]") {
  SymNode node = parseOk("Add(Mul(Symbol('s1'), Symbol('s0')), Symbol('s1'), "
                         "FloorDiv(Symbol('u3'), Integer(2)))");
  CHECK(collectSymbols(node) == std::vector<std::string>{"s0", "s1", "u3"});
  CHECK(collectSymbols(parseOk("Integer(3)")).empty());
}

TEST_CASE("evaluation uses Python integer semantics", "[symexpr]") {
  std::map<std::string, int64_t> s = {{"s0", 7}, {"s1", -7}, {"z", 0}};
  CHECK(eval("Add(Symbol('s0'), Integer(1))", s) == 8);
  CHECK(eval("Mul(Integer(2), Symbol('s0'))", s) == 14);
  CHECK(eval("FloorDiv(Symbol('s0'), Integer(2))", s) == 3);
  CHECK(eval("FloorDiv(Symbol('s1'), Integer(2))", s) == -4);
  CHECK(eval("CeilDiv(Symbol('s0'), Integer(2))", s) == 4);
  CHECK(eval("CeilDiv(Symbol('s1'), Integer(2))", s) == -3);
  CHECK(eval("Mod(Symbol('s1'), Integer(3))", s) == 2);
  CHECK(eval("PythonMod(Symbol('s0'), Integer(-3))", s) == -2);
  CHECK(eval("Max(Symbol('s0'), Integer(9), Integer(1))", s) == 9);
  CHECK(eval("Min(Symbol('s0'), Symbol('s1'))", s) == -7);
  CHECK(eval("Pow(Integer(2), Integer(10))", s) == 1024);
  CHECK(eval("Pow(Symbol('s0'), Integer(0))", s) == 1);
  CHECK(eval("ModularIndexing(Symbol('s0'), Integer(2), Integer(2))", s) == 1);
  CHECK(eval("GreaterThan(Symbol('s0'), Integer(7))", s) == 1);
  CHECK(eval("StrictLessThan(Symbol('s0'), Integer(7))", s) == 0);
  CHECK(eval("True", s) == 1);
}

TEST_CASE("evaluation refuses what it cannot compute exactly", "[symexpr]") {
  std::map<std::string, int64_t> s = {{"s0", 7}, {"z", 0}};
  CHECK_FALSE(eval("Symbol('missing')", s));
  CHECK_FALSE(eval("FloorDiv(Symbol('s0'), Symbol('z'))", s));
  CHECK_FALSE(eval("Mod(Symbol('s0'), Symbol('z'))", s));
  CHECK_FALSE(eval("CeilDiv(Symbol('s0'), Symbol('z'))", s));
  CHECK_FALSE(eval("Pow(Integer(2), Integer(-1))", s));
  CHECK_FALSE(eval("Pow(Integer(2), Integer(63))", s));
  CHECK(eval("Pow(Integer(2), Integer(62))", s) == (int64_t(1) << 62));
  CHECK_FALSE(eval("Mul(Integer(9223372036854775807), Integer(2))", s));
  CHECK_FALSE(eval("Add(Integer(9223372036854775807), Integer(1))", s));
  CHECK_FALSE(eval("FloorDiv(Integer(-9223372036854775808), Integer(-1))", s));
  CHECK(eval("Mod(Integer(-9223372036854775808), Integer(-1))", s) == 0);
  CHECK_FALSE(eval("UnknownFunction(Integer(1))", s));
  CHECK_FALSE(eval("Float('1.5', precision=53)", s));
  CHECK_FALSE(eval("oo", s));
}

TEST_CASE("malformed text is an error with an offset", "[symexpr]") {
  CHECK_THAT(parseError(""), Catch::Contains("offset 0"));
  CHECK_THAT(parseError("Integer(3"), Catch::Contains("expected ',' or ')'"));
  CHECK_THAT(parseError("Symbol(s0)"), Catch::Contains("Symbol('name', ...)"));
  CHECK_THAT(parseError("Symbol('s0"), Catch::Contains("closing quote"));
  CHECK_THAT(parseError("Integer(3) garbage"),
             Catch::Contains("expected end of text"));
  CHECK_THAT(parseError("Add(1,,2)"), Catch::Contains("offset 6"));
  CHECK_THAT(parseError("Integer('x')"), Catch::Contains("Integer(<int>)"));
  CHECK_THAT(parseError("1.5"), Catch::Contains("expected an integer"));
  CHECK_THAT(parseError(")"), Catch::Contains("invalid symbolic expression"));
  CHECK_FALSE(parseError("Add(").empty());
  CHECK_FALSE(parseError("'lonely string'").empty());
}

TEST_CASE("deep nesting is an error - not a stack overflow", "[symexpr]") {
  auto nested = [](int depth) {
    std::string text;
    for (int i = 0; i < depth; ++i)
      text += "Add(";
    text += "Integer(1)";
    for (int i = 0; i < depth; ++i)
      text += ")";
    return text;
  };
  CHECK(evaluateSymExpr(parseOk(nested(200)), {}) == 1);
  CHECK_THAT(parseError(nested(300)),
             Catch::Contains("nesting of at most 256"));
  CHECK_THAT(parseError(nested(1000000)),
             Catch::Contains("nesting of at most 256"));
  CHECK_THAT(parseError(std::string(1000000, '-') + "1"),
             Catch::Contains("nesting of at most 256"));
}
