// RUN: %pt2c-opt %s --split-input-file --pt2c-decompose-aten -verify-diagnostics

// Issue #18: empty dims and operands whose sizes disagree with the result
// the decomposition sizes everything from. Each case crashed the pt2c-opt
// of 51cfe4f (rc as noted).

// group_norm declared with a batch of 0: the group size divided by it
// (SIGFPE, rc 136).
func.func @group_norm_empty_batch(%a0: tensor<2x8x4x4xf32>, %a1: tensor<8xf32>, %a2: tensor<8xf32>) -> tensor<0x8x4x4xf32> {
  // expected-error @+1 {{no decomposition of 'aten.group_norm.default' applies}}
  %r = aten.call "aten.group_norm.default"(input: %a0, weight: %a1, bias: %a2) {cudnn_enabled = false, eps = 1.000000e-05 : f64, num_groups = 4 : i64} : (tensor<2x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<0x8x4x4xf32>
  return %r : tensor<0x8x4x4xf32>
}

// -----

// The same through native_group_norm (SIGFPE, rc 136).
func.func @native_group_norm_empty_batch(%a0: tensor<2x4x5xbf16>, %a1: tensor<4xbf16>, %a2: tensor<4xbf16>) -> (tensor<0x4x5xbf16>, tensor<2x2xbf16>, tensor<2x2xbf16>) {
  // expected-error @+1 {{no decomposition of 'aten.native_group_norm.default' applies}}
  %r:3 = aten.call "aten.native_group_norm.default"(input: %a0, weight: %a1, bias: %a2) {N = 2 : i64, C = 4 : i64, HxW = 5 : i64, group = 2 : i64, eps = 1.0e-05 : f64} : (tensor<2x4x5xbf16>, tensor<4xbf16>, tensor<4xbf16>) -> (tensor<0x4x5xbf16>, tensor<2x2xbf16>, tensor<2x2xbf16>)
  return %r#0, %r#1, %r#2 : tensor<0x4x5xbf16>, tensor<2x2xbf16>, tensor<2x2xbf16>
}

// -----

// grid_sampler with a grid of batch 0 under a result of batch 1: nothing
// was built to weigh, and the null was read (SIGSEGV, rc 139).
func.func @grid_sampler_grid_batch(%a0: tensor<1x2x4x5xf32>, %a1: tensor<0x3x3x2xf32>) -> tensor<1x2x3x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.grid_sampler_2d.default' applies}}
  %r = aten.call "aten.grid_sampler_2d.default"(input: %a0, grid: %a1) {interpolation_mode = 2 : i64, padding_mode = 0 : i64, align_corners = true} : (tensor<1x2x4x5xf32>, tensor<0x3x3x2xf32>) -> tensor<1x2x3x3xf32>
  return %r : tensor<1x2x3x3xf32>
}

// -----

// adaptive_avg_pool2d of an input with an empty spatial dim (torch
// refuses it; SIGSEGV, rc 139: the windows were empty).
func.func @adaptive_avg_pool2d_empty_dim(%a0: tensor<?x3x4x0xf16>) -> tensor<?x3x2x1xf16> {
  // expected-error @+1 {{no decomposition of 'aten.adaptive_avg_pool2d.default' applies}}
  %r = aten.call "aten.adaptive_avg_pool2d.default"(self: %a0) {output_size = array<i64: 2, 1>} : (tensor<?x3x4x0xf16>) -> tensor<?x3x2x1xf16>
  return %r : tensor<?x3x2x1xf16>
}

// -----

// grid_sampler of an int64 input under a float result: the plane gathered
// from the input no longer converted to the result's type (the check this
// branch's verified explicit-type builds added made it null, then read:
// SIGSEGV, found by tools/mutate_decompositions.py); torch wants one dtype.
func.func @grid_sampler_input_dtype(%a0: tensor<1x2x4x5xi64>, %a1: tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32> {
  // expected-error @+1 {{no decomposition of 'aten.grid_sampler_2d.default' applies}}
  %r = aten.call "aten.grid_sampler_2d.default"(input: %a0, grid: %a1) {interpolation_mode = 1 : i64, padding_mode = 1 : i64, align_corners = true} : (tensor<1x2x4x5xi64>, tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32>
  return %r : tensor<1x2x3x3xf32>
}
