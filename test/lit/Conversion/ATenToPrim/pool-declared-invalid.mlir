// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// The pooling decompositions tabulate each dim's windows on the host from
// the declared output sizes. Found by pt2c-fuzz-compile (2026-11-27): the
// surface corpus's adaptive_avg_pool3d-f32 with its two nodes' targets
// swapped and one output's sizes edited to [2, 2, 3, 4611686018427387903, 2]
// kept the compiler building a table of 2^62 windows (over 30 s, then
// `pt2c --emit prim` ran past 60 s). The declared sizes must now be the
// node's (output_size; torch's formula for sliding windows), and tables
// over 2^26 entries are refused.

// The finding, minimized: an adaptive output dim of 2^62 - 1 where
// output_size says 2.
func.func @adaptive_huge(%x: tensor<1x2x6x6x4xf32>) -> tensor<1x2x3x4611686018427387903x2xf32> {
  // expected-error @+1 {{no decomposition of 'aten._adaptive_avg_pool3d.default' applies: result dim 3 is declared 4611686018427387903 but output_size gives 2}}
  %0 = aten.call "aten._adaptive_avg_pool3d.default"(self: %x) {output_size = array<i64: 3, 2, 2>} : (tensor<1x2x6x6x4xf32>) -> tensor<1x2x3x4611686018427387903x2xf32>
  return %0 : tensor<1x2x3x4611686018427387903x2xf32>
}

// -----

// adaptive_avg_pool2d's even path (the output divides the input) checks
// output_size too (it took the declared 4x4 where output_size says 2x2;
// 8x8 divides by both).
func.func @adaptive_even(%x: tensor<1x1x8x8xf32>) -> tensor<1x1x4x4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.adaptive_avg_pool2d.default' applies: result dims 2, 3 are declared 4, 4 but output_size gives 2, 2}}
  %0 = aten.call "aten.adaptive_avg_pool2d.default"(self: %x) {output_size = array<i64: 2, 2>} : (tensor<1x1x8x8xf32>) -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

// Sliding windows: 8 with kernel 2, stride 2 gives 4 in torch, not 5.
func.func @max_pool_size(%x: tensor<1x1x8xf32>) -> tensor<1x1x5xf32> {
  // expected-error @+1 {{no decomposition of 'aten.max_pool1d.default' applies: result dim 2 is declared 5 but pooling 8 with kernel 2, stride 2, padding 0, dilation 1 gives 4}}
  %0 = aten.call "aten.max_pool1d.default"(self: %x) {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 0>, dilation = array<i64: 1>, ceil_mode = false} : (tensor<1x1x8xf32>) -> tensor<1x1x5xf32>
  return %0 : tensor<1x1x5xf32>
}

// -----

// ceil_mode: 7 with kernel 2, stride 2 gives 4 (3 without).
func.func @avg_pool_ceil(%x: tensor<1x1x7xf32>) -> tensor<1x1x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.avg_pool1d.default' applies: result dim 2 is declared 3 but pooling 7 with kernel 2, stride 2, padding 0, dilation 1 (ceil_mode) gives 4}}
  %0 = aten.call "aten.avg_pool1d.default"(self: %x) {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 0>, ceil_mode = true, count_include_pad = true} : (tensor<1x1x7xf32>) -> tensor<1x1x3xf32>
  return %0 : tensor<1x1x3xf32>
}

// -----

// Consistent but too big to tabulate: 2^27 outputs of windows up to 2 wide.
func.func @adaptive_table(%x: tensor<1x4xf32>) -> tensor<1x134217728xf32> {
  // expected-error @+1 {{no decomposition of 'aten.adaptive_avg_pool1d.default' applies: pooling windows of sizes [134217728, 2] needs more than 67108864 table entries (pt2c's limit)}}
  %0 = aten.call "aten.adaptive_avg_pool1d.default"(self: %x) {output_size = array<i64: 134217728>} : (tensor<1x4xf32>) -> tensor<1x134217728xf32>
  return %0 : tensor<1x134217728xf32>
}
