// Resampling cases outside what is decomposed are refused, never guessed.
// RUN: %pt2c-opt %s --pt2c-decompose-aten -verify-diagnostics -split-input-file

// Bicubic sampling of a volume (torch refuses it too).
func.func @grid_volume_bicubic(%x: tensor<1x1x2x2x2xf32>, %g: tensor<1x1x1x1x3xf32>) -> tensor<1x1x1x1x1xf32> {
  // expected-error @+1 {{no decomposition of 'aten.grid_sampler.default' applies}}
  %0 = aten.call "aten.grid_sampler.default"(input: %x, grid: %g) {interpolation_mode = 2 : i64, padding_mode = 0 : i64, align_corners = false} : (tensor<1x1x2x2x2xf32>, tensor<1x1x1x1x3xf32>) -> tensor<1x1x1x1x1xf32>
  return %0 : tensor<1x1x1x1x1xf32>
}

// -----

// Interpolation mode 3 does not exist.
func.func @grid_unknown_mode(%x: tensor<1x2x4x5xf32>, %g: tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.grid_sampler_2d.default' applies}}
  %0 = aten.call "aten.grid_sampler_2d.default"(input: %x, grid: %g) {interpolation_mode = 3 : i64, padding_mode = 0 : i64, align_corners = false} : (tensor<1x2x4x5xf32>, tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// Resizing a dynamic spatial dim would need run-time taps.
func.func @upsample_dynamic(%x: tensor<1x2x?x5xf32>) -> tensor<1x2x?x10xf32> {
  // expected-error @+1 {{no decomposition of 'aten.upsample_nearest2d.vec' applies}}
  %0 = aten.call "aten.upsample_nearest2d.vec"(input: %x) {output_size = #aten.none, scale_factors = array<f64: 2.000000e+00, 2.000000e+00>} : (tensor<1x2x?x5xf32>) -> tensor<1x2x?x10xf32>
  return %0 : tensor<1x2x?x10xf32>
}
