// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// Decompositions that tabulate source indices on the host (padding by
// gather, resize, as_strided, diagonals) check the declared sizes against
// the node first and refuse tables over 2^26 entries. Found by
// pt2c-fuzz-compile (2026-11-27, a timeout): the core corpus's pad_core-f32
// with select_2's sizes edited to [?, 1099511627776] (2^40) and
// reflection_pad1d's padding to [2, 1]: the decomposition of that pad
// looped over 2^40 positions (over 30 s; for good).

// The finding, minimized: reflect-padding a declared dim of 2^40.
func.func @reflect_huge(%x: tensor<2x1099511627776xf32>) -> tensor<2x1099511627779xf32> {
  // expected-error @+1 {{no decomposition of 'aten.reflection_pad1d.default' applies: padding indices of sizes [67108865] needs more than 67108864 table entries (pt2c's limit)}}
  %0 = aten.call "aten.reflection_pad1d.default"(self: %x) {padding = array<i64: 2, 1>} : (tensor<2x1099511627776xf32>) -> tensor<2x1099511627779xf32>
  return %0 : tensor<2x1099511627779xf32>
}

// -----

// replicate with a pad of 2^40: the same loop, from the argument.
func.func @replicate_huge_pad(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x1099511627780xf32> {
  // expected-error @+1 {{no decomposition of 'aten.replication_pad2d.default' applies: padding indices of sizes [67108865] needs more than 67108864 table entries (pt2c's limit)}}
  %0 = aten.call "aten.replication_pad2d.default"(self: %x) {padding = array<i64: 0, 1099511627776, 0, 0>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x1099511627780xf32>
  return %0 : tensor<1x2x4x1099511627780xf32>
}

// -----

// A declared padded size that is not the input's plus its pads.
func.func @pad_declared(%x: tensor<2x6xf32>) -> tensor<2x99xf32> {
  // expected-error @+1 {{no decomposition of 'aten.reflection_pad1d.default' applies: result dim 1 is declared 99 but padding 6 by (2, 1) gives 9}}
  %0 = aten.call "aten.reflection_pad1d.default"(self: %x) {padding = array<i64: 2, 1>} : (tensor<2x6xf32>) -> tensor<2x99xf32>
  return %0 : tensor<2x99xf32>
}

// -----

// Resize to a declared 2^40 wide output.
func.func @resize_huge(%x: tensor<1x1x4xf32>) -> tensor<1x1x1099511627776xf32> {
  // expected-error @+1 {{no decomposition of 'aten.upsample_nearest1d.vec' applies: resize source indices of sizes [1099511627776, 4] needs more than 67108864 table entries (pt2c's limit)}}
  %0 = aten.call "aten.upsample_nearest1d.vec"(input: %x) {output_size = array<i64: 1099511627776>, scale_factors = #aten.none} : (tensor<1x1x4xf32>) -> tensor<1x1x1099511627776xf32>
  return %0 : tensor<1x1x1099511627776xf32>
}

// -----

// as_strided to a view of 2^40 elements.
func.func @as_strided_huge(%x: tensor<4xf32>) -> tensor<1099511627776xf32> {
  // expected-error @+1 {{no decomposition of 'aten.as_strided.default' applies: as_strided's indices of sizes [1099511627776] needs more than 67108864 table entries (pt2c's limit)}}
  %0 = aten.call "aten.as_strided.default"(self: %x) {size = array<i64: 1099511627776>, stride = array<i64: 0>, storage_offset = 0 : i64} : (tensor<4xf32>) -> tensor<1099511627776xf32>
  return %0 : tensor<1099511627776xf32>
}

// -----

// slice_scatter tabulates a position per element of its dim: a result dim
// declared 2^31 asked for 16 GiB. Found by pt2c-fuzz-compile (2026-11-27,
// 28,935 executions into run 12, out of memory): the shape corpus's
// slice_scatter-f32 with the result's dim 1 declared 2147483648.
func.func @slice_scatter(%x: tensor<2x4x6xf32>, %s: tensor<2x2x6xf32>) -> tensor<2x2147483648x6xf32> {
  // expected-error @+1 {{slice_scatter positions of sizes [2147483648] needs more than 67108864 table entries (pt2c's limit)}}
  %0 = aten.call "aten.slice_scatter.default"(self: %x, src: %s) {dim = 1 : i64, start = -1 : i64, end = 3 : i64, step = 1 : i64} : (tensor<2x4x6xf32>, tensor<2x2x6xf32>) -> tensor<2x2147483648x6xf32>
  return %0 : tensor<2x2147483648x6xf32>
}
