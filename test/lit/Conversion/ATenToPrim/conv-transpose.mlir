// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// conv_transpose2d(x, w [Cin 16, Cout 8, 3, 3], stride 2, padding 1,
// output_padding 1) = a stride-1 convolution of x dilated by the stride
// (lhs_dilation 2) with w transposed to [Cout, Cin] and flipped in both
// spatial dims; padding per dim lo = 1*(3-1) - 1 = 1, hi = lo + 1 = 2;
// output (5-1)*2 - 2 + 2 + 1 + 1 = 10; then the bias along dim 1.
// CHECK-LABEL: func.func @conv_transpose2d
// CHECK-SAME: (%[[X:.+]]: tensor<1x16x5x5xf32>, %[[W:.+]]: tensor<16x8x3x3xf32>, %[[B:.+]]: tensor<8xf32>)
// CHECK: %[[WT:.+]] = prim.transpose %[[W]], permutation = [1, 0, 2, 3] : tensor<16x8x3x3xf32> -> tensor<8x16x3x3xf32>
// CHECK: %[[WF:.+]] = prim.reverse %[[WT]], dims = [2, 3] : tensor<8x16x3x3xf32>
// CHECK: %[[C:.+]] = prim.convolution %[[X]], %[[WF]], strides = [1, 1], padding = {{\[\[}}1, 2], [1, 2]], lhs_dilation = [2, 2], rhs_dilation = [1, 1], feature_group_count = 1 : (tensor<1x16x5x5xf32>, tensor<8x16x3x3xf32>) -> tensor<1x8x10x10xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [1] : tensor<8xf32> -> tensor<1x8x10x10xf32>
// CHECK: %[[R:.+]] = prim.add %[[C]], %[[BB]] : tensor<1x8x10x10xf32>
// CHECK: return %[[R]]
func.func @conv_transpose2d(%x: tensor<1x16x5x5xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x10x10xf32> {
  %0 = aten.call "aten.conv_transpose2d.input"(input: %x, weight: %w, bias: %b) {dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 1, 1>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x16x5x5xf32>, tensor<16x8x3x3xf32>, tensor<8xf32>) -> tensor<1x8x10x10xf32>
  return %0 : tensor<1x8x10x10xf32>
}

// -----

// conv_transpose2d with a 2x2 kernel, stride 2, no padding, no bias: padding
// lo = hi = 1*(2-1) - 0 = 1, output (16-1)*2 + 2 = 32; no add.
// CHECK-LABEL: func.func @conv_transpose2d_no_bias
// CHECK-SAME: (%[[X:.+]]: tensor<1x16x16x16xf32>, %[[W:.+]]: tensor<16x8x2x2xf32>)
// CHECK: %[[WT:.+]] = prim.transpose %[[W]], permutation = [1, 0, 2, 3] : tensor<16x8x2x2xf32> -> tensor<8x16x2x2xf32>
// CHECK: %[[WF:.+]] = prim.reverse %[[WT]], dims = [2, 3] : tensor<8x16x2x2xf32>
// CHECK: %[[C:.+]] = prim.convolution %[[X]], %[[WF]], strides = [1, 1], padding = {{\[\[}}1, 1], [1, 1]], lhs_dilation = [2, 2], rhs_dilation = [1, 1], feature_group_count = 1 : (tensor<1x16x16x16xf32>, tensor<8x16x2x2xf32>) -> tensor<1x8x32x32xf32>
// CHECK-NOT: prim.add
// CHECK: return %[[C]]
func.func @conv_transpose2d_no_bias(%x: tensor<1x16x16x16xf32>, %w: tensor<16x8x2x2xf32>) -> tensor<1x8x32x32xf32> {
  %0 = aten.call "aten.conv_transpose2d.input"(input: %x, weight: %w) {bias = #aten.none, dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x16x16x16xf32>, tensor<16x8x2x2xf32>) -> tensor<1x8x32x32xf32>
  return %0 : tensor<1x8x32x32xf32>
}

// -----

// group_norm(x [2, 8, 4, 4], 4 groups): x viewed as [N 2, G 4, 2*4*4 = 32];
// mean and biased variance over dim 2 (times 1/32), y = (x - mean) *
// rsqrt(var + 1e-5), reshaped back, then w and b per channel (dim 1).
// CHECK-LABEL: func.func @group_norm
// CHECK-SAME: (%[[X:.+]]: tensor<2x8x4x4xf32>, %[[W:.+]]: tensor<8xf32>, %[[B:.+]]: tensor<8xf32>)
// CHECK-DAG: %[[EPS:.+]] = prim.constant dense<9.99999974E-6> : tensor<2x4x1xf32>
// CHECK-DAG: %[[INV:.+]] = prim.constant dense<3.125000e-02> : tensor<2x4x1xf32>
// CHECK: %[[G:.+]] = prim.reshape %[[X]] : tensor<2x8x4x4xf32> -> tensor<2x4x32xf32>
// CHECK: %[[S:.+]] = prim.reduce sum %[[G]], dims = [2] : tensor<2x4x32xf32> -> tensor<2x4xf32>
// CHECK: %[[SK:.+]] = prim.reshape %[[S]] : tensor<2x4xf32> -> tensor<2x4x1xf32>
// CHECK: %[[MEAN:.+]] = prim.mul %[[SK]], %[[INV]] : tensor<2x4x1xf32>
// CHECK: %[[MEANB:.+]] = prim.broadcast_in_dim %[[MEAN]], dims = [0, 1, 2] : tensor<2x4x1xf32> -> tensor<2x4x32xf32>
// CHECK: %[[C:.+]] = prim.sub %[[G]], %[[MEANB]] : tensor<2x4x32xf32>
// CHECK: %[[SQ:.+]] = prim.mul %[[C]], %[[C]] : tensor<2x4x32xf32>
// CHECK: %[[SS:.+]] = prim.reduce sum %[[SQ]], dims = [2] : tensor<2x4x32xf32> -> tensor<2x4xf32>
// CHECK: %[[SSK:.+]] = prim.reshape %[[SS]] : tensor<2x4xf32> -> tensor<2x4x1xf32>
// CHECK: %[[VAR:.+]] = prim.mul %[[SSK]], %[[INV]] : tensor<2x4x1xf32>
// CHECK: %[[VE:.+]] = prim.add %[[VAR]], %[[EPS]] : tensor<2x4x1xf32>
// CHECK: %[[RSTD:.+]] = prim.rsqrt %[[VE]] : tensor<2x4x1xf32>
// CHECK: %[[RSTDB:.+]] = prim.broadcast_in_dim %[[RSTD]], dims = [0, 1, 2] : tensor<2x4x1xf32> -> tensor<2x4x32xf32>
// CHECK: %[[N:.+]] = prim.mul %[[C]], %[[RSTDB]] : tensor<2x4x32xf32>
// CHECK: %[[Y:.+]] = prim.reshape %[[N]] : tensor<2x4x32xf32> -> tensor<2x8x4x4xf32>
// CHECK: %[[WB:.+]] = prim.broadcast_in_dim %[[W]], dims = [1] : tensor<8xf32> -> tensor<2x8x4x4xf32>
// CHECK: %[[YW:.+]] = prim.mul %[[Y]], %[[WB]] : tensor<2x8x4x4xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [1] : tensor<8xf32> -> tensor<2x8x4x4xf32>
// CHECK: %[[R:.+]] = prim.add %[[YW]], %[[BB]] : tensor<2x8x4x4xf32>
// CHECK: return %[[R]]
func.func @group_norm(%x: tensor<2x8x4x4xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x8x4x4xf32> {
  %0 = aten.call "aten.group_norm.default"(input: %x, weight: %w, bias: %b) {cudnn_enabled = false, eps = 1.000000e-05 : f64, num_groups = 4 : i64} : (tensor<2x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x4x4xf32>
  return %0 : tensor<2x8x4x4xf32>
}

// -----

// bfloat16 group_norm: statistics and the affine in float32 (as torch's
// kernel), weight and bias widened, one rounding at the end.
// CHECK-LABEL: func.func @group_norm_bf16
// CHECK-SAME: (%[[X:.+]]: tensor<1x4x2xbf16>, %[[W:.+]]: tensor<4xbf16>, %[[B:.+]]: tensor<4xbf16>)
// CHECK: %[[X32:.+]] = prim.convert %[[X]] : tensor<1x4x2xbf16> -> tensor<1x4x2xf32>
// CHECK: %[[G:.+]] = prim.reshape %[[X32]] : tensor<1x4x2xf32> -> tensor<1x2x4xf32>
// CHECK: prim.reduce sum %[[G]], dims = [2] : tensor<1x2x4xf32> -> tensor<1x2xf32>
// CHECK: %[[Y:.+]] = prim.reshape %{{.+}} : tensor<1x2x4xf32> -> tensor<1x4x2xf32>
// CHECK: %[[W32:.+]] = prim.convert %[[W]] : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[WB:.+]] = prim.broadcast_in_dim %[[W32]], dims = [1] : tensor<4xf32> -> tensor<1x4x2xf32>
// CHECK: %[[YW:.+]] = prim.mul %[[Y]], %[[WB]] : tensor<1x4x2xf32>
// CHECK: %[[B32:.+]] = prim.convert %[[B]] : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B32]], dims = [1] : tensor<4xf32> -> tensor<1x4x2xf32>
// CHECK: %[[YB:.+]] = prim.add %[[YW]], %[[BB]] : tensor<1x4x2xf32>
// CHECK: %[[R:.+]] = prim.convert %[[YB]] : tensor<1x4x2xf32> -> tensor<1x4x2xbf16>
// CHECK: return %[[R]]
func.func @group_norm_bf16(%x: tensor<1x4x2xbf16>, %w: tensor<4xbf16>, %b: tensor<4xbf16>) -> tensor<1x4x2xbf16> {
  %0 = aten.call "aten.group_norm.default"(input: %x, weight: %w, bias: %b) {cudnn_enabled = false, eps = 1.000000e-05 : f64, num_groups = 2 : i64} : (tensor<1x4x2xbf16>, tensor<4xbf16>, tensor<4xbf16>) -> tensor<1x4x2xbf16>
  return %0 : tensor<1x4x2xbf16>
}
