// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// roll without dims rolls the flattened tensor: the last 2 of 6 first.
// CHECK-LABEL: func.func @roll_flat
// CHECK: %[[F:.+]] = prim.reshape %arg0 : tensor<2x3xf32> -> tensor<6xf32>
// CHECK: %[[A:.+]] = prim.slice %[[F]] [4:6]
// CHECK: %[[B:.+]] = prim.slice %[[F]] [0:4]
// CHECK: %[[C:.+]] = prim.concatenate [%[[A]], %[[B]]], dim = 0
// CHECK: prim.reshape %[[C]] : tensor<6xf32> -> tensor<2x3xf32>
func.func @roll_flat(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.roll.default"(self: %x) {shifts = array<i64: 2>, dims = array<i64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// copy(self, src): src in self's dtype, broadcast to self's shape.
// CHECK-LABEL: func.func @copy_broadcast
// CHECK: %[[C:.+]] = prim.convert %arg1 : tensor<3xf32> -> tensor<3xbf16>
// CHECK: prim.broadcast_in_dim %[[C]], dims = [1] : tensor<3xbf16> -> tensor<2x3xbf16>
func.func @copy_broadcast(%x: tensor<2x3xbf16>, %s: tensor<3xf32>) -> tensor<2x3xbf16> {
  %0 = aten.call "aten.copy.default"(self: %x, src: %s) {non_blocking = false} : (tensor<2x3xbf16>, tensor<3xf32>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// A negative offset starts below the main diagonal: (1, 0), (2, 1) of a
// 3x4, flat 4 and 9.
// CHECK-LABEL: func.func @diagonal_below
// CHECK: %[[I:.+]] = prim.constant dense<[4, 9]> : tensor<2xi64>
// CHECK: %[[F:.+]] = prim.reshape %arg0 : tensor<3x4xf32> -> tensor<12xf32>
// CHECK: prim.take %[[F]], %[[I]], dim = 0
func.func @diagonal_below(%x: tensor<3x4xf32>) -> tensor<2xf32> {
  %0 = aten.call "aten.diagonal.default"(self: %x) {offset = -1 : i64, dim1 = 0 : i64, dim2 = 1 : i64} : (tensor<3x4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// dim1 after dim2, with a dim left over: x[i, i, k] as [k, i], flat
// 8i + 2i + k.
// CHECK-LABEL: func.func @diagonal_dims_swapped
// CHECK: %[[I:.+]] = prim.constant dense<{{\[\[}}0, 10, 20], [1, 11, 21]]> : tensor<2x3xi64>
// CHECK: %[[F:.+]] = prim.reshape %arg0 : tensor<3x4x2xf32> -> tensor<24xf32>
// CHECK: prim.take %[[F]], %[[I]], dim = 0
func.func @diagonal_dims_swapped(%x: tensor<3x4x2xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.diagonal.default"(self: %x) {offset = 0 : i64, dim1 = 1 : i64, dim2 = 0 : i64} : (tensor<3x4x2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// bool passes through flip unchanged.
// CHECK-LABEL: func.func @flip_bool
// CHECK: prim.reverse %arg0, dims = [0] : tensor<4xi1>
func.func @flip_bool(%x: tensor<4xi1>) -> tensor<4xi1> {
  %0 = aten.call "aten.flip.default"(self: %x) {dims = array<i64: 0>} : (tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Rolling an empty tensor moves nothing.
// CHECK-LABEL: func.func @roll_empty
// CHECK-NOT: prim.
// CHECK: return %arg0
func.func @roll_empty(%x: tensor<0x3xf32>) -> tensor<0x3xf32> {
  %0 = aten.call "aten.roll.default"(self: %x) {shifts = array<i64: 1>, dims = array<i64: 1>} : (tensor<0x3xf32>) -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}

// -----

// roll of a 0-d tensor (one element: torch returns it unchanged). Its dim 0
// passes the dim check (0-d dims wrap as for rank 1) and was read from a
// shape with no dims (issue #18: SIGSEGV, rc 139, through the pt2c-opt of
// 51cfe4f).
// CHECK-LABEL: func.func @roll_zero_d
// CHECK-NEXT: return %arg0 : tensor<f32>
func.func @roll_zero_d(%x: tensor<f32>) -> tensor<f32> {
  %0 = aten.call "aten.roll.default"(self: %x) {shifts = array<i64: 1>, dims = array<i64: 0>} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
