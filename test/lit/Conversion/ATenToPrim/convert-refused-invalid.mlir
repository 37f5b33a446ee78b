// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics

// A result of an element type prim.convert does not take (uint16) is
// refused at the node with the builder's reason, not dereferenced as a
// null value. Found by pt2c-fuzz-compile (2026-11-27, 11,350 executions
// into run 10; UndefinedBehaviorSanitizer: member call on a null
// mlir::Value in reshapeLike, Shape.cpp): the shape corpus's
// pad_replicate-f32 with the unsqueeze's result dtype edited to 28
// (torch's UINT16). The other decompositions that used a conversion's
// result unchecked (pdist, rms_norm, weight_norm, the reductions'
// replaceWith, upsample, cumprod) check it too.

func.func @unsqueeze(%x: tensor<2x4xf32>) -> tensor<1x2x4xui16> {
  // expected-error @+1 {{no decomposition of 'aten.unsqueeze.default' applies: cannot build 'prim.convert' of type 'tensor<2x4xui16>' from operands of type 'tensor<2x4xf32>'}}
  %0 = aten.call "aten.unsqueeze.default"(self: %x) {dim = 0 : i64} : (tensor<2x4xf32>) -> tensor<1x2x4xui16>
  return %0 : tensor<1x2x4xui16>
}

// -----

// The pooling windows' gather likewise: adaptive_avg_pool1d of a uint16
// input (its conversion to float32 refused) was handed to gatherWindows as
// a null value. Found by pt2c-fuzz-compile (2026-11-27, 28,616 executions
// into run 16; UndefinedBehaviorSanitizer: member call on a null
// mlir::Value in gatherWindows, Pool.cpp): the pool corpus's
// adaptive_pool-f32 with a select's result dtype edited to 28 (UINT16).
// gatherWindows also stops at any prim it is refused, and unfold checks
// what it returns.

func.func @adaptive_avg_pool1d(%x: tensor<2x3x8xui16>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.adaptive_avg_pool1d.default' applies: cannot build 'prim.convert' of type 'tensor<2x3x8xf32>' from operands of type 'tensor<2x3x8xui16>'}}
  %0 = aten.call "aten.adaptive_avg_pool1d.default"(self: %x) {output_size = array<i64: 4>} : (tensor<2x3x8xui16>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Tensor.view(dtype) to an element of another size changes the last dim
// (float32 [2, 4] as float16 [2, 8]): refused by name.
func.func @view_dtype_other_size(%x: tensor<2x4xf32>) -> tensor<2x8xf16> {
  // expected-error @+1 {{no decomposition of 'aten.view.dtype' applies: view(dtype) between element types of different sizes (the last dim changes) is not supported}}
  %0 = aten.call "aten.view.dtype"(self: %x) {dtype = f16} : (tensor<2x4xf32>) -> tensor<2x8xf16>
  return %0 : tensor<2x8xf16>
}
