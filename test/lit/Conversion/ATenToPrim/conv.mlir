// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// conv2d(x, w, b, stride 2, padding 1): one convolution with symmetric
// padding [lo, hi] = [1, 1] per spatial dim, then the bias added along the
// channel dim 1.
// CHECK-LABEL: func.func @conv2d
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x32x32xf32>, %[[W:.+]]: tensor<16x3x3x3xf32>, %[[B:.+]]: tensor<16xf32>)
// CHECK: %[[C:.+]] = prim.convolution %[[X]], %[[W]], strides = [2, 2], padding = {{\[\[}}1, 1], [1, 1]], rhs_dilation = [1, 1], feature_group_count = 1 : (tensor<2x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<2x16x16x16xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [1] : tensor<16xf32> -> tensor<2x16x16x16xf32>
// CHECK: %[[R:.+]] = prim.add %[[C]], %[[BB]] : tensor<2x16x16x16xf32>
// CHECK: return %[[R]]
func.func @conv2d(%x: tensor<2x3x32x32xf32>, %w: tensor<16x3x3x3xf32>, %b: tensor<16xf32>) -> tensor<2x16x16x16xf32> {
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w, bias: %b) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x3x32x32xf32>, tensor<16x3x3x3xf32>, tensor<16xf32>) -> tensor<2x16x16x16xf32>
  return %0 : tensor<2x16x16x16xf32>
}

// -----

// Depthwise conv2d (groups = 8), dilation 2, no bias: the dilation is the
// kernel's (rhs_dilation), the groups the feature_group_count; no add.
// CHECK-LABEL: func.func @conv2d_depthwise_dilated
// CHECK-SAME: (%[[X:.+]]: tensor<1x8x10x12xf32>, %[[W:.+]]: tensor<8x1x3x3xf32>)
// CHECK: %[[C:.+]] = prim.convolution %[[X]], %[[W]], strides = [1, 1], padding = {{\[\[}}0, 0], [0, 0]], rhs_dilation = [2, 2], feature_group_count = 8 : (tensor<1x8x10x12xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x6x8xf32>
// CHECK-NOT: prim.add
// CHECK: return %[[C]]
func.func @conv2d_depthwise_dilated(%x: tensor<1x8x10x12xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x6x8xf32> {
  %0 = aten.call "aten.conv2d.default"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 2, 2>, groups = 8 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x10x12xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x6x8xf32>
  return %0 : tensor<1x8x6x8xf32>
}

// -----

// batch_norm in eval mode, as torch's CPU kernel: scale = w * rsqrt(var +
// 1e-3) and shift = b - mean * scale computed on the [C] statistics, then
// one multiply-add per element, y = x * scale + shift, the two vectors
// broadcast along dim 1.
// CHECK-LABEL: func.func @batch_norm
// CHECK-SAME: (%[[X:.+]]: tensor<2x4x5x5xf32>, %[[W:.+]]: tensor<4xf32>, %[[B:.+]]: tensor<4xf32>, %[[M:.+]]: tensor<4xf32>, %[[V:.+]]: tensor<4xf32>)
// CHECK: %[[EPS:.+]] = prim.constant dense<1.000000e-03> : tensor<4xf32>
// CHECK: %[[VE:.+]] = prim.add %[[V]], %[[EPS]] : tensor<4xf32>
// CHECK: %[[INV:.+]] = prim.rsqrt %[[VE]] : tensor<4xf32>
// CHECK: %[[SCALE:.+]] = prim.mul %[[INV]], %[[W]] : tensor<4xf32>
// CHECK: %[[MS:.+]] = prim.mul %[[M]], %[[SCALE]] : tensor<4xf32>
// CHECK: %[[SHIFT:.+]] = prim.sub %[[B]], %[[MS]] : tensor<4xf32>
// CHECK: %[[SB:.+]] = prim.broadcast_in_dim %[[SCALE]], dims = [1] : tensor<4xf32> -> tensor<2x4x5x5xf32>
// CHECK: %[[XS:.+]] = prim.mul %[[X]], %[[SB]] : tensor<2x4x5x5xf32>
// CHECK: %[[TB:.+]] = prim.broadcast_in_dim %[[SHIFT]], dims = [1] : tensor<4xf32> -> tensor<2x4x5x5xf32>
// CHECK: %[[R:.+]] = prim.add %[[XS]], %[[TB]] : tensor<2x4x5x5xf32>
// CHECK: return %[[R]]
func.func @batch_norm(%x: tensor<2x4x5x5xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<2x4x5x5xf32> {
  %0 = aten.call "aten.batch_norm.default"(input: %x, weight: %w, bias: %b, running_mean: %m, running_var: %v) {cudnn_enabled = false, eps = 1.000000e-03 : f64, momentum = 1.000000e-01 : f64, training = false} : (tensor<2x4x5x5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x5x5xf32>
  return %0 : tensor<2x4x5x5xf32>
}

// -----

// batch_norm with a dynamic batch and no affine: scale = rsqrt(var + eps),
// shift = -(mean * scale); the channel broadcasts are sized by x's dim 0.
// CHECK-LABEL: func.func @batch_norm_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<?x4x5x5xf32>, %[[M:.+]]: tensor<4xf32>, %[[V:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[EPS:.+]] = prim.constant dense<9.99999974E-6> : tensor<4xf32>
// CHECK: %[[VE:.+]] = prim.add %[[V]], %[[EPS]] : tensor<4xf32>
// CHECK: %[[SCALE:.+]] = prim.rsqrt %[[VE]] : tensor<4xf32>
// CHECK: %[[MS:.+]] = prim.mul %[[M]], %[[SCALE]] : tensor<4xf32>
// CHECK: %[[SHIFT:.+]] = prim.neg %[[MS]] : tensor<4xf32>
// CHECK: %[[N0:.+]] = tensor.dim %[[X]], %[[C0]]
// CHECK: %[[SB:.+]] = prim.broadcast_in_dim %[[SCALE]], dims = [1], dynamic_sizes(%[[N0]]) : tensor<4xf32> -> tensor<?x4x5x5xf32>
// CHECK: %[[XS:.+]] = prim.mul %[[X]], %[[SB]] : tensor<?x4x5x5xf32>
// CHECK: %[[N1:.+]] = tensor.dim %[[X]], %[[C0]]
// CHECK: %[[TB:.+]] = prim.broadcast_in_dim %[[SHIFT]], dims = [1], dynamic_sizes(%[[N1]]) : tensor<4xf32> -> tensor<?x4x5x5xf32>
// CHECK: %[[R:.+]] = prim.add %[[XS]], %[[TB]] : tensor<?x4x5x5xf32>
// CHECK-NEXT: return %[[R]]
func.func @batch_norm_dynamic(%x: tensor<?x4x5x5xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<?x4x5x5xf32> {
  %0 = aten.call "aten.batch_norm.default"(input: %x, running_mean: %m, running_var: %v) {bias = #aten.none, cudnn_enabled = false, eps = 1.000000e-05 : f64, momentum = 1.000000e-01 : f64, training = false, weight = #aten.none} : (tensor<?x4x5x5xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<?x4x5x5xf32>
  return %0 : tensor<?x4x5x5xf32>
}

// -----

// max_pool2d(k=2) with the default stride (= kernel): a max window
// [1, 1, 2, 2], strides [1, 1, 2, 2], no padding.
// CHECK-LABEL: func.func @max_pool2d
// CHECK-SAME: (%[[X:.+]]: tensor<2x16x32x32xf32>)
// CHECK: %[[R:.+]] = prim.reduce_window max %[[X]], window = [1, 1, 2, 2], strides = [1, 1, 2, 2], window_dilations = [1, 1, 1, 1], padding = {{\[\[}}0, 0], [0, 0], [0, 0], [0, 0]] : tensor<2x16x32x32xf32> -> tensor<2x16x16x16xf32>
// CHECK: return %[[R]]
func.func @max_pool2d(%x: tensor<2x16x32x32xf32>) -> tensor<2x16x16x16xf32> {
  %0 = aten.call "aten.max_pool2d.default"(self: %x) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64>} : (tensor<2x16x32x32xf32>) -> tensor<2x16x16x16xf32>
  return %0 : tensor<2x16x16x16xf32>
}

// -----

// max_pool2d(k=3, s=2, p=1, ceil_mode) on 8x8 gives 5x5: the windows start at
// -1, 1, 3, 5, 7, so the last one needs high padding (5-1)*2 + 3 - 8 - 1 = 2
// (low padding stays 1); padding counts as -inf for max.
// CHECK-LABEL: func.func @max_pool2d_ceil
// CHECK-SAME: (%[[X:.+]]: tensor<1x2x8x8xf32>)
// CHECK: %[[R:.+]] = prim.reduce_window max %[[X]], window = [1, 1, 3, 3], strides = [1, 1, 2, 2], window_dilations = [1, 1, 1, 1], padding = {{\[\[}}0, 0], [0, 0], [1, 2], [1, 2]] : tensor<1x2x8x8xf32> -> tensor<1x2x5x5xf32>
// CHECK: return %[[R]]
func.func @max_pool2d_ceil(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x5x5xf32> {
  %0 = aten.call "aten.max_pool2d.default"(self: %x) {ceil_mode = true, dilation = array<i64: 1, 1>, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x5x5xf32>
  return %0 : tensor<1x2x5x5xf32>
}

// -----

// An unbatched [C, H, W] max_pool2d: pooled as a batch of one.
// CHECK-LABEL: func.func @max_pool2d_unbatched
// CHECK: %[[B:.+]] = prim.reshape %arg0 : tensor<3x6x6xf32> -> tensor<1x3x6x6xf32>
// CHECK: %[[P:.+]] = prim.reduce_window max %[[B]], window = [1, 1, 2, 2], strides = [1, 1, 2, 2]
// CHECK: %[[R:.+]] = prim.reshape %[[P]] : tensor<1x3x3x3xf32> -> tensor<3x3x3xf32>
// CHECK: return %[[R]]
func.func @max_pool2d_unbatched(%x: tensor<3x6x6xf32>) -> tensor<3x3x3xf32> {
  %0 = aten.call "aten.max_pool2d.default"(self: %x) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64>} : (tensor<3x6x6xf32>) -> tensor<3x3x3xf32>
  return %0 : tensor<3x3x3xf32>
}
