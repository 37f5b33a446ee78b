//===- OpSchema.cpp - Parsing ATen schema text ----------------------------===//
//
// Grammar (torch/csrc/jit/frontend/function_schema_parser.cpp, the subset
// torch prints for aten:: ops):
//   schema   := ns "::" name ["." overload] "(" [args] ")" "->" returns
//   args     := arg ("," arg)* ; a lone "*" starts the keyword-only args
//   arg      := type name ["=" default]
//   type     := base ["(" alias ")"] ("?" | "[" [N] "]")*
//   returns  := "()" | ret | "(" ret ("," ret)* ")" ; ret := type [name]
//
//===----------------------------------------------------------------------===//

#include "pt2c/OpRegistry/OpSchema.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>

using namespace llvm;

namespace pt2c {

namespace {

/// A cursor over the schema text; every read is bounds-checked.
class SchemaLexer {
public:
  explicit SchemaLexer(StringRef text) : text_(text) {}

  void skipSpace() {
    while (pos_ < text_.size() && isSpace(text_[pos_]))
      ++pos_;
  }
  bool atEnd() {
    skipSpace();
    return pos_ >= text_.size();
  }
  char peek() {
    skipSpace();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  bool consume(StringRef token) {
    skipSpace();
    if (!text_.substr(pos_).starts_with(token))
      return false;
    pos_ += token.size();
    return true;
  }
  /// [A-Za-z_][A-Za-z0-9_]*
  StringRef identifier() {
    skipSpace();
    size_t start = pos_;
    if (pos_ < text_.size() && (isAlpha(text_[pos_]) || text_[pos_] == '_'))
      while (pos_ < text_.size() && (isAlnum(text_[pos_]) || text_[pos_] == '_'))
        ++pos_;
    return text_.slice(start, pos_);
  }
  /// The raw text before the next `close` (not consumed), or to the end.
  StringRef rawUntil(char close) {
    size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != close)
      ++pos_;
    return text_.slice(start, pos_);
  }
  /// [0-9]*
  StringRef digits() {
    skipSpace();
    size_t start = pos_;
    while (pos_ < text_.size() && isDigit(text_[pos_]))
      ++pos_;
    return text_.slice(start, pos_);
  }
  /// Text up to (not including) the first top-level ',' or ')'.
  StringRef untilArgumentEnd() {
    skipSpace();
    size_t start = pos_;
    int depth = 0;
    char quote = 0;
    for (; pos_ < text_.size(); ++pos_) {
      char c = text_[pos_];
      if (quote) {
        if (c == '\\')
          ++pos_; // an escaped character, possibly the quote
        else if (c == quote)
          quote = 0;
        continue;
      }
      if (c == '"' || c == '\'')
        quote = c;
      else if (c == '[' || c == '(')
        ++depth;
      else if ((c == ']' || c == ')') && depth > 0)
        --depth;
      else if ((c == ',' || c == ')') && depth == 0)
        break;
    }
    return text_.slice(start, pos_).rtrim();
  }
  Error error(const Twine &expected) {
    return createStringError("op schema '" + text_ + "': column " +
                             Twine(pos_ + 1) + ": expected " + expected);
  }

private:
  StringRef text_;
  size_t pos_ = 0;
};

OpBaseType baseTypeOf(StringRef name) {
  return StringSwitch<OpBaseType>(name)
      .Case("Tensor", OpBaseType::Tensor)
      .Case("int", OpBaseType::Int)
      .Case("SymInt", OpBaseType::SymInt)
      .Case("float", OpBaseType::Float)
      .Case("bool", OpBaseType::Bool)
      .Case("str", OpBaseType::Str)
      .Case("Scalar", OpBaseType::Scalar)
      .Case("ScalarType", OpBaseType::ScalarType)
      .Case("Layout", OpBaseType::Layout)
      .Case("Device", OpBaseType::Device)
      .Case("MemoryFormat", OpBaseType::MemoryFormat)
      .Case("Generator", OpBaseType::Generator)
      .Case("Dimname", OpBaseType::Dimname)
      .Default(OpBaseType::Other);
}

// Types that take type parameters in parentheses, before any alias.
bool isParameterisedType(StringRef name) {
  return name == "Dict" || name == "Future" || name == "RRef" ||
         name == "Await" || name == "Union" || name == "Optional";
}

/// An optional alias annotation: (a), (a!), (a -> *), (*). Sets isMutable.
Error parseAlias(SchemaLexer &lexer, OpArgument &arg, std::string &text) {
  if (lexer.peek() != '(')
    return Error::success();
  lexer.consume("(");
  std::string alias = lexer.rawUntil(')').str();
  if (!lexer.consume(")"))
    return lexer.error("')' closing the alias annotation");
  arg.isMutable |= StringRef(alias).contains('!');
  text += "(" + alias + ")";
  return Error::success();
}

Error parseType(SchemaLexer &lexer, OpArgument &arg, unsigned depth = 0);

/// "(T1, T2, ...)" of a tuple or a parameterised type, as text.
Expected<std::string> parseTypeList(SchemaLexer &lexer, unsigned depth) {
  if (depth > 16)
    return lexer.error("types nested at most 16 deep");
  std::string text = "(";
  if (!lexer.consume("("))
    return lexer.error("'('");
  if (lexer.consume(")"))
    return text + ")";
  while (true) {
    OpArgument element;
    if (Error err = parseType(lexer, element, depth + 1))
      return std::move(err);
    text += element.typeText;
    if (lexer.consume(")"))
      return text + ")";
    if (!lexer.consume(","))
      return lexer.error("',' or ')' in a type list");
    text += ", ";
  }
}

/// The type of an argument or return; fills the type fields of `arg`.
Error parseType(SchemaLexer &lexer, OpArgument &arg, unsigned depth) {
  std::string text;
  if (lexer.peek() == '(') { // a tuple type: (int, int)
    auto tuple = parseTypeList(lexer, depth);
    if (!tuple)
      return tuple.takeError();
    text = *tuple;
    arg.baseType = OpBaseType::Other;
  } else {
    StringRef base = lexer.identifier();
    if (base.empty())
      return lexer.error("a type name");
    text = base.str();
    arg.baseType = baseTypeOf(base);
    // A TorchBind class: __torch__.torch.classes.rnn.CellParamsBase
    while (lexer.consume(".")) {
      StringRef part = lexer.identifier();
      if (part.empty())
        return lexer.error("a name after '.' in a class type");
      text += "." + part.str();
      arg.baseType = OpBaseType::Other;
    }
    if (isParameterisedType(base) && lexer.peek() == '(') {
      auto parameters = parseTypeList(lexer, depth);
      if (!parameters)
        return parameters.takeError();
      text += *parameters;
    }
  }
  if (Error err = parseAlias(lexer, arg, text))
    return err;
  while (true) {
    if (lexer.consume("?")) {
      text += "?"; // T? or T[]?
      arg.isOptional = true;
      continue;
    }
    if (lexer.consume("[")) {
      if (arg.isList)
        return lexer.error("a single list suffix");
      if (arg.isOptional) { // Tensor?[]: a list of optionals
        arg.elementsOptional = true;
        arg.isOptional = false;
      }
      arg.isList = true;
      StringRef size = lexer.digits();
      text += "[" + size.str() + "]";
      if (!size.empty()) {
        int64_t n;
        if (size.getAsInteger(10, n))
          return lexer.error("a list size");
        arg.fixedListSize = n;
      }
      if (!lexer.consume("]"))
        return lexer.error("']'");
      continue;
    }
    break;
  }
  // `t[](a!)`: an alias annotation may also follow the list suffix.
  if (Error err = parseAlias(lexer, arg, text))
    return err;
  arg.typeText = text;
  return Error::success();
}

std::optional<bool> parseBool(StringRef text) {
  if (text == "True")
    return true;
  if (text == "False")
    return false;
  return std::nullopt;
}

std::optional<double> parseFloat(StringRef text) {
  if (text == "inf")
    return HUGE_VAL;
  if (text == "-inf")
    return -HUGE_VAL;
  double value;
  if (text.getAsDouble(value, /*AllowInexact=*/true))
    return std::nullopt;
  return value;
}

/// A default value, typed by the argument it belongs to.
Expected<OpDefault> parseDefault(StringRef text, const OpArgument &arg,
                                 SchemaLexer &lexer) {
  OpDefault value;
  if (text.empty())
    return lexer.error("a default value after '='");
  if (text == "None")
    return value;
  if ((text.front() == '"' || text.front() == '\'') && text.size() >= 2 &&
      text.back() == text.front()) {
    value.kind = OpDefault::Kind::String;
    StringRef body = text.drop_front().drop_back();
    for (size_t i = 0; i < body.size(); ++i) // Python escapes: \" \' \\.
      value.text += body[i] == '\\' && i + 1 < body.size() ? body[++i] : body[i];
    return value;
  }
  if (text.front() == '[') {
    if (text.back() != ']')
      return lexer.error("']' closing the default list");
    SmallVector<StringRef> items;
    StringRef body = text.drop_front().drop_back().trim();
    if (!body.empty())
      body.split(items, ',');
    bool floats = arg.baseType == OpBaseType::Float;
    bool bools = arg.baseType == OpBaseType::Bool;
    value.kind = floats  ? OpDefault::Kind::FloatList
                 : bools ? OpDefault::Kind::BoolList
                         : OpDefault::Kind::IntList;
    for (StringRef item : items) {
      item = item.trim();
      if (floats) {
        auto f = parseFloat(item);
        if (!f)
          return lexer.error("a float in the default list, not '" + item + "'");
        value.floats.push_back(*f);
      } else if (bools) {
        auto b = parseBool(item);
        if (!b)
          return lexer.error("True or False in the default list, not '" + item + "'");
        value.bools.push_back(*b);
      } else {
        int64_t n;
        if (item.getAsInteger(10, n))
          return lexer.error("an integer in the default list, not '" + item + "'");
        value.ints.push_back(n);
      }
    }
    return value;
  }
  if (auto b = parseBool(text)) {
    value.kind = OpDefault::Kind::Bool;
    value.boolValue = *b;
    if (arg.isList && arg.fixedListSize) { // bool[3] x=False
      value.kind = OpDefault::Kind::BoolList;
      value.bools.assign(*arg.fixedListSize, *b);
    }
    return value;
  }
  int64_t integer;
  if (!text.getAsInteger(10, integer)) {
    if (arg.isList && arg.fixedListSize) { // int[2] padding=0 means [0, 0]
      value.kind = OpDefault::Kind::IntList;
      value.ints.assign(*arg.fixedListSize, integer);
      return value;
    }
    value.kind = OpDefault::Kind::Int;
    value.intValue = integer;
    return value;
  }
  if (auto f = parseFloat(text)) {
    value.kind = OpDefault::Kind::Float;
    value.floatValue = *f;
    if (arg.isList && arg.fixedListSize) {
      value.kind = OpDefault::Kind::FloatList;
      value.floats.assign(*arg.fixedListSize, *f);
    }
    return value;
  }
  bool identifier = all_of(text, [](char c) { return isAlnum(c) || c == '_'; });
  if (!identifier)
    return lexer.error("a default value, not '" + text + "'");
  value.kind = OpDefault::Kind::Identifier;
  value.text = text.str();
  return value;
}

Error parseArguments(SchemaLexer &lexer, OpSchema &schema) {
  if (lexer.consume(")"))
    return Error::success();
  bool kwargOnly = false;
  while (true) {
    if (lexer.consume("...")) {
      // TorchScript varargs (`format(str self, ...)`); no ATen graph op uses them.
      OpArgument varargs;
      varargs.name = varargs.typeText = "...";
      schema.arguments.push_back(std::move(varargs));
    } else if (lexer.consume("*")) {
      kwargOnly = true;
    } else {
      OpArgument arg;
      if (Error err = parseType(lexer, arg))
        return err;
      arg.name = lexer.identifier().str();
      if (arg.name.empty())
        return lexer.error("an argument name after '" + arg.typeText + "'");
      arg.kwargOnly = kwargOnly;
      if (lexer.consume("=")) {
        auto value = parseDefault(lexer.untilArgumentEnd(), arg, lexer);
        if (!value)
          return value.takeError();
        arg.defaultValue = std::move(*value);
      }
      schema.arguments.push_back(std::move(arg));
    }
    if (lexer.consume(")"))
      return Error::success();
    if (!lexer.consume(","))
      return lexer.error("',' or ')' after an argument");
  }
}

/// One return, optionally named (`-> Tensor grid`, `-> (Tensor values, ...)`).
Error parseReturn(SchemaLexer &lexer, OpSchema &schema) {
  OpArgument type;
  if (Error err = parseType(lexer, type))
    return err;
  OpReturn ret;
  ret.typeText = type.typeText;
  ret.baseType = type.baseType;
  ret.isList = type.isList;
  char next = lexer.peek();
  if (next != ',' && next != ')' && next != '\0')
    ret.name = lexer.identifier().str();
  schema.returns.push_back(std::move(ret));
  return Error::success();
}

Error parseReturns(SchemaLexer &lexer, OpSchema &schema) {
  if (!lexer.consume("("))
    return parseReturn(lexer, schema);
  if (lexer.consume(")"))
    return Error::success();
  while (true) {
    if (Error err = parseReturn(lexer, schema))
      return err;
    if (lexer.consume(")"))
      return Error::success();
    if (!lexer.consume(","))
      return lexer.error("',' or ')' in the returns");
  }
}

} // namespace

Expected<OpSchema> parseOpSchema(StringRef text) {
  SchemaLexer lexer(text);
  OpSchema schema;
  schema.text = text.trim().str();
  schema.ns = lexer.identifier().str();
  if (schema.ns.empty() || !lexer.consume("::"))
    return lexer.error("'<namespace>::'");
  schema.name = lexer.identifier().str();
  if (schema.name.empty())
    return lexer.error("an operator name");
  if (lexer.consume(".")) {
    schema.overload = lexer.identifier().str();
    if (schema.overload.empty())
      return lexer.error("an overload name after '.'");
  }
  if (!lexer.consume("("))
    return lexer.error("'(' starting the arguments");
  if (Error err = parseArguments(lexer, schema))
    return std::move(err);
  if (!lexer.consume("->"))
    return lexer.error("'->' before the returns");
  if (Error err = parseReturns(lexer, schema))
    return std::move(err);
  if (!lexer.atEnd())
    return lexer.error("the end of the schema");
  return schema;
}

std::string OpSchema::target() const {
  return ns + "." + name + "." + (overload.empty() ? "default" : overload);
}

bool OpSchema::isInPlace() const {
  StringRef n(name);
  return n.ends_with("_") && !n.ends_with("__") && !arguments.empty() &&
         arguments.front().isMutable;
}

const OpArgument *OpSchema::findArgument(StringRef argName) const {
  for (const OpArgument &arg : arguments)
    if (arg.name == argName)
      return &arg;
  return nullptr;
}

} // namespace pt2c
