// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics

// max_pool2d windows reaching past int64 are refused at the node, not
// computed with a signed overflow. Found by pt2c-fuzz-compile (2026-11-27,
// 5,633 executions into run 9; UndefinedBehaviorSanitizer: "4 *
// 4611686018427387903 cannot be represented in type 'long'" in maxPool2d,
// Conv.cpp): the pool corpus's max_pool-f32 with the second max_pool2d's
// kernel_size edited to [4611686018427387903, 2] (its stride, empty,
// defaults to the kernel).

func.func @kernel(%x: tensor<2x3x9x8xf32>) -> tensor<2x3x5x4xf32> {
  // expected-error @+1 {{max_pool2d: dim 2's windows (kernel 4611686018427387903, dilation 1, stride 4611686018427387903) reach past int64}}
  %0 = aten.call "aten.max_pool2d.default"(self: %x) {ceil_mode = true, dilation = array<i64: 1, 1>, kernel_size = array<i64: 4611686018427387903, 2>, padding = array<i64: 0, 1>, stride = array<i64>} : (tensor<2x3x9x8xf32>) -> tensor<2x3x5x4xf32>
  return %0 : tensor<2x3x5x4xf32>
}

// -----

// Through the dilation the high padding still fits int64; the window does
// not, and prim.reduce_window's inference says so.
func.func @dilation(%x: tensor<2x3x9x8xf32>) -> tensor<2x3x5x4xf32> {
  // expected-error @+1 {{C4: window size 3 (dilation 4611686018427387903) does not fit in dim 2 of size 9 padded by 1 and 9223372036854775805 (the extent overflows int64)}}
  %0 = aten.call "aten.max_pool2d.default"(self: %x) {ceil_mode = false, dilation = array<i64: 4611686018427387903, 1>, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x3x9x8xf32>) -> tensor<2x3x5x4xf32>
  return %0 : tensor<2x3x5x4xf32>
}

// -----

// col2im (fold) multiplied channels by the kernel's extent in int64. Found
// by pt2c-fuzz-compile (2026-11-27, 5,084 executions into run 13;
// UndefinedBehaviorSanitizer: "4294967296 * 1099511627776 cannot be
// represented" in col2im, Pool.cpp): the pool corpus's fold_unfold-f32
// with kernel_size [2, 2^40], stride [2^31, 1] and the result declared
// [99, 2^31, 1, 5]. Now compared in 128 bits and refused (without the fix
// the sanitized suite's UBSan, which does not recover, fails this test).
func.func @col2im(%x: tensor<1x8x16xf32>) -> tensor<99x2147483648x1x5xf32> {
  // expected-error @+1 {{no decomposition of 'aten.col2im.default' applies}}
  %0 = aten.call "aten.col2im.default"(self: %x) {output_size = array<i64: 5, 5>, kernel_size = array<i64: 2, 1099511627776>, dilation = array<i64: 1, 1>, padding = array<i64: 0, 0>, stride = array<i64: 2147483648, 1>} : (tensor<1x8x16xf32>) -> tensor<99x2147483648x1x5xf32>
  return %0 : tensor<99x2147483648x1x5xf32>
}
