// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// upsample_bilinear2d x2 (align_corners=False, scale_factors 2), separable,
// innermost dim first as torch's generic kernel nests its sums: W (3 -> 6)
// then H (2 -> 4). Output o reads src = max((o + 0.5) / 2 - 0.5, 0):
// low = floor(src) with weight 1 - t, high = min(low + 1, in - 1) with t.
//   W: src = 0 .. 2.25 -> low [0,0,0,1,1,2], high [1,1,1,2,2,2]
//   H: src = 0, .25, .75, 1.25 -> low [0,0,0,1], high 1, t [0,.25,.75,.25]
// CHECK-LABEL: func.func @upsample_bilinear2d
// CHECK-DAG: %[[TW:.+]] = prim.constant dense<[0.000000e+00, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01]> : tensor<6xf32>
// CHECK-DAG: %[[HW:.+]] = prim.constant dense<[1, 1, 1, 2, 2, 2]> : tensor<6xi64>
// CHECK-DAG: %[[UW:.+]] = prim.constant dense<[1.000000e+00, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01]> : tensor<6xf32>
// CHECK-DAG: %[[LW:.+]] = prim.constant dense<[0, 0, 0, 1, 1, 2]> : tensor<6xi64>
// CHECK-DAG: %[[TH:.+]] = prim.constant dense<[0.000000e+00, 2.500000e-01, 7.500000e-01, 2.500000e-01]> : tensor<4xf32>
// CHECK-DAG: %[[HH:.+]] = prim.constant dense<1> : tensor<4xi64>
// CHECK-DAG: %[[UH:.+]] = prim.constant dense<[1.000000e+00, 7.500000e-01, 2.500000e-01, 7.500000e-01]> : tensor<4xf32>
// CHECK-DAG: %[[LH:.+]] = prim.constant dense<[0, 0, 0, 1]> : tensor<4xi64>
// CHECK: %[[A:.+]] = prim.take %arg0, %[[LW]], dim = 3
// CHECK: %[[WA:.+]] = prim.broadcast_in_dim %[[UW]], dims = [3]
// CHECK: %[[PA:.+]] = prim.mul %[[A]], %[[WA]]
// CHECK: %[[C:.+]] = prim.take %arg0, %[[HW]], dim = 3
// CHECK: %[[WC:.+]] = prim.broadcast_in_dim %[[TW]], dims = [3]
// CHECK: %[[PC:.+]] = prim.mul %[[C]], %[[WC]]
// CHECK: %[[Y:.+]] = prim.add %[[PA]], %[[PC]] : tensor<1x2x2x6xf32>
// CHECK: prim.take %[[Y]], %[[LH]], dim = 2
// CHECK: prim.broadcast_in_dim %[[UH]], dims = [2]
// CHECK: prim.take %[[Y]], %[[HH]], dim = 2
// CHECK: prim.broadcast_in_dim %[[TH]], dims = [2]
// CHECK: prim.add %{{.+}}, %{{.+}} : tensor<1x2x4x6xf32>
func.func @upsample_bilinear2d(%x: tensor<1x2x2x3xf32>) -> tensor<1x2x4x6xf32> {
  %0 = aten.call "aten.upsample_bilinear2d.vec"(input: %x) {align_corners = false, output_size = #aten.none, scale_factors = array<f64: 2.000000e+00, 2.000000e+00>} : (tensor<1x2x2x3xf32>) -> tensor<1x2x4x6xf32>
  return %0 : tensor<1x2x4x6xf32>
}

// -----

// nearest-exact to [3, 3]: floor((o + 0.5) * in / out), no weights, and
// bf16 stays bf16 (no arithmetic).
// CHECK-LABEL: func.func @upsample_nearest_exact2d
// CHECK-DAG: %[[W:.+]] = prim.constant dense<[0, 2, 4]> : tensor<3xi64>
// CHECK-DAG: %[[H:.+]] = prim.constant dense<[0, 1, 1]> : tensor<3xi64>
// CHECK: %[[R:.+]] = prim.take %arg0, %[[W]], dim = 3
// CHECK: prim.take %[[R]], %[[H]], dim = 2 : (tensor<1x1x2x3xbf16>, tensor<3xi64>) -> tensor<1x1x3x3xbf16>
// CHECK-NOT: prim.mul
func.func @upsample_nearest_exact2d(%x: tensor<1x1x2x5xbf16>) -> tensor<1x1x3x3xbf16> {
  %0 = aten.call "aten._upsample_nearest_exact2d.vec"(input: %x) {output_size = array<i64: 3, 3>, scale_factors = #aten.none} : (tensor<1x1x2x5xbf16>) -> tensor<1x1x3x3xbf16>
  return %0 : tensor<1x1x3x3xbf16>
}

// -----

// bicubic x2 along W only (H is unscaled: skipped), in f32 for f16: four
// clamped taps floor(src) - 1 .. + 2 with cubic-convolution weights
// (A = -0.75); o = 0 has src = -0.25, t = 0.75: weights -0.0352, 0.2617,
// 0.8789, -0.1055 at indices 0, 0, 0, 1. One rounding to f16.
// CHECK-LABEL: func.func @upsample_bicubic_f16
// CHECK-DAG: prim.constant dense<[-0.03515625, -0.10546875, {{.*}}]> : tensor<8xf32>
// CHECK-DAG: prim.constant dense<[0, 0, 0, 0, 0, 1, 1, 2]> : tensor<8xi64>
// CHECK-DAG: prim.constant dense<[1, 2, 2, 3, 3, 3, 3, 3]> : tensor<8xi64>
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<1x1x1x4xf16> -> tensor<1x1x1x4xf32>
// CHECK-NOT: dim = 2
// CHECK-COUNT-4: prim.take %[[X]], %{{.+}}, dim = 3
// CHECK: prim.convert %{{.+}} : tensor<1x1x1x8xf32> -> tensor<1x1x1x8xf16>
func.func @upsample_bicubic_f16(%x: tensor<1x1x1x4xf16>) -> tensor<1x1x1x8xf16> {
  %0 = aten.call "aten.upsample_bicubic2d.vec"(input: %x) {align_corners = false, output_size = #aten.none, scale_factors = array<f64: 1.000000e+00, 2.000000e+00>} : (tensor<1x1x1x4xf16>) -> tensor<1x1x1x8xf16>
  return %0 : tensor<1x1x1x8xf16>
}

// -----

// linear1d runs torch's generic kernel, which keeps the weights in the
// input's type: in bf16, o = 1 (src = 1.5 * 5/9 - 0.5 = 1/3) weighs
// lambda = bf16(1/3) = 0.333984375 and bf16(1 - lambda) = 0.6640625 (a tie
// rounded to even), then sums in f32 and rounds once.
// CHECK-LABEL: func.func @upsample_linear1d_bf16
// CHECK-DAG: %[[HIGHW:.+]] = prim.constant dense<[0.000000e+00, 0.333984375, {{.*}}]> : tensor<9xf32>
// CHECK-DAG: %[[LOWW:.+]] = prim.constant dense<[1.000000e+00, 0.6640625, {{.*}}]> : tensor<9xf32>
// CHECK: %[[X:.+]] = prim.convert %arg0 : tensor<1x1x5xbf16> -> tensor<1x1x5xf32>
// CHECK: prim.broadcast_in_dim %[[LOWW]], dims = [2]
// CHECK: prim.broadcast_in_dim %[[HIGHW]], dims = [2]
// CHECK: prim.convert %{{.+}} : tensor<1x1x9xf32> -> tensor<1x1x9xbf16>
func.func @upsample_linear1d_bf16(%x: tensor<1x1x5xbf16>) -> tensor<1x1x9xbf16> {
  %0 = aten.call "aten.upsample_linear1d.vec"(input: %x) {align_corners = false, output_size = array<i64: 9>, scale_factors = #aten.none} : (tensor<1x1x5xbf16>) -> tensor<1x1x9xbf16>
  return %0 : tensor<1x1x9xbf16>
}

// -----

// nearest2d with a small output (H + W <= 128) runs torch's channels-last
// kernel, whose nearest_idx copies a dim whose size does not change
// whatever the scale factor (1.1 here): the input itself.
// CHECK-LABEL: func.func @upsample_nearest_small
// CHECK-NOT: prim.take
// CHECK: return %arg0
func.func @upsample_nearest_small(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32> {
  %0 = aten.call "aten.upsample_nearest2d.vec"(input: %x) {output_size = #aten.none, scale_factors = array<f64: 1.1, 1.1>} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
  return %0 : tensor<1x2x3x4xf32>
}

// -----

// With a larger output the generic kernel reads floor(o / 1.1) even though
// W keeps its size 4: 0, 0, 1, 2.
// CHECK-LABEL: func.func @upsample_nearest_large
// CHECK: %[[W:.+]] = prim.constant dense<[0, 0, 1, 2]> : tensor<4xi64>
// CHECK: prim.take %arg0, %[[W]], dim = 3
// CHECK-NOT: prim.take
func.func @upsample_nearest_large(%x: tensor<1x2x130x4xf32>) -> tensor<1x2x130x4xf32> {
  %0 = aten.call "aten.upsample_nearest2d.vec"(input: %x) {output_size = #aten.none, scale_factors = array<f64: 1.0, 1.1>} : (tensor<1x2x130x4xf32>) -> tensor<1x2x130x4xf32>
  return %0 : tensor<1x2x130x4xf32>
}

// -----

// Linear interpolation copies a dim whose size does not change, whatever
// its scale factor: only H is resampled.
// CHECK-LABEL: func.func @upsample_bilinear_same_w
// CHECK-NOT: dim = 3
// CHECK: prim.take %arg0, %{{.+}}, dim = 2
// CHECK-NOT: dim = 3
func.func @upsample_bilinear_same_w(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x6x4xf32> {
  %0 = aten.call "aten.upsample_bilinear2d.vec"(input: %x) {align_corners = false, output_size = #aten.none, scale_factors = array<f64: 2.0, 1.1>} : (tensor<1x2x3x4xf32>) -> tensor<1x2x6x4xf32>
  return %0 : tensor<1x2x6x4xf32>
}
