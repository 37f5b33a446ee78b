//===- PrimElementwiseOps.td - Elementwise prim ops -------*- tablegen -*-===//
//
// Unary and binary math, compare, select and convert. Operands have one
// shape: there is no implicit broadcast (decompositions insert
// prim.broadcast_in_dim), and a `?` only matches a `?` (a decomposition that
// meets `?` against a static size inserts a tensor.cast).
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_PRIM_ELEMENTWISE_OPS
#define PT2C_PRIM_ELEMENTWISE_OPS

include "pt2c/Dialect/Prim/PrimBase.td"

// The element classes of PrimTypeInference.h's ElementClass, in words.
class Prim_ElementClassText<string cls> {
  string text = !cond(
      !eq(cls, "Float") : "a float type (f16, bf16, f32, f64)",
      !eq(cls, "Numeric") : "a float or an integer type other than i1",
      !eq(cls, "Integer") : "an integer type (i1 and ui8 included)",
      true : "any prim element type");
  string example = !cond(!eq(cls, "Float") : "f32", !eq(cls, "Numeric") : "f32",
                         true : "i32");
}

//===----------------------------------------------------------------------===//
// Unary
//===----------------------------------------------------------------------===//

// `elementClass` names the ElementClass the operand must have; `formula`
// opens the description.
class Prim_UnaryOp<string mnemonic, string elementClass, string formula>
    : Prim_InferredOp<mnemonic, 2, [Pure]> {
  let description = "\n    " # formula # [{

    C1: the element type is }] #
      Prim_ElementClassText<elementClass>.text # [{.
    C2: the result type is the operand type.

    ```mlir
    %y = prim.}] # mnemonic # [{ %x : tensor<4x?x}] #
      Prim_ElementClassText<elementClass>.example # [{>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameTypes>(type($operand), type($result))
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(::mlir::MLIRContext *,
        std::optional<::mlir::Location> location, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      ::mlir::RankedTensorType result;
      if (::mlir::failed(::pt2c::prim::inferUnaryOp(location,
              ::pt2c::prim::ElementClass::}] # elementClass # [{,
              adaptor.getOperand().getType(), result)))
        return ::mlir::failure();
      inferred.push_back(result);
      return ::mlir::success();
    }
  }];
}

def Prim_NegOp : Prim_UnaryOp<"neg", "Numeric", "`-x`; integers wrap."> {
  let summary = "Negation";
}
def Prim_AbsOp : Prim_UnaryOp<"abs", "Numeric",
    "`|x|`; the most negative integer stays itself, ui8 is unchanged."> {
  let summary = "Absolute value";
}
def Prim_ExpOp : Prim_UnaryOp<"exp", "Float", "`e^x`."> {
  let summary = "Exponential";
}
def Prim_LogOp : Prim_UnaryOp<"log", "Float", "Natural logarithm."> {
  let summary = "Natural logarithm";
}
def Prim_Log1pOp : Prim_UnaryOp<"log1p", "Float",
    "`log(1 + x)`, accurate for small `x` (torch.log1p, softplus)."> {
  let summary = "Logarithm of one plus x";
}
def Prim_TanhOp : Prim_UnaryOp<"tanh", "Float",
    "Hyperbolic tangent (torch.tanh, gelu's tanh approximation)."> {
  let summary = "Hyperbolic tangent";
}
def Prim_ErfOp : Prim_UnaryOp<"erf", "Float",
    "Gauss error function (exact gelu)."> {
  let summary = "Error function";
}
def Prim_RsqrtOp : Prim_UnaryOp<"rsqrt", "Float",
    "`1 / sqrt(x)` (layer and batch norm)."> {
  let summary = "Reciprocal square root";
}
def Prim_SqrtOp : Prim_UnaryOp<"sqrt", "Float", "Square root."> {
  let summary = "Square root";
}
def Prim_SinOp : Prim_UnaryOp<"sin", "Float",
    "Sine (rotary position embeddings)."> {
  let summary = "Sine";
}
def Prim_CosOp : Prim_UnaryOp<"cos", "Float",
    "Cosine (rotary position embeddings)."> {
  let summary = "Cosine";
}
def Prim_LogisticOp : Prim_UnaryOp<"logistic", "Float",
    "`1 / (1 + e^-x)`: torch.sigmoid, kept whole for accuracy (silu, gates)."> {
  let summary = "Logistic sigmoid";
}
def Prim_FloorOp : Prim_UnaryOp<"floor", "Float",
    "Round toward -inf (integer inputs need no op)."> {
  let summary = "Floor";
}
def Prim_CeilOp : Prim_UnaryOp<"ceil", "Float", "Round toward +inf."> {
  let summary = "Ceiling";
}
def Prim_RoundOp : Prim_UnaryOp<"round", "Float",
    "Round to the nearest integer, ties to even (torch.round)."> {
  let summary = "Round half to even";
}
def Prim_NotOp : Prim_UnaryOp<"not", "Integer",
    "Bitwise not; on i1 it is logical not (torch.bitwise_not, logical_not)."> {
  let summary = "Bitwise not";
}

//===----------------------------------------------------------------------===//
// Binary
//===----------------------------------------------------------------------===//

class Prim_BinaryOp<string mnemonic, string elementClass, string formula,
                    list<Trait> traits = [Pure]>
    : Prim_InferredOp<mnemonic, 3, traits> {
  let description = "\n    " # formula # [{

    C1: `lhs` and `rhs` have the same type (no implicit broadcast).
    C2: the element type is }] # Prim_ElementClassText<elementClass>.text # [{.
    C3: the result type is the operand type.

    ```mlir
    %z = prim.}] # mnemonic # [{ %x, %y : tensor<4x?x}] #
      Prim_ElementClassText<elementClass>.example # [{>
    ```
  }];
  let arguments = (ins Prim_Tensor:$lhs, Prim_Tensor:$rhs);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
    custom<SameTypes>(type($lhs), type($rhs), type($result))
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(::mlir::MLIRContext *,
        std::optional<::mlir::Location> location, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      ::mlir::RankedTensorType result;
      if (::mlir::failed(::pt2c::prim::inferBinaryOp(location,
              ::pt2c::prim::ElementClass::}] # elementClass # [{,
              adaptor.getLhs().getType(), adaptor.getRhs().getType(), result)))
        return ::mlir::failure();
      inferred.push_back(result);
      return ::mlir::success();
    }
  }];
}

def Prim_AddOp : Prim_BinaryOp<"add", "Numeric", "`x + y`; integers wrap."> {
  let summary = "Addition";
}
def Prim_SubOp : Prim_BinaryOp<"sub", "Numeric", "`x - y`; integers wrap."> {
  let summary = "Subtraction";
}
def Prim_MulOp : Prim_BinaryOp<"mul", "Numeric", "`x * y`; integers wrap."> {
  let summary = "Multiplication";
}
// Not Pure: integer division by zero is undefined, so it must not be
// speculated (hoisted out of a branch).
def Prim_DivOp : Prim_BinaryOp<"div", "Numeric",
    [{`x / y`: true division for floats, truncation toward zero for integers
    (C's `/`). torch's floor division and true division of integers are
    decomposed (convert, then div, floor). Integer division by zero is
    undefined.}], [NoMemoryEffect]> {
  let summary = "Division";
}
def Prim_RemOp : Prim_BinaryOp<"rem", "Numeric",
    [{Remainder with the sign of the dividend: torch.fmod, C's `fmod` and `%`.
    torch.remainder (the sign of the divisor) is decomposed into rem, add and
    select. Integer remainder by zero is undefined.}], [NoMemoryEffect]> {
  let summary = "Truncated remainder";
}
def Prim_PowOp : Prim_BinaryOp<"pow", "Numeric",
    [{`x ** y`. For integers, a negative exponent is undefined (torch raises an
    error).}]> {
  let summary = "Power";
}
// No shorter composition: atan has no exact form in exp/log/sin/cos of real
// numbers, and a polynomial of prim ops would be long and type-specific.
def Prim_Atan2Op : Prim_BinaryOp<"atan2", "Float",
    [{The angle of the point `(rhs, lhs)`: `atan2(y = lhs, x = rhs)` in
    `[-pi, pi]`, with C's signed-zero and infinity cases (torch.atan2; atan,
    asin and acos decompose into it: `atan(x) = atan2(x, 1)`,
    `asin(x) = atan2(x, sqrt((1 - x)(1 + x)))`).}]> {
  let summary = "Two-argument arctangent";
}
def Prim_MaxOp : Prim_BinaryOp<"max", "Any",
    [{Elementwise maximum (torch.maximum, relu with a zero tensor); NaN wins
    over any number, as in torch. Signless integers compare signed, ui8 and
    i1 unsigned.}]> {
  let summary = "Maximum";
}
def Prim_MinOp : Prim_BinaryOp<"min", "Any",
    [{Elementwise minimum (torch.minimum, clamp); NaN wins over any number.}]> {
  let summary = "Minimum";
}
def Prim_AndOp : Prim_BinaryOp<"and", "Integer",
    "Bitwise and; logical and on i1."> {
  let summary = "Bitwise and";
}
def Prim_OrOp : Prim_BinaryOp<"or", "Integer",
    "Bitwise or; logical or on i1."> {
  let summary = "Bitwise or";
}
def Prim_XorOp : Prim_BinaryOp<"xor", "Integer",
    "Bitwise xor; logical xor on i1."> {
  let summary = "Bitwise exclusive or";
}

//===----------------------------------------------------------------------===//
// Compare, select, convert
//===----------------------------------------------------------------------===//

def Prim_CompareOp : Prim_InferredOp<"compare", 2, [Pure]> {
  let summary = "Elementwise comparison into an i1 tensor";
  let description = [{
    `lhs <predicate> rhs` for each element. Signless integers compare signed,
    ui8 and i1 unsigned (false < true). For floats every predicate is ordered
    (false when either side is NaN) except `ne`, which is true on NaN, as in
    torch.

    C1: `lhs` and `rhs` have the same type.
    C2: the result is an i1 tensor of the operands' shape.

    ```mlir
    %m = prim.compare %x, %y, predicate = lt : tensor<4x?xf32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$lhs, Prim_Tensor:$rhs,
                       Prim_ComparePredicateAttr:$predicate);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` `predicate` `=` `` $predicate attr-dict `:`
    custom<SameTypes>(type($lhs), type($rhs))
  }];
}

def Prim_SelectOp : Prim_InferredOp<"select", 3, [Pure]> {
  let summary = "Elementwise choice between two tensors";
  let description = [{
    `pred ? on_true : on_false` for each element (torch.where).

    C1: `on_true` and `on_false` have the same type.
    C2: `pred` is an i1 tensor of the same shape.
    C3: the result type is the type of `on_true`.

    ```mlir
    %r = prim.select %m, %x, %y : tensor<4x?xi1>, tensor<4x?xf32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$pred, Prim_Tensor:$on_true,
                       Prim_Tensor:$on_false);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:` type($pred) `,`
    custom<SameTypes>(type($on_true), type($on_false), type($result))
  }];
}

def Prim_ConvertOp : Prim_Op<"convert", [Pure]> {
  let summary = "Elementwise change of element type";
  let description = [{
    Converts each element as torch's `Tensor.to(dtype)` does: float to
    integer truncates toward zero (out of range is undefined), anything to i1
    is `x != 0`, i1 to anything is 0 or 1, integers are sign-extended
    (ui8 zero-extended) or truncated, floats are rounded to nearest even.

    C1: the operand and the result have the same shape.

    ```mlir
    %i = prim.convert %x : tensor<4x?xf32> -> tensor<4x?xi64>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Prim_BitcastConvertOp : Prim_Op<"bitcast_convert", [Pure]> {
  let summary = "Elementwise reinterpretation of the bits as another type";
  let description = [{
    Each element's bits read as the result's element type of the same width
    (torch's `Tensor.view(dtype)` between dtypes of one size). Needed where
    a decomposition computes on a float's representation: a radix sort's
    keys (a float's bits, their order made the integers'), which no
    arithmetic composition of the other ops gives exactly (NaN, -0.0,
    subnormals).

    C1: the operand and the result have the same shape.
    C2: their element types have the same bit width (ui8 and i1 excepted:
    torch has no same-width view from them that pt2c lowers).

    ```mlir
    %bits = prim.bitcast_convert %x : tensor<4x?xf32> -> tensor<4x?xi32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // PT2C_PRIM_ELEMENTWISE_OPS
