// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// relu(x) = max(x, 0)
// CHECK-LABEL: func.func @relu
// CHECK-SAME: (%[[X:.+]]: tensor<4x8xf32>)
// CHECK: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<4x8xf32>
// CHECK: %[[Y:.+]] = prim.max %[[X]], %[[ZERO]] : tensor<4x8xf32>
// CHECK: return %[[Y]]
func.func @relu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = aten.call "aten.relu.default"(self: %x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// linear(x, W, b) = x @ W^T + b, the bias broadcast along the rows.
// CHECK-LABEL: func.func @linear
// CHECK-SAME: (%[[X:.+]]: tensor<4x64xf32>, %[[W:.+]]: tensor<32x64xf32>, %[[B:.+]]: tensor<32xf32>)
// CHECK: %[[WT:.+]] = prim.transpose %[[W]], permutation = [1, 0] : tensor<32x64xf32> -> tensor<64x32xf32>
// CHECK: %[[MM:.+]] = prim.matmul %[[X]], %[[WT]] : (tensor<4x64xf32>, tensor<64x32xf32>) -> tensor<4x32xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [1] : tensor<32xf32> -> tensor<4x32xf32>
// CHECK: prim.add %[[MM]], %[[BB]] : tensor<4x32xf32>
func.func @linear(%x: tensor<4x64xf32>, %w: tensor<32x64xf32>, %b: tensor<32xf32>) -> tensor<4x32xf32> {
  %0 = aten.call "aten.linear.default"(input: %x, weight: %w, bias: %b) : (tensor<4x64xf32>, tensor<32x64xf32>, tensor<32xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

// softmax along dim -1: exp(x - max) / sum, both reductions kept as size 1.
// CHECK-LABEL: func.func @softmax
// CHECK: %[[MAX:.+]] = prim.reduce max %{{.+}}, dims = [1] : tensor<4x10xf32> -> tensor<4xf32>
// CHECK: prim.reshape %[[MAX]] : tensor<4xf32> -> tensor<4x1xf32>
// CHECK: prim.sub
// CHECK: %[[E:.+]] = prim.exp
// CHECK: prim.reduce sum %[[E]], dims = [1]
// CHECK: prim.div %[[E]], %{{.+}} : tensor<4x10xf32>
func.func @softmax(%x: tensor<4x10xf32>) -> tensor<4x10xf32> {
  %0 = aten.call "aten.softmax.int"(self: %x) {dim = -1 : i64, dtype = #aten.none} : (tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}

// -----

// A scalar `other` becomes a constant of the result type; alpha scales it.
// CHECK-LABEL: func.func @add_scalar_alpha
// CHECK-DAG: %[[TWO:.+]] = prim.constant dense<2.000000e+00> : tensor<3xf32>
// CHECK-DAG: %[[HALF:.+]] = prim.constant dense<5.000000e-01> : tensor<3xf32>
// CHECK: %[[SCALED:.+]] = prim.mul %[[HALF]], %[[TWO]] : tensor<3xf32>
// CHECK: prim.add %{{.+}}, %[[SCALED]] : tensor<3xf32>
func.func @add_scalar_alpha(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = aten.call "aten.add.Tensor"(self: %x) {other = 5.000000e-01 : f64, alpha = 2 : i64} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// A view with a dynamic batch: the one `?` is the element count divided by
// the static sizes.
// CHECK-LABEL: func.func @view_dynamic
// CHECK: %[[D0:.+]] = tensor.dim %{{.+}}, %c0
// CHECK: prim.reshape %{{.+}}, dynamic_sizes(%{{.+}}) : tensor<?x4x8xf32> -> tensor<?x32xf32>
func.func @view_dynamic(%x: tensor<?x4x8xf32>) -> tensor<?x32xf32> {
  %0 = aten.call "aten.view.default"(self: %x) {size = array<i64: -1, 32>} : (tensor<?x4x8xf32>) -> tensor<?x32xf32>
  return %0 : tensor<?x32xf32>
}

// -----

// embedding is a take of whole rows.
// CHECK-LABEL: func.func @embedding
// CHECK: prim.take %{{.+}}, %{{.+}}, dim = 0 : (tensor<10x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
func.func @embedding(%w: tensor<10x4xf32>, %ids: tensor<2x3xi64>) -> tensor<2x3x4xf32> {
  %0 = aten.call "aten.embedding.default"(weight: %w, indices: %ids) {padding_idx = -1 : i64, scale_grad_by_freq = false, sparse = false} : (tensor<10x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// A 3-d input is folded into rows for one 2-d matmul, then reshaped back
// (no per-batch copy of the weight).
// CHECK-LABEL: func.func @linear_3d
// CHECK: %[[ROWS:.+]] = prim.reshape %{{.+}} : tensor<2x16x64xf32> -> tensor<32x64xf32>
// CHECK: %[[MM:.+]] = prim.matmul %[[ROWS]], %{{.+}} : (tensor<32x64xf32>, tensor<64x8xf32>) -> tensor<32x8xf32>
// CHECK: prim.reshape %[[MM]] : tensor<32x8xf32> -> tensor<2x16x8xf32>
func.func @linear_3d(%x: tensor<2x16x64xf32>, %w: tensor<8x64xf32>) -> tensor<2x16x8xf32> {
  %0 = aten.call "aten.linear.default"(input: %x, weight: %w) {bias = #aten.none} : (tensor<2x16x64xf32>, tensor<8x64xf32>) -> tensor<2x16x8xf32>
  return %0 : tensor<2x16x8xf32>
}

// -----

// A node whose results hold no elements needs nothing computed: where its
// decomposition does not take the empty shape (lu_solve of an empty B),
// empty constants stand in for its results.
// CHECK-LABEL: func.func @empty_results
// CHECK-NOT: aten.call
// CHECK: %[[EMPTY:.+]] = prim.constant dense<0.000000e+00> : tensor<2x0x1xf32>
// CHECK: return %[[EMPTY]]
func.func @empty_results(%lu: tensor<2x1x1xf32>, %pivots: tensor<2x1xi32>, %b: tensor<2x0x1xf32>) -> tensor<2x0x1xf32> {
  %0 = aten.call "aten.linalg_lu_solve.default"(LU: %lu, pivots: %pivots, B: %b) {adjoint = false, left = false} : (tensor<2x1x1xf32>, tensor<2x1xi32>, tensor<2x0x1xf32>) -> tensor<2x0x1xf32>
  return %0 : tensor<2x0x1xf32>
}
