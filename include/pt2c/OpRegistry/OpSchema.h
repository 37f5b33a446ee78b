//===- OpSchema.h - ATen operator schemas, parsed from their text form ----===//
//
// An operator schema is the text torch prints for
// `torch.ops.aten.<op>.<overload>._schema`, e.g.
//   aten::linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor
// The registry keeps those lines verbatim (ATenSchemas.def) and parses them
// here, so adding an op is pasting one line. The parsed form drives argument
// naming and default filling in the importer, and the coverage report.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_OPREGISTRY_OPSCHEMA_H
#define PT2C_OPREGISTRY_OPSCHEMA_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pt2c {

/// The element type of a schema argument, without `?` and `[]`.
enum class OpBaseType {
  Tensor,
  Int,
  SymInt,
  Float,
  Bool,
  Str,
  Scalar,
  ScalarType,
  Layout,
  Device,
  MemoryFormat,
  Generator,
  Dimname,
  Other, // anything else; `typeText` keeps the spelling
};

/// A default value as written in the schema.
struct OpDefault {
  enum class Kind {
    None,       // None
    Int,        // 1, -1
    Float,      // 0., 1.0000000000000001e-05
    Bool,       // True, False
    String,     // "none"
    IntList,    // [1, 1], [] ; `int[2] padding=0` is expanded to [0, 0]
    FloatList,  // [1.0, 2.0]
    BoolList,   // [True, False]
    Identifier, // contiguous_format, long, strided, Mean
  };
  Kind kind = Kind::None;
  int64_t intValue = 0;
  double floatValue = 0;
  bool boolValue = false;
  std::string text; // String contents or Identifier
  std::vector<int64_t> ints;
  std::vector<double> floats;
  std::vector<bool> bools;
};

struct OpArgument {
  std::string name;
  std::string typeText;     // as written: "SymInt[2]", "Tensor(a!)", "Tensor?[]"
  OpBaseType baseType = OpBaseType::Other;
  bool isList = false;
  std::optional<int64_t> fixedListSize; // int[2]
  bool isOptional = false;              // `T?` (for lists, `T[]?`)
  bool elementsOptional = false;        // `Tensor?[]`
  bool isMutable = false;               // alias annotation with `!`
  bool kwargOnly = false;               // after `*`
  std::optional<OpDefault> defaultValue;
  /// Text inside the outermost alias annotation: "a!", "a -> *", "b|a";
  /// empty when there is none. The importer compares these between arguments
  /// and returns to tell views (`Tensor(a)` in, `Tensor(a)` out) from copies.
  std::string aliasAnnotation;

  bool isTensorLike() const { return baseType == OpBaseType::Tensor; }
};

struct OpReturn {
  std::string name;     // often empty
  std::string typeText; // "Tensor", "Tensor(a)[]", "int"
  OpBaseType baseType = OpBaseType::Other;
  bool isList = false;
  bool isOptional = false;     // `int[]?`, `Tensor?`
  bool isMutable = false;      // `Tensor(a!)`
  std::string aliasAnnotation; // as in OpArgument
};

struct OpSchema {
  std::string ns;       // "aten"
  std::string name;     // "linear", "add_"
  std::string overload; // "" for the default overload, "Tensor", "int", ...
  std::vector<OpArgument> arguments;
  std::vector<OpReturn> returns;
  std::string text;     // the line it was parsed from
  bool isVararg = false; // `...` ends the arguments (aten::format)
  bool isVarret = false; // `-> ...`

  /// Serialized target without the "torch.ops." prefix: "aten.linear.default".
  std::string target() const;
  /// True for `add_`-style ops whose first argument is mutated in place.
  bool isInPlace() const;
  /// What the importer rewrites an in-place op to: "aten.relu_.default" ->
  /// "aten.relu.default". The target itself for other ops.
  std::string functionalTarget() const;
  const OpArgument *findArgument(llvm::StringRef argName) const;
};

/// Parses one schema line. The error says where parsing stopped and why.
llvm::Expected<OpSchema> parseOpSchema(llvm::StringRef text);

} // namespace pt2c

#endif // PT2C_OPREGISTRY_OPSCHEMA_H
