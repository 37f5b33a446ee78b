//===- Passes.td - pt2c's conversion passes ----------------*- tablegen -*-===//

#ifndef PT2C_CONVERSION_PASSES
#define PT2C_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def VerifyATen : Pass<"pt2c-verify-aten", "mlir::ModuleOp"> {
  let summary = "Check every aten.call against its schema and its tensors' metadata";
  let description = [{
    The one check between import and decomposition
    (`include/pt2c/Conversion/ATenToPrim/VerifyCalls.h`): arguments of the
    schema's names and kinds, required ones present, results as the schema
    returns them, dim arguments inside their tensor, contraction operands of
    one dtype, symbol ranges not empty. Each bad node is an error at its
    location naming its target. pt2c-decompose-aten runs the same check
    first; this pass runs it alone and changes nothing.
  }];
}

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

def LowerPrimToLinalg : Pass<"pt2c-lower-prim-to-linalg", "mlir::ModuleOp"> {
  let summary = "Lower prim ops to linalg, tensor, arith and math on tensors";
  let description = [{
    Elementwise prim ops become linalg.generic with identity maps (fused
    later by linalg's elementwise fusion); broadcast_in_dim a generic with a
    broadcasting map; transpose linalg.transpose; matmul linalg.matmul or
    batch_matmul into a zero-filled init; reduce linalg.reduce from the
    kind's identity; reshape tensor.reshape; constants arith.constant.
    Gathers read at indices clamped into their dim, and gathers and
    scatters of integer indices check them at run time first (an scf.if
    calling the runtime's report, `pt2c.index_check`).
    A prim op without a lowering is an error at its location.

    ```mlir
    %y = prim.add %a, %b : tensor<4xf32>
    // =>
    %e = tensor.empty() : tensor<4xf32>
    %y = linalg.generic {...} ins(%a, %b) outs(%e) { arith.addf ... }
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect", "::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

#endif // PT2C_CONVERSION_PASSES
