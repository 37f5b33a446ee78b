// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// circular [-1, 2] on a 5-element dim: torch crops first (1 2 3 4 remain),
// then wraps around the cropped part: 1 2 3 4 | 1 2.
// CHECK-LABEL: func.func @pad_circular_crop_left
// CHECK: %[[I:.+]] = prim.constant dense<[1, 2, 3, 4, 1, 2]> : tensor<6xi64>
// CHECK: prim.take %arg0, %[[I]], dim = 1 : (tensor<2x5xf32>, tensor<6xi64>) -> tensor<2x6xf32>
func.func @pad_circular_crop_left(%x: tensor<2x5xf32>) -> tensor<2x6xf32> {
  %0 = aten.call "aten.pad.default"(self: %x) {pad = array<i64: -1, 2>, mode = "circular", value = #aten.none} : (tensor<2x5xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// circular [2, -1]: 0 1 2 3 remain, the last two of them wrap in front.
// CHECK-LABEL: func.func @pad_circular_crop_right
// CHECK: %[[I:.+]] = prim.constant dense<[2, 3, 0, 1, 2, 3]> : tensor<6xi64>
// CHECK: prim.take %arg0, %[[I]], dim = 1
func.func @pad_circular_crop_right(%x: tensor<2x5xf32>) -> tensor<2x6xf32> {
  %0 = aten.call "aten.pad.default"(self: %x) {pad = array<i64: 2, -1>, mode = "circular", value = #aten.none} : (tensor<2x5xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// reflect [-2, 2]: positions 2..6 of a 5-element dim, mirrored at the
// input's last element: 2 3 4 | 3 2.
// CHECK-LABEL: func.func @reflection_pad1d_crop
// CHECK: %[[I:.+]] = prim.constant dense<[2, 3, 4, 3, 2]> : tensor<5xi64>
// CHECK: prim.take %arg0, %[[I]], dim = 2 : (tensor<1x2x5xf16>, tensor<5xi64>) -> tensor<1x2x5xf16>
func.func @reflection_pad1d_crop(%x: tensor<1x2x5xf16>) -> tensor<1x2x5xf16> {
  %0 = aten.call "aten.reflection_pad1d.default"(self: %x) {padding = array<i64: -2, 2>} : (tensor<1x2x5xf16>) -> tensor<1x2x5xf16>
  return %0 : tensor<1x2x5xf16>
}

// -----

// replication_pad3d pads (w, h, d) = (0, 1), (0, 1), (1, 1); one clamped
// gather per padded dim, from the first dim on.
// CHECK-LABEL: func.func @replication_pad3d
// CHECK-DAG: %[[W:.+]] = prim.constant dense<[0, 1, 2, 3, 3]> : tensor<5xi64>
// CHECK-DAG: %[[H:.+]] = prim.constant dense<[0, 1, 2, 2]> : tensor<4xi64>
// CHECK-DAG: %[[D:.+]] = prim.constant dense<[0, 0, 1, 1]> : tensor<4xi64>
// CHECK: %[[X1:.+]] = prim.take %arg0, %[[D]], dim = 1
// CHECK: %[[X2:.+]] = prim.take %[[X1]], %[[H]], dim = 2
// CHECK: prim.take %[[X2]], %[[W]], dim = 3 : (tensor<1x4x4x4xf32>, tensor<5xi64>) -> tensor<1x4x4x5xf32>
func.func @replication_pad3d(%x: tensor<1x2x3x4xf32>) -> tensor<1x4x4x5xf32> {
  %0 = aten.call "aten.replication_pad3d.default"(self: %x) {padding = array<i64: 0, 1, 0, 1, 1, 1>} : (tensor<1x2x3x4xf32>) -> tensor<1x4x4x5xf32>
  return %0 : tensor<1x4x4x5xf32>
}

// -----

// An integer tensor pads with the value in its own type.
// CHECK-LABEL: func.func @constant_pad_nd_int
// CHECK: prim.pad %arg0, low = [1], high = [1], value = 7 : i64 : tensor<3xi64> -> tensor<5xi64>
func.func @constant_pad_nd_int(%x: tensor<3xi64>) -> tensor<5xi64> {
  %0 = aten.call "aten.constant_pad_nd.default"(self: %x) {pad = array<i64: 1, 1>, value = 7 : i64} : (tensor<3xi64>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}
