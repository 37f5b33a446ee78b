// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// upsample_bilinear2d x2 (align_corners=False, scale_factors 2), separable:
// H (2 -> 4) then W (3 -> 6). Output o reads src = max((o + 0.5) / 2 - 0.5, 0):
// low = floor(src) with weight 1 - t, high = min(low + 1, in - 1) with t.
//   H: src = 0, .25, .75, 1.25 -> low [0,0,0,1], high 1, t [0,.25,.75,.25]
//   W: src = 0 .. 2.25 -> low [0,0,0,1,1,2], high [1,1,1,2,2,2]
// CHECK-LABEL: func.func @upsample_bilinear2d
// CHECK-DAG: %[[TW:.+]] = prim.constant dense<[0.000000e+00, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01]> : tensor<6xf32>
// CHECK-DAG: %[[HW:.+]] = prim.constant dense<[1, 1, 1, 2, 2, 2]> : tensor<6xi64>
// CHECK-DAG: %[[UW:.+]] = prim.constant dense<[1.000000e+00, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01]> : tensor<6xf32>
// CHECK-DAG: %[[LW:.+]] = prim.constant dense<[0, 0, 0, 1, 1, 2]> : tensor<6xi64>
// CHECK-DAG: %[[TH:.+]] = prim.constant dense<[0.000000e+00, 2.500000e-01, 7.500000e-01, 2.500000e-01]> : tensor<4xf32>
// CHECK-DAG: %[[HH:.+]] = prim.constant dense<1> : tensor<4xi64>
// CHECK-DAG: %[[UH:.+]] = prim.constant dense<[1.000000e+00, 7.500000e-01, 2.500000e-01, 7.500000e-01]> : tensor<4xf32>
// CHECK-DAG: %[[LH:.+]] = prim.constant dense<[0, 0, 0, 1]> : tensor<4xi64>
// CHECK: %[[A:.+]] = prim.take %arg0, %[[LH]], dim = 2
// CHECK: %[[WA:.+]] = prim.broadcast_in_dim %[[UH]], dims = [2]
// CHECK: %[[PA:.+]] = prim.mul %[[A]], %[[WA]]
// CHECK: %[[C:.+]] = prim.take %arg0, %[[HH]], dim = 2
// CHECK: %[[WC:.+]] = prim.broadcast_in_dim %[[TH]], dims = [2]
// CHECK: %[[PC:.+]] = prim.mul %[[C]], %[[WC]]
// CHECK: %[[Y:.+]] = prim.add %[[PA]], %[[PC]] : tensor<1x2x4x3xf32>
// CHECK: prim.take %[[Y]], %[[LW]], dim = 3
// CHECK: prim.broadcast_in_dim %[[UW]], dims = [3]
// CHECK: prim.take %[[Y]], %[[HW]], dim = 3
// CHECK: prim.broadcast_in_dim %[[TW]], dims = [3]
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
// CHECK: %[[R:.+]] = prim.take %arg0, %[[H]], dim = 2
// CHECK: prim.take %[[R]], %[[W]], dim = 3 : (tensor<1x1x3x5xbf16>, tensor<3xi64>) -> tensor<1x1x3x3xbf16>
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
