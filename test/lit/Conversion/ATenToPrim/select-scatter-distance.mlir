// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// index_select along dim -2 (= 1): a prim.take of whole slices.
// CHECK-LABEL: func.func @index_select
// CHECK: prim.take %arg0, %arg1, dim = 1 : (tensor<5x6x3xf32>, tensor<2xi64>) -> tensor<5x2x3xf32>
func.func @index_select(%x: tensor<5x6x3xf32>, %i: tensor<2xi64>) -> tensor<5x2x3xf32> {
  %0 = aten.call "aten.index_select.default"(self: %x, index: %i) {dim = -2 : i64} : (tensor<5x6x3xf32>, tensor<2xi64>) -> tensor<5x2x3xf32>
  return %0 : tensor<5x2x3xf32>
}

// -----

// slice_scatter(dim 1, 1:5:2): src columns 0 and 1 land on columns 1 and 3,
// the rest of self is kept.
// CHECK-LABEL: func.func @slice_scatter
// CHECK-DAG: %[[MASK:.+]] = prim.constant dense<[false, true, false, true, false, false]> : tensor<6xi1>
// CHECK-DAG: %[[IDX:.+]] = prim.constant dense<[0, 0, 0, 1, 0, 0]> : tensor<6xi64>
// CHECK: %[[SPREAD:.+]] = prim.take %arg1, %[[IDX]], dim = 1
// CHECK: %[[M:.+]] = prim.broadcast_in_dim %[[MASK]], dims = [1]
// CHECK: prim.select %[[M]], %[[SPREAD]], %arg0
func.func @slice_scatter(%x: tensor<2x6xf32>, %s: tensor<2x2xf32>) -> tensor<2x6xf32> {
  %0 = aten.call "aten.slice_scatter.default"(self: %x, src: %s) {dim = 1 : i64, start = 1 : i64, end = 5 : i64, step = 2 : i64} : (tensor<2x6xf32>, tensor<2x2xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// select_scatter(dim 1, index -1): src becomes the last column.
// CHECK-LABEL: func.func @select_scatter
// CHECK-DAG: %[[MASK:.+]] = prim.constant dense<[false, false, false, true]> : tensor<4xi1>
// CHECK: %[[S:.+]] = prim.reshape %arg1 : tensor<2xf32> -> tensor<2x1xf32>
// CHECK: %[[SPREAD:.+]] = prim.take %[[S]], %{{.+}}, dim = 1
// CHECK: prim.select %{{.+}}, %[[SPREAD]], %arg0
func.func @select_scatter(%x: tensor<2x4xf32>, %s: tensor<2xf32>) -> tensor<2x4xf32> {
  %0 = aten.call "aten.select_scatter.default"(self: %x, src: %s) {dim = 1 : i64, index = -1 : i64} : (tensor<2x4xf32>, tensor<2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// pdist of 3 rows: pairs (0,1), (0,2), (1,2) in order, Euclidean.
// CHECK-LABEL: func.func @pdist
// CHECK-DAG: %[[J:.+]] = prim.constant dense<[1, 2, 2]> : tensor<3xi64>
// CHECK-DAG: %[[I:.+]] = prim.constant dense<[0, 0, 1]> : tensor<3xi64>
// CHECK: %[[A:.+]] = prim.take %arg0, %[[I]], dim = 0
// CHECK: %[[B:.+]] = prim.take %arg0, %[[J]], dim = 0
// CHECK: %[[D:.+]] = prim.sub %[[A]], %[[B]]
// CHECK: %[[SQ:.+]] = prim.mul %[[D]], %[[D]]
// CHECK: %[[S:.+]] = prim.reduce sum %[[SQ]], dims = [1]
// CHECK: prim.sqrt %[[S]]
func.func @pdist(%x: tensor<3x2xf32>) -> tensor<3xf32> {
  %0 = aten.call "aten._pdist_forward.default"(self: %x) {p = 2.0 : f64} : (tensor<3x2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// cdist with p = 1: |x1[p] - x2[r]| summed over the features.
// CHECK-LABEL: func.func @cdist_l1
// CHECK: %[[A:.+]] = prim.broadcast_in_dim %arg0, dims = [0, 2] : tensor<4x3xf32> -> tensor<4x5x3xf32>
// CHECK: %[[B:.+]] = prim.broadcast_in_dim %arg1, dims = [1, 2] : tensor<5x3xf32> -> tensor<4x5x3xf32>
// CHECK: %[[D:.+]] = prim.sub %[[A]], %[[B]]
// CHECK: %[[M:.+]] = prim.abs %[[D]]
// CHECK: prim.reduce sum %[[M]], dims = [2]
func.func @cdist_l1(%a: tensor<4x3xf32>, %b: tensor<5x3xf32>) -> tensor<4x5xf32> {
  %0 = aten.call "aten._cdist_forward.default"(x1: %a, x2: %b) {p = 1.0 : f64, compute_mode = #aten.none} : (tensor<4x3xf32>, tensor<5x3xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// cdist with p = 2 and 30 > 25 rows: torch's matmul form. [x1 * -2, |x1|^2,
// 1] times [x2, 1, |x2|^2]^T, clamped at 0, square-rooted.
// CHECK-LABEL: func.func @cdist_matmul
// CHECK-DAG: %[[ZERO:.+]] = prim.constant dense<0.000000e+00> : tensor<2x30x5xf32>
// CHECK-DAG: %[[ONES1:.+]] = prim.constant dense<1.000000e+00> : tensor<2x30x1xf32>
// CHECK-DAG: %[[ONES2:.+]] = prim.constant dense<1.000000e+00> : tensor<2x5x1xf32>
// CHECK-DAG: %[[MINUS2:.+]] = prim.constant dense<-2.000000e+00> : tensor<2x30x3xf32>
// CHECK: %[[SCALED:.+]] = prim.mul %arg0, %[[MINUS2]]
// CHECK: %[[SQ1:.+]] = prim.mul %arg0, %arg0
// CHECK: %[[N1:.+]] = prim.reduce sum %[[SQ1]], dims = [2]
// CHECK: %[[LHS:.+]] = prim.concatenate [%[[SCALED]], %{{.+}}, %[[ONES1]]], dim = 2
// CHECK-SAME: -> tensor<2x30x5xf32>
// CHECK: %[[SQ2:.+]] = prim.mul %arg1, %arg1
// CHECK: %[[RHS:.+]] = prim.concatenate [%arg1, %[[ONES2]], %{{.+}}], dim = 2
// CHECK: %[[RHST:.+]] = prim.transpose %[[RHS]], permutation = [0, 2, 1] : tensor<2x5x5xf32> -> tensor<2x5x5xf32>
// CHECK: %[[PROD:.+]] = prim.matmul %[[LHS]], %[[RHST]] : (tensor<2x30x5xf32>, tensor<2x5x5xf32>) -> tensor<2x30x5xf32>
// CHECK: %[[POS:.+]] = prim.max %[[PROD]], %[[ZERO]]
// CHECK: prim.sqrt %[[POS]]
func.func @cdist_matmul(%a: tensor<2x30x3xf32>, %b: tensor<2x5x3xf32>) -> tensor<2x30x5xf32> {
  %0 = aten.call "aten._cdist_forward.default"(x1: %a, x2: %b) {p = 2.0 : f64, compute_mode = #aten.none} : (tensor<2x30x3xf32>, tensor<2x5x3xf32>) -> tensor<2x30x5xf32>
  return %0 : tensor<2x30x5xf32>
}

// -----

// compute_mode 2 never uses the matmul form: the direct differences.
// CHECK-LABEL: func.func @cdist_direct_mode
// CHECK-NOT: prim.matmul
// CHECK: prim.sub
// CHECK: prim.sqrt
func.func @cdist_direct_mode(%a: tensor<30x3xf32>, %b: tensor<5x3xf32>) -> tensor<30x5xf32> {
  %0 = aten.call "aten._cdist_forward.default"(x1: %a, x2: %b) {p = 2.0 : f64, compute_mode = 2 : i64} : (tensor<30x3xf32>, tensor<5x3xf32>) -> tensor<30x5xf32>
  return %0 : tensor<30x5xf32>
}
