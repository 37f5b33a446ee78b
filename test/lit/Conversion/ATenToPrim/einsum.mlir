// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// `...` spans two dims of a (2x3) and one of b (3, right-aligned): the
// shared one is a batch dim, a's leading one rides along with i.
// CHECK-LABEL: func.func @einsum_ellipsis
// CHECK: %[[T:.+]] = prim.transpose %arg0, permutation = [1, 0, 2, 3] : tensor<2x3x4x5xf32> -> tensor<3x2x4x5xf32>
// CHECK: %[[A:.+]] = prim.reshape %[[T]] : tensor<3x2x4x5xf32> -> tensor<3x8x5xf32>
// CHECK: %[[M:.+]] = prim.matmul %[[A]], %arg1 : (tensor<3x8x5xf32>, tensor<3x5x6xf32>) -> tensor<3x8x6xf32>
// CHECK: %[[R:.+]] = prim.reshape %[[M]] : tensor<3x8x6xf32> -> tensor<3x2x4x6xf32>
// CHECK: prim.transpose %[[R]], permutation = [1, 0, 2, 3] : tensor<3x2x4x6xf32> -> tensor<2x3x4x6xf32>
func.func @einsum_ellipsis(%a: tensor<2x3x4x5xf32>, %b: tensor<3x5x6xf32>) -> tensor<2x3x4x6xf32> {
  %0 = aten.call "aten.einsum.default"(tensors: [%a, %b]) {equation = "...ij,...jk->...ik", path = #aten.none} : (tensor<2x3x4x5xf32>, tensor<3x5x6xf32>) -> tensor<2x3x4x6xf32>
  return %0 : tensor<2x3x4x6xf32>
}

// -----

// Implicit output "...j,jk": the ellipsis dims first, then k (used once).
// CHECK-LABEL: func.func @einsum_implicit_ellipsis
// CHECK: %[[A:.+]] = prim.reshape %arg0 : tensor<2x3x4xf32> -> tensor<1x6x4xf32>
// CHECK: %[[B:.+]] = prim.reshape %arg1 : tensor<4x5xf32> -> tensor<1x4x5xf32>
// CHECK: %[[M:.+]] = prim.matmul %[[A]], %[[B]]
// CHECK: prim.reshape %[[M]] : tensor<1x6x5xf32> -> tensor<2x3x5xf32>
func.func @einsum_implicit_ellipsis(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = aten.call "aten.einsum.default"(tensors: [%a, %b]) {equation = "...j,jk", path = #aten.none} : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// Ellipsis dims missing from an explicit output are summed.
// CHECK-LABEL: func.func @einsum_sum_ellipsis
// CHECK: prim.reduce sum %arg0, dims = [0, 1] : tensor<2x3x4xf32> -> tensor<4xf32>
func.func @einsum_sum_ellipsis(%a: tensor<2x3x4xf32>) -> tensor<4xf32> {
  %0 = aten.call "aten.einsum.default"(tensors: [%a]) {equation = "...j->j", path = #aten.none} : (tensor<2x3x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The trace "ii" (implicit output: nothing used once): the diagonal, flat
// indices 0, 4, 8 of the 3x3, then summed.
// CHECK-LABEL: func.func @einsum_trace
// CHECK: %[[I:.+]] = prim.constant dense<[0, 4, 8]> : tensor<3xi64>
// CHECK: %[[F:.+]] = prim.reshape %arg0 : tensor<3x3xf32> -> tensor<9xf32>
// CHECK: %[[D:.+]] = prim.take %[[F]], %[[I]], dim = 0
// CHECK: prim.reduce sum %[[D]], dims = [0] : tensor<3xf32> -> tensor<f32>
func.func @einsum_trace(%a: tensor<3x3xf32>) -> tensor<f32> {
  %0 = aten.call "aten.einsum.default"(tensors: [%a]) {equation = "ii", path = #aten.none} : (tensor<3x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// A batched diagonal "...ii->...i": flat b * 9 + i * 4.
// CHECK-LABEL: func.func @einsum_batched_diagonal
// CHECK: %[[I:.+]] = prim.constant dense<{{\[\[}}0, 4, 8], [9, 13, 17]]> : tensor<2x3xi64>
// CHECK: %[[F:.+]] = prim.reshape %arg0 : tensor<2x3x3xbf16> -> tensor<18xbf16>
// CHECK: prim.take %[[F]], %[[I]], dim = 0 : (tensor<18xbf16>, tensor<2x3xi64>) -> tensor<2x3xbf16>
func.func @einsum_batched_diagonal(%a: tensor<2x3x3xbf16>) -> tensor<2x3xbf16> {
  %0 = aten.call "aten.einsum.default"(tensors: [%a]) {equation = "...ii->...i", path = #aten.none} : (tensor<2x3x3xbf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// b is 1 in a and 2 in b: a's unit dim is dropped, so b is a free letter
// of the right side (broadcast), not a batch dim.
// CHECK-LABEL: func.func @einsum_broadcast
// CHECK: %[[S:.+]] = prim.reshape %arg0 : tensor<1x3x4xf32> -> tensor<3x4xf32>
// CHECK: %[[A:.+]] = prim.reshape %[[S]] : tensor<3x4xf32> -> tensor<1x3x4xf32>
// CHECK: %[[T:.+]] = prim.transpose %arg1, permutation = [1, 0, 2] : tensor<2x4x5xf32> -> tensor<4x2x5xf32>
// CHECK: %[[B:.+]] = prim.reshape %[[T]] : tensor<4x2x5xf32> -> tensor<1x4x10xf32>
// CHECK: %[[M:.+]] = prim.matmul %[[A]], %[[B]] : (tensor<1x3x4xf32>, tensor<1x4x10xf32>) -> tensor<1x3x10xf32>
// CHECK: %[[R:.+]] = prim.reshape %[[M]] : tensor<1x3x10xf32> -> tensor<3x2x5xf32>
// CHECK: prim.transpose %[[R]], permutation = [1, 0, 2] : tensor<3x2x5xf32> -> tensor<2x3x5xf32>
func.func @einsum_broadcast(%a: tensor<1x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = aten.call "aten.einsum.default"(tensors: [%a, %b]) {equation = "bij,bjk->bik", path = #aten.none} : (tensor<1x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}
