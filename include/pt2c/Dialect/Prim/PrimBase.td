//===- PrimBase.td - The prim dialect: tensor primitives --*- tablegen -*-===//
//
// The prim form is the closed set of tensor primitives that every ATen op
// decomposes into (docs/design.md "Architecture", docs/prim-ops.md). This
// file holds the dialect, its type constraints, its enums and the op base
// classes.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_PRIM_BASE
#define PT2C_PRIM_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Prim_Dialect : Dialect {
  let name = "prim";
  let cppNamespace = "::pt2c::prim";
  let summary = "The closed set of tensor primitives ATen ops decompose into";
  let description = [{
    PrimTorch's idea, kept small: elementwise math, compare/select, casts,
    shape ops (broadcast_in_dim, reshape, transpose, slice, pad, concatenate,
    reverse), gathers and scatters, iota, reductions, matmul, convolution and
    windowed reductions, constants. Later passes lower prim to
    linalg/tensor/arith/math.

    Every op works on ranked tensors whose element type is one of f16, bf16,
    f32, f64, i1, i8, i16, i32, i64 (signless, read as signed) or ui8. A `?`
    dimension is supported everywhere. An op whose result has `?` dims that
    cannot be inferred from its operands takes one trailing `index` operand
    per `?` of its result type (`dynamic_sizes`, as tensor.empty does).
    Ops never broadcast implicitly; decompositions insert broadcast_in_dim.

    Each op's constraints are labelled C1, C2, ... in its description; the
    verifier's messages start with the label, and the negative tests in
    test/lit/Dialect/Prim/invalid.mlir are named after it (`@transpose_c1`).
    The checks are free functions (PrimTypeInference.h), so decompositions
    can call them before building an op.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// The element types of torch tensors that pt2c compiles. Signless integers
// are signed (torch has no unsigned type but uint8); i1 is torch.bool.
def Prim_ElementType : AnyTypeOf<[F16, BF16, F32, F64, I1, I8, I16, I32, I64,
                                  UI8], "prim element type">;

def Prim_Tensor : RankedTensorOf<[F16, BF16, F32, F64, I1, I8, I16, I32, I64,
                                  UI8]>;

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Prim_ComparePredicate : I32EnumAttr<"ComparePredicate",
    "the comparison of prim.compare", [
      I32EnumAttrCase<"eq", 0>,
      I32EnumAttrCase<"ne", 1>,
      I32EnumAttrCase<"lt", 2>,
      I32EnumAttrCase<"le", 3>,
      I32EnumAttrCase<"gt", 4>,
      I32EnumAttrCase<"ge", 5>
    ]> {
  let cppNamespace = "::pt2c::prim";
  let genSpecializedAttr = 0;
}
def Prim_ComparePredicateAttr
    : EnumAttr<Prim_Dialect, Prim_ComparePredicate, "compare_predicate">;

// `and`/`or` are alternative tokens in C++, hence the capitalized symbols.
def Prim_ReduceKind : I32EnumAttr<"ReduceKind",
    "the combiner of prim.reduce and prim.reduce_window", [
      I32EnumAttrCase<"sum", 0>,
      I32EnumAttrCase<"prod", 1>,
      I32EnumAttrCase<"max", 2>,
      I32EnumAttrCase<"min", 3>,
      I32EnumAttrCase<"And", 4, "and">,
      I32EnumAttrCase<"Or", 5, "or">
    ]> {
  let cppNamespace = "::pt2c::prim";
  let genSpecializedAttr = 0;
}
def Prim_ReduceKindAttr
    : EnumAttr<Prim_Dialect, Prim_ReduceKind, "reduce_kind">;

//===----------------------------------------------------------------------===//
// Op base classes
//===----------------------------------------------------------------------===//

class Prim_Op<string mnemonic, list<Trait> traits = []>
    : Op<Prim_Dialect, mnemonic, traits>;

// Checks the result type of an op with type inference under the label
// `Cn` of its last constraint, before InferTypeOpInterface's own check runs
// (which would add a second, unlabelled error). PrimOps.h defines it.
class Prim_InferredResult<int label>
    : ParamNativeOpTrait<"InferredResult", !cast<string>(label)> {
  let cppNamespace = "::pt2c::prim::OpTrait";
}

// An op whose result type follows from its operands and attributes: the
// builders need no result type, and the verifier compares the written result
// type with the inferred one (constraint C<resultLabel>, the op's last).
// The op's C++ (PrimOps.cpp, or extraClassDefinition) defines
// inferReturnTypes with a free function of PrimTypeInference.h.
class Prim_InferredOp<string mnemonic, int resultLabel,
                      list<Trait> traits = []>
    : Prim_Op<mnemonic, !listconcat(traits, [
          Prim_InferredResult<resultLabel>, InferTypeOpAdaptor])>;

// Ops with `?` dims in their result that cannot be inferred take
// `Variadic<Index>:$dynamic_sizes`, one per `?` of the result type, written
// `, dynamic_sizes(%n, ...)` after the other operands.

#endif // PT2C_PRIM_BASE
