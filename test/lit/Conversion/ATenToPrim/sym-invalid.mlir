// What the symbolic-size decompositions refuse, named at the op (never a
// wrong program).
// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// A dim outside the tensor's rank (refused by the pass's dim check,
// before any decomposition).
func.func @sym_size_bad_dim(%x: tensor<?x4xf32>) -> i64 {
  // expected-error @+1 {{'aten.sym_size.int': argument 'dim' = 2 is out of range for a tensor of rank 2}}
  %0 = aten.call "aten.sym_size.int"(self: %x) {dim = 2 : i64} : (tensor<?x4xf32>) -> i64
  return %0 : i64
}

// -----

// Float floordiv is not a size operation: refused rather than guessed.
func.func @float_floordiv(%x: tensor<?x4xf32>) -> f64 {
  %s = aten.call "aten.sym_size.int"(self: %x) {dim = 0 : i64} : (tensor<?x4xf32>) -> i64
  // expected-error @+1 {{no decomposition of '_operator.floordiv' applies}}
  %0 = aten.call "_operator.floordiv"(a: %s) {b = 2.5 : f64} : (i64) -> f64
  return %0 : f64
}

// -----

// `not` of an int is not torch.sym_not's.
func.func @sym_not_int(%x: tensor<?x4xf32>) -> i1 {
  %s = aten.call "aten.sym_size.int"(self: %x) {dim = 0 : i64} : (tensor<?x4xf32>) -> i64
  // expected-error @+1 {{no decomposition of 'torch.sym_not' applies}}
  %0 = aten.call "torch.sym_not"(a: %s) : (i64) -> i1
  return %0 : i1
}

// -----

// Whether a row-major tensor is channels_last-contiguous depends on sizes.
func.func @channels_last_contiguous(%x: tensor<?x3x4x4xf32>) -> i1 {
  // expected-error @+1 {{no decomposition of 'aten.sym_is_contiguous.default' applies}}
  %0 = aten.call "aten.sym_is_contiguous.default"(self: %x) {memory_format = "channels_last"} : (tensor<?x3x4x4xf32>) -> i1
  return %0 : i1
}

// -----

// Two -1 sizes leave the view undetermined.
func.func @view_two_minus_ones(%x: tensor<?x4xf32>) -> tensor<?x?xf32> {
  %m = arith.constant -1 : i64
  // expected-error @+1 {{no decomposition of 'aten.view.default' applies}}
  %0 = aten.call "aten.view.default"(self: %x, size: [%m, %m]) : (tensor<?x4xf32>, i64, i64) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A -1 where expand adds a new dim has no size to keep.
func.func @expand_minus_one_new_dim(%x: tensor<4xf32>) -> tensor<?x4xf32> {
  %m = arith.constant -1 : i64
  %c4 = arith.constant 4 : i64
  // expected-error @+1 {{no decomposition of 'aten.expand.default' applies}}
  %0 = aten.call "aten.expand.default"(self: %x, size: [%m, %c4]) {implicit = false} : (tensor<4xf32>, i64, i64) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
