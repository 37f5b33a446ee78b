// What the sort decompositions refuse, named at the op (never a wrong
// program).
// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// The rank decomposition needs the sorted dim's size.
func.func @sort_dynamic_dim(%x: tensor<2x?xf32>) -> (tensor<2x?xf32>, tensor<2x?xi64>) {
  // expected-error @+1 {{no decomposition of 'aten.sort.default' applies}}
  %0:2 = aten.call "aten.sort.default"(self: %x) {dim = -1 : i64, descending = false} : (tensor<2x?xf32>) -> (tensor<2x?xf32>, tensor<2x?xi64>)
  return %0#0, %0#1 : tensor<2x?xf32>, tensor<2x?xi64>
}

// -----

// k larger than the dim is an error in torch too.
func.func @topk_too_many(%x: tensor<2x3xf32>) -> (tensor<2x4xf32>, tensor<2x4xi64>) {
  // expected-error @+1 {{no decomposition of 'aten.topk.default' applies}}
  %0:2 = aten.call "aten.topk.default"(self: %x) {k = 4 : i64, dim = -1 : i64, largest = true, sorted = true} : (tensor<2x3xf32>) -> (tensor<2x4xf32>, tensor<2x4xi64>)
  return %0#0, %0#1 : tensor<2x4xf32>, tensor<2x4xi64>
}
