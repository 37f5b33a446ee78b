// What the data-dependent decompositions and @forward's boundary refuse,
// named at the op or the function (never an output written past its
// buffer).
// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// An output of data-dependent size needs an upper bound to be allocated.
// expected-error @+1 {{result 0 dim 0: a dynamic dim of an output of data-dependent size must be a data-dependent size with a finite upper bound}}
func.func @forward(%x: tensor<4xf32> {pt2c.input = "x"}) -> (tensor<?x1xi64> {pt2c.dims = ["u0", 1], pt2c.output = "nonzero"}) attributes {pt2c.symbols = {u0 = {max = 9223372036854775806 : i64, min = 0 : i64}}} {
  %0 = aten.call "aten.nonzero.default"(self: %x) : (tensor<4xf32>) -> tensor<?x1xi64>
  return %0 : tensor<?x1xi64>
}

// -----

// A dim that is an expression of a data-dependent size.
// expected-error @+1 {{result 0 dim 0 is '2*u0', an expression of a data-dependent size}}
func.func @forward(%x: tensor<4xf32> {pt2c.input = "x"}, %m: tensor<4xi1> {pt2c.input = "m"}) -> (tensor<?xf32> {pt2c.dims = ["2*u0"], pt2c.output = "twice"}) attributes {pt2c.symbols = {u0 = {max = 4 : i64, min = 0 : i64}}} {
  %0 = aten.call "aten.masked_select.default"(self: %x, mask: %m) : (tensor<4xf32>, tensor<4xi1>) -> tensor<?xf32>
  %1 = aten.call "aten.cat.default"(tensors: [%0, %0]) {dim = 0 : i64} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// torch 2.11 records unique's inverse in self's dtype: bool cannot hold
// group indices, so the node is refused rather than answer 0/1.
func.func @unique_bool_inverse(%x: tensor<6xi1>) -> (tensor<?xi1>, tensor<6xi1>) {
  // expected-error @+1 {{no decomposition of 'aten._unique2.default' applies}}
  %0:3 = aten.call "aten._unique2.default"(self: %x) {sorted = true, return_inverse = true} : (tensor<6xi1>) -> (tensor<?xi1>, tensor<6xi1>, tensor<0xi1>)
  return %0#0, %0#1 : tensor<?xi1>, tensor<6xi1>
}

// -----

// tensor_split at a 0-d tensor of sections: the number of pieces would
// come from the data.
func.func @tensor_split_sections(%x: tensor<6xf32>, %n: tensor<i64>) -> (tensor<?xf32>, tensor<?xf32>) {
  // expected-error @+1 {{no decomposition of 'aten.tensor_split.tensor_indices_or_sections' applies}}
  %0:2 = aten.call "aten.tensor_split.tensor_indices_or_sections"(self: %x, tensor_indices_or_sections: %n) {dim = 0 : i64} : (tensor<6xf32>, tensor<i64>) -> (tensor<?xf32>, tensor<?xf32>)
  return %0#0, %0#1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// A mask among other indices selects positions that depend on the data
// in more than one dim at once: refused.
func.func @mask_and_index(%x: tensor<4x3xf32>, %m: tensor<4xi1>, %i: tensor<2xi64>) -> tensor<?xf32> {
  // expected-error @+1 {{no decomposition of 'aten.index.Tensor' applies}}
  %0 = aten.call "aten.index.Tensor"(self: %x, indices: [%m, %i]) : (tensor<4x3xf32>, tensor<4xi1>, tensor<2xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
