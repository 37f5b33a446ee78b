// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics
// Arguments the second batch of OpInfo decompositions (issue #17) refuse at
// the node instead of reading outside a tensor.

// kthvalue with k past the row's 5 elements.
func.func @kthvalue_k_too_large(%x: tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3xi64>) {
  // expected-error @+1 {{no decomposition of 'aten.kthvalue.default' applies (the op is not in the table, or its arguments are not supported yet)}}
  %0:2 = aten.call "aten.kthvalue.default"(self: %x) {k = 6 : i64, dim = 1 : i64} : (tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3xi64>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xi64>
}

// -----

// index_add with a source whose indexed dim is not the index's length.
func.func @index_add_source_mismatch(%x: tensor<5x3xf32>, %i: tensor<2xi64>, %s: tensor<3x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.index_add.default' applies (the op is not in the table, or its arguments are not supported yet)}}
  %0 = aten.call "aten.index_add.default"(self: %x, index: %i, source: %s) {dim = 0 : i64} : (tensor<5x3xf32>, tensor<2xi64>, tensor<3x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// max_unpool2d whose output_size is not the declared result's.
func.func @max_unpool2d_size(%x: tensor<1x2x2x2xf32>, %i: tensor<1x2x2x2xi64>) -> tensor<1x2x4x4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.max_unpool2d.default' applies (the op is not in the table, or its arguments are not supported yet)}}
  %0 = aten.call "aten.max_unpool2d.default"(self: %x, indices: %i) {output_size = array<i64: 4, 5>} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// tensordot naming one of self's dims twice.
func.func @tensordot_repeated_dim(%a: tensor<3x3x4xf32>, %b: tensor<3x3x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{no decomposition of 'aten.tensordot.default' applies (the op is not in the table, or its arguments are not supported yet)}}
  %0 = aten.call "aten.tensordot.default"(self: %a, other: %b) {dims_self = array<i64: 0, 0>, dims_other = array<i64: 0, 1>} : (tensor<3x3x4xf32>, tensor<3x3x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
