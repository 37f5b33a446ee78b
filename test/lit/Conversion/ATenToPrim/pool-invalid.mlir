// What the pooling decompositions refuse, named at the op (never a wrong
// program).
// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// divisor_override = 0 is an error in torch too.
func.func @avg_pool2d_divisor_zero(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  // expected-error @+1 {{no decomposition of 'aten.avg_pool2d.default' applies}}
  %0 = aten.call "aten.avg_pool2d.default"(self: %x) {kernel_size = array<i64: 2, 2>, stride = array<i64>, padding = array<i64: 0>, ceil_mode = false, count_include_pad = true, divisor_override = 0 : i64} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

// avg_pool of booleans (torch has no such kernel either).
func.func @avg_pool2d_bool(%x: tensor<1x1x4x4xi1>) -> tensor<1x1x2x2xi1> {
  // expected-error @+1 {{no decomposition of 'aten.avg_pool2d.default' applies}}
  %0 = aten.call "aten.avg_pool2d.default"(self: %x) {kernel_size = array<i64: 2, 2>, stride = array<i64>, padding = array<i64: 0>, ceil_mode = false, count_include_pad = true, divisor_override = #aten.none} : (tensor<1x1x4x4xi1>) -> tensor<1x1x2x2xi1>
  return %0 : tensor<1x1x2x2xi1>
}

// -----

// The window tables are built at compile time: spatial sizes must be static.
func.func @max_pool3d_dynamic_spatial(%x: tensor<1x2x?x4x4xf32>) -> (tensor<1x2x?x2x2xf32>, tensor<1x2x?x2x2xi64>) {
  // expected-error @+1 {{no decomposition of 'aten.max_pool3d_with_indices.default' applies}}
  %0:2 = aten.call "aten.max_pool3d_with_indices.default"(self: %x) {kernel_size = array<i64: 2>, stride = array<i64>, padding = array<i64: 0>, dilation = array<i64: 1>, ceil_mode = false} : (tensor<1x2x?x4x4xf32>) -> (tensor<1x2x?x2x2xf32>, tensor<1x2x?x2x2xi64>)
  return %0#0, %0#1 : tensor<1x2x?x2x2xf32>, tensor<1x2x?x2x2xi64>
}

// -----

// col2im needs columns of [N, C * KH * KW, OH * OW] for the output size.
func.func @col2im_wrong_columns(%x: tensor<1x4x4xf32>) -> tensor<1x1x4x4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.col2im.default' applies}}
  %0 = aten.call "aten.col2im.default"(self: %x) {output_size = array<i64: 4, 4>, kernel_size = array<i64: 2, 2>, dilation = array<i64: 1, 1>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x4x4xf32>) -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

// A fractional max pool whose windows cannot fit: output 4 + kernel 4 - 1
// is past an input of 6.
func.func @fractional_too_wide(%x: tensor<1x1x6x6xf32>, %u: tensor<1x1x2xf32>) -> (tensor<1x1x4x4xf32>, tensor<1x1x4x4xi64>) {
  // expected-error @+1 {{no decomposition of 'aten.fractional_max_pool2d.default' applies}}
  %0:2 = aten.call "aten.fractional_max_pool2d.default"(self: %x, random_samples: %u) {kernel_size = array<i64: 4, 4>, output_size = array<i64: 4, 4>} : (tensor<1x1x6x6xf32>, tensor<1x1x2xf32>) -> (tensor<1x1x4x4xf32>, tensor<1x1x4x4xi64>)
  return %0#0, %0#1 : tensor<1x1x4x4xf32>, tensor<1x1x4x4xi64>
}
