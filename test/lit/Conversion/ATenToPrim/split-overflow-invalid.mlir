// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics

// A split size near 2^63 no longer overflows the chunks' bounds (start =
// i * size, end = start + size, now in 128 bits and clamped to the dim):
// the node is refused because its declared results contradict its
// arguments. Found by pt2c-fuzz-compile (2026-11-27, 31,485 executions
// into run 14; UndefinedBehaviorSanitizer: "9223372036854775806 +
// 4611686018427387903 cannot be represented" in split, Shape.cpp): the
// attention_block fixture with its split's split_size edited to 2^62 - 1.
// (Without the fix the sanitized suite's UBSan fails this test.)

func.func @split(%x: tensor<2x10xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>) {
  // expected-error @+1 {{no decomposition of 'aten.split.Tensor' applies: result 0 is declared 'tensor<2x4xf32>' but its arguments give 'tensor<2x10xf32>'}}
  %0:3 = aten.call "aten.split.Tensor"(self: %x) {dim = -1 : i64, split_size = 4611686018427387903 : i64} : (tensor<2x10xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>
}
