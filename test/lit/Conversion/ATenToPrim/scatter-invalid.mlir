// What the scatter decompositions refuse, named at the op (never a wrong
// program).
// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// Values that differ between the rows a boolean mask picks: which value
// lands where depends on the data.
func.func @index_put_mask_rows(%x: tensor<4x3xf32>, %m: tensor<4xi1>, %v: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.index_put.default' applies}}
  %0 = aten.call "aten.index_put.default"(self: %x, indices: [%m], values: %v) {accumulate = false} : (tensor<4x3xf32>, tensor<4xi1>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// Index tensors separated by a None (torch moves the broadcast dims first).
func.func @index_put_split(%x: tensor<4x3x5xf32>, %i: tensor<2xi64>, %j: tensor<2xi64>, %v: tensor<2x3xf32>) -> tensor<4x3x5xf32> {
  %n = aten.none
  // expected-error @+1 {{no decomposition of 'aten.index_put.default' applies}}
  %0 = aten.call "aten.index_put.default"(self: %x, indices: [%i, %n, %j], values: %v) {accumulate = false} : (tensor<4x3x5xf32>, tensor<2xi64>, !aten.none, tensor<2xi64>, tensor<2x3xf32>) -> tensor<4x3x5xf32>
  return %0 : tensor<4x3x5xf32>
}

// -----

// Values that do not broadcast to the indexed shape [2, 3].
func.func @index_put_bad_values(%x: tensor<4x3xf32>, %i: tensor<2xi64>, %v: tensor<5xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.index_put.default' applies}}
  %0 = aten.call "aten.index_put.default"(self: %x, indices: [%i], values: %v) {accumulate = true} : (tensor<4x3xf32>, tensor<2xi64>, tensor<5xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// The mean of booleans (sums are a logical or, products an and; a mean has
// no boolean value).
func.func @scatter_mean_bool(%x: tensor<4xi1>, %i: tensor<2xi64>, %s: tensor<2xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{no decomposition of 'aten.scatter_reduce.two' applies}}
  %0 = aten.call "aten.scatter_reduce.two"(self: %x, index: %i, src: %s) {dim = 0 : i64, reduce = "mean", include_self = true} : (tensor<4xi1>, tensor<2xi64>, tensor<2xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// An unknown reduce.
func.func @scatter_reduce_unknown(%x: tensor<4xf32>, %i: tensor<2xi64>, %s: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.scatter_reduce.two' applies}}
  %0 = aten.call "aten.scatter_reduce.two"(self: %x, index: %i, src: %s) {dim = 0 : i64, reduce = "median", include_self = true} : (tensor<4xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
