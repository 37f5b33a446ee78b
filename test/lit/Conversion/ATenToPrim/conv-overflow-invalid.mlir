// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics

// A window whose dilated extent passes int64 is refused at the node, not
// computed with a signed overflow. Found by pt2c-fuzz-compile
// (2026-11-27, 8,563 executions in; UndefinedBehaviorSanitizer: "4 *
// 4611686018427387903 cannot be represented in type 'int64_t'" in
// windowedSize, PrimTypeInference.cpp): mobilenet_v3_small's 5x5
// depthwise convolution (features.9) with its `dilation` edited to
// [4611686018427387903, 1].

func.func @dilation(%x: tensor<1x4x8x8xf32>, %w: tensor<4x1x5x5xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{C6: kernel size 5 (dilation 4611686018427387903) does not fit in spatial dim 0 of size 8 padded by 2 and 2 (the extent overflows int64)}}
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 4611686018427387903, 1>, groups = 4 : i64, padding = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>, tensor<4x1x5x5xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// Padding past int64 overflows as well.
func.func @padding(%x: tensor<1x4x8x8xf32>, %w: tensor<4x1x5x5xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{C6: kernel size 5 (dilation 1) does not fit in spatial dim 0 of size 8 padded by 9223372036854775807 and 9223372036854775807 (the extent overflows int64)}}
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 1>, groups = 4 : i64, padding = array<i64: 9223372036854775807, 2>, stride = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>, tensor<4x1x5x5xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// padding="same" computes dilation x (kernel - 1): past int64 the node is
// refused too.
func.func @same(%x: tensor<1x4x8x8xf32>, %w: tensor<4x1x5x5xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{no decomposition of 'aten.conv2d.padding' applies}}
  %0 = aten.call "aten.conv2d.padding"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 4611686018427387903, 1>, groups = 4 : i64, padding = "same", stride = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x1x5x5xf32>) -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}
