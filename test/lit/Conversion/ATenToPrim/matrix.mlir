// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// tril(x, 1) keeps x[..., i, j] where j - i <= 1: a mask from two iotas over
// the last two dims, broadcast over the batch; triu(x, -1) where j - i >= -1.
// CHECK-LABEL: func.func @tril_triu
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK-DAG: %[[ONE:.+]] = prim.constant dense<1> : tensor<3x4xi64>
// CHECK-DAG: %[[MONE:.+]] = prim.constant dense<-1> : tensor<3x4xi64>
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<2x3x4xf32>
// CHECK: %[[ROW:.+]] = prim.iota dim = 0 : tensor<3x4xi64>
// CHECK: %[[COL:.+]] = prim.iota dim = 1 : tensor<3x4xi64>
// CHECK: %[[D:.+]] = prim.sub %[[COL]], %[[ROW]] : tensor<3x4xi64>
// CHECK: %[[K:.+]] = prim.compare %[[D]], %[[ONE]], predicate = le
// CHECK: %[[KB:.+]] = prim.broadcast_in_dim %[[K]], dims = [1, 2] : tensor<3x4xi1> -> tensor<2x3x4xi1>
// CHECK: %[[L:.+]] = prim.select %[[KB]], %[[X]], %[[ZERO]]
// CHECK: %[[U:.+]] = prim.compare %{{.+}}, %[[MONE]], predicate = ge
// CHECK: return %[[L]]
func.func @tril_triu(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = aten.call "aten.tril.default"(self: %x) {diagonal = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %1 = aten.call "aten.triu.default"(self: %x) {diagonal = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// -----

// trace(x) sums x[i, i]: the diagonal selected (j - i == 0), the rest 0,
// reduced over both dims; an int32 matrix sums to int64, as torch.
// CHECK-LABEL: func.func @trace
// CHECK-SAME: (%[[X:.+]]: tensor<3x4xi32>)
// CHECK-DAG: %[[Z:.+]] = prim.constant dense<0> : tensor<3x4xi64>
// CHECK: %[[XL:.+]] = prim.convert %[[X]] : tensor<3x4xi32> -> tensor<3x4xi64>
// CHECK: %[[EQ:.+]] = prim.compare %{{.+}}, %[[Z]], predicate = eq
// CHECK: %[[KEPT:.+]] = prim.select %[[EQ]], %[[XL]], %[[Z]]
// CHECK: %[[S:.+]] = prim.reduce sum %[[KEPT]], dims = [0, 1]
// CHECK: return %[[S]]
func.func @trace(%x: tensor<3x4xi32>) -> tensor<i64> {
  %0 = aten.call "aten.trace.default"(self: %x) : (tensor<3x4xi32>) -> tensor<i64>
  return %0 : tensor<i64>
}
