// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// conv1d, grouped and strided: one 1-d prim.convolution (PrimToLinalg turns
// it into a 2-d one), the bias added along the channels.
// CHECK-LABEL: func.func @conv1d
// CHECK: %[[C:.+]] = prim.convolution %arg0, %arg1, strides = [2], padding = {{\[\[}}1, 1]], rhs_dilation = [1], feature_group_count = 2 : (tensor<2x4x10xf32>, tensor<6x2x3xf32>) -> tensor<2x6x5xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %arg2, dims = [1] : tensor<6xf32> -> tensor<2x6x5xf32>
// CHECK: prim.add %[[C]], %[[BB]]
func.func @conv1d(%x: tensor<2x4x10xf32>, %w: tensor<6x2x3xf32>, %b: tensor<6xf32>) -> tensor<2x6x5xf32> {
  %0 = aten.call "aten.conv1d.default"(input: %x, weight: %w, bias: %b) {dilation = array<i64: 1>, groups = 2 : i64, padding = array<i64: 1>, stride = array<i64: 2>} : (tensor<2x4x10xf32>, tensor<6x2x3xf32>, tensor<6xf32>) -> tensor<2x6x5xf32>
  return %0 : tensor<2x6x5xf32>
}

// -----

// conv2d.padding "same": the kernel span dilation * (k - 1) split with the
// odd element high: H 1 * 3 -> [1, 2], W 2 * 2 -> [2, 2].
// CHECK-LABEL: func.func @conv2d_same
// CHECK: prim.convolution %arg0, %arg1, strides = [1, 1], padding = {{\[\[}}1, 2], [2, 2]], rhs_dilation = [1, 2], feature_group_count = 4
func.func @conv2d_same(%x: tensor<2x4x9x8xf32>, %w: tensor<4x1x4x3xf32>) -> tensor<2x4x9x8xf32> {
  %0 = aten.call "aten.conv2d.padding"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 2>, groups = 4 : i64, padding = "same", stride = array<i64: 1, 1>} : (tensor<2x4x9x8xf32>, tensor<4x1x4x3xf32>) -> tensor<2x4x9x8xf32>
  return %0 : tensor<2x4x9x8xf32>
}

// -----

// convolution(transposed=true, groups=2): the weight [Cin, Cout/g, k...] split
// per group, its channel roles swapped per group, merged to [Cout, Cin/g,
// k...] and flipped; the input dilated by the stride, padded by the kernel
// span (2) minus padding (1).
// CHECK-LABEL: func.func @conv_transpose_grouped
// CHECK: %[[S:.+]] = prim.reshape %arg1 : tensor<4x2x3x3xf32> -> tensor<2x2x2x3x3xf32>
// CHECK: %[[T:.+]] = prim.transpose %[[S]], permutation = [0, 2, 1, 3, 4]
// CHECK: %[[M:.+]] = prim.reshape %[[T]] : tensor<2x2x2x3x3xf32> -> tensor<4x2x3x3xf32>
// CHECK: %[[F:.+]] = prim.reverse %[[M]], dims = [2, 3]
// CHECK: prim.convolution %arg0, %[[F]], strides = [1, 1], padding = {{\[\[}}1, 1], [1, 1]], lhs_dilation = [2, 2], rhs_dilation = [1, 1], feature_group_count = 2
func.func @conv_transpose_grouped(%x: tensor<1x4x5x6xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x9x11xf32> {
  %0 = aten.call "aten.convolution.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>, transposed = true, output_padding = array<i64: 0, 0>} : (tensor<1x4x5x6xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x9x11xf32>
  return %0 : tensor<1x4x9x11xf32>
}

// -----

// native_group_norm on bfloat16: statistics in f32 over each (sample, group)
// of 2 channels x 5, and mean/rstd [N, group] returned rounded to bf16.
// CHECK-LABEL: func.func @native_group_norm
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<2x4x5xbf16> -> tensor<2x4x5xf32>
// CHECK: %[[G:.+]] = prim.reshape %[[X]] : tensor<2x4x5xf32> -> tensor<2x2x10xf32>
// CHECK: %[[SUM:.+]] = prim.reduce sum %[[G]], dims = [2]
// CHECK: %[[SUMK:.+]] = prim.reshape %[[SUM]] : tensor<2x2xf32> -> tensor<2x2x1xf32>
// CHECK: %[[MEAN:.+]] = prim.mul %[[SUMK]], %{{.+}} : tensor<2x2x1xf32>
// CHECK: %[[RSTD:.+]] = prim.rsqrt %{{.+}} : tensor<2x2x1xf32>
// CHECK: %[[Y:.+]] = prim.convert %{{.+}} : tensor<2x4x5xf32> -> tensor<2x4x5xbf16>
// CHECK: %[[M2:.+]] = prim.reshape %[[MEAN]] : tensor<2x2x1xf32> -> tensor<2x2xf32>
// CHECK: %[[M:.+]] = prim.convert %[[M2]] : tensor<2x2xf32> -> tensor<2x2xbf16>
// CHECK: %[[R2:.+]] = prim.reshape %[[RSTD]] : tensor<2x2x1xf32> -> tensor<2x2xf32>
// CHECK: %[[R:.+]] = prim.convert %[[R2]] : tensor<2x2xf32> -> tensor<2x2xbf16>
// CHECK: return %[[Y]], %[[M]], %[[R]]
func.func @native_group_norm(%x: tensor<2x4x5xbf16>, %w: tensor<4xbf16>, %b: tensor<4xbf16>) -> (tensor<2x4x5xbf16>, tensor<2x2xbf16>, tensor<2x2xbf16>) {
  %0:3 = aten.call "aten.native_group_norm.default"(input: %x, weight: %w, bias: %b) {N = 2 : i64, C = 4 : i64, HxW = 5 : i64, group = 2 : i64, eps = 1.0e-05 : f64} : (tensor<2x4x5xbf16>, tensor<4xbf16>, tensor<4xbf16>) -> (tensor<2x4x5xbf16>, tensor<2x2xbf16>, tensor<2x2xbf16>)
  return %0#0, %0#1, %0#2 : tensor<2x4x5xbf16>, tensor<2x2xbf16>, tensor<2x2xbf16>
}

// -----

// _native_batch_norm_legit.no_stats (training): the batch's mean and biased
// variance over every dim but the channels, returned as save_mean/save_rstd.
// CHECK-LABEL: func.func @batch_norm_no_stats
// CHECK-DAG: %[[EPS:.+]] = prim.constant dense<9.99999974E-6> : tensor<1x4x1xf32>
// CHECK-DAG: %[[INV:.+]] = prim.constant dense<1.000000e-01> : tensor<1x4x1xf32>
// CHECK: %[[SUM:.+]] = prim.reduce sum %arg0, dims = [0, 2] : tensor<2x4x5xf32> -> tensor<4xf32>
// CHECK: %[[SUMK:.+]] = prim.reshape %[[SUM]] : tensor<4xf32> -> tensor<1x4x1xf32>
// CHECK: %[[MEAN:.+]] = prim.mul %[[SUMK]], %[[INV]]
// CHECK: %[[C:.+]] = prim.sub %arg0, %{{.+}}
// CHECK: %[[SQ:.+]] = prim.mul %[[C]], %[[C]]
// CHECK: %[[VSUM:.+]] = prim.reduce sum %[[SQ]], dims = [0, 2]
// CHECK: %[[VSUMK:.+]] = prim.reshape %[[VSUM]] : tensor<4xf32> -> tensor<1x4x1xf32>
// CHECK: %[[VAR:.+]] = prim.mul %[[VSUMK]], %[[INV]]
// CHECK: %[[VE:.+]] = prim.add %[[VAR]], %[[EPS]]
// CHECK: %[[RSTD:.+]] = prim.rsqrt %[[VE]]
// CHECK: %[[Y:.+]] = prim.mul %[[C]], %{{.+}}
// CHECK: %[[SM:.+]] = prim.reshape %[[MEAN]] : tensor<1x4x1xf32> -> tensor<4xf32>
// CHECK: %[[SR:.+]] = prim.reshape %[[RSTD]] : tensor<1x4x1xf32> -> tensor<4xf32>
// CHECK: return %[[Y]], %[[SM]], %[[SR]]
func.func @batch_norm_no_stats(%x: tensor<2x4x5xf32>) -> (tensor<2x4x5xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0:3 = aten.call "aten._native_batch_norm_legit.no_stats"(input: %x) {weight = #aten.none, bias = #aten.none, training = true, momentum = 1.0e-01 : f64, eps = 1.0e-05 : f64} : (tensor<2x4x5xf32>) -> (tensor<2x4x5xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x4x5xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// conv2d of one unbatched sample [C, H, W] (one dim fewer than the weight):
// computed as a batch of one, the batch dropped again after the bias.
// CHECK-LABEL: func.func @conv2d_unbatched
// CHECK: %[[X:.+]] = prim.reshape %arg0 : tensor<3x8x7xf32> -> tensor<1x3x8x7xf32>
// CHECK: %[[C:.+]] = prim.convolution %[[X]], %arg1, strides = [1, 2], padding = {{\[\[}}1, 1], [0, 0]], rhs_dilation = [1, 2], feature_group_count = 1 : (tensor<1x3x8x7xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x2xf32>
// CHECK: %[[B:.+]] = prim.add %[[C]], %{{.+}} : tensor<1x4x8x2xf32>
// CHECK: %[[R:.+]] = prim.reshape %[[B]] : tensor<1x4x8x2xf32> -> tensor<4x8x2xf32>
// CHECK: return %[[R]]
func.func @conv2d_unbatched(%x: tensor<3x8x7xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<4x8x2xf32> {
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w, bias: %b) {dilation = array<i64: 1, 2>, groups = 1 : i64, padding = array<i64: 1, 0>, stride = array<i64: 1, 2>} : (tensor<3x8x7xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<4x8x2xf32>
  return %0 : tensor<4x8x2xf32>
}

// -----

// conv_transpose1d of one unbatched sample [Cin, L]: the flipped, swapped
// weight as for a batch, the input reshaped to a batch of one and back.
// CHECK-LABEL: func.func @conv_transpose1d_unbatched
// CHECK: %[[W:.+]] = prim.reverse %{{.+}}, dims = [2] : tensor<3x4x3xf32>
// CHECK: %[[X:.+]] = prim.reshape %arg0 : tensor<4x7xf32> -> tensor<1x4x7xf32>
// CHECK: %[[C:.+]] = prim.convolution %[[X]], %[[W]], strides = [1], padding = {{\[\[}}1, 2]], lhs_dilation = [2], rhs_dilation = [1], feature_group_count = 1 : (tensor<1x4x7xf32>, tensor<3x4x3xf32>) -> tensor<1x3x14xf32>
// CHECK: %[[R:.+]] = prim.reshape %[[C]] : tensor<1x3x14xf32> -> tensor<3x14xf32>
// CHECK: return %[[R]]
func.func @conv_transpose1d_unbatched(%x: tensor<4x7xf32>, %w: tensor<4x3x3xf32>) -> tensor<3x14xf32> {
  %0 = aten.call "aten.conv_transpose1d.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1>, groups = 1 : i64, output_padding = array<i64: 1>, padding = array<i64: 1>, stride = array<i64: 2>} : (tensor<4x7xf32>, tensor<4x3x3xf32>) -> tensor<3x14xf32>
  return %0 : tensor<3x14xf32>
}

// -----

// convolution(transposed=true) in 3-d with groups 2: the same weight
// rearrangement with three spatial dims flipped; the stride becomes
// lhs_dilation on all three (PrimToLinalg handles the depth one).
// CHECK-LABEL: func.func @conv_transpose3d_grouped
// CHECK: prim.reshape %arg1 : tensor<4x3x2x3x3xf32> -> tensor<2x2x3x2x3x3xf32>
// CHECK: prim.transpose %{{.+}}, permutation = [0, 2, 1, 3, 4, 5]
// CHECK: %[[W:.+]] = prim.reverse %{{.+}}, dims = [2, 3, 4] : tensor<6x2x2x3x3xf32>
// CHECK: prim.convolution %arg0, %[[W]], strides = [1, 1, 1], padding = {{\[\[}}1, 1], [1, 2], [1, 2]], lhs_dilation = [2, 2, 2], rhs_dilation = [1, 1, 1], feature_group_count = 2 : (tensor<1x4x3x4x5xf32>, tensor<6x2x2x3x3xf32>) -> tensor<1x6x6x8x10xf32>
func.func @conv_transpose3d_grouped(%x: tensor<1x4x3x4x5xf32>, %w: tensor<4x3x2x3x3xf32>) -> tensor<1x6x6x8x10xf32> {
  %0 = aten.call "aten.convolution.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 1, 1>, groups = 2 : i64, padding = array<i64: 0, 1, 1>, stride = array<i64: 2, 2, 2>, transposed = true, output_padding = array<i64: 0, 1, 1>} : (tensor<1x4x3x4x5xf32>, tensor<4x3x2x3x3xf32>) -> tensor<1x6x6x8x10xf32>
  return %0 : tensor<1x6x6x8x10xf32>
}
