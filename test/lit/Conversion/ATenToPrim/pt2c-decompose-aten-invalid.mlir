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
