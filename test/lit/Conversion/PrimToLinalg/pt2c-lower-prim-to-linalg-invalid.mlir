// A prim op the lowering does not handle yet is an error at its location.
// RUN: %pt2c-opt %s --pt2c-lower-prim-to-linalg -verify-diagnostics

// (A 3-d convolution with a dynamic depth: the 2-d rewrite slices the depth
// per kernel tap, which needs it static; only the batch may be dynamic.)
func.func @conv3d_dynamic_depth(%x: tensor<1x4x?x8x8xf32>, %w: tensor<4x4x3x3x3xf32>) -> tensor<1x4x?x6x6xf32> {
  // expected-error @+1 {{'prim.convolution' has no lowering to linalg in this version}}
  %0 = prim.convolution %x, %w : (tensor<1x4x?x8x8xf32>, tensor<4x4x3x3x3xf32>) -> tensor<1x4x?x6x6xf32>
  return %0 : tensor<1x4x?x6x6xf32>
}
