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
