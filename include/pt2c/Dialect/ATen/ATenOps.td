//===- ATenOps.td - Ops of the aten dialect ---------------------*- tablegen -*-===//

#ifndef PT2C_ATEN_OPS
#define PT2C_ATEN_OPS

include "pt2c/Dialect/ATen/ATenBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def ATen_NoneOp : ATen_Op<"none", [Pure]> {
  let summary = "A None element of a Tensor?[] list";
  let description = [{
    `index.Tensor` takes `Tensor?[] indices`, where None means "all of this
    dimension". A None inside such a list is an operand of this op.

    ```mlir
    %none = aten.none
    %r = aten.call "aten.index.Tensor"(self: %x, indices: [%none, %i]) : ...
    ```
  }];
  let results = (outs ATen_NoneType:$result);
  let assemblyFormat = "attr-dict";
}

def ATen_CallOp : ATen_Op<"call"> {
  let summary = "One call of an ATen overload (or scalar helper) from the graph";
  let description = [{
    `target` is the op as serialized in the archive without "torch.ops."
    (`aten.linear.default`, `_operator.mul`). In-place overloads are imported
    as their functional form (`aten.relu_.default` -> `aten.relu.default`).

    Tensor and symbolic (SymInt = i64, SymBool = i1, SymFloat = f64)
    arguments are operands, grouped by schema argument: `operand_names[i]`
    names group i, and `operand_segments[i]` is its length, or -1 when the
    argument is a single value rather than a list. Every other argument is
    an entry of `args`, keyed by its schema name, with the schema's default
    filled in when the archive left it out; None is `#aten.none`.

    C1: `operand_names` and `operand_segments` have the same length.
    C2: the segment lengths add up to the number of operands.
    C3: `target` is not empty.

    ```mlir
    %y = aten.call "aten.linear.default"(input: %x, weight: %w, bias: %b)
        : (tensor<4x64xf32>, tensor<32x64xf32>, tensor<32xf32>) -> tensor<4x32xf32>
    %c = aten.call "aten.cat.default"(tensors: [%a, %b]) {dim = 1 : i64}
        : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
    ```
  }];
  let arguments = (ins
    StrAttr:$target,
    StrArrayAttr:$operand_names,
    DenseI32ArrayAttr:$operand_segments,
    DictionaryAttr:$args,
    Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>:$results);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The operands of the argument named `name`; empty when it is not an
    /// operand (an attribute, or None).
    ::mlir::OperandRange getOperandGroup(::llvm::StringRef name);
    /// The non-tensor argument `name`, or null.
    ::mlir::Attribute getArg(::llvm::StringRef name) { return getArgs().get(name); }
  }];
}

#endif // PT2C_ATEN_OPS
