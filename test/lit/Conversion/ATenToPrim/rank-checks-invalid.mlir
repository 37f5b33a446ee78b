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

// -----

// linear of a 0-d input: its batch dims were taken by dropping the last dim
// of an empty shape (SIGSEGV, rc 139).
func.func @linear_zero_d_input(%a0: tensor<f32>, %a1: tensor<32x64xf32>) -> tensor<4x32xf32> {
  // expected-error @+1 {{no decomposition of 'aten.linear.default' applies}}
  %r = aten.call "aten.linear.default"(input: %a0, weight: %a1) {bias = #aten.none} : (tensor<f32>, tensor<32x64xf32>) -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}

// -----

// linear declared with a 0-d result (SIGSEGV, rc 139).
func.func @linear_zero_d_result(%a0: tensor<2x3x0xf32>, %a1: tensor<5x0xf32>) -> tensor<f32> {
  // expected-error @+1 {{no decomposition of 'aten.linear.default' applies}}
  %r = aten.call "aten.linear.default"(input: %a0, weight: %a1) {bias = #aten.none} : (tensor<2x3x0xf32>, tensor<5x0xf32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// mean over dim -1 of a 0-d tensor: the dim check wraps 0-d dims as for
// rank 1, and the wrapped dim was read from an empty shape (SIGSEGV, rc 139;
// shapeDim in Families.h).
func.func @mean_dim_zero_d(%a0: tensor<f32>) -> tensor<?x3x1xf32> {
  // expected-error @+1 {{no decomposition of 'aten.mean.dim' applies}}
  %r = aten.call "aten.mean.dim"(self: %a0) {dim = array<i64: -1>, dtype = #aten.none, keepdim = true} : (tensor<f32>) -> tensor<?x3x1xf32>
  return %r : tensor<?x3x1xf32>
}

// -----

// slice of a 0-d tensor (torch: "slice() cannot be applied to a 0-dim
// tensor"; SIGSEGV, rc 139).
func.func @slice_zero_d(%a0: tensor<f32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.slice.Tensor' applies}}
  %r = aten.call "aten.slice.Tensor"(self: %a0) {dim = -1 : i64, start = -8 : i64, end = 9223372036854775807 : i64, step = 3 : i64} : (tensor<f32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

// split of a 0-d tensor (SIGSEGV, rc 139).
func.func @split_zero_d(%a0: tensor<f32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>) {
  // expected-error @+1 {{no decomposition of 'aten.split.Tensor' applies}}
  %r:3 = aten.call "aten.split.Tensor"(self: %a0) {dim = -1 : i64, split_size = 4 : i64} : (tensor<f32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>)
  return %r#0, %r#1, %r#2 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>
}

// -----

// split_with_sizes of a 0-d tensor (SIGSEGV, rc 139).
func.func @split_with_sizes_zero_d(%a0: tensor<f32>) -> (tensor<2x2xf32>, tensor<2x4xf32>) {
  // expected-error @+1 {{no decomposition of 'aten.split_with_sizes.default' applies}}
  %r:2 = aten.call "aten.split_with_sizes.default"(self: %a0) {split_sizes = array<i64: 2, 4>, dim = -1 : i64} : (tensor<f32>) -> (tensor<2x2xf32>, tensor<2x4xf32>)
  return %r#0, %r#1 : tensor<2x2xf32>, tensor<2x4xf32>
}

// -----

// max_pool2d of a 0-d input: its dims 2 and 3 were read (SIGSEGV, rc 139).
func.func @max_pool2d_zero_d(%a0: tensor<f32>) -> tensor<2x16x16x16xf32> {
  // expected-error @+1 {{no decomposition of 'aten.max_pool2d.default' applies}}
  %r = aten.call "aten.max_pool2d.default"(self: %a0) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64>} : (tensor<f32>) -> tensor<2x16x16x16xf32>
  return %r : tensor<2x16x16x16xf32>
}

// -----

// max_pool2d_with_indices declared with 0-d indices: their dim 0 was read
// (SIGSEGV, rc 139); the indices must have the values' shape.
func.func @max_pool2d_indices_zero_d(%a0: tensor<1x1x4xf32>) -> (tensor<1x1x2xf32>, tensor<i64>) {
  // expected-error @+1 {{no decomposition of 'aten.max_pool2d_with_indices.default' applies}}
  %r:2 = aten.call "aten.max_pool2d_with_indices.default"(self: %a0) {kernel_size = array<i64: 1, 2>, stride = array<i64>, padding = array<i64: 0>, dilation = array<i64: 1>, ceil_mode = false} : (tensor<1x1x4xf32>) -> (tensor<1x1x2xf32>, tensor<i64>)
  return %r#0, %r#1 : tensor<1x1x2xf32>, tensor<i64>
}

// -----

// The same through adaptive_max_pool2d (SIGSEGV, rc 139).
func.func @adaptive_max_pool2d_indices_zero_d(%a0: tensor<2x3x5xf32>) -> (tensor<2x1x3xf32>, tensor<i64>) {
  // expected-error @+1 {{no decomposition of 'aten.adaptive_max_pool2d.default' applies}}
  %r:2 = aten.call "aten.adaptive_max_pool2d.default"(self: %a0) {output_size = array<i64: 1, 3>} : (tensor<2x3x5xf32>) -> (tensor<2x1x3xf32>, tensor<i64>)
  return %r#0, %r#1 : tensor<2x1x3xf32>, tensor<i64>
}

// -----

// argmin over dim -1 of a 0-d tensor: the wrapped dim was read from an
// empty shape (SIGSEGV, rc 139).
func.func @argmin_zero_d(%a0: tensor<f32>) -> tensor<3x5xi64> {
  // expected-error @+1 {{no decomposition of 'aten.argmin.default' applies}}
  %r = aten.call "aten.argmin.default"(self: %a0) {dim = -1 : i64, keepdim = false} : (tensor<f32>) -> tensor<3x5xi64>
  return %r : tensor<3x5xi64>
}

// -----

// std over dim -1 of a 0-d tensor (SIGSEGV, rc 139): the reductions' dims
// (reducedDims) leave out a wrapped dim that names none.
func.func @std_dim_zero_d(%a0: tensor<f32>) -> tensor<3x5x1xf32> {
  // expected-error @+1 {{no decomposition of 'aten.std.dim' applies}}
  %r = aten.call "aten.std.dim"(self: %a0) {dim = array<i64: -1>, keepdim = true, unbiased = true} : (tensor<f32>) -> tensor<3x5x1xf32>
  return %r : tensor<3x5x1xf32>
}

// -----

// max.dim over a `?` batch the declared static results disagree with: the
// kept values could not be reshaped (null) and their type was read
// (SIGSEGV, rc 139).
func.func @max_dim_unsizable(%a0: tensor<?x5x7xf32>) -> (tensor<3x7xf32>, tensor<3x7xi64>) {
  // expected-error @+1 {{no decomposition of 'aten.max.dim' applies}}
  %r:2 = aten.call "aten.max.dim"(self: %a0) {dim = 1 : i64, keepdim = false} : (tensor<?x5x7xf32>) -> (tensor<3x7xf32>, tensor<3x7xi64>)
  return %r#0, %r#1 : tensor<3x7xf32>, tensor<3x7xi64>
}
