// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics
// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten=allow-partial=true | FileCheck %s

// A normalized_shape other than the input's last dims is refused (torch
// raises; the element count was taken from normalized_shape, so this
// layer_norm over 8 values divided by 7 and compiled).
// CHECK-LABEL: func.func @shape_differs
// CHECK: aten.call "aten.layer_norm.default"
func.func @shape_differs(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{no decomposition of 'aten.layer_norm.default' applies}}
  %0 = aten.call "aten.layer_norm.default"(input: %x) {cudnn_enable = false, eps = 1.000000e-05 : f64, normalized_shape = array<i64: 7>, weight = #aten.none, bias = #aten.none} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// A weight of another shape than normalized_shape.
// CHECK-LABEL: func.func @weight_differs
// CHECK: aten.call "aten.layer_norm.default"
func.func @weight_differs(%x: tensor<2x8xf32>, %w: tensor<4xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{no decomposition of 'aten.layer_norm.default' applies}}
  %0 = aten.call "aten.layer_norm.default"(input: %x, weight: %w) {cudnn_enable = false, eps = 1.000000e-05 : f64, normalized_shape = array<i64: 8>, bias = #aten.none} : (tensor<2x8xf32>, tensor<4xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// rms_norm checks the same: a weight of [3, 8] for a normalized_shape of [8].
// CHECK-LABEL: func.func @rms_rank_differs
// CHECK: aten.call "aten.rms_norm.default"
func.func @rms_rank_differs(%x: tensor<2x3x8xf32>, %w: tensor<3x8xf32>) -> tensor<2x3x8xf32> {
  // expected-error @+1 {{no decomposition of 'aten.rms_norm.default' applies}}
  %0 = aten.call "aten.rms_norm.default"(input: %x, weight: %w) {eps = 1.000000e-06 : f64, normalized_shape = array<i64: 8>} : (tensor<2x3x8xf32>, tensor<3x8xf32>) -> tensor<2x3x8xf32>
  return %0 : tensor<2x3x8xf32>
}

// -----

// A dynamic normalized dim cannot be compared at compile time: accepted.
// CHECK-LABEL: func.func @dynamic_dim
// CHECK-NOT: aten.call
func.func @dynamic_dim(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %0 = aten.call "aten.layer_norm.default"(input: %x) {cudnn_enable = false, eps = 1.000000e-05 : f64, normalized_shape = array<i64: 8>, weight = #aten.none, bias = #aten.none} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}
