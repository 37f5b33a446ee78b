// RUN: %pt2c-opt %s --pt2c-decompose-aten --split-input-file | FileCheck %s

// eq(x, y) = x == y -> bool; x [2, 1] and y [1, 3] both broadcast to [2, 3].
// CHECK-LABEL: func.func @eq_tensor
// CHECK-SAME: (%[[X:.+]]: tensor<2x1xi64>, %[[Y:.+]]: tensor<1x3xi64>)
// CHECK-DAG: %[[XB:.+]] = prim.broadcast_in_dim %[[X]], dims = [0, 1] : tensor<2x1xi64> -> tensor<2x3xi64>
// CHECK-DAG: %[[YB:.+]] = prim.broadcast_in_dim %[[Y]], dims = [0, 1] : tensor<1x3xi64> -> tensor<2x3xi64>
// CHECK: %[[R:.+]] = prim.compare %[[XB]], %[[YB]], predicate = eq : tensor<2x3xi64>
// CHECK: return %[[R]] : tensor<2x3xi1>
func.func @eq_tensor(%x: tensor<2x1xi64>, %y: tensor<1x3xi64>) -> tensor<2x3xi1> {
  %0 = aten.call "aten.eq.Tensor"(self: %x, other: %y) : (tensor<2x1xi64>, tensor<1x3xi64>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// ne(x, y) = x != y -> bool; x [2, 1] and y [1, 3] both broadcast to [2, 3].
// CHECK-LABEL: func.func @ne_tensor
// CHECK-SAME: (%[[X:.+]]: tensor<2x1xi64>, %[[Y:.+]]: tensor<1x3xi64>)
// CHECK-DAG: %[[XB:.+]] = prim.broadcast_in_dim %[[X]], dims = [0, 1] : tensor<2x1xi64> -> tensor<2x3xi64>
// CHECK-DAG: %[[YB:.+]] = prim.broadcast_in_dim %[[Y]], dims = [0, 1] : tensor<1x3xi64> -> tensor<2x3xi64>
// CHECK: %[[R:.+]] = prim.compare %[[XB]], %[[YB]], predicate = ne : tensor<2x3xi64>
// CHECK: return %[[R]] : tensor<2x3xi1>
func.func @ne_tensor(%x: tensor<2x1xi64>, %y: tensor<1x3xi64>) -> tensor<2x3xi1> {
  %0 = aten.call "aten.ne.Tensor"(self: %x, other: %y) : (tensor<2x1xi64>, tensor<1x3xi64>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// lt(x, y) = x < y -> bool; x [2, 1] and y [1, 3] both broadcast to [2, 3].
// CHECK-LABEL: func.func @lt_tensor
// CHECK-SAME: (%[[X:.+]]: tensor<2x1xi64>, %[[Y:.+]]: tensor<1x3xi64>)
// CHECK-DAG: %[[XB:.+]] = prim.broadcast_in_dim %[[X]], dims = [0, 1] : tensor<2x1xi64> -> tensor<2x3xi64>
// CHECK-DAG: %[[YB:.+]] = prim.broadcast_in_dim %[[Y]], dims = [0, 1] : tensor<1x3xi64> -> tensor<2x3xi64>
// CHECK: %[[R:.+]] = prim.compare %[[XB]], %[[YB]], predicate = lt : tensor<2x3xi64>
// CHECK: return %[[R]] : tensor<2x3xi1>
func.func @lt_tensor(%x: tensor<2x1xi64>, %y: tensor<1x3xi64>) -> tensor<2x3xi1> {
  %0 = aten.call "aten.lt.Tensor"(self: %x, other: %y) : (tensor<2x1xi64>, tensor<1x3xi64>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// le(x, y) = x <= y -> bool; x [2, 1] and y [1, 3] both broadcast to [2, 3].
// CHECK-LABEL: func.func @le_tensor
// CHECK-SAME: (%[[X:.+]]: tensor<2x1xi64>, %[[Y:.+]]: tensor<1x3xi64>)
// CHECK-DAG: %[[XB:.+]] = prim.broadcast_in_dim %[[X]], dims = [0, 1] : tensor<2x1xi64> -> tensor<2x3xi64>
// CHECK-DAG: %[[YB:.+]] = prim.broadcast_in_dim %[[Y]], dims = [0, 1] : tensor<1x3xi64> -> tensor<2x3xi64>
// CHECK: %[[R:.+]] = prim.compare %[[XB]], %[[YB]], predicate = le : tensor<2x3xi64>
// CHECK: return %[[R]] : tensor<2x3xi1>
func.func @le_tensor(%x: tensor<2x1xi64>, %y: tensor<1x3xi64>) -> tensor<2x3xi1> {
  %0 = aten.call "aten.le.Tensor"(self: %x, other: %y) : (tensor<2x1xi64>, tensor<1x3xi64>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// gt(x, y) = x > y -> bool; x [2, 1] and y [1, 3] both broadcast to [2, 3].
// CHECK-LABEL: func.func @gt_tensor
// CHECK-SAME: (%[[X:.+]]: tensor<2x1xi64>, %[[Y:.+]]: tensor<1x3xi64>)
// CHECK-DAG: %[[XB:.+]] = prim.broadcast_in_dim %[[X]], dims = [0, 1] : tensor<2x1xi64> -> tensor<2x3xi64>
// CHECK-DAG: %[[YB:.+]] = prim.broadcast_in_dim %[[Y]], dims = [0, 1] : tensor<1x3xi64> -> tensor<2x3xi64>
// CHECK: %[[R:.+]] = prim.compare %[[XB]], %[[YB]], predicate = gt : tensor<2x3xi64>
// CHECK: return %[[R]] : tensor<2x3xi1>
func.func @gt_tensor(%x: tensor<2x1xi64>, %y: tensor<1x3xi64>) -> tensor<2x3xi1> {
  %0 = aten.call "aten.gt.Tensor"(self: %x, other: %y) : (tensor<2x1xi64>, tensor<1x3xi64>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// ge(x, y) = x >= y -> bool; x [2, 1] and y [1, 3] both broadcast to [2, 3].
// CHECK-LABEL: func.func @ge_tensor
// CHECK-SAME: (%[[X:.+]]: tensor<2x1xi64>, %[[Y:.+]]: tensor<1x3xi64>)
// CHECK-DAG: %[[XB:.+]] = prim.broadcast_in_dim %[[X]], dims = [0, 1] : tensor<2x1xi64> -> tensor<2x3xi64>
// CHECK-DAG: %[[YB:.+]] = prim.broadcast_in_dim %[[Y]], dims = [0, 1] : tensor<1x3xi64> -> tensor<2x3xi64>
// CHECK: %[[R:.+]] = prim.compare %[[XB]], %[[YB]], predicate = ge : tensor<2x3xi64>
// CHECK: return %[[R]] : tensor<2x3xi1>
func.func @ge_tensor(%x: tensor<2x1xi64>, %y: tensor<1x3xi64>) -> tensor<2x3xi1> {
  %0 = aten.call "aten.ge.Tensor"(self: %x, other: %y) : (tensor<2x1xi64>, tensor<1x3xi64>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// eq(x, c) = x == c: the scalar is a constant of x's (float) type.
// CHECK-LABEL: func.func @eq_scalar
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK: %[[C:.+]] = prim.constant dense<1.500000e+00> : tensor<2x3xf32>
// CHECK: %[[R:.+]] = prim.compare %[[X]], %[[C]], predicate = eq : tensor<2x3xf32>
// CHECK: return %[[R]] : tensor<2x3xi1>
func.func @eq_scalar(%x: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = aten.call "aten.eq.Scalar"(self: %x) {other = 1.500000e+00 : f64} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// ne(x, c) = x != c: the scalar is a constant of x's (float) type.
// CHECK-LABEL: func.func @ne_scalar
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK: %[[C:.+]] = prim.constant dense<-2.000000e+00> : tensor<2x3xf32>
// CHECK: %[[R:.+]] = prim.compare %[[X]], %[[C]], predicate = ne : tensor<2x3xf32>
// CHECK: return %[[R]] : tensor<2x3xi1>
func.func @ne_scalar(%x: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = aten.call "aten.ne.Scalar"(self: %x) {other = -2.000000e+00 : f64} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// lt(x, c) = x < c: the scalar is a constant of x's (float) type.
// CHECK-LABEL: func.func @lt_scalar
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK: %[[C:.+]] = prim.constant dense<2.500000e-01> : tensor<2x3xf32>
// CHECK: %[[R:.+]] = prim.compare %[[X]], %[[C]], predicate = lt : tensor<2x3xf32>
// CHECK: return %[[R]] : tensor<2x3xi1>
func.func @lt_scalar(%x: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = aten.call "aten.lt.Scalar"(self: %x) {other = 2.500000e-01 : f64} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// le(x, c) = x <= c: the scalar is a constant of x's (float) type.
// CHECK-LABEL: func.func @le_scalar
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK: %[[C:.+]] = prim.constant dense<3.000000e+00> : tensor<2x3xf32>
// CHECK: %[[R:.+]] = prim.compare %[[X]], %[[C]], predicate = le : tensor<2x3xf32>
// CHECK: return %[[R]] : tensor<2x3xi1>
func.func @le_scalar(%x: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = aten.call "aten.le.Scalar"(self: %x) {other = 3.000000e+00 : f64} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// gt(x, c) = x > c: the scalar is a constant of x's (float) type.
// CHECK-LABEL: func.func @gt_scalar
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK: %[[C:.+]] = prim.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK: %[[R:.+]] = prim.compare %[[X]], %[[C]], predicate = gt : tensor<2x3xf32>
// CHECK: return %[[R]] : tensor<2x3xi1>
func.func @gt_scalar(%x: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = aten.call "aten.gt.Scalar"(self: %x) {other = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// ge(x, c) = x >= c: the scalar is a constant of x's (float) type.
// CHECK-LABEL: func.func @ge_scalar
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
// CHECK: %[[C:.+]] = prim.constant dense<1.000000e+00> : tensor<2x3xf32>
// CHECK: %[[R:.+]] = prim.compare %[[X]], %[[C]], predicate = ge : tensor<2x3xf32>
// CHECK: return %[[R]] : tensor<2x3xi1>
func.func @ge_scalar(%x: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = aten.call "aten.ge.Scalar"(self: %x) {other = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// An int tensor against a non-integral scalar compares in f32 (torch's
// promotion to the default float type): float(x) < 2.5, not x < 2.
// CHECK-LABEL: func.func @lt_scalar_promotes
// CHECK-SAME: (%[[X:.+]]: tensor<4xi64>)
// CHECK-DAG: %[[C:.+]] = prim.constant dense<2.500000e+00> : tensor<4xf32>
// CHECK-DAG: %[[XF:.+]] = prim.convert %[[X]] : tensor<4xi64> -> tensor<4xf32>
// CHECK: %[[R:.+]] = prim.compare %[[XF]], %[[C]], predicate = lt : tensor<4xf32>
// CHECK: return %[[R]] : tensor<4xi1>
func.func @lt_scalar_promotes(%x: tensor<4xi64>) -> tensor<4xi1> {
  %0 = aten.call "aten.lt.Scalar"(self: %x) {other = 2.500000e+00 : f64} : (tensor<4xi64>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// An int tensor against an int scalar stays in i64: x != 1.
// CHECK-LABEL: func.func @ne_scalar_int
// CHECK-SAME: (%[[X:.+]]: tensor<2x16xi64>)
// CHECK: %[[C:.+]] = prim.constant dense<1> : tensor<2x16xi64>
// CHECK: %[[R:.+]] = prim.compare %[[X]], %[[C]], predicate = ne : tensor<2x16xi64>
// CHECK: return %[[R]] : tensor<2x16xi1>
func.func @ne_scalar_int(%x: tensor<2x16xi64>) -> tensor<2x16xi1> {
  %0 = aten.call "aten.ne.Scalar"(self: %x) {other = 1 : i64} : (tensor<2x16xi64>) -> tensor<2x16xi1>
  return %0 : tensor<2x16xi1>
}

// -----

// An int tensor against a float tensor compares in the float type.
// CHECK-LABEL: func.func @lt_tensor_promotes
// CHECK-SAME: (%[[X:.+]]: tensor<4xi64>, %[[Y:.+]]: tensor<4xf32>)
// CHECK: %[[XF:.+]] = prim.convert %[[X]] : tensor<4xi64> -> tensor<4xf32>
// CHECK: %[[R:.+]] = prim.compare %[[XF]], %[[Y]], predicate = lt : tensor<4xf32>
// CHECK: return %[[R]] : tensor<4xi1>
func.func @lt_tensor_promotes(%x: tensor<4xi64>, %y: tensor<4xf32>) -> tensor<4xi1> {
  %0 = aten.call "aten.lt.Tensor"(self: %x, other: %y) : (tensor<4xi64>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// A dynamic batch: the scalar is a splat sized by x's `?` dim.
// CHECK-LABEL: func.func @ge_scalar_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<?x4xf32>)
// CHECK-DAG: %[[ZS:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[N:.+]] = tensor.dim %[[X]], %[[C0]] : tensor<?x4xf32>
// CHECK: %[[Z:.+]] = prim.splat %[[ZS]], dynamic_sizes(%[[N]]) : f32 -> tensor<?x4xf32>
// CHECK: %[[R:.+]] = prim.compare %[[X]], %[[Z]], predicate = ge : tensor<?x4xf32>
// CHECK: return %[[R]] : tensor<?x4xi1>
func.func @ge_scalar_dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xi1> {
  %0 = aten.call "aten.ge.Scalar"(self: %x) {other = 0 : i64} : (tensor<?x4xf32>) -> tensor<?x4xi1>
  return %0 : tensor<?x4xi1>
}

// -----

// cumsum of a bool mask along dim -1 (= 1) counts in i64: the input is
// converted to the result type, then an inclusive prefix sum.
// CHECK-LABEL: func.func @cumsum
// CHECK-SAME: (%[[X:.+]]: tensor<2x16xi1>)
// CHECK: %[[XI:.+]] = prim.convert %[[X]] : tensor<2x16xi1> -> tensor<2x16xi64>
// CHECK: %[[R:.+]] = prim.cumsum %[[XI]], dim = 1 : tensor<2x16xi64>
// CHECK: return %[[R]]
func.func @cumsum(%x: tensor<2x16xi1>) -> tensor<2x16xi64> {
  %0 = aten.call "aten.cumsum.default"(self: %x) {dim = -1 : i64, dtype = #aten.none} : (tensor<2x16xi1>) -> tensor<2x16xi64>
  return %0 : tensor<2x16xi64>
}

// -----

// mean over dims [-1, 1] (= [1, 2], 3*4 = 12 elements), keepdim:
// sum, reshaped to keep size-1 dims, times 1/12.
// CHECK-LABEL: func.func @mean_keepdim
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK: %[[INV:.+]] = prim.constant dense<0.0833333358> : tensor<2x1x1xf32>
// CHECK: %[[S:.+]] = prim.reduce sum %[[X]], dims = [1, 2] : tensor<2x3x4xf32> -> tensor<2xf32>
// CHECK: %[[K:.+]] = prim.reshape %[[S]] : tensor<2xf32> -> tensor<2x1x1xf32>
// CHECK: %[[R:.+]] = prim.mul %[[K]], %[[INV]] : tensor<2x1x1xf32>
// CHECK: return %[[R]]
func.func @mean_keepdim(%x: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
  %0 = aten.call "aten.mean.dim"(self: %x) {dim = array<i64: -1, 1>, dtype = #aten.none, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
  return %0 : tensor<2x1x1xf32>
}

// -----

// mean over dims [0, 2] (2*4 = 8 elements) without keepdim: sum * 1/8.
// CHECK-LABEL: func.func @mean
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x4xf32>)
// CHECK: %[[INV:.+]] = prim.constant dense<1.250000e-01> : tensor<3xf32>
// CHECK: %[[S:.+]] = prim.reduce sum %[[X]], dims = [0, 2] : tensor<2x3x4xf32> -> tensor<3xf32>
// CHECK-NOT: prim.reshape
// CHECK: %[[R:.+]] = prim.mul %[[S]], %[[INV]] : tensor<3xf32>
// CHECK: return %[[R]]
func.func @mean(%x: tensor<2x3x4xf32>) -> tensor<3xf32> {
  %0 = aten.call "aten.mean.dim"(self: %x) {dim = array<i64: 0, 2>, dtype = #aten.none, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// mean over the last dim (4 elements) with a dynamic batch: the keepdim
// reshape and the 1/4 splat are sized by the `?`.
// CHECK-LABEL: func.func @mean_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<?x3x4xf32>)
// CHECK-DAG: %[[Q:.+]] = arith.constant 2.500000e-01 : f32
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[S:.+]] = prim.reduce sum %[[X]], dims = [2] : tensor<?x3x4xf32> -> tensor<?x3xf32>
// CHECK: %[[N:.+]] = tensor.dim %[[X]], %[[C0]]
// CHECK: %[[K:.+]] = prim.reshape %[[S]], dynamic_sizes(%[[N]]) : tensor<?x3xf32> -> tensor<?x3x1xf32>
// CHECK: %[[N2:.+]] = tensor.dim %[[K]], %[[C0]]
// CHECK: %[[INV:.+]] = prim.splat %[[Q]], dynamic_sizes(%[[N2]]) : f32 -> tensor<?x3x1xf32>
// CHECK: %[[R:.+]] = prim.mul %[[K]], %[[INV]] : tensor<?x3x1xf32>
// CHECK: return %[[R]]
func.func @mean_dynamic(%x: tensor<?x3x4xf32>) -> tensor<?x3x1xf32> {
  %0 = aten.call "aten.mean.dim"(self: %x) {dim = array<i64: -1>, dtype = #aten.none, keepdim = true} : (tensor<?x3x4xf32>) -> tensor<?x3x1xf32>
  return %0 : tensor<?x3x1xf32>
}

// -----

// matmul with broadcast batch dims: [2, 1] and [3] broadcast to [2, 3],
// then one batched [4, 8] x [8, 5] matmul.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.+]]: tensor<2x1x4x8xf32>, %[[B:.+]]: tensor<3x8x5xf32>)
// CHECK: %[[AB:.+]] = prim.broadcast_in_dim %[[A]], dims = [0, 1, 2, 3] : tensor<2x1x4x8xf32> -> tensor<2x3x4x8xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [1, 2, 3] : tensor<3x8x5xf32> -> tensor<2x3x8x5xf32>
// CHECK: %[[R:.+]] = prim.matmul %[[AB]], %[[BB]] : (tensor<2x3x4x8xf32>, tensor<2x3x8x5xf32>) -> tensor<2x3x4x5xf32>
// CHECK: return %[[R]]
func.func @matmul(%a: tensor<2x1x4x8xf32>, %b: tensor<3x8x5xf32>) -> tensor<2x3x4x5xf32> {
  %0 = aten.call "aten.matmul.default"(self: %a, other: %b) : (tensor<2x1x4x8xf32>, tensor<3x8x5xf32>) -> tensor<2x3x4x5xf32>
  return %0 : tensor<2x3x4x5xf32>
}

// -----

// addmm(b, m1, m2, beta=0.5, alpha=2) = 2 * (m1 @ m2) + 0.5 * b, b [5]
// broadcast along the rows.
// CHECK-LABEL: func.func @addmm
// CHECK-SAME: (%[[B:.+]]: tensor<5xf32>, %[[M1:.+]]: tensor<4x8xf32>, %[[M2:.+]]: tensor<8x5xf32>)
// CHECK-DAG: %[[BETA:.+]] = prim.constant dense<5.000000e-01> : tensor<4x5xf32>
// CHECK-DAG: %[[ALPHA:.+]] = prim.constant dense<2.000000e+00> : tensor<4x5xf32>
// CHECK: %[[MM:.+]] = prim.matmul %[[M1]], %[[M2]] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
// CHECK: %[[AMM:.+]] = prim.mul %[[MM]], %[[ALPHA]] : tensor<4x5xf32>
// CHECK: %[[BB:.+]] = prim.broadcast_in_dim %[[B]], dims = [1] : tensor<5xf32> -> tensor<4x5xf32>
// CHECK: %[[SB:.+]] = prim.mul %[[BB]], %[[BETA]] : tensor<4x5xf32>
// CHECK: %[[R:.+]] = prim.add %[[AMM]], %[[SB]] : tensor<4x5xf32>
// CHECK: return %[[R]]
func.func @addmm(%b: tensor<5xf32>, %m1: tensor<4x8xf32>, %m2: tensor<8x5xf32>) -> tensor<4x5xf32> {
  %0 = aten.call "aten.addmm.default"(self: %b, mat1: %m1, mat2: %m2) {alpha = 2 : i64, beta = 5.000000e-01 : f64} : (tensor<5xf32>, tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// diff(x, dim=-1, prepend=p) = y[:, 1:] - y[:, :-1] with y = cat([p, x], 1).
// CHECK-LABEL: func.func @diff_prepend
// CHECK-SAME: (%[[X:.+]]: tensor<2x5xi64>, %[[P:.+]]: tensor<2x1xi64>)
// CHECK: %[[Y:.+]] = prim.concatenate [%[[P]], %[[X]]], dim = 1 : (tensor<2x1xi64>, tensor<2x5xi64>) -> tensor<2x6xi64>
// CHECK: %[[HI:.+]] = prim.slice %[[Y]] [0:2, 1:6] : tensor<2x6xi64> -> tensor<2x5xi64>
// CHECK: %[[LO:.+]] = prim.slice %[[Y]] [0:2, 0:5] : tensor<2x6xi64> -> tensor<2x5xi64>
// CHECK: %[[R:.+]] = prim.sub %[[HI]], %[[LO]] : tensor<2x5xi64>
// CHECK: return %[[R]]
func.func @diff_prepend(%x: tensor<2x5xi64>, %p: tensor<2x1xi64>) -> tensor<2x5xi64> {
  %0 = aten.call "aten.diff.default"(self: %x, prepend: %p) {append = #aten.none, dim = -1 : i64, n = 1 : i64} : (tensor<2x5xi64>, tensor<2x1xi64>) -> tensor<2x5xi64>
  return %0 : tensor<2x5xi64>
}

// -----

// diff of a bool tensor along dim 0 is a logical xor of neighbours
// (torch uses logical_xor for bool): x[1:] ^ x[:-1].
// CHECK-LABEL: func.func @diff_bool
// CHECK-SAME: (%[[X:.+]]: tensor<5x2xi1>)
// CHECK: %[[HI:.+]] = prim.slice %[[X]] [1:5, 0:2] : tensor<5x2xi1> -> tensor<4x2xi1>
// CHECK: %[[LO:.+]] = prim.slice %[[X]] [0:4, 0:2] : tensor<5x2xi1> -> tensor<4x2xi1>
// CHECK: %[[R:.+]] = prim.xor %[[HI]], %[[LO]] : tensor<4x2xi1>
// CHECK: return %[[R]]
func.func @diff_bool(%x: tensor<5x2xi1>) -> tensor<4x2xi1> {
  %0 = aten.call "aten.diff.default"(self: %x) {append = #aten.none, prepend = #aten.none, dim = 0 : i64, n = 1 : i64} : (tensor<5x2xi1>) -> tensor<4x2xi1>
  return %0 : tensor<4x2xi1>
}

// -----

// diff with n = 2 differences twice, each time one shorter along dim 0.
// CHECK-LABEL: func.func @diff_twice
// CHECK-SAME: (%[[X:.+]]: tensor<3x8xf32>)
// CHECK: %[[HI:.+]] = prim.slice %[[X]] [1:3, 0:8] : tensor<3x8xf32> -> tensor<2x8xf32>
// CHECK: %[[LO:.+]] = prim.slice %[[X]] [0:2, 0:8] : tensor<3x8xf32> -> tensor<2x8xf32>
// CHECK: %[[D1:.+]] = prim.sub %[[HI]], %[[LO]] : tensor<2x8xf32>
// CHECK: %[[HI2:.+]] = prim.slice %[[D1]] [1:2, 0:8] : tensor<2x8xf32> -> tensor<1x8xf32>
// CHECK: %[[LO2:.+]] = prim.slice %[[D1]] [0:1, 0:8] : tensor<2x8xf32> -> tensor<1x8xf32>
// CHECK: %[[D2:.+]] = prim.sub %[[HI2]], %[[LO2]] : tensor<1x8xf32>
// CHECK: return %[[D2]]
func.func @diff_twice(%x: tensor<3x8xf32>) -> tensor<1x8xf32> {
  %0 = aten.call "aten.diff.default"(self: %x) {append = #aten.none, prepend = #aten.none, dim = 0 : i64, n = 2 : i64} : (tensor<3x8xf32>) -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// Promotion (torch.result_type): a bool tensor against the int 2 compares
// in int64, so eq is false everywhere (converting 2 to bool would say true).
// CHECK-LABEL: func.func @eq_scalar_bool_int
// CHECK-SAME: (%[[X:.+]]: tensor<4xi1>)
// CHECK-DAG: %[[C:.+]] = prim.constant dense<2> : tensor<4xi64>
// CHECK-DAG: %[[W:.+]] = prim.convert %[[X]] : tensor<4xi1> -> tensor<4xi64>
// CHECK: prim.compare %[[W]], %[[C]], predicate = eq : tensor<4xi64>
func.func @eq_scalar_bool_int(%x: tensor<4xi1>) -> tensor<4xi1> {
  %0 = aten.call "aten.eq.Scalar"(self: %x) {other = 2 : i64} : (tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// int32 against int64 compares in int64: no truncation of the wider side.
// CHECK-LABEL: func.func @lt_tensor_i32_i64
// CHECK-SAME: (%[[X:.+]]: tensor<4xi32>, %[[Y:.+]]: tensor<4xi64>)
// CHECK: %[[W:.+]] = prim.convert %[[X]] : tensor<4xi32> -> tensor<4xi64>
// CHECK: prim.compare %[[W]], %[[Y]], predicate = lt : tensor<4xi64>
func.func @lt_tensor_i32_i64(%x: tensor<4xi32>, %y: tensor<4xi64>) -> tensor<4xi1> {
  %0 = aten.call "aten.lt.Tensor"(self: %x, other: %y) : (tensor<4xi32>, tensor<4xi64>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// float16 against float32 compares in float32 (no rounding to half); a
// 0-dim float64 of the same category does not widen a dimensioned tensor.
// CHECK-LABEL: func.func @eq_tensor_f16_f32
// CHECK-SAME: (%[[X:.+]]: tensor<4xf16>, %[[Y:.+]]: tensor<4xf32>, %[[Z:.+]]: tensor<f64>)
// CHECK: %[[W:.+]] = prim.convert %[[X]] : tensor<4xf16> -> tensor<4xf32>
// CHECK: prim.compare %[[W]], %[[Y]], predicate = eq : tensor<4xf32>
// CHECK: %[[Z16:.+]] = prim.convert %[[Z]] : tensor<f64> -> tensor<f16>
// CHECK: %[[ZB:.+]] = prim.broadcast_in_dim %[[Z16]]
// CHECK: prim.compare %[[X]], %[[ZB]], predicate = gt : tensor<4xf16>
func.func @eq_tensor_f16_f32(%x: tensor<4xf16>, %y: tensor<4xf32>, %z: tensor<f64>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = aten.call "aten.eq.Tensor"(self: %x, other: %y) : (tensor<4xf16>, tensor<4xf32>) -> tensor<4xi1>
  %1 = aten.call "aten.gt.Tensor"(self: %x, other: %z) : (tensor<4xf16>, tensor<f64>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// searchsorted with one sorted row per row of self and a sorter: the rows
// read through the sorter (take_along), each value against every entry of
// its own row ([2, 3, 5]), counted (right=True: at or below).
// CHECK-LABEL: func.func @searchsorted_rows_sorter
// CHECK-SAME: (%[[S:.+]]: tensor<2x5xf32>, %[[V:.+]]: tensor<2x3xf32>, %[[P:.+]]: tensor<2x5xi64>)
// CHECK: %[[SORTED:.+]] = prim.take_along %[[S]], %[[P]], dim = 1
// CHECK: %[[VB:.+]] = prim.broadcast_in_dim %[[V]], dims = [0, 1] : tensor<2x3xf32> -> tensor<2x3x5xf32>
// CHECK: %[[SB:.+]] = prim.broadcast_in_dim %[[SORTED]], dims = [0, 2] : tensor<2x5xf32> -> tensor<2x3x5xf32>
// CHECK: %[[AT:.+]] = prim.compare %[[VB]], %[[SB]], predicate = ge
// CHECK: %[[N:.+]] = prim.convert %[[AT]]
// CHECK: %[[R:.+]] = prim.reduce sum %[[N]], dims = [2] : tensor<2x3x5xi64> -> tensor<2x3xi64>
// CHECK: return %[[R]]
func.func @searchsorted_rows_sorter(%s: tensor<2x5xf32>, %v: tensor<2x3xf32>, %sorter: tensor<2x5xi64>) -> tensor<2x3xi64> {
  %0 = aten.call "aten.searchsorted.Tensor"(sorted_sequence: %s, self: %v, sorter: %sorter) {out_int32 = false, right = true} : (tensor<2x5xf32>, tensor<2x3xf32>, tensor<2x5xi64>) -> tensor<2x3xi64>
  return %0 : tensor<2x3xi64>
}
