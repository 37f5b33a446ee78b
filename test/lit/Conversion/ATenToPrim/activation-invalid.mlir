// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics

// An activation keeps its input's shape: a declared result of another
// shape (here a dynamic dim the static input cannot size) is refused at
// the op. It used to leave gelu's constants unsized (a null value) and
// crash the compiler.
func.func @gelu_result_shape(%x: tensor<4x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{no decomposition of 'aten.gelu.default' applies}}
  %0 = aten.call "aten.gelu.default"(self: %x) {approximate = "none"} : (tensor<4x8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

func.func @relu_result_shape(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.relu.default' applies}}
  %0 = aten.call "aten.relu.default"(self: %x) : (tensor<4x8xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
