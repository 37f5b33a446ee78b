// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// embedding(W [10, 4], ids [2, 3]) = W[ids]: whole rows taken along dim 0.
// CHECK-LABEL: func.func @embedding
// CHECK-SAME: (%[[W:.+]]: tensor<10x4xf32>, %[[IDS:.+]]: tensor<2x3xi64>)
// CHECK: %[[R:.+]] = prim.take %[[W]], %[[IDS]], dim = 0 : (tensor<10x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
// CHECK: return %[[R]]
func.func @embedding(%w: tensor<10x4xf32>, %ids: tensor<2x3xi64>) -> tensor<2x3x4xf32> {
  %0 = aten.call "aten.embedding.default"(weight: %w, indices: %ids) {padding_idx = 0 : i64, scale_grad_by_freq = false, sparse = false} : (tensor<10x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// embedding with a dynamic batch of ids: the `?` maps through the take.
// CHECK-LABEL: func.func @embedding_dynamic
// CHECK-SAME: (%[[W:.+]]: tensor<10x4xf32>, %[[IDS:.+]]: tensor<?x3xi64>)
// CHECK: %[[R:.+]] = prim.take %[[W]], %[[IDS]], dim = 0 : (tensor<10x4xf32>, tensor<?x3xi64>) -> tensor<?x3x4xf32>
// CHECK: return %[[R]]
func.func @embedding_dynamic(%w: tensor<10x4xf32>, %ids: tensor<?x3xi64>) -> tensor<?x3x4xf32> {
  %0 = aten.call "aten.embedding.default"(weight: %w, indices: %ids) {padding_idx = -1 : i64, scale_grad_by_freq = false, sparse = false} : (tensor<10x4xf32>, tensor<?x3xi64>) -> tensor<?x3x4xf32>
  return %0 : tensor<?x3x4xf32>
}

// -----

// gather(x, -1, idx): out[i][j] = x[i][idx[i][j]], dim -1 normalized to 1.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[X:.+]]: tensor<3x256xf32>, %[[I:.+]]: tensor<3x16xi64>)
// CHECK: %[[R:.+]] = prim.take_along %[[X]], %[[I]], dim = 1 : (tensor<3x256xf32>, tensor<3x16xi64>) -> tensor<3x16xf32>
// CHECK: return %[[R]]
func.func @gather(%x: tensor<3x256xf32>, %i: tensor<3x16xi64>) -> tensor<3x16xf32> {
  %0 = aten.call "aten.gather.default"(self: %x, index: %i) {dim = -1 : i64, sparse_grad = false} : (tensor<3x256xf32>, tensor<3x16xi64>) -> tensor<3x16xf32>
  return %0 : tensor<3x16xf32>
}

// -----

// x[i] with one index tensor: i wrapped (i < 0 ? i + 4 : i), then whole rows
// taken along dim 0 (the flattening reshape is the identity here).
// CHECK-LABEL: func.func @index_one
// CHECK-SAME: (%[[X:.+]]: tensor<4x6xf32>, %[[I:.+]]: tensor<3xi64>)
// CHECK-DAG: %[[FOUR:.+]] = prim.constant dense<4> : tensor<3xi64>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0> : tensor<3xi64>
// CHECK: %[[NEG:.+]] = prim.compare %[[I]], %[[ZERO]], predicate = lt : tensor<3xi64>
// CHECK: %[[IP:.+]] = prim.add %[[I]], %[[FOUR]] : tensor<3xi64>
// CHECK: %[[W:.+]] = prim.select %[[NEG]], %[[IP]], %[[I]] : tensor<3xi1>, tensor<3xi64>
// CHECK: %[[FLAT:.+]] = prim.reshape %[[X]] : tensor<4x6xf32> -> tensor<4x6xf32>
// CHECK: %[[R:.+]] = prim.take %[[FLAT]], %[[W]], dim = 0 : (tensor<4x6xf32>, tensor<3xi64>) -> tensor<3x6xf32>
// CHECK: return %[[R]]
func.func @index_one(%x: tensor<4x6xf32>, %i: tensor<3xi64>) -> tensor<3x6xf32> {
  %0 = aten.call "aten.index.Tensor"(self: %x, indices: [%i]) : (tensor<4x6xf32>, tensor<3xi64>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// -----

// x[a, b] with x [4, 5, 6], a [2, 1], b [3]: the indices broadcast to [2, 3],
// are wrapped by their dim sizes (a by 4, b by 5), and linearized row-major as
// a * 5 + b into the [20, 6] flattening of x; one take gathers the rows.
// CHECK-LABEL: func.func @index_two
// CHECK-SAME: (%[[X:.+]]: tensor<4x5x6xf32>, %[[A:.+]]: tensor<2x1xi64>, %[[B:.+]]: tensor<3xi64>)
// CHECK-DAG: %[[FOUR:.+]] = prim.constant dense<4> : tensor<2x3xi64>
// CHECK-DAG: %[[FIVE:.+]] = prim.constant dense<5> : tensor<2x3xi64>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0> : tensor<2x3xi64>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [1] : tensor<3xi64> -> tensor<2x3xi64>
// CHECK: %[[BNEG:.+]] = prim.compare %[[BB]], %[[ZERO]], predicate = lt : tensor<2x3xi64>
// CHECK: %[[BP:.+]] = prim.add %[[BB]], %[[FIVE]] : tensor<2x3xi64>
// CHECK: %[[BW:.+]] = prim.select %[[BNEG]], %[[BP]], %[[BB]] : tensor<2x3xi1>, tensor<2x3xi64>
// CHECK: %[[AB:.+]] = prim.broadcast_in_dim %[[A]], dims = [0, 1] : tensor<2x1xi64> -> tensor<2x3xi64>
// CHECK: %[[ANEG:.+]] = prim.compare %[[AB]], %[[ZERO]], predicate = lt : tensor<2x3xi64>
// CHECK: %[[AP:.+]] = prim.add %[[AB]], %[[FOUR]] : tensor<2x3xi64>
// CHECK: %[[AW:.+]] = prim.select %[[ANEG]], %[[AP]], %[[AB]] : tensor<2x3xi1>, tensor<2x3xi64>
// CHECK: %[[AS:.+]] = prim.mul %[[AW]], %[[FIVE]] : tensor<2x3xi64>
// CHECK: %[[LIN:.+]] = prim.add %[[BW]], %[[AS]] : tensor<2x3xi64>
// CHECK: %[[FLAT:.+]] = prim.reshape %[[X]] : tensor<4x5x6xf32> -> tensor<20x6xf32>
// CHECK: %[[R:.+]] = prim.take %[[FLAT]], %[[LIN]], dim = 0 : (tensor<20x6xf32>, tensor<2x3xi64>) -> tensor<2x3x6xf32>
// CHECK: return %[[R]]
func.func @index_two(%x: tensor<4x5x6xf32>, %a: tensor<2x1xi64>, %b: tensor<3xi64>) -> tensor<2x3x6xf32> {
  %0 = aten.call "aten.index.Tensor"(self: %x, indices: [%a, %b]) : (tensor<4x5x6xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}
