//===- ExportSchema.cpp - Enum helpers of the export schema ---------------===//
//
// Element sizes and names of torch's ScalarType and the serialized names of
// the Argument variants (docs/pt2-format.md, "Tensor metadata" and "Graph").
//
//===----------------------------------------------------------------------===//

#include "pt2c/Archive/ExportSchema.h"

namespace pt2c::archive {

bool isKnownScalarType(int64_t value) {
  // 14..27 are a gap in schema.py; 33.. are not written by the 2.11 writer.
  return (value >= 0 && value <= 13) || (value >= 28 && value <= 32);
}

unsigned elementSize(ScalarType type) {
  switch (type) {
  case ScalarType::Unknown:
    return 0;
  case ScalarType::Byte:
  case ScalarType::Char:
  case ScalarType::Bool:
  case ScalarType::Float8E4M3FN:
  case ScalarType::Float8E5M2:
  case ScalarType::Float8E4M3FNUZ:
  case ScalarType::Float8E5M2FNUZ:
    return 1;
  case ScalarType::Short:
  case ScalarType::Half:
  case ScalarType::BFloat16:
  case ScalarType::UInt16:
    return 2;
  case ScalarType::Int:
  case ScalarType::Float:
  case ScalarType::ComplexHalf:
    return 4;
  case ScalarType::Long:
  case ScalarType::Double:
  case ScalarType::ComplexFloat:
    return 8;
  case ScalarType::ComplexDouble:
    return 16;
  }
  return 0; // a value outside the enum (never produced by the parser)
}

const char *scalarTypeName(ScalarType type) {
  switch (type) {
  case ScalarType::Unknown:
    return "unknown";
  case ScalarType::Byte:
    return "uint8";
  case ScalarType::Char:
    return "int8";
  case ScalarType::Short:
    return "int16";
  case ScalarType::Int:
    return "int32";
  case ScalarType::Long:
    return "int64";
  case ScalarType::Half:
    return "float16";
  case ScalarType::Float:
    return "float32";
  case ScalarType::Double:
    return "float64";
  case ScalarType::ComplexHalf:
    return "complex32";
  case ScalarType::ComplexFloat:
    return "complex64";
  case ScalarType::ComplexDouble:
    return "complex128";
  case ScalarType::Bool:
    return "bool";
  case ScalarType::BFloat16:
    return "bfloat16";
  case ScalarType::UInt16:
    return "uint16";
  case ScalarType::Float8E4M3FN:
    return "float8_e4m3fn";
  case ScalarType::Float8E5M2:
    return "float8_e5m2";
  case ScalarType::Float8E4M3FNUZ:
    return "float8_e4m3fnuz";
  case ScalarType::Float8E5M2FNUZ:
    return "float8_e5m2fnuz";
  }
  return "invalid";
}

const char *argKindName(ArgKind kind) {
  switch (kind) {
  case ArgKind::None:
    return "as_none";
  case ArgKind::Tensor:
    return "as_tensor";
  case ArgKind::Tensors:
    return "as_tensors";
  case ArgKind::Int:
    return "as_int";
  case ArgKind::Ints:
    return "as_ints";
  case ArgKind::Float:
    return "as_float";
  case ArgKind::Floats:
    return "as_floats";
  case ArgKind::String:
    return "as_string";
  case ArgKind::Strings:
    return "as_strings";
  case ArgKind::SymInt:
    return "as_sym_int";
  case ArgKind::SymInts:
    return "as_sym_ints";
  case ArgKind::ScalarType:
    return "as_scalar_type";
  case ArgKind::MemoryFormat:
    return "as_memory_format";
  case ArgKind::Layout:
    return "as_layout";
  case ArgKind::Device:
    return "as_device";
  case ArgKind::Bool:
    return "as_bool";
  case ArgKind::Bools:
    return "as_bools";
  case ArgKind::SymBool:
    return "as_sym_bool";
  case ArgKind::SymBools:
    return "as_sym_bools";
  case ArgKind::OptionalTensors:
    return "as_optional_tensors";
  case ArgKind::Graph:
    return "as_graph";
  case ArgKind::CustomObj:
    return "as_custom_obj";
  case ArgKind::Operator:
    return "as_operator";
  case ArgKind::SymFloat:
    return "as_sym_float";
  case ArgKind::SymFloats:
    return "as_sym_floats";
  case ArgKind::OptionalTensor:
    return "as_optional_tensor";
  case ArgKind::Complex:
    return "as_complex";
  case ArgKind::NestedTensors:
    return "as_nested_tensors";
  case ArgKind::IntLists:
    return "as_int_lists";
  case ArgKind::StringToArgument:
    return "as_string_to_argument";
  }
  return "as_<invalid>";
}

} // namespace pt2c::archive
