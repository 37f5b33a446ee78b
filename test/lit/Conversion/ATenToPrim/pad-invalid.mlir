// What the pad decompositions refuse, named at the op (never a wrong
// program).
// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// circular [-1, 2] on 2 elements: one remains, two would wrap (torch
// rejects it too).
func.func @circular_overwrap(%x: tensor<1x2xf32>) -> tensor<1x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.pad.default' applies}}
  %0 = aten.call "aten.pad.default"(self: %x) {pad = array<i64: -1, 2>, mode = "circular", value = #aten.none} : (tensor<1x2xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

// reflect pads must be smaller than the dim.
func.func @reflect_too_wide(%x: tensor<1x3xf32>) -> tensor<1x6xf32> {
  // expected-error @+1 {{no decomposition of 'aten.reflection_pad1d.default' applies}}
  %0 = aten.call "aten.reflection_pad1d.default"(self: %x) {padding = array<i64: 3, 0>} : (tensor<1x3xf32>) -> tensor<1x6xf32>
  return %0 : tensor<1x6xf32>
}

// -----

// A negative pad cropping more than the dim holds (torch's narrow fails).
func.func @constant_overcrop(%x: tensor<3xf32>) -> tensor<1xf32> {
  // expected-error @+1 {{no decomposition of 'aten.constant_pad_nd.default' applies}}
  %0 = aten.call "aten.constant_pad_nd.default"(self: %x) {pad = array<i64: -4, 2>, value = 0.0 : f64} : (tensor<3xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}
