// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// linear(x, W, b) = x @ W^T + b, the bias broadcast along the rows.
// CHECK-LABEL: func.func @linear
// CHECK-SAME: (%[[X:.+]]: tensor<4x64xf32>, %[[W:.+]]: tensor<32x64xf32>, %[[B:.+]]: tensor<32xf32>)
// CHECK: %[[WT:.+]] = prim.transpose %[[W]], permutation = [1, 0] : tensor<32x64xf32> -> tensor<64x32xf32>
// CHECK: %[[MM:.+]] = prim.matmul %[[X]], %[[WT]] : (tensor<4x64xf32>, tensor<64x32xf32>) -> tensor<4x32xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [1] : tensor<32xf32> -> tensor<4x32xf32>
// CHECK: %[[R:.+]] = prim.add %[[MM]], %[[BB]] : tensor<4x32xf32>
// CHECK: return %[[R]]
func.func @linear(%x: tensor<4x64xf32>, %w: tensor<32x64xf32>, %b: tensor<32xf32>) -> tensor<4x32xf32> {
  %0 = aten.call "aten.linear.default"(input: %x, weight: %w, bias: %b) : (tensor<4x64xf32>, tensor<32x64xf32>, tensor<32xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

// linear without bias on a 3-d input: x [2, 16, 64] folded into 32 rows, one
// [32, 64] x [64, 8] matmul, reshaped back to [2, 16, 8]; no add.
// CHECK-LABEL: func.func @linear_3d_no_bias
// CHECK-SAME: (%[[X:.+]]: tensor<2x16x64xf32>, %[[W:.+]]: tensor<8x64xf32>)
// CHECK: %[[ROWS:.+]] = prim.reshape %[[X]] : tensor<2x16x64xf32> -> tensor<32x64xf32>
// CHECK: %[[WT:.+]] = prim.transpose %[[W]], permutation = [1, 0] : tensor<8x64xf32> -> tensor<64x8xf32>
// CHECK: %[[MM:.+]] = prim.matmul %[[ROWS]], %[[WT]] : (tensor<32x64xf32>, tensor<64x8xf32>) -> tensor<32x8xf32>
// CHECK-NOT: prim.add
// CHECK: %[[R:.+]] = prim.reshape %[[MM]] : tensor<32x8xf32> -> tensor<2x16x8xf32>
// CHECK: return %[[R]]
func.func @linear_3d_no_bias(%x: tensor<2x16x64xf32>, %w: tensor<8x64xf32>) -> tensor<2x16x8xf32> {
  %0 = aten.call "aten.linear.default"(input: %x, weight: %w) {bias = #aten.none} : (tensor<2x16x64xf32>, tensor<8x64xf32>) -> tensor<2x16x8xf32>
  return %0 : tensor<2x16x8xf32>
}

// -----

// A dynamic batch dim in a 3-d input: the row count is d1 * 2 (the dynamic
// size times the static batch sizes); the bias splat and the final reshape
// take their `?` from the matmul rows and from x's dim 1.
// CHECK-LABEL: func.func @linear_3d_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<2x?x64xf32>, %[[W:.+]]: tensor<8x64xf32>, %[[B:.+]]: tensor<8xf32>)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK: %[[D1:.+]] = tensor.dim %[[X]], %[[C1]] : tensor<2x?x64xf32>
// CHECK: %[[M:.+]] = arith.muli %[[D1]], %[[C2]] : index
// CHECK: %[[ROWS:.+]] = prim.reshape %[[X]], dynamic_sizes(%[[M]]) : tensor<2x?x64xf32> -> tensor<?x64xf32>
// CHECK: %[[WT:.+]] = prim.transpose %[[W]], permutation = [1, 0] : tensor<8x64xf32> -> tensor<64x8xf32>
// CHECK: %[[MM:.+]] = prim.matmul %[[ROWS]], %[[WT]] : (tensor<?x64xf32>, tensor<64x8xf32>) -> tensor<?x8xf32>
// CHECK: %[[NR:.+]] = tensor.dim %[[MM]], %[[C0]] : tensor<?x8xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [1], dynamic_sizes(%[[NR]]) : tensor<8xf32> -> tensor<?x8xf32>
// CHECK: %[[SUM:.+]] = prim.add %[[MM]], %[[BB]] : tensor<?x8xf32>
// CHECK: %[[D1B:.+]] = tensor.dim %[[X]], %[[C1]] : tensor<2x?x64xf32>
// CHECK: %[[R:.+]] = prim.reshape %[[SUM]], dynamic_sizes(%[[D1B]]) : tensor<?x8xf32> -> tensor<2x?x8xf32>
// CHECK: return %[[R]]
func.func @linear_3d_dynamic(%x: tensor<2x?x64xf32>, %w: tensor<8x64xf32>, %b: tensor<8xf32>) -> tensor<2x?x8xf32> {
  %0 = aten.call "aten.linear.default"(input: %x, weight: %w, bias: %b) : (tensor<2x?x64xf32>, tensor<8x64xf32>, tensor<8xf32>) -> tensor<2x?x8xf32>
  return %0 : tensor<2x?x8xf32>
}

// -----

// mm is prim.matmul as it is.
// CHECK-LABEL: func.func @mm
// CHECK-SAME: (%[[A:.+]]: tensor<2x3xf32>, %[[B:.+]]: tensor<3x4xf32>)
// CHECK: %[[R:.+]] = prim.matmul %[[A]], %[[B]] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK: return %[[R]]
func.func @mm(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.mm.default"(self: %a, mat2: %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// baddbmm(s [4], b1, b2, beta 2, alpha 0.5) = 0.5 * (b1 @ b2) + 2 * s, with s
// broadcast along the last dim of [2, 3, 4].
// CHECK-LABEL: func.func @baddbmm
// CHECK-SAME: (%[[S:.+]]: tensor<4xf32>, %[[A:.+]]: tensor<2x3x5xf32>, %[[B:.+]]: tensor<2x5x4xf32>)
// CHECK-DAG: %[[BETA:.+]] = prim.constant dense<2.000000e+00> : tensor<2x3x4xf32>
// CHECK-DAG: %[[ALPHA:.+]] = prim.constant dense<5.000000e-01> : tensor<2x3x4xf32>
// CHECK: %[[P:.+]] = prim.matmul %[[A]], %[[B]] : (tensor<2x3x5xf32>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
// CHECK: %[[PA:.+]] = prim.mul %[[P]], %[[ALPHA]]
// CHECK: %[[SB:.+]] = prim.broadcast_in_dim %[[S]], dims = [2] : tensor<4xf32> -> tensor<2x3x4xf32>
// CHECK: %[[SBB:.+]] = prim.mul %[[SB]], %[[BETA]]
// CHECK: %[[R:.+]] = prim.add %[[PA]], %[[SBB]]
// CHECK: return %[[R]]
func.func @baddbmm(%s: tensor<4xf32>, %a: tensor<2x3x5xf32>, %b: tensor<2x5x4xf32>) -> tensor<2x3x4xf32> {
  %0 = aten.call "aten.baddbmm.default"(self: %s, batch1: %a, batch2: %b) {alpha = 5.000000e-01 : f64, beta = 2 : i64} : (tensor<4xf32>, tensor<2x3x5xf32>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// matmul with vectors: v @ v is a [1, 6] x [6, 1] product reshaped to a
// scalar; v @ m [3, 6, 5] treats v as a row [1, 6] broadcast over the batch
// and drops the row dim of the [3, 1, 5] result.
// CHECK-LABEL: func.func @matmul_vector
// CHECK-SAME: (%[[V:.+]]: tensor<6xf32>, %[[M:.+]]: tensor<3x6x5xf32>)
// CHECK: %[[ROW:.+]] = prim.reshape %[[V]] : tensor<6xf32> -> tensor<1x6xf32>
// CHECK: %[[COL:.+]] = prim.reshape %[[V]] : tensor<6xf32> -> tensor<6x1xf32>
// CHECK: %[[DOT:.+]] = prim.matmul %[[ROW]], %[[COL]] : (tensor<1x6xf32>, tensor<6x1xf32>) -> tensor<1x1xf32>
// CHECK: %[[S:.+]] = prim.reshape %[[DOT]] : tensor<1x1xf32> -> tensor<f32>
// CHECK: %[[ROW2:.+]] = prim.reshape %[[V]] : tensor<6xf32> -> tensor<1x6xf32>
// CHECK: %[[ROWB:.+]] = prim.broadcast_in_dim %[[ROW2]], dims = [1, 2] : tensor<1x6xf32> -> tensor<3x1x6xf32>
// CHECK: %[[P:.+]] = prim.matmul %[[ROWB]], %[[M]] : (tensor<3x1x6xf32>, tensor<3x6x5xf32>) -> tensor<3x1x5xf32>
// CHECK: %[[R:.+]] = prim.reshape %[[P]] : tensor<3x1x5xf32> -> tensor<3x5xf32>
// CHECK: return %[[S]], %[[R]]
func.func @matmul_vector(%v: tensor<6xf32>, %m: tensor<3x6x5xf32>) -> (tensor<f32>, tensor<3x5xf32>) {
  %0 = aten.call "aten.matmul.default"(self: %v, other: %v) : (tensor<6xf32>, tensor<6xf32>) -> tensor<f32>
  %1 = aten.call "aten.matmul.default"(self: %v, other: %m) : (tensor<6xf32>, tensor<3x6x5xf32>) -> tensor<3x5xf32>
  return %0, %1 : tensor<f32>, tensor<3x5xf32>
}

// -----

// dot(a, b) = [1, K] x [K, 1] read as 0-d; mv(A, v) = A x [K, 1] read as
// [M]: both one prim.matmul; a `?` K is each vector's own dim.
// CHECK-LABEL: func.func @dot_mv
// CHECK-SAME: (%[[A:.+]]: tensor<?xf32>, %[[B:.+]]: tensor<?xf32>, %[[M:.+]]: tensor<3x4xf32>, %[[V:.+]]: tensor<4xf32>)
// CHECK: %[[KA:.+]] = tensor.dim %[[A]], %{{.+}}
// CHECK: %[[ROW:.+]] = prim.reshape %[[A]], dynamic_sizes(%[[KA]]) : tensor<?xf32> -> tensor<1x?xf32>
// CHECK: %[[KB:.+]] = tensor.dim %[[B]], %{{.+}}
// CHECK: %[[COL:.+]] = prim.reshape %[[B]], dynamic_sizes(%[[KB]]) : tensor<?xf32> -> tensor<?x1xf32>
// CHECK: %[[P:.+]] = prim.matmul %[[ROW]], %[[COL]] : (tensor<1x?xf32>, tensor<?x1xf32>) -> tensor<1x1xf32>
// CHECK: %[[D:.+]] = prim.reshape %[[P]] : tensor<1x1xf32> -> tensor<f32>
// CHECK: %[[VC:.+]] = prim.reshape %[[V]] : tensor<4xf32> -> tensor<4x1xf32>
// CHECK: %[[Q:.+]] = prim.matmul %[[M]], %[[VC]] : (tensor<3x4xf32>, tensor<4x1xf32>) -> tensor<3x1xf32>
// CHECK: %[[R:.+]] = prim.reshape %[[Q]] : tensor<3x1xf32> -> tensor<3xf32>
// CHECK: return %[[D]], %[[R]]
func.func @dot_mv(%a: tensor<?xf32>, %b: tensor<?xf32>, %m: tensor<3x4xf32>, %v: tensor<4xf32>) -> (tensor<f32>, tensor<3xf32>) {
  %0 = aten.call "aten.dot.default"(self: %a, tensor: %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<f32>
  %1 = aten.call "aten.mv.default"(self: %m, vec: %v) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  return %0, %1 : tensor<f32>, tensor<3xf32>
}

// -----

// outer(a [?], b [5]) = a along dim 0 times b along dim 1; the `?` size is
// a's (no right-aligned guess, which would pair it with b).
// CHECK-LABEL: func.func @outer
// CHECK-SAME: (%[[A:.+]]: tensor<?xf32>, %[[B:.+]]: tensor<5xf32>)
// CHECK: %[[N:.+]] = tensor.dim %[[A]], %{{.+}}
// CHECK: %[[AA:.+]] = prim.broadcast_in_dim %[[A]], dims = [0], dynamic_sizes(%[[N]]) : tensor<?xf32> -> tensor<?x5xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [1], dynamic_sizes(%[[N]]) : tensor<5xf32> -> tensor<?x5xf32>
// CHECK: %[[R:.+]] = prim.mul %[[AA]], %[[BB]]
// CHECK: return %[[R]]
func.func @outer(%a: tensor<?xf32>, %b: tensor<5xf32>) -> tensor<?x5xf32> {
  %0 = aten.call "aten.outer.default"(self: %a, vec2: %b) : (tensor<?xf32>, tensor<5xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}
