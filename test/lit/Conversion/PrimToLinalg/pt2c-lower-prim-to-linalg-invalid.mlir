// A prim op the lowering does not handle yet is an error at its location.
// RUN: %pt2c-opt %s --pt2c-lower-prim-to-linalg -verify-diagnostics

func.func @conv1d(%x: tensor<1x4x8xf32>, %w: tensor<4x4x3xf32>) -> tensor<1x4x6xf32> {
  // expected-error @+1 {{'prim.convolution' has no lowering to linalg in this version}}
  %0 = prim.convolution %x, %w : (tensor<1x4x8xf32>, tensor<4x4x3xf32>) -> tensor<1x4x6xf32>
  return %0 : tensor<1x4x6xf32>
}
