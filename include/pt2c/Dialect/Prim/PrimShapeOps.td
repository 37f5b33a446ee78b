//===- PrimShapeOps.td - Constants and data movement ------*- tablegen -*-===//
//
// Ops that make tensors (constant, splat, iota) and move data without
// arithmetic (broadcast_in_dim, reshape, transpose, slice, pad, concatenate,
// reverse). In "compatible" dims, a `?` matches any size; the op assumes
// the sizes agree at run time.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_PRIM_SHAPE_OPS
#define PT2C_PRIM_SHAPE_OPS

include "pt2c/Dialect/Prim/PrimBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

//===----------------------------------------------------------------------===//
// Tensor makers
//===----------------------------------------------------------------------===//

def Prim_ConstantOp : Prim_InferredOp<"constant", 2, [ConstantLike, Pure]> {
  let summary = "A tensor constant";
  let description = [{
    A small constant from the graph or from a decomposition. Weights are not
    constants: they are function arguments. A filled tensor with `?` dims is
    a prim.splat of an arith.constant.

    C1: the value is a statically shaped tensor of a prim element type.
    C2: the result type is the type of the value.

    ```mlir
    %c = prim.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

def Prim_SplatOp : Prim_Op<"splat", [Pure]> {
  let summary = "A tensor filled with one scalar value";
  let description = [{
    Every element is `scalar`, which may be computed at run time (a SymInt or
    SymFloat from the graph, an arith.constant). torch.full, zeros and ones
    with dynamic sizes decompose into it.

    C1: the scalar's type is the result's element type.
    C2: there is one dynamic size per `?` of the result type.

    ```mlir
    %z = prim.splat %zero, dynamic_sizes(%n) : f32 -> tensor<?x8xf32>
    ```
  }];
  let arguments = (ins Prim_ElementType:$scalar,
                       Variadic<Index>:$dynamic_sizes);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $scalar (`,` `dynamic_sizes` `(` $dynamic_sizes^ `)`)? attr-dict `:`
    type($scalar) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Prim_IotaOp : Prim_Op<"iota", [Pure]> {
  let summary = "The indices 0, 1, 2, ... along one dimension";
  let description = [{
    `result[i_0, ..., i_n] = i_dimension`, converted to the element type.
    torch.arange(start, end, step) is iota * step + start.

    C1: `dimension` is in [0, rank(result)).
    C2: the element type is a float or an integer type other than i1.
    C3: there is one dynamic size per `?` of the result type.

    ```mlir
    %i = prim.iota dim = 0, dynamic_sizes(%n) : tensor<?x4xi64>
    ```
  }];
  let arguments = (ins I64Attr:$dimension, Variadic<Index>:$dynamic_sizes);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    `dim` `=` $dimension (`,` `dynamic_sizes` `(` $dynamic_sizes^ `)`)?
    attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shape changes
//===----------------------------------------------------------------------===//

def Prim_BroadcastInDimOp : Prim_Op<"broadcast_in_dim", [Pure]> {
  let summary = "Broadcast to a larger shape (StableHLO semantics)";
  let description = [{
    Operand dim `i` becomes result dim `broadcast_dimensions[i]`; result dims
    that no operand dim maps to are new. An operand dim of static size 1 is
    expanded to the result size; any other operand dim, `?` included, keeps
    its size (torch.export never gives a size 1 to a symbolic dim). This is
    torch's expand and the implicit broadcast of binary ops.

    C1: `broadcast_dimensions` has one entry per operand dim.
    C2: `broadcast_dimensions` is strictly increasing and within
        [0, rank(result)) (transposes are explicit).
    C3: each operand dim has static size 1 or is compatible with the result
        dim it maps to.
    C4: the operand and the result have the same element type.
    C5: there is one dynamic size per `?` of the result type.

    ```mlir
    %b = prim.broadcast_in_dim %x, dims = [1], dynamic_sizes(%n)
        : tensor<8xf32> -> tensor<?x8xf32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions,
                       Variadic<Index>:$dynamic_sizes);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $broadcast_dimensions
    (`,` `dynamic_sizes` `(` $dynamic_sizes^ `)`)? attr-dict `:`
    type($operand) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Prim_ReshapeOp : Prim_Op<"reshape", [Pure]> {
  let summary = "Same elements in row-major order, another shape";
  let description = [{
    torch's view, reshape, flatten, unflatten, squeeze and unsqueeze. The
    element count must agree at run time.

    C1: the operand and the result have the same element type.
    C2: with both shapes static, the element counts are equal; with a static
        operand, the product of the result's static dims divides its count.
    C3: there is one dynamic size per `?` of the result type.

    ```mlir
    %r = prim.reshape %x, dynamic_sizes(%n)
        : tensor<?x4x8xf32> -> tensor<?x32xf32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand, Variadic<Index>:$dynamic_sizes);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand (`,` `dynamic_sizes` `(` $dynamic_sizes^ `)`)? attr-dict `:`
    type($operand) `->` type($result)
  }];
  let hasVerifier = 1;
  // A constant reshaped is a constant: tables built by decompositions
  // (gather indices) stay plain constants that every backend places, never
  // a view of one.
  let hasFolder = 1;
}

def Prim_TransposeOp : Prim_InferredOp<"transpose", 2, [Pure]> {
  let summary = "Permute the dimensions";
  let description = [{
    `result.dim(i) = operand.dim(permutation[i])` (torch.permute, t,
    transpose).

    C1: `permutation` is a permutation of [0, rank(operand)).
    C2: the result type is the inferred one.

    ```mlir
    %t = prim.transpose %x, permutation = [1, 0]
        : tensor<4x?xf32> -> tensor<?x4xf32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `permutation` `=` $permutation attr-dict `:` type($operand)
    `->` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Slice, pad, concatenate, reverse
//===----------------------------------------------------------------------===//

def Prim_SliceOp : Prim_InferredOp<"slice", 5, [Pure]> {
  let summary = "A static strided window of a tensor";
  let description = [{
    Dim `d` of the result takes elements `start[d], start[d] + stride[d], ...`
    below `limit[d]`. A `?` dim can only be taken whole: start 0, limit `?`,
    stride 1 (a dynamic slice of a dynamic dim is not a prim op yet).
    Written `[start:limit:stride, ...]`, `:stride` omitted when 1.

    C1: `start_indices`, `limit_indices` and `strides` have one entry per dim.
    C2: every stride is at least 1.
    C3: on a static dim, 0 <= start <= limit <= size.
    C4: on a `?` dim, start is 0, limit is `?` and stride is 1.
    C5: the result type is the inferred one: ceil((limit - start) / stride)
        per static dim, `?` per `?` dim.

    ```mlir
    %s = prim.slice %x [0:?, 2:8:2] : tensor<?x8xf32> -> tensor<?x3xf32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand,
                       DenseI64ArrayAttr:$start_indices,
                       DenseI64ArrayAttr:$limit_indices,
                       DenseI64ArrayAttr:$strides);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
    attr-dict `:` type($operand) `->` type($result)
  }];
}

def Prim_PadOp : Prim_InferredOp<"pad", 4, [Pure]> {
  let summary = "Pad with a constant value";
  let description = [{
    Adds `low[d]` elements before, `high[d]` after and `interior[d]` between
    the elements of dim `d`, all equal to `padding_value` (torch's
    constant_pad_nd; negative torch padding is a prim.slice). `interior`
    is all zeros when absent.

    C1: `low`, `high` and `interior` have one entry per dim.
    C2: every entry of `low`, `high` and `interior` is at least 0.
    C3: `padding_value` is a float or integer attribute of the element type.
    C4: the result type is the inferred one:
        low + size + (size - 1) * interior + high, `?` for a `?` dim.

    ```mlir
    %p = prim.pad %x, low = [0, 1], high = [0, 2], value = 0.000000e+00 : f32
        : tensor<?x4xf32> -> tensor<?x7xf32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand,
                       DenseI64ArrayAttr:$low,
                       DenseI64ArrayAttr:$high,
                       OptionalAttr<DenseI64ArrayAttr>:$interior,
                       TypedAttrInterface:$padding_value);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `low` `=` $low `,` `high` `=` $high `,`
    (`interior` `=` $interior^ `,`)? `value` `=` $padding_value attr-dict
    `:` type($operand) `->` type($result)
  }];
}

def Prim_ConcatenateOp : Prim_InferredOp<"concatenate", 5, [Pure]> {
  let summary = "Join tensors along one dimension";
  let description = [{
    torch.cat (and stack, after a reshape of each input).

    C1: there is at least one input.
    C2: the inputs have the same rank and element type.
    C3: `dimension` is in [0, rank).
    C4: the inputs' other dims are compatible.
    C5: the result type is the inferred one: the sum of the inputs' sizes
        along `dimension` (`?` if any is `?`), the most static size
        elsewhere.

    ```mlir
    %c = prim.concatenate [%a, %b], dim = 1
        : (tensor<?x3xf32>, tensor<?x5xf32>) -> tensor<?x8xf32>
    ```
  }];
  let arguments = (ins Variadic<Prim_Tensor>:$inputs, I64Attr:$dimension);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    ` ` `[` $inputs `]` `,` `dim` `=` $dimension attr-dict `:`
    functional-type($inputs, $result)
  }];
}

def Prim_ReverseOp : Prim_InferredOp<"reverse", 2, [Pure]> {
  let summary = "Reverse the order of elements along some dimensions";
  let description = [{
    torch.flip; also the kernel flip of transposed convolutions.

    C1: `dimensions` are distinct and within [0, rank).
    C2: the result type is the operand type.

    ```mlir
    %r = prim.reverse %x, dims = [0] : tensor<?x4xf32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $dimensions attr-dict `:`
    custom<SameTypes>(type($operand), type($result))
  }];
}

#endif // PT2C_PRIM_SHAPE_OPS
