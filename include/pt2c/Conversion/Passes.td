//===- Passes.td - pt2c's conversion passes ----------------*- tablegen -*-===//

#ifndef PT2C_CONVERSION_PASSES
#define PT2C_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def DecomposeATen : Pass<"pt2c-decompose-aten", "mlir::ModuleOp"> {
  let summary = "Rewrite every aten.call into prim ops, from the decomposition table";
  let description = [{
    Applies the rewrite of lib/Conversion/ATenToPrim/DecompositionTable.cpp
    to each `aten.call` whose target has an entry. With `allow-partial=false`
    (the default) an aten.call left over is an error at its location (the
    node name and source line), so a model either fully decomposes or the
    user learns exactly which op is missing.

    ```mlir
    %y = aten.call "aten.relu.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
    // =>
    %zero = prim.constant dense<0.0> : tensor<4xf32>
    %y = prim.max %x, %zero : tensor<4xf32>
    ```
  }];
  let dependentDialects = ["::pt2c::prim::PrimDialect", "::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
  let options = [
    Option<"allowPartial", "allow-partial", "bool", /*default=*/"false",
           "Leave ops without a decomposition in place instead of failing">,
  ];
}

#endif // PT2C_CONVERSION_PASSES
