//===- ExportSchema.h - C++ mirror of torch.export's serialized schema ----===//
//
// Plain structs that mirror torch/_export/serde/schema.py (schema major 8),
// as described in docs/pt2-format.md ("The program"). They hold what
// models/<m>.json says, already checked (see Pt2Archive.h); nothing here
// depends on MLIR.
//
// Unions of the schema (Argument, SymInt, InputSpec, ...) are flat structs
// with a `kind` tag: only the fields of that kind are meaningful. This keeps
// the parser and its consumers simple; graphs are small next to their weights.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_ARCHIVE_EXPORTSCHEMA_H
#define PT2C_ARCHIVE_EXPORTSCHEMA_H

#include "pt2c/Archive/SymExpr.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pt2c::archive {

/// torch's ScalarType as serialized (schema.py `ScalarType`, the enum value).
enum class ScalarType : int32_t {
  Unknown = 0,
  Byte = 1,  // uint8
  Char = 2,  // int8
  Short = 3, // int16
  Int = 4,   // int32
  Long = 5,  // int64
  Half = 6,  // float16
  Float = 7, // float32
  Double = 8,
  ComplexHalf = 9,
  ComplexFloat = 10,
  ComplexDouble = 11,
  Bool = 12,
  BFloat16 = 13,
  UInt16 = 28,
  Float8E4M3FN = 29,
  Float8E5M2 = 30,
  Float8E4M3FNUZ = 31,
  Float8E5M2FNUZ = 32,
};

/// True for the values the 2.11 writer can produce (and Unknown).
bool isKnownScalarType(int64_t value);
/// Bytes per element, 0 for Unknown.
unsigned elementSize(ScalarType type);
/// torch's name: "float32", "int64", "bfloat16", ...
const char *scalarTypeName(ScalarType type);

enum class Layout : int32_t {
  Unknown = 0,
  SparseCoo = 1,
  SparseCsr = 2,
  SparseCsc = 3,
  SparseBsr = 4,
  SparseBsc = 5,
  Mkldnn = 6,
  Strided = 7,
};
enum class MemoryFormat : int32_t {
  Unknown = 0,
  ContiguousFormat = 1,
  ChannelsLast = 2,
  ChannelsLast3d = 3,
  PreserveFormat = 4,
};
/// NamedArgument.kind; Unset when the file has null.
enum class ArgumentKind : int32_t { Unset = -1, Unknown = 0, Positional = 1, Keyword = 2 };

struct Device {
  std::string type = "cpu";
  std::optional<int64_t> index;
};

/// A symbolic expression: the sympy srepr text, its parsed form and the
/// example value (hint) export saw.
struct SymExprValue {
  std::string exprStr;
  SymNode expr; // parsed from exprStr
  enum class HintKind { None, Int, Bool, Float } hintKind = HintKind::None;
  int64_t intHint = 0;
  bool boolHint = false;
  double floatHint = 0;
};

/// SymInt = union { as_expr, as_int }.
struct SymInt {
  bool isExpr = false;
  int64_t value = 0; // when !isExpr
  SymExprValue expr; // when isExpr
};
/// SymBool = union { as_expr, as_bool }.
struct SymBool {
  bool isExpr = false;
  bool value = false;
  SymExprValue expr;
};
/// SymFloat = union { as_expr, as_float }.
struct SymFloat {
  bool isExpr = false;
  double value = 0;
  SymExprValue expr;
};

struct TensorMeta {
  ScalarType dtype = ScalarType::Unknown;
  std::vector<SymInt> sizes;
  bool requiresGrad = false;
  Device device;
  std::vector<SymInt> strides;
  SymInt storageOffset;
  Layout layout = Layout::Strided;
};

/// SymIntArgument / SymBoolArgument / SymFloatArgument: a named symbolic
/// value of the graph, or a constant.
struct SymIntArgument {
  bool isName = false;
  std::string name;
  int64_t value = 0;
};
struct SymBoolArgument {
  bool isName = false;
  std::string name;
  bool value = false;
};
struct SymFloatArgument {
  bool isName = false;
  std::string name;
  double value = 0;
};
/// OptionalTensorArgument: a tensor name, or None (empty optional).
struct OptionalTensorArgument {
  std::optional<std::string> name;
};
struct CustomObjArgument {
  std::string name;
  std::string classFqn;
};

struct Graph;
struct Argument;

/// The Argument union (docs/pt2-format.md, "Graph"); variant names in
/// comments.
enum class ArgKind {
  None,             // as_none
  Tensor,           // as_tensor: name
  Tensors,          // as_tensors: names
  Int,              // as_int: intValue
  Ints,             // as_ints: ints
  Float,            // as_float: floatValue
  Floats,           // as_floats: floats
  String,           // as_string: str
  Strings,          // as_strings: strings
  SymInt,           // as_sym_int: symInts[0]
  SymInts,          // as_sym_ints: symInts
  ScalarType,       // as_scalar_type: intValue
  MemoryFormat,     // as_memory_format: intValue
  Layout,           // as_layout: intValue
  Device,           // as_device: device
  Bool,             // as_bool: boolValue
  Bools,            // as_bools: bools
  SymBool,          // as_sym_bool: symBools[0]
  SymBools,         // as_sym_bools: symBools
  OptionalTensors,  // as_optional_tensors: optionalTensors
  Graph,            // as_graph: str (name) + graph
  CustomObj,        // as_custom_obj: customObj
  Operator,         // as_operator: str
  SymFloat,         // as_sym_float: symFloats[0]
  SymFloats,        // as_sym_floats: symFloats
  OptionalTensor,   // as_optional_tensor: optionalTensors[0]
  Complex,          // as_complex: complexReal, complexImag
  NestedTensors,    // as_nested_tensors: nestedTensors
  IntLists,         // as_int_lists: intLists
  StringToArgument, // as_string_to_argument: stringToArgument
};
/// The serialized variant name ("as_tensor", ...).
const char *argKindName(ArgKind kind);

struct Argument {
  ArgKind kind = ArgKind::None;
  int64_t intValue = 0;
  double floatValue = 0;
  bool boolValue = false;
  std::string str; // tensor name, string, operator, graph name
  std::vector<std::string> strings; // tensor names (as_tensors) or strings
  std::vector<int64_t> ints;
  std::vector<double> floats;
  std::vector<bool> bools;
  std::vector<SymIntArgument> symInts;
  std::vector<SymBoolArgument> symBools;
  std::vector<SymFloatArgument> symFloats;
  std::vector<OptionalTensorArgument> optionalTensors;
  Device device;
  double complexReal = 0, complexImag = 0;
  std::shared_ptr<Graph> graph;
  CustomObjArgument customObj;
  std::vector<std::vector<std::string>> nestedTensors;
  std::vector<std::vector<int64_t>> intLists;
  std::vector<std::pair<std::string, Argument>> stringToArgument;
};

struct NamedArgument {
  std::string name;
  Argument arg;
  ArgumentKind kind = ArgumentKind::Unset;
};

struct Node {
  std::string target; // "torch.ops.aten.linear.default", "_operator.mul", ...
  std::vector<NamedArgument> inputs;
  std::vector<Argument> outputs;
  std::map<std::string, std::string> metadata; // stack_trace, nn_module_stack, ...
  std::optional<bool> isHopSingleTensorReturn;
  std::string name; // FX node name; empty when the file has null
};

struct Graph {
  std::vector<Argument> inputs;
  std::vector<Argument> outputs;
  std::vector<Node> nodes;
  std::map<std::string, TensorMeta> tensorValues;
  std::map<std::string, SymInt> symIntValues;
  std::map<std::string, SymBool> symBoolValues;
  bool isSingleTensorReturn = false;
  std::map<std::string, CustomObjArgument> customObjValues;
  std::map<std::string, SymFloat> symFloatValues;
};

struct InputSpec {
  enum class Kind {
    UserInput,      // arg
    Parameter,      // arg (tensor), targetName = parameter_name
    Buffer,         // arg (tensor), targetName = buffer_name, persistent
    TensorConstant, // arg (tensor), targetName = tensor_constant_name
    CustomObj,      // arg (custom obj), targetName = custom_obj_name
    Token,          // arg.str = token name
    ConstantInput,  // targetName = name, arg = the constant value
  };
  Kind kind = Kind::UserInput;
  Argument arg;
  std::string targetName;
  bool persistent = true;
};

struct OutputSpec {
  enum class Kind {
    UserOutput,          // arg
    LossOutput,          // arg
    BufferMutation,      // arg, targetName = buffer_name
    GradientToParameter, // arg, targetName = parameter_name
    GradientToUserInput, // arg, targetName = user_input_name
    UserInputMutation,   // arg, targetName = user_input_name
    Token,               // arg.str = token name
    ParameterMutation,   // arg, targetName = parameter_name
  };
  Kind kind = Kind::UserOutput;
  Argument arg;
  std::string targetName;
};

struct GraphSignature {
  std::vector<InputSpec> inputSpecs;
  std::vector<OutputSpec> outputSpecs;
};

struct ModuleCallSignature {
  std::vector<Argument> inputs;
  std::vector<Argument> outputs;
  std::string inSpec;  // pytree spec, JSON text
  std::string outSpec; // pytree spec, JSON text
  std::optional<std::vector<std::string>> forwardArgNames;
};
struct ModuleCallEntry {
  std::string fqn;
  std::optional<ModuleCallSignature> signature;
};

struct GraphModule {
  Graph graph;
  GraphSignature signature;
  std::vector<ModuleCallEntry> moduleCallGraph;
  std::map<std::string, std::string> metadata;
};

/// A symbol's range; nullopt = unbounded on that side.
struct RangeConstraint {
  std::optional<int64_t> minVal;
  std::optional<int64_t> maxVal;
};

struct SchemaVersion {
  int64_t major = 0;
  int64_t minor = 0;
};

struct ExportedProgram {
  GraphModule graphModule;
  std::map<std::string, int64_t> opsetVersion;
  std::map<std::string, RangeConstraint> rangeConstraints;
  SchemaVersion schemaVersion;
  std::vector<std::string> verifiers; // "TRAINING", "ATEN"; [] means ATEN
  std::string torchVersion;
  std::vector<std::string> guardsCode;
};

} // namespace pt2c::archive

#endif // PT2C_ARCHIVE_EXPORTSCHEMA_H
