// An op without a decomposition is an error at its location; with
// allow-partial it stays.
// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics
// RUN: %pt2c-opt %s --pt2c-decompose-aten=allow-partial=true | FileCheck %s

// CHECK-LABEL: func.func @custom
// CHECK: aten.call "mylib.custom.default"
func.func @custom(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{no decomposition of 'mylib.custom.default' applies}}
  %0 = aten.call "mylib.custom.default"(self: %x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// new_empty's `?` size is not self's: refused rather than guessed.
func.func @new_empty_dynamic(%x: tensor<?x4xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{no decomposition of 'aten.new_empty.default' applies}}
  %0 = aten.call "aten.new_empty.default"(self: %x) {device = #aten.none, dtype = #aten.none, layout = #aten.none, pin_memory = false, size = array<i64: 2>} : (tensor<?x4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// An unknown rounding mode is refused.
func.func @div_bad_mode(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.div.Tensor_mode' applies}}
  %0 = aten.call "aten.div.Tensor_mode"(self: %x, other: %y) {rounding_mode = "ceil"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
