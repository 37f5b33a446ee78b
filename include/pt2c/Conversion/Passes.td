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

    Complex tensors are computed as their real and imaginary parts: only
    the entries marked as taking them (torch.fft, complex, polar,
    view_as_complex/real, conversions) accept a complex operand or result,
    and after decomposition the function's complex arguments and results
    become their interleaved `[..., 2]` float form
    (include/pt2c/Conversion/ATenToPrim/ComplexBoundary.h).

    Outputs whose size depends on tensor values (nonzero, masked_select,
    unique, x[mask]: a symbol of `pt2c.symbols` that no argument's
    `pt2c.dims` names) are returned flat and compact in a zero-filled
    buffer of their largest size (`pt2c.capacity`), and each such size as a
    `tensor<i64>` result (`pt2c.symbol_value`) after the outputs, for the
    runtime to report the actual shapes
    (include/pt2c/Conversion/ATenToPrim/DataDependentOutputs.h).

    Before decomposing, each node of the "random" family (rand, randn,
    dropout, ...) gets `pt2c.rng = array<i64: seed, stream>`, the streams
    numbered in program order, so each draws its own numbers (Random.cpp).

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
    Option<"seed", "seed", "uint64_t", /*default=*/"0",
           "The key of the random nodes' Philox generator (pt2c --seed)">,
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
  let options = [
    Option<"blockIntegerScans", "block-integer-scans", "bool", /*default=*/"true",
           "Rewrite an integer cumsum/cumprod over a static row longer than 128 into "
           "scans of blocks first, as float rows always are (data-parallel steps, for GPU "
           "code); without, it stays one marked generic, which the CPU pipeline runs as a "
           "loop along the row (integer sums are exact in any order)">,
  ];
}

def FoldBatchNorm : Pass<"pt2c-fold-batch-norm", "mlir::func::FuncOp"> {
  let summary = "Fold an inference batch norm into the convolution before it";
  let description = [{
    On the prim form, where batch_norm decomposed into y = x * s + t with
    s = gamma * rsqrt(var + eps) and t = beta - mean * s computed from
    weights (lib/Conversion/ATenToPrim/Conv.cpp): when x is a convolution
    of a filter W, plus its bias b if any (possibly converted to the batch
    norm's compute type), y equals conv(x, W * s) + beta + (b - mean) * s.
    The multiply by s and the add of b are dropped and the bias is read
    from beta's argument; the filter's and beta's arguments get a
    `pt2c.weight_fold` recipe that the packager turns into the fold the
    compiler (embedded weights) and the runtime (`--weights external`, at
    create) apply with the same code (runtime/include/pt2c/weight_folds.h).
    So the per-element multiply-add becomes a bias add, which a library's
    epilogue or the accumulator's start can take.

    Only where the values are the batch norm's own: W and beta arguments of
    `@forward` marked `pt2c.weight`, each read by nothing else, the
    convolution read by nothing else, the statistics and b [C] weights
    (read, not written, so others may share them), beta present (its
    storage holds the new bias).

    ```mlir
    %c = prim.convolution %x, %w ...
    %y = prim.add (prim.mul %c, bcast(s)), bcast(beta - mean * s)
    // =>
    %c = prim.convolution %x, %w ...   // %w {pt2c.weight_fold = {kind = "scale_filter", ...}}
    %y = prim.add %c, bcast(%beta)     // %beta {pt2c.weight_fold = {kind = "shift", ...}}
    ```
  }];
}

#endif // PT2C_CONVERSION_PASSES
