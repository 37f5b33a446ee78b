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
// CHECK-DAG: %[[EPS:.+]] = prim.constant dense<9.99999974E-6> : tensor<2x4xf32>
// CHECK-DAG: %[[INV:.+]] = prim.constant dense<3.125000e-02> : tensor<2x4xf32>
// CHECK: %[[G:.+]] = prim.reshape %[[X]] : tensor<2x8x4x4xf32> -> tensor<2x4x32xf32>
// CHECK: %[[S:.+]] = prim.reduce sum %[[G]], dims = [2] : tensor<2x4x32xf32> -> tensor<2x4xf32>
// CHECK: %[[MEAN:.+]] = prim.mul %[[S]], %[[INV]] : tensor<2x4xf32>
// CHECK: %[[MEANB:.+]] = prim.broadcast_in_dim %[[MEAN]], dims = [0, 1] : tensor<2x4xf32> -> tensor<2x4x32xf32>
// CHECK: %[[C:.+]] = prim.sub %[[G]], %[[MEANB]] : tensor<2x4x32xf32>
// CHECK: %[[SQ:.+]] = prim.mul %[[C]], %[[C]] : tensor<2x4x32xf32>
// CHECK: %[[SS:.+]] = prim.reduce sum %[[SQ]], dims = [2] : tensor<2x4x32xf32> -> tensor<2x4xf32>
// CHECK: %[[VAR:.+]] = prim.mul %[[SS]], %[[INV]] : tensor<2x4xf32>
// CHECK: %[[VE:.+]] = prim.add %[[VAR]], %[[EPS]] : tensor<2x4xf32>
// CHECK: %[[RSTD:.+]] = prim.rsqrt %[[VE]] : tensor<2x4xf32>
// CHECK: %[[RSTDB:.+]] = prim.broadcast_in_dim %[[RSTD]], dims = [0, 1] : tensor<2x4xf32> -> tensor<2x4x32xf32>
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

// -----

// upsample_bilinear2d x2 (align_corners=False, scale_factors 2): separable,
// first H (2 -> 4) then W (3 -> 6). For output o the source is
// max((o + 0.5) / 2 - 0.5, 0); rows l = floor(src), h = min(l + 1, in - 1),
// y = a + t * (c - a) with a = x[l], c = x[h], t = src - l.
//   H: src = 0, .25, .75, 1.25 -> l = [0,0,0,1], h = [1,1,1,1], t = [0,.25,.75,.25]
//   W: src = 0, .25, .75, 1.25, 1.75, 2.25 -> l = [0,0,0,1,1,2], h = [1,1,1,2,2,2],
//      t = [0,.25,.75,.25,.75,.25]
// CHECK-LABEL: func.func @upsample_bilinear2d
// CHECK-SAME: (%[[X:.+]]: tensor<1x2x2x3xf32>)
// CHECK-DAG: %[[TW:.+]] = prim.constant dense<[0.000000e+00, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01]> : tensor<6xf32>
// CHECK-DAG: %[[HW:.+]] = prim.constant dense<[1, 1, 1, 2, 2, 2]> : tensor<6xi64>
// CHECK-DAG: %[[LW:.+]] = prim.constant dense<[0, 0, 0, 1, 1, 2]> : tensor<6xi64>
// CHECK-DAG: %[[TH:.+]] = prim.constant dense<[0.000000e+00, 2.500000e-01, 7.500000e-01, 2.500000e-01]> : tensor<4xf32>
// CHECK-DAG: %[[HH:.+]] = prim.constant dense<1> : tensor<4xi64>
// CHECK-DAG: %[[LH:.+]] = prim.constant dense<[0, 0, 0, 1]> : tensor<4xi64>
// CHECK: %[[A:.+]] = prim.take %[[X]], %[[LH]], dim = 2 : (tensor<1x2x2x3xf32>, tensor<4xi64>) -> tensor<1x2x4x3xf32>
// CHECK: %[[C:.+]] = prim.take %[[X]], %[[HH]], dim = 2 : (tensor<1x2x2x3xf32>, tensor<4xi64>) -> tensor<1x2x4x3xf32>
// CHECK: %[[T:.+]] = prim.broadcast_in_dim %[[TH]], dims = [2] : tensor<4xf32> -> tensor<1x2x4x3xf32>
// CHECK: %[[D:.+]] = prim.sub %[[C]], %[[A]] : tensor<1x2x4x3xf32>
// CHECK: %[[TD:.+]] = prim.mul %[[T]], %[[D]] : tensor<1x2x4x3xf32>
// CHECK: %[[Y:.+]] = prim.add %[[A]], %[[TD]] : tensor<1x2x4x3xf32>
// CHECK: %[[A2:.+]] = prim.take %[[Y]], %[[LW]], dim = 3 : (tensor<1x2x4x3xf32>, tensor<6xi64>) -> tensor<1x2x4x6xf32>
// CHECK: %[[C2:.+]] = prim.take %[[Y]], %[[HW]], dim = 3 : (tensor<1x2x4x3xf32>, tensor<6xi64>) -> tensor<1x2x4x6xf32>
// CHECK: %[[T2:.+]] = prim.broadcast_in_dim %[[TW]], dims = [3] : tensor<6xf32> -> tensor<1x2x4x6xf32>
// CHECK: %[[D2:.+]] = prim.sub %[[C2]], %[[A2]] : tensor<1x2x4x6xf32>
// CHECK: %[[TD2:.+]] = prim.mul %[[T2]], %[[D2]] : tensor<1x2x4x6xf32>
// CHECK: %[[R:.+]] = prim.add %[[A2]], %[[TD2]] : tensor<1x2x4x6xf32>
// CHECK: return %[[R]]
func.func @upsample_bilinear2d(%x: tensor<1x2x2x3xf32>) -> tensor<1x2x4x6xf32> {
  %0 = aten.call "aten.upsample_bilinear2d.vec"(input: %x) {align_corners = false, output_size = #aten.none, scale_factors = array<f64: 2.000000e+00, 2.000000e+00>} : (tensor<1x2x2x3xf32>) -> tensor<1x2x4x6xf32>
  return %0 : tensor<1x2x4x6xf32>
}

// -----

// upsample_bilinear2d with align_corners=True to [5, 2]: src = o * (in-1)/(out-1).
//   H (3 -> 5): src = 0, .5, 1, 1.5, 2 -> l = [0,0,1,1,2], h = [1,1,2,2,2], t = [0,.5,0,.5,0]
//   W (2 -> 2): src = 0, 1 -> l = [0,1], h = [1,1], t = 0 (the identity)
// CHECK-LABEL: func.func @upsample_bilinear2d_align_corners
// CHECK-SAME: (%[[X:.+]]: tensor<1x1x3x2xf32>)
// CHECK-DAG: %[[TW:.+]] = prim.constant dense<0.000000e+00> : tensor<2xf32>
// CHECK-DAG: %[[HW:.+]] = prim.constant dense<1> : tensor<2xi64>
// CHECK-DAG: %[[LW:.+]] = prim.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-DAG: %[[TH:.+]] = prim.constant dense<[0.000000e+00, 5.000000e-01, 0.000000e+00, 5.000000e-01, 0.000000e+00]> : tensor<5xf32>
// CHECK-DAG: %[[HH:.+]] = prim.constant dense<[1, 1, 2, 2, 2]> : tensor<5xi64>
// CHECK-DAG: %[[LH:.+]] = prim.constant dense<[0, 0, 1, 1, 2]> : tensor<5xi64>
// CHECK: %[[A:.+]] = prim.take %[[X]], %[[LH]], dim = 2
// CHECK: %[[C:.+]] = prim.take %[[X]], %[[HH]], dim = 2
// CHECK: %[[T:.+]] = prim.broadcast_in_dim %[[TH]], dims = [2] : tensor<5xf32> -> tensor<1x1x5x2xf32>
// CHECK: %[[D:.+]] = prim.sub %[[C]], %[[A]] : tensor<1x1x5x2xf32>
// CHECK: %[[TD:.+]] = prim.mul %[[T]], %[[D]] : tensor<1x1x5x2xf32>
// CHECK: %[[Y:.+]] = prim.add %[[A]], %[[TD]] : tensor<1x1x5x2xf32>
// CHECK: %[[A2:.+]] = prim.take %[[Y]], %[[LW]], dim = 3
// CHECK: prim.take %[[Y]], %[[HW]], dim = 3
// CHECK: prim.broadcast_in_dim %[[TW]], dims = [3] : tensor<2xf32> -> tensor<1x1x5x2xf32>
// CHECK: %[[R:.+]] = prim.add %[[A2]], %{{.+}} : tensor<1x1x5x2xf32>
// CHECK: return %[[R]]
func.func @upsample_bilinear2d_align_corners(%x: tensor<1x1x3x2xf32>) -> tensor<1x1x5x2xf32> {
  %0 = aten.call "aten.upsample_bilinear2d.vec"(input: %x) {align_corners = true, output_size = array<i64: 5, 2>, scale_factors = #aten.none} : (tensor<1x1x3x2xf32>) -> tensor<1x1x5x2xf32>
  return %0 : tensor<1x1x5x2xf32>
}
