// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics

// Issue #18: an operand declared with fewer dims than the op reads. Each
// decomposition here indexed the input's shape with the result's dims and
// crashed the compiler (SIGSEGV, rc 139, each case through the pt2c-opt of
// 51cfe4f; upsample_empty_input compiled, rc 0) before the
// input's rank was checked against the result's (tensorArgOfRank in
// Families.h); now each is refused at the node.

func.func @upsample_nearest2d(%x: tensor<4x4xf32>) -> tensor<1x1x8x8xf32> {
  // expected-error @+1 {{no decomposition of 'aten.upsample_nearest2d.vec' applies}}
  %0 = aten.call "aten.upsample_nearest2d.vec"(input: %x) {output_size = array<i64: 8, 8>, scale_factors = #aten.none} : (tensor<4x4xf32>) -> tensor<1x1x8x8xf32>
  return %0 : tensor<1x1x8x8xf32>
}

// -----

func.func @upsample_nearest_exact2d(%x: tensor<2x5xbf16>) -> tensor<1x1x3x3xbf16> {
  // expected-error @+1 {{no decomposition of 'aten._upsample_nearest_exact2d.vec' applies}}
  %0 = aten.call "aten._upsample_nearest_exact2d.vec"(input: %x) {output_size = array<i64: 3, 3>, scale_factors = #aten.none} : (tensor<2x5xbf16>) -> tensor<1x1x3x3xbf16>
  return %0 : tensor<1x1x3x3xbf16>
}

// -----

func.func @upsample_bilinear2d(%x: tensor<2x3xf32>) -> tensor<1x2x4x6xf32> {
  // expected-error @+1 {{no decomposition of 'aten.upsample_bilinear2d.vec' applies}}
  %0 = aten.call "aten.upsample_bilinear2d.vec"(input: %x) {align_corners = false, output_size = #aten.none, scale_factors = array<f64: 2.000000e+00, 2.000000e+00>} : (tensor<2x3xf32>) -> tensor<1x2x4x6xf32>
  return %0 : tensor<1x2x4x6xf32>
}

// -----

func.func @upsample_bicubic2d(%x: tensor<4xf16>) -> tensor<1x1x1x8xf16> {
  // expected-error @+1 {{no decomposition of 'aten.upsample_bicubic2d.vec' applies}}
  %0 = aten.call "aten.upsample_bicubic2d.vec"(input: %x) {align_corners = false, output_size = #aten.none, scale_factors = array<f64: 1.000000e+00, 2.000000e+00>} : (tensor<4xf16>) -> tensor<1x1x1x8xf16>
  return %0 : tensor<1x1x1x8xf16>
}

// -----

func.func @upsample_linear1d(%x: tensor<5xbf16>) -> tensor<1x1x9xbf16> {
  // expected-error @+1 {{no decomposition of 'aten.upsample_linear1d.vec' applies}}
  %0 = aten.call "aten.upsample_linear1d.vec"(input: %x) {align_corners = false, output_size = array<i64: 9>, scale_factors = #aten.none} : (tensor<5xbf16>) -> tensor<1x1x9xbf16>
  return %0 : tensor<1x1x9xbf16>
}

// -----

// An empty spatial dim (torch refuses sizes of 0): nearest's constant
// source index was -1, a read outside the input when the model ran.
func.func @upsample_empty_input(%x: tensor<1x1x0x4xf32>) -> tensor<1x1x4x4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.upsample_nearest2d.vec' applies}}
  %0 = aten.call "aten.upsample_nearest2d.vec"(input: %x) {output_size = array<i64: 4, 4>, scale_factors = #aten.none} : (tensor<1x1x0x4xf32>) -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

func.func @adaptive_avg_pool2d(%x: tensor<8x8xf32>) -> tensor<2x32x1x1xf32> {
  // expected-error @+1 {{no decomposition of 'aten.adaptive_avg_pool2d.default' applies}}
  %0 = aten.call "aten.adaptive_avg_pool2d.default"(self: %x) {output_size = array<i64: 1, 1>} : (tensor<8x8xf32>) -> tensor<2x32x1x1xf32>
  return %0 : tensor<2x32x1x1xf32>
}

// -----

// src must have self's rank minus the selected dim: a 0-d src with dim 1
// inserted its unit dim past the end of its shape.
func.func @select_scatter(%x: tensor<2x3x4xf32>, %s: tensor<f32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.select_scatter.default' applies}}
  %0 = aten.call "aten.select_scatter.default"(self: %x, src: %s) {dim = 2 : i64, index = 1 : i64} : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// diff of a 0-d tensor (torch: "diff expects input to be at least
// one-dimensional"); dim 0 passes the dim check, as 0-d dims wrap as for
// rank 1, and the windows indexed a shape with no dims.
func.func @diff_zero_d(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{no decomposition of 'aten.diff.default' applies}}
  %0 = aten.call "aten.diff.default"(self: %x) {append = #aten.none, prepend = #aten.none, dim = 0 : i64, n = 1 : i64} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// diff with a prepend of another rank than self.
func.func @diff_prepend_rank(%x: tensor<2x5xi64>, %p: tensor<2xi64>) -> tensor<2x5xi64> {
  // expected-error @+1 {{no decomposition of 'aten.diff.default' applies}}
  %0 = aten.call "aten.diff.default"(self: %x, prepend: %p) {append = #aten.none, dim = -1 : i64, n = 1 : i64} : (tensor<2x5xi64>, tensor<2xi64>) -> tensor<2x5xi64>
  return %0 : tensor<2x5xi64>
}

// -----

// slice_scatter declared with a result of lower rank than self (SIGABRT,
// rc 134, through the pt2c-opt of 51cfe4f: the mask was broadcast to the
// result's shape along self's dim).
func.func @slice_scatter_result_rank(%x: tensor<2x6xf32>, %s: tensor<2x2xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{no decomposition of 'aten.slice_scatter.default' applies}}
  %0 = aten.call "aten.slice_scatter.default"(self: %x, src: %s) {dim = 1 : i64, start = 1 : i64, end = 5 : i64, step = 2 : i64} : (tensor<2x6xf32>, tensor<2x2xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
