//===- PrimComputeOps.td - Gather, reduce, matmul, conv ----*- tablegen -*-===//
//
// Gathers and scatters, reductions, matmul, convolution and windowed
// reductions: the ops whose lowering is more than one elementwise loop nest.
//
//===----------------------------------------------------------------------===//

#ifndef PT2C_PRIM_COMPUTE_OPS
#define PT2C_PRIM_COMPUTE_OPS

include "pt2c/Dialect/Prim/PrimBase.td"

//===----------------------------------------------------------------------===//
// Gather and scatter
//===----------------------------------------------------------------------===//

// The gathers and the scatter are not Pure: an index out of range is
// undefined, so they must not be speculated.
def Prim_TakeOp : Prim_InferredOp<"take", 3, [NoMemoryEffect]> {
  let summary = "Gather whole slices by index along one dimension";
  let description = [{
    numpy.take: `result[a..., j..., b...] = operand[a..., indices[j...], b...]`
    where `a...` are the dims before `dimension` and `b...` those after.
    torch.index_select, embedding (dimension 0) and indexing with one index
    tensor decompose into it. Indices are in [0, size) (decompositions wrap
    torch's negative indices); the lowering reads any other at 0 and checks
    the indices at run time (lib/Conversion/PrimToLinalg/IndexChecks.cpp).

    C1: `dimension` is in [0, rank(operand)).
    C2: the indices' element type is i32 or i64.
    C3: the result type is the inferred one: operand.shape[:dimension] ++
        indices.shape ++ operand.shape[dimension + 1:], operand element type.

    ```mlir
    %e = prim.take %table, %ids, dim = 0
        : (tensor<1000x64xf32>, tensor<?x16xi64>) -> tensor<?x16x64xf32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand, Prim_Tensor:$indices,
                       I64Attr:$dimension);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $indices `,` `dim` `=` $dimension attr-dict `:`
    `(` type($operand) `,` type($indices) `)` `->` type($result)
  }];
}

def Prim_TakeAlongOp : Prim_InferredOp<"take_along", 5, [NoMemoryEffect]> {
  let summary = "Gather single elements by index along one dimension";
  let description = [{
    torch.gather (numpy.take_along_axis):
    `result[p] = operand[p with p[dimension] = indices[p]]` for every
    position `p` of `indices`. Indices out of [0, size) read position 0
    and fail the run (lib/Conversion/PrimToLinalg/IndexChecks.cpp).

    C1: `operand` and `indices` have the same rank.
    C2: `dimension` is in [0, rank).
    C3: the indices' element type is i32 or i64.
    C4: in every other dim, the indices' size is at most the operand's
        (when both are static).
    C5: the result type is the inferred one: the indices' shape with the
        operand's element type.

    ```mlir
    %g = prim.take_along %x, %idx, dim = 1
        : (tensor<?x8xf32>, tensor<?x3xi64>) -> tensor<?x3xf32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand, Prim_Tensor:$indices,
                       I64Attr:$dimension);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $indices `,` `dim` `=` $dimension attr-dict `:`
    `(` type($operand) `,` type($indices) `)` `->` type($result)
  }];
}

// The combiner of prim.scatter; defined beside its only op.
def Prim_ScatterKind : I32EnumAttr<"ScatterKind",
    "how prim.scatter combines an update with the value it lands on", [
      I32EnumAttrCase<"assign", 0>,
      I32EnumAttrCase<"add", 1>,
      I32EnumAttrCase<"mul", 2>,
      I32EnumAttrCase<"max", 3>,
      I32EnumAttrCase<"min", 4>
    ]> {
  let cppNamespace = "::pt2c::prim";
  let genSpecializedAttr = 0;
}
def Prim_ScatterKindAttr
    : EnumAttr<Prim_Dialect, Prim_ScatterKind, "scatter_kind">;

def Prim_ScatterOp : Prim_InferredOp<"scatter", 7, [NoMemoryEffect]> {
  let summary = "Combine updates into a copy of a tensor by index";
  let description = [{
    The result is `operand` with `updates[p]` combined into position
    `p with p[dimension] = indices[p]`, for every position `p` of `indices`:
    `assign` overwrites (torch.scatter, index_put; of repeated indices one
    update wins, which one is unspecified, as in torch), `add`, `mul`, `max`
    and `min` fold every update that lands there into the operand's value
    (torch.scatter_add, scatter_reduce, index_put with accumulate). max and
    min propagate NaN; f16 and bf16 add and mul accumulate in f32 and round
    once. Indices out of [0, size) land nowhere and fail the run
    (decompositions wrap torch's negative indices; IndexChecks.cpp). torch's include_self=False is an `assign` of
    the combiner's identity first; its mean is an `add` and a count.
    One op with a kind, not one per combiner: the five share verification
    and lowering, and differ only in the combining scalar op.

    C1: `operand`, `indices` and `updates` have the same rank.
    C2: `dimension` is in [0, rank).
    C3: the indices' element type is i32 or i64.
    C4: `indices` and `updates` have compatible shapes.
    C5: in every other dim, the indices' size is at most the operand's
        (when both are static).
    C6: `updates` has the operand's element type; `add` and `mul` need a
        float or an integer type other than i1 (assign, max, min take any).
    C7: the result type is the operand type.

    ```mlir
    %s = prim.scatter add %x, %idx, %upd, dim = 0
        : (tensor<8x4xf32>, tensor<?x4xi64>, tensor<?x4xf32>) -> tensor<8x4xf32>
    ```
  }];
  let arguments = (ins Prim_ScatterKindAttr:$kind, Prim_Tensor:$operand,
                       Prim_Tensor:$indices, Prim_Tensor:$updates,
                       I64Attr:$dimension);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    `` $kind $operand `,` $indices `,` $updates `,` `dim` `=` $dimension
    attr-dict `:` `(` type($operand) `,` type($indices) `,` type($updates) `)`
    `->` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def Prim_ReduceOp : Prim_InferredOp<"reduce", 3, [Pure]> {
  let summary = "Reduce some dimensions with sum, prod, max, min, and, or";
  let description = [{
    Combines the elements along `dimensions`, which the result drops
    (decompositions reshape for keepdim). The identity of `kind` starts each
    reduction, so an empty dim gives it (sum 0, prod 1, max -inf or the
    smallest integer, min +inf or the largest, and all ones, or 0). f16 and
    bf16 sum and prod accumulate in f32; max and min propagate NaN.
    torch.sum, mean (sum then div), amax, amin, prod, all, any.

    C1: `dimensions` are strictly increasing and within [0, rank).
    C2: the element type suits `kind`: sum and prod need a float or an
        integer other than i1, and/or an integer (i1 included); max and min
        take any.
    C3: the result type is the inferred one: the operand's shape without
        `dimensions`.

    ```mlir
    %s = prim.reduce sum %x, dims = [1] : tensor<?x8xf32> -> tensor<?xf32>
    ```
  }];
  let arguments = (ins Prim_ReduceKindAttr:$kind, Prim_Tensor:$operand,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    `` $kind $operand `,` `dims` `=` $dimensions attr-dict `:` type($operand)
    `->` type($result)
  }];
}

class Prim_ArgReduceOp<string mnemonic, string which>
    : Prim_InferredOp<mnemonic, 3, [Pure]> {
  let summary = "Index of the " # which # " along one dimension";
  let description = [{
    The i64 index of the }] # which # [{ element along `dimension`, which the
    result drops; the first one on ties, and the first NaN if there is one
    (torch.}] # mnemonic # [{; torch's max.dim is prim.reduce plus this).

    C1: `dimension` is in [0, rank).
    C2: the element type is a float or an integer type other than i1.
    C3: the result type is the inferred one: the operand's shape without
        `dimension`, i64.

    ```mlir
    %i = prim.}] # mnemonic # [{ %x, dim = 1 : tensor<?x8xf32> -> tensor<?xi64>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand, I64Attr:$dimension);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:` type($operand) `->`
    type($result)
  }];
}

def Prim_ArgmaxOp : Prim_ArgReduceOp<"argmax", "maximum">;
def Prim_ArgminOp : Prim_ArgReduceOp<"argmin", "minimum">;

def Prim_CumsumOp : Prim_InferredOp<"cumsum", 3, [Pure]> {
  let summary = "Inclusive prefix sum along one dimension";
  let description = [{
    `result[..., i, ...] = sum of operand[..., 0..i, ...]` along `dimension`
    (torch.cumsum; position ids from attention masks). f16 and bf16
    accumulate in f32.

    C1: `dimension` is in [0, rank).
    C2: the element type is a float or an integer type other than i1.
    C3: the result type is the operand type.

    ```mlir
    %c = prim.cumsum %x, dim = 1 : tensor<?x8xi64>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand, I64Attr:$dimension);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:`
    custom<SameTypes>(type($operand), type($result))
  }];
}

def Prim_CumprodOp : Prim_InferredOp<"cumprod", 3, [Pure]> {
  let summary = "Inclusive prefix product along one dimension";
  let description = [{
    `result[..., i, ...] = product of operand[..., 0..i, ...]` along
    `dimension`, multiplied in index order (torch.cumprod). Not
    exp(cumsum(log |x|)): that loses signs, zeros and exactness. f16 and bf16
    accumulate in f32 and round each output once, as torch's CPU kernel
    (acc_type) does.

    C1: `dimension` is in [0, rank).
    C2: the element type is a float or an integer type other than i1.
    C3: the result type is the operand type.

    ```mlir
    %c = prim.cumprod %x, dim = 1 : tensor<?x8xf32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$operand, I64Attr:$dimension);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:`
    custom<SameTypes>(type($operand), type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Contractions and windows
//===----------------------------------------------------------------------===//

def Prim_MatmulOp : Prim_InferredOp<"matmul", 5, [Pure]> {
  let summary = "Batched matrix product";
  let description = [{
    `[..., M, K] x [..., K, N] -> [..., M, N]` with the same leading batch
    dims on both sides (decompositions broadcast and reshape: torch.mm, bmm,
    matmul, linear, einsum). f16 and bf16 accumulate in f32 and round once;
    integers accumulate in the element type.

    C1: both operands have the same rank, at least 2.
    C2: both operands have the same element type, a float or an integer
        type other than i1.
    C3: the batch dims are compatible.
    C4: the lhs's last dim (K) is compatible with the rhs's second-to-last.
    C5: the result type is the inferred one.

    ```mlir
    %y = prim.matmul %a, %b
        : (tensor<?x4x64xf32>, tensor<?x64x32xf32>) -> tensor<?x4x32xf32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$lhs, Prim_Tensor:$rhs);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->`
    type($result)
  }];
}

def Prim_ConvolutionOp : Prim_InferredOp<"convolution", 7, [Pure]> {
  let summary = "N-d grouped convolution, NCHW input and OIHW weight";
  let description = [{
    Input `[N, C, D1..Ds]`, weight `[O, C / feature_group_count, K1..Ks]`,
    result `[N, O, R1..Rs]` (torch's convolution, 1-d to 3-d and beyond; bias
    is a separate add). Per spatial dim: the input is dilated by
    `lhs_dilation` (`lhs_dilation - 1` zeros between elements: transposed
    convolution), padded with zeros by `padding` (low, high), and the kernel
    dilated by `rhs_dilation` slides with `strides`:
    `R = (lo + (D - 1) * lhs_dilation + 1 + hi - ((K - 1) * rhs_dilation + 1))
         / stride + 1`.
    Absent attributes mean strides 1, padding 0, dilations 1, one group.
    f16 and bf16 accumulate in f32.

    C1: input and weight have the same rank, at least 3.
    C2: `strides`, `lhs_dilation` and `rhs_dilation` have one entry per
        spatial dim, `padding` two (low, high).
    C3: strides and dilations are at least 1, padding at least 0.
    C4: `feature_group_count` is at least 1 and divides O, and
        C = weight.dim(1) * feature_group_count (compatible).
    C5: input and weight have the same element type, a float or an integer
        type other than i1.
    C6: the dilated kernel fits in the padded, dilated input.
    C7: the result type is the inferred one (`?` where N or Di is `?`).

    ```mlir
    %y = prim.convolution %x, %w, strides = [2, 2], padding = [[1, 1], [1, 1]]
        : (tensor<?x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<?x8x16x16xf32>
    ```
  }];
  let arguments = (ins Prim_Tensor:$input, Prim_Tensor:$weight,
                       OptionalAttr<DenseI64ArrayAttr>:$strides,
                       OptionalAttr<DenseI64ArrayAttr>:$padding,
                       OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
                       OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
                       OptionalAttr<I64Attr>:$feature_group_count);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    $input `,` $weight `` custom<ConvAttrs>($strides, $padding, $lhs_dilation,
    $rhs_dilation, $feature_group_count) attr-dict `:` `(` type($input) `,`
    type($weight) `)` `->` type($result)
  }];
  let extraClassDeclaration = [{
    /// The attributes with their defaults filled in; padding is
    /// [low0, high0, low1, high1, ...].
    ::llvm::SmallVector<int64_t> getStridesOrDefault();
    ::llvm::SmallVector<int64_t> getPaddingOrDefault();
    ::llvm::SmallVector<int64_t> getLhsDilationOrDefault();
    ::llvm::SmallVector<int64_t> getRhsDilationOrDefault();
    int64_t getFeatureGroupCountOrDefault() {
      return getFeatureGroupCount().value_or(1);
    }
  }];
}

def Prim_ReduceWindowOp : Prim_InferredOp<"reduce_window", 5, [Pure]> {
  let summary = "Reduce every window of a tensor (pooling)";
  let description = [{
    A window of `window_dimensions` (one entry per dim: 1 for batch and
    channels) dilated by `window_dilations` slides with `strides` over the
    operand padded by `padding` (low, high per dim); each window is reduced
    with `kind`, and padding counts as the identity of `kind` (-inf for max,
    0 for sum). torch's max_pool and avg_pool (sum, then div by the count)
    decompose into it; ceil_mode adds high padding. Absent attributes mean
    strides 1, dilations 1, padding 0. f16 and bf16 sums accumulate in f32.

    C1: `window_dimensions`, `strides` and `window_dilations` have one entry
        per dim, `padding` two (low, high).
    C2: window dims, strides and dilations are at least 1, padding at
        least 0.
    C3: the element type suits `kind` (as for prim.reduce).
    C4: the dilated window fits in the padded operand.
    C5: the result type is the inferred one:
        `(lo + D + hi - ((W - 1) * dilation + 1)) / stride + 1` per dim,
        `?` for a `?` dim.

    ```mlir
    %p = prim.reduce_window max %x, window = [1, 1, 2, 2],
        strides = [1, 1, 2, 2] : tensor<?x8x32x32xf32> -> tensor<?x8x16x16xf32>
    ```
  }];
  let arguments = (ins Prim_ReduceKindAttr:$kind, Prim_Tensor:$operand,
                       DenseI64ArrayAttr:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$strides,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
                       OptionalAttr<DenseI64ArrayAttr>:$padding);
  let results = (outs Prim_Tensor:$result);
  let assemblyFormat = [{
    `` $kind $operand `,` `window` `=` $window_dimensions ``
    custom<WindowAttrs>($strides, $window_dilations, $padding) attr-dict `:`
    type($operand) `->` type($result)
  }];
  let extraClassDeclaration = [{
    /// The attributes with their defaults filled in; padding is
    /// [low0, high0, low1, high1, ...].
    ::llvm::SmallVector<int64_t> getStridesOrDefault();
    ::llvm::SmallVector<int64_t> getWindowDilationsOrDefault();
    ::llvm::SmallVector<int64_t> getPaddingOrDefault();
  }];
}

#endif // PT2C_PRIM_COMPUTE_OPS
