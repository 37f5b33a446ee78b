// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics
// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten=allow-partial=true | FileCheck %s

// Metadata that disagrees with itself is refused at the op, never built
// into prims whose type inference would abort: the input's last dim (0)
// is not the weight's 64 columns.
// CHECK-LABEL: func.func @columns_differ
// CHECK: aten.call "aten.linear.default"
func.func @columns_differ(%x: tensor<4x0xf32>, %w: tensor<32x64xf32>) -> tensor<4x32xf32> {
  // expected-error @+1 {{no decomposition of 'aten.linear.default' applies}}
  %0 = aten.call "aten.linear.default"(input: %x, weight: %w) {bias = #aten.none} : (tensor<4x0xf32>, tensor<32x64xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

// A bias of another length than the weight's rows.
// CHECK-LABEL: func.func @bias_differs
// CHECK: aten.call "aten.linear.default"
func.func @bias_differs(%x: tensor<4x64xf32>, %w: tensor<32x64xf32>, %b: tensor<31xf32>) -> tensor<4x32xf32> {
  // expected-error @+1 {{no decomposition of 'aten.linear.default' applies}}
  %0 = aten.call "aten.linear.default"(input: %x, weight: %w, bias: %b) : (tensor<4x64xf32>, tensor<32x64xf32>, tensor<31xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

// No input features at all (k = 0) is a valid, empty product over batch
// dims: it decomposes (it divided by k and died of SIGFPE).
// CHECK-LABEL: func.func @no_features
// CHECK: prim.reshape {{.*}} -> tensor<6x0xf32>
// CHECK: prim.matmul
func.func @no_features(%x: tensor<2x3x0xf32>, %w: tensor<5x0xf32>) -> tensor<2x3x5xf32> {
  %0 = aten.call "aten.linear.default"(input: %x, weight: %w) {bias = #aten.none} : (tensor<2x3x0xf32>, tensor<5x0xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}
