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
