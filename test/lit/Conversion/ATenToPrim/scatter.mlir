// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// scatter_add along the last dim: hit[i, j, d] = (index[i, j] == d); the
// sources hitting each d summed over j and added; untouched positions keep
// self.
// CHECK-LABEL: func.func @scatter_add
// CHECK: %[[T:.+]] = prim.broadcast_in_dim %arg1, dims = [0, 1] : tensor<3x4xi64> -> tensor<3x4x5xi64>
// CHECK: %[[D:.+]] = prim.iota dim = 2 : tensor<3x4x5xi64>
// CHECK: %[[HIT:.+]] = prim.compare %[[T]], %[[D]], predicate = eq
// CHECK: %[[V:.+]] = prim.broadcast_in_dim %arg2, dims = [0, 1] : tensor<3x4xf32> -> tensor<3x4x5xf32>
// CHECK: %[[ANY:.+]] = prim.reduce max %{{.+}}, dims = [1] : tensor<3x4x5xi64> -> tensor<3x5xi64>
// CHECK: %[[TOUCHED:.+]] = prim.compare %[[ANY]], %{{.+}}, predicate = gt
// CHECK: %[[PICK:.+]] = prim.select %[[HIT]], %[[V]], %{{.+}}
// CHECK: %[[SUM:.+]] = prim.reduce sum %[[PICK]], dims = [1] : tensor<3x4x5xf32> -> tensor<3x5xf32>
// CHECK: %[[ADD:.+]] = prim.add %arg0, %[[SUM]]
// CHECK: prim.select %[[TOUCHED]], %[[ADD]], %arg0
func.func @scatter_add(%x: tensor<3x5xf32>, %i: tensor<3x4xi64>, %s: tensor<3x4xf32>) -> tensor<3x5xf32> {
  %0 = aten.call "aten.scatter_add.default"(self: %x, index: %i, src: %s) {dim = 1 : i64} : (tensor<3x5xf32>, tensor<3x4xi64>, tensor<3x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// scatter.value along dim 0: the dim moved last, the last j hitting each
// position picks the (splatted) source, and the dim moved back.
// CHECK-LABEL: func.func @scatter_value
// CHECK: %[[S:.+]] = prim.transpose %arg0, permutation = [1, 0]
// CHECK: %[[J:.+]] = prim.iota dim = 1 : tensor<3x1x2xi64>
// CHECK: %[[LAST:.+]] = prim.reduce max %{{.+}}, dims = [1] : tensor<3x1x2xi64> -> tensor<3x2xi64>
// CHECK: %[[V:.+]] = prim.take_along %{{.+}}, %[[LAST]], dim = 1 : (tensor<3x1xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
// CHECK: %[[R:.+]] = prim.select %{{.+}}, %[[V]], %[[S]]
// CHECK: prim.transpose %[[R]], permutation = [1, 0] : tensor<3x2xf32> -> tensor<2x3xf32>
func.func @scatter_value(%x: tensor<2x3xf32>, %i: tensor<1x3xi64>) -> tensor<2x3xf32> {
  %0 = aten.call "aten.scatter.value"(self: %x, index: %i) {dim = 0 : i64, value = 2.0 : f64} : (tensor<2x3xf32>, tensor<1x3xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// index_put(accumulate=True) of rows: negative indices wrap (+5), the rows
// are scattered along dim 0 and summed into self.
// CHECK-LABEL: func.func @index_put
// CHECK-DAG: %[[FIVE:.+]] = prim.constant dense<5> : tensor<3xi64>
// CHECK: %[[NEG:.+]] = prim.compare %{{.+}}, %{{.+}}, predicate = lt : tensor<3xi64>
// CHECK: %[[WRAP:.+]] = prim.add %{{.+}}, %[[FIVE]]
// CHECK: prim.select %[[NEG]], %[[WRAP]], %{{.+}} : tensor<3xi1>, tensor<3xi64>
// CHECK: %[[SUM:.+]] = prim.reduce sum %{{.+}}, dims = [1] : tensor<4x3x5xf32> -> tensor<4x5xf32>
// CHECK: prim.add %{{.+}}, %[[SUM]] : tensor<4x5xf32>
// CHECK: prim.transpose %{{.+}}, permutation = [1, 0] : tensor<4x5xf32> -> tensor<5x4xf32>
func.func @index_put(%x: tensor<5x4xf32>, %i: tensor<3xi64>, %v: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %0 = aten.call "aten.index_put.default"(self: %x, indices: [%i], values: %v) {accumulate = true} : (tensor<5x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}
