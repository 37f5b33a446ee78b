// What the OpInfo-gap decompositions refuse, named at the op (never a
// wrong program).
// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// gcd of booleans.
func.func @gcd_bool(%a: tensor<3xi1>, %b: tensor<3xi1>) -> tensor<3xi1> {
  // expected-error @+1 {{no decomposition of 'aten.gcd.default' applies}}
  %0 = aten.call "aten.gcd.default"(self: %a, other: %b) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// A declared size that is not the number of indices (3 x 2 has 5 below
// the diagonal).
func.func @tril_wrong_size() -> tensor<2x4xi64> {
  // expected-error @+1 {{no decomposition of 'aten.tril_indices.default' applies}}
  %0 = aten.call "aten.tril_indices.default"() {row = 3 : i64, col = 2 : i64, offset = 0 : i64, dtype = #aten.none, layout = #aten.none, device = #aten.none, pin_memory = #aten.none} : () -> tensor<2x4xi64>
  return %0 : tensor<2x4xi64>
}

// -----

// rrelu with a generator object: pt2c draws from --seed.
func.func @rrelu_generator(%x: tensor<5xf32>, %g: tensor<1xi64>) -> tensor<5xf32> {
  // expected-error @+1 {{no decomposition of 'aten.rrelu.default' applies}}
  %0 = aten.call "aten.rrelu.default"(self: %x) {generator = "gen", lower = 1.000000e-01 : f64, training = true, upper = 3.000000e-01 : f64} : (tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// resize to more elements: torch leaves the new ones uninitialized.
func.func @resize_grow(%x: tensor<3x8xf32>) -> tensor<5x5xf32> {
  // expected-error @+1 {{no decomposition of 'aten.resize.default' applies}}
  %0 = aten.call "aten.resize.default"(self: %x) {memory_format = #aten.none, size = array<i64: 5, 5>} : (tensor<3x8xf32>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}

// -----

// A segment reduction this decomposition does not take: lengths and
// offsets both given.
func.func @segment_both(%x: tensor<5xf32>, %l: tensor<3xi64>, %o: tensor<4xi64>) -> tensor<3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.segment_reduce.default' applies}}
  %0 = aten.call "aten.segment_reduce.default"(data: %x, lengths: %l, offsets: %o) {reduce = "sum", axis = 0 : i64, unsafe = false} : (tensor<5xf32>, tensor<3xi64>, tensor<4xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Lengths along axis 1 must have data's dims before the axis: [3, 2] does
// not fit data [2, 5].
func.func @segment_lengths_misfit(%x: tensor<2x5xf32>, %l: tensor<3x2xi64>) -> tensor<2x2xf32> {
  // expected-error @+1 {{no decomposition of 'aten.segment_reduce.default' applies}}
  %0 = aten.call "aten.segment_reduce.default"(data: %x, lengths: %l) {reduce = "sum", axis = 1 : i64, unsafe = false} : (tensor<2x5xf32>, tensor<3x2xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// histogramdd with fewer edge tensors than the points' dims.
func.func @histogramdd_missing_edges(%x: tensor<4x2xf32>, %e: tensor<3xf32>) -> (tensor<2xf32>, tensor<3xf32>) {
  // expected-error @+1 {{no decomposition of 'aten.histogramdd.TensorList_bins' applies}}
  %0:2 = aten.call "aten.histogramdd.TensorList_bins"(self: %x, bins: [%e]) : (tensor<4x2xf32>, tensor<3xf32>) -> (tensor<2xf32>, tensor<3xf32>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<3xf32>
}
