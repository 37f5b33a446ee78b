// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// constant_pad_nd [2, -1] on the last dim: the negative pad crops one
// element at the end, then two -1.0 are padded in front.
// CHECK-LABEL: func.func @constant_pad_nd
// CHECK: %[[C:.+]] = prim.slice %arg0 [0:2, 0:4, 0:5]
// CHECK: prim.pad %[[C]], low = [0, 0, 2], high = [0, 0, 0], value = -1.000000e+00 : f32
func.func @constant_pad_nd(%x: tensor<2x4x6xf32>) -> tensor<2x4x7xf32> {
  %0 = aten.call "aten.constant_pad_nd.default"(self: %x) {pad = array<i64: 2, -1>, value = -1.0 : f64} : (tensor<2x4x6xf32>) -> tensor<2x4x7xf32>
  return %0 : tensor<2x4x7xf32>
}

// -----

// Reflect padding mirrors without repeating the edge: positions -2..5 of
// a 5-element dim read 2 1 | 0 1 2 3 4 | 3.
// CHECK-LABEL: func.func @reflection_pad1d
// CHECK: %[[I:.+]] = prim.constant dense<[2, 1, 0, 1, 2, 3, 4, 3]> : tensor<8xi64>
// CHECK: prim.take %arg0, %[[I]], dim = 0
func.func @reflection_pad1d(%x: tensor<5xf32>) -> tensor<8xf32> {
  %0 = aten.call "aten.reflection_pad1d.default"(self: %x) {padding = array<i64: 2, 1>} : (tensor<5xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// pad(mode="replicate") with torch's last-dim-first list [2, 1, 1, 2]:
// dim 1 gets (2, 1), dim 0 gets (1, 2); each dim clamps its indices.
// CHECK-LABEL: func.func @pad_replicate
// CHECK-DAG: %[[COLS:.+]] = prim.constant dense<[0, 0, 0, 1, 2, 2]> : tensor<6xi64>
// CHECK-DAG: %[[ROWS:.+]] = prim.constant dense<[0, 0, 1, 1, 1]> : tensor<5xi64>
// CHECK: %[[R:.+]] = prim.take %arg0, %[[ROWS]], dim = 0
// CHECK: prim.take %[[R]], %[[COLS]], dim = 1 : (tensor<5x3xbf16>, tensor<6xi64>) -> tensor<5x6xbf16>
func.func @pad_replicate(%x: tensor<2x3xbf16>) -> tensor<5x6xbf16> {
  %0 = aten.call "aten.pad.default"(self: %x) {pad = array<i64: 2, 1, 1, 2>, mode = "replicate", value = #aten.none} : (tensor<2x3xbf16>) -> tensor<5x6xbf16>
  return %0 : tensor<5x6xbf16>
}

// -----

// roll by 2 along dim 1 and by -1 (= 5) along dim 2: the last `shift`
// elements move to the front.
// CHECK-LABEL: func.func @roll
// CHECK: %[[A:.+]] = prim.slice %arg0 [0:2, 2:4, 0:6]
// CHECK: %[[B:.+]] = prim.slice %arg0 [0:2, 0:2, 0:6]
// CHECK: %[[R1:.+]] = prim.concatenate [%[[A]], %[[B]]], dim = 1
// CHECK: %[[C:.+]] = prim.slice %[[R1]] [0:2, 0:4, 1:6]
// CHECK: %[[D:.+]] = prim.slice %[[R1]] [0:2, 0:4, 0:1]
// CHECK: prim.concatenate [%[[C]], %[[D]]], dim = 2
func.func @roll(%x: tensor<2x4x6xf32>) -> tensor<2x4x6xf32> {
  %0 = aten.call "aten.roll.default"(self: %x) {shifts = array<i64: 2, -1>, dims = array<i64: 1, 2>} : (tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
  return %0 : tensor<2x4x6xf32>
}

// -----

// repeat(2, 1, 2) of a 4x6: a leading unit dim, broadcast to
// [r0, s0, r1, s1, r2, s2] = [2, 1, 1, 4, 2, 6], merged pairwise.
// CHECK-LABEL: func.func @repeat
// CHECK: %[[X:.+]] = prim.reshape %arg0 : tensor<4x6xf32> -> tensor<1x4x6xf32>
// CHECK: %[[B:.+]] = prim.broadcast_in_dim %[[X]], dims = [1, 3, 5] : tensor<1x4x6xf32> -> tensor<2x1x1x4x2x6xf32>
// CHECK: prim.reshape %[[B]] : tensor<2x1x1x4x2x6xf32> -> tensor<2x4x12xf32>
func.func @repeat(%x: tensor<4x6xf32>) -> tensor<2x4x12xf32> {
  %0 = aten.call "aten.repeat.default"(self: %x) {repeats = array<i64: 2, 1, 2>} : (tensor<4x6xf32>) -> tensor<2x4x12xf32>
  return %0 : tensor<2x4x12xf32>
}

// -----

// diagonal(offset 1, dims 1, 2) of 2x3x4: elements (b, i, i + 1), flat
// b * 12 + i * 4 + i + 1.
// CHECK-LABEL: func.func @diagonal
// CHECK: %[[I:.+]] = prim.constant dense<{{\[\[}}1, 6, 11], [13, 18, 23]]> : tensor<2x3xi64>
// CHECK: %[[F:.+]] = prim.reshape %arg0 : tensor<2x3x4xf32> -> tensor<24xf32>
// CHECK: prim.take %[[F]], %[[I]], dim = 0
func.func @diagonal(%x: tensor<2x3x4xf32>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.diagonal.default"(self: %x) {offset = 1 : i64, dim1 = 1 : i64, dim2 = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// as_strided(size [3, 4], stride [2, 5], offset 1): flat 1 + 2i + 5j.
// CHECK-LABEL: func.func @as_strided
// CHECK: %[[I:.+]] = prim.constant dense<{{\[\[}}1, 6, 11, 16], [3, 8, 13, 18], [5, 10, 15, 20]]> : tensor<3x4xi64>
// CHECK: %[[F:.+]] = prim.reshape %arg0 : tensor<2x4x6xf32> -> tensor<48xf32>
// CHECK: prim.take %[[F]], %[[I]], dim = 0
func.func @as_strided(%x: tensor<2x4x6xf32>) -> tensor<3x4xf32> {
  %0 = aten.call "aten.as_strided.default"(self: %x) {size = array<i64: 3, 4>, stride = array<i64: 2, 5>, storage_offset = 1 : i64} : (tensor<2x4x6xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// flip with a negative dim: normalized and sorted.
// CHECK-LABEL: func.func @flip
// CHECK: prim.reverse %arg0, dims = [0, 2] : tensor<2x4x6xi64>
func.func @flip(%x: tensor<2x4x6xi64>) -> tensor<2x4x6xi64> {
  %0 = aten.call "aten.flip.default"(self: %x) {dims = array<i64: -1, 0>} : (tensor<2x4x6xi64>) -> tensor<2x4x6xi64>
  return %0 : tensor<2x4x6xi64>
}

// -----

// einsum "bij,bjk->bik" is exactly a batched matmul.
// CHECK-LABEL: func.func @einsum
// CHECK: %[[M:.+]] = prim.matmul %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK: return %[[M]]
func.func @einsum(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = aten.call "aten.einsum.default"(tensors: [%a, %b]) {equation = "bij,bjk->bik", path = #aten.none} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// einsum "i,bij->bj": i is contracted, b and j are the right side's free
// letters: [1, 1, 3] x [1, 3, 2*4] after moving i to the front.
// CHECK-LABEL: func.func @einsum_sum
// CHECK: %[[C:.+]] = prim.reshape %arg0 : tensor<3xf32> -> tensor<1x1x3xf32>
// CHECK: %[[T:.+]] = prim.transpose %arg1, permutation = [1, 0, 2] : tensor<2x3x4xf32> -> tensor<3x2x4xf32>
// CHECK: %[[A:.+]] = prim.reshape %[[T]] : tensor<3x2x4xf32> -> tensor<1x3x8xf32>
// CHECK: %[[M:.+]] = prim.matmul %[[C]], %[[A]]
// CHECK: prim.reshape %[[M]] : tensor<1x1x8xf32> -> tensor<2x4xf32>
func.func @einsum_sum(%c: tensor<3xf32>, %a: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.einsum.default"(tensors: [%c, %a]) {equation = "i,bij->bj", path = #aten.none} : (tensor<3xf32>, tensor<2x3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
