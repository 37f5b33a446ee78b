// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics

// Issue #18: window parameters torch refuses before any kernel runs. A
// kernel size below 1 became a negative shape and a stride of 0 a division
// by zero; every int list read through spatial() (Conv.cpp: kernel_size,
// stride, dilation at least 1, padding, output_padding at least 0) is now
// checked there, for pools, convolutions, im2col and col2im alike. Each
// case crashed the pt2c-opt of 51cfe4f (rc as noted).

// avg_pool2d with a kernel of -1 (SIGSEGV, rc 139).
func.func @avg_pool2d_negative_kernel(%a0: tensor<1x2x6xf32>) -> tensor<1x1x4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.avg_pool2d.default' applies}}
  %r = aten.call "aten.avg_pool2d.default"(self: %a0) {kernel_size = array<i64: -1, 3>, stride = array<i64: 1, 2>, padding = array<i64: 0, 1>, ceil_mode = true, count_include_pad = true, divisor_override = #aten.none} : (tensor<1x2x6xf32>) -> tensor<1x1x4xf32>
  return %r : tensor<1x1x4xf32>
}

// -----

// max_pool2d_with_indices with a kernel of -1 (SIGSEGV, rc 139).
func.func @max_pool2d_indices_negative_kernel(%a0: tensor<1x1x4xf32>) -> (tensor<1x1x2xf32>, tensor<1x1x2xi64>) {
  // expected-error @+1 {{no decomposition of 'aten.max_pool2d_with_indices.default' applies}}
  %r:2 = aten.call "aten.max_pool2d_with_indices.default"(self: %a0) {kernel_size = array<i64: -1, 2>, stride = array<i64>, padding = array<i64: 0>, dilation = array<i64: 1>, ceil_mode = false} : (tensor<1x1x4xf32>) -> (tensor<1x1x2xf32>, tensor<1x1x2xi64>)
  return %r#0, %r#1 : tensor<1x1x2xf32>, tensor<1x1x2xi64>
}

// -----

// im2col with stride 0 (SIGFPE, rc 136).
func.func @im2col_zero_stride(%a0: tensor<1x2x3x3xf32>) -> tensor<1x8x4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.im2col.default' applies}}
  %r = aten.call "aten.im2col.default"(self: %a0) {kernel_size = array<i64: 2, 2>, dilation = array<i64: 1, 1>, padding = array<i64: 0, 0>, stride = array<i64: 0, 0>} : (tensor<1x2x3x3xf32>) -> tensor<1x8x4xf32>
  return %r : tensor<1x8x4xf32>
}

// -----

// col2im with stride 0 (SIGFPE, rc 136).
func.func @col2im_zero_stride(%a0: tensor<1x4x4xf32>) -> tensor<1x1x4x4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.col2im.default' applies}}
  %r = aten.call "aten.col2im.default"(self: %a0) {output_size = array<i64: 4, 4>, kernel_size = array<i64: 2, 2>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1>, stride = array<i64: 0, 0>} : (tensor<1x4x4xf32>) -> tensor<1x1x4x4xf32>
  return %r : tensor<1x1x4x4xf32>
}
